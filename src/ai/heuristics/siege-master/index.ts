// How a good Siege Master player judges a position and a placement (shared/games/siege-master.md):
// - seal small regions: a placement that leaves no room for an army there captures its fortresses;
// - deny the opponent's sieges: after my move, what is the best they can capture at once?
// - respect forced-adjacency tempo: a quiet move forces the reply next to it; when the replies
//   are few, look at each and at what it leaves me;
// - count the fortress lead, and swap when Red's opening is worth more than moving first.
import type { GameDefinition, Seat } from '../../../engine/contract.js';
import type { Rng } from '../../../engine/rng.js';
import { outcomeReward } from '../../../engine/search.js';
import type { GameHeuristics, HeuristicsFactory } from '../types.js';
import { SiegeBoard, type SiegeView } from './board.js';

type PlaceMove = { type: 'place'; cell: string; dir: string; cells: string[] };
type SiegeMove = PlaceMove | { type: 'swap' } | { type: 'fort'; cell: string };

const DECISIVE = 100;
/** Weight of one fortress captured now, and of one the opponent can capture in reply. */
const GAIN = 10;
const REPLY = 9;
/** A forcing move: when the opponent has at most this many replies, each is read. */
const FORCING_REPLIES = 4;
/** How much of the opponent's next capture the side that captures first must expect to concede. */
const CONCEDE = 0.7;

export const siegeMasterHeuristics: HeuristicsFactory = (game: GameDefinition): GameHeuristics<unknown, SiegeMove> => {
  const boards = new WeakMap<object, SiegeBoard>();
  const boardOf = (state: unknown): SiegeBoard => {
    let board = boards.get(state as object);
    if (!board) {
      board = SiegeBoard.fromView(game.view(state) as SiegeView, game.toAct(state)[0] ?? 0);
      boards.set(state as object, board);
    }
    return board;
  };

  /** The position from the side to move's chair, in fortresses: lead, plus the capture it can take now. */
  function moverEstimate(board: SiegeBoard): number {
    const t = board.toMove;
    const o = 1 - t;
    const lead = board.captured[t]! - board.captured[o]!;
    const now = board.bestCapture();
    if (now.gain === 0) return lead;
    if (board.captured[t]! + now.gain >= board.majority) return DECISIVE * 0.9;
    const after = board.place(now.line);
    const reply = after.bestCapture();
    if (after.captured[o]! + reply.gain >= after.majority) return lead + now.gain - reply.gain - 3;
    return lead + now.gain - CONCEDE * reply.gain;
  }

  /** What the side to move gains by placing `line`, net of the opponent's best answer. */
  function placementScore(board: SiegeBoard, line: number, thorough: boolean): number {
    const seat = board.toMove;
    const gain = board.captureOf(line);
    if (board.captured[seat]! + gain >= board.majority) return 1000 + gain;
    if (!thorough) return GAIN * gain;
    const after = board.place(line);
    const replies = after.allowedLines();
    if (gain === 0 && replies.length <= FORCING_REPLIES) {
      // A forcing move: the opponent picks the reply that is best for them.
      let worst = -Infinity;
      for (const r of replies) {
        const theirs = after.captureOf(r);
        if (after.captured[1 - seat]! + theirs >= after.majority) return -500;
        const mine = after.place(r).bestCapture().gain;
        worst = Math.max(worst, GAIN * theirs - REPLY * mine);
      }
      return -worst;
    }
    const reply = after.bestCapture(replies);
    if (after.captured[1 - seat]! + reply.gain >= after.majority) return GAIN * gain - 500;
    return GAIN * gain - REPLY * reply.gain;
  }

  function scoreMoves(state: unknown, seat: Seat, moves: SiegeMove[], thorough: boolean): number[] {
    const board = boardOf(state);
    const mover = board.toMove === seat ? board : SiegeBoard.fromView(game.view(state) as SiegeView, seat);
    return moves.map((move, i) => {
      // A small, fixed spread so equal moves do not all pile up in the board's top-left corner.
      const jitter = (((i + 1) * 2654435761) % 1000) / 1e5;
      if (move.type === 'place') {
        const line = mover.lineOfCells(move.cells);
        return line < 0 ? -1e6 : placementScore(mover, line, thorough) + jitter;
      }
      if (move.type === 'swap') {
        const swapped = mover.swapped();
        const taken = swapped.captured[seat]! - mover.captured[seat]!;
        const reply = thorough ? swapped.bestCapture().gain : 0;
        // Trading places is worth twice what Red captured; moving second on an empty board is the default.
        return GAIN * 2 * taken - REPLY * reply - (taken === 0 ? 1 : 0);
      }
      return jitter;
    });
  }

  function orderMoves(state: unknown, seat: Seat, moves: SiegeMove[], limit: number, thorough: boolean): SiegeMove[] {
    const scores = scoreMoves(state, seat, moves, thorough);
    const order = moves.map((_, i) => i).sort((a, b) => scores[b]! - scores[a]!);
    const picked = order.slice(0, limit);
    // The swap is a decision of its own: always let the search weigh it.
    const swap = moves.findIndex((m) => m.type === 'swap');
    if (swap >= 0 && !picked.includes(swap)) picked[picked.length - 1] = swap;
    return picked.map((i) => moves[i]!);
  }

  function playoutMove(state: unknown, seat: Seat, moves: SiegeMove[], rng: Rng): SiegeMove {
    const board = boardOf(state);
    if (board.toMove !== seat) return rng.pick(moves);
    let best: SiegeMove | undefined;
    let bestGain = 0;
    for (const move of moves) {
      if (move.type !== 'place') continue;
      const line = board.lineOfCells(move.cells);
      const gain = line < 0 ? 0 : board.captureOf(line);
      if (gain > bestGain) {
        bestGain = gain;
        best = move;
      }
    }
    if (best) return best;
    // Otherwise a random move that gives nothing away at once, if one turns up quickly.
    for (let tries = 0; tries < 6; tries++) {
      const move = rng.pick(moves);
      if (move.type !== 'place') return move;
      const line = board.lineOfCells(move.cells);
      if (line >= 0 && board.place(line).bestCapture().gain === 0) return move;
    }
    return rng.pick(moves);
  }

  return {
    evaluate(state, seat) {
      const outcome = game.outcome(state);
      if (outcome) return (outcomeReward(outcome, seat) * 2 - 1) * DECISIVE;
      const board = boardOf(state);
      const value = moverEstimate(board);
      return seat === board.toMove ? value : -value;
    },
    scale: 1.5,
    decisive: DECISIVE,
    orderMoves,
    quickScores: (state, seat, moves) => scoreMoves(state, seat, moves, false),
    playoutMove,
    deterministic: true,
    tuning: { easyWidth: 40, easyNoise: 4, hardRootWidth: 20, hardWidth: 10, hardExploration: 0.4, hardMinimaxWeight: 0.5 },
  };
};
