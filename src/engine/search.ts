// Generic Monte Carlo tree search over the game contract (UCT on information sets).
//
// Each iteration starts from a fresh "world": the position as the searching seat knows it, with
// dice, shuffles and hidden cards re-drawn (`game.determinize`, or re-seeding any saved PRNG).
// The tree is keyed by move sequences, not by states, so one tree serves every world; a child's
// exploration term counts only the iterations in which its move was available.
//
// Nothing here reads a clock: the caller passes `now` when it wants a wall-time budget, and an
// iteration cap alone gives reproducible results.
import type { GameDefinition, Outcome, Seat } from './contract.js';
import { Rng, rngFromSeed, type RngState } from './rng.js';

/** Game knowledge that steers the search. Every hook is optional: without any, playouts are random. */
export interface SearchGuide<State = any, Move = any> {
  /** Moves the tree considers at a node, best first; may prune. `depth` is 0 at the root. */
  candidates?(state: State, seat: Seat, moves: Move[], depth: number): Move[];
  /** One playout step. Default: uniformly random among the legal moves. */
  playoutMove?(state: State, seat: Seat, moves: Move[], rng: Rng): Move;
  /** The chance that `seat` wins from a running position, in [0, 1]. Used where playouts stop. */
  value?(state: State, seat: Seat): number;
  /** Plies played out before `value` is asked. Default: 0 with `value`, otherwise to the end. */
  playoutDepth?: number;
  /**
   * Trust in `value` as a minimax estimate, 0..1 (implicit minimax backups): each node also keeps
   * the best heuristic value its mover can reach below it, and selection blends that with the
   * playout average. Helps tactical games, where an average hides a refutation. Default 0.
   */
  minimaxWeight?: number;
  /**
   * Nothing random or hidden is left in the game: worlds need not be re-drawn, and positions
   * can be kept in the tree. Default: true only for games without `determinize` whose state
   * holds no saved PRNG.
   */
  deterministic?: boolean;
}

export interface SearchOptions {
  /** Seeds the search's own randomness and the re-drawn worlds. */
  seed: string;
  /** Stop after this many iterations. */
  iterations?: number;
  /** Stop once this many milliseconds have passed on `now`. */
  timeMs?: number;
  /** The clock for `timeMs`, e.g. `performance.now`. */
  now?: () => number;
  /** UCT exploration constant. */
  exploration?: number;
  /** Safety net for random playouts in games that run long. */
  maxPlayoutPlies?: number;
}

export interface RankedMove<Move> {
  move: Move;
  visits: number;
  /** Mean reward for the searching seat, 0..1. */
  value: number;
}

export interface SearchResult<Move> {
  move: Move;
  iterations: number;
  ranked: RankedMove<Move>[];
}

type Node = {
  /** The seat that made `move` to reach this node; its rewards are stored here. */
  mover: Seat;
  move: unknown;
  visits: number;
  total: number;
  /** Iterations in which this node's move was legal at its parent. */
  available: number;
  children: Map<string, Node>;
  /** Kept only in deterministic games, where a node stands for one position. */
  state?: unknown;
  candidates?: unknown[];
  /** Heuristic minimax value per seat, when implicit minimax is on. */
  minimax?: number[];
};

const DEFAULT_EXPLORATION = 0.7;
const DEFAULT_MAX_PLAYOUT = 1000;

/** A move's identity in the tree. Moves are plain JSON and `legalMoves` builds them stably. */
export const moveKey = (move: unknown): string => JSON.stringify(move);

/** Rewards of a finished game: 1 for a winner, 0 for a loser, ½ each in a draw. */
export function outcomeReward(outcome: Outcome, seat: Seat): number {
  if (outcome.draw || outcome.winners.length === 0) return 0.5;
  return outcome.winners.includes(seat) ? 1 : 0;
}

/** Whose decision the search follows: the first seat listed. */
export function seatToAct(game: GameDefinition, state: unknown): Seat | undefined {
  return game.toAct(state)[0];
}

/**
 * The position as `seat` knows it, with chance re-drawn from `seed`. Uses the game's
 * `determinize`; without one, any saved PRNG inside the state is re-seeded so the search
 * cannot foresee dice. (Hidden card orders need `determinize`.)
 */
export function sampleWorld<State>(game: GameDefinition<State>, state: State, seat: Seat, seed: string): State {
  if (game.determinize) return game.determinize(state, seat, seed);
  return reseedSavedRngs(state, seed);
}

