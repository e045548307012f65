// Territory cards: the data under assets/territories, each side resolved into a region graph with
// distances, border regions and the home region next to the name banner.
import cardData from '../../../assets/territories/cards.json' with { type: 'json' };
import type { Resource } from './resources.js';

export type RegionType = 'plains' | 'forest' | 'mountain' | 'ruins' | 'capital';
export type CardSide = 'A' | 'B';

export const REGION_TYPES: readonly RegionType[] = ['plains', 'forest', 'mountain', 'ruins', 'capital'];
export const REGION_TYPE_NAME: Record<RegionType, string> = {
  plains: 'Plains',
  forest: 'Forest',
  mountain: 'Mountain',
  ruins: 'Ruins',
  capital: 'Capital City',
};
/** What a region produces when collected; Ruins give one resource of the owner's choice. */
export const YIELD: Record<RegionType, Resource | 'choice' | null> = {
  plains: 'food',
  forest: 'mana',
  mountain: 'ore',
  ruins: 'choice',
  capital: null,
};

type RegionData = { id: string; name: string; type: RegionType; b?: RegionType; x: number; y: number; border?: boolean; home?: boolean };
type CardData = { id: string; name: string; regions: RegionData[]; edges: [string, string][] };

/** A region as it is on one side of a card. `number` is 1-based, in the card's data order. */
export type Region = {
  id: string;
  name: string;
  type: RegionType;
  number: number;
  card: string;
  x: number;
  y: number;
  border: boolean;
  home: boolean;
};

export type Territory = {
  id: string;
  name: string;
  side: CardSide;
  regions: Region[];
  edges: [string, string][];
  /** Region id → neighbouring region ids, in card order. */
  adjacency: Record<string, string[]>;
  /** Grid size for drawing. */
  cols: number;
  rows: number;
};

const CARDS = (cardData as unknown as { cards: CardData[] }).cards;

export const CARD_IDS: readonly string[] = CARDS.map((c) => c.id);

const cache = new Map<string, Territory>();

export function isCardId(id: unknown): id is string {
  return typeof id === 'string' && CARD_IDS.includes(id);
}

/** One side of a card as a graph. Side B turns the Ruins into the type given for it. */
export function territory(cardId: string, side: CardSide): Territory {
  const key = `${cardId}/${side}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const data = CARDS.find((c) => c.id === cardId);
  if (!data) throw new Error(`no territory card ${cardId}`);
  const regions = data.regions.map((r, i): Region => ({
    id: r.id,
    name: r.name,
    type: side === 'B' && r.b ? r.b : r.type,
    number: i + 1,
    card: data.id,
    x: r.x,
    y: r.y,
    border: r.border === true,
    home: r.home === true,
  }));
  const order = new Map(regions.map((r, i) => [r.id, i]));
  const adjacency: Record<string, string[]> = Object.fromEntries(regions.map((r) => [r.id, [] as string[]]));
  for (const [a, b] of data.edges) {
    adjacency[a]!.push(b);
    adjacency[b]!.push(a);
  }
  for (const list of Object.values(adjacency)) list.sort((a, b) => order.get(a)! - order.get(b)!);
  const t: Territory = {
    id: data.id,
    name: data.name,
    side,
    regions,
    edges: data.edges.map(([a, b]) => [a, b] as [string, string]),
    adjacency,
    cols: Math.max(...regions.map((r) => r.x)) + 1,
    rows: Math.max(...regions.map((r) => r.y)) + 1,
  };
  deepFreeze(t);
  cache.set(key, t);
  return t;
}

function deepFreeze(x: unknown): void {
  if (x && typeof x === 'object') {
    Object.values(x).forEach(deepFreeze);
    Object.freeze(x);
  }
}

/** Borders crossed on the shortest path from `from` to every region of the card (BFS). */
export function distancesFrom(t: Territory, from: string): Record<string, number> {
  const dist: Record<string, number> = { [from]: 0 };
  const queue = [from];
  for (let i = 0; i < queue.length; i++) {
    const at = queue[i]!;
    for (const next of t.adjacency[at] ?? []) {
      if (dist[next] === undefined) {
        dist[next] = dist[at]! + 1;
        queue.push(next);
      }
    }
  }
  return dist;
}

/** Borders crossed between two regions of one card; Infinity when no path joins them. */
export function distance(t: Territory, a: string, b: string): number {
  return distancesFrom(t, a)[b] ?? Infinity;
}

export const homeRegion = (t: Territory): Region => t.regions.find((r) => r.home)!;
export const borderRegions = (t: Territory): Region[] => t.regions.filter((r) => r.border);
export const areAdjacent = (t: Territory, a: string, b: string): boolean => (t.adjacency[a] ?? []).includes(b);
