// The words a Dice Realms board draws, in the board's language: the game's catalog
// (assets/locales/<locale>/dice-realms.json, its `board.*`, `terms.*` and `seats.*` keys).
import { say, t, type Locale } from '../../i18n/index.js';
import type { Phrase } from '../../engine/phrase.js';

export type UnitKey = 'infantry' | 'ranged' | 'cavalry' | 'siege';
export type TerritoryKey = 'farms' | 'city' | 'keep';
export type ResourceKey = 'food' | 'population' | 'military';
export type UnitStatus = 'active' | 'felled' | 'reserve' | 'attacking' | 'attacked' | 'trained';

const NS = 'dice-realms';

/** Every text of the board in one language. */
export type Words = {
  locale: Locale;
  /** A text of the board (`board.<key>`) with its values. */
  board(key: string, values?: Record<string, unknown>): string;
  seat(seat: number): string;
  unit(key: UnitKey): string;
  territory(key: TerritoryKey): string;
  resource(key: ResourceKey): string;
  /** A unit's status under its name; it agrees with the unit in some languages. */
  status(status: UnitStatus, unit: UnitKey): string;
  /** A phrase of the game (the result's reason), or the English beside it when it has none. */
  phrase(p: Phrase | undefined, english: string): string;
};

// A board asks for about a hundred texts, most of them the same from board to board; i18next
// takes tens of microseconds a text (hundreds with nesting), so texts are kept once said.
const said = new Map<string, string>();
const SAID_MAX = 20_000;

function cached(locale: Locale, key: string, values: Record<string, unknown>): string {
  const id = `${locale}\u0000${key}\u0000${JSON.stringify(values)}`;
  let text = said.get(id);
  if (text === undefined) {
    text = t(locale, `${NS}:${key}`, values);
    if (said.size >= SAID_MAX) said.clear();
    said.set(id, text);
  }
  return text;
}

export function wordsFor(locale: Locale = 'en-US'): Words {
  const say1 = (key: string, values: Record<string, unknown> = {}) => cached(locale, key, values);
  return {
    locale,
    board: (key, values) => say1(`board.${key}`, values),
    seat: (seat) => (seat === 0 || seat === 1 ? say1(`seats.${seat}`) : `${seat + 1}`),
    unit: (key) => say1(`terms.unit.${key}`),
    territory: (key) => say1(`terms.territory.${key}`),
    resource: (key) => say1(`terms.resource.${key}`),
    status: (status, unit) => say1(`board.status.${status}`, { context: unit }),
    phrase: (p, english) => (p ? say(locale, p, NS, english) : english),
  };
}
