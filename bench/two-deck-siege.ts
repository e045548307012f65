// Two Deck Siege balance and board figures. A heuristic defender (two-deck-siege-player.ts) plays
// 1,000 seeded games per setup on worker threads; a uniformly random player gives the floor. Also
// the stored state's size (board times and sizes: bench/render.ts, as for every game).
// Also how many games the turn limit ended (a safety stop the rules should almost never need).
// Run by hand: `npx tsx bench/two-deck-siege.ts [games] [--states]`: reads bench/results.json fresh
// and sets only the balance keys (balance.two-deck-siege.*, meta.balance.two-deck-siege.*), and
// with --states the state size keys as well.
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { Rng } from '../src/engine/index.js';
import game, { RULES, type TwoDeckSiegeOptions, type TwoDeckSiegeState } from '../src/games/two-deck-siege/index.js';
import { applyInPlace, chooseMove } from './two-deck-siege-player.js';
import { mergeResults, type Results } from './results.js';

export const SETUPS: Record<string, Partial<TwoDeckSiegeOptions>> = {
  square: { castle: 'square' },
  rectangle: { castle: 'rectangle' },
  'rectangle-r2': { castle: 'rectangle', reinforcements: 2 },
};
/** The page's targets for the heuristic player's win rate. */
export const TARGETS: Record<string, [number, number]> = { square: [0.4, 0.7], rectangle: [0.15, 0.45], 'rectangle-r2': [0.05, 0.3] };

const optionsFor = (setup: string): TwoDeckSiegeOptions => ({ ...game.defaultOptions, ...SETUPS[setup], thickWalls: SETUPS[setup]?.castle === 'rectangle' });

/** A game's end: won or not, its length, and whether the turn limit (not the page's rules) ended it. */
type GameResult = { won: boolean; turns: number; limit: boolean };

const resultOf = (s: TwoDeckSiegeState): GameResult => ({ won: s.result?.won === true, turns: s.turn, limit: s.result?.won !== true && s.turn > RULES.turnLimit });

/** One heuristic game from a seed; every attacker question is answered by the heuristic too. */
export function heuristicGame(setup: string, seed: string): GameResult {
  let s = game.setup(seed, [{ kind: 'human' }], optionsFor(setup));
  const rng = Rng.fromSeed(`player-${seed}`);
  for (let i = 0; i < 20_000 && s.phase !== 'over'; i++) s = applyInPlace(s, chooseMove(s, rng));
  return resultOf(s);
}

/** One game of uniformly random legal moves, through the public contract. */
export function randomGame(setup: string, seed: string): GameResult {
  let s = game.setup(seed, [{ kind: 'human' }], optionsFor(setup));
  const rng = Rng.fromSeed(`random-${seed}`);
  for (let i = 0; i < 20_000 && game.toAct(s).length > 0; i++) {
    const moves = game.legalMoves(s, 0);
    const r = game.play(s, 0, rng.pick(moves));
    if (!r.ok) throw new Error(r.error.message);
    s = r.value.state;
  }
  return resultOf(s);
}

/** One game to play: who plays it, on which setup, from which seed. */
type Task = { kind: 'heuristic' | 'random'; setup: string; seed: string };
type Job = { tasks: Task[] };

function runJob(job: Job): GameResult[] {
  return job.tasks.map((t) => (t.kind === 'heuristic' ? heuristicGame(t.setup, t.seed) : randomGame(t.setup, t.seed)));
}

/**
 * Plays the tasks on `threads` worker threads (tsx registered inside each), dealt round-robin so
 * that every thread gets as many long games as short ones; results come back in task order.
 */
