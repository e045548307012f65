import { describe, expect, it } from 'vitest';
import { chooseMove, type AiBudget, type AiLevel } from '../../src/ai/index.js';
import { heuristicsFor } from '../../src/ai/heuristics/index.js';
import { SiegeBoard, type SiegeView } from '../../src/ai/heuristics/siege-master/board.js';
import type { SeatSpec } from '../../src/engine/contract.js';
import { Rng } from '../../src/engine/rng.js';
import siegeMaster, { type MapId, type SiegeMasterMove, type SiegeMasterState } from '../../src/games/siege-master/index.js';
import { playGame } from './toyGames.js';

const game = siegeMaster;
const humans: SeatSpec[] = [{ kind: 'human' }, { kind: 'human' }];
const levels: AiLevel[] = ['easy', 'normal', 'hard'];
const key = (m: unknown) => JSON.stringify(m);
/** Fixed work instead of the clock, so these tests decide the same on any machine. */
const fixed = (seed: string, iterations = 150): AiBudget => ({ timeMs: 2000, seed, iterations });

const start = (seed: string, map: MapId = 'hex', fortresses: 'random' | 'draft' = 'random') =>
  game.setup(seed, humans, { ...game.defaultOptions, map, fortresses });

function after(state: SiegeMasterState, ...notation: string[]): SiegeMasterState {
  let s = state;
  for (const text of notation) {
    const seat = game.toAct(s)[0]!;
    const move = game.parseMove(s, seat, text);
    if (!move.ok) throw new Error(move.error.message);
    const played = game.play(s, seat, move.value);
    if (!played.ok) throw new Error(played.error.message);
    s = played.value.state;
  }
  return s;
}

function randomPlies(state: SiegeMasterState, plies: number, seed: string): SiegeMasterState {
  const rng = Rng.fromSeed(seed);
  return playGame(game, state, (s, seat) => rng.pick(game.legalMoves(s, seat)), plies).state;
}

/** The most the side to move can capture at once, by the engine's own rules. */
function bestCapture(state: SiegeMasterState): number {
  const seat = game.toAct(state)[0];
  if (seat === undefined) return 0;
  return Math.max(0, ...game.legalMoves(state, seat).map((m) => {
    const played = game.play(state, seat, m);
    return played.ok ? played.value.state.last?.captured.length ?? 0 : 0;
  }));
}

