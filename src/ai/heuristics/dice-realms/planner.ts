// The turn planner that `hard` builds on (and `normal` plays by, with a shorter look: casual.ts):
// expectimax over the dice of the mover's own turn, the few best moves followed at each step, the
// judgment of model.ts at the end.
import type { Seat } from '../../../engine/contract.js';
import {
  attackCost as rulesAttackCost,
  MAX as RULES_MAX,
  REPAIR_COST as RULES_REPAIR_COST,
  TERRITORIES as RULES_TERRITORIES,
  TRAIN_COST as RULES_TRAIN_COST,
  UNITS as RULES_UNITS,
  type DiceRealmsMove,
} from '../../../games/dice-realms/index.js';
import { bestDefence, judge, judgeAny, outcomes, quickGain, realmOf, type Dist, type Pos, type Weights } from './model.js';

// Held here for the planner's loops, as in model.ts: under the test runner an imported binding is a getter.
const attackCost = rulesAttackCost;
const MAX = RULES_MAX;
const REPAIR_COST = RULES_REPAIR_COST;
const TERRITORIES = RULES_TERRITORIES;
const TRAIN_COST = RULES_TRAIN_COST;
const UNITS = RULES_UNITS;

type M = DiceRealmsMove;

/** The turn moves open to the seat to act, built from the model's rules (for a gather's look-ahead). */
export function spendMoves(s: Pos): M[] {
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
export function posKey(s: Pos, seat: Seat): string {
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
export function settled(s: Pos, move: M, w: Weights): Dist<Pos> {
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
export function doneOf(s: Pos): Pos {
  return outcomes(s, { type: 'done' })[0]!.v;
}

