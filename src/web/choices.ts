// The player's choices at one step of a move, and the answers to a refused post, in the reader's
// language: the question from the game's `choicePromptPhrase`, each choice from its `phrase` and
// `descriptionPhrase` (a label that is notation has none and stays as it is), a refusal from its
// phrase (the game's catalog, else the services'), else from the web's own words for its code.
import type { GameDefinition, Seat } from '../engine/contract.js';
import type { GameError } from '../engine/result.js';
import { formOf, hasText, SOURCE_LOCALE, type Speaker } from '../i18n/index.js';
import { choiceLevel, choiceText, stepPrompt } from '../services/moveChoices.js';

export type SaidLevel = {
  prompt: string;
  options: { key: string; completes: boolean; text: string }[];
};

export function saidLevel(sp: Speaker, def: GameDefinition, state: unknown, seat: Seat, chosen: string[]): SaidLevel {
  const level = choiceLevel(def, state, seat, chosen);
  const english = sp.locale === SOURCE_LOCALE;
  // The same question as Discord's step panels ask (services/moveChoices.ts).
  const prompt = stepPrompt(sp, def, state, seat, chosen);
  const options = level.options.map((o) => {
    const label = o.phrase ? sp.say(o.phrase, def.id, o.label) : o.label;
    // A description with no phrase is English: said to English readers only.
    const description = o.descriptionPhrase ? sp.say(o.descriptionPhrase, def.id, o.description) : english ? o.description : undefined;
    return { key: o.key, completes: o.completes, text: choiceText({ label, ...(description ? { description } : {}) }) };
  });
  return { prompt, options };
}

/** Why a service or a game refused, in the reader's language. */
export function refusalText(sp: Speaker, def: GameDefinition | null, error: GameError): string {
  if (error.phrase) {
    const own = def && !error.phrase.key.includes(':') && hasText(`${def.id}:${error.phrase.key}`, formOf(error.phrase));
    return sp.say(error.phrase, own ? def.id : 'services', error.message);
  }
  // The service's English is exact (it may name who is awaited); other readers get the gist.
  if (sp.locale === SOURCE_LOCALE) return error.message;
  return hasText(`web:refusal.code.${error.code}`) ? sp.t(`web:refusal.code.${error.code}`) : error.message;
}
