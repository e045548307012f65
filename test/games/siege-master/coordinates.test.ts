import { describe, expect, it } from 'vitest';
import {
  axialLine,
  axialStep,
  axialToOffset,
  cellLabel,
  hexDistance,
  offsetToAxial,
  parseCellLabel,
} from '../../../src/engine/hex.js';
import { boardFor, cellIndex, positionFromAscii } from '../../../src/games/siege-master/index.js';

describe('hex coordinates (odd-r: even-numbered rows sit half a hex right)', () => {
  it('names cells by column letter and row number, case-insensitively', () => {
    expect(cellLabel(5, 6)).toBe('F7');
    expect(cellLabel(0, 0)).toBe('A1');
    expect(cellLabel(26, 0)).toBeNull();
    expect(parseCellLabel('f7')).toEqual({ col: 5, row: 6 });
    expect(parseCellLabel(' F 7 ')).toEqual({ col: 5, row: 6 });
    expect(parseCellLabel('F0')).toBeNull();
    expect(parseCellLabel('7F')).toBeNull();
  });

  it('converts offset to axial with q = col - (row - (row & 1)) / 2', () => {
    for (let row = 0; row < 12; row++) {
      for (let col = 0; col < 12; col++) {
        const a = offsetToAxial(col, row);
        expect(a).toEqual({ q: col - (row - (row & 1)) / 2, r: row });
        expect(axialToOffset(a.q, a.r)).toEqual({ col, row });
      }
    }
  });

  it('steps E, SE and SW the way the rows are drawn', () => {
    const at = (label: string) => {
      const o = parseCellLabel(label)!;
      return offsetToAxial(o.col, o.row);
    };
    const name = (a: { q: number; r: number }) => {
      const o = axialToOffset(a.q, a.r);
      return cellLabel(o.col, o.row);
    };
    // From an odd-numbered row, SE keeps the column and SW drops one; from an even one, SE adds one.
    expect(name(axialStep(at('E5'), 0))).toBe('F5');
    expect(name(axialStep(at('E5'), 1))).toBe('E6');
    expect(name(axialStep(at('E5'), 2))).toBe('D6');
    expect(name(axialStep(at('E6'), 1))).toBe('F7');
    expect(name(axialStep(at('E6'), 2))).toBe('E7');
    expect(name(axialStep(at('E5'), 1, 2))).toBe('F7');
    expect(hexDistance(at('E5'), at('F7'))).toBe(2);
    expect(axialLine(at('F7'), at('I7'))).toEqual({ direction: 0, distance: 3 });
    expect(axialLine(at('I7'), at('F7'))).toEqual({ direction: 3, distance: 3 });
    expect(axialLine(at('F7'), at('G9'))).toEqual({ direction: 1, distance: 2 });
    expect(axialLine(at('F7'), at('H9'))).toBeNull();
  });

  it('numbers land cells in reading order and knows their neighbours', () => {
    const s = positionFromAscii({ rows: ['###', ' ###', '###'] });
    const board = boardFor(s);
    expect(board.labels).toEqual(['A1', 'B1', 'C1', 'A2', 'B2', 'C2', 'A3', 'B3', 'C3']);
    const names = (label: string) => board.neighbours[cellIndex(board, label)]!.map((i) => board.labels[i]).sort();
    expect(names('B2')).toEqual(['A2', 'B1', 'B3', 'C1', 'C2', 'C3']);
    expect(names('A1')).toEqual(['A2', 'B1']);
    expect(names('C2')).toEqual(['B2', 'C1', 'C3']);
    expect(cellIndex(board, 'b2')).toBe(4);
    expect(cellIndex(board, 'D2')).toBe(-1);
  });
});
