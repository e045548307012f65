// A refusal of the engine or a service (a GameError) in the reader's language: its phrase when it
// has one (a game's key in the game's catalog, a service's "services:…" key in its own), else the
// English it was given with.
import type { Phrase } from '../../engine/phrase.js';
import type { Speaker } from '../../i18n/index.js';

/** `namespace`: the game's id for a refusal that may come from its engine; 'services' otherwise. */
export function refusal(sp: Speaker, error: { message: string; phrase?: Phrase }, namespace = 'services'): string {
  return sp.sayOr(error.phrase, namespace, error.message);
}