async function runParallel(tasks: Task[], threads: number): Promise<GameResult[]> {
  if (threads <= 1) return runJob({ tasks });
  const url = pathToFileURL(fileURLToPath(import.meta.url)).href;
  const parts = await Promise.all(
    Array.from(
      { length: threads },
      (_, k) =>
        new Promise<GameResult[]>((resolve, reject) => {
          const code = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(url)}); })`;
          const mine = tasks.filter((_, i) => i % threads === k);
          const w = new Worker(code, { eval: true, workerData: { twoDeckSiegeJob: { tasks: mine } } });
          w.once('message', (m: GameResult[]) => resolve(m));
          w.once('error', reject);
        }),
    ),
  );
  return tasks.map((_, i) => parts[i % threads]![Math.floor(i / threads)]!);
}

if (!isMainThread && workerData?.twoDeckSiegeJob) {
  parentPort!.postMessage(runJob(workerData.twoDeckSiegeJob as Job));
}

/** Wilson score interval at 95 %. */
export function wilson(wins: number, n: number): [number, number] {
  if (n === 0) return [0, 1];
  const z = 1.96;
  const p = wins / n;
  const d = 1 + (z * z) / n;
  const c = p + (z * z) / (2 * n);
  const m = z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n));
  return [(c - m) / d, (c + m) / d];
}

const r3 = (v: number) => Math.round(v * 1000) / 1000;
const r1 = (v: number) => Math.round(v * 10) / 10;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)]! : NaN;
};

/** States at several points of seeded heuristic games, for the render and size figures. */
function sampleStates(): TwoDeckSiegeState[] {
  const out: TwoDeckSiegeState[] = [];
  for (const setup of ['square', 'rectangle']) {
    let s = game.setup(`sample-${setup}`, [{ kind: 'human' }], optionsFor(setup));
    out.push(structuredClone(s));
    const rng = Rng.fromSeed(`sample-${setup}`);
    let turn = s.turn;
    for (let i = 0; i < 20_000 && s.phase !== 'over'; i++) {
      s = applyInPlace(s, chooseMove(s, rng));
      if (s.turn !== turn && s.phase === 'orders') {
        turn = s.turn;
        if (turn % 3 === 0) out.push(structuredClone(s));
      }
    }
    out.push(structuredClone(s));
  }
  return out;
}

/** A stored state waiting on an attacker question holds a copy of the turn's start: the largest. */
function pendingStateKb(): number {
  let s = game.setup('state-size', [{ kind: 'human' }], optionsFor('square'));
  const rng = Rng.fromSeed('state-size');
  let biggest = 0;
  for (let i = 0; i < 4000 && game.toAct(s).length > 0; i++) {
    const moves = game.legalMoves(s, 0);
    const nonEnd = moves.filter((m) => m.type !== 'end');
    const r = game.play(s, 0, nonEnd.length && rng.next() < 0.8 ? rng.pick(nonEnd) : rng.pick(moves));
    if (!r.ok) break;
    s = r.value.state;
    biggest = Math.max(biggest, JSON.stringify(s).length);
  }
  return biggest / 1024;
}

export async function benchTwoDeckSiege(
  opts: { games?: number; randomGames?: number; threads?: number; states?: boolean; log?: (l: string) => void } = {},
) {
  const games = opts.games ?? 1000;
  const threads = opts.threads ?? 2;
  const log = opts.log ?? (() => {});
  const out: Record<string, number> = {};
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  // Every game of every setup, and the random player's, in one batch over the threads.
  const randomN = opts.randomGames ?? 200;
  const tasks: Task[] = [
    ...Object.keys(SETUPS).flatMap((setup) => Array.from({ length: games }, (_, i): Task => ({ kind: 'heuristic', setup, seed: `balance-${setup}-${i}` }))),
    ...Array.from({ length: randomN }, (_, i): Task => ({ kind: 'random', setup: 'square', seed: `random-${i}` })),
  ];
  const all = await runParallel(tasks, threads);
  Object.keys(SETUPS).forEach((setup, k) => {
    const results = all.slice(k * games, (k + 1) * games);
    const wins = results.filter((r) => r.won).length;
    const [lo, hi] = wilson(wins, results.length);
    const key = `balance.two-deck-siege.${setup}`;
    out[key] = r3(wins / results.length);
    out[`${key}.lo`] = r3(lo);
    out[`${key}.hi`] = r3(hi);
    out[`${key}.median_turns`] = median(results.map((r) => r.turns));
    log(`${setup}: ${wins}/${results.length} won (${r3(lo)}–${r3(hi)}), median ${median(results.map((r) => r.turns))} turns, target ${TARGETS[setup]!.join('–')}`);
  });
  const random = all.slice(Object.keys(SETUPS).length * games);
  out['balance.two-deck-siege.random'] = r3(random.filter((r) => r.won).length / random.length);
  out['balance.two-deck-siege.random.median_turns'] = median(random.map((r) => r.turns));
  const heuristic = all.slice(0, Object.keys(SETUPS).length * games);
  out['balance.two-deck-siege.turn_limit_games'] = heuristic.filter((r) => r.limit).length;
  out['balance.two-deck-siege.random.turn_limit_games'] = random.filter((r) => r.limit).length;
  out['meta.balance.two-deck-siege.random_games'] = random.length;
  out['meta.balance.two-deck-siege.turn_limit'] = RULES.turnLimit;
  log(`random player: ${random.filter((r) => r.won).length}/${random.length} won; turn limit reached by ${out['balance.two-deck-siege.turn_limit_games']} of ${heuristic.length} heuristic games`);
  const cpu = process.cpuUsage(cpu0);
  out['meta.balance.two-deck-siege.seconds'] = r1((performance.now() - t0) / 1000);
  out['meta.balance.two-deck-siege.cpu_seconds'] = r1((cpu.user + cpu.system) / 1e6);
  out['meta.balance.two-deck-siege.games'] = games;
  out['meta.balance.two-deck-siege.threads'] = threads;
  log(`${tasks.length} games in ${out['meta.balance.two-deck-siege.seconds']} s wall, ${out['meta.balance.two-deck-siege.cpu_seconds']} s CPU on ${threads} threads`);
  if (opts.states === false) return out;

  // Board times and sizes are measured for every game alike by bench/render.ts.
  const states = sampleStates();
  out['state_kb.two-deck-siege'] = r1(median(states.map((s) => JSON.stringify(s).length / 1024)));
  out['state_kb.two-deck-siege.pending_max'] = r1(pendingStateKb());
  return out;
}

if (isMainThread && process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const games = Number(args.find((a) => /^\d+$/.test(a))) || 1000;
  const states = args.includes('--states');
  const keys = await benchTwoDeckSiege({ games, states, log: (l) => console.log(l) });
  for (const [k, v] of Object.entries(keys)) console.log(`${k} ${v}`);
  // Read fresh just before writing (other benches write the same file) and set only our keys.
  const ours = (k: string) => states || k.startsWith('balance.two-deck-siege.') || k.startsWith('meta.balance.two-deck-siege.');
  mergeResults(Object.fromEntries(Object.entries(keys).filter(([k]) => ours(k))) as Results);
}
