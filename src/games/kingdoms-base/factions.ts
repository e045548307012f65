// Factions: name, colour and the level-5 magic bonus, read from assets/territories/factions.json.
import factionData from '../../../assets/territories/factions.json' with { type: 'json' };
import type { Phrase } from '../../engine/index.js';
import { countIn, occupiedBy, type BoardState, type Kingdom } from './kingdom.js';
import { kingdomsPhrase } from './phrases.js';
import { REGION_TYPE_NAME, type RegionType } from './territories.js';
import { VALUES } from './values.js';

export type BonusPer = RegionType | 'foreign' | 'tower' | 'resources';
export type FactionBonus = { per: BonusPer; each: number; vp: number; max: number };
export type Faction = { id: string; name: string; colour: string; bonus: FactionBonus };

export const FACTIONS: readonly Faction[] = (factionData as unknown as { factions: Faction[] }).factions;
export const FACTION_IDS: readonly string[] = FACTIONS.map((f) => f.id);
export const isFactionId = (id: unknown): id is string => typeof id === 'string' && FACTION_IDS.includes(id);
export const factionById = (id: string): Faction => {
  const f = FACTIONS.find((x) => x.id === id);
  if (!f) throw new Error(`no faction ${id}`);
  return f;
};

const PER_TEXT: Record<BonusPer, [string, string]> = {
  plains: ['Plains you occupy', 'Plains'],
  forest: ['Forest you occupy', 'Forests'],
  mountain: ['Mountain you occupy', 'Mountains'],
  ruins: ['Ruins you occupy', 'Ruins'],
  capital: ['Capital City you occupy', 'Capital Cities'],
  foreign: ['region you hold on another card', 'regions on other cards'],
  tower: ['tower level', 'tower levels'],
  resources: ['resource left over', 'resources left over'],
};

/** "+1 VP per Forest you occupy (max 3)", "+1 VP per 2 tower levels (max 3)". */
export function bonusText(b: FactionBonus): string {
  const [one, many] = PER_TEXT[b.per];
  const per = b.each === 1 ? one : `${b.each} ${many}`;
  return `+${b.vp} VP per ${per} (max ${b.max})`;
}

/** bonusText in the player's language: the count is how many make one bonus. */
export const bonusPhrase = (b: FactionBonus): Phrase => kingdomsPhrase(`terms.bonus.${b.per}`, { count: b.each, vp: b.vp, max: b.max });

/** What the bonus counts for `side` now. */
export function bonusCount(bonus: FactionBonus, b: BoardState, side: number, k: Kingdom): number {
  switch (bonus.per) {
    case 'foreign': {
      const foreignCards = new Set(b.cards.filter((c) => c.owner !== side).map((c) => c.id));
      return occupiedBy(b, side).filter((r) => foreignCards.has(r.card)).length;
    }
    case 'tower':
      return k.tower;
    case 'resources':
      return k.food + k.mana + k.ore;
    default:
      return occupiedBy(b, side).filter((r) => r.type === bonus.per && countIn(b, r.id, side) > 0).length;
  }
}

/** The level-5 magic bonus: scored only at magic level 5. */
export function factionBonusVp(f: Faction, b: BoardState, side: number, k: Kingdom): number {
  if (k.magic < VALUES.magicMax) return 0;
  return Math.min(f.bonus.max, Math.floor(bonusCount(f.bonus, b, side, k) / f.bonus.each) * f.bonus.vp);
}

export { REGION_TYPE_NAME };
