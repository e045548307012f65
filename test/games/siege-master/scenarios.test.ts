// Worked examples after the figures of the rules, on small hand-drawn boards.
import { describe, expect, it } from 'vitest';
import game, {
  boardText,
  playMoves,
  positionFromAscii,
  type SiegeMasterState,
  type SiegeMasterView,
} from '../../../src/games/siege-master/index.js';

const notations = (s: SiegeMasterState) => game.legalMoves(s, s.toMove).map((m) => game.formatMove(s, s.toMove, m));
const view = (s: SiegeMasterState) => game.view(s) as SiegeMasterView;

function attempt(s: SiegeMasterState, text: string) {
  const move = game.parseMove(s, s.toMove, text);
  if (!move.ok) return move;
  return game.play(s, s.toMove, move.value);
}

function errorOf(s: SiegeMasterState, text: string): string {
  const r = attempt(s, text);
  expect(r.ok, `${text} should be refused on\n${boardText(s)}`).toBe(false);
  return r.ok ? '' : r.error.message;
}

describe('Figure 8: illegal placements', () => {
  // Red opened with a capture (A6), so Blue may play anywhere, but only on empty land.
  const s = positionFromAscii({
    rows: [
      '# # # # # # # #',
      ' # # # # # # # #',
      '# # # # # # # #',
      ' # # # # # # o #',
      '# # # # # # # #',
      ' r # # # . # # #',
    ],
    armies: [{ seat: 0, at: 'C1 SE' }],
    lastCaptured: ['A6'],
  });

  it('refuses an army over a fortress', () => {
    expect(errorOf(s, 'E4 E')).toBe('G4 is a fortress');
  });
  it('refuses an army over another army', () => {
    expect(errorOf(s, 'A3 E')).toBe("D3 is taken by Red's army");
  });
  it('refuses an army that leaves the map', () => {
    expect(errorOf(s, 'E5 SE')).toBe('E5 SE runs off the map at E6');
    expect(errorOf(s, 'G1 E')).toBe('G1 E runs off the edge of the board after H1');
    expect(errorOf(s, 'A1 SW')).toBe('A1 SW runs off the edge of the board after A1');
  });
  it('lists none of them among the legal moves, and accepts a free line', () => {
    const legal = notations(s);
    expect(legal).not.toContain('E4 E');
    expect(legal).not.toContain('A3 E');
    expect(legal).not.toContain('E5 SE');
    expect(legal).toContain('E1 E');
    expect(attempt(s, 'E1 E').ok).toBe(true);
  });
});

describe('Figure 9: the swap after a capture', () => {
  // A1 holds a fortress in a corner reached only through B1: Red's opening army seals it off.
  // Four more fortresses keep that one capture short of a majority.
  const start = positionFromAscii({
    rows: ['o # # # # # # #', ' . # # # # # # #', '# # # # # # # #', ' # # # # # # # #', 'o # o # # o # o'],
  });

  it("gives Red's army and its fortress to Blue, and Red moves next, free to play anywhere", () => {
    const afterRed = playMoves(start, ['B1 E']);
    expect(view(afterRed).captured).toEqual([1, 0]);
    expect(view(afterRed).canSwap).toBe(true);
    expect(notations(afterRed)[0]).toBe('swap');

    const r = attempt(afterRed, 'swap');
    expect(r.ok).toBe(true);
    const swapped = r.ok ? r.value.state : afterRed;
    const v = view(swapped);
    expect(v.captured).toEqual([0, 1]);
    expect(v.armiesLeft).toEqual([20, 19]);
    expect(v.armies).toEqual([{ seat: 1, index: 0, cells: ['B1', 'C1', 'D1', 'E1'] }]);
    expect(v.lastArmy).toEqual({ seat: 1, cells: ['B1', 'C1', 'D1', 'E1'], captured: ['A1'] });
    expect(v.toAct).toEqual([0]);
    expect(v.mustPlayAdjacent).toBe(false);
    expect(v.cells.find((c) => c.label === 'A1')!.fortress).toEqual({ owner: 1 });
    // The swapped army captured, so Red is not bound to it.
    expect(attempt(swapped, 'A4 E').ok).toBe(true);
  });

  it('allows the swap on Blue\'s first turn only', () => {
    expect(errorOf(start, 'swap')).toBe("swap is only allowed on Blue's first turn");
    const later = playMoves(start, ['B1 E', 'A3 E', 'E3 E']);
    expect(errorOf(later, 'swap')).toBe("swap is only allowed on Blue's first turn");
    const swapped = playMoves(start, ['B1 E', 'swap']);
    expect(errorOf(swapped, 'swap')).toBe("swap is only allowed on Blue's first turn");
  });

  it('leaves the swap as a choice even when Red captured nothing', () => {
    const quiet = playMoves(start, ['A4 E']);
    expect(notations(quiet)[0]).toBe('swap');
    const swapped = playMoves(quiet, ['swap']);
    // The swapped army captured nothing: Red must now play next to it.
    expect(view(swapped).mustPlayAdjacent).toBe(true);
    expect(errorOf(swapped, 'B1 E')).toBe("you must play next to Blue's last army (it captured nothing)");
  });
});

