// Colours (who moves first) in a Swiss round, after the FIDE Dutch system's colour rules, simplified.
// A player's colour difference (whites minus blacks over played games) never goes past ±2: two
// players who would both need the same colour to stay within it are never paired while another
// pairing exists (swiss.ts). Everything else is a preference, weighed by how strong it is.
import type { Colour } from './records.js';

export const Strength = {
  None: 0,
  /** Even colours: alternate from the last game. */
  Mild: 1,
  /** One colour ahead: get the other. */
  Strong: 2,
  /**
   * Two ahead (a rule: see `atLimit`), or the same colour twice running (FIDE's other absolute
   * preference, here the heaviest cost rather than a rule, so that it never forces a repeat).
   */
  Absolute: 3,
} as const;
export type Strength = (typeof Strength)[keyof typeof Strength];

export interface ColourPreference {
  colour: Colour | null;
  strength: Strength;
  /** Whites minus blacks. */
  difference: number;
  /** The difference is already ±2: the player must get `colour` (the limit of ±2). */
  atLimit: boolean;
  history: readonly Colour[];
}

const other = (c: Colour): Colour => (c === 'W' ? 'B' : 'W');

export function colourPreference(history: readonly Colour[]): ColourPreference {
  let difference = 0;
  for (const c of history) difference += c === 'W' ? 1 : -1;
  const last = history[history.length - 1];
  const twice = history.length >= 2 && history[history.length - 2] === last ? last : undefined;
  const atLimit = Math.abs(difference) >= 2;
  const pref = (colour: Colour | null, strength: Strength): ColourPreference => ({ colour, strength, difference, atLimit, history });
  if (difference <= -2) return pref('W', Strength.Absolute);
  if (difference >= 2) return pref('B', Strength.Absolute);
  if (twice) return pref(other(twice), Strength.Absolute);
  if (difference !== 0) return pref(difference < 0 ? 'W' : 'B', Strength.Strong);
  if (last) return pref(other(last), Strength.Mild);
  return pref(null, Strength.None);
}

/** What an unmet preference costs a pairing, by its strength. */
const UNMET: Record<Strength, number> = { 0: 0, 1: 1, 2: 4, 3: 16 };
export const MAX_COLOUR_COST = UNMET[Strength.Absolute];

/**
 * What leaving this preference unmet costs. A pair's colour cost is 0 unless both want the same
 * colour; then one of them loses, at best the weaker: the smaller of their two unmet costs.
 */
export function unmetCost(p: ColourPreference): number {
  return UNMET[p.strength];
}

/**
 * Whether the higher-ranked player `a` takes white against `b`. FIDE's order: satisfy both if they
 * differ; else the stronger preference; between equals, the wider colour difference; then
 * alternate from the most recent game in which their colours differed; then the higher-ranked
 * player's preference. With no preference at all, the higher-ranked player takes white on odd
 * boards and black on even ones (the usual first-round rule).
 */
export function aTakesWhite(a: ColourPreference, b: ColourPreference, board: number): boolean {
  if (a.colour === null && b.colour === null) return board % 2 === 1;
  if (a.colour === null) return b.colour === 'B';
  if (b.colour === null || a.colour !== b.colour) return a.colour === 'W';
  // Both want the same colour.
  if (a.atLimit !== b.atLimit) return a.atLimit === (a.colour === 'W');
  if (a.strength !== b.strength) return (a.strength > b.strength) === (a.colour === 'W');
  if (Math.abs(a.difference) !== Math.abs(b.difference)) return (Math.abs(a.difference) > Math.abs(b.difference)) === (a.colour === 'W');
  for (let i = a.history.length - 1, j = b.history.length - 1; i >= 0 && j >= 0; i--, j--) {
    if (a.history[i] !== b.history[j]) return a.history[i] === 'B';
  }
  return a.colour === 'W';
}