describe('Siege Master AI, given positions from the real engine', () => {
  it('returns a legal move at every level: opening, swap turn, forced adjacency, draft, late game', () => {
    const opening = start('legal-1');
    const swapTurn = randomPlies(opening, 1, 'a');
    const forced = randomPlies(opening, 3, 'b');
    const draft = start('legal-2', 'europe', 'draft');
    const late = randomPlies(start('legal-3', 'africa'), 24, 'c');
    expect(game.legalMoves(swapTurn, 1).some((m) => m.type === 'swap')).toBe(true);
    expect((game.view(forced) as SiegeView).mustPlayAdjacent).toBe(true);
    expect(game.legalMoves(draft, 0).every((m) => m.type === 'fort')).toBe(true);
    for (const state of [opening, swapTurn, forced, draft, late]) {
      if (game.outcome(state)) continue;
      const seat = game.toAct(state)[0]!;
      const legal = game.legalMoves(state, seat).map(key);
      for (const level of levels) expect(legal).toContain(key(chooseMove(game, state, seat, level, fixed(level))));
    }
  });

  it("predicts the engine's captures exactly, move by move", () => {
    for (const map of ['hex', 'australia'] as const) {
      let state = start(`model-${map}`, map);
      const rng = Rng.fromSeed(map);
      while (!game.outcome(state)) {
        const seat = game.toAct(state)[0]!;
        const board = SiegeBoard.fromView(game.view(state) as SiegeView, seat);
        const moves = game.legalMoves(state, seat).filter((m): m is Extract<SiegeMasterMove, { type: 'place' }> => m.type === 'place');
        expect(board.allowedLines().length).toBe(moves.length);
        for (const move of moves) {
          const played = game.play(state, seat, move);
          expect(played.ok && played.value.state.last!.captured.length).toBe(board.captureOf(board.lineOfCells(move.cells)));
        }
        state = after(state, game.formatMove(state, seat, rng.pick(moves)));
      }
    }
  });

  it('swaps when Red opens with a capture, and Red does not open with one', () => {
    // On this layout J20 E seals the fortress on K21 at once, and no other fortress can fall yet.
    const opening = start('swap-1', 'africa');
    const captured = after(opening, 'J20 E');
    expect(captured.last!.captured).toEqual(['K21']);
    for (const level of ['normal', 'hard'] as const) {
      expect(chooseMove(game, captured, 1, level, fixed(`swap-${level}`))).toEqual({ type: 'swap' });
      const red = chooseMove(game, opening, 0, level, fixed(`open-${level}`));
      const played = game.play(opening, 0, red);
      expect(played.ok && played.value.state.last!.captured).toEqual([]);
    }
  });

  it('takes a fortress that costs nothing, and leaves the opponent no capture when it can', () => {
    // Judged with the board model (checked against the engine above): `gain` now; `danger`, the
    // opponent's best capture in reply; `clean`, whether every such capture leaves nothing to take back.
    let free = 0;
    let denied = 0;
    for (let g = 0; g < 150 && (free < 2 || denied < 2); g++) {
      const state = randomPlies(start(`tactic-${g}`), 6 + (g % 14), `t${g}`);
      if (game.outcome(state)) continue;
      const seat = game.toAct(state)[0]!;
      const board = SiegeBoard.fromView(game.view(state) as SiegeView, seat);
      const options = game.legalMoves(state, seat).flatMap((m) => {
        if (m.type !== 'place') return [];
        const line = board.lineOfCells(m.cells);
        const next = board.place(line);
        const replies = next.allowedLines();
        const danger = next.bestCapture(replies).gain;
        const clean = replies.every((r) => next.captureOf(r) === 0 || next.place(r).bestCapture().gain === 0);
        return [{ move: m, gain: board.captureOf(line), danger, clean }];
      });
      const freeCapture = free < 2 && options.some((o) => o.gain > 0 && o.danger === 0);
      const canDeny = denied < 2 && options.every((o) => o.gain === 0 && (o.danger === 0 || o.clean)) &&
        options.some((o) => o.danger === 0) && options.some((o) => o.danger > 0);
      if (!freeCapture && !canDeny) continue;
      for (const level of ['normal', 'hard'] as const) {
        const move = chooseMove(game, state, seat, level, fixed(`${level}${g}`));
        const chosen = options.find((o) => key(o.move) === key(move))!;
        if (freeCapture) expect(chosen.gain - chosen.danger, `${level} in position ${g}`).toBeGreaterThanOrEqual(1);
        else expect(chosen.danger, `${level} in position ${g}`).toBe(0);
      }
      if (freeCapture) free++;
      else denied++;
    }
    expect(free).toBe(2);
    expect(denied).toBe(2);
  });

  it('evaluates a position the same from both chairs, with opposite signs', () => {
    const h = heuristicsFor(game)!;
    const state = randomPlies(start('eval'), 12, 'e');
    expect(h.evaluate(state, 0)).toBeCloseTo(-h.evaluate(state, 1));
  });

  it('hard beats a random player, and normal beats easy, on the hex board', () => {
    for (const [a, b, games, iterations] of [['hard', 'random', 4, 80], ['normal', 'easy', 4, 1]] as const) {
      let wins = 0;
      for (let g = 0; g < games; g++) {
        const rng = Rng.fromSeed(`${a}-${g}`);
        const aSeat = g % 2;
        const { outcome } = playGame(game, start(`strength-${a}-${g}`), (s, seat, ply) => {
          const player = seat === aSeat ? a : b;
          if (player === 'random') return rng.pick(game.legalMoves(s, seat));
          return chooseMove(game, s, seat, player, fixed(`${g}/${ply}`, player === 'hard' ? iterations : 1));
        });
        if (outcome?.winners.includes(aSeat)) wins++;
      }
      expect(wins, `${a} vs ${b}`).toBeGreaterThanOrEqual(a === 'hard' ? games : games - 1);
    }
  });
});
