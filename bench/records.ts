// Records benchmarks: the animated replay of a long game and the `/siege review` step.
//   npx tsx bench/records.ts [--games 8] [--runs 3]   (merges its keys into bench/results.json)
// For each game with a board renderer, the longest of `--games` seeded random games is "the long
// game". Keys (times in ms):
//   replay_ms.<game>, replay_kb.<game>, replay_frames.<game>, replay_positions.<game>, replay_encoder.<game>
//       the replay as a player's request has it made: the game's seed and standing moves sent to
//       the render pool's replay worker, which replays the game, draws the sampled positions and
//       encodes them (the smaller of animated WebP and GIF is kept); wall time, median of --runs
//   replay_loop_block_ms.<game>                 the longest the main thread's event loop stood still meanwhile
//   replay_loop_block_ms.<game>.idle            the same watch with nothing running (up to 15 s): the machine's own
//   replay_loop_delay_p99_ms.<game>             the loop's delay p99 during the replays
//   replay_main_cpu_ms.<game>                   main-thread CPU a replay costs (the watch's own ticks taken off)
//   replay_draw_ms.<game>                       drawing the frames alone, the part every encoder shares
//   replay_encode_ms.<encoder>.<game>, replay_encode_kb.<encoder>.<game>
//       the same frames encoded as animated WebP (libwebp, quality 80) and as GIF (gifenc)
//   review_step_ms_p50.<game>, review_step_ms_p99.<game>
//       one press of ▶ in /siege review: the position rebuilt by replay (cached per game version),
//       drawn in a render worker, and the message built (Discord's round trip not included)
import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { GameDefinition } from '../src/engine/contract.js';
import { Rng } from '../src/engine/rng.js';
import { games } from '../src/games/index.js';
import { ENCODERS, drawFrames, encodeAnimation } from '../src/render/animate.js';
import { hasBoardRenderer, renderBoardSvg } from '../src/render/index.js';
import { createRenderPool, type RenderPool } from '../src/render/pool.js';
import { sampleIndices } from '../src/render/replay.js';
import { reviewMessage } from '../src/discord/views/records.js';
import { reviewPosition } from '../src/services/records/history.js';
import type { GameSnapshot, SeatAssignment } from '../src/services/types.js';
import { HUMANS, argValue, isMain, median, percentile, randomMove, round, type Log } from './common.js';
import { mergeResults } from './results.js';

type Value = number | string;

type LongGame = { def: GameDefinition; seed: string; states: unknown[]; log: { seq: number; seat: number; move: unknown; notation: string; kind: string; createdAt: Date }[] };

/** The longest of `n` seeded random games (all seats played at random). */
export function longGame(def: GameDefinition, n: number): LongGame {
  let best: LongGame | null = null;
  for (let g = 0; g < n; g++) {
    const seed = `bench/records/${def.id}/${g}`;
    let state = def.setup(seed, HUMANS(def.seats.min), def.defaultOptions);
    const rng = Rng.fromSeed(`${seed}/moves`);
    const states = [state];
    const log: LongGame['log'] = [];
    for (let ply = 0; ply < 3000 && !def.outcome(state); ply++) {
      const next = randomMove(def, state, rng);
      if (!next) break;
      const notation = def.formatMove(state, next.seat, next.move);
      const played = def.play(state, next.seat, next.move);
      if (!played.ok) throw new Error(played.error.message);
      state = played.value.state;
      states.push(state);
      log.push({ seq: ply + 1, seat: next.seat, move: next.move, notation, kind: 'move', createdAt: new Date(0) });
    }
    if (!best || states.length > best.states.length) best = { def, seed, states, log };
  }
  return best!;
}

async function timed<T>(f: () => Promise<T>): Promise<[T, number]> {
  const t = performance.now();
  const v = await f();
  return [v, performance.now() - t];
}

export async function benchRecords(opts: { games?: number; runs?: number; log?: Log } = {}): Promise<Record<string, Value>> {
  const pool = createRenderPool({ size: 1 });
  try {
    return await recordsWith(pool, opts);
  } finally {
    await pool.close();
  }
}

