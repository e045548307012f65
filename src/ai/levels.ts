// The three AI levels. Each sees the position as its seat knows it: chance and hidden cards are
// re-drawn (sampleWorld) before any look-ahead, so no level foresees dice or deck order.
import type { GameDefinition, Seat } from '../engine/contract.js';
import { Rng } from '../engine/rng.js';
import { outcomeReward, sampleWorld, searchMove, seatToAct, type SearchGuide } from '../engine/search.js';
import { tuningFor, type GameHeuristics } from './heuristics/index.js';

export type Clock = { now: () => number; deadline: number } | null;

const expired = (clock: Clock) => clock !== null && clock.now() >= clock.deadline;

/** Gaussian noise (Box–Muller) from the AI's seeded generator. */
function gaussian(rng: Rng): number {
  const u = Math.max(rng.next(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng.next());
}

function mustPlay<S, M>(game: GameDefinition<S, M>, state: S, seat: Seat, move: M): S {
  const played = game.play(state, seat, move);
  if (!played.ok) throw new Error(`legal move refused: ${played.error.message}`);
  return played.value.state;
}

/** How a finished or running position scores for `seat` with the heuristics. */
function score<S>(game: GameDefinition<S>, h: GameHeuristics<S>, state: S, seat: Seat): number {
  const outcome = game.outcome(state);
  if (outcome) return (outcomeReward(outcome, seat) * 2 - 1) * h.decisive;
  return h.evaluate(state, seat);
}

/** `easy`: one ply, judged quickly, with noise. Without heuristics: an immediate win, else random. */
export function easyMove<S, M>(
  game: GameDefinition<S, M>, state: S, seat: Seat, legal: M[], h: GameHeuristics<S, M> | undefined, rng: Rng, seed: string,
): M {
  const world = sampleWorld(game, state, seat, `${seed}/easy`);
  if (!h) {
    for (const move of legal) {
      const outcome = game.outcome(mustPlay(game, world, seat, move));
      if (outcome && outcomeReward(outcome, seat) === 1) return move;
    }
    return rng.pick(legal);
  }
  const tuning = tuningFor(h);
  const candidates = h.orderMoves(world, seat, legal, tuning.easyWidth, false);
  const quick = h.quickScores?.(world, seat, candidates)
    ?? candidates.map((m) => score(game, h, mustPlay(game, world, seat, m), seat));
  let best: M = candidates[0]!;
  let bestScore = -Infinity;
  candidates.forEach((move, i) => {
    const s = quick[i]! + tuning.easyNoise * gaussian(rng);
    if (s > bestScore) {
      bestScore = s;
      best = move;
    }
  });
  return best;
}

/**
 * `normal`: the game's own casual player where it has one (Dice Realms: a shorter turn plan than
 * hard's, now and then taking a nearly-as-good runner-up). Otherwise my best few moves against the
 * opponent's best few replies, judged by `evaluate` (two plies), widening until the clock runs
 * out. Without heuristics: a small search.
 */
export function normalMove<S, M>(
  game: GameDefinition<S, M>, state: S, seat: Seat, legal: M[], h: GameHeuristics<S, M> | undefined, rng: Rng,
  seed: string, clock: Clock, iterations: number | undefined,
): M {
  if (!h) return searchMove(game, state, seat, {}, searchBudget(seed, clock, iterations === undefined ? undefined : Math.ceil(iterations / 4))).move;
  const tuning = tuningFor(h);
  const world = sampleWorld(game, state, seat, `${seed}/normal`);
  if (h.normal) {
    const chosen = h.normal(world, seat, game.legalMoves(world, seat), rng);
    return legal.find((m) => JSON.stringify(m) === JSON.stringify(chosen)) ?? chosen;
  }
  const mine = h.orderMoves(world, seat, game.legalMoves(world, seat), tuning.normalWidth, true);
  let best: M = mine[0]!;
  let bestValue = -Infinity;
  for (const move of mine) {
    if (expired(clock) && bestValue > -Infinity) break;
    const after = mustPlay(game, world, seat, move);
    let value: number;
    const next = seatToAct(game, after);
    if (game.outcome(after) || next === undefined) {
      value = score(game, h, after, seat);
    } else {
      const replies = h.orderMoves(after, next, game.legalMoves(after, next), tuning.normalReplies, false);
      value = next === seat ? -Infinity : Infinity;
      for (const reply of replies) {
        const v = score(game, h, mustPlay(game, after, next, reply), seat);
        value = next === seat ? Math.max(value, v) : Math.min(value, v);
      }
      if (replies.length === 0) value = score(game, h, after, seat);
    }
    value += 1e-6 * rng.next();
    if (value > bestValue) {
      bestValue = value;
      best = move;
    }
  }
  return legal.find((m) => JSON.stringify(m) === JSON.stringify(best)) ?? best;
}

/** How far past its deadline a game's own search may run, in lengths of its search time. */
const SAFETY_FACTOR = 1.5;

/** `hard`: Monte Carlo tree search, pruned and judged by the heuristics when there are some. */
export function hardMove<S, M>(
  game: GameDefinition<S, M>, state: S, seat: Seat, h: GameHeuristics<S, M> | undefined,
  seed: string, clock: Clock, iterations: number | undefined,
): M {
  if (h?.search) {
    // The game's own search (Dice Realms: the turn plan checked by rollouts on the AI's own
    // seeded dice). It stops on counts, its own or the budget's iterations, so a move is the same
    // on a busy machine; its counts are sized to the level's time. Only on a machine so busy that
    // they would take more than about twice that time does the clock stop it (the worker pool
    // stops a move at three times its budget, and the AI's move would then be lost).
    const until = clock ? { now: clock.now, at: clock.deadline + SAFETY_FACTOR * (clock.deadline - clock.now()) } : undefined;
    const limits = { work: iterations === undefined ? undefined : iterations * (h.workPerIteration ?? 1), seed, until };
    return h.search(state, seat, game.legalMoves(state, seat), limits);
  }
  return searchMove(game, state, seat, hardGuide(h), {
    ...searchBudget(seed, clock, iterations),
    exploration: h ? tuningFor(h).hardExploration : undefined,
  }).move;
}

export function hardGuide<S, M>(h: GameHeuristics<S, M> | undefined): SearchGuide<S, M> {
  if (!h) return {};
  const tuning = tuningFor(h);
  return {
    candidates: (s, seat, moves, depth) =>
      h.orderMoves(s, seat, moves, depth === 0 ? tuning.hardRootWidth : tuning.hardWidth, depth === 0),
    value: (s, seat) => 1 / (1 + Math.exp(-h.evaluate(s, seat) / h.scale)),
    playoutMove: h.playoutMove,
    playoutDepth: tuning.hardPlayoutDepth,
    minimaxWeight: tuning.hardMinimaxWeight,
    deterministic: h.deterministic,
  };
}

function searchBudget(seed: string, clock: Clock, iterations: number | undefined) {
  if (iterations !== undefined || clock === null) return { seed, iterations: iterations ?? 1000 };
  return { seed, now: clock.now, timeMs: Math.max(0, clock.deadline - clock.now()) };
}
