// Solo Variant bench (board times and sizes: bench/render.ts): the JSON size of
// mid-game states, the time of `play` (the AI kingdom's answer and turn included), and a simple
// look-ahead player's win rate over seeded games at each difficulty. Run by hand:
// `npx tsx bench/kingdoms-solo.ts [games]`; it prints the keys and merges them into bench/results.json.
import { pathToFileURL } from 'node:url';
import { Rng } from '../src/engine/index.js';
import { countIn, findRegion, paymentsFor, maxCommitment } from '../src/games/kingdoms-base/index.js';
import game, { type Difficulty, type SoloMove, type SoloState } from '../src/games/kingdoms-solo/index.js';
import { finalScore } from '../src/games/kingdoms-solo/scoring.js';
import type { KingdomsView } from '../src/games/kingdoms-base/view.js';
import { mergeResults } from './results.js';

const SEATS = [{ kind: 'human' as const }];

/** How much a heuristic player likes a move; the best is played, the first on a tie. */
function moveValue(s: SoloState, m: SoloMove): number {
  const k = s.kingdoms[0];
  switch (m.type) {
    case 'split':
      return m.food === 2 && m.mana === 2 ? 1 : m.food === 1 && m.mana === 1 ? 0.9 : 0;
    case 'place': {
      const r = findRegion(s.board, m.region)?.region;
      return r ? (r.border ? 1 : 0) + (r.type === 'plains' ? 1.5 : r.type === 'forest' || r.type === 'mountain' ? 1 : 0) : 0;
    }
    case 'build':
      return 9;
    case 'research':
      return 8;
    case 'expand':
      return 8.5;
    case 'patrol':
    case 'quest': {
      const to = findRegion(s.board, m.to)!;
      const war = countIn(s.board, m.to, 1) > 0;
      // Attack when the commitment likely beats the AI's roll (capped by what it can commit).
      if (war) return maxCommitment(k) > Math.min(7, maxCommitment(s.kingdoms[1])) ? 6 : -1;
      const empty = (s.board.occupants[m.to] ?? []).every((c) => c === 0);
      const scoring = to.region.type !== 'ruins';
      const abroad = to.slot === 1 ? 0.8 : 0;
      return (empty ? 5 : 1) + (scoring ? 0.5 : 0) + abroad - (countIn(s.board, m.from, 0) === 1 ? 1.5 : 0);
    }
    case 'collect':
      return 4 + (m.ruins === 'ore' ? 0.2 : 0);
    case 'trade':
      return m.amount === 1 && k[m.from] >= 4 ? 3 : -1;
    case 'skip':
      // Deny the AI: skip what it would follow when it is rich enough to do it.
      return m.action === 'trade' ? 2 : 0;
    case 'war': {
      // Commit the most, paying with the fewest cubes.
      const v = m.mana * 2 + m.ore;
      const fewest = paymentsFor(v, k)[0];
      return v + (fewest && fewest.mana === m.mana ? 0.5 : 0);
    }
    case 'flag':
      // Too weak to fight: the white flag costs nothing and, unless the game is harder, may ally.
      return maxCommitment(k) <= 2 ? 100 : -1;
    case 'defeat':
      return 1;
    case 'alliance':
      return 0;
    default:
      return 0;
  }
}

export function heuristicMove(s: SoloState): SoloMove {
  const moves = game.legalMoves(s, 0);
  let best = moves[0]!;
  let bestV = -Infinity;
  for (const m of moves) {
    const v = moveValue(s, m);
    if (v > bestV) {
      best = m;
      bestV = v;
    }
  }
  return best;
}

/** The position as the heuristic player judges it: the score margin so far, then its resources. */
function judge(s: SoloState): number {
  const o = game.outcome(s);
  if (o) return (o.scores![0]! - o.scores![1]!) * 10 + (o.winners.includes(0) ? 1000 : o.draw ? 0 : -1000);
  const [me, ai] = finalScore(s);
  const k = s.kingdoms[0]!;
  return (me!.total - ai!.total) * 10 + (k.food + k.mana * 1.2 + k.ore * 1.1) * 0.8;
}

/**
 * The bench's player: on each action (its own, or following the AI's) it plays every legal move,
 * AI answer included, and keeps the one whose position judges best; other steps (the split,
 * placements, wars) follow `heuristicMove`. A player this simple still feels every difficulty.
 */
