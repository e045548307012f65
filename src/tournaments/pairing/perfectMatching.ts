// The heaviest perfect matching over the candidate pairs of a field. A few likely pairs per player
// keep a large field fast: the blossom algorithm on every pair of 1,000 players (half a million
// edges, each weight a long sum) takes many seconds. What the rules demand is still settled over
// every pair, where that is cheap: when the candidates admit no perfect matching at all, some
// perfect matching of all allowed pairs joins them; and a caller may give coarse weights (its
// rules only, a few levels) whose best perfect matching over all pairs joins them first, so that
// by those weights the result is as good as over every pair.
import { maxWeightMatching, type WeightedGraph } from './matching.js';

export interface MatchingProblem {
  /** Vertices 0 .. size-1. */
  size: number;
  /** The weight of pair i-j (i < j), or null when the two must not be paired. Integers. */
  weightOf(i: number, j: number): number | null;
  /** Calls `pair(i, j)` (i < j) for each pair to weigh. */
  candidates(pair: (i: number, j: number) => void): void;
  /**
   * Coarse weights of every allowed pair (i < j) that rank matchings as `weightOf` does for all
   * that outweighs the rest: the heaviest perfect matching by them, over all pairs, joins the
   * candidates.
   */
  coarseWeightOf?(i: number, j: number): number;
}

/**
 * mate[v] of the heaviest perfect matching using allowed candidate pairs; if they have none, the
 * heaviest using them and the pairs of some perfect matching of all allowed pairs; null when no
 * perfect matching of allowed pairs exists.
 */
export function heaviestPerfectMatching(problem: MatchingProblem): Int32Array | null {
  const n = problem.size;
  if (n === 0) return new Int32Array(0);
  if (n % 2 === 1) return null;
  const edges = new EdgeSet(n);
  problem.candidates((i, j) => {
    const w = problem.weightOf(i, j);
    if (w !== null) edges.add(i, j, w);
  });
  if (problem.coarseWeightOf) {
    const all = new EdgeSet(n);
    for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) if (problem.weightOf(i, j) !== null) all.add(i, j, problem.coarseWeightOf(i, j));
    const coarse = heaviestPerfect(all.graph());
    for (let v = 0; v < n; v++) if (v < coarse[v]!) edges.add(v, coarse[v]!, problem.weightOf(v, coarse[v]!)!);
  }
  let mate = heaviestPerfect(edges.graph());
  if (isPerfect(mate)) return mate;
  const any = anyPerfectMatching(problem);
  if (!any) return null;
  for (let v = 0; v < n; v++) if (v < any[v]!) edges.add(v, any[v]!, problem.weightOf(v, any[v]!)!);
  mate = heaviestPerfect(edges.graph());
  if (!isPerfect(mate)) throw new Error('the blossom search lost a perfect matching it was given');
  return mate;
}

/** Some perfect matching of the allowed pairs (weights ignored), or null. */
function anyPerfectMatching(problem: MatchingProblem): Int32Array | null {
  const n = problem.size;
  const edges = new EdgeSet(n);
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) if (problem.weightOf(i, j) !== null) edges.add(i, j, 0);
  const mate = heaviestPerfect(edges.graph());
  return isPerfect(mate) ? mate : null;
}

/**
 * The heaviest perfect matching of g when it has one (else some matching of the largest size).
 * Weights are first shifted per vertex, 2w(i,j) − best(i) − best(j) with best(v) the heaviest edge
 * at v: every perfect matching moves by the same constant, so the best stays the best, and every
 * edge that is the heaviest at both its ends weighs 0, the most, so the search starts by taking
 * those (maxWeightMatching's greedy start), which spares most of its stages.
 */
export function heaviestPerfect(g: WeightedGraph): Int32Array {
  const best = new Float64Array(g.vertexCount).fill(-Infinity);
  for (let k = 0; k < g.edgeCount; k++) {
    const w = g.weight[k]!;
    if (w > best[g.from[k]!]!) best[g.from[k]!] = w;
    if (w > best[g.to[k]!]!) best[g.to[k]!] = w;
  }
  const weight = new Float64Array(g.edgeCount);
  for (let k = 0; k < g.edgeCount; k++) weight[k] = 2 * g.weight[k]! - best[g.from[k]!]! - best[g.to[k]!]!;
  return maxWeightMatching({ ...g, weight }, { maxCardinality: true });
}

class EdgeSet {
  private readonly seen: Uint8Array;
  private readonly from: number[] = [];
  private readonly to: number[] = [];
  private readonly weights: number[] = [];
  constructor(private readonly n: number) {
    this.seen = new Uint8Array(n * n);
  }

  add(i: number, j: number, w: number): void {
    if (i === j) return;
    if (i > j) [i, j] = [j, i];
    const key = i * this.n + j;
    if (this.seen[key]) return;
    this.seen[key] = 1;
    this.from.push(i);
    this.to.push(j);
    this.weights.push(w);
  }

  graph(): WeightedGraph {
    return {
      vertexCount: this.n,
      edgeCount: this.from.length,
      from: Int32Array.from(this.from),
      to: Int32Array.from(this.to),
      weight: Float64Array.from(this.weights),
    };
  }
}

function isPerfect(mate: Int32Array): boolean {
  for (let v = 0; v < mate.length; v++) if (mate[v]! < 0) return false;
  return true;
}
