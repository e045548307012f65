// The kingdom games' words as phrases (shared/ENGINE.md): plain data naming a catalog key and its
// values, beside the English the engines keep writing. The terms both games share (resources,
// actions, region types, factions, amounts, lists) live in the `kingdoms` catalog; each game's own
// sentences in its catalog, and they take these terms as values so that a language can inflect and
// order them as it needs.
import type { Phrase, PhraseValue } from '../../engine/index.js';
import type { Action } from './actionCard.js';
import type { Resource, Resources } from './resources.js';
import { RESOURCES } from './resources.js';
import type { RegionType } from './territories.js';
import { warValue } from './war.js';

/** A phrase: `key` in the game's catalog, or `ns:key` in another. */
import { phrase } from '../../engine/index.js';
export { phrase };

/** A phrase of the shared `kingdoms` catalog. */
export const kingdomsPhrase = (key: string, values?: Record<string, PhraseValue>): Phrase => phrase(`kingdoms:${key}`, values);

/** "Food", "Mana", "Ore": the resource's name. */
export const resourceTerm = (r: Resource): Phrase => kingdomsPhrase(`terms.resource.${r}`);
/** "2 Food": an amount of a resource. */
export const amountPhrase = (r: Resource, n: number): Phrase => kingdomsPhrase(`terms.amount.${r}`, { count: n });
/** "Patrol": the action as the action card names it. */
export const actionTerm = (a: Action): Phrase => kingdomsPhrase(`terms.action.${a}`);
/** "patrol": the action inside a sentence ("you may patrol too"). */
export const actionVerb = (a: Action): Phrase => kingdomsPhrase(`terms.verb.${a}`);
/** "Forest": a region type as the map names it. */
export const regionTypeTerm = (t: RegionType): Phrase => kingdomsPhrase(`terms.region.${t}`);
/** "Verdant Circle": a faction's name. */
export const factionTerm = (id: string): Phrase => kingdomsPhrase(`terms.faction.${id}`);

/** "a, b, c": items joined with commas, as the English lists names (no "and"). */
export function commaList(items: readonly PhraseValue[]): PhraseValue {
  if (items.length === 0) return '';
  return items.slice(1).reduce<PhraseValue>((head, last) => kingdomsPhrase('terms.commaList', { head, last }), items[0]!);
}

/** "2 Mana, 1 Ore", or "nothing": what resourcesText says. */
export function resourcesPhrase(r: Partial<Resources>): Phrase {
  const parts = RESOURCES.filter((k) => (r[k] ?? 0) > 0).map((k) => amountPhrase(k, r[k]!));
  if (parts.length === 0) return kingdomsPhrase('terms.nothing');
  if (parts.length === 1) return parts[0]!;
  return commaList(parts) as Phrase;
}

/** "2 Mana + 1 Ore", or "nothing": a war payment without its value. */
export function paidPhrase(p: { mana: number; ore: number }): Phrase {
  if (p.mana && p.ore) return kingdomsPhrase('terms.paid.both', { mana: amountPhrase('mana', p.mana), ore: amountPhrase('ore', p.ore) });
  if (p.mana) return amountPhrase('mana', p.mana);
  if (p.ore) return amountPhrase('ore', p.ore);
  return kingdomsPhrase('terms.nothing');
}

/** "2 Mana + 1 Ore (5)": a war payment and what it counts. */
export const paymentPhrase = (p: { mana: number; ore: number }): Phrase =>
  kingdomsPhrase('terms.payment', { paid: paidPhrase(p), value: warValue(p) });
