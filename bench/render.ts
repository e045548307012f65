// Board render timings: SVG build, rasterize + PNG encode, and the total, per map, with the PNG
// size. Beside it, the CPU of the same boards encoded at zlib level 6, the level used before,
// measured in the same run. Run by hand: `npx tsx bench/render.ts [runs]`. The bench suite imports `benchRender`.
// Targets: total ≤ 80 ms per board on a 2-core machine, PNG ≤ 700 KB.
import { cpus, loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { pngSize, rasterizerVersions, svgToPng } from '../src/render/rasterize.js';
import { renderSiegeMasterBoard } from '../src/render/siege-master/board.js';
import { siegeMasterViews } from '../test/render/fixtures/siegeMasterViews.js';

/** `min` is the best case, the nearest a busy machine gets to an idle one. */
export type Stat = { min: number; median: number; p95: number };
export type RenderBenchRow = {
  game: string;
  board: string;
  source: 'engine' | 'synthetic';
  runs: number;
  svgMs: Stat;
  pngMs: Stat;
  totalMs: Stat;
  /** CPU time of the whole render (all threads), less sensitive than wall time to a busy machine. */
  cpuMs: Stat;
  /** CPU time of the same rasterize and encode at zlib level 6 (the level used before), without the SVG build. */
  beforeZlib6CpuMs: Stat;
  pngKB: number;
  width: number;
  height: number;
};
export type RenderBenchResult = {
  rows: RenderBenchRow[];
  worst: { totalMedianMs: number; totalP95Ms: number; pngKB: number };
  targets: { totalMs: number; pngKB: number };
  machine: { cpus: number; loadavg: number[] };
  versions: Record<string, string | undefined>;
};

function stat(samples: number[]): Stat {
  const s = [...samples].sort((a, b) => a - b);
  const at = (f: number) => s[Math.min(s.length - 1, Math.max(0, Math.ceil(f * s.length) - 1))] ?? 0;
  return { min: round(s[0] ?? 0), median: round(at(0.5)), p95: round(at(0.95)) };
}

function round(v: number): number {
  return Math.round(v * 10) / 10;
}

export async function benchRender(opts: { runs?: number; stages?: ('empty' | 'mid' | 'over')[] } = {}): Promise<RenderBenchResult> {
  const runs = opts.runs ?? 30;
  const stages = new Set(opts.stages ?? ['mid', 'over']);
  const views = (await siegeMasterViews()).filter((v) => stages.has(v.stage));
  // Warm-up: fontconfig, librsvg and the JIT start once per process, not once per board.
  for (const v of views.slice(0, 2)) await svgToPng(renderSiegeMasterBoard(v.view, {}));

  const rows: RenderBenchRow[] = [];
  for (const v of views) {
    const svgT: number[] = [];
    const pngT: number[] = [];
    const totT: number[] = [];
    const cpuT: number[] = [];
    const oldCpuT: number[] = [];
    let png: Buffer = Buffer.alloc(0);
    for (let i = 0; i < runs; i++) {
      const palette = i % 2 === 0 ? 'standard' : 'colourblind';
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      const svg = renderSiegeMasterBoard(v.view, { palette });
      const t1 = performance.now();
      const out = await svgToPng(svg);
      const t2 = performance.now();
      const c = process.cpuUsage(c0);
      if (palette === 'standard') png = out;
      svgT.push(t1 - t0);
      pngT.push(t2 - t1);
      totT.push(t2 - t0);
      cpuT.push((c.user + c.system) / 1000);
      const o0 = process.cpuUsage();
      await svgToPng(svg, { compressionLevel: 6 });
      const o = process.cpuUsage(o0);
      oldCpuT.push((o.user + o.system) / 1000);
    }
    const { width, height } = pngSize(png);
    rows.push({
      game: 'siege-master',
      board: v.name,
      source: v.source,
      runs,
      svgMs: stat(svgT),
      pngMs: stat(pngT),
      totalMs: stat(totT),
      cpuMs: stat(cpuT),
      beforeZlib6CpuMs: stat(oldCpuT),
      pngKB: round(png.length / 1024),
      width,
      height,
    });
  }
  return {
    rows,
    worst: {
      totalMedianMs: Math.max(...rows.map((r) => r.totalMs.median)),
      totalP95Ms: Math.max(...rows.map((r) => r.totalMs.p95)),
      pngKB: Math.max(...rows.map((r) => r.pngKB)),
    },
    targets: { totalMs: 80, pngKB: 700 },
    machine: { cpus: cpus().length, loadavg: loadavg().map(round) },
    versions: rasterizerVersions(),
  };
}

function printTable(r: RenderBenchResult): void {
  const head = ['board', 'svg med', 'svg p95', 'png med', 'png p95', 'total min', 'total med', 'total p95', 'cpu med', 'before: cpu', 'KB', 'size'];
  const lines = r.rows.map((x) => [
    `${x.board}${x.source === 'synthetic' ? '*' : ''}`,
    x.svgMs.median,
    x.svgMs.p95,
    x.pngMs.median,
    x.pngMs.p95,
    x.totalMs.min,
    x.totalMs.median,
    x.totalMs.p95,
    x.cpuMs.median,
    x.beforeZlib6CpuMs.median,
    x.pngKB,
    `${x.width}x${x.height}`,
  ].map(String));
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const fmt = (cols: string[]) => cols.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(`render bench: ${r.rows[0]?.runs ?? 0} renders per board (palettes alternate), times in ms`);
  console.log(fmt(head));
  for (const l of lines) console.log(fmt(l));
  if (r.rows.some((x) => x.source === 'synthetic')) console.log('* synthetic view (no engine)');
  console.log(
    `worst: total median ${r.worst.totalMedianMs} ms, p95 ${r.worst.totalP95Ms} ms (target ≤ ${r.targets.totalMs}); ` +
      `PNG ${r.worst.pngKB} KB (target ≤ ${r.targets.pngKB})`,
  );
  console.log(`machine: ${r.machine.cpus} CPUs, load average ${r.machine.loadavg.join(' ')}; ${JSON.stringify(r.versions)}`);
  if ((r.machine.loadavg[0] ?? 0) > r.machine.cpus) {
    console.log('the machine is busy: wall times include waiting for a CPU; cpu med and total min are closer to an idle run');
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const runs = Number(process.argv[2]) || 30;
  printTable(await benchRender({ runs }));
}
