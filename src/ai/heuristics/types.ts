// The shape of a game's heuristics, apart from the registry in ./index.ts: each game's heuristics
// implement it, and the registry imports them.
import type { GameDefinition, Seat } from '../../engine/contract.js';
import type { Rng } from '../../engine/rng.js';

/** Limits of a game's own search. */
export type SearchLimits = {
  work?: number;
  seed?: string;
  /** Stop, keeping the decision so far, once `now()` passes `at` (never in tests: they fix the work). */
  until?: { now: () => number; at: number };
};

export interface GameHeuristics<State = any, Move = any> {
  /**
   * How good the position is for `seat`: positive is better, 0 even. Finished games score
   * ±`decisive`. Should read the position as the side to move will exploit it (threats count).
   */
  evaluate(state: State, seat: Seat): number;
  /** `evaluate` through a logistic of this scale gives a win probability for the search. */
  scale: number;
  /** The score of a won game; finished positions evaluate to ±decisive. */
  decisive: number;
  /**
   * Candidate moves, best first, at most `limit` of them. Cheap: no full look-ahead.
   * `thorough` asks for a slower, better ordering (at the root and near it).
   */
  orderMoves(state: State, seat: Seat, moves: Move[], limit: number, thorough: boolean): Move[];
  /** The quick judgment `orderMoves` ranks by, for noisy greedy play; higher is better. */
  quickScores?(state: State, seat: Seat, moves: Move[]): number[];
  /** A fast, sensible move for playouts. */
  playoutMove?(state: State, seat: Seat, moves: Move[], rng: Rng): Move;
  /**
   * A game's own search for `hard`, used instead of the generic MCTS: the move for `seat` among
   * `moves` (its legal moves), within a fixed amount of `work` (its own default without one),
   * its own randomness drawn from `seed`. It is sized to the budget and stops on counts; the
   * clock is only a safety net (`until`), for a machine so busy that the counts would overrun
   * the time after which the worker is stopped.
   */
  search?(state: State, seat: Seat, moves: Move[], limits: SearchLimits): Move;
  /**
   * A game's own `normal` player, used instead of the generic two-ply look: the move for `seat`
   * among `moves`, any chance in its choice drawn from `rng` (the AI's seeded generator).
   */
  normal?(state: State, seat: Seat, moves: Move[], rng: Rng): Move;
  /** Work units of `search` that one search iteration of a fixed budget stands for. */
  workPerIteration?: number;
  /** Nothing random or hidden remains once the game is set up. */
  deterministic?: boolean;
  /** Per-level tuning. */
  tuning?: Partial<HeuristicTuning>;
}

export interface HeuristicTuning {
  /** Moves `easy` weighs, and the noise it adds (in `evaluate` units). */
  easyWidth: number;
  easyNoise: number;
  /** My moves and the replies to each that `normal` looks at. */
  normalWidth: number;
  normalReplies: number;
  /** Tree width at the root and below it for `hard`; plies played out before evaluating. */
  hardRootWidth: number;
  hardWidth: number;
  hardPlayoutDepth: number;
  hardExploration: number;
  /** Trust in `evaluate` as a minimax estimate inside the tree (SearchGuide.minimaxWeight). */
  hardMinimaxWeight: number;
}

/** Builds a game's heuristics around its definition (they read positions through `view`). */
export type HeuristicsFactory = (game: GameDefinition) => GameHeuristics;
