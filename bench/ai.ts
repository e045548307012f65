// AI benchmark: time per move at each level, and the win-rate matrix between levels.
//   npx tsx bench/ai.ts [--game siege-master] [--games 100] [--parallel 1] [--options '{"map":"hex"}']
// Games run in the AI worker pool with each level's real time budget; seats alternate.
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import type { AiLevel, GameDefinition, Seat, SeatSpec } from '../src/engine/contract.js';
import { Rng } from '../src/engine/rng.js';
import { aiSeed, levelBudget } from '../src/ai/index.js';
import { createAiPool } from '../src/ai/pool.js';

type Player = AiLevel | 'random';

export type AiTiming = { moves: number; medianMs: number; p95Ms: number; maxMs: number };
export type AiMatchup = { a: Player; b: Player; games: number; winsA: number; winsB: number; draws: number; winRateA: number };
export type AiBenchResult = { gameId: string; timing: Partial<Record<AiLevel, AiTiming>>; matchups: AiMatchup[] };

export interface AiBenchOptions {
  /** Games per pairing (hard vs random; normal vs easy; hard vs normal). Default 100. */
  games?: number;
  /** Pairings of their own size, e.g. fewer for the slow hard vs normal. */
  gamesPer?: Partial<Record<string, number>>;
  /** Games played at once, one worker each. Default 1 (a 2-core machine). */
  parallel?: number;
  /** Game options, e.g. a map. */
  options?: Record<string, unknown>;
  log?: (line: string) => void;
}

const PAIRINGS: [Player, Player][] = [
  ['hard', 'random'],
  ['normal', 'easy'],
  ['hard', 'normal'],
];

async function loadGame(gameId: string): Promise<GameDefinition> {
  try {
    const { games } = (await import('../src/games/index.js')) as { games: Record<string, GameDefinition> };
    if (games[gameId]) return games[gameId]!;
  } catch {
    // The registry may not load while another game is unfinished; try the game's own module.
  }
  const mod = (await import(`../src/games/${gameId}/index.js`)) as { default: GameDefinition };
  return mod.default;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;

export async function benchAi(gameId = 'siege-master', opts: AiBenchOptions = {}): Promise<AiBenchResult> {
  const game = await loadGame(gameId);
  const games = opts.games ?? 100;
  const parallel = Math.max(1, opts.parallel ?? 1);
  const log = opts.log ?? (() => {});
  const options = game.parseOptions(opts.options ?? {});
  if (!options.ok) throw new Error(options.error.message);
  const pool = createAiPool({ size: parallel });
  // Time the moves, not the workers starting.
  await pool.ready();
  const times: Record<AiLevel, number[]> = { easy: [], normal: [], hard: [] };

  async function playOne(a: Player, b: Player, index: number): Promise<Seat[] | 'draw'> {
    const aSeat: Seat = index % 2;
    const players: Player[] = aSeat === 0 ? [a, b] : [b, a];
    const seed = `bench/${gameId}/${a}-${b}/${index}`;
    const seats: SeatSpec[] = players.map((p) => (p === 'random' ? { kind: 'human' } : { kind: 'ai', level: p }));
    let state = game.setup(seed, seats, options.ok ? options.value : game.defaultOptions);
    const rng = Rng.fromSeed(`${seed}/random`);
    for (let ply = 0; ply < 5000 && !game.outcome(state); ply++) {
      const seat = game.toAct(state)[0];
      if (seat === undefined) break;
      const player = players[seat]!;
      let move: unknown;
      if (player === 'random') {
        move = rng.pick(game.legalMoves(state, seat));
      } else {
        const started = performance.now();
        move = await pool.chooseMove(gameId, state, seat, player, levelBudget(player, aiSeed(seed, ply)));
        times[player].push(performance.now() - started);
      }
      const played = game.play(state, seat, move);
      if (!played.ok) throw new Error(`${player} played an illegal move: ${played.error.message}`);
      state = played.value.state;
    }
    const outcome = game.outcome(state);
    if (!outcome || outcome.draw || outcome.winners.length === 0) return 'draw';
    return outcome.winners.map((w) => (w === aSeat ? 0 : 1));
  }

  async function matchup(a: Player, b: Player, count: number): Promise<AiMatchup> {
    const result: AiMatchup = { a, b, games: count, winsA: 0, winsB: 0, draws: 0, winRateA: 0 };
    let next = 0;
    const runner = async () => {
      while (next < count) {
        const index = next++;
        const winners = await playOne(a, b, index);
        if (winners === 'draw') result.draws++;
        else if (winners.includes(0)) result.winsA++;
        else result.winsB++;
        const done = result.winsA + result.winsB + result.draws;
        if (done % 10 === 0 && done < count) log(`  ${a} vs ${b}: ${done}/${count} played, ${a} won ${result.winsA}`);
      }
    };
    await Promise.all(Array.from({ length: parallel }, runner));
    result.winRateA = (result.winsA + result.draws / 2) / count;
    log(`ai_win.${gameId}.${a}_vs_${b} ${result.winRateA.toFixed(3)} (won ${result.winsA}, lost ${result.winsB}, drawn ${result.draws} of ${count})`);
    return result;
  }

  try {
    const matchups: AiMatchup[] = [];
    for (const [a, b] of PAIRINGS) matchups.push(await matchup(a, b, opts.gamesPer?.[`${a}_vs_${b}`] ?? games));
    const timing: AiBenchResult['timing'] = {};
    for (const level of ['easy', 'normal', 'hard'] as const) {
      const sorted = times[level].slice().sort((x, y) => x - y);
      if (sorted.length === 0) continue;
      timing[level] = { moves: sorted.length, medianMs: percentile(sorted, 0.5), p95Ms: percentile(sorted, 0.95), maxMs: sorted.at(-1)! };
      const t = timing[level]!;
      log(`ai_ms.${gameId}.${level} median=${t.medianMs.toFixed(1)} p95=${t.p95Ms.toFixed(1)} max=${t.maxMs.toFixed(1)} (${t.moves} moves)`);
    }
    return { gameId, timing, matchups };
  } finally {
    await pool.close();
  }
}

function argValue(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const gameId = argValue(args, '--game') ?? 'siege-master';
  const games = Number(argValue(args, '--games') ?? 100);
  const parallel = Number(argValue(args, '--parallel') ?? 1);
  const raw = argValue(args, '--options');
  const gamesPer: Record<string, number> = {};
  for (const [a, b] of PAIRINGS) {
    const n = argValue(args, `--${a}-vs-${b}`);
    if (n) gamesPer[`${a}_vs_${b}`] = Number(n);
  }
  const started = performance.now();
  await benchAi(gameId, { games, gamesPer, parallel, options: raw ? JSON.parse(raw) : undefined, log: (line) => console.log(line) });
  console.log(`done in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}
