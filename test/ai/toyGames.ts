// Small games behind the full contract, to test the AI players without a real game's cost.
import type { GameDefinition, Seat } from '../../src/engine/contract.js';
import { err, ok } from '../../src/engine/result.js';
import { draw, rngFromSeed, type RngState } from '../../src/engine/rng.js';

// ---- Nim: take 1–3 stones from one pile; whoever takes the last stone wins. ----
export type NimState = { piles: number[]; turn: Seat; winner: Seat | null };
export type NimMove = { pile: number; take: number };

export const nim: GameDefinition<NimState, NimMove, { piles: number[] }> = {
  id: 'toy-nim',
  title: 'Nim',
  seats: { min: 2, max: 2 },
  defaultOptions: { piles: [3, 4, 5] },
  parseOptions: (raw) => ok({ piles: Array.isArray(raw.piles) ? raw.piles.map(Number) : [3, 4, 5] }),
  setup: (_seed, _seats, options) => ({ piles: options.piles.slice(), turn: 0, winner: null }),
  toAct: (s) => (s.winner === null ? [s.turn] : []),
  legalMoves(s, seat) {
    if (s.winner !== null || seat !== s.turn) return [];
    const moves: NimMove[] = [];
    s.piles.forEach((n, pile) => {
      for (let take = 1; take <= Math.min(3, n); take++) moves.push({ pile, take });
    });
    return moves;
  },
  play(s, seat, move) {
    if (s.winner !== null) return err('over', 'The game is over.');
    if (seat !== s.turn) return err('turn', 'Not your turn.');
    const n = s.piles[move?.pile];
    if (n === undefined || !Number.isInteger(move.take) || move.take < 1 || move.take > Math.min(3, n)) {
      return err('illegal', 'Illegal take.');
    }
    const piles = s.piles.slice();
    piles[move.pile] = n - move.take;
    const done = piles.every((p) => p === 0);
    return ok({ state: { piles, turn: 1 - seat, winner: done ? seat : null }, events: [] });
  },
  outcome: (s) => (s.winner === null ? null : { winners: [s.winner], draw: false, reason: 'last stone' }),
  formatMove: (_s, _seat, m) => `${m.pile}:${m.take}`,
  parseMove(_s, _seat, text) {
    const [pile, take] = text.split(':').map(Number);
    return pile === undefined || take === undefined ? err('parse', 'Write pile:take.') : ok({ pile, take });
  },
  view: (s) => ({ ...s }),
};

// ---- Tic-tac-toe. ----
export type TttState = { board: (Seat | null)[]; turn: Seat };
export type TttMove = { cell: number };
const LINES = [
  [0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6],
];
function tttWinner(board: (Seat | null)[]): Seat | null {
  for (const [a, b, c] of LINES) {
    const v = board[a!];
    if (v !== null && v !== undefined && v === board[b!] && v === board[c!]) return v;
  }
  return null;
}

export const ticTacToe: GameDefinition<TttState, TttMove, object> = {
  id: 'toy-ttt',
  title: 'Tic-tac-toe',
  seats: { min: 2, max: 2 },
  defaultOptions: {},
  parseOptions: () => ok({}),
  setup: () => ({ board: Array(9).fill(null), turn: 0 }),
  toAct: (s) => (ticTacToe.outcome(s) ? [] : [s.turn]),
  legalMoves(s, seat) {
    if (ticTacToe.outcome(s) || seat !== s.turn) return [];
    return s.board.flatMap((v, cell) => (v === null ? [{ cell }] : []));
  },
  play(s, seat, move) {
    if (ticTacToe.outcome(s)) return err('over', 'The game is over.');
    if (seat !== s.turn) return err('turn', 'Not your turn.');
    if (!Number.isInteger(move?.cell) || s.board[move.cell] !== null) return err('illegal', 'Cell taken.');
    const board = s.board.slice();
    board[move.cell] = seat;
    return ok({ state: { board, turn: 1 - seat }, events: [] });
  },
  outcome(s) {
    const w = tttWinner(s.board);
    if (w !== null) return { winners: [w], draw: false, reason: 'three in a row' };
    if (s.board.every((v) => v !== null)) return { winners: [], draw: true, reason: 'board full' };
    return null;
  },
  formatMove: (_s, _seat, m) => String(m.cell),
  parseMove: (_s, _seat, text) => ok({ cell: Number(text) }),
  view: (s) => ({ ...s }),
};

