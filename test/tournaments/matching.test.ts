// The blossom matching against an exhaustive search on small random graphs: same best weight
// (with and without the maximum-cardinality rule), and always a valid matching of the graph's edges.
import seedrandom from 'seedrandom';
import { describe, expect, it } from 'vitest';
import { graphOf, maxWeightMatching } from '../../src/tournaments/pairing/matching.js';
import { heaviestPerfect } from '../../src/tournaments/pairing/perfectMatching.js';

type Edge = readonly [number, number, number];

/**
 * The best (size, weight) over every matching by exhaustive search: the largest weight, or with
 * `maxCardinality` the largest size and then weight; with `perfect`, perfect matchings only.
 */
function bruteForce(n: number, edges: Edge[], mode: 'weight' | 'maxCardinality' | 'perfect'): { size: number; weight: number } {
  const w = new Float64Array(n * n).fill(NaN);
  for (const [i, j, x] of edges) w[i * n + j] = w[j * n + i] = x;
  const used = new Uint8Array(n);
  let bestSize = -1;
  let bestWeight = -Infinity;
  const go = (i: number, size: number, weight: number): void => {
    while (i < n && used[i]) i++;
    if (i >= n) {
      const better = mode === 'weight' ? weight > bestWeight : size > bestSize || (size === bestSize && weight > bestWeight);
      if (better) [bestSize, bestWeight] = [size, weight];
      return;
    }
    used[i] = 1;
    if (mode !== 'perfect') go(i + 1, size, weight); // i stays single
    for (let j = i + 1; j < n; j++) {
      const x = w[i * n + j]!;
      if (used[j] || Number.isNaN(x)) continue;
      used[j] = 1;
      go(i + 1, size + 1, weight + x);
      used[j] = 0;
    }
    used[i] = 0;
  };
  go(0, 0, 0);
  return { size: bestSize, weight: bestWeight };
}

/** Whether mate is a matching of the graph's edges, and its size and weight. */
function measured(n: number, edges: Edge[], mate: Int32Array): { valid: boolean; size: number; weight: number } {
  const w = new Float64Array(n * n).fill(NaN);
  for (const [i, j, x] of edges) w[i * n + j] = w[j * n + i] = x;
  let valid = true;
  let size = 0;
  let weight = 0;
  for (let v = 0; v < n; v++) {
    const u = mate[v]!;
    if (u < 0) continue;
    if (mate[u] !== v || Number.isNaN(w[v * n + u]!)) valid = false;
    else if (v < u) {
      size++;
      weight += w[v * n + u]!;
    }
  }
  return { valid, size, weight };
}

const same = (a: { valid: boolean; size: number; weight: number }, b: typeof a) => a.valid === b.valid && a.size === b.size && a.weight === b.weight;

function randomGraph(rng: seedrandom.PRNG, n: number, density: number, weights: number): Edge[] {
  const edges: Edge[] = [];
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) if (rng() < density) edges.push([i, j, Math.floor(rng() * weights) - (weights > 4 ? 2 : 0)]);
  return edges;
}

describe('maximum-weight matching', () => {
  it('given the textbook cases, then it finds the known optima', () => {
    // A path a-b-c-d: the two outer edges beat the heavier middle one.
    expect([...maxWeightMatching(graphOf(4, [[0, 1, 5], [1, 2, 6], [2, 3, 5]]))]).toEqual([1, 0, 3, 2]);
    // A triangle with a tail: an odd cycle (a blossom) must be shrunk to reach vertex 3.
    expect([...maxWeightMatching(graphOf(4, [[0, 1, 8], [1, 2, 9], [0, 2, 10], [2, 3, 7]]))]).toEqual([1, 0, 3, 2]);
    // Without the cardinality rule a single heavy edge wins; with it, two light ones.
    const g = graphOf(4, [[0, 1, 2], [1, 2, 10], [2, 3, 2]]);
    expect([...maxWeightMatching(g)]).toEqual([-1, 2, 1, -1]);
    expect([...maxWeightMatching(g, { maxCardinality: true })]).toEqual([1, 0, 3, 2]);
  });

  it('given 2,000 random graphs of 1 to 10 vertices, then it matches the exhaustive optimum', () => {
    const rng = seedrandom('matching-brute-force');
    for (let t = 0; t < 2000; t++) {
      const n = 1 + Math.floor(rng() * 10);
      const edges = randomGraph(rng, n, 0.2 + rng() * 0.8, [3, 10, 100][t % 3]!);
      for (const maxCardinality of [false, true]) {
        const got = measured(n, edges, maxWeightMatching(graphOf(n, edges), { maxCardinality }));
        const best = bruteForce(n, edges, maxCardinality ? 'maxCardinality' : 'weight');
        const want = { valid: true, size: maxCardinality ? best.size : got.size, weight: best.weight };
        // (The message is built only on a failure: it is long.)
        if (!same(got, want)) expect(got, `seed matching-brute-force, graph ${t}, maxCardinality ${maxCardinality}: ${JSON.stringify(edges)}`).toEqual(want);
      }
    }
  });

  it('given 1,000 random graphs of up to 12 vertices with a perfect matching, then the reweighted search finds the heaviest one', () => {
    const rng = seedrandom('matching-perfect');
    let checked = 0;
    for (let t = 0; checked < 1000; t++) {
      const n = 2 * (1 + Math.floor(rng() * 6));
      const edges = randomGraph(rng, n, 0.4 + rng() * 0.6, [3, 10, 100][t % 3]!);
      const best = bruteForce(n, edges, 'perfect');
      if (best.size * 2 !== n) continue;
      checked++;
      const got = measured(n, edges, heaviestPerfect(graphOf(n, edges)));
      const want = { valid: true, size: n / 2, weight: best.weight };
      if (!same(got, want)) expect(got, `seed matching-perfect, graph ${t}: ${JSON.stringify(edges)}`).toEqual(want);
    }
  });
});
