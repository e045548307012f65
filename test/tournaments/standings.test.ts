// Standings and tie-breaks computed by hand (the rules are in src/tournaments/pairing/standings.ts):
// a finished six-player Swiss with a forfeit, a round-robin decided by direct encounter, and a
// three-player round-robin whose byes count as wins and whose leaders stay tied to the end.
import { describe, expect, it } from 'vitest';
import { standings, TIE_BREAKS, type Game, type Player } from '../../src/tournaments/pairing/index.js';

const players = (ids: string) => [...ids].map((id, i): Player => ({ id, rating: 2000 - 100 * i }));
const pick = (rows: ReturnType<typeof standings>, ...keys: (keyof ReturnType<typeof standings>[number])[]) =>
  rows.map((r) => [r.playerId, ...keys.map((k) => r[k])]);

describe('standings', () => {
  it('given a finished six-player Swiss with a forfeit, then Buchholz cut-1 and Sonneborn-Berger are as computed by hand', () => {
    const games: Game[] = [
      { round: 1, white: 'A', black: 'D', result: 'white' },
      { round: 1, white: 'E', black: 'B', result: 'draw' },
      { round: 1, white: 'C', black: 'F', result: 'black' },
      { round: 2, white: 'F', black: 'A', result: 'draw' },
      { round: 2, white: 'B', black: 'C', result: 'white' },
      { round: 2, white: 'D', black: 'E', result: 'black' },
      { round: 3, white: 'E', black: 'A', result: 'white' },
      { round: 3, white: 'B', black: 'F', result: 'white' },
      { round: 3, white: 'C', black: 'D', result: 'white', forfeit: true }, // D did not show
      { round: 4, white: 'B', black: 'A', result: 'draw' },
      { round: 4, white: 'C', black: 'E', result: 'black' },
      { round: 4, white: 'D', black: 'F', result: 'white' },
    ];
    // Points: A 1+½+0+½ = 2; B ½+1+1+½ = 3; C 0+0+1(forfeit)+0 = 1; D 0+0+0+1 = 1;
    //         E ½+1+1+1 = 3.5; F 1+½+0+0 = 1.5 (total 12 = 4 rounds x 3 games).
    // Buchholz: each played round adds the opponent's points, an unplayed one (C's and D's round 3)
    // the player's own; cut-1 drops the lowest value.
    //   A: D 1, F 1.5, E 3.5, B 3   = 9,   cut-1  9 - 1 = 8
    //   B: E 3.5, C 1, F 1.5, A 2   = 8,   cut-1  8 - 1 = 7
    //   C: F 1.5, B 3, own 1, E 3.5 = 9,   cut-1  9 - 1 = 8
    //   D: A 2, E 3.5, own 1, F 1.5 = 8,   cut-1  8 - 1 = 7
    //   E: B 3, D 1, A 2, C 1       = 7,   cut-1  7 - 1 = 6
    //   F: C 1, A 2, B 3, D 1       = 7,   cut-1  7 - 1 = 6
    // Sonneborn-Berger: opponent's points x result; an unplayed round: own points x its points.
    //   A: D 1x1 + F 1.5x½ + E 3.5x0 + B 3x½       = 1 + 0.75 + 0 + 1.5 = 3.25
    //   B: E 3.5x½ + C 1x1 + F 1.5x1 + A 2x½       = 1.75 + 1 + 1.5 + 1 = 5.25
    //   C: F 1.5x0 + B 3x0 + own 1x1 (forfeit won) + E 3.5x0 = 1
    //   D: A 2x0 + E 3.5x0 + own 1x0 (forfeit lost) + F 1.5x1 = 1.5
    //   E: B 3x½ + D 1x1 + A 2x1 + C 1x1            = 1.5 + 1 + 2 + 1 = 5.5
    //   F: C 1x1 + A 2x½ + B 3x0 + D 1x0            = 1 + 1 = 2
    // Order: E 3.5, B 3, A 2, F 1.5, then C and D on 1 point, split by Buchholz cut-1 (8 v 7).
    const rows = standings('swiss', players('ABCDEF'), games);
    expect(pick(rows, 'rank', 'points', 'buchholz', 'buchholzCut1', 'sonnebornBerger')).toEqual([
      ['E', 1, 3.5, 7, 6, 5.5],
      ['B', 2, 3, 8, 7, 5.25],
      ['A', 3, 2, 9, 8, 3.25],
      ['F', 4, 1.5, 7, 6, 2],
      ['C', 5, 1, 9, 8, 1],
      ['D', 6, 1, 8, 7, 1.5],
    ]);
    // Wins are over the board: C's forfeit win is not one. No two players are tied far enough for
    // direct encounter to apply.
    expect(pick(rows, 'wins', 'played', 'unplayed', 'directEncounter')).toEqual([
      ['E', 3, 4, 0, null],
      ['B', 2, 4, 0, null],
      ['A', 1, 4, 0, null],
      ['F', 1, 4, 0, null],
      ['C', 0, 3, 1, null],
      ['D', 1, 3, 1, null],
    ]);
    expect(TIE_BREAKS.swiss).toEqual(['buchholzCut1', 'sonnebornBerger', 'directEncounter', 'wins']);
  });

  it('given a round-robin where two players tie on points and Sonneborn-Berger, then their game decides', () => {
    const games: Game[] = [
      { round: 1, white: 'P', black: 'S', result: 'draw' },
      { round: 1, white: 'Q', black: 'R', result: 'white' },
      { round: 2, white: 'S', black: 'R', result: 'black' },
      { round: 2, white: 'P', black: 'Q', result: 'white' },
      { round: 3, white: 'Q', black: 'S', result: 'draw' },
      { round: 3, white: 'R', black: 'P', result: 'draw' },
    ];
    // Points: P 1+½+½ = 2; Q 1+0+½ = 1.5; R 0+1+½ = 1.5; S ½+0+½ = 1.
    // Sonneborn-Berger: P: Q 1.5x1 + R 1.5x½ + S 1x½ = 2.75;  Q: P 2x0 + R 1.5x1 + S 1x½ = 2;
    //                   R: P 2x½ + Q 1.5x0 + S 1x1 = 2;     S: P 2x½ + Q 1.5x½ + R 1.5x0 = 1.75.
    // Q and R tie on both; Q beat R: direct encounter Q 1, R 0.
    const rows = standings('round-robin', players('PQRS'), games);
    expect(pick(rows, 'rank', 'points', 'sonnebornBerger', 'directEncounter', 'wins')).toEqual([
      ['P', 1, 2, 2.75, null, 1],
      ['Q', 2, 1.5, 2, 1, 1],
      ['R', 3, 1.5, 2, 0, 1],
      ['S', 4, 1, 1.75, null, 0],
    ]);
  });

  it('given a three-player round-robin with byes, then a bye scores a win and adds the own points to Sonneborn-Berger', () => {
    const games: Game[] = [
      { round: 1, white: 'X', black: null, result: 'bye' },
      { round: 1, white: 'Y', black: 'Z', result: 'white' },
      { round: 2, white: 'Z', black: null, result: 'bye' },
      { round: 2, white: 'X', black: 'Y', result: 'draw' },
      { round: 3, white: 'Y', black: null, result: 'bye' },
      { round: 3, white: 'Z', black: 'X', result: 'black' },
    ];
    // Points: X 1(bye)+½+1 = 2.5; Y 1+½+1(bye) = 2.5; Z 0+1(bye)+0 = 1.
    // Sonneborn-Berger: X: own 2.5x1 + Y 2.5x½ + Z 1x1 = 4.75; Y: Z 1x1 + X 2.5x½ + own 2.5x1 = 4.75;
    //                   Z: Y 2.5x0 + own 1x1 + X 2.5x0 = 1.
    // X and Y drew (direct encounter ½ each) and won one game each over the board: they share first.
    const rows = standings('round-robin', players('XYZ'), games);
    expect(pick(rows, 'rank', 'points', 'sonnebornBerger', 'directEncounter', 'wins', 'unplayed')).toEqual([
      ['X', 1, 2.5, 4.75, 0.5, 1, 1],
      ['Y', 1, 2.5, 4.75, 0.5, 1, 1],
      ['Z', 3, 1, 1, null, 0, 1],
    ]);
  });

  it('given a round still in progress, then its pending games count for nothing and absent players lose the round', () => {
    const games: Game[] = [
      { round: 1, white: 'A', black: 'B', result: 'white' },
      { round: 1, white: 'C', black: 'D', result: 'draw' },
      { round: 2, white: 'B', black: 'C', result: 'pending' },
      { round: 2, white: 'A', black: 'E', result: 'white' },
    ];
    // Round 2 counts (one game is finished): B and C, still playing, have only round 1 so far;
    // D has no game in round 2 (an unplayed round, 0 points) and E none in round 1.
    const rows = standings('swiss', players('ABCDE'), games);
    const row = (id: string) => rows.find((r) => r.playerId === id)!;
    expect([row('A').points, row('B').points, row('C').points, row('D').points, row('E').points]).toEqual([2, 0, 0.5, 0.5, 0]);
    expect([row('B').played + row('B').unplayed, row('D').unplayed, row('E').unplayed]).toEqual([1, 1, 1]);
    // D: C 0.5 (round 1) + own 0.5 (round 2 absent) = 1.
    expect(row('D').buchholz).toBe(1);
  });
});
