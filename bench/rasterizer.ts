// The same SVG boards rasterized two ways, side by side in one run:
//   sharp          svgToPng (librsvg + cairo + pango, zlib PNG): the bot's renderer
//   @napi-rs/canvas the SVG loaded as an Image (Skia's SVG module), drawn on a canvas of the
//                  same size, encoded as PNG; the project's fonts registered with GlobalFonts
// Per board: median and p95 wall time, PNG size, and how far the two images differ pixel by
// pixel. Both PNGs are written to bench/out/ to be looked at.
//
// What looking at them showed (@napi-rs/canvas 1.1.1, sharp 0.35 / librsvg): Skia's SVG module
// ignores `paint-order="stroke"`, so every haloed text (the numbers on Siege Master's armies,
// the dice values in Dice Realms) gets its dark halo painted over its white fill and reads as a
// dark smudge. The pixel difference is small in area (about 1-2 %) but falls exactly on those
// numbers. `haloedTexts` counts them per board.
//   npx tsx bench/rasterizer.ts [--runs 30]
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { GlobalFonts, createCanvas, loadImage } from '@napi-rs/canvas';
import { PROJECT_ROOT } from '../src/config/env.js';
import type { GameDefinition } from '../src/engine/contract.js';
import { games } from '../src/games/index.js';
import { FONT_FAMILY, FONTS_DIR } from '../src/render/fonts.js';
import { hasBoardRenderer, renderBoardSvg } from '../src/render/index.js';
import { pngSize, svgToPng } from '../src/render/rasterize.js';
import { siegeMasterViews } from '../test/render/fixtures/siegeMasterViews.js';
import { argValue, isMain, median, percentile, randomGame, round, type Log } from './common.js';

export type RasterizerSide = { medianMs: number; p95Ms: number; cpuMs: number; pngKB: number; file: string };
export type RasterizerRow = {
  board: string;
  width: number;
  height: number;
  sharp: RasterizerSide;
  canvas: RasterizerSide;
  /** canvas time / sharp time (median): below 1, canvas is faster. */
  speedRatio: number;
  /** Mean absolute difference per channel (0–255) between the two images. */
  meanDiff: number;
  /** Share of pixels where some channel differs by more than 32. */
  pixelsDifferingPct: number;
  /** Haloed text (fill over a stroke, `paint-order="stroke"`) on this board. */
  haloedTexts: number;
  /** Where sharp's time goes, for choosing a fix: the same pixels with zlib level 3 instead of the default (2; it was 6)… */
  sharpZlib3: RasterizerSide;
  /** …and the board with its text left out (text layout through pango is the costly part). */
  sharpWithoutTextCpuMs: number;
};

export const OUT_DIR = path.join(PROJECT_ROOT, 'bench', 'out');

let fontsRegistered = false;
function registerFonts(): void {
  if (fontsRegistered) return;
  for (const file of ['AtkinsonHyperlegible-Regular.ttf', 'AtkinsonHyperlegible-Bold.ttf']) {
    GlobalFonts.registerFromPath(path.join(FONTS_DIR, file), FONT_FAMILY);
  }
  fontsRegistered = true;
}

export async function canvasSvgToPng(svg: string): Promise<Buffer> {
  registerFonts();
  const image = await loadImage(Buffer.from(svg));
  const canvas = createCanvas(image.width, image.height);
  canvas.getContext('2d').drawImage(image, 0, 0);
  return canvas.encode('png');
}

/** A mid-game board of each game with a renderer, as SVG. */
export async function midGameBoards(): Promise<{ board: string; svg: string }[]> {
  const out: { board: string; svg: string }[] = [];
  for (const def of Object.values(games) as GameDefinition[]) {
    if (!hasBoardRenderer(def.id)) continue;
    // The first seeded random game long enough to be interesting, at half its length.
    let states = randomGame(def, `bench/rasterizer/${def.id}/0`);
    for (let i = 1; i < 10 && states.length < 40; i++) states = randomGame(def, `bench/rasterizer/${def.id}/${i}`);
    const mid = states[Math.floor((states.length - 1) / 2)];
    out.push({ board: `${def.id} mid`, svg: renderBoardSvg(def.id, def.view(mid)) });
  }
  if (!out.some((b) => b.board.startsWith('siege-master'))) {
    // Not registered yet: the render fixtures (engine play-outs where the engine exists, else
    // synthetic views) stand in, so the map board is compared all the same.
    const view = (await siegeMasterViews()).find((v) => v.stage === 'mid');
    if (view) out.push({ board: `siege-master mid (${view.map}, ${view.source})`, svg: renderBoardSvg('siege-master', view.view) });
  }
  return out;
}

