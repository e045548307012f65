// Maximum-weight matching in a general graph: Edmonds' blossom method with the primal-dual
// weight adjustments, in the O(n³) form of Galil ("Efficient algorithms for finding maximum
// matching in graphs", ACM Computing Surveys 18(1), 1986). The bookkeeping (labels, breadcrumbs,
// least-slack edges per blossom, premultiplied duals) follows Joris van Rantwijk's widely used
// reference implementation of that paper. Written here rather than taken from npm: the blossom
// packages there are single-release ports, and the pairing core imports nothing outside itself.
//
// Vertex duals, slacks and deltas are premultiplied by two, so that integer weights keep every
// figure an integer (exact in a double while weights stay below 2^50). One algorithm whose steps
// share all their state, hence one file longer than the house's usual.

/** An undirected graph by edge lists: edge k joins from[k] and to[k] with weight[k]. */
export interface WeightedGraph {
  vertexCount: number;
  edgeCount: number;
  from: Int32Array;
  to: Int32Array;
  weight: Float64Array;
}

/** A graph from [i, j, weight] triples (tests and small callers). */
export function graphOf(vertexCount: number, edges: readonly (readonly [number, number, number])[]): WeightedGraph {
  const g = { vertexCount, edgeCount: edges.length, from: new Int32Array(edges.length), to: new Int32Array(edges.length), weight: new Float64Array(edges.length) };
  edges.forEach(([i, j, w], k) => {
    g.from[k] = i;
    g.to[k] = j;
    g.weight[k] = w;
  });
  return g;
}

/**
 * mate[v] is the vertex matched to v, or -1. With `maxCardinality`, only matchings of the largest
 * possible size are considered, and the heaviest of them is returned.
 */
