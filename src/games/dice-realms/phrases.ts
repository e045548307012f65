// Phrases beside the English: catalog keys of assets/locales/<locale>/dice-realms.json and their
// values. The game's words travel as ids (`unit: 'cavalry'`), not as English: each language's
// catalog then picks the form its sentence needs (with an article, after a preposition, agreeing
// with a plural). A sentence whose grammar in some language depends on the word it names (a verb
// agreeing with "Schützen" but not with "Infanterie") passes that id as its i18next `context`.
import type { Phrase, PhraseValue, Seat } from '../../engine/index.js';

import { phrase } from '../../engine/index.js';
export { phrase };

/** A seat's name ("Red"), said in the reader's language. */
export const seatPhrase = (seat: Seat): Phrase => ({ key: `seats.${seat}` });

/** A value's change, "4 → 8": figures and an arrow, written alike in every language. */
export const change = (before: number, after: number): string => `${before} → ${after}`;

import { said, type Said } from '../../engine/index.js';
export { said, type Said };
