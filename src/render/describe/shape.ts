// The shape of a position in words, shared by every game's describer: parts in order of
// importance, each with its sentences (the whole of it, for the Describe answer), the shorter ways
// an image's alt text can say it, and a table where the game has a grid or a row-by-column record
// (for a screen reader's table on the web). Every word comes from the catalogs
// (render:describe.*, and each game's own terms), in the reader's language.
import type { Phrase } from '../../engine/phrase.js';
import { formatNumber, joinList, sayOr, t, type Locale } from '../../i18n/index.js';

/** A grid or a record: column headers (the first heads the row headers), then rows with their header. */
export type DescribedTable = {
  caption: string;
  columns: string[];
  rows: { header: string; cells: string[] }[];
};

/** One way an alt text may say a part; `whole` when nothing of the part is left out. */
export type Brief = { text: string; whole: boolean };

export type DescribedPart = {
  /** Stable for a game ('fortresses', 'armies', 'realms', 'card-0', 'side-N'…): the web may key on it. */
  id: string;
  heading: string;
  /** The whole part, one sentence a line. */
  lines: string[];
  /** Shorter sayings for an alt text, longest first. */
  brief: Brief[];
  table?: DescribedTable;
};

export type PositionDescription = { game: string; parts: DescribedPart[] };

/** What a describer is given: the view, the reader's language and the seats' names in it. */
export type DescribeInput = { view: any; locale: Locale; seats: string[] };

export type Words = {
  locale: Locale;
  /** A text of render:describe (`key` below it). */
  d(key: string, values?: Record<string, unknown>): string;
  /** Any catalog text, by its full key. */
  t(key: string, values?: Record<string, unknown>): string;
  /** A phrase of a view in the reader's language (`ns`: the game's catalog), else its English. */
  say(phrase: Phrase | null | undefined, ns: string, english: string): string;
  list(items: string[]): string;
  /** A number as the language writes it; '?' when the view has none. */
  n(value: unknown): string;
};

export function wordsIn(locale: Locale): Words {
  return {
    locale,
    d: (key, values = {}) => t(locale, `render:describe.${key}`, values),
    t: (key, values = {}) => t(locale, key, values),
    say: (phrase, ns, english) => sayOr(locale, phrase ?? undefined, ns, english),
    list: (items) => joinList(locale, items),
    n: (value) => (typeof value === 'number' && Number.isFinite(value) ? formatNumber(locale, value) : '?'),
  };
}

/** Items joined by "; " (the catalogs' separator of longer items), or by ", ". */
export const semicolons = (w: Words, items: string[]) => items.join(w.d('semicolon'));
export const commas = (w: Words, items: string[]) => items.join(w.d('comma'));

/** A part whose alt text is the whole part, its lines together. */
export function simplePart(id: string, heading: string, lines: string[], extra: Partial<DescribedPart> = {}): DescribedPart {
  return { id, heading, lines, brief: [{ text: lines.join(' '), whole: true }], ...extra };
}
