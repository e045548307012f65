// The kingdom boards' words: said in the board's language, measured as Skia draws them, and laid
// out so that they fit their room whole (wrapped onto more lines, or a step smaller, never below
// the readable size) rather than cut.
import { sayOr, t, type Locale } from '../../i18n/index.js';
import type { Phrase } from '../../engine/phrase.js';
import { drawnWidth as measuredWidth } from '../measure.js';
import { fontSafe } from '../svg.js';

/** How wide `content` is drawn, once the characters the font lacks are dropped (as text() draws it). */
export const drawnWidth = (content: string, size: number, weight: 400 | 700 = 700): number => measuredWidth(fontSafe(content), size, weight);

export const fits = (content: string, size: number, room: number, weight: 400 | 700 = 700): boolean => drawnWidth(content, size, weight) <= room;

/** Breaks text into lines that each fit `room`, at spaces; a single word wider than the room stands alone (the caller gives it a smaller size). */
export function wrapLines(content: string, size: number, room: number, weight: 400 | 700 = 700): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of content.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (!line || fits(next, size, room, weight)) line = next;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * The largest of `sizes` (largest first) at which `content` fits `room` on at most `maxLines`
 * lines, with those lines; at the smallest size, however many lines it takes.
 */
export function fitLines(content: string, sizes: number[], room: number, maxLines: number, weight: 400 | 700 = 700): { size: number; lines: string[] } {
  for (const size of sizes) {
    const lines = wrapLines(content, size, room, weight);
    if (lines.length <= maxLines && lines.every((l) => fits(l, size, room, weight))) return { size, lines };
  }
  const size = sizes[sizes.length - 1]!;
  return { size, lines: wrapLines(content, size, room, weight) };
}

/** The largest of `sizes` at which `content` fits `room` on one line (else the smallest). */
export function fitSize(content: string, sizes: number[], room: number, weight: 400 | 700 = 700): number {
  return sizes.find((size) => fits(content, size, room, weight)) ?? sizes[sizes.length - 1]!;
}

/**
 * Negative numbers written with the true minus sign (U+2212, which the shipped font draws), as the
 * result headline writes them: a hyphen before a digit that follows no letter or digit ("-18 SP",
 * "at -7") is a minus; one inside a word or between numbers ("W-12", "1-2") is left as it is.
 */
export const trueMinus = (content: string): string => content.replace(/(^|[^\p{L}\p{N}])-(?=\d)/gu, '$1\u2212');

/** A score's points with their sign: "+7", "0", "−15". */
export const signed = (value: number): string => (value > 0 ? `+${value}` : value < 0 ? `\u2212${-value}` : '0');

/**
 * A text drawn as a sentence: with its final full stop when it ends with no mark of its own (the
 * catalogs' prompts have none, since Discord also shows them as a menu's placeholder).
 */
export const sentence = (content: string): string => {
  const t = content.trim();
  return !t || /[.!?…:;]$/u.test(t) ? t : `${t}.`;
};

/** The board's language and the game's catalog: what each text says (negative numbers with a true minus). */
export type Words = {
  locale: Locale;
  /** A key of the shared `kingdoms` catalog, or `ns:key` of another. */
  t(key: string, values?: Record<string, unknown>): string;
  /** A phrase from the view in the board's language, or its English when the view has none. */
  say(phrase: Phrase | null | undefined, english: string): string;
};

export function wordsFor(locale: Locale, game: string): Words {
  return {
    locale,
    t: (key, values = {}) => trueMinus(t(locale, key.includes(':') ? key : `kingdoms:${key}`, values)),
    say: (phrase, english) => trueMinus(sayOr(locale, phrase ?? undefined, game, english)),
  };
}