async function timeIt(runs: number, f: () => Promise<Buffer>): Promise<{ ms: number[]; cpu: number[]; png: Buffer }> {
  let png = await f(); // warm-up
  const ms: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    png = await f();
    ms.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  return { ms, cpu, png };
}

async function pixels(png: Buffer): Promise<{ width: number; height: number; data: Uint8ClampedArray }> {
  const image = await loadImage(png);
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(image, 0, 0);
  return { width: image.width, height: image.height, data: ctx.getImageData(0, 0, image.width, image.height).data };
}

async function difference(a: Buffer, b: Buffer): Promise<{ meanDiff: number; pixelsDifferingPct: number }> {
  const ra = await pixels(a);
  const rb = await pixels(b);
  if (ra.width !== rb.width || ra.height !== rb.height) return { meanDiff: NaN, pixelsDifferingPct: NaN };
  let sum = 0;
  let differing = 0;
  for (let i = 0; i < ra.data.length; i += 4) {
    let worst = 0;
    for (let c = 0; c < 4; c++) {
      const d = Math.abs(ra.data[i + c]! - rb.data[i + c]!);
      sum += d;
      if (d > worst) worst = d;
    }
    if (worst > 32) differing++;
  }
  return { meanDiff: round(sum / ra.data.length, 2), pixelsDifferingPct: round((differing / (ra.data.length / 4)) * 100, 2) };
}

export async function benchRasterizers(opts: { runs?: number; log?: Log } = {}): Promise<RasterizerRow[]> {
  const runs = opts.runs ?? 30;
  mkdirSync(OUT_DIR, { recursive: true });
  const rows: RasterizerRow[] = [];
  for (const { board, svg } of await midGameBoards()) {
    const slug = board.replace(/[^a-z0-9]+/gi, '-').replace(/-+$/, '').toLowerCase();
    const s = await timeIt(runs, () => svgToPng(svg));
    const c = await timeIt(runs, () => canvasSvgToPng(svg));
    const z3 = await timeIt(runs, () => svgToPng(svg, { compressionLevel: 3 }));
    const noText = svg.replace(/<text[^>]*>[^<]*<\/text>/g, '');
    const nt = await timeIt(runs, () => svgToPng(noText));
    const files = { sharp: path.join(OUT_DIR, `${slug}.sharp.png`), canvas: path.join(OUT_DIR, `${slug}.canvas.png`) };
    writeFileSync(files.sharp, s.png);
    writeFileSync(files.canvas, c.png);
    const side = (x: typeof s, file: string): RasterizerSide => ({
      medianMs: round(median(x.ms)),
      p95Ms: round(percentile(x.ms, 0.95)),
      cpuMs: round(median(x.cpu)),
      pngKB: round(x.png.length / 1024),
      file: path.relative(PROJECT_ROOT, file),
    });
    const { width, height } = pngSize(s.png);
    const row: RasterizerRow = {
      board,
      width,
      height,
      sharp: side(s, files.sharp),
      canvas: side(c, files.canvas),
      speedRatio: round(median(c.ms) / median(s.ms), 2),
      ...(await difference(s.png, c.png)),
      haloedTexts: (svg.match(/paint-order="stroke"/g) ?? []).length,
      sharpZlib3: side(z3, files.sharp),
      sharpWithoutTextCpuMs: round(median(nt.cpu)),
    };
    rows.push(row);
    opts.log?.(
      `${board}: sharp ${row.sharp.medianMs} ms (cpu ${row.sharp.cpuMs}) ${row.sharp.pngKB} KB · canvas ${row.canvas.medianMs} ms (cpu ${row.canvas.cpuMs}) ${row.canvas.pngKB} KB · ` +
        `mean diff ${row.meanDiff}/255, ${row.pixelsDifferingPct}% pixels differ · sharp at zlib 3: cpu ${row.sharpZlib3.cpuMs} ms, ${row.sharpZlib3.pngKB} KB · ` +
        `without text: cpu ${row.sharpWithoutTextCpuMs} ms`,
    );
  }
  return rows;
}

if (isMain(import.meta.url)) {
  const rows = await benchRasterizers({ runs: Number(argValue(process.argv, '--runs') ?? 30), log: (l) => console.log(l) });
  console.log(JSON.stringify(rows, null, 2));
}
