// How a good Dice Realms player judges a position and a move (shared/games/dice-realms.md):
// - the Keep race first: the chance that a Keep falls on the coming attack turn, and the Keep
//   damage each army can reach with the Food it has or will gather;
// - resource tempo: Food is worth most to a realm with an army, Population only as far as it can
//   repair, Military until it is trained; standing Farms and City keep their yields whole;
// - unit trades: every fight and every strike on a territory is weighed over all its dice, in the
//   seed's initiative order, with the defender's best answer;
// - a move is judged by its expected outcome over the dice; a gather, thoroughly, by the best
//   spend that each face of its die allows.
import type { GameDefinition, Seat } from '../../../engine/contract.js';
import type { Rng } from '../../../engine/rng.js';
import type { DiceRealmsMove } from '../../../games/dice-realms/index.js';
import {
  expectedAfter,
  judge,
  judgeAny,
  quickGain,
  resolveLand,
  outcomes,
  WEIGHTS,
  type Pos,
  type Weights,
} from './model.js';
import type { GameHeuristics, HeuristicsFactory } from '../types.js';
import { doneOf, LOOKAHEAD, Planner, posKey, type Lookahead } from './planner.js';
import { hardSearch, WORK_PER_ITERATION } from './rollouts.js';
import { casualMove } from './casual.js';

export { LOOKAHEAD, OutOfTime, Planner, type Lookahead, type PlannerLimits } from './planner.js';
export { CASUAL, casualMove, type CasualStyle } from './casual.js';
export { CANDIDATES, DROP_Z, hardSearch, MIN_ROUNDS, ROUNDS, SEARCH_WORK, SWITCH_MARGIN, WORK_PER_ITERATION } from './rollouts.js';

type M = DiceRealmsMove;

const DECISIVE = 100;

/** Expected judgment after `move` (quick), or with the turn followed on (thorough). */
export function moveValue(
  s: Pos, seat: Seat, move: M, thorough: boolean, w: Weights = WEIGHTS, look: Lookahead = LOOKAHEAD, planner = new Planner(seat, w),
): number {
  if (!thorough) return expectedAfter(s, seat, move, w);
  return planner.scores(s, [move], look)[0]!;
}

/**
 * The shallow judgment of `easy`: the position right after the move, over its dice, with no plan
 * for the rest of the turn and no thought of how the defender will answer.
 */
function shallowValue(s: Pos, seat: Seat, move: M): number {
  let e = 0;
  for (const o of outcomes(s, move)) {
    const p = o.v.pending;
    if (o.v.phase !== 'defend' || !p) {
      e += o.p * judge(o.v, seat);
      continue;
    }
    for (const r of resolveLand(o.v, p.unit, p.target, null)) e += o.p * r.p * judge(r.v, seat);
  }
  return e;
}

/**
 * Quick scores for ordering moves inside a search: gathers and defenders over their dice; the
 * spends of a turn by their worth from the fight tables, and ending the turn by what it gives up.
 */
function quickScores(s: Pos, seat: Seat, moves: M[]): number[] {
  if (s.phase === 'gather' || s.phase === 'defend' || s.active !== seat) return moves.map((m) => expectedAfter(s, seat, m));
  let ending: number | undefined;
  return moves.map((m) => {
    if (m.type !== 'done') return quickGain(s, m);
    ending ??= judge(doneOf(s), seat) - judge(s, seat);
    return ending;
  });
}

export const diceRealmsHeuristics: HeuristicsFactory = (game: GameDefinition): GameHeuristics<Pos, M> => {
  const cache = new Map<string, { moves: M[]; scores: number[] }>();

  function scored(s: Pos, seat: Seat, moves: M[], thorough: boolean): { moves: M[]; scores: number[] } {
    const key = `${thorough ? 'T' : 'Q'}${posKey(s, seat)}#${moves.length}`;
    const hit = cache.get(key);
    if (hit) return hit;
    const scores = thorough ? new Planner(seat, WEIGHTS).scores(s, moves, LOOKAHEAD) : quickScores(s, seat, moves);
    const order = moves.map((_, i) => i).sort((a, b) => scores[b]! - scores[a]! || a - b);
    const result = { moves: order.map((i) => moves[i]!), scores: order.map((i) => scores[i]!) };
    if (cache.size > 20_000) cache.clear();
    cache.set(key, result);
    return result;
  }

  function orderMoves(s: Pos, seat: Seat, moves: M[], limit: number, thorough: boolean): M[] {
    if (moves.length <= 1) return moves;
    const ranked = scored(s, seat, moves, thorough).moves;
    const picked = ranked.slice(0, Math.max(1, limit));
    return picked.length > 0 ? picked : moves;
  }

  function playoutMove(s: Pos, seat: Seat, moves: M[], rng: Rng): M {
    const { moves: ranked } = scored(s, seat, moves, false);
    // Mostly the best move, now and then the second, so playouts do not all repeat one line.
    if (ranked.length > 1 && rng.next() < 0.15) return ranked[1]!;
    return ranked[0] ?? moves[0]!;
  }

  return {
    evaluate(s, seat) {
      const outcome = game.outcome(s);
      if (outcome) return outcome.winners.includes(seat) ? DECISIVE : -DECISIVE;
      return judgeAny(s, seat);
    },
    scale: 6,
    decisive: DECISIVE,
    orderMoves,
    quickScores: (s, seat, moves) => moves.map((m) => shallowValue(s, seat, m)),
    playoutMove,
    normal: (s, seat, moves, rng) => casualMove(s, seat, moves, rng),
    search: (s, seat, moves, limits) => hardSearch(s, seat, moves, limits),
    workPerIteration: WORK_PER_ITERATION,
    tuning: {
      easyWidth: 40,
      easyNoise: 1.5,
      hardRootWidth: 6,
      hardWidth: 4,
      hardPlayoutDepth: 0,
      hardExploration: 0.5,
    },
  };
};

