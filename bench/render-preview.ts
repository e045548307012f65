// Siege Master placement preview timings: SVG build plus rasterize and PNG encode of the candidate
// armies from a start cell, over positions where a placement takes two steps (test fixtures).
// Run by hand: `npx tsx bench/render-preview.ts [runs]`. Targets: ≤ 40 ms, PNG ≤ 100 KB.
import { pathToFileURL } from 'node:url';
import { renderPreviewSvg } from '../src/render/index.js';
import { svgToPng } from '../src/render/index.js';
import { pngSize } from '../src/render/rasterize.js';
import { previewSamples } from '../test/render/fixtures/siegeMasterPreviews.js';

export type PreviewBenchFigures = {
  /** Median SVG + PNG time of one preview, ms. */
  'render_ms.siege-master.preview': number;
  /** Largest preview PNG, KB. */
  'png_kb.siege-master.preview': number;
};

export type PreviewBenchDetails = {
  runs: number;
  svgMs: { median: number; p95: number };
  totalMs: { median: number; p95: number };
  pngKB: { median: number; max: number };
  width: number;
  height: number;
  targets: { totalMs: number; pngKB: number };
};

const round = (v: number) => Math.round(v * 10) / 10;

function figures(samples: number[]): { median: number; p95: number } {
  const s = [...samples].sort((a, b) => a - b);
  const at = (f: number) => s[Math.min(s.length - 1, Math.max(0, Math.ceil(f * s.length) - 1))] ?? 0;
  return { median: round(at(0.5)), p95: round(at(0.95)) };
}

/** Renders the sample previews in turn (palettes alternating) `runs` times in all. */
export async function benchPreviewDetails(opts: { runs?: number } = {}): Promise<PreviewBenchDetails> {
  const runs = opts.runs ?? 40;
  const samples = previewSamples();
  // Warm-up: fontconfig, librsvg and the JIT start once per process, not once per image.
  for (const s of samples) await svgToPng(renderPreviewSvg('siege-master', s.view, s.candidates));
  const svgT: number[] = [];
  const totT: number[] = [];
  const kb: number[] = [];
  let size = { width: 0, height: 0 };
  for (let i = 0; i < runs; i++) {
    const s = samples[i % samples.length]!;
    const palette = Math.floor(i / samples.length) % 2 === 0 ? 'standard' : 'colourblind';
    const t0 = performance.now();
    const svg = renderPreviewSvg('siege-master', s.view, s.candidates, { palette, players: ['alice', 'bob'] });
    const t1 = performance.now();
    const png = await svgToPng(svg);
    const t2 = performance.now();
    svgT.push(t1 - t0);
    totT.push(t2 - t0);
    kb.push(png.length / 1024);
    size = pngSize(png);
  }
  return {
    runs,
    svgMs: figures(svgT),
    totalMs: figures(totT),
    pngKB: { median: figures(kb).median, max: round(Math.max(...kb)) },
    width: size.width,
    height: size.height,
    targets: { totalMs: 40, pngKB: 100 },
  };
}

/** The figures bench/run.ts records: median render time and largest PNG of a preview. */
export async function benchPreview(opts: { runs?: number } = {}): Promise<PreviewBenchFigures> {
  const d = await benchPreviewDetails(opts);
  return { 'render_ms.siege-master.preview': d.totalMs.median, 'png_kb.siege-master.preview': d.pngKB.max };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const d = await benchPreviewDetails({ runs: Number(process.argv[2]) || 40 });
  console.log(`siege-master preview: ${d.runs} renders of ${d.width}x${d.height} images (palettes alternate)`);
  console.log(`svg build      median ${d.svgMs.median} ms, p95 ${d.svgMs.p95} ms`);
  console.log(`svg + png      median ${d.totalMs.median} ms, p95 ${d.totalMs.p95} ms (target ≤ ${d.targets.totalMs})`);
  console.log(`png size       median ${d.pngKB.median} KB, max ${d.pngKB.max} KB (target ≤ ${d.targets.pngKB})`);
}
