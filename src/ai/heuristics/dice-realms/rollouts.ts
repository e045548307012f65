// The hard search: the full turn plan (planner.ts), checked by playing its best few moves out.
//
// Profiling hard against the plain turn plan (what normal played before casual.ts) showed why
// more look-ahead of the same kind did not help: the judgment (model.ts) already prices the next
// attack turn of each side, so a deeper expectimax that stops at a different point judged
// positions unevenly and picked the same move as the Planner 97 % of the time, or worse ones (one
// that modelled the opponent's reply won 25 % of its games). What the judgment cannot see is how a turn actually unfolds: which gather the opponent
// takes, how the dice of a whole attack run fall, and what each side does next. So hard plays
// each of the Planner's best moves out: the dice drawn from the game's exact distributions, both
// sides playing the Planner's own choices, to the start of its own next turn, where the judgment
// is fair again (a won or lost game counts in full). Every candidate meets the same dice in each
// round (common random numbers), so the comparison is paired and a few dozen rollouts suffice.
// The dice are the AI's own, seeded from the game and the move: it never foresees the game's.
import type { Seat } from '../../../engine/contract.js';
import { Rng } from '../../../engine/rng.js';
import { TERRITORIES, type DiceRealmsMove } from '../../../games/dice-realms/index.js';
import { bestDefence, expectedAfter, judge, outcomes, WEIGHTS, type Dist, type Pos } from './model.js';
import { LOOKAHEAD, OutOfTime, Planner, posKey, spendMoves } from './planner.js';
import type { SearchLimits } from '../types.js';

type M = DiceRealmsMove;

/** The Planner's best moves that are played out, at most: its choice and the runners-up. */
export const CANDIDATES = 3;
/** Rounds of rollouts (one per candidate still in the running each, on the same dice), at most. */
export const ROUNDS = 24;
/** Rounds played before any candidate is dropped, and before a switch is allowed at all. */
export const MIN_ROUNDS = 6;
/**
 * How much better, on average over the same dice, a candidate must do than the Planner's choice
 * to replace it, in the judgment's Keep points: a rollout's value is noisy.
 */
export const SWITCH_MARGIN = 0.5;
/**
 * A runner-up is dropped once even this many standard errors above its mean difference from the
 * Planner's choice would not reach SWITCH_MARGIN: it will not replace the choice, so its rollouts
 * are saved for the others.
 */
export const DROP_Z = 1;
/** Positions the hard search visits at most for a move, sized so that its slowest moves stay within hard's 2 s (bench/ai-dice-realms.ts measures it). */
export const SEARCH_WORK = 40_000;
/** Positions the hard search may visit per search iteration of a fixed budget (tests, benchmarks). */
export const WORK_PER_ITERATION = 150;

export type SearchStats = { passes: number; work: number; rounds: number };

const other = (seat: Seat): Seat => (seat === 0 ? 1 : 0);

function draw(dist: Dist<Pos>, rng: Rng): Pos {
  let u = rng.next();
  for (const o of dist) {
    u -= o.p;
    if (u < 0) return o.v;
  }
  return dist[dist.length - 1]!.v;
}

const byValue = (a: { v: number; i: number }, b: { v: number; i: number }) => b.v - a.v || a.i - b.i;

/** Both sides playing the Planner's choices, remembered per position for the whole search. */
class Playout {
  private readonly chosen = new Map<string, M>();
  /** One Planner per side for the whole search, so their memos serve every round. */
  private readonly planners: [Planner, Planner];
  constructor(
    private readonly seat: Seat,
    private readonly tick: () => void,
  ) {
    this.planners = [new Planner(0, WEIGHTS, { tick }), new Planner(1, WEIGHTS, { tick })];
  }

  /** The Planner that plays for `who`. */
  planner(who: Seat): Planner {
    return this.planners[who === 0 ? 0 : 1];
  }

  /** The move the Planner makes for whoever must act in `s`: the defender's best answer when one is asked. */
  private policy(s: Pos): M {
    const who = s.phase === 'defend' ? other(s.active) : s.active;
    const key = `${who}#${posKey(s, who)}`;
    const hit = this.chosen.get(key);
    if (hit) return hit;
    let move: M;
    if (s.phase === 'defend') move = { type: 'defend', unit: bestDefence(s).unit };
    else {
      const moves: M[] = s.phase === 'gather' ? TERRITORIES.map((territory): M => ({ type: 'gather', territory })) : spendMoves(s);
      const scores = this.planner(who).scores(s, moves, LOOKAHEAD);
      let best = 0;
      for (let i = 1; i < moves.length; i++) if (scores[i]! > scores[best]!) best = i;
      move = moves[best]!;
    }
    if (this.chosen.size > 20_000) this.chosen.clear();
    this.chosen.set(key, move);
    return move;
  }