/** CPU time of this process's main thread (Linux: its task's utime + stime, in clock ticks of 10 ms). */
function mainThreadCpuMs(): number {
  const fields = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function recordsWith(pool: RenderPool, opts: { games?: number; runs?: number; log?: Log }): Promise<Record<string, Value>> {
  const log = opts.log ?? (() => {});
  const out: Record<string, Value> = {};
  for (const def of Object.values(games) as GameDefinition[]) {
    if (!hasBoardRenderer(def.id)) continue;
    const game = longGame(def, opts.games ?? 8);
    const id = def.id;
    const viewer = def.seats.max === 1 ? 0 : undefined;
    const views = game.states.map((s) => def.view(s, viewer) as object);
    log(`${id}: the long game has ${views.length} positions (seed ${game.seed})`);
    const request = {
      gameType: id,
      seed: game.seed,
      seats: HUMANS(def.seats.min),
      options: def.defaultOptions,
      moves: game.log.map((m) => ({ seat: m.seat, move: m.move })),
      viewer,
      name: `replay-${id}`,
    };
    await pool.replay({ ...request, moves: request.moves.slice(0, 1) }); // the replay worker's start

    const totals: number[] = [];
    let replay = null;
    const loop = monitorEventLoopDelay({ resolution: 1 });
    const cpu0 = mainThreadCpuMs();
    loop.enable();
    for (let r = 0; r < (opts.runs ?? 3); r++) {
      const [v, ms] = await timed(() => pool.replay(request));
      replay = v;
      totals.push(ms);
    }
    loop.disable();
    const replayCpu = mainThreadCpuMs() - cpu0;
    // The same watch over as long with nothing running: what the machine itself (the VM's
    // scheduling, other work) does to the loop, apart from the replay.
    const wall = totals.reduce((a, b) => a + b, 0);
    const idle = monitorEventLoopDelay({ resolution: 1 });
    const idleCpu0 = mainThreadCpuMs();
    idle.enable();
    const idleWall = Math.min(wall, 15_000);
    await new Promise((r) => setTimeout(r, idleWall));
    idle.disable();
    const idleCpu = mainThreadCpuMs() - idleCpu0;
    out[`replay_loop_block_ms.${id}`] = round(loop.max / 1e6);
    out[`replay_loop_block_ms.${id}.idle`] = round(idle.max / 1e6);
    out[`replay_loop_delay_p99_ms.${id}`] = round(loop.percentile(99) / 1e6);
    // Main-thread CPU a replay costs: the watch's own timer ticks (the idle figure) taken off.
    out[`replay_main_cpu_ms.${id}`] = round(Math.max(0, replayCpu - (idleCpu * wall) / idleWall) / (opts.runs ?? 3));
    out[`replay_ms.${id}`] = round(median(totals));
    out[`replay_kb.${id}`] = round((replay?.data.length ?? 0) / 1024);
    out[`replay_frames.${id}`] = replay?.frames ?? 0;
    out[`replay_positions.${id}`] = views.length;
    out[`replay_encoder.${id}`] = replay?.encoder ?? '';
    log(`replay_ms.${id} ${out[`replay_ms.${id}`]} for ${replay?.frames} frames at ${replay?.width}×${replay?.height}, ${out[`replay_kb.${id}`]} KB ${replay?.encoder}; loop delay at most ${out[`replay_loop_block_ms.${id}`]} ms (${out[`replay_loop_block_ms.${id}.idle`]} ms idle), p99 ${out[`replay_loop_delay_p99_ms.${id}`]} ms; main thread ${out[`replay_main_cpu_ms.${id}`]} ms CPU a replay`);

    // Both encoders on the same frames, in this thread.
    const svgs = sampleIndices(views.length).map((k) => renderBoardSvg(id, views[k]!));
    const [frames, drawMs] = await timed(async () => drawFrames(svgs, replay?.width ?? 640));
    out[`replay_draw_ms.${id}`] = round(drawMs);
    const delays = svgs.map(() => 700);
    for (const encoder of ENCODERS) {
      const times: number[] = [];
      let bytes = 0;
      for (let r = 0; r < (opts.runs ?? 3); r++) {
        const [data, ms] = await timed(() => encodeAnimation(frames, delays, encoder));
        times.push(ms);
        bytes = data.length;
      }
      out[`replay_encode_ms.${encoder}.${id}`] = round(median(times));
      out[`replay_encode_kb.${encoder}.${id}`] = round(bytes / 1024);
      log(`  ${encoder}: ${round(median(times))} ms, ${round(bytes / 1024)} KB`);
    }

    // /siege review: step through every position (each ▶ press), the cache warm after the first.
    const snapshot: GameSnapshot = {
      id: 1, gameType: id, guildId: '1', channelId: '1', threadId: null, boardMessageId: null, boardVersion: null, status: 'FINISHED',
      seats: HUMANS(def.seats.min).map((_, k) => ({ kind: 'human', userId: String(k + 1) }) as SeatAssignment),
      options: def.defaultOptions, seed: game.seed, state: game.states.at(-1), version: game.log.length + 1000 * Math.random(), moveCount: game.log.length,
      outcome: def.outcome(game.states.at(-1)), toActUserIds: [], clockSeconds: null, turnStartedAt: null, deadlineAt: null,
      timedOutAt: null, watchToken: null, front: 'discord', createdAt: new Date(0), updatedAt: new Date(0),
    };
    const steps: number[] = [];
    for (let k = 0; k < Math.min(views.length, 200); k++) {
      const [, ms] = await timed(async () => {
        const position = reviewPosition(def, snapshot, game.log, Number.MAX_SAFE_INTEGER, k, viewer);
        return reviewMessage(def, snapshot, position, await pool.boardPng(id, position.view));
      });
      steps.push(ms);
    }
    out[`review_step_ms_p50.${id}`] = round(percentile(steps, 0.5));
    out[`review_step_ms_p99.${id}`] = round(percentile(steps, 0.99));
    log(`review step ${id}: p50 ${out[`review_step_ms_p50.${id}`]} ms, p99 ${out[`review_step_ms_p99.${id}`]} ms over ${steps.length} presses (the first replays the game)`);
  }
  return out;
}

if (isMain(import.meta.url)) {
  const keys = await benchRecords({
    games: Number(argValue(process.argv, '--games') ?? 8),
    runs: Number(argValue(process.argv, '--runs') ?? 3),
    log: (l) => console.log(l),
  });
  mergeResults(keys);
  console.table(keys);
}