export function lookaheadMove(s: SoloState): SoloMove {
  if (s.phase !== 'turn' && s.phase !== 'follow') return heuristicMove(s);
  const moves = game.legalMoves(s, 0);
  let best = moves[0]!;
  let bestV = -Infinity;
  for (const m of moves) {
    const r = game.play(s, 0, m);
    if (!r.ok) continue;
    const v = judge(r.value.state);
    if (v > bestV) {
      best = m;
      bestV = v;
    }
  }
  return best;
}

/** Plays seeded random moves (growth favoured) until `stop` holds; null if the game ends first. */
function playUntil(seed: string, stop: (s: SoloState) => boolean): SoloState | null {
  let s = game.setup(seed, SEATS, game.defaultOptions);
  const pick = Rng.fromSeed(`moves-${seed}`);
  for (let n = 0; n < 3000; n++) {
    if (stop(s)) return s;
    if (game.toAct(s).length === 0) return null;
    const moves = game.legalMoves(s, 0);
    const m = pick.next() < 0.6 ? heuristicMove(s) : pick.pick(moves);
    const r = game.play(s, 0, m);
    if (!r.ok) throw new Error(r.error.message);
    s = r.value.state;
  }
  return null;
}

function firstReached(prefix: string, stop: (s: SoloState) => boolean): SoloState {
  for (let i = 1; i <= 60; i++) {
    const s = playUntil(`${prefix}-${i}`, stop);
    if (s) return s;
  }
  throw new Error(`no sample seed reached ${prefix}`);
}

/** Boards at the start, mid-game, during a war, with an alliance, and finished. */
export function kingdomsSoloSampleStates(): { name: string; state: SoloState }[] {
  return [
    { name: 'start', state: firstReached('start', (s) => s.phase === 'follow') },
    { name: 'midgame', state: firstReached('mid', (s) => s.round >= 4 && s.phase === 'turn') },
    { name: 'war', state: firstReached('war', (s) => s.phase === 'war') },
    { name: 'alliance', state: firstReached('ally', (s) => s.alliances.length > 0 && s.phase === 'turn') },
    { name: 'over', state: firstReached('over', (s) => s.phase === 'over') },
  ];
}

export function kingdomsSoloSampleViews(): { name: string; state: SoloState; view: KingdomsView }[] {
  return kingdomsSoloSampleStates().map(({ name, state }) => ({ name, state, view: game.view(state) as KingdomsView }));
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)]! : NaN;
};
const r2 = (v: number) => Math.round(v * 100) / 100;

export async function benchKingdomsSolo(opts: { games?: number } = {}): Promise<Record<string, number>> {
  const games = opts.games ?? 1000;
  const out: Record<string, number> = {};
  const playMs: number[] = [];
  const stateKb: number[] = [];
  for (const difficulty of ['easier', 'standard', 'harder'] as Difficulty[]) {
    let wins = 0;
    let draws = 0;
    for (let g = 0; g < games; g++) {
      let s = game.setup(`bench-${g}`, SEATS, { difficulty });
      while (game.toAct(s).length > 0) {
        const m = lookaheadMove(s);
        const t0 = performance.now();
        const r = game.play(s, 0, m);
        if (difficulty === 'standard') playMs.push(performance.now() - t0);
        if (!r.ok) throw new Error(r.error.message);
        s = r.value.state;
        if (difficulty === 'standard' && s.round >= 3 && s.phase !== 'over' && g % 10 === 0) stateKb.push(JSON.stringify(s).length / 1024);
      }
      const o = game.outcome(s)!;
      if (o.winners.includes(0)) wins++;
      else if (o.draw) draws++;
    }
    out[`win_rate.kingdoms-solo.${difficulty}`] = r2((wins + draws / 2) / games);
  }
  out['state_kb.kingdoms-solo'] = r2(median(stateKb));
  out['play_ms.kingdoms-solo'] = r2(median(playMs));
  return out;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await benchKingdomsSolo({ games: Number(process.argv[2]) || 1000 });
  for (const [k, v] of Object.entries(result)) console.log(`${k.padEnd(36)} ${v}`);
  mergeResults(result);
  console.log('merged into bench/results.json');
}
