// AI players: chooseMove picks a move for an `ai` seat at one of three levels (shared/ENGINE.md).
// It is synchronous and may take up to its budget of CPU, so the bot calls it through the worker
// pool in ./pool.ts, never on its event loop.
import { performance } from 'node:perf_hooks';
import type { AiLevel, GameDefinition, Seat } from '../engine/contract.js';
import { Rng } from '../engine/rng.js';
import { heuristicsFor } from './heuristics/index.js';
import { easyMove, hardMove, normalMove, type Clock } from './levels.js';

export type { AiLevel } from '../engine/contract.js';

export interface AiBudget {
  /** Wall time allowed for this move. The search stops well before it (`searchShare`), leaving room to reply. */
  timeMs: number;
  /** Seeds the AI's own randomness; see `aiSeed`. */
  seed: string;
  /**
   * Fixed work instead of the clock, for reproducible tests and benchmarks: search iterations
   * for `hard` (and a quarter of them for a game without heuristics at `normal`). With it the
   * clock is never read.
   */
  iterations?: number;
}

/** The wall time each level is meant to take (shared/ENGINE.md: normal ≤ 0.5 s, hard ≤ 2 s). */
export const levelTimeMs: Record<AiLevel, number> = { easy: 500, normal: 500, hard: 2000 };

/**
 * The share of the budget a level searches for. `normal` stops widening only between its
 * candidate moves, so it keeps more in reserve; `hard` checks the clock every iteration.
 */
const searchShare: Record<AiLevel, number> = { easy: 0.8, normal: 0.7, hard: 0.8 };

/** The AI's seed for a move: the game's seed and the move number, so AI games replay. */
export function aiSeed(gameSeed: string, moveNumber: number): string {
  return `${gameSeed}/ai/${moveNumber}`;
}

/** A budget for `level` at a move, with the level's usual time. */
export function levelBudget(level: AiLevel, seed: string): AiBudget {
  return { timeMs: levelTimeMs[level], seed };
}

/** The move `seat` plays at `level`. Throws when the seat has no legal move. */
export function chooseMove<State, Move>(
  game: GameDefinition<State, Move>,
  state: State,
  seat: Seat,
  level: AiLevel,
  budget: AiBudget,
): Move {
  const start = budget.iterations === undefined ? performance.now() : 0;
  const legal = game.legalMoves(state, seat);
  if (legal.length === 0) throw new Error(`${game.id}: seat ${seat} has no legal move`);
  if (legal.length === 1) return legal[0]!;
  const heuristics = heuristicsFor(game) as Parameters<typeof easyMove<State, Move>>[4];
  const seed = `${budget.seed}/${level}`;
  const rng = Rng.fromSeed(seed);
  const clock: Clock =
    budget.iterations === undefined ? { now: () => performance.now(), deadline: start + searchShare[level] * budget.timeMs } : null;
  switch (level) {
    case 'easy':
      return easyMove(game, state, seat, legal, heuristics, rng, seed);
    case 'normal':
      return normalMove(game, state, seat, legal, heuristics, rng, seed, clock, budget.iterations);
    case 'hard':
      return hardMove(game, state, seat, heuristics, seed, clock, budget.iterations);
    default:
      throw new Error(`unknown AI level: ${String(level)}`);
  }
}
