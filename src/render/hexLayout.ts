// Pointy-top hex geometry for board images: axial (q, r) to pixels, corner paths, shared edges,
// and where a cell label's column letter and row number print on the edges.

export const SQRT3 = Math.sqrt(3);

export type Axial = { q: number; r: number };

/** The six neighbour offsets, in the order of the edge they share (see `EDGE_CORNERS`). */
export const NEIGHBOURS: readonly Axial[] = [
  { q: 1, r: 0 }, // E
  { q: 0, r: 1 }, // SE
  { q: -1, r: 1 }, // SW
  { q: -1, r: 0 }, // W
  { q: 0, r: -1 }, // NW
  { q: 1, r: -1 }, // NE
];

/** Corner k of a pointy-top hex sits at angle 60k − 30 degrees (k = 0 is upper right). */
export const CORNER_OFFSETS: readonly [number, number][] = Array.from({ length: 6 }, (_, k) => {
  const a = ((60 * k - 30) * Math.PI) / 180;
  return [Math.cos(a), Math.sin(a)] as [number, number];
});

/** The corners (indices into CORNER_OFFSETS) bounding the edge towards NEIGHBOURS[i]. */
export const EDGE_CORNERS: readonly [number, number][] = [
  [0, 1],
  [1, 2],
  [2, 3],
  [3, 4],
  [4, 5],
  [5, 0],
];

export function axialKey(q: number, r: number): string {
  return `${q},${r}`;
}

/** Splits `F7` into its column letters and row number; null if it is not a cell label. */
export function parseLabel(label: string): { col: number; letters: string; row: number } | null {
  const m = /^([A-Za-z]+)(\d+)$/.exec(label);
  if (!m) return null;
  const letters = m[1]!.toUpperCase();
  let col = 0;
  for (const ch of letters) col = col * 26 + (ch.charCodeAt(0) - 64);
  return { col: col - 1, letters, row: Number(m[2]) };
}

export function columnLetters(col: number): string {
  let s = '';
  let c = col + 1;
  while (c > 0) {
    const rem = (c - 1) % 26;
    s = String.fromCharCode(65 + rem) + s;
    c = Math.floor((c - 1) / 26);
  }
  return s;
}

/** Pixel centre of an axial cell for hex size `size` (centre to corner), before translation. */
export function axialToPixel(q: number, r: number, size: number): { x: number; y: number } {
  return { x: size * SQRT3 * (q + r / 2), y: size * 1.5 * r };
}

/** The closed outline of a hex as path data. */
export function hexPath(cx: number, cy: number, size: number, fmt: (v: number) => string): string {
  let d = '';
  for (let k = 0; k < 6; k++) {
    const [ox, oy] = CORNER_OFFSETS[k]!;
    d += `${k === 0 ? 'M' : 'L'}${fmt(cx + ox * size)} ${fmt(cy + oy * size)}`;
  }
  return d + 'Z';
}