function isRngState(value: unknown): value is RngState {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const v = value as Record<string, unknown>;
  return typeof v.i === 'number' && typeof v.j === 'number' && Array.isArray(v.S) && v.S.length === 256;
}

/** True when the state carries a seedrandom state anywhere. */
export function holdsSavedRng(state: unknown, depth = 0): boolean {
  if (typeof state !== 'object' || state === null || depth > 6) return false;
  if (isRngState(state)) return true;
  const values = Array.isArray(state) ? state : Object.values(state);
  return values.some((v) => holdsSavedRng(v, depth + 1));
}

/** A copy of `state` in which every saved PRNG is replaced by a fresh one from `seed`. */
export function reseedSavedRngs<T>(state: T, seed: string, path = '', depth = 0): T {
  if (typeof state !== 'object' || state === null || depth > 6) return state;
  if (isRngState(state)) return rngFromSeed(`${seed}${path}`) as T;
  let copy: any = null;
  const source = state as any;
  for (const key of Object.keys(source)) {
    const before = source[key];
    const after = reseedSavedRngs(before, seed, `${path}/${key}`, depth + 1);
    if (after !== before) {
      copy ??= Array.isArray(source) ? source.slice() : { ...source };
      copy[key] = after;
    }
  }
  return (copy ?? state) as T;
}

function newNode(mover: Seat, move: unknown): Node {
  return { mover, move, visits: 0, total: 0, available: 0, children: new Map() };
}

/**
 * Searches for `seat`'s move in `state`. Stops at `iterations`, at `timeMs`, or when the root
 * has only one candidate. Throws when `seat` has no legal move.
 */
