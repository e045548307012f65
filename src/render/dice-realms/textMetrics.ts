// How wide the shipped font (Atkinson Hyperlegible) draws a text: each character's advance, read
// once from the font as Skia draws it, in thousandths of an em. The boards' fit test measures every
// text with Skia; laying out with these advances (rather than svg.ts's rough estimate, which misses
// by up to 30 % on capitals) lets a label take the room it really needs, in every language.
import { fontCovers } from '../fonts.js';
import { textWidth } from '../svg.js';

// Two base-36 digits per character, in code point order over the characters the font covers.
const REGULAR =
  '7s7t8di7giprjl4g8c8cc1gq5pa85pahi0b6f9fyh2g7gme6h3gm5p5pfdgqfdegloheh7i8ipfrf8jqj6bie6hfezmsj5k7' +
  'gpkxh6gkfij6gdnchbgjgv8rah8rfcb07gemfqdwfoez8nfkf67q72dm6nndf6fcfqg09gd390ewc9i6ctbxcs8v6h8vff7s' +
  '7tdwgag4gj6heqbtm6abfmgq00m6am9sg3aman7gffe46j8374alfmmymko4egheheheheheherqi8frfrfrfrbibibibijs' +
  'j5k7k7k7k7k7eok7j6j6j6j6gjg0glememememememoadwezezezez7q7q7q7qfrf6fcfcfcfcfcgqfcewewewewbxfqbxhe' +
  'emheemheemi8dwi8dwi8dwipfxjsgrfrezfrezfrezfrezjqfkjqfkjqfkjqg5bi7qbi7q7qhfdmez6nez6nfx6lj5f6j5f6' +
  'j5f6k7fct8prh69gh69ggkd3gkd3gkd3fi90fi90j6ewj6ewj6ewj6ewgjgvcsgvcsgvcs8xgkd3fi90bxbxb35y717bc3bi' +
  '0000000000000000000000000000l3j3eygfdcm86j6j6jb2b2b2f1f1c6jc10w9t9tgabgigcinkhag6g9gbgqgm6jg6lhc' +
  'qg5gqg3g3';
const BOLD =
  '8w7vbelrh7r5ji66a6a6c2h66rae6rcai4cggagtheh0hkf3hdfl6r6rfxh6fxh2kyj6hripj2g4f4jzivcqfkibexnejgl8' +
  'helpi6h7h5ifi8ojjfj3h999ca99gdby8qfdgkeggkfqa7glfw8r77fr8qomfwfxgkgpaceuajfuemk3eteeecaa6iaaet8w' +
  '7vegh5gkj360g2ckm6azilh600m6b9b8h6bbbh8qgfeb8d8x83bdilnpnsqnh2j6j6j6j6j6j6s8ipg4g4g4g4cqcqcqcqlh' +
  'jgl8l8l8l8l8ezl7ififififj3h3h9fdfdfdfdfdfdojegfqfqfqfq8d8d8d8dgdfwfxfxfxfxfxgifxfufufufueegkeej6' +
  'fdj6fdj6fdipegipegipegj2hblhhkg4fqg4fqg4fqg4fqjzgljzgljzglkkhhcq8dcq8r8dibfrex8qex96ga8yjgfwjgfw' +
  'jgfwl8fxthq1i6aci6ach7euh7euh7euh5ajh5ajiffuiffuiffuiffvj3h9ech9ech9ecahh7euh5ajczczad5l8787ccdm' +
  '0000000000000000000000000000jvi8fuhee4ne7p7p7pdududugigic6mb132b8b8hccgipe0pzgsglh2h5gii37pjpktd' +
  'iesgigigi';

function table(encoded: string): Map<number, number> {
  const advances = new Map<number, number>();
  let i = 0;
  for (let cp = 0x20; cp < 0x2300; cp++) {
    if (!fontCovers(cp)) continue;
    advances.set(cp, parseInt(encoded.slice(2 * i, 2 * i + 2), 36));
    i++;
  }
  return advances;
}

let advances: { 400: Map<number, number>; 700: Map<number, number> } | null = null;

/** The width a text takes when drawn, in pixels at `size`: never less than it really is. */
export function drawnWidth(content: string, size: number, weight: 400 | 700 = 700): number {
  advances ??= { 400: table(REGULAR), 700: table(BOLD) };
  const widths = advances[weight];
  let thousandths = 0;
  // A character the font lacks is dropped when drawn; an em is a safe bound for it.
  for (const ch of content) thousandths += widths.get(ch.codePointAt(0)!) ?? 1000;
  // Kerning only ever tightens these pairs a little; a hundredth and a pixel cover the rounding.
  return (thousandths / 1000) * size * 1.01 + 1;
}

/**
 * The room a text needs on the board: what it really takes, and at least what svg.ts's estimate
 * says, because text() shortens (and marks clipped) any text whose estimate exceeds its box.
 */
export function roomFor(content: string, size: number, weight: 400 | 700 = 700): number {
  return Math.ceil(Math.max(drawnWidth(content, size, weight), textWidth(content, size, weight)));
}

/** The largest of `sizes` (largest first) at which `content` fits `room`, or null when none does. */
export function sizeThatFits(content: string, sizes: readonly number[], room: number, weight: 400 | 700 = 700): number | null {
  return sizes.find((size) => roomFor(content, size, weight) <= room) ?? null;
}

/**
 * `content` broken into at most `maxLines` lines that each fit `room` at `size`, at ordinary
 * spaces only (a no-break space, as French puts before a colon, holds), balanced so that the
 * last line is not a lone word; null when it cannot be done.
 */
export function wrapToFit(content: string, size: number, room: number, weight: 400 | 700, maxLines: number): string[] | null {
  const words = content.split(' ').filter(Boolean);
  const fits = (line: string) => roomFor(line, size, weight) <= room;
  if (words.some((w) => !fits(w))) return null;
  // The narrowest room that still takes `maxLines` lines: lines of even length read best.
  const greedy = (limit: number): string[] => {
    const lines: string[] = [];
    let line = '';
    for (const word of words) {
      const next = line ? `${line} ${word}` : word;
      if (!line || roomFor(next, size, weight) <= limit) line = next;
      else {
        lines.push(line);
        line = word;
      }
    }
    if (line) lines.push(line);
    return lines;
  };
  const widest = greedy(room);
  if (widest.length > maxLines) return null;
  let lo = 0;
  let hi = room;
  let best = widest;
  while (hi - lo > 4) {
    const mid = (lo + hi) / 2;
    const lines = greedy(mid);
    if (lines.length <= widest.length && lines.every(fits) && lines.every((l) => roomFor(l, size, weight) <= mid)) {
      best = lines;
      hi = mid;
    } else lo = mid;
  }
  return best;
}