describe('Figure 10: free play after a capture', () => {
  it('lets the next player play anywhere, including next to the capturing army', () => {
    const start = positionFromAscii({
      rows: ['o # # # # # # #', ' . # # # # # # #', '# # # # # # # #', ' # # # # # # # #', '# # # # # # # #', ' o # # o # # # o'],
    });
    const s = playMoves(start, ['B1 E']);
    expect(view(s).mustPlayAdjacent).toBe(false);
    expect(view(s).hintCells).toEqual([]);
    expect(attempt(s, 'A5 E').ok).toBe(true);
    expect(attempt(s, 'B2 E').ok).toBe(true);
    expect(attempt(s, 'D3 SW').ok).toBe(true);
  });
});

describe('Figure 11: playing adjacent', () => {
  const s = positionFromAscii({
    rows: ['# # # # # # # # # #', ' # # # # # # # # # #', '# # # # # # # # # #', ' # # # # # # # # # #', '# # # # # # # # # #'],
    armies: [{ seat: 1, at: 'D3 E' }],
  });

  it('forces Red next to the last army when it captured nothing', () => {
    const v = view(s);
    expect(v.mustPlayAdjacent).toBe(true);
    expect(errorOf(s, 'A5 E')).toBe("you must play next to Blue's last army (it captured nothing)");
    expect(attempt(s, 'C2 E').ok).toBe(true);
    expect(attempt(s, 'C4 E').ok).toBe(true);
  });

  it('offers exactly the placements that touch it, and hints their cells', () => {
    const touching = new Set(['C2', 'D2', 'E2', 'F2', 'G2', 'C3', 'H3', 'C4', 'D4', 'E4', 'F4', 'G4']);
    for (const m of game.legalMoves(s, 0)) {
      expect(m.type).toBe('place');
      if (m.type === 'place') expect(m.cells.some((c) => touching.has(c))).toBe(true);
    }
    expect(view(s).hintCells.length).toBeGreaterThan(touching.size);
  });
});

describe('Figure 12: forcing moves along the coast', () => {
  it('leaves Red only the two placements beside Blue\'s coastal army', () => {
    const s = positionFromAscii({
      rows: ['# # # # # # # # # # # #', ' . . . . # # # . . . . .', '# # # # # # # # # # # #', ' # # # # # # # # # # # #'],
      armies: [
        { seat: 0, at: 'A3 E' },
        { seat: 1, at: 'E3 E' },
        { seat: 0, at: 'I3 E' },
      ],
      lastCaptured: ['X'],
    });
    const afterBlue = playMoves(s, ['E1 E']);
    expect(notations(afterBlue)).toEqual(['A1 E', 'I1 E']);
    expect(view(afterBlue).hintCells).toEqual(['A1', 'B1', 'C1', 'D1', 'I1', 'J1', 'K1', 'L1']);
  });
});

