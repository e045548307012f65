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
import {
  attackCost,
  MAX,
  REPAIR_COST,
  TERRITORIES,
  TRAIN_COST,
  UNITS,
  type DiceRealmsMove,
} from '../../../games/dice-realms/index.js';
import {
  bestDefence,
  expectedAfter,
  judge,
  judgeAny,
  quickGain,
  realmOf,
  resolveLand,
  outcomes,
  WEIGHTS,
  type Dist,
  type Pos,
  type Weights,
} from './model.js';
import type { GameHeuristics, HeuristicsFactory } from '../index.js';

type M = DiceRealmsMove;

const DECISIVE = 100;


/** The turn moves open to the seat to act, built from the model's rules (for a gather's look-ahead). */
function spendMoves(s: Pos): M[] {
  const me = realmOf(s, s.active);
  const foe = realmOf(s, s.active === 0 ? 1 : 0);
  const out: M[] = [];
  if (s.phase === 'spend' || s.phase === 'attack') {
    for (const unit of UNITS) {
      if (me[unit] === 0 || s.attacked.includes(unit)) continue;
      for (const enemy of UNITS) if (foe[enemy] > 0 && me.food >= 1) out.push({ type: 'attack', unit, target: 'army', enemy });
      for (const target of TERRITORIES) {
        if (foe[target] > 0 && me.food >= attackCost(unit, target)) out.push({ type: 'attack', unit, target });
      }
    }
  }
  if (s.phase === 'spend') {
    for (const territory of TERRITORIES) {
      const most = Math.min(MAX[territory] - me[territory], Math.floor(me.population / REPAIR_COST));
      if (most > 0) out.push({ type: 'repair', territory, points: most });
    }
  }
  if (s.phase === 'spend' || s.phase === 'train') {
    for (const unit of UNITS) {
      if (s.trained.includes(unit)) continue;
      const most = Math.min(MAX[unit] - me[unit], Math.floor(me.military / TRAIN_COST[unit]));
      for (let count = 1; count <= most; count++) out.push({ type: 'train', unit, count });
    }
  }
  if (s.phase === 'attack' || s.phase === 'train') out.push({ type: 'done' });
  return out;
}

/** A compact key of everything the judgment reads, to reuse move orderings inside a search. */
function posKey(s: Pos, seat: Seat): string {
  const r = (x: Pos['realms'][0]) =>
    `${x.food},${x.population},${x.military},${x.farms},${x.city},${x.keep},${x.infantry},${x.ranged},${x.cavalry},${x.siege}`;
  const p = s.pending ? `${s.pending.unit}>${s.pending.target}` : '';
  return `${seat}|${s.active}|${s.phase}|${s.variant}|${r(s.realms[0])}|${r(s.realms[1])}|${s.attacked.join('.')}|${s.trained.join('.')}|${p}`;
}

/** How far a thorough judgment follows the mover's own turn, and how many moves it follows at each step. */
export interface Lookahead {
  /** Steps of the mover's own turn after the move judged (further attacks, trainings). */
  depth: number;
  /** Moves followed at each step, the best by their expected judgment. */
  beam: number;
  /** The same after a gather, where every face of the die is followed. */
  gatherDepth: number;
  gatherBeam: number;
  /** Moves followed at all: the best of them by their expected judgment right after. */
  wide: number;
}

export const LOOKAHEAD: Lookahead = { depth: 2, beam: 2, gatherDepth: 2, gatherBeam: 2, wide: 6 };

/**
 * The outcomes of `move`, with an attack on a territory answered at once by the defender's best
 * choice when the defender decides: the mover plans on, knowing how the fight can go.
 */
function settled(s: Pos, move: M, w: Weights): Dist<Pos> {
  const out = outcomes(s, move);
  if (out.length === 1 && out[0]!.v.phase === 'defend' && out[0]!.v.pending) return bestDefence(out[0]!.v, w).dist;
  return out;
}

/** Thrown by a planner whose work limit has run out, to abandon a stage of the hard search. */
export class OutOfTime extends Error {}

export interface PlannerLimits {
  /** Called at every position the planner visits; throws OutOfTime to stop. */
  tick?: () => void;
  /**
   * Where the mover's turn has ended: follow the opponent's coming turn this wide (its three
   * gathers over every face, then the best `reply` spends by their quick worth), 0 for the
   * judgment alone.
   */
  reply?: number;
}

/** A planner over the mover's own turn: expectimax over the dice, a few best moves at each step. */
export class Planner {
  private memo = new Map<string, number>();
  constructor(
    private readonly seat: Seat,
    private readonly w: Weights,
    private readonly limits: PlannerLimits = {},
  ) {}

