// The castle ring and the field: wall and tower ids, band cells, clockwise order, distance and sight.
import { COURTYARD, SIDES, type Side, type TwoDeckSiegeState } from './types.js';

export const TOWERS = ['NE', 'SE', 'SW', 'NW'] as const;
/** The towers at the start and the end of each side, walking clockwise. */
export const SIDE_TOWERS: Record<Side, [string, string]> = { N: ['NW', 'NE'], E: ['NE', 'SE'], S: ['SE', 'SW'], W: ['SW', 'NW'] };
export const BANDS = [1, 2, 3] as const;

export type Layout = Record<Side, number>;

export const nextSide = (side: Side): Side => SIDES[(SIDES.indexOf(side) + 1) % 4]!;

/** Sides in clockwise order starting from `first`. */
export const sidesFrom = (first: Side): Side[] => [0, 1, 2, 3].map((k) => SIDES[(SIDES.indexOf(first) + k) % 4]!);

const WALLS = new Map<string, string[]>();

/** The wall ids of a side, clockwise (shared arrays: do not modify). */
export function wallsOf(layout: Layout, side: Side): string[] {
  const key = `${side}${layout[side]}`;
  let walls = WALLS.get(key);
  if (!walls) {
    walls = Array.from({ length: layout[side] }, (_, i) => `${side}${i + 1}`);
    WALLS.set(key, walls);
  }
  return walls;
}

/** Every wall id, clockwise from the west end of the North side. */
export const allWalls = (layout: Layout): string[] => SIDES.flatMap((side) => wallsOf(layout, side));

export const isTower = (id: string): boolean => (TOWERS as readonly string[]).includes(id);

const WALL_IDS = new Map<string, { side: Side; index: number } | null>();

/** A wall id, "N2", read back as its side and number (shared objects: do not modify). */
export function parseWall(id: string): { side: Side; index: number } | null {
  const known = WALL_IDS.get(id);
  if (known !== undefined) return known;
  const m = /^([NESW])([1-9])$/.exec(id);
  const w = m ? { side: m[1] as Side, index: Number(m[2]) } : null;
  if (w || id === COURTYARD || isTower(id)) WALL_IDS.set(id, w);
  return w;
}

/** A band cell id, "N1-3", read back as its wall and band. */
type Cell = { wall: string; side: Side; index: number; band: number };
const CELLS = new Map<string, Cell | null>();

export function parseCell(cell: string): Cell | null {
  const known = CELLS.get(cell);
  if (known !== undefined) return known;
  const m = /^([NESW])([1-9])-([123])$/.exec(cell);
  const c = m ? { wall: `${m[1]}${m[2]}`, side: m[1] as Side, index: Number(m[2]), band: Number(m[3]) } : null;
  if (c || cell === COURTYARD) CELLS.set(cell, c);
  return c;
}

export const cellId = (wall: string, band: number) => `${wall}-${band}`;

/** The next wall card clockwise: the next one on the side, or the first of the next side. */
export function nextWall(layout: Layout, wall: string): string {
  const w = parseWall(wall)!;
  return w.index < layout[w.side] ? `${w.side}${w.index + 1}` : `${nextSide(w.side)}1`;
}

/** Where a tower stands on a side's line: 0 before wall 1, or one past the last wall. */
function towerIndex(layout: Layout, tower: string, side: Side): number | null {
  const [first, last] = SIDE_TOWERS[side];
  if (tower === first) return 0;
  if (tower === last) return layout[side] + 1;
  return null;
}

/**
 * Steps between a defender's place and an enemy's, or null when the defender cannot see it.
 * No diagonals: band + wall cards along the side; a tower is one step past the end wall; an enemy
 * in the courtyard is at 1 from everything; a defender in the courtyard sees only the courtyard.
 */
export function distance(layout: Layout, place: string, enemyAt: string): number | null {
  if (enemyAt === COURTYARD) return 1;
  if (place === COURTYARD) return null;
  const c = parseCell(enemyAt);
  if (!c) return null;
  if (isTower(place)) {
    const t = towerIndex(layout, place, c.side);
    return t === null ? null : c.band + Math.abs(c.index - t);
  }
  const w = parseWall(place);
  if (!w || w.side !== c.side) return null;
  return c.band + Math.abs(c.index - w.index);
}

/** The walls a tower joins (the last of one side, the first of the next). */
export function towerWalls(layout: Layout, tower: string): string[] {
  const out: string[] = [];
  for (const side of SIDES) {
    const [first, last] = SIDE_TOWERS[side];
    if (first === tower) out.push(`${side}1`);
    if (last === tower) out.push(`${side}${layout[side]}`);
  }
  return out;
}

const ORDERS = new Map<string, string[]>();

/** Every band cell, in the attacker's order: band 1 first, from `first` side clockwise (shared: do not modify). */
export function cellsInOrder(layout: Layout, first: Side): string[] {
  const key = `${layout.N}${layout.E}${layout.S}${layout.W}${first}`;
  let cells = ORDERS.get(key);
  if (!cells) {
    cells = BANDS.flatMap((band) => sidesFrom(first).flatMap((side) => wallsOf(layout, side).map((w) => cellId(w, band))));
    ORDERS.set(key, cells);
  }
  return cells;
}

export const placeName = (place: string): string => (place === COURTYARD ? 'courtyard' : place);

export function castleCard(s: TwoDeckSiegeState, id: string) {
  return s.castle.find((c) => c.id === id) ?? null;
}

export const standing = (s: TwoDeckSiegeState, id: string): boolean => {
  const c = castleCard(s, id);
  return !!c && !c.destroyed;
};
