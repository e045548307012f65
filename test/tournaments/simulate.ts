// Seeded play for the tournament tests: random fields and random results of the games paired.
import type seedrandom from 'seedrandom';
import type { Game, Pairing, Player } from '../../src/tournaments/pairing/index.js';

export function randomField(rng: seedrandom.PRNG, n: number): Player[] {
  return Array.from({ length: n }, (_, i) => ({ id: `p${i + 1}`, rating: 1000 + Math.floor(rng() * 1000) }));
}

/** The games of a paired round, with results drawn at random (a fifth of them drawn). */
export function playRound(rng: seedrandom.PRNG, round: number, pairings: readonly Pairing[]): Game[] {
  return pairings.map((p) => {
    if (p.black === null) return { round, white: p.white, black: null, result: 'bye' };
    const x = rng();
    return { round, white: p.white, black: p.black, result: x < 0.2 ? 'draw' : x < 0.6 ? 'white' : 'black' };
  });
}
