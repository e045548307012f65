// Dice Realms AI benchmark: time per move at each level, and the win-rate matrix
// (hard vs random, normal vs easy, hard vs normal, hard vs easy), seats alternating.
//   npx tsx bench/ai-dice-realms.ts [--games 100] [--parallel 1] [--hard-vs-normal N] [--hard-vs-easy N]
// The first three pairings are bench/ai.ts's; hard vs easy is played here the same way, in the
// AI worker pool with each level's real time budget.
import { performance } from 'node:perf_hooks';
import type { AiLevel, Seat } from '../src/engine/contract.js';
import { aiSeed, levelBudget } from '../src/ai/index.js';
import { createAiPool } from '../src/ai/pool.js';
import game from '../src/games/dice-realms/index.js';
import { benchAi, type AiMatchup, type AiTiming } from './ai.js';

const GAME = 'dice-realms';

function argValue(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;

/** Two AI levels against each other in the worker pool, as bench/ai.ts plays its pairings. */
async function levelMatchup(a: AiLevel, b: AiLevel, count: number, parallel: number, log: (line: string) => void) {
  const pool = createAiPool({ size: parallel });
  const times: Record<AiLevel, number[]> = { easy: [], normal: [], hard: [] };
  const result: AiMatchup = { a, b, games: count, winsA: 0, winsB: 0, draws: 0, winRateA: 0 };
  let plies = 0;
  let next = 0;
  const playOne = async (index: number) => {
    const aSeat: Seat = index % 2;
    const players: AiLevel[] = aSeat === 0 ? [a, b] : [b, a];
    const seed = `bench/${GAME}/${a}-${b}/${index}`;
    let state = game.setup(seed, players.map((level) => ({ kind: 'ai', level })), game.defaultOptions);
    let ply = 0;
    for (; ply < 5000 && !game.outcome(state); ply++) {
      const seat = game.toAct(state)[0];
      if (seat === undefined) break;
      const level = players[seat]!;
      const started = performance.now();
      const move = await pool.chooseMove(GAME, state, seat, level, levelBudget(level, aiSeed(seed, ply)));
      times[level].push(performance.now() - started);
      const played = game.play(state, seat, move as never);
      if (!played.ok) throw new Error(`${level} played an illegal move: ${played.error.message}`);
      state = played.value.state;
    }
    plies += ply;
    const winners = game.outcome(state)?.winners ?? [];
    if (winners.length === 0) result.draws++;
    else if (winners.includes(aSeat)) result.winsA++;
    else result.winsB++;
  };
  try {
    await Promise.all(
      Array.from({ length: parallel }, async () => {
        while (next < count) await playOne(next++);
      }),
    );
  } finally {
    await pool.close();
  }
  result.winRateA = (result.winsA + result.draws / 2) / count;
  log(`ai_win.${GAME}.${a}_vs_${b} ${result.winRateA.toFixed(3)} (won ${result.winsA}, lost ${result.winsB}, drawn ${result.draws} of ${count}; ${(plies / Math.max(1, count)).toFixed(0)} moves a game)`);
  const timing: Partial<Record<AiLevel, AiTiming>> = {};
  for (const level of [a, b]) {
    const sorted = times[level].slice().sort((x, y) => x - y);
    if (sorted.length === 0) continue;
    timing[level] = { moves: sorted.length, medianMs: percentile(sorted, 0.5), p95Ms: percentile(sorted, 0.95), maxMs: sorted.at(-1)! };
  }
  return { result, timing };
}

const args = process.argv.slice(2);
const games = Number(argValue(args, '--games') ?? 100);
const parallel = Number(argValue(args, '--parallel') ?? 1);
const hardVsNormal = Number(argValue(args, '--hard-vs-normal') ?? games);
const hardVsEasy = Number(argValue(args, '--hard-vs-easy') ?? games);
const log = (line: string) => console.log(line);
const started = performance.now();

const main = await benchAi(GAME, { games, gamesPer: { hard_vs_normal: hardVsNormal }, parallel, log });
const extra = await levelMatchup('hard', 'easy', hardVsEasy, parallel, log);
for (const [level, t] of Object.entries(extra.timing)) {
  log(`ai_ms.${GAME}.${level} (hard vs easy) median=${t.medianMs.toFixed(1)} p95=${t.p95Ms.toFixed(1)} max=${t.maxMs.toFixed(1)} (${t.moves} moves)`);
}

console.log('\nwin-rate matrix (row player against column player):');
const matchups = [...main.matchups, extra.result];
for (const m of matchups) {
  console.log(`  ${m.a.padEnd(6)} vs ${m.b.padEnd(6)} ${(100 * m.winRateA).toFixed(1).padStart(5)}%  (${m.winsA}-${m.winsB}${m.draws ? `-${m.draws}` : ''} of ${m.games})`);
}
console.log(`done in ${((performance.now() - started) / 1000).toFixed(0)} s`);
