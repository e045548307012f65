// Board text must look the same on every host, so fontconfig is pointed at the fonts shipped in
// assets/fonts and at nothing else: a machine with no fonts installed renders exactly like a
// developer's laptop. Importing this module has no side effects; fontEnv.ts applies it.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The family every renderer names in SVG `font-family`. Regular (400) and bold (700) ship. */
export const FONT_FAMILY = 'Atkinson Hyperlegible';

// The code points both shipped styles cover, as `fc-query --format '%{charset}'` prints them.
// Text outside this set would render as empty boxes, so svg.ts leaves it out.
const FONT_CHARSET =
  '20-7e a0-107 10a-113 116-11b 11e-123 126-127 12a-12b 12e-12f 131 136-137 13b-13e 141-148 150-155 ' +
  '158-15b 15e-165 16a-16b 16e-173 178-17e 192 218-21b 2c6-2c7 2d8-2dd 300-304 306-308 30a-30c 326-328 ' +
  '394 3a9 3bc 3c0 2013-2014 2018-201a 201c-201e 2020-2022 2026 2030 2039-203a 2044 2074 20ac 2113 2122 ' +
  '212e 2202 220f 2211-2212 2215 2219-221a 221e 222b 2248 2260 2264-2265 25ca';

const coverage: [number, number][] = FONT_CHARSET.split(' ').map((range) => {
  const [a, b] = range.split('-');
  return [parseInt(a!, 16), parseInt(b ?? a!, 16)];
});

export function fontCovers(codePoint: number): boolean {
  return coverage.some(([a, b]) => codePoint >= a && codePoint <= b);
}

const here = dirname(fileURLToPath(import.meta.url));

/** The project root, found from this file rather than the working directory. */
export function projectRoot(): string {
  let dir = here;
  for (;;) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'assets'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) return resolve(here, '..', '..');
    dir = parent;
  }
}

export const FONTS_DIR = join(projectRoot(), 'assets', 'fonts');

function xmlPath(p: string): string {
  return p.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The fontconfig file that lists only the shipped fonts. */
export function fontconfigXml(fontsDir: string, cacheDir: string): string {
  return `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<fontconfig>
  <dir>${xmlPath(fontsDir)}</dir>
  <cachedir>${xmlPath(cacheDir)}</cachedir>
  <config><rescan><int>0</int></rescan></config>
</fontconfig>
`;
}

let configured: string | null = null;

/**
 * Writes the fontconfig file (once per process, into the temp directory, keyed by the fonts
 * folder so that two checkouts never share one) and points FONTCONFIG_FILE at it.
 * Returns the path of the file.
 */
export function configureFonts(): string {
  if (configured) return configured;
  const key = createHash('sha1').update(FONTS_DIR).digest('hex').slice(0, 12);
  const dir = join(tmpdir(), `siege-fontconfig-${key}`);
  const file = join(dir, 'fonts.conf');
  const xml = fontconfigXml(FONTS_DIR, join(dir, 'cache'));
  mkdirSync(dir, { recursive: true });
  let current: string | null = null;
  try {
    current = readFileSync(file, 'utf8');
  } catch {
    current = null;
  }
  if (current !== xml) {
    // Several test workers may start at once: write aside, then rename atomically.
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, xml);
    renameSync(tmp, file);
  }
  process.env.FONTCONFIG_FILE = file;
  delete process.env.FONTCONFIG_PATH;
  // On macOS pango would otherwise ask CoreText, which ignores fontconfig.
  process.env.PANGOCAIRO_BACKEND = 'fontconfig';
  configured = file;
  return file;
}
