// 1,000 seeded random Swiss tournaments of 5 to 64 players, each played for the default number of
// rounds with random results. Every round: everyone is paired once, the bye (odd fields) goes to a
// player without one, no colour difference passes ±2, and a pair meets again only when no pairing
// of the round could avoid it: the fewest repeats possible under the two rules above (the order of
// the rules in src/tournaments/pairing/swiss.ts). Whenever a round repeats a pair, that minimum is
// computed here on its own by a maximum matching (and, for fields of up to 10, also by exhaustive
// search, which is checked against the matching on every round of the fields of up to 8).
import seedrandom from 'seedrandom';
import { describe, expect, it } from 'vitest';
import { graphOf, maxWeightMatching } from '../../src/tournaments/pairing/matching.js';
import { defaultSwissRounds, pairSwissRound, type Game, type Pairing } from '../../src/tournaments/pairing/index.js';
import { playRound, randomField } from './simulate.js';

interface State {
  met: Set<string>;
  byes: Set<string>;
  /** Whites minus blacks. */
  colour: Map<string, number>;
}

const pairKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);

function stateOf(ids: readonly string[], games: readonly Game[]): State {
  const s: State = { met: new Set(), byes: new Set(), colour: new Map(ids.map((id) => [id, 0])) };
  for (const g of games) {
    if (g.black === null) {
      s.byes.add(g.white);
      continue;
    }
    s.met.add(pairKey(g.white, g.black));
    s.colour.set(g.white, s.colour.get(g.white)! + 1);
    s.colour.set(g.black, s.colour.get(g.black)! - 1);
  }
  return s;
}

/** Both would have to take the same colour to stay within ±2. */
const colourClash = (s: State, a: string, b: string) =>
  (s.colour.get(a)! >= 2 && s.colour.get(b)! >= 2) || (s.colour.get(a)! <= -2 && s.colour.get(b)! <= -2);

/** The fewest repeated pairs of any pairing that gives the bye to a player without one and breaks no colour limit. */
function fewestRepeatsByMatching(ids: readonly string[], s: State): number {
  const n = ids.length;
  const bye = n; // a vertex for the bye when the field is odd
  const edges: [number, number, number][] = [];
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) if (!colourClash(s, ids[i]!, ids[j]!)) edges.push([i, j, s.met.has(pairKey(ids[i]!, ids[j]!)) ? 0 : 1]);
    if (n % 2 === 1 && !s.byes.has(ids[i]!)) edges.push([i, bye, 1]);
  }
  const vertices = n + (n % 2);
  const mate = maxWeightMatching(graphOf(vertices, edges), { maxCardinality: true });
  if (![...mate].every((m) => m >= 0)) expect([...mate].every((m) => m >= 0), 'a pairing within the rules exists').toBe(true);
  let fresh = 0;
  for (const [i, j, w] of edges) if (mate[i] === j) fresh += w;
  return vertices / 2 - fresh;
}

/** The same minimum by trying every pairing (small fields). */
function fewestRepeatsByBruteForce(ids: readonly string[], s: State): number {
  const players: (string | null)[] = ids.length % 2 ? [...ids, null] : [...ids];
  let best = Infinity;
  const go = (rest: (string | null)[], repeats: number) => {
    if (repeats >= best) return;
    if (rest.length === 0) {
      best = repeats;
      return;
    }
    const [a, ...others] = rest;
    others.forEach((b, k) => {
      if (a === null || b === null) {
        if (s.byes.has((a ?? b)!)) return;
        go(others.filter((_, x) => x !== k), repeats);
        return;
      }
      if (colourClash(s, a!, b)) return;
      go(others.filter((_, x) => x !== k), repeats + (s.met.has(pairKey(a!, b)) ? 1 : 0));
    });
  };
  go(players, 0);
  return best;
}

/** Checks one round's pairings against the games before it; returns how many pairs it repeats. */
function checkRound(ids: readonly string[], games: readonly Game[], pairings: readonly Pairing[], where: string): number {
  // Plain comparisons, with the same expect only on a failure: these run for every pair of
  // every round of a thousand tournaments.
  const before = stateOf(ids, games);
  const seen = pairings.flatMap((p) => (p.black === null ? [p.white] : [p.white, p.black])).sort();
  const everyone = [...ids].sort();
  if (seen.length !== everyone.length || seen.some((id, i) => id !== everyone[i])) expect(seen, `${where}: everyone paired once`).toEqual(everyone);
  const byes = pairings.filter((p) => p.black === null);
  if (byes.length !== ids.length % 2) expect(byes.length, `${where}: byes`).toBe(ids.length % 2);
  for (const b of byes) if (before.byes.has(b.white)) expect(before.byes.has(b.white), `${where}: second bye for ${b.white}`).toBe(false);
  for (const p of pairings) {
    if (p.black === null) continue;
    const w = before.colour.get(p.white)! + 1;
    const b = before.colour.get(p.black)! - 1;
    if (!(Math.abs(w) <= 2 && Math.abs(b) <= 2)) expect(Math.abs(w) <= 2 && Math.abs(b) <= 2, `${where}: colour difference ${p.white} ${w}, ${p.black} ${b}`).toBe(true);
  }
  const repeats = pairings.filter((p) => p.black !== null && before.met.has(pairKey(p.white, p.black))).length;
  if (repeats === 0 && ids.length > 8) return 0;
  const fewest = fewestRepeatsByMatching(ids, before);
  if (ids.length <= 10) {
    const brute = fewestRepeatsByBruteForce(ids, before);
    if (brute !== fewest) expect(brute, `${where}: the two searches agree`).toBe(fewest);
  }
  if (repeats !== fewest) expect(repeats, `${where}: repeated pairs`).toBe(fewest);
  return repeats;
}

describe('Swiss pairing over random tournaments', () => {
  it('given 1,000 seeded tournaments of 5-64 players, then every round obeys the byes, colour limit and repeat rules', () => {
    const rng = seedrandom('swiss-properties');
    let forcedRepeats = 0;
    for (let t = 0; t < 1000; t++) {
      const n = 5 + Math.floor(rng() * 60);
      const players = randomField(rng, n);
      const ids = players.map((p) => p.id);
      const games: Game[] = [];
      for (let round = 1; round <= defaultSwissRounds(n); round++) {
        const pairings = pairSwissRound(players, games, round);
        forcedRepeats += checkRound(ids, games, pairings, `seed swiss-properties, tournament ${t} (${n} players), round ${round}`);
        games.push(...playRound(rng, round, pairings));
      }
    }
    // Some rounds of small fields cannot avoid a repeat (the checks above prove each one forced):
    // the minimum was really put to the test.
    expect(forcedRepeats).toBeGreaterThan(0);
  }, 120_000);
});
