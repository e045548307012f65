// Texts players read, in the bot's languages, as the engines give them (shared/ENGINE.md).
/**
 * A text a player reads, in any of the bot's languages: a key of the game's catalog
 * (assets/locales/<locale>/<game id>.json; a key with a namespace, `kingdoms:…`, names another
 * catalog) and the values it takes. A value may be a phrase itself (a card's name inside an
 * event), or a list of phrases (joined as the language joins lists). The English text stays
 * beside each phrase (`text`, `label`, `reason`, `message`): the en-US catalog gives exactly it.
 */
export type Phrase = { key: string; values?: Record<string, PhraseValue> };
export type PhraseValue = string | number | boolean | Phrase | Phrase[];

/** A phrase of `key` with `values` (none: the key alone). */
export const phrase = (key: string, values?: Record<string, PhraseValue>): Phrase => (values ? { key, values } : { key });

/** An English text and the phrase that says it in any language. */
export type Said = { text: string; phrase: Phrase };

export const said = (text: string, key: string, values?: Record<string, PhraseValue>): Said => ({ text, phrase: phrase(key, values) });
