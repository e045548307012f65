// The game's words as phrases (catalog keys and values, plain data), each beside the English the
// engine writes, so that every text a player reads can be said in any of the bot's languages.
// Symbols (emoji, arrows) travel as values: they are the same in every language.
import type { GameEvent, Phrase, PhraseValue } from '../../engine/index.js';
import { COURTYARD, DEFENDER, ENEMY, EVENT, ORDER, keyOf, type Defender, type Enemy } from './types.js';

import { phrase } from '../../engine/index.js';
export { phrase };
import { said, type Said } from '../../engine/index.js';
export { said, type Said };

/** An event: its type, what a player reads, and the fields tests and checks read. */
export function event(type: string, s: Said, fields: Record<string, unknown> = {}): GameEvent {
  return { type, text: s.text, phrase: s.phrase, ...fields };
}

/** English lists as the language joins them: "A", "A and B", "A, B, and C". */
export function englishList(items: string[]): string {
  if (items.length <= 2) return items.join(' and ');
  return `${items.slice(0, -1).join(', ')}, and ${items[items.length - 1]}`;
}

/** A unit's number among the cards of its kind ("pik3" → "3"); none for a card of one. */
const numberOf = (id: string): string => /\d+$/.exec(id)?.[0] ?? '';

/** A card's name by key: an order's or an event's under terms.cards, a unit's under terms.units. */
export function cardName(key: string): Said {
  if (ORDER[key]) return said(ORDER[key]!.name, `terms.cards.${key}.name`);
  if (EVENT[key]) return said(EVENT[key]!.name, `terms.cards.${key}.name`);
  if (ENEMY[key]) return said(ENEMY[key]!.name, `terms.units.${key}.name`);
  if (DEFENDER[key]) return said(DEFENDER[key]!.name, `terms.units.${key}.name`);
  return said(key, 'terms.typed', { text: key });
}

/** A unit kind's short name ("Pikeman", "Goblin"). */
export function shortName(key: string): Said {
  const card = ENEMY[key] ?? DEFENDER[key];
  return card ? said(card.short, `terms.units.${key}.short`) : said(key, 'terms.typed', { text: key });
}

/** A card's rules text (orders and events). */
export function cardText(key: string): Said {
  const card = ORDER[key] ?? EVENT[key];
  return card ? said(card.text, `terms.cards.${key}.text`) : said(key, 'terms.typed', { text: key });
}

/** A name and the unit's number, as a player tells the cards of a kind apart: "Pikeman 3". */
function numbered(name: Said, id: string): Said {
  const n = numberOf(id);
  return n ? said(`${name.text} ${n}`, 'terms.numbered', { name: name.phrase, n: Number(n) }) : name;
}

/** A defender as the texts name it: its short name and number ("Man-at-arms 2", "Wizard"). */
export const defenderName = (d: Pick<Defender, 'id' | 'key'>): Said => numbered(shortName(d.key), d.id);

/** An enemy as the texts name it: its full name and number ("Goblin Stabber 3", "Dragon"). */
export const enemyName = (e: Pick<Enemy, 'id' | 'key'>): Said => numbered(cardName(e.key), e.id);

/** A unit id named for a player, whatever it is: a known unit's name, else the text as typed. */
export function unitIdName(id: string): Said {
  const key = keyOf(id);
  if (DEFENDER[key] && id !== key) return defenderName({ id, key });
  if (ENEMY[key] && id !== key) return enemyName({ id, key });
  return said(id, 'terms.typed', { text: id });
}

/** Whether a unit card names several (the Dwarves, the Knights): its sentences agree in the plural. */
export const isGroup = (key: string): boolean => DEFENDER[key]?.plural === true;

/** The context that makes a sentence about `key` agree with it (i18next's `context`). */
export const agree = (key: string): Record<string, PhraseValue> => (isGroup(key) ? { context: 'group' } : {});

const isCell = (at: string) => /^[NESW]\d-\d$/.test(at);
const isTowerId = (at: string) => /^(NE|SE|SW|NW)$/.test(at);

/** Where something is: "in the courtyard", "at N1" (a wall or tower), "at N1-2" (a band cell). */
export function where(at: string): Said {
  if (at === COURTYARD) return said('in the courtyard', 'terms.where.courtyard');
  return said(`at ${at}`, isCell(at) ? 'terms.where.cell' : 'terms.where.castle', { place: at });
}

/** A castle card by kind: "wall N1", "tower NE". */
export function castleCardName(id: string, capital = false): Said {
  const tower = isTowerId(id);
  const word = tower ? (capital ? 'Tower' : 'tower') : capital ? 'Wall' : 'wall';
  return said(`${word} ${id}`, `terms.castle.${tower ? 'tower' : 'wall'}${capital ? 'Capital' : ''}`, { id });
}

/** A side of the castle by letter. */
export const sideName = (side: string, english: string): Said => said(english, `terms.sides.${side}`);

/** Swords, shields and hearts with their marks: the same in every language. */
export const swords = (n: number) => `${n}⚔`;
export const shields = (n: number) => `${n}🛡`;
export const hearts = (n: number) => `${n}♥`;

/** An enemy as a choice label names it: its short name and number ("Goblin 3"). */
export const enemyShortName = (e: Pick<Enemy, 'id' | 'key'>): Said => numbered(shortName(e.key), e.id);