  /** Expected judgment right after `move`. */
  oneStep(s: Pos, move: M): number {
    let e = 0;
    for (const o of settled(s, move, this.w)) e += o.p * judge(o.v, this.seat, this.w);
    return e;
  }

  /**
   * The value of `s` when the mover plays its turn on for `depth` more steps: ending the turn, or
   * the best of the `beam` moves that rank first by their quick worth, each weighed over its dice.
   */
  value(s: Pos, depth: number, beam: number): number {
    this.limits.tick?.();
    if (s.winner === null && s.active !== this.seat && s.phase === 'gather' && (this.limits.reply ?? 0) > 0) return this.reply(s);
    if (s.winner !== null || s.active !== this.seat || depth <= 0 || !(s.phase === 'spend' || s.phase === 'attack' || s.phase === 'train')) {
      return judgeAny(s, this.seat, this.w);
    }
    const key = `${depth}/${beam}/${posKey(s, this.seat)}`;
    const hit = this.memo.get(key);
    if (hit !== undefined) return hit;
    const moves = spendMoves(s);
    let result = s.phase === 'spend' ? -Infinity : judge(doneOf(s), this.seat, this.w);
    const ranked = moves
      .filter((m) => m.type !== 'done')
      .map((m) => ({ m, q: quickGain(s, m, this.w) }))
      .sort((a, b) => b.q - a.q)
      .slice(0, beam);
    for (const { m } of ranked) result = Math.max(result, this.after(s, m, depth - 1, beam));
    if (result === -Infinity) result = judge(s, this.seat, this.w);
    if (this.memo.size > 50_000) this.memo.clear();
    this.memo.set(key, result);
    return result;
  }

  /**
   * The opponent's coming turn, from the start: the gather that is worst for the mover, each face
   * of its die answered by the opponent's best first spend (of the `reply` best by quick worth).
   */
  private reply(s: Pos): number {
    const key = `R/${posKey(s, this.seat)}`;
    const hit = this.memo.get(key);
    if (hit !== undefined) return hit;
    const width = this.limits.reply ?? 0;
    let worst = Infinity;
    for (const territory of TERRITORIES) {
      let e = 0;
      for (const g of outcomes(s, { type: 'gather', territory })) {
        const v = g.v;
        this.limits.tick?.();
        if (v.winner !== null || v.active === this.seat || v.phase !== 'spend') {
          e += g.p * judgeAny(v, this.seat, this.w);
          continue;
        }
        const ranked = spendMoves(v)
          .map((m) => ({ m, q: quickGain(v, m, this.w) }))
          .sort((a, b) => b.q - a.q)
          .slice(0, width);
        let best = Infinity;
        for (const { m } of ranked) {
          let x = 0;
          for (const o of settled(v, m, this.w)) x += o.p * judgeAny(o.v, this.seat, this.w);
          best = Math.min(best, x);
        }
        e += g.p * (best === Infinity ? judge(v, this.seat, this.w) : best);
      }
      worst = Math.min(worst, e);
    }
    if (this.memo.size > 50_000) this.memo.clear();
    this.memo.set(key, worst);
    return worst;
  }

  /** Expected value after `move`, the turn played on for `depth` steps. */
  after(s: Pos, move: M, depth: number, beam: number): number {
    let e = 0;
    for (const o of settled(s, move, this.w)) e += o.p * this.value(o.v, depth, beam);
    return e;
  }

  /**
   * Scores of the moves at `s`: each weighed over its dice, and the best `look.wide` of them
   * followed further through the turn (a gather through the spend each face allows).
   */
  scores(s: Pos, moves: M[], look: Lookahead): number[] {
    const first = moves.map((m) => (m.type === 'done' ? judge(doneOf(s), this.seat, this.w) : this.oneStep(s, m)));
    if (look.wide <= 0) return first;
    const order = moves.map((_, i) => i).sort((a, b) => first[b]! - first[a]!);
    const out = first.slice();
    for (const i of order.slice(0, look.wide)) {
      const m = moves[i]!;
      if (m.type === 'gather') out[i] = this.after(s, m, look.gatherDepth, look.gatherBeam);
      else if (m.type !== 'defend' && m.type !== 'done') out[i] = this.after(s, m, look.depth, look.beam);
    }
    return out;
  }
}

/** The position once the turn is ended. */
function doneOf(s: Pos): Pos {
  return outcomes(s, { type: 'done' })[0]!.v;
}

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

/** The passes of the hard search: the Planner's turn plan, then one exact ply of dice above it. */
export const PASSES = 2;