// ---- Pig: roll a die to build a turn total (a 1 loses it) or hold to bank it. ----
export type PigState = { scores: number[]; turnTotal: number; turn: Seat; target: number; rng: RngState };
export type PigMove = { type: 'roll' } | { type: 'hold' };

function pigPlay(s: PigState, seat: Seat, move: PigMove) {
  if (pig.outcome(s)) return err('over', 'The game is over.');
  if (seat !== s.turn) return err('turn', 'Not your turn.');
  if (move?.type === 'hold') {
    const scores = s.scores.slice();
    scores[seat] = scores[seat]! + s.turnTotal;
    return ok({ state: { ...s, scores, turnTotal: 0, turn: 1 - seat }, events: [] });
  }
  if (move?.type !== 'roll') return err('illegal', 'Roll or hold.');
  const [roll, rng] = draw(s.rng, (r) => r.die(6));
  if (roll === 1) return ok({ state: { ...s, rng, turnTotal: 0, turn: 1 - seat }, events: [{ type: 'roll', text: '1', roll }] });
  return ok({ state: { ...s, rng, turnTotal: s.turnTotal + roll }, events: [{ type: 'roll', text: String(roll), roll }] });
}

export const pig: GameDefinition<PigState, PigMove, { target: number }> = {
  id: 'toy-pig',
  title: 'Pig',
  seats: { min: 2, max: 2 },
  defaultOptions: { target: 30 },
  parseOptions: (raw) => ok({ target: typeof raw.target === 'number' ? raw.target : 30 }),
  setup: (seed, _seats, options) => ({ scores: [0, 0], turnTotal: 0, turn: 0, target: options.target, rng: rngFromSeed(seed) }),
  toAct: (s) => (pig.outcome(s) ? [] : [s.turn]),
  legalMoves(s, seat) {
    if (pig.outcome(s) || seat !== s.turn) return [];
    return s.turnTotal > 0 ? [{ type: 'roll' }, { type: 'hold' }] : [{ type: 'roll' }];
  },
  play: pigPlay,
  outcome(s) {
    const w = s.scores.findIndex((v, seat) => v + (seat === s.turn ? s.turnTotal : 0) >= s.target);
    return w >= 0 ? { winners: [w], draw: false, reason: 'target reached', scores: s.scores } : null;
  },
  formatMove: (_s, _seat, m) => m.type,
  parseMove: (_s, _seat, text) => ok({ type: text.trim().toLowerCase() === 'hold' ? 'hold' : 'roll' }),
  view: (s) => ({ scores: s.scores, turnTotal: s.turnTotal, turn: s.turn }),
  determinize: (s, _seat, seed) => ({ ...s, rng: rngFromSeed(seed) }),
};

/** Plays a game to the end with a chooser per seat; returns the outcome and the number of moves. */
export function playGame<S, M>(
  game: GameDefinition<S, M>,
  state: S,
  choose: (state: S, seat: Seat, ply: number) => M,
  maxPlies = 10_000,
) {
  let s = state;
  let ply = 0;
  while (!game.outcome(s) && ply < maxPlies) {
    const seat = game.toAct(s)[0];
    if (seat === undefined) break;
    const played = game.play(s, seat, choose(s, seat, ply));
    if (!played.ok) throw new Error(played.error.message);
    s = played.value.state;
    ply++;
  }
  return { outcome: game.outcome(s), state: s, plies: ply };
}

// ---- Faulty games, to test the worker pool: one kills its thread, one never answers. ----
export const crashingGame: GameDefinition<NimState, NimMove, { piles: number[] }> = {
  ...nim,
  id: 'toy-crash',
  legalMoves(s, seat) {
    process.exit(7);
    return nim.legalMoves(s, seat);
  },
};

export const hangingGame: GameDefinition<NimState, NimMove, { piles: number[] }> = {
  ...nim,
  id: 'toy-hang',
  legalMoves(s, seat) {
    // Its thread blocks, never woken, using no CPU while the pool's hard timeout runs out (a busy
    // loop here burned a core for as long).
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
    return nim.legalMoves(s, seat);
  },
};
