import { describe, expect, it } from 'vitest';
import game, { MAP_IDS, type SiegeMasterState } from '../../../src/games/siege-master/index.js';

const HUMANS = [{ kind: 'human' as const }, { kind: 'human' as const }];
const hex = game.setup('notation', HUMANS, { map: 'hex', fortresses: 'random', fortressCount: 15 });
const draft = game.setup('notation', HUMANS, { map: 'hex', fortresses: 'draft', fortressCount: 15 });

const parsed = (s: SiegeMasterState, text: string) => {
  const r = game.parseMove(s, s.toMove, text);
  return r.ok ? r.value : r.error.message;
};
const F7E = { type: 'place', cell: 'F7', dir: 'E', cells: ['F7', 'G7', 'H7', 'I7'] };
const F7SE = { type: 'place', cell: 'F7', dir: 'SE', cells: ['F7', 'F8', 'G9', 'G10'] };

describe('move notation', () => {
  it('reads a first cell and a direction, in any case and spacing', () => {
    for (const text of ['F7 E', 'f7 e', 'F7E', '  f7   E ', 'F7 east']) expect(parsed(hex, text)).toEqual(F7E);
    for (const text of ['F7 SE', 'F7SE', 'f7se', 'F7 south-east', 'F7 S E']) expect(parsed(hex, text)).toEqual(F7SE);
    expect(parsed(hex, 'F7 SW')).toEqual({ type: 'place', cell: 'F7', dir: 'SW', cells: ['F7', 'E8', 'E9', 'D10'] });
  });

  it('reads the two end cells in either order, all four cells, and directions from the far end', () => {
    for (const text of ['F7-I7', 'I7-F7', 'f7 - i7', 'F7 to I7', 'F7 I7', 'F7 G7 H7 I7', 'I7 W', 'i7w']) {
      expect(parsed(hex, text)).toEqual(F7E);
    }
    expect(parsed(hex, 'G10 NW')).toEqual(F7SE);
    expect(parsed(hex, 'G10-F7')).toEqual(F7SE);
  });

  it('reads swap and fortress moves', () => {
    expect(parsed(hex, 'swap')).toEqual({ type: 'swap' });
    expect(parsed(hex, ' SWAP ')).toEqual({ type: 'swap' });
    for (const text of ['fort F7', 'fort f7', 'fortF7', 'Fortress F7']) expect(parsed(draft, text)).toEqual({ type: 'fort', cell: 'F7' });
    expect(parsed(draft, 'f7')).toEqual({ type: 'fort', cell: 'F7' });
  });

  it('explains what is wrong', () => {
    expect(parsed(hex, 'F7')).toBe('say which way the army runs from F7: E, SE or SW');
    expect(parsed(hex, 'F7 up')).toBe('"up" is not a direction: use E, SE or SW (or W, NW, NE from the other end)');
    expect(parsed(hex, 'F7-H8')).toBe('F7 and H8 are not the two ends of 4 cells in a straight line');
    expect(parsed(hex, 'A1 E')).toBe('A1 is not on the map');
    expect(parsed(hex, 'Z9 E')).toBe('Z9 is not a cell of this board (columns A to Q, rows 1 to 17)');
    expect(parsed(hex, 'E1 W')).toBe('E1 W runs off the map at D1');
    expect(parsed(hex, 'F2 NE')).toBe('F2 NE runs off the edge of the board after G1');
    expect(parsed(hex, 'O9 E')).toBe('O9 E runs off the edge of the board after Q9');
    expect(parsed(hex, 'hello there')).toBe('"hello there" is not a move: write a cell and a direction like F7 SE, the two end cells like F7-I7, or swap');
    expect(parsed(hex, '')).toMatch(/^the move is empty/);
    expect(parsed(draft, 'fort')).toMatch(/^"fort" is not a move: write fort and a cell/);
  });

  it('writes moves canonically, and reads back every legal move of every map', () => {
    expect(game.formatMove(hex, 0, F7SE as never)).toBe('F7 SE');
    expect(game.formatMove(hex, 1, { type: 'swap' })).toBe('swap');
    expect(game.formatMove(draft, 0, { type: 'fort', cell: 'F7' })).toBe('fort F7');
    for (const map of MAP_IDS) {
      const s = game.setup(`round-${map}`, HUMANS, { ...game.defaultOptions, map });
      const moves = game.legalMoves(s, 0);
      expect(moves.length).toBeGreaterThan(150);
      for (const m of moves) {
        expect(parsed(s, game.formatMove(s, 0, m))).toEqual(m);
        if (m.type === 'place') {
          expect(parsed(s, `${m.cells[3]}-${m.cells[0]}`)).toEqual(m);
          expect(parsed(s, m.cells.join(' ').toLowerCase())).toEqual(m);
        }
      }
    }
  });
});
