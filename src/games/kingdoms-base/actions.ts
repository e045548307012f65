// The six actions and collecting, as pure helpers: what is legal, and what it does. A variant
// decides who may act when, and what happens when a move starts a war.
import {
  allRegions,
  countIn,
  findRegion,
  gain,
  hasRoom,
  occupiedBy,
  onMap,
  opponentsIn,
  pay,

  type BoardState,
  type Kingdom,
} from './kingdom.js';
import type { Resource, Resources } from './resources.js';
import { YIELD } from './territories.js';
import { VALUES } from './values.js';

/** A meeple's possible step: where from, where to, and the sides it would fight there. */
export type Step = { from: string; to: string; opponents: number[] };

/** Patrol: one meeple to an adjacent region of the same card that has room. */
export function patrolSteps(b: BoardState, side: number): Step[] {
  const out: Step[] = [];
  for (const r of occupiedBy(b, side)) {
    const t = findRegion(b, r.id)!.territory;
    for (const to of t.adjacency[r.id] ?? []) {
      if (hasRoom(b, to)) out.push({ from: r.id, to, opponents: opponentsIn(b, to, side) });
    }
  }
  return out;
}

/** Quest: one meeple from a border region to a border region of another card that has room. */
export function questSteps(b: BoardState, side: number): Step[] {
  const out: Step[] = [];
  const regions = allRegions(b);
  for (const r of occupiedBy(b, side)) {
    if (!r.border) continue;
    for (const to of regions) {
      if (to.card === r.card || !to.border || !hasRoom(b, to.id)) continue;
      out.push({ from: r.id, to: to.id, opponents: opponentsIn(b, to.id, side) });
    }
  }
  return out;
}

/** Build: the Ore the next tower level costs (its number), or null at the top. */
export const buildCost = (k: Kingdom): number | null => (k.tower < VALUES.towerMax ? k.tower + 1 : null);
export const canBuild = (k: Kingdom): boolean => {
  const c = buildCost(k);
  return c !== null && k.ore >= c;
};
export function build(k: Kingdom): Kingdom {
  const cost = buildCost(k);
  if (cost === null || k.ore < cost) throw new Error('cannot build');
  return { ...pay(k, { ore: cost }), tower: k.tower + 1 };
}

/** Research: the Mana the next magic level costs (its number), or null at the top. */
export const researchCost = (k: Kingdom): number | null => (k.magic < VALUES.magicMax ? k.magic + 1 : null);
export const canResearch = (k: Kingdom): boolean => {
  const c = researchCost(k);
  return c !== null && k.mana >= c;
};
export function research(k: Kingdom): Kingdom {
  const cost = researchCost(k);
  if (cost === null || k.mana < cost) throw new Error('cannot research');
  return { ...pay(k, { mana: cost }), magic: k.magic + 1 };
}

/** Expand: Food equal to the meeples on the map after expanding. */
export const expandCost = (b: BoardState, side: number): number => onMap(b, side) + 1;

/** Regions where a new meeple may go: exactly one of yours there, and room. Empty if unaffordable. */
export function expandRegions(b: BoardState, side: number, k: Kingdom): string[] {
  if (k.meeplesInSupply <= 0 || k.food < expandCost(b, side)) return [];
  return occupiedBy(b, side)
    .filter((r) => countIn(b, r.id, side) === 1 && hasRoom(b, r.id))
    .map((r) => r.id);
}

export function expand(b: BoardState, side: number, k: Kingdom, region: string): { board: BoardState; kingdom: Kingdom; cost: number } {
  if (!expandRegions(b, side, k).includes(region)) throw new Error(`cannot expand into ${region}`);
  const cost = expandCost(b, side);
  const board = { ...b, occupants: { ...b.occupants, [region]: b.occupants[region]!.map((c, s) => (s === side ? c + 1 : c)) } };
  return { board, kingdom: { ...pay(k, { food: cost }), meeplesInSupply: k.meeplesInSupply - 1 }, cost };
}

/** Trade: the most of `from` worth turning into `to`, 1:1, without anything lost at the cap of 9. */
export const tradeLimit = (k: Kingdom, from: Resource, to: Resource): number =>
  from === to ? 0 : Math.max(0, Math.min(k[from], VALUES.resourceMax - k[to]));

export function trade(k: Kingdom, from: Resource, to: Resource, amount: number): Kingdom {
  if (from === to || !(amount >= 1) || amount > k[from]) throw new Error('cannot trade');
  return gain(pay(k, { [from]: amount }), { [to]: amount }).kingdom;
}

/** How many Ruins `side` occupies: each gives one resource of the owner's choice. */
export const ruinsHeld = (b: BoardState, side: number): number => occupiedBy(b, side).filter((r) => YIELD[r.type] === 'choice').length;

/**
 * Collect: 1 of each occupied region's resource (two meeples in one region still give 1). Every
 * Ruins held gives `ruinsChoice` (default Food). Capital Cities give nothing.
 */
export function collectGains(b: BoardState, side: number, ruinsChoice: Resource = 'food'): Resources {
  const gains: Resources = { food: 0, mana: 0, ore: 0 };
  for (const r of occupiedBy(b, side)) {
    const y = YIELD[r.type];
    if (y === 'choice') gains[ruinsChoice] += 1;
    else if (y) gains[y] += 1;
  }
  return gains;
}

export function collect(b: BoardState, side: number, k: Kingdom, ruinsChoice?: Resource): { kingdom: Kingdom; gains: Resources; lost: Resources } {
  const gains = collectGains(b, side, ruinsChoice);
  return { ...gain(k, gains), gains };
}

