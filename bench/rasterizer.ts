// The same boards drawn four ways, side by side in one run, CPU time per board (all threads):
//   librsvg     the SVG rasterized by sharp (librsvg + cairo + pango), PNG at zlib 2: the bot's
//               renderer before boards moved to the canvas painter (the cost 1.00)
//   canvas      the canvas painter (canvas.ts) drawing every element, PNG by sharp at zlib 2
//   cached      the same, the board's base copied from the painter's cache, as a render worker does
//   scaled      cached, at BOARD_SCALE: what the bot posts
// Keys: raster_cpu_ms.<way>.<game> and raster_ratio.<way>.<game> (against librsvg). The PNGs of
// the first board of each game are written to bench/out/ to be looked at.
//   npx tsx bench/rasterizer.ts [--runs 20]
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { PROJECT_ROOT } from '../src/config/env.js';
import { BOARD_SCALE, renderBoardSvg, svgToPng } from '../src/render/index.js';
import { allGameSamples } from '../test/render/fixtures/allGames.js';
import { argValue, isMain, median, round, type Log } from './common.js';

const WAYS = ['librsvg', 'canvas', 'cached', 'scaled'] as const;
type Way = (typeof WAYS)[number];
export type RasterizerRow = { game: string; boards: number; cpuMs: Record<Way, number>; ratio: Record<Way, number> };

const cpuNow = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};

// The fonts librsvg finds through fontconfig: the shipped ones, as the bot configured them before.
function librsvgFonts(): void {
  const dir = path.join(PROJECT_ROOT, 'bench', 'out');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'fonts.conf');
  writeFileSync(file, `<?xml version="1.0"?><fontconfig><dir>${path.join(PROJECT_ROOT, 'assets', 'fonts')}</dir><cachedir>${path.join(dir, 'fontcache')}</cachedir></fontconfig>\n`);
  process.env.FONTCONFIG_FILE = file;
}

const draw: Record<Way, (svg: string) => Promise<Buffer>> = {
  librsvg: (svg) => sharp(Buffer.from(svg)).png({ compressionLevel: 2, adaptiveFiltering: false }).toBuffer(),
  canvas: (svg) => svgToPng(svg, { scale: 1, noCache: true }),
  cached: (svg) => svgToPng(svg, { scale: 1 }),
  scaled: (svg) => svgToPng(svg, { scale: BOARD_SCALE }),
};

export async function benchRasterizers(opts: { runs?: number; log?: Log } = {}): Promise<RasterizerRow[]> {
  librsvgFonts();
  sharp.cache(false);
  const runs = opts.runs ?? 20;
  const byGame = new Map<string, string[]>();
  for (const s of await allGameSamples()) {
    if (s.stage === 'start') continue;
    byGame.set(s.game, [...(byGame.get(s.game) ?? []), renderBoardSvg(s.game, s.view)]);
  }
  const out = path.join(PROJECT_ROOT, 'bench', 'out');
  const rows: RasterizerRow[] = [];
  for (const [game, svgs] of byGame) {
    const cpuMs = {} as Record<Way, number>;
    for (const way of WAYS) {
      for (const svg of svgs) await draw[way](svg); // warm-up, and the base in the cache
      writeFileSync(path.join(out, `${game}.${way}.png`), await draw[way](svgs[0]!));
      const samples: number[] = [];
      for (let r = 0; r < runs; r++) {
        for (const svg of svgs) {
          const c = cpuNow();
          await draw[way](svg);
          samples.push(cpuNow() - c);
        }
      }
      cpuMs[way] = round(median(samples));
    }
    const ratio = Object.fromEntries(WAYS.map((w) => [w, round(cpuMs[w] / cpuMs.librsvg, 2)])) as Record<Way, number>;
    rows.push({ game, boards: svgs.length, cpuMs, ratio });
    opts.log?.(`${game}: ${WAYS.map((w) => `${w} ${cpuMs[w]} ms (${ratio[w]})`).join(', ')}`);
  }
  return rows;
}

export function rasterizerKeys(rows: RasterizerRow[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of rows) {
    for (const w of WAYS) {
      out[`raster_cpu_ms.${w}.${r.game}`] = r.cpuMs[w];
      if (w !== 'librsvg') out[`raster_ratio.${w}.${r.game}`] = r.ratio[w];
    }
  }
  return out;
}

if (isMain(import.meta.url)) {
  const rows = await benchRasterizers({ runs: Number(argValue(process.argv, '--runs') ?? 20), log: console.log });
  console.log(rasterizerKeys(rows));
}
