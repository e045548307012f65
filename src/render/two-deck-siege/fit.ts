// Fitting the board's texts to their rooms in every language: widths measured as Skia draws the
// shipped font (what the boards' fit test measures too), lines broken where a reader expects, and
// a smaller size (never under the phone's minimum) only when breaking is not enough.
import { drawnWidth } from '../measure.js';
import { fontSafe } from '../svg.js';

export { drawnWidth };

/** Where a long word may break in a catalog's name ("Zwergen\u00ADpakt"): invisible unless it breaks there. */
export const SOFT_HYPHEN = '\u00AD';

/** A text made drawable: characters the font lacks dropped, soft hyphens gone. */
export const drawable = (content: string): string => fontSafe(content.split(SOFT_HYPHEN).join(''));

const VOWELS = new Set(Array.from('aeiouyàáâãäåæèéêëìíîïòóôõöøœùúûüý'));
/** Consonant pairs that begin a syllable together and are not parted: "Con-tra", "che-va", "Ras-sem-ble". */
const ONSETS = new Set(['bl', 'br', 'cl', 'cr', 'dr', 'fl', 'fr', 'gl', 'gr', 'pl', 'pr', 'tr', 'vr', 'ch', 'ph', 'th', 'sh', 'gn', 'qu', 'lh', 'nh', 'll', 'rr', 'ck']);

/**
 * Where a word may be hyphenated, as a reader expects in the bot's languages: between syllables,
 * before the last consonant between two vowels (or before a pair that begins a syllable), never
 * leaving fewer than two letters before the break or three after it. Indices of the letters a
 * new line may start with.
 */
export function syllableBreaks(word: string): number[] {
  const chars = Array.from(word.toLowerCase());
  const vowel = (i: number) => VOWELS.has(chars[i]!);
  const letter = (i: number) => /\p{L}/u.test(chars[i] ?? '');
  const out: number[] = [];
  let i = 0;
  while (i < chars.length) {
    if (!vowel(i)) {
      i++;
      continue;
    }
    let j = i + 1;
    while (j < chars.length && letter(j) && !vowel(j)) j++;
    // chars[i] is a vowel, chars[i+1..j-1] consonants, chars[j] a vowel (if it is a letter).
    const run = j - i - 1;
    if (run >= 1 && j < chars.length && vowel(j)) {
      const pair = chars.slice(j - 2, j).join('');
      const at = run === 1 ? j - 1 : run >= 3 && chars.slice(j - 3, j).join('') === 'sch' ? j - 3 : ONSETS.has(pair) ? j - 2 : j - 1;
      if (at >= 2 && chars.length - at >= 3) out.push(at);
    }
    i = j;
  }
  return out;
}

/**
 * Pieces a word may be broken into, each with the mark it ends with when a line breaks after it:
 * after a hyphen (kept), at a soft hyphen (drawn as a hyphen), and, inside a piece still too wide
 * for a line, between syllables (drawn as a hyphen).
 */
function pieces(word: string, fits: (t: string) => boolean): { text: string; mark: string }[] {
  const out: { text: string; mark: string }[] = [];
  let cur = '';
  for (const ch of word) {
    if (ch === SOFT_HYPHEN) {
      out.push({ text: cur, mark: '-' });
      cur = '';
    } else {
      cur += ch;
      if (ch === '-' && cur.length > 1) {
        out.push({ text: cur, mark: '' });
        cur = '';
      }
    }
  }
  if (cur || out.length === 0) out.push({ text: cur, mark: '' });
  return out.flatMap((p) => {
    if (fits(`${p.text}${p.mark || '-'}`)) return [p];
    const chars = Array.from(p.text);
    const cuts = [0, ...syllableBreaks(p.text), chars.length];
    return cuts.slice(0, -1).map((from, k) => ({ text: chars.slice(from, cuts[k + 1]).join(''), mark: k === cuts.length - 2 ? p.mark : '-' }));
  });
}

/**
 * Lines of at most `room` wide: broken at spaces (a no-break space holds), then inside a word only
 * after a hyphen or at a soft hyphen; a word with no such place that is still too wide is broken
 * where it must, with a hyphen (`forced`). Nothing is left out.
 */
export function breakLines(content: string, size: number, room: number, weight: 400 | 700 = 700): { lines: string[]; forced: boolean } {
  const fits = (t: string) => drawnWidth(t, size, weight) <= room;
  const lines: string[] = [];
  let line = '';
  for (const word of fontSafe(content).split(/ +/).filter(Boolean)) {
    const parts = pieces(word, fits);
    const whole = parts.map((p) => p.text).join('');
    if (fits(whole)) {
      if (line && fits(`${line} ${whole}`)) line = `${line} ${whole}`;
      else {
        if (line) lines.push(line);
        line = whole;
      }
      continue;
    }
    // The word is broken: each piece joins the line if it fits there with its break mark after it.
    parts.forEach((p, i) => {
      const next = line ? `${line}${i === 0 ? ' ' : ''}${p.text}` : p.text;
      const mark = i === parts.length - 1 ? '' : p.mark;
      if (line && !fits(`${next}${mark}`)) {
        lines.push(i === 0 ? line : `${line}${parts[i - 1]!.mark}`);
        line = p.text;
      } else line = next;
    });
  }
  if (line) lines.push(line);
  const forced = lines.some((l) => !fits(l));
  return { lines: lines.flatMap((l) => (fits(l) ? [l] : forceBreak(l, size, room, weight))), forced };
}

function forceBreak(line: string, size: number, room: number, weight: 400 | 700): string[] {
  const out: string[] = [];
  let rest = Array.from(line);
  while (rest.length > 1 && drawnWidth(rest.join(''), size, weight) > room) {
    let cut = rest.length - 1;
    while (cut > 1 && drawnWidth(`${rest.slice(0, cut).join('')}-`, size, weight) > room) cut--;
    out.push(`${rest.slice(0, cut).join('').trimEnd()}-`);
    rest = rest.slice(cut);
  }
  out.push(rest.join('').trim());
  return out;
}

export type Fitted = { size: number; lines: string[] };

/**
 * The first of `tries` (a size and the lines allowed at it) at which `content` fits `room`
 * without a forced break; else the last try's lines, cut to its count.
 */
export function fitLines(content: string, room: number, tries: { size: number; lines: number }[], weight: 400 | 700 = 700): Fitted {
  for (const t of tries) {
    const { lines, forced } = breakLines(content, t.size, room, weight);
    if (lines.length <= t.lines && !forced) return { size: t.size, lines };
  }
  const last = tries[tries.length - 1]!;
  return { size: last.size, lines: breakLines(content, last.size, room, weight).lines.slice(0, last.lines) };
}

/** The largest size from `sizes` at which `content` fits `room` on one line, else the smallest. */
export function fitSize(content: string, room: number, sizes: number[], weight: 400 | 700 = 700): number {
  return sizes.find((s) => drawnWidth(drawable(content), s, weight) <= room) ?? sizes[sizes.length - 1]!;
}