export function maxWeightMatching(g: WeightedGraph, opts: { maxCardinality?: boolean } = {}): Int32Array {
  const n = g.vertexCount;
  const m = g.edgeCount;
  const maxCardinality = !!opts.maxCardinality;
  if (m === 0 || n === 0) return new Int32Array(n).fill(-1);
  const { from, to, weight } = g;

  let maxWeight = 0;
  for (let k = 0; k < m; k++) if (weight[k]! > maxWeight) maxWeight = weight[k]!;

  // Endpoint p of edge k: p = 2k is `from`, p = 2k+1 is `to`; endpoint[p] is its vertex.
  const endpoint = new Int32Array(2 * m);
  for (let k = 0; k < m; k++) {
    endpoint[2 * k] = from[k]!;
    endpoint[2 * k + 1] = to[k]!;
  }
  // neighbend: for each vertex, the remote endpoints of its edges (CSR layout).
  const degree = new Int32Array(n + 1);
  for (let k = 0; k < m; k++) {
    degree[from[k]! + 1]!++;
    degree[to[k]! + 1]!++;
  }
  for (let v = 0; v < n; v++) degree[v + 1]! += degree[v]!;
  const neighStart = degree.slice();
  const neighbend = new Int32Array(2 * m);
  const fill = degree.slice(0, n);
  for (let k = 0; k < m; k++) {
    neighbend[fill[from[k]!]!++] = 2 * k + 1;
    neighbend[fill[to[k]!]!++] = 2 * k;
  }

  // mate[v]: the remote endpoint of v's matched edge, or -1.
  const mate = new Int32Array(n).fill(-1);
  // label of a top-level blossom (and, for vertices, inside T-blossoms): 0 none, 1 S, 2 T; bit 4 a breadcrumb.
  const label = new Int32Array(2 * n);
  const labelend = new Int32Array(2 * n).fill(-1);
  const inblossom = new Int32Array(n);
  for (let v = 0; v < n; v++) inblossom[v] = v;
  const blossomparent = new Int32Array(2 * n).fill(-1);
  const blossomchilds: (number[] | null)[] = new Array(2 * n).fill(null);
  const blossombase = new Int32Array(2 * n).fill(-1);
  for (let v = 0; v < n; v++) blossombase[v] = v;
  const blossomendps: (number[] | null)[] = new Array(2 * n).fill(null);
  const bestedge = new Int32Array(2 * n).fill(-1);
  const blossombestedges: (number[] | null)[] = new Array(2 * n).fill(null);
  const unusedblossoms: number[] = [];
  for (let b = n; b < 2 * n; b++) unusedblossoms.push(b);
  const dualvar = new Float64Array(2 * n);
  for (let v = 0; v < n; v++) dualvar[v] = maxWeight;
  const allowedge = new Uint8Array(m);
  const queue: number[] = [];

  const slack = (k: number) => dualvar[from[k]!]! + dualvar[to[k]!]! - 2 * weight[k]!;
  const at = <T>(xs: T[], i: number): T => xs[i < 0 ? i + xs.length : i]!;

  function blossomLeaves(b: number, out: number[] = []): number[] {
    if (b < n) out.push(b);
    else for (const t of blossomchilds[b]!) blossomLeaves(t, out);
    return out;
  }

  function assignLabel(w: number, t: number, p: number): void {
    for (;;) {
      const b = inblossom[w]!;
      label[w] = label[b] = t;
      labelend[w] = labelend[b] = p;
      bestedge[w] = bestedge[b] = -1;
      if (t === 1) {
        blossomLeaves(b, queue);
        return;
      }
      // A T-blossom: its base's mate becomes S.
      const base = blossombase[b]!;
      const mb = mate[base]!;
      w = endpoint[mb]!;
      t = 1;
      p = mb ^ 1;
    }
  }

  /** Traces back from v and w: the base of a new blossom, or -1 for an augmenting path. */
  function scanBlossom(v: number, w: number): number {
    const path: number[] = [];
    let base = -1;
    while (v !== -1 || w !== -1) {
      let b = inblossom[v]!;
      if (label[b]! & 4) {
        base = blossombase[b]!;
        break;
      }
      path.push(b);
      label[b] = 5;
      if (labelend[b] === -1) {
        v = -1;
      } else {
        v = endpoint[labelend[b]!]!;
        b = inblossom[v]!;
        v = endpoint[labelend[b]!]!;
      }
      if (w !== -1) [v, w] = [w, v];
    }
    for (const b of path) label[b] = 1;
    return base;
  }

  function addBlossom(base: number, k: number): void {
    let v = from[k]!;
    let w = to[k]!;
    const bb = inblossom[base]!;
    let bv = inblossom[v]!;
    let bw = inblossom[w]!;
    const b = unusedblossoms.pop()!;
    blossombase[b] = base;
    blossomparent[b] = -1;
    blossomparent[bb] = b;
    const path: number[] = [];
    const endps: number[] = [];
    blossomchilds[b] = path;
    blossomendps[b] = endps;
    while (bv !== bb) {
      blossomparent[bv] = b;
      path.push(bv);
      endps.push(labelend[bv]!);
      v = endpoint[labelend[bv]!]!;
      bv = inblossom[v]!;
    }
    path.push(bb);
    path.reverse();
    endps.reverse();
    endps.push(2 * k);
    while (bw !== bb) {
      blossomparent[bw] = b;
      path.push(bw);
      endps.push(labelend[bw]! ^ 1);
      w = endpoint[labelend[bw]!]!;
      bw = inblossom[w]!;
    }
    label[b] = 1;
    labelend[b] = labelend[bb]!;
    dualvar[b] = 0;
    for (const leaf of blossomLeaves(b)) {
      // A T-vertex becomes S as part of an S-blossom, and is scanned.
      if (label[inblossom[leaf]!] === 2) queue.push(leaf);
      inblossom[leaf] = b;
    }
    // The least-slack edge from the new blossom to each other S-blossom.
    const bestedgeto = new Map<number, number>();
    const consider = (e: number) => {
      let j = to[e]!;
      if (inblossom[j] === b) j = from[e]!;
      const bj = inblossom[j]!;
      if (bj !== b && label[bj] === 1) {
        const cur = bestedgeto.get(bj);
        if (cur === undefined || slack(e) < slack(cur)) bestedgeto.set(bj, e);
      }
    };
    for (const sub of path) {
      const list = blossombestedges[sub];
      if (!list) {
        for (const leaf of blossomLeaves(sub)) {
          for (let q = neighStart[leaf]!; q < neighStart[leaf + 1]!; q++) consider(neighbend[q]! >> 1);
        }
      } else {
        for (const e of list) consider(e);
      }
      blossombestedges[sub] = null;
      bestedge[sub] = -1;
    }
    const least = [...bestedgeto.values()];
    blossombestedges[b] = least;
    bestedge[b] = -1;
    for (const e of least) if (bestedge[b] === -1 || slack(e) < slack(bestedge[b]!)) bestedge[b] = e;
  }

  function expandBlossom(b: number, endstage: boolean): void {
    const childs = blossomchilds[b]!;
    for (const s of childs) {
      blossomparent[s] = -1;
      if (s < n) inblossom[s] = s;
      else if (endstage && dualvar[s] === 0) expandBlossom(s, endstage);
      else for (const leaf of blossomLeaves(s)) inblossom[leaf] = s;
    }
    if (!endstage && label[b] === 2) {
      // Relabel the sub-blossoms of an expanding T-blossom, from where it was entered to its base.
      const endps = blossomendps[b]!;
      const entrychild = inblossom[endpoint[labelend[b]! ^ 1]!]!;
      let j = childs.indexOf(entrychild);
      let jstep: number;
      let endptrick: number;
      if (j & 1) {
        j -= childs.length;
        jstep = 1;
        endptrick = 0;
      } else {
        jstep = -1;
        endptrick = 1;
      }
      let p = labelend[b]!;
      while (j !== 0) {
        label[endpoint[p ^ 1]!] = 0;
        label[endpoint[at(endps, j - endptrick) ^ endptrick ^ 1]!] = 0;
        assignLabel(endpoint[p ^ 1]!, 2, p);
        allowedge[at(endps, j - endptrick) >> 1] = 1;
        j += jstep;
        p = at(endps, j - endptrick) ^ endptrick;
        allowedge[p >> 1] = 1;
        j += jstep;
      }
      const bv0 = at(childs, j);
      label[endpoint[p ^ 1]!] = label[bv0] = 2;
      labelend[endpoint[p ^ 1]!] = labelend[bv0] = p;
      bestedge[bv0] = -1;
      j += jstep;
      while (at(childs, j) !== entrychild) {
        const bv = at(childs, j);
        if (label[bv] === 1) {
          j += jstep;
          continue;
        }
        let reached = -1;
        for (const leaf of blossomLeaves(bv)) {
          if (label[leaf] !== 0) {
            reached = leaf;
            break;
          }
        }
        if (reached !== -1) {
          label[reached] = 0;
          label[endpoint[mate[blossombase[bv]!]!]!] = 0;
          assignLabel(reached, 2, labelend[reached]!);
        }
        j += jstep;
      }
    }
    label[b] = labelend[b] = -1;
    blossomchilds[b] = blossomendps[b] = null;
    blossombase[b] = -1;
    blossombestedges[b] = null;
    bestedge[b] = -1;
    unusedblossoms.push(b);
  }

  /** Swaps matched and unmatched edges inside blossom b so that vertex v becomes its base. */
  function augmentBlossom(b: number, v: number): void {
    let t = v;
    while (blossomparent[t] !== b) t = blossomparent[t]!;
    if (t >= n) augmentBlossom(t, v);
    const childs = blossomchilds[b]!;
    const endps = blossomendps[b]!;
    const i = childs.indexOf(t);
    let j = i;
    let jstep: number;
    let endptrick: number;
    if (i & 1) {
      j -= childs.length;
      jstep = 1;
      endptrick = 0;
    } else {
      jstep = -1;
      endptrick = 1;
    }
    while (j !== 0) {
      j += jstep;
      t = at(childs, j);
      const p = at(endps, j - endptrick) ^ endptrick;
      if (t >= n) augmentBlossom(t, endpoint[p]!);
      j += jstep;
      t = at(childs, j);
      if (t >= n) augmentBlossom(t, endpoint[p ^ 1]!);
      mate[endpoint[p]!] = p ^ 1;
      mate[endpoint[p ^ 1]!] = p;
    }
    blossomchilds[b] = childs.slice(i).concat(childs.slice(0, i));
    blossomendps[b] = endps.slice(i).concat(endps.slice(0, i));
    blossombase[b] = blossombase[blossomchilds[b]![0]!]!;
  }

  function augmentMatching(k: number): void {
    const ends: [number, number][] = [
      [from[k]!, 2 * k + 1],
      [to[k]!, 2 * k],
    ];
    for (let [s, p] of ends) {
      for (;;) {
        const bs = inblossom[s]!;
        if (bs >= n) augmentBlossom(bs, s);
        mate[s] = p;
        if (labelend[bs] === -1) break;
        const t = endpoint[labelend[bs]!]!;
        const bt = inblossom[t]!;
        s = endpoint[labelend[bt]!]!;
        const j = endpoint[labelend[bt]! ^ 1]!;
        if (bt >= n) augmentBlossom(bt, j);
        mate[j] = labelend[bt]!;
        p = labelend[bt]! ^ 1;
      }
    }
  }

  /** Labels from the queue's S-vertices outward; true when it found and applied an augmenting path. */
  function scanQueue(): boolean {
    while (queue.length > 0) {
      const v = queue.pop()!;
      for (let q = neighStart[v]!, qEnd = neighStart[v + 1]!; q < qEnd; q++) {
        const p = neighbend[q]!;
        const k = p >> 1;
        const w = endpoint[p]!;
        const bw = inblossom[w]!;
        // (A blossom formed during this scan may have taken in v: compare afresh.)
        if (inblossom[v] === bw) continue;
        let kslack = 0;
        if (!allowedge[k]) {
          kslack = dualvar[v]! + dualvar[w]! - 2 * weight[k]!;
          if (kslack <= 0) allowedge[k] = 1;
        }
        if (allowedge[k]) {
          if (label[bw] === 0) {
            assignLabel(w, 2, p ^ 1);
          } else if (label[bw] === 1) {
            const base = scanBlossom(v, w);
            if (base < 0) {
              augmentMatching(k);
              return true;
            }
            addBlossom(base, k);
          } else if (label[w] === 0) {
            // w is inside a T-blossom and not yet reached from outside it.
            label[w] = 2;
            labelend[w] = p ^ 1;
          }
        } else if (label[bw] === 1) {
          const b = inblossom[v]!;
          if (bestedge[b] === -1 || kslack < slack(bestedge[b]!)) bestedge[b] = k;
        } else if (label[w] === 0) {
          if (bestedge[w] === -1 || kslack < slack(bestedge[w]!)) bestedge[w] = k;
        }
      }
    }
    return false;
  }

  /** With no augmenting path on the allowed edges, moves the duals by the least delta; false when optimal. */
  function adjustDuals(): boolean {
    let deltatype = -1;
    let delta = 0;
    let deltaedge = -1;
    let deltablossom = -1;
    if (!maxCardinality) {
      deltatype = 1;
      delta = Infinity;
      for (let v = 0; v < n; v++) if (dualvar[v]! < delta) delta = dualvar[v]!;
    }
    for (let v = 0; v < n; v++) {
      if (label[inblossom[v]!] === 0 && bestedge[v] !== -1) {
        const d = slack(bestedge[v]!);
        if (deltatype === -1 || d < delta) {
          delta = d;
          deltatype = 2;
          deltaedge = bestedge[v]!;
        }
      }
    }
    for (let b = 0; b < 2 * n; b++) {
      if (blossomparent[b] === -1 && label[b] === 1 && bestedge[b] !== -1) {
        const d = slack(bestedge[b]!) / 2;
        if (deltatype === -1 || d < delta) {
          delta = d;
          deltatype = 3;
          deltaedge = bestedge[b]!;
        }
      }
    }
    for (let b = n; b < 2 * n; b++) {
      if (blossombase[b]! >= 0 && blossomparent[b] === -1 && label[b] === 2 && (deltatype === -1 || dualvar[b]! < delta)) {
        delta = dualvar[b]!;
        deltatype = 4;
        deltablossom = b;
      }
    }
    if (deltatype === -1) {
      // Maximum cardinality reached; a last update keeps the duals a valid certificate.
      deltatype = 1;
      let least = Infinity;
      for (let v = 0; v < n; v++) if (dualvar[v]! < least) least = dualvar[v]!;
      delta = Math.max(0, least);
    }
    for (let v = 0; v < n; v++) {
      const l = label[inblossom[v]!];
      if (l === 1) dualvar[v]! -= delta;
      else if (l === 2) dualvar[v]! += delta;
    }
    for (let b = n; b < 2 * n; b++) {
      if (blossombase[b]! >= 0 && blossomparent[b] === -1) {
        if (label[b] === 1) dualvar[b]! += delta;
        else if (label[b] === 2) dualvar[b]! -= delta;
      }
    }
    if (deltatype === 1) return false;
    if (deltatype === 2) {
      allowedge[deltaedge] = 1;
      let i = from[deltaedge]!;
      if (label[inblossom[i]!] === 0) i = to[deltaedge]!;
      queue.push(i);
    } else if (deltatype === 3) {
      allowedge[deltaedge] = 1;
      queue.push(from[deltaedge]!);
    } else {
      expandBlossom(deltablossom, false);
    }
    return true;
  }

  /** One stage: grows alternating trees from every single vertex until one augmenting path is found. */
  function stage(): boolean {
    label.fill(0);
    bestedge.fill(-1);
    for (let b = n; b < 2 * n; b++) blossombestedges[b] = null;
    allowedge.fill(0);
    queue.length = 0;
    for (let v = 0; v < n; v++) if (mate[v] === -1 && label[inblossom[v]!] === 0) assignLabel(v, 1, -1);
    for (;;) {
      if (scanQueue()) break;
      if (!adjustDuals()) return false;
    }
    // S-blossoms whose dual fell to zero are taken apart.
    for (let b = n; b < 2 * n; b++) {
      if (blossomparent[b] === -1 && blossombase[b]! >= 0 && label[b] === 1 && dualvar[b] === 0) expandBlossom(b, true);
    }
    return true;
  }

  {
    // The heaviest edges are tight under the starting duals: a greedy matching on them is a valid
    // start (matched edges tight, no blossoms), and spares a stage for each of its edges.
    for (let k = 0; k < m; k++) {
      const i = from[k]!;
      const j = to[k]!;
      if (weight[k] === maxWeight && mate[i] === -1 && mate[j] === -1) {
        mate[i] = 2 * k + 1;
        mate[j] = 2 * k;
      }
    }
  }
  for (let s = 0; s < n; s++) if (!stage()) break;

  const result = new Int32Array(n).fill(-1);
  for (let v = 0; v < n; v++) if (mate[v]! >= 0) result[v] = endpoint[mate[v]!]!;
  return result;
}
