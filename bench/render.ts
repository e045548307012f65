// Board render timings of every game, as the bot draws them: the view's SVG built and drawn by the
// canvas painter (the board's base copied from the worker's cache), encoded by sharp, in a render
// worker. Per game, over its sample boards (Siege Master: every map in mid-game and at the end):
//   render_ms.<game>       median wall time of one board through the render pool, queue empty
//                          (the worker's part plus the hand-over to and from the main thread)
//   render_ms.<game>.p95
//   render_cpu_ms.<game>   median CPU time of the same board drawn in this thread, all threads
//                          counted (sharp encodes on libvips' own), base cached as in a worker
//   png_kb.<game>          the largest PNG
// Run by hand: `npx tsx bench/render.ts [--runs 30]`. The bench suite imports `benchRender`.
// Targets: render_ms ≤ 80 per board on a 2-core machine, PNG ≤ 700 KB.
import { cpus, loadavg } from 'node:os';
import { BOARD_SCALE, renderBoardPng } from '../src/render/index.js';
import { createRenderPool } from '../src/render/pool.js';
import { pngSize } from '../src/render/rasterize.js';
import { allGameSamples } from '../test/render/fixtures/allGames.js';
import { siegeMasterViews } from '../test/render/fixtures/siegeMasterViews.js';
import { argValue, isMain, percentile, round } from './common.js';

export type RenderBenchRow = {
  game: string;
  boards: number;
  runs: number;
  wallMs: { p50: number; p95: number };
  cpuMs: { p50: number; p95: number };
  pngKB: number;
  width: number;
  height: number;
};

export type RenderBenchResult = { rows: RenderBenchRow[]; scale: number; machine: { cpus: number; loadavg: number[] } };

const cpuNow = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};

/** The boards each game is measured on: its mid-game and finished samples. */
async function boardsByGame(): Promise<Map<string, object[]>> {
  const out = new Map<string, object[]>();
  for (const s of await allGameSamples()) {
    if (s.stage === 'start' || s.game === 'siege-master') continue;
    out.set(s.game, [...(out.get(s.game) ?? []), s.view]);
  }
  out.set('siege-master', (await siegeMasterViews()).filter((v) => v.source === 'engine' && v.stage !== 'empty').map((v) => v.view));
  return out;
}

export async function benchRender(opts: { runs?: number } = {}): Promise<RenderBenchResult> {
  const runs = opts.runs ?? 30;
  const pool = createRenderPool({ size: 1 });
  const rows: RenderBenchRow[] = [];
  try {
    for (const [game, views] of await boardsByGame()) {
      // Warm-up: the worker's start, the JIT, each board's base in both threads' caches.
      for (const view of views) {
        await pool.boardPng(game, view);
        await renderBoardPng(game, view);
      }
      const wall: number[] = [];
      const cpu: number[] = [];
      let largest: Buffer = Buffer.alloc(0);
      for (let r = 0; r < runs; r++) {
        for (const view of views) {
          const t = performance.now();
          const png = await pool.boardPng(game, view);
          wall.push(performance.now() - t);
          if (png.length > largest.length) largest = png;
          const c = cpuNow();
          await renderBoardPng(game, view);
          cpu.push(cpuNow() - c);
        }
      }
      const { width, height } = pngSize(largest);
      rows.push({
        game,
        boards: views.length,
        runs,
        wallMs: { p50: round(percentile(wall, 0.5)), p95: round(percentile(wall, 0.95)) },
        cpuMs: { p50: round(percentile(cpu, 0.5)), p95: round(percentile(cpu, 0.95)) },
        pngKB: round(largest.length / 1024),
        width,
        height,
      });
    }
  } finally {
    await pool.close();
  }
  return { rows, scale: BOARD_SCALE, machine: { cpus: cpus().length, loadavg: loadavg().map((v) => round(v, 2)) } };
}

/** The keys the bench suite writes. */
export function renderKeys(r: RenderBenchResult): Record<string, number> {
  const out: Record<string, number> = {};
  for (const row of r.rows) {
    out[`render_ms.${row.game}`] = row.wallMs.p50;
    out[`render_ms.${row.game}.p95`] = row.wallMs.p95;
    out[`render_cpu_ms.${row.game}`] = row.cpuMs.p50;
    out[`png_kb.${row.game}`] = row.pngKB;
  }
  return out;
}

if (isMain(import.meta.url)) {
  const r = await benchRender({ runs: Number(argValue(process.argv, '--runs') ?? 30) });
  console.log(`render bench: boards at scale ${r.scale}, ${r.rows[0]?.runs ?? 0} runs per board; ${r.machine.cpus} CPUs, load ${r.machine.loadavg.join(' ')}`);
  console.table(r.rows.map((x) => ({ game: x.game, boards: x.boards, 'worker p50': x.wallMs.p50, 'worker p95': x.wallMs.p95, 'cpu p50': x.cpuMs.p50, 'cpu p95': x.cpuMs.p95, KB: x.pngKB, size: `${x.width}x${x.height}` })));
  console.log(renderKeys(r));
}
