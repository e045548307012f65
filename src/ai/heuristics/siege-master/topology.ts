// The fixed geometry of a Siege Master map as the AI sees it: cells from the game's view, their
// neighbours, every straight line of four, and the cells around each line in cyclic order.
export type ViewCell = {
  label: string;
  q: number;
  r: number;
  army: null | { seat: number };
  fortress: null | { owner: null | number };
};
export type SiegeView = {
  cells: ViewCell[];
  captured: number[];
  armiesLeft: number[];
  fortressesTotal: number;
  lastArmy: null | { seat: number; cells: string[]; captured: string[] };
  mustPlayAdjacent: boolean;
};

/** The fixed geometry of a map: cells, neighbours, and every straight line of four. */
export type Topology = {
  n: number;
  labels: string[];
  index: Map<string, number>;
  /** 6 neighbour slots per cell, -1 off the map. */
  nb: Int32Array;
  lineCount: number;
  /** 4 cells per line, in line order. */
  lineCells: Int32Array;
  /** A line by its two end cells, `lo-hi`. */
  lineByEnds: Map<string, number>;
  /** Lines through each cell. */
  cellLines: number[][];
  /** Lines sharing a cell with each line, itself included. */
  conflicts: Int32Array[];
  /** Lines adjacent to each line without overlapping it (forced-adjacency replies). */
  adjacent: Int32Array[];
  /** The 12 cells around each line in cyclic order, -1 off the map. */
  rings: Int32Array;
};

const DIRS: [number, number][] = [[1, 0], [-1, 0], [0, 1], [0, -1], [1, -1], [-1, 1]];
const LINE_DIRS: [number, number][] = [[1, 0], [0, 1], [-1, 1]]; // E, SE, SW
export const RING = 12;

const topologies = new Map<string, Topology>();

export function topologyOf(cells: ViewCell[]): Topology {
  const signature = cells.map((c) => `${c.q},${c.r}`).join(';');
  let topo = topologies.get(signature);
  if (!topo) {
    topo = buildTopology(cells);
    if (topologies.size > 32) topologies.clear();
    topologies.set(signature, topo);
  }
  return topo;
}

function buildTopology(cells: ViewCell[]): Topology {
  const n = cells.length;
  const at = new Map<string, number>();
  cells.forEach((c, i) => at.set(`${c.q},${c.r}`, i));
  const find = (q: number, r: number) => at.get(`${q},${r}`) ?? -1;
  const nb = new Int32Array(n * 6);
  cells.forEach((c, i) => DIRS.forEach(([dq, dr], d) => (nb[i * 6 + d] = find(c.q + dq, c.r + dr))));

  const lines: number[][] = [];
  const ringCoords: [number, number][][] = [];
  for (const c of cells) {
    for (const [dq, dr] of LINE_DIRS) {
      const coords: [number, number][] = [0, 1, 2, 3].map((k) => [c.q + dq * k, c.r + dr * k]);
      const idx = coords.map(([q, r]) => find(q, r));
      if (idx.some((i) => i < 0)) continue;
      lines.push(idx);
      ringCoords.push(ringAround(coords));
    }
  }
  const lineCount = lines.length;
  const lineCells = new Int32Array(lineCount * 4);
  const lineByEnds = new Map<string, number>();
  const cellLines: number[][] = Array.from({ length: n }, () => []);
  lines.forEach((idx, l) => {
    idx.forEach((c, k) => {
      lineCells[l * 4 + k] = c;
      cellLines[c]!.push(l);
    });
    lineByEnds.set(endsKey(idx[0]!, idx[3]!), l);
  });
  const rings = new Int32Array(lineCount * RING);
  ringCoords.forEach((coords, l) => coords.forEach(([q, r], k) => (rings[l * RING + k] = find(q, r))));

  const conflicts: Int32Array[] = [];
  const adjacent: Int32Array[] = [];
  for (let l = 0; l < lineCount; l++) {
    const own = new Set<number>();
    for (let k = 0; k < 4; k++) for (const m of cellLines[lineCells[l * 4 + k]!]!) own.add(m);
    const near = new Set<number>();
    for (let k = 0; k < RING; k++) {
      const c = rings[l * RING + k]!;
      if (c >= 0) for (const m of cellLines[c]!) if (!own.has(m)) near.add(m);
    }
    conflicts.push(Int32Array.from(own));
    adjacent.push(Int32Array.from(near));
  }
  return {
    n, labels: cells.map((c) => c.label), index: new Map(cells.map((c, i) => [c.label, i])),
    nb, lineCount, lineCells, lineByEnds, cellLines, conflicts, adjacent, rings,
  };
}

export const endsKey = (a: number, b: number) => (a < b ? `${a}-${b}` : `${b}-${a}`);

/** The twelve hexes around a straight line of four, in cyclic (angular) order. */
function ringAround(coords: [number, number][]): [number, number][] {
  const inLine = new Set(coords.map(([q, r]) => `${q},${r}`));
  const ring = new Map<string, [number, number]>();
  for (const [q, r] of coords) {
    for (const [dq, dr] of DIRS) {
      const key = `${q + dq},${r + dr}`;
      if (!inLine.has(key)) ring.set(key, [q + dq, r + dr]);
    }
  }
  const px = ([q, r]: [number, number]) => [q + r / 2, (r * Math.sqrt(3)) / 2] as const;
  const centre = px([(coords[0]![0] + coords[3]![0]) / 2, (coords[0]![1] + coords[3]![1]) / 2]);
  const angle = (c: [number, number]) => {
    const [x, y] = px(c);
    return Math.atan2(y - centre[1], x - centre[0]);
  };
  return [...ring.values()].sort((a, b) => angle(a) - angle(b));
}
