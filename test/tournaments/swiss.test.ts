// Swiss pairing, round by round, on small fields whose right answer follows step by step from the
// rules (src/tournaments/pairing/swiss.ts and FIDE's Dutch system it follows). These are examples
// constructed for the test, not copied from a published one; each comment derives its answer.
import seedrandom from 'seedrandom';
import { describe, expect, it } from 'vitest';
import { defaultSwissRounds, pairSwissRound, type Game, type Player } from '../../src/tournaments/pairing/index.js';
import { playRound, randomField } from './simulate.js';

const field: Player[] = [
  { id: 'A', rating: 2000 },
  { id: 'B', rating: 1900 },
  { id: 'C', rating: 1800 },
  { id: 'D', rating: 1700 },
  { id: 'E', rating: 1600 },
  { id: 'F', rating: 1500 },
];
const board = (white: string, black: string | null) => ({ white, black });

describe('Swiss rounds', () => {
  it('given the default length, then it is ⌈log2 players⌉ + 1', () => {
    expect([2, 3, 4, 5, 8, 9, 16, 17, 64, 1000].map(defaultSwissRounds)).toEqual([2, 3, 3, 4, 4, 5, 5, 6, 7, 11]);
    expect(defaultSwissRounds(1)).toBe(1);
    expect(defaultSwissRounds(0)).toBe(0);
  });

  it('given round 1 of six players, then the top half meets the bottom half in rating order, colours alternating', () => {
    // Dutch: one score group of 6 in rating order; S1 = A B C, S2 = D E F; A-D, B-E, C-F. Nobody has
    // a colour yet: the higher-rated player takes white on board 1, black on board 2, and so on.
    expect(pairSwissRound(field, [], 1)).toEqual([board('A', 'D'), board('E', 'B'), board('C', 'F')]);
  });

  it('given round 2 after an upset and a draw, then the pairs that met float together and colours alternate', () => {
    const games: Game[] = [
      { round: 1, white: 'A', black: 'D', result: 'white' },
      { round: 1, white: 'E', black: 'B', result: 'draw' },
      { round: 1, white: 'C', black: 'F', result: 'black' },
    ];
    // Scores: A 1, F 1 | B ½, E ½ | C 0, D 0 (each group in rating order).
    // Group 1: A-F, who have not met. A had white, F black: F takes white now (both get the other colour).
    // Group ½: B and E met in round 1, so neither can be paired inside it; both go down to group 0,
    //   which takes B-C and E-D or B-D and E-C: either way two pairs float half a point.
    //   Colours decide: B (had black) and D (had black) want white, C and E (had white) want black.
    //   B-C and E-D give everyone the colour they want; B-D and E-C would leave two unmet.
    // Boards follow the better player's rank: A, then B, then E.
    expect(pairSwissRound(field, games, 2)).toEqual([board('F', 'A'), board('B', 'C'), board('D', 'E')]);
  });

  it('given an odd field, then the lowest-ranked player without a bye sits out, and never twice', () => {
    const seven = [...field, { id: 'G', rating: 1400 }];
    // Round 1: G, the lowest, has the bye; the other six pair as above.
    const round1 = pairSwissRound(seven, [], 1);
    expect(round1).toEqual([board('A', 'D'), board('E', 'B'), board('C', 'F'), board('G', null)]);
    const games: Game[] = [
      { round: 1, white: 'A', black: 'D', result: 'black' },
      { round: 1, white: 'E', black: 'B', result: 'black' },
      { round: 1, white: 'C', black: 'F', result: 'black' },
      { round: 1, white: 'G', black: null, result: 'bye' },
    ];
    // After round 1 G (the bye's point) stands on 1 with B, D, F, and A, C, E are on 0: the lowest
    // ranked is E (0 points, 1600), who has had no bye.
    const round2 = pairSwissRound(seven, games, 2);
    expect(round2[round2.length - 1]).toEqual(board('E', null));
  });

  it('given withdrawn players, then they are not paired and their games still count as met', () => {
    const games: Game[] = [
      { round: 1, white: 'A', black: 'D', result: 'white' },
      { round: 1, white: 'E', black: 'B', result: 'white' },
      { round: 1, white: 'C', black: 'F', result: 'white' },
    ];
    const withdrawn = field.map((p) => (p.id === 'C' || p.id === 'D' ? { ...p, withdrawn: true } : p));
    // A and E won, B and F lost; A-E and B-F are the score pairs, and none of them met before.
    const round2 = pairSwissRound(withdrawn, games, 2);
    expect(round2.flatMap((p) => [p.white, p.black])).not.toContain('C');
    expect(round2.flatMap((p) => [p.white, p.black])).not.toContain('D');
    expect(round2).toEqual([board('E', 'A'), board('B', 'F')]);
  });

  it('given a forfeit, then the two are not paired again and the game does not count for colours', () => {
    const two = field.slice(0, 2);
    const games: Game[] = [{ round: 1, white: 'A', black: 'B', result: 'white', forfeit: true }];
    // Only A and B remain to pair: the repeat cannot be avoided, and with no colours played yet the
    // higher-rated player takes white on board 1 again (the forfeit gave nobody a colour).
    expect(pairSwissRound(two, games, 2)).toEqual([board('A', 'B')]);
    // With four players, A and B are kept apart.
    const four = field.slice(0, 4);
    const round2 = pairSwissRound(four, [...games, { round: 1, white: 'C', black: 'D', result: 'draw' }], 2);
    expect(round2.some((p) => [p.white, p.black].sort().join() === 'A,B')).toBe(false);
  });

  it('given the same tournament twice, then the pairings are the same', () => {
    const run = () => {
      const rng = seedrandom('swiss-determinism');
      const players = randomField(rng, 23);
      const games: Game[] = [];
      const all = [];
      for (let round = 1; round <= 5; round++) {
        const pairings = pairSwissRound(players, games, round);
        all.push(pairings);
        games.push(...playRound(rng, round, pairings));
      }
      return all;
    };
    expect(run()).toEqual(run());
  });

  it('given 200 players who must all take black and 100 who may take white (a large field), then the fewest pairs, 50, break the colour limit', () => {
    // The 200 each played white twice against players who then withdrew; the 100 have not played.
    // 100 of the 200 can meet the 100 and take black; the other 100 must meet each other: 50 pairs
    // in which one of them passes +2, unavoidably. Over 160 players the pairing weighs likely pairs
    // only, and finds the fewest broken rules over every pair first.
    const atLimit = Array.from({ length: 200 }, (_, i): Player => ({ id: `a${i}`, rating: 1500 + i }));
    const gone = Array.from({ length: 400 }, (_, i): Player => ({ id: `b${i}`, rating: 1000 + i, withdrawn: true }));
    const fresh = Array.from({ length: 100 }, (_, i): Player => ({ id: `c${i}`, rating: 1200 + i }));
    const games: Game[] = atLimit.flatMap((a, i): Game[] => [
      { round: 1, white: a.id, black: `b${2 * i}`, result: i % 3 ? 'white' : 'draw' },
      { round: 2, white: a.id, black: `b${2 * i + 1}`, result: i % 5 ? 'white' : 'black' },
    ]);
    const round3 = pairSwissRound([...atLimit, ...gone, ...fresh], games, 3);
    const kinds = round3.map((p) => `${p.white[0]}-${p.black![0]}`);
    expect(kinds.filter((k) => k === 'c-a').length).toBe(100);
    expect(kinds.filter((k) => k === 'a-a').length).toBe(50);
    expect(round3.length).toBe(150);
  });

  it('given a field of 400 (paired on likely partners), then 10 rounds repeat no pair, give no second bye and keep colours within 2', () => {
    const rng = seedrandom('swiss-large-field');
    const players = randomField(rng, 401);
    const games: Game[] = [];
    const met = new Set<string>();
    const byes = new Set<string>();
    const colour = new Map(players.map((p) => [p.id, 0]));
    for (let round = 1; round <= 10; round++) {
      const pairings = pairSwissRound(players, games, round);
      expect(pairings.flatMap((p) => (p.black ? [p.white, p.black] : [p.white])).length).toBe(401);
      for (const p of pairings) {
        if (p.black === null) {
          expect(byes.has(p.white), `round ${round}: second bye`).toBe(false);
          byes.add(p.white);
          continue;
        }
        const key = [p.white, p.black].sort().join();
        expect(met.has(key), `round ${round}: ${key} again`).toBe(false);
        met.add(key);
        colour.set(p.white, colour.get(p.white)! + 1);
        colour.set(p.black, colour.get(p.black)! - 1);
      }
      expect(Math.max(...[...colour.values()].map(Math.abs)), `round ${round}`).toBeLessThanOrEqual(2);
      games.push(...playRound(rng, round, pairings));
    }
  });
});
