// A kingdom's tracks (resources, tower, magic, meeples) and the board of cards its meeples stand on.
// Everything here is plain JSON that a variant keeps inside its game state; helpers never mutate.
import { RESOURCE_NAME, RESOURCES, type Resources } from './resources.js';
import { territory, type CardSide, type Region, type Territory } from './territories.js';
import { VALUES } from './values.js';

/** One side's tracks. Meeples not in supply stand on the board. */
export type Kingdom = Resources & { tower: number; magic: number; meeplesInSupply: number };

/** The cards in play (index = slot) and how many meeples of each side stand in each region. */
export type BoardState = {
  cards: { id: string; side: CardSide; owner: number }[];
  /** Region id → count per side (index = side). Every region in play has an entry. */
  occupants: Record<string, number[]>;
};

export function newKingdom(r: Partial<Resources> = {}, tower = 0, magic = 0, meeplesInSupply: number = VALUES.meeples): Kingdom {
  return { food: r.food ?? 0, mana: r.mana ?? 0, ore: r.ore ?? 0, tower, magic, meeplesInSupply };
}

export function newBoard(cards: BoardState['cards'], sides = 2): BoardState {
  const occupants: Record<string, number[]> = {};
  for (const c of cards) for (const r of territory(c.id, c.side).regions) occupants[r.id] = Array(sides).fill(0);
  return { cards: cards.map((c) => ({ ...c })), occupants };
}

export const cloneBoard = (b: BoardState): BoardState => ({
  cards: b.cards.map((c) => ({ ...c })),
  occupants: Object.fromEntries(Object.entries(b.occupants).map(([k, v]) => [k, [...v]])),
});

export const territories = (b: BoardState): Territory[] => b.cards.map((c) => territory(c.id, c.side));

/** The region with this id among the cards in play, with its card's slot; null if none. */
export function findRegion(b: BoardState, id: unknown): { region: Region; slot: number; territory: Territory } | null {
  if (typeof id !== 'string' || !Object.hasOwn(b.occupants, id)) return null;
  for (let slot = 0; slot < b.cards.length; slot++) {
    const t = territory(b.cards[slot]!.id, b.cards[slot]!.side);
    const region = t.regions.find((r) => r.id === id);
    if (region) return { region, slot, territory: t };
  }
  return null;
}

export const allRegions = (b: BoardState): Region[] => territories(b).flatMap((t) => t.regions);
export const countIn = (b: BoardState, id: string, side: number): number => b.occupants[id]?.[side] ?? 0;
export const totalIn = (b: BoardState, id: string): number => (b.occupants[id] ?? []).reduce((a, c) => a + c, 0);
export const hasRoom = (b: BoardState, id: string): boolean => totalIn(b, id) < VALUES.regionCapacity;
export const onMap = (b: BoardState, side: number): number => Object.values(b.occupants).reduce((a, c) => a + (c[side] ?? 0), 0);
/** Regions where `side` has at least one meeple, in card order. */
export const occupiedBy = (b: BoardState, side: number): Region[] => allRegions(b).filter((r) => countIn(b, r.id, side) > 0);
/** Regions of another side's meeples present besides `side`'s: the sides that would fight there. */
export const opponentsIn = (b: BoardState, id: string, side: number): number[] =>
  (b.occupants[id] ?? []).flatMap((c, s) => (s !== side && c > 0 ? [s] : []));

/** Adds `delta` meeples of `side` in a region (negative removes). Returns a new board. */
export function addMeeples(b: BoardState, id: string, side: number, delta: number): BoardState {
  const out = cloneBoard(b);
  const row = out.occupants[id];
  if (!row) throw new Error(`region ${id} is not in play`);
  row[side] = (row[side] ?? 0) + delta;
  if (row[side]! < 0) throw new Error(`no meeple of side ${side} in ${id}`);
  return out;
}

export const moveMeeple = (b: BoardState, side: number, from: string, to: string): BoardState =>
  addMeeples(addMeeples(b, from, side, -1), to, side, 1);

/** Adds resources, each capped at 9. Returns the new kingdom and what the caps threw away. */
export function gain(k: Kingdom, add: Partial<Resources>): { kingdom: Kingdom; lost: Resources } {
  const kingdom = { ...k };
  const lost: Resources = { food: 0, mana: 0, ore: 0 };
  for (const r of RESOURCES) {
    const sum = k[r] + (add[r] ?? 0);
    kingdom[r] = Math.min(VALUES.resourceMax, sum);
    lost[r] = Math.max(0, sum - VALUES.resourceMax);
  }
  return { kingdom, lost };
}

/** Pays resources that the kingdom has; throws otherwise (callers check first). */
export function pay(k: Kingdom, cost: Partial<Resources>): Kingdom {
  const out = { ...k };
  for (const r of RESOURCES) {
    out[r] -= cost[r] ?? 0;
    if (out[r] < 0) throw new Error(`cannot pay ${cost[r]} ${r}`);
  }
  return out;
}

/** "2 Mana, 1 Ore", or "nothing". */
export function resourcesText(r: Partial<Resources>): string {
  const parts = RESOURCES.filter((k) => (r[k] ?? 0) > 0).map((k) => `${r[k]} ${RESOURCE_NAME[k]}`);
  return parts.length ? parts.join(', ') : 'nothing';
}
