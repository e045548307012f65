// Probe: is the main thread's loop delay during a replay its own work, or waiting for a core?
import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { GameDefinition } from '../src/engine/contract.js';
import { games } from '../src/games/index.js';
import { createRenderPool } from '../src/render/pool.js';
import { HUMANS } from './common.js';
import { longGame } from './records.js';

const mainCpuMs = () => {
  const f = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(f[11]) + Number(f[12])) * 10;
};
const pool = createRenderPool({ size: 1 });
const id = process.argv[2] ?? 'two-deck-siege';
const def = (games as Record<string, GameDefinition>)[id]!;
const game = longGame(def, 8);
const viewer = def.seats.max === 1 ? 0 : undefined;
const request = { gameType: id, seed: game.seed, seats: HUMANS(def.seats.min), options: def.defaultOptions, moves: game.log.map((m) => ({ seat: m.seat, move: m.move })), viewer, name: 'p' };
await pool.replay({ ...request, moves: request.moves.slice(0, 1) });
async function phase(name: string, f: () => Promise<unknown>) {
  const h = monitorEventLoopDelay({ resolution: 1 });
  const c0 = mainCpuMs();
  const t0 = performance.now();
  h.enable();
  await f();
  h.disable();
  console.log(`${name}: ${(performance.now() - t0).toFixed(0)} ms wall, main thread CPU ${mainCpuMs() - c0} ms, loop delay max ${(h.max / 1e6).toFixed(1)} p99 ${(h.percentile(99) / 1e6).toFixed(1)} ms`);
}
await phase('idle 5 s', () => new Promise((r) => setTimeout(r, 5000)));
for (let k = 0; k < 3; k++) await phase('replay', () => pool.replay(request));
await phase('idle 5 s', () => new Promise((r) => setTimeout(r, 5000)));
await pool.close();
