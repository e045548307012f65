// Hex-grid geometry for games on pointy-top hexes laid out in rows.
//
// People name cells in "odd-r" offset layout: a column letter and a row number counted from the top
// (`F7`), with the rows of odd 0-based index (row numbers 2, 4, 6…) shifted half a hex to the right.
// Arithmetic happens in axial coordinates (q, r), where the six neighbours are fixed offsets and
// straight lines are repeated steps, whatever the row parity.

/** Axial coordinates: r is the 0-based row, q runs along the row and leans with the grid. */
export type Axial = { q: number; r: number };
/** Offset coordinates, both 0-based: `col` is the letter (0 = A), `row` is the row number minus one. */
export type Offset = { col: number; row: number };

/** The six directions, in this fixed order: E, SE, SW, W, NW, NE. The first three point "forward" in reading order. */
export const AXIAL_DIRECTIONS: readonly Axial[] = [
  { q: 1, r: 0 },
  { q: 0, r: 1 },
  { q: -1, r: 1 },
  { q: -1, r: 0 },
  { q: 0, r: -1 },
  { q: 1, r: -1 },
];
export const DIRECTION_NAMES = ['E', 'SE', 'SW', 'W', 'NW', 'NE'] as const;
export type DirectionName = (typeof DIRECTION_NAMES)[number];

/** Index in `AXIAL_DIRECTIONS` of the direction opposite to `d`. */
export const oppositeDirection = (d: number): number => (d + 3) % 6;

export function offsetToAxial(col: number, row: number): Axial {
  return { q: col - (row - (row & 1)) / 2, r: row };
}

export function axialToOffset(q: number, r: number): Offset {
  return { col: q + (r - (r & 1)) / 2, row: r };
}

/** Steps between two cells, moving through neighbours. */
export function hexDistance(a: Axial, b: Axial): number {
  const dq = a.q - b.q;
  const dr = a.r - b.r;
  return Math.max(Math.abs(dq), Math.abs(dr), Math.abs(dq + dr));
}

/** The cell `steps` cells away from `from` in direction `d` (an index into `AXIAL_DIRECTIONS`). */
export function axialStep(from: Axial, d: number, steps = 1): Axial {
  const dir = AXIAL_DIRECTIONS[d]!;
  return { q: from.q + dir.q * steps, r: from.r + dir.r * steps };
}

/** The direction index and distance from `a` to `b` when they lie on one hex axis, else null. */
export function axialLine(a: Axial, b: Axial): { direction: number; distance: number } | null {
  const dq = b.q - a.q;
  const dr = b.r - a.r;
  const distance = Math.max(Math.abs(dq), Math.abs(dr), Math.abs(dq + dr));
  if (distance === 0) return null;
  const d = AXIAL_DIRECTIONS.findIndex((u) => u.q * distance === dq && u.r * distance === dr);
  return d < 0 ? null : { direction: d, distance };
}

/** Letters name columns, so labels exist for at most 26 of them. */
export const MAX_LABELLED_COLUMNS = 26;

/** `F7` for col 5, row 6; null when the column has no letter or the row is negative. */
export function cellLabel(col: number, row: number): string | null {
  if (!Number.isInteger(col) || !Number.isInteger(row)) return null;
  if (col < 0 || col >= MAX_LABELLED_COLUMNS || row < 0) return null;
  return String.fromCharCode(65 + col) + String(row + 1);
}

/** Reads `F7`, `f7` or ` F 7 ` as an offset; null when it is not a label. */
export function parseCellLabel(text: string): Offset | null {
  const m = /^\s*([a-z])\s*(\d{1,3})\s*$/i.exec(text);
  if (!m) return null;
  const row = Number(m[2]) - 1;
  if (row < 0) return null;
  return { col: m[1]!.toUpperCase().charCodeAt(0) - 65, row };
}
