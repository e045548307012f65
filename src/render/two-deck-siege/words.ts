// The board's words in the board's language: the game's catalog (board.* and terms.*), phrases
// the view carries (the question, the prompt, the result's reason), unit and card names by key.
import { say, t, type Locale } from '../../i18n/index.js';
import type { Phrase } from '../../engine/index.js';
import type { RenderOptions } from '../svg.js';

const NS = 'two-deck-siege';

export type Words = {
  locale: Locale;
  /** A text of the game's catalog: `board.turn`, `terms.units.ogre.code`. */
  t: (key: string, values?: Record<string, unknown>) => string;
  /** A phrase of the view, or its English when it has none. */
  say: (phrase: Phrase | null | undefined, english: string) => string;
  /** A unit kind's short name, its chip code; a card's name (orders under cards, defenders under units). */
  short: (key: string) => string;
  code: (key: string) => string;
  cardName: (key: string, kind: 'order' | 'special') => string;
};

export function wordsFor(opts: RenderOptions): Words {
  const locale = opts.locale ?? 'en-US';
  const tr = (key: string, values: Record<string, unknown> = {}) => t(locale, `${NS}:${key}`, values);
  return {
    locale,
    t: tr,
    say: (phrase, english) => (phrase ? say(locale, phrase, NS, english) : english),
    short: (key) => tr(`terms.units.${key}.short`),
    code: (key) => tr(`terms.units.${key}.code`),
    cardName: (key, kind) => tr(kind === 'order' ? `terms.cards.${key}.name` : `terms.units.${key}.name`),
  };
}
