// Round-robin pairings against the published Berger tables (FIDE Handbook C.05, Annex 1), and the
// double round-robin's second cycle.
import { describe, expect, it } from 'vitest';
import { bergerRound, bergerRounds, bergerTable, type Pairing } from '../../src/tournaments/pairing/index.js';

/** Players named by their table number, so that a round reads as the table does: "1-4" is 1 white v 4 black. */
const numbered = (n: number) => Array.from({ length: n }, (_, i) => String(i + 1));
const asTable = (rounds: Pairing[][]) => rounds.map((r) => r.map((p) => `${p.white}-${p.black ?? 'bye'}`));

describe('Berger tables', () => {
  it('given 4 players, then the rounds are the published table', () => {
    expect(asTable(bergerTable(numbered(4)))).toEqual([
      ['1-4', '2-3'],
      ['4-3', '1-2'],
      ['2-4', '3-1'],
    ]);
  });

  it('given 6 players, then the rounds are the published table', () => {
    expect(asTable(bergerTable(numbered(6)))).toEqual([
      ['1-6', '2-5', '3-4'],
      ['6-4', '5-3', '1-2'],
      ['2-6', '3-1', '4-5'],
      ['6-5', '1-4', '2-3'],
      ['3-6', '4-2', '5-1'],
    ]);
  });

  it('given 8 players, then the rounds are the published table', () => {
    expect(asTable(bergerTable(numbered(8)))).toEqual([
      ['1-8', '2-7', '3-6', '4-5'],
      ['8-5', '6-4', '7-3', '1-2'],
      ['2-8', '3-1', '4-7', '5-6'],
      ['8-6', '7-5', '1-4', '2-3'],
      ['3-8', '4-2', '5-1', '6-7'],
      ['8-7', '1-6', '2-5', '3-4'],
      ['4-8', '5-3', '6-2', '7-1'],
    ]);
  });

  it('given 5 players, then the table of 6 is used and whoever meets number 6 has the bye', () => {
    expect(asTable(bergerTable(numbered(5)))).toEqual([
      ['2-5', '3-4', '1-bye'],
      ['5-3', '1-2', '4-bye'],
      ['3-1', '4-5', '2-bye'],
      ['1-4', '2-3', '5-bye'],
      ['4-2', '5-1', '3-bye'],
    ]);
    expect(bergerRounds(5)).toBe(5);
  });

  it('given any field of 2 to 16, then every pair meets once and everyone plays every round but their bye', () => {
    for (let n = 2; n <= 16; n++) {
      const ids = numbered(n);
      const rounds = bergerTable(ids);
      expect(rounds.length, `${n} players`).toBe(n % 2 ? n : n - 1);
      const met = new Map<string, number>();
      for (const round of rounds) {
        expect(round.flatMap((p) => [p.white, p.black ?? []].flat()).sort(), `${n} players`).toEqual([...ids].sort());
        for (const p of round) if (p.black) met.set([p.white, p.black].sort().join('-'), (met.get([p.white, p.black].sort().join('-')) ?? 0) + 1);
      }
      expect(met.size, `${n} players`).toBe((n * (n - 1)) / 2);
      expect([...met.values()].every((x) => x === 1)).toBe(true);
    }
  });

  it('given a round outside the table, then it says so', () => {
    expect(() => bergerRound(numbered(4), 4)).toThrow(/outside 1\.\.3/);
    expect(() => bergerRound(numbered(4), 0)).toThrow();
  });
});

describe('double round-robin', () => {
  it('given 3 to 12 players, then every pair meets twice, once with each colour, and nobody has one colour three times running', () => {
    for (let n = 3; n <= 12; n++) {
      const ids = numbered(n);
      const rounds = bergerTable(ids, { double: true });
      expect(rounds.length, `${n} players`).toBe(2 * (n % 2 ? n : n - 1));
      const games = new Map<string, string[]>();
      const colours = new Map<string, string>(ids.map((id) => [id, '']));
      for (const round of rounds) {
        for (const p of round) {
          if (!p.black) continue;
          const key = [p.white, p.black].sort().join('-');
          games.set(key, [...(games.get(key) ?? []), p.white]);
          colours.set(p.white, colours.get(p.white)! + 'W');
          colours.set(p.black, colours.get(p.black)! + 'B');
        }
      }
      expect(games.size, `${n} players`).toBe((n * (n - 1)) / 2);
      for (const [key, whites] of games) {
        expect(whites.length, `${n} players, ${key}`).toBe(2);
        expect(new Set(whites).size, `${n} players, ${key}: colours swapped`).toBe(2);
      }
      for (const [id, seq] of colours) expect(seq, `${n} players, player ${id}`).not.toMatch(/WWW|BBB/);
    }
  });

  it('given 4 players, then the first cycle swaps its last two rounds and the second cycle reverses the colours', () => {
    expect(asTable(bergerTable(numbered(4), { double: true }))).toEqual([
      ['1-4', '2-3'],
      ['2-4', '3-1'],
      ['4-3', '1-2'],
      ['4-1', '3-2'],
      ['3-4', '2-1'],
      ['4-2', '1-3'],
    ]);
  });
});
