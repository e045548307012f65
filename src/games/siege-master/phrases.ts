// The phrases of Siege Master's texts: catalog keys of assets/locales/<locale>/siege-master.json
// with their values, as plain data beside the English the engine writes. Cells, moves and numbers
// go in as values; seat names and fortress lists as nested phrases, so that each language can
// inflect and order them as it needs.
import { err, type Phrase, type PhraseValue, type Result, type Seat } from '../../engine/index.js';

import { phrase } from '../../engine/index.js';
export { phrase };

/** A seat's name ("Red"), as the catalog's `seats.<n>`. */
export const seatPhrase = (seat: Seat): Phrase => phrase(`seats.${seat}`);

/**
 * "the fortress on F7", "the fortresses on F7, C3 and D9": the labels but the last joined by
 * commas (notation), the last apart, so the catalog says the word for "and". `key` picks the
 * grammatical role: `terms.fortressesOn` as an object, `terms.fortressesWith` after "with".
 */
export function fortressesPhrase(key: 'terms.fortressesOn' | 'terms.fortressesWith', labels: readonly string[]): Phrase {
  return phrase(key, { count: labels.length, first: labels.slice(0, -1).join(', '), last: labels[labels.length - 1] ?? '' });
}

/** A refusal: its code, its English, and the same in the player's language. */
export function refuse<T = never>(code: string, message: string, key: string, values?: Record<string, PhraseValue>): Result<T> {
  return err(code, message, phrase(`errors.${key}`, values));
}