/** Root moves, the Planner's best first, that the second pass weighs over every face of their dice. */
export const ROOT_WIDTH = 6;

/**
 * How much better, by the second pass, a move must be than the Planner's choice to replace it:
 * the judgment is a heuristic, so a small edge found one ply deeper is not proof (a move that
 * is only as good as the plan is no reason to leave it).
 */
export const MARGIN = 0.3;

/** Positions the hard search may visit per search iteration of a fixed budget (tests, benchmarks). */
export const WORK_PER_ITERATION = 150;

export interface SearchLimits {
  /** The clock and the time to stop at; without them, `work` alone limits the search. */
  now?: () => number;
  deadline?: number;
  /** At most this many positions visited over all passes. */
  work?: number;
}

/**
 * The hard search, built on `normal`'s turn plan (Planner.scores: every move weighed over its
 * dice, the best followed through the rest of the turn) and one ply of exact expectimax above it:
 * 1. the Planner ranks every turn move, as `normal` does (its choice is kept if the time or work
 *    runs out later);
 * 2. for the Planner's best ROOT_WIDTH moves, every outcome of the move (each face of its dice,
 *    an attack answered by the defender's best choice) is valued by the Planner's plan from
 *    there: the best move it finds for the rest of the turn, or the judgment once the turn has
 *    passed. The move with the best expected value replaces the Planner's choice only if it is
 *    better by MARGIN.
 * A search that stopped mid-turn and scored statically (the former deepening passes) judged
 * positions the Planner would still play on, and lost to it. The dice are weighed, never drawn:
 * the search cannot foresee them.
 */
export function expectimaxMove(s: Pos, seat: Seat, own: M[], limits: SearchLimits, stats?: { passes: number; work: number }): M {
  if (own.length <= 1) return own[0]!;
  let work = 0;
  const maxWork = limits.work ?? Infinity;
  const tick = () => {
    work++;
    if (work > maxWork) throw new OutOfTime();
    if (limits.now && limits.deadline !== undefined && (work & 63) === 0 && limits.now() >= limits.deadline) throw new OutOfTime();
  };
  const byValue = (a: { v: number; i: number }, b: { v: number; i: number }) => b.v - a.v || a.i - b.i;
  // Before any pass completes: the quick expected judgment.
  let order = own.map((m, i) => ({ m, i, v: expectedAfter(s, seat, m) })).sort(byValue);
  const planner = new Planner(seat, WEIGHTS, { tick });
  try {
    // Pass 1: the Planner's turn plan, `normal`'s ranking.
    const scores = planner.scores(s, own, LOOKAHEAD);
    order = own.map((m, i) => ({ m, i, v: scores[i]! })).sort(byValue);
    if (stats) stats.passes++;
    // Pass 2: one exact ply of dice, the Planner's plan at every outcome.
    const planned = new Map<string, number>();
    const planValue = (v: Pos): number => {
      tick();
      if (v.winner !== null || v.active !== seat || !(v.phase === 'spend' || v.phase === 'attack' || v.phase === 'train')) return judgeAny(v, seat);
      const key = posKey(v, seat);
      const hit = planned.get(key);
      if (hit !== undefined) return hit;
      const next = spendMoves(v);
      const best = next.length === 0 ? judge(v, seat) : Math.max(...planner.scores(v, next, LOOKAHEAD));
      planned.set(key, best);
      return best;
    };
    const weighed = order.slice(0, ROOT_WIDTH).map(({ m, i }) => {
      let v = 0;
      for (const o of settled(s, m, WEIGHTS)) v += o.p * planValue(o.v);
      return { m, i, v };
    });
    const choice = order[0]!;
    const choiceValue = weighed.find((x) => x.i === choice.i)!.v;
    weighed.sort(byValue);
    if (weighed[0]!.v > choiceValue + MARGIN) order = [weighed[0]!, ...order.filter((x) => x.i !== weighed[0]!.i)];
    if (stats) stats.passes++;
  } catch (error) {
    if (!(error instanceof OutOfTime)) throw error;
  }
  if (stats) stats.work = work;
  return order[0]!.m;
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
    search: (s, seat, moves, limits) => expectimaxMove(s, seat, moves, limits),
    workPerIteration: WORK_PER_ITERATION,
    tuning: {
      easyWidth: 40,
      easyNoise: 1.5,
      normalWidth: 1,
      normalReplies: 1,
      hardRootWidth: 6,
      hardWidth: 4,
      hardPlayoutDepth: 0,
      hardExploration: 0.5,
    },
  };
};