export function searchMove<State, Move>(
  game: GameDefinition<State, Move>,
  state: State,
  seat: Seat,
  guide: SearchGuide<State, Move>,
  options: SearchOptions,
): SearchResult<Move> {
  const rng = Rng.fromSeed(`${options.seed}/search`);
  const exploration = options.exploration ?? DEFAULT_EXPLORATION;
  const maxPlayout = options.maxPlayoutPlies ?? DEFAULT_MAX_PLAYOUT;
  const playoutDepth = guide.playoutDepth ?? (guide.value ? 0 : Infinity);
  const deterministic = guide.deterministic ?? (!game.determinize && !holdsSavedRng(state));
  const now = options.now;
  const deadline = now && options.timeMs !== undefined ? now() + options.timeMs : undefined;
  const maxIterations = options.iterations ?? (deadline === undefined ? 1000 : Infinity);
  const minimaxWeight = guide.value ? Math.min(1, Math.max(0, guide.minimaxWeight ?? 0)) : 0;
  const seatCount = game.seats.max;

  const candidatesAt = (s: State, mover: Seat, depth: number): Move[] => {
    const legal = game.legalMoves(s, mover);
    return guide.candidates && legal.length > 1 ? guide.candidates(s, mover, legal, depth) : legal;
  };

  // The seat knows its own options: the root's moves come from the real position, once.
  const root = newNode(-1, null);
  const rootMoves = candidatesAt(state, seat, 0);
  if (rootMoves.length === 0) throw new Error(`seat ${seat} has no legal move`);
  if (rootMoves.length === 1) return { move: rootMoves[0]!, iterations: 0, ranked: [{ move: rootMoves[0]!, visits: 0, value: 0.5 }] };
  root.candidates = rootMoves;
  if (deterministic) root.state = state;

  let iterations = 0;
  while (iterations < maxIterations) {
    if (deadline !== undefined && iterations > 0 && now!() >= deadline) break;
    const world = deterministic ? state : sampleWorld(game, state, seat, `${options.seed}/w${iterations}`);
    iterate(world);
    iterations++;
  }

  function iterate(world: State): void {
    const path: Node[] = [root];
    let node = root;
    let current = world;
    let depth = 0;
    let mover: Seat | undefined = seat;
    // Selection and expansion.
    for (;;) {
      if (game.outcome(current) || mover === undefined) break;
      const moves = (node.candidates as Move[] | undefined) ?? candidatesAt(current, mover, depth);
      if (deterministic) node.candidates = moves;
      if (moves.length === 0) break;
      let chosen: Node | undefined;
      let chosenMove: Move | undefined;
      let expanded = false;
      for (const move of moves) {
        const key = moveKey(move);
        let child = node.children.get(key);
        if (!child) {
          child = newNode(mover, move);
          node.children.set(key, child);
        }
        child.available++;
        if (!expanded && child.visits === 0 && !chosen) {
          chosen = child;
          chosenMove = move;
          expanded = true;
        }
      }
      if (!chosen) {
        let best = -Infinity;
        for (const move of moves) {
          const child = node.children.get(moveKey(move))!;
          let mean = child.total / child.visits;
          if (minimaxWeight > 0 && child.minimax) mean = (1 - minimaxWeight) * mean + minimaxWeight * child.minimax[child.mover]!;
          const score = mean + exploration * Math.sqrt(Math.log(child.available) / child.visits);
          if (score > best) {
            best = score;
            chosen = child;
            chosenMove = move;
          }
        }
      }
      node = chosen!;
      path.push(node);
      depth++;
      if (deterministic && node.state !== undefined) {
        current = node.state as State;
      } else {
        const played = game.play(current, mover, chosenMove!);
        if (!played.ok) {
          // A move this world does not allow (the real position allowed it): learn nothing here.
          if (!deterministic) return;
          throw new Error(`search: legal move refused: ${played.error.message}`);
        }
        current = played.value.state;
        if (deterministic) node.state = current;
      }
      mover = seatToAct(game, current);
      if (expanded) break;
    }
    const reward = playout(current, mover);
    for (const n of path) {
      n.visits++;
      if (n.mover >= 0) n.total += reward(n.mover);
    }
    if (minimaxWeight > 0) backUpMinimax(path, current, reward);
  }

  /** The leaf's heuristic values, then each ancestor takes its best child's (max^n). */
  function backUpMinimax(path: Node[], leafState: State, reward: (s: Seat) => number): void {
    const leaf = path[path.length - 1]!;
    if (!leaf.minimax || leaf.children.size === 0) {
      const outcome = game.outcome(leafState);
      leaf.minimax = Array.from({ length: seatCount }, (_, s) =>
        outcome ? outcomeReward(outcome, s) : playoutDepth === 0 ? reward(s) : guide.value!(leafState, s),
      );
    }
    for (let i = path.length - 2; i >= 0; i--) {
      const node = path[i]!;
      let best: number[] | undefined;
      for (const child of node.children.values()) {
        if (child.minimax && (!best || child.minimax[child.mover]! > best[child.mover]!)) best = child.minimax;
      }
      if (!best) break;
      node.minimax = best;
    }
  }

  function playout(start: State, firstMover: Seat | undefined): (s: Seat) => number {
    let current = start;
    let mover = firstMover;
    let plies = 0;
    for (;;) {
      const outcome = game.outcome(current);
      if (outcome) return (s) => outcomeReward(outcome, s);
      if (mover === undefined) return () => 0.5;
      if (plies >= playoutDepth || plies >= maxPlayout) break;
      // A long random playout must not overrun the time budget on its own.
      if (deadline !== undefined && (plies & 31) === 31 && now!() >= deadline) break;
      const moves = game.legalMoves(current, mover);
      if (moves.length === 0) return () => 0.5;
      const move = guide.playoutMove ? guide.playoutMove(current, mover, moves, rng) : rng.pick(moves);
      const played = game.play(current, mover, move);
      if (!played.ok) throw new Error(`search: legal move refused: ${played.error.message}`);
      current = played.value.state;
      mover = seatToAct(game, current);
      plies++;
    }
    const value = guide.value;
    if (!value) return () => 0.5;
    const cache = new Map<Seat, number>();
    const final = current;
    return (s) => {
      let v = cache.get(s);
      if (v === undefined) {
        v = value(final, s);
        cache.set(s, v);
      }
      return v;
    };
  }

  // Over many worlds the root's moves may differ; rank only those legal in the real position.
  const legal = game.legalMoves(state, seat);
  const ranked: RankedMove<Move>[] = [];
  for (const move of legal) {
    const child = root.children.get(moveKey(move));
    if (child) ranked.push({ move, visits: child.visits, value: child.visits > 0 ? child.total / child.visits : 0 });
  }
  ranked.sort((a, b) => b.visits - a.visits || b.value - a.value);
  const best = ranked[0] ?? { move: rootMoves[0]!, visits: 0, value: 0 };
  return { move: best.move, iterations, ranked };
}
