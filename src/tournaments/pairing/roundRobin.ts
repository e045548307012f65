// Round-robin pairings from the Berger tables (FIDE Handbook C.05, Annex 1). Players are numbered
// 1..n in the order given; with an odd count a dummy n+1 joins, and whoever meets it has the bye.
//
// The tables follow a closed form: in round r of N players (N even), player N meets the k with
// 2k − 1 ≡ r (mod N−1), k taking white in odd rounds and N in even ones; the other boards pair k+b
// with k−b (b = 1 .. N/2−1, numbers taken mod N−1 into 1..N−1), and of two such players the lower
// number has white when their sum is odd, the higher when it is even.
//
// A double round-robin plays the table twice, the second cycle with colours reversed; as C.05
// recommends, the last two rounds of the first cycle are swapped, so that nobody plays the same
// colour three times running across the turn of the cycles.
import type { Pairing } from './types.js';

/** Rounds of a round-robin of `playerCount` players (twice as many for a double one). */
export function bergerRounds(playerCount: number, opts: { double?: boolean } = {}): number {
  if (playerCount < 2) return 0;
  const cycle = playerCount % 2 === 0 ? playerCount - 1 : playerCount;
  return opts.double ? 2 * cycle : cycle;
}

/** Round `round` (from 1) of the Berger table for `playerIds` (numbered 1..n in this order). Byes last. */
export function bergerRound(playerIds: readonly string[], round: number, opts: { double?: boolean } = {}): Pairing[] {
  const total = bergerRounds(playerIds.length, opts);
  if (!Number.isInteger(round) || round < 1 || round > total) throw new Error(`round ${round} is outside 1..${total}`);
  const N = playerIds.length + (playerIds.length % 2);
  const cycle = N - 1;
  let tableRound = round;
  let reversed = false;
  if (opts.double) {
    if (round > cycle) {
      tableRound = round - cycle;
      reversed = true;
    } else if (cycle >= 2 && round >= cycle - 1) {
      tableRound = round === cycle ? cycle - 1 : cycle;
    }
  }
  const boards = bergerBoards(N, tableRound);
  const out: Pairing[] = [];
  let bye: Pairing | null = null;
  for (const [w, b] of boards) {
    const [white, black] = reversed ? [b, w] : [w, b];
    if (white > playerIds.length) bye = { white: playerIds[black - 1]!, black: null };
    else if (black > playerIds.length) bye = { white: playerIds[white - 1]!, black: null };
    else out.push({ white: playerIds[white - 1]!, black: playerIds[black - 1]! });
  }
  if (bye) out.push(bye);
  return out;
}

/** Every round of the table, in order. */
export function bergerTable(playerIds: readonly string[], opts: { double?: boolean } = {}): Pairing[][] {
  const rounds = bergerRounds(playerIds.length, opts);
  return Array.from({ length: rounds }, (_, r) => bergerRound(playerIds, r + 1, opts));
}

/** The boards of round r for N players (N even), as [white, black] numbers in the table's order. */
function bergerBoards(N: number, r: number): [number, number][] {
  const m = N - 1;
  const k = r % 2 === 1 ? (r + 1) / 2 : (r + N) / 2;
  const boards: [number, number][] = [r % 2 === 1 ? [k, N] : [N, k]];
  const wrap = (x: number) => ((((x - 1) % m) + m) % m) + 1;
  for (let b = 1; b < N / 2; b++) {
    const x = wrap(k + b);
    const y = wrap(k - b);
    const lowerWhite = (x + y) % 2 === 1;
    const [lo, hi] = x < y ? [x, y] : [y, x];
    boards.push(lowerWhite ? [lo, hi] : [hi, lo]);
  }
  return boards;
}
