// The tournaments' words: every refusal and reason they give is a phrase of their own catalog
// (assets/locales/<locale>/tournaments.json), said by each front end in its reader's language; the
// English kept beside it is what the en-US catalog says.
import type { Phrase, PhraseValue } from '../engine/contract.js';
import { err, type Result } from '../engine/result.js';
import { ENGLISH } from '../services/phrases.js';

export const TOURNAMENTS_NS = 'tournaments';

/** A text of the tournaments' catalog with its values. */
export function tphrase(key: string, values?: Record<string, PhraseValue>): Phrase {
  return values ? { key: `${TOURNAMENTS_NS}:${key}`, values } : { key: `${TOURNAMENTS_NS}:${key}` };
}

/** A refused request: `err(code, message, phrase)`, its message as the en-US catalog says it. */
export function refuseT<T = never>(code: string, key: string, values?: Record<string, PhraseValue>): Result<T> {
  const said = tphrase(key, values);
  return err(code, ENGLISH.say(said, TOURNAMENTS_NS), said);
}

/** The reason a game's outcome gives when a withdrawn player forfeits it (the master adds the seat). */
export const WITHDREW = tphrase('outcome.withdrew');

/** Whether an outcome is a forfeit by a withdrawn player. */
export const isWithdrawal = (said: Phrase | undefined): boolean => said?.key === WITHDREW.key;
