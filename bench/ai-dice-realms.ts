// Dice Realms AI benchmark: time per move at each level, and the win-rate matrix
// (normal vs easy, hard vs easy, hard vs normal, hard vs random), seats alternating.
//   npx tsx bench/ai-dice-realms.ts [--games 50] [--hard-vs-random 100] [--hard-vs-easy N]
//       [--normal-vs-easy N] [--hard-vs-normal N] [--parallel 1] [--no-write]
// Games run in the AI worker pool with each level's real time budget, as bench/ai.ts plays them.
// After each pairing the keys are merged into bench/results.json (the other keys are kept), in
// bench/run.ts's shape: ai_ms.dice-realms.<level>.median / .p95 over every move timed so far,
// ai_winrate.dice-realms.<a>_vs_<b>, and ai_winrate.dice-realms.games (games per pairing).
import { performance } from 'node:perf_hooks';
import type { AiLevel, Seat, SeatSpec } from '../src/engine/contract.js';
import { Rng } from '../src/engine/rng.js';
import { aiSeed, levelBudget } from '../src/ai/index.js';
import { createAiPool } from '../src/ai/pool.js';
import game from '../src/games/dice-realms/index.js';
import type { AiMatchup } from './ai.js';
import { mergeResults } from './results.js';

const GAME = 'dice-realms';
type Player = AiLevel | 'random';

// The quicker pairings first, and hard vs random last: it is the one least likely to change.
const PAIRINGS: [Player, Player][] = [
  ['normal', 'easy'],
  ['hard', 'easy'],
  ['hard', 'normal'],
  ['hard', 'random'],
];

function argValue(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
const round = (v: number, digits = 1) => Math.round(v * 10 ** digits) / 10 ** digits;

const args = process.argv.slice(2);
const games = Number(argValue(args, '--games') ?? 50);
const parallel = Math.max(1, Number(argValue(args, '--parallel') ?? 1));
const write = !args.includes('--no-write');
const counts = new Map<string, number>();
for (const [a, b] of PAIRINGS) {
  const n = argValue(args, `--${a}-vs-${b}`);
  counts.set(`${a}_vs_${b}`, n !== undefined ? Number(n) : a === 'hard' && b === 'random' ? Math.max(games, 100) : games);
}
const log = (line: string) => console.log(line);

const times: Record<AiLevel, number[]> = { easy: [], normal: [], hard: [] };
const matchups: AiMatchup[] = [];
// A move is timed here, not cut short: on a machine busy with other work a hard move can take
// well over three times its budget, and the pool's usual timeout would end a half-hour run.
const pool = createAiPool({ size: parallel, timeoutFactor: 15 });

async function playOne(a: Player, b: Player, index: number): Promise<{ winner: 'a' | 'b' | 'draw'; plies: number }> {
  const aSeat: Seat = index % 2;
  const players: Player[] = aSeat === 0 ? [a, b] : [b, a];
  const seed = `bench/${GAME}/${a}-${b}/${index}`;
  const seats: SeatSpec[] = players.map((p) => (p === 'random' ? { kind: 'human' } : { kind: 'ai', level: p }));
  let state = game.setup(seed, seats, game.defaultOptions);
  const rng = Rng.fromSeed(`${seed}/random`);
  let ply = 0;
  for (; ply < 5000 && !game.outcome(state); ply++) {
    const seat = game.toAct(state)[0];
    if (seat === undefined) break;
    const player = players[seat]!;
    let move: unknown;
    if (player === 'random') {
      move = rng.pick(game.legalMoves(state, seat));
    } else {
      const started = performance.now();
      move = await pool.chooseMove(GAME, state, seat, player, levelBudget(player, aiSeed(seed, ply)));
      times[player].push(performance.now() - started);
    }
    const played = game.play(state, seat, move as never);
    if (!played.ok) throw new Error(`${player} played an illegal move: ${played.error.message}`);
    state = played.value.state;
  }
  const winners = game.outcome(state)?.winners ?? [];
  return { winner: winners.length === 0 ? 'draw' : winners.includes(aSeat) ? 'a' : 'b', plies: ply };
}

async function matchup(a: Player, b: Player, count: number): Promise<AiMatchup> {
  const result: AiMatchup = { a, b, games: count, winsA: 0, winsB: 0, draws: 0, winRateA: 0 };
  let next = 0;
  let plies = 0;
  const runner = async () => {
    while (next < count) {
      const r = await playOne(a, b, next++);
      plies += r.plies;
      if (r.winner === 'draw') result.draws++;
      else if (r.winner === 'a') result.winsA++;
      else result.winsB++;
      const done = result.winsA + result.winsB + result.draws;
      if (done % 10 === 0 && done < count) log(`  ${a} vs ${b}: ${done}/${count} played, ${a} won ${result.winsA}`);
    }
  };
  await Promise.all(Array.from({ length: parallel }, runner));
  result.winRateA = count > 0 ? (result.winsA + result.draws / 2) / count : 0;
  log(`ai_win.${GAME}.${a}_vs_${b} ${result.winRateA.toFixed(3)} (won ${result.winsA}, lost ${result.winsB}, drawn ${result.draws} of ${count}; ${(plies / Math.max(1, count)).toFixed(0)} moves a game)`);
  return result;
}

/** Merges this benchmark's keys into bench/results.json, keeping every other key. */
function save(): void {
  const keys: Record<string, number | string> = {};
  for (const level of ['easy', 'normal', 'hard'] as const) {
    const sorted = times[level].slice().sort((x, y) => x - y);
    if (sorted.length === 0) continue;
    keys[`ai_ms.${GAME}.${level}.median`] = round(percentile(sorted, 0.5));
    keys[`ai_ms.${GAME}.${level}.p95`] = round(percentile(sorted, 0.95));
  }
  for (const m of matchups) keys[`ai_winrate.${GAME}.${m.a}_vs_${m.b}`] = round(m.winRateA, 3);
  keys[`ai_winrate.${GAME}.games`] = matchups.map((m) => `${m.a}_vs_${m.b}:${m.games}`).join(' ');
  if (!write) return;
  mergeResults(keys);
}

const started = performance.now();
try {
  // Time the moves, not the workers starting. Idle workers do not hold the process open, so a
  // timer does while they start.
  const alive = setInterval(() => {}, 1000);
  await pool.ready().finally(() => clearInterval(alive));
  for (const [a, b] of PAIRINGS) {
    const count = counts.get(`${a}_vs_${b}`) ?? 0;
    if (count <= 0) continue;
    matchups.push(await matchup(a, b, count));
    save();
  }
} finally {
  await pool.close();
}

for (const level of ['easy', 'normal', 'hard'] as const) {
  const sorted = times[level].slice().sort((x, y) => x - y);
  if (sorted.length === 0) continue;
  log(`ai_ms.${GAME}.${level} median=${percentile(sorted, 0.5).toFixed(1)} p95=${percentile(sorted, 0.95).toFixed(1)} max=${sorted.at(-1)!.toFixed(1)} (${sorted.length} moves)`);
}
console.log('\nwin-rate matrix (row player against column player, seats alternating):');
for (const m of matchups) {
  console.log(`  ${m.a.padEnd(6)} vs ${m.b.padEnd(6)} ${(100 * m.winRateA).toFixed(1).padStart(5)}%  (${m.winsA}-${m.winsB}${m.draws ? `-${m.draws}` : ''} of ${m.games})`);
}
console.log(`${write ? 'merged into bench/results.json; ' : ''}done in ${((performance.now() - started) / 1000).toFixed(0)} s`);