describe('Figure 14: an enclosed area where an army still fits', () => {
  // The pocket on row 1 joins the rest only through A2. Red's army on A2 closes it, but C1-F1 still
  // holds an army, so the fortress on B1 stays neutral; Blue must answer next to Red's army.
  const start = positionFromAscii({
    rows: ['# o # # # #', ' # . . . . .', '# # # # # # # # # #', ' # # # # # # # # # #', '# # # # # # # # # b', ' o # # # # # # # o'],
    armies: [{ seat: 1, at: 'F4 E' }],
    lastCaptured: ['J5'],
  });

  it('captures nothing, and the free line inside is not yet playable', () => {
    const s = playMoves(start, ['A2 SE']);
    const v = view(s);
    expect(v.lastArmy).toEqual({ seat: 0, cells: ['A2', 'B3', 'B4', 'C5'], captured: [] });
    expect(v.captured).toEqual([0, 1]);
    expect(v.cells.find((c) => c.label === 'B1')!.fortress).toEqual({ owner: null });
    expect(v.mustPlayAdjacent).toBe(true);
    expect(errorOf(s, 'C1 E')).toBe("you must play next to Red's last army (it captured nothing)");
    expect(notations(s)).not.toContain('C1 E');
    // Once Blue is free to play there, filling the pocket captures the fortress.
    const blueFree = { ...s, last: { ...s.last!, captured: ['J5'] } };
    const filled = playMoves(blueFree, ['C1 E']);
    expect(view(filled).lastArmy!.captured).toEqual(['B1']);
    expect(view(filled).captured).toEqual([0, 2]);
  });
});

describe('the end of the game', () => {
  it('ends at once when a player holds more than half of the fortresses', () => {
    const s = positionFromAscii({ rows: ['o # # # # # # #', ' o . # # # # # #', '. . # # o # # #'] });
    const r = attempt(s, 'B1 E');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.state.phase).toBe('over');
    expect(game.toAct(r.value.state)).toEqual([]);
    expect(game.outcome(r.value.state)).toEqual({
      winners: [0],
      draw: false,
      scores: [2, 0],
      reason: 'Red holds 2 of 3 fortresses',
      reasonPhrase: { key: 'outcomes.majority', values: { seat: { key: 'seats.0' }, held: 2, count: 3 } },
    });
    expect(r.value.events.map((e) => e.type)).toEqual(['army', 'capture', 'end']);
  });

  it('ends when the player to move cannot place an army, the count deciding', () => {
    // After Red's opening, Blue's only move is the swap; then Red has nowhere to go.
    const s = positionFromAscii({ rows: ['o # # # #', ' . . . . .', 'o # # o'] });
    const afterRed = playMoves(s, ['B1 E']);
    expect(notations(afterRed)).toEqual(['swap']);
    const over = playMoves(afterRed, ['swap']);
    expect(game.outcome(over)).toEqual({
      winners: [1],
      draw: false,
      scores: [0, 1],
      reason: 'Red cannot place an army; Blue wins with 1 fortress to 0',
      reasonPhrase: {
        key: 'outcomes.winsWith',
        values: { why: { key: 'outcomes.cannotPlace', values: { seat: { key: 'seats.0' } } }, seat: { key: 'seats.1' }, count: 1, fewer: 0 },
      },
    });
  });

  it('calls a draw on equal counts', () => {
    const s = positionFromAscii({ rows: ['o # # # # # # # # o'] });
    const over = playMoves(s, ['B1 E', 'F1 E']);
    expect(game.outcome(over)).toEqual({
      winners: [],
      draw: true,
      scores: [1, 1],
      reason: 'Red cannot place an army; a draw at 1 fortress each',
      reasonPhrase: { key: 'outcomes.drawAt', values: { why: { key: 'outcomes.cannotPlace', values: { seat: { key: 'seats.0' } } }, count: 1 } },
    });
  });

  it('ends when the player to move has no armies left', () => {
    // 19 armies each fill rows 1-19; Red places its 20th and Blue answers: Red has none left.
    const rows = Array.from({ length: 21 }, (_, i) => (i % 2 ? ' ' : '') + '# # # # # # # #');
    const armies = Array.from({ length: 38 }, (_, k) => ({ seat: k % 2, at: `${k % 2 ? 'E' : 'A'}${Math.floor(k / 2) + 1} E` }));
    const s = positionFromAscii({ rows, armies, lastCaptured: ['-'] });
    expect(view(s).armiesLeft).toEqual([1, 1]);
    const over = playMoves(s, ['A20 E', 'E20 E']);
    expect(view(over).armiesLeft).toEqual([0, 0]);
    expect(game.outcome(over)!.reason).toBe('Red has no armies left; a draw at 0 fortresses each');
  });
});
