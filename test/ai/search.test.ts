import { describe, expect, it } from 'vitest';
import { chooseMove, type AiLevel } from '../../src/ai/index.js';
import { registerHeuristics } from '../../src/ai/heuristics/index.js';
import { holdsSavedRng, reseedSavedRngs, searchMove } from '../../src/engine/search.js';
import { Rng } from '../../src/engine/rng.js';
import { nim, pig, playGame, ticTacToe, type PigState, type TttState } from './toyGames.js';

const levels: AiLevel[] = ['easy', 'normal', 'hard'];
const fixed = (seed: string, iterations = 400) => ({ timeMs: 10_000, seed, iterations });
const key = (m: unknown) => JSON.stringify(m);

describe('generic search, given a game with no heuristics', () => {
  it('finds the only winning move in Nim', () => {
    const state = nim.setup('s', [], { piles: [2, 3] });
    const result = searchMove(nim, state, 0, {}, { seed: 'nim', iterations: 3000 });
    expect(result.move).toEqual({ pile: 1, take: 1 });
  });

  it('takes a win and blocks a loss in tic-tac-toe', () => {
    // X X .    X to move wins at 2.
    // O O .
    // . . .
    const win: TttState = { board: [0, 0, null, 1, 1, null, null, null, null], turn: 0 };
    expect(chooseMove(ticTacToe, win, 0, 'hard', fixed('w'))).toEqual({ cell: 2 });
    // . . .    O to move must block at 8.
    // . O .
    // X X .
    const block: TttState = { board: [null, null, null, null, 1, null, 0, 0, null], turn: 1 };
    expect(chooseMove(ticTacToe, block, 1, 'hard', fixed('b'))).toEqual({ cell: 8 });
  });

  it('never loses tic-tac-toe to a random player', () => {
    for (let g = 0; g < 10; g++) {
      const rng = Rng.fromSeed(`ttt-${g}`);
      const aiSeat = g % 2;
      const { outcome } = playGame(ticTacToe, ticTacToe.setup('', [], {}), (s, seat, ply) =>
        seat === aiSeat
          ? chooseMove(ticTacToe, s, seat, 'hard', fixed(`g${g}/${ply}`, 600))
          : rng.pick(ticTacToe.legalMoves(s, seat)),
      );
      expect(outcome!.winners).not.toContain(1 - aiSeat);
    }
  });

  it('returns a legal move at every level in every toy game', () => {
    for (const game of [nim, ticTacToe, pig] as const) {
      const state = (game.setup as (seed: string, seats: never[], o: unknown) => unknown)('seed', [], game.defaultOptions);
      for (const level of levels) {
        const move = chooseMove(game as never, state, 0, level, fixed(`${game.id}-${level}`, 200));
        expect(game.legalMoves(state as never, 0).map(key)).toContain(key(move));
      }
    }
  });

  it('gives the same move for the same seed and iteration cap', () => {
    const state = playGame(ticTacToe, ticTacToe.setup('', [], {}), (s, seat) => ticTacToe.legalMoves(s, seat)[0]!, 1).state;
    const a = searchMove(ticTacToe, state, 1, {}, { seed: 'same', iterations: 300 });
    const b = searchMove(ticTacToe, state, 1, {}, { seed: 'same', iterations: 300 });
    expect(a.ranked).toEqual(b.ranked);
    for (const level of levels) {
      const first = chooseMove(pig, pig.setup('p', [], { target: 30 }), 0, level, fixed('again', 200));
      const second = chooseMove(pig, pig.setup('p', [], { target: 30 }), 0, level, fixed('again', 200));
      expect(first).toEqual(second);
    }
  });
});

describe('chance and hidden information', () => {
  // Pig after one roll: the stored PRNG decides the next die, which the AI must not know.
  const base = pig.setup('p', [], { target: 30 });
  const positions: PigState[] = ['a', 'b', 'c', 'd', 'e', 'f'].map((seed) => ({
    ...pig.setup(seed, [], { target: 30 }),
    scores: [20, 26],
    turnTotal: 6,
  }));

  it('decides the same whatever dice the stored PRNG holds', () => {
    for (const level of levels) {
      const moves = positions.map((s) => key(chooseMove(pig, s, 0, level, fixed(`pig-${level}`, 300))));
      expect(new Set(moves).size).toBe(1);
    }
  });

  it('re-seeds a saved PRNG when the game has no determinize', () => {
    const blind = { ...pig, determinize: undefined };
    expect(holdsSavedRng(base)).toBe(true);
    const redrawn = reseedSavedRngs(base, 'x');
    expect(redrawn.rng).not.toEqual(base.rng);
    expect(redrawn.scores).toBe(base.scores);
    const moves = positions.map((s) => key(searchMove(blind, s, 0, {}, { seed: 'blind', iterations: 300 }).move));
    expect(new Set(moves).size).toBe(1);
  });

  it('plays Pig soundly: rolls on when holding would hand the opponent the game', () => {
    const s: PigState = { ...base, scores: [0, 29], turnTotal: 20 };
    expect(chooseMove(pig, s, 0, 'hard', fixed('bank', 500))).toEqual({ type: 'roll' });
  });
});

describe('levels with heuristics, given tic-tac-toe knowledge', () => {
  const openLines = (s: TttState, seat: number) =>
    [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]].reduce((n, line) => {
      const mine = line.filter((c) => s.board[c] === seat).length;
      const theirs = line.filter((c) => s.board[c] === 1 - seat).length;
      return n + (theirs === 0 ? 1 + mine : 0) - (mine === 0 ? 1 + theirs * 2 : 0);
    }, 0);
  registerHeuristics('toy-ttt', () => ({
    evaluate: openLines,
    scale: 4,
    decisive: 50,
    orderMoves: (_s, _seat, moves, limit) => moves.slice(0, limit),
  }));

  it('never loses to a random player at hard or normal', () => {
    for (const level of ['normal', 'hard'] as const) {
      for (let g = 0; g < 6; g++) {
        const rng = Rng.fromSeed(`h-${g}`);
        const aiSeat = g % 2;
        const { outcome } = playGame(ticTacToe, ticTacToe.setup('', [], {}), (s, seat, ply) =>
          seat === aiSeat ? chooseMove(ticTacToe, s, seat, level, fixed(`${g}/${ply}`, 300)) : rng.pick(ticTacToe.legalMoves(s, seat)),
        );
        expect(outcome!.winners).not.toContain(1 - aiSeat);
      }
    }
  });
});
