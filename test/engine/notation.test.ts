import { describe, expect, it } from 'vitest';
import { clipped, formatNotAMove, movesNowHint, unknownNotation } from '../../src/engine/notation.js';

describe('the notation wording every game shares', () => {
  it('shows a value that is not a move, and never throws on one JSON cannot write', () => {
    expect(formatNotAMove({ type: 'fly', to: 3 })).toBe('(not a move: {"type":"fly","to":3})');
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(formatNotAMove(cycle)).toBe('(not a move)');
    expect(formatNotAMove(10n)).toBe('(not a move)');
  });

  it('names the first moves and counts the rest', () => {
    expect(movesNowHint([])).toBe('You have no move now.');
    expect(movesNowHint(['a', 'b'])).toBe('Moves now: a, b.');
    const ten = Array.from({ length: 10 }, (_, i) => `m${i}`);
    expect(movesNowHint(ten)).toBe('Moves now: m0, m1, m2, m3, m4, m5, m6, m7, and 2 more.');
    expect(movesNowHint(ten, { lead: 'Moves now include', named: 6 })).toBe('Moves now include: m0, m1, m2, m3, m4, m5, and 4 more.');
  });

  it('quotes at most 40 characters of what the player typed', () => {
    expect(clipped('x'.repeat(40))).toBe('x'.repeat(40));
    expect(clipped('x'.repeat(41))).toBe(`${'x'.repeat(40)}…`);
    expect(unknownNotation('build a wall', 'You have no move now.')).toEqual({
      ok: false,
      error: { code: 'bad-notation', message: '"build a wall" is not a move I know. You have no move now.' },
    });
  });
});