  /** The value for `seat` of `move` in `s`, played out on `rng`'s dice to the start of its next turn. */
  value(s: Pos, move: M, rng: Rng): number {
    let at = draw(outcomes(s, move), rng);
    for (let guard = 0; guard < 60 && at.winner === null; guard++) {
      this.tick();
      if (at.active === this.seat && at.phase === 'gather') break;
      at = draw(outcomes(at, this.policy(at)), rng);
    }
    if (at.winner !== null) return at.winner === this.seat ? 100 : -100;
    return judge(at, this.seat);
  }
}

/**
 * The hard move: the Planner ranks every move with the full LOOKAHEAD (its choice stands if the
 * work runs out before MIN_ROUNDS); then its best CANDIDATES moves are played out, round after round
 * on the same dice. Each runner-up is compared with the Planner's choice round by round (a paired
 * difference, so the dice they share cancel out); one that cannot plausibly beat it is dropped,
 * and the runner-up with the best mean difference replaces the choice if it beats it by
 * SWITCH_MARGIN. Counts of positions and rounds stop the search, so the same position and seed
 * give the same move on any machine that is not overloaded (the clock is only a safety net).
 */
export function hardSearch(s: Pos, seat: Seat, moves: M[], limits: SearchLimits, stats?: SearchStats): M {
  if (moves.length <= 1) return moves[0]!;
  let work = 0;
  const maxWork = limits.work ?? SEARCH_WORK;
  const until = limits.until;
  const tick = () => {
    work++;
    if (work > maxWork) throw new OutOfTime();
    // The clock as a safety net only, read now and then (see SearchLimits.until).
    if (until && (work & 255) === 0 && until.now() > until.at) throw new OutOfTime();
  };
  // Before the Planner has finished: the quick expected judgment.
  let order = moves.map((m, i) => ({ m, i, v: expectedAfter(s, seat, m) })).sort(byValue);
  let rounds = 0;
  let choice = 0;
  try {
    const playout = new Playout(seat, tick);
    const scores = playout.planner(seat).scores(s, moves, LOOKAHEAD);
    order = moves.map((m, i) => ({ m, i, v: scores[i]! })).sort(byValue);
    if (stats) stats.passes++;
    const candidates = order.slice(0, CANDIDATES);
    const sum = new Float64Array(candidates.length);
    const squares = new Float64Array(candidates.length);
    const alive = candidates.map((_, k) => k > 0);
    const seed = limits.seed ?? 'hard';
    const mean = (k: number, n: number) => sum[k]! / n;
    const stderr = (k: number, n: number) => Math.sqrt(Math.max(0, squares[k]! / n - mean(k, n) ** 2) / Math.max(1, n - 1));
    const best = (n: number) => {
      let pick = 0;
      for (let k = 1; k < candidates.length; k++) if (alive[k] && (pick === 0 || mean(k, n) > mean(pick, n))) pick = k;
      return pick;
    };
    for (; rounds < ROUNDS && alive.some(Boolean); rounds++) {
      const planned = playout.value(s, candidates[0]!.m, Rng.fromSeed(`${seed}/${rounds}`));
      for (let k = 1; k < candidates.length; k++) {
        if (!alive[k]) continue;
        const d = playout.value(s, candidates[k]!.m, Rng.fromSeed(`${seed}/${rounds}`)) - planned;
        sum[k] = sum[k]! + d;
        squares[k] = squares[k]! + d * d;
      }
      const n = rounds + 1;
      if (n >= MIN_ROUNDS) {
        for (let k = 1; k < candidates.length; k++) if (alive[k] && mean(k, n) + DROP_Z * stderr(k, n) < SWITCH_MARGIN) alive[k] = false;
        // The decision so far, kept if the work runs out in a later round.
        const k = best(n);
        choice = k > 0 && mean(k, n) > SWITCH_MARGIN ? k : 0;
      }
    }
    if (stats) stats.passes++;
  } catch (error) {
    if (!(error instanceof OutOfTime)) throw error;
  }
  if (stats) {
    stats.work = work;
    stats.rounds = rounds;
  }
  return order[choice]!.m;
}
