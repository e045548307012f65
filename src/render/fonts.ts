// Board text must look the same on every host: boards are drawn with the font shipped in
// assets/fonts (canvas.ts registers it) and nothing else, so a machine with no fonts installed
// draws exactly like a developer's laptop.
import { existsSync } from 'node:fs';
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
