// The Siege Master drawings' words in the board's language (the game's catalog, siege-master.json)
// and the room each takes, measured with the shipped font: a layout that makes room for the
// longest language's words instead of shortening them.
import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import { hasText, sayOr, SOURCE_LOCALE, t, type Locale } from '../../i18n/index.js';
import type { Phrase } from '../../engine/phrase.js';
import { loadCanvasFonts } from '../canvas.js';
import { FONT_FAMILY } from '../fonts.js';
import { type Palette, clip, fontSafe, seatColours, textWidth } from '../svg.js';
import type { SiegeMasterView } from './view.js';

const NS = 'siege-master';

/** A board text of the game's catalog in the board's language. */
export type Say = (key: string, values?: Record<string, unknown>) => string;

/**
 * One sayer per language, kept: a closure made per board is compiled again after every full
 * collection of the render worker (see canvas.ts).
 */
const sayers = new Map<Locale, Say>();

export function sayer(locale: Locale = SOURCE_LOCALE): Say {
  let say = sayers.get(locale);
  if (!say) sayers.set(locale, (say = (key, values = {}) => t(locale, `${NS}:${key}`, values)));
  return say;
}

/** A phrase the engine gave (an outcome's reason) in the board's language, else its English. */
export function sayPhrase(locale: Locale | undefined, phrase: Phrase | undefined, english: string): string {
  return sayOr(locale ?? SOURCE_LOCALE, phrase, NS, english);
}

let context: SKRSContext2D | null = null;
let contextFont = '';
// Boards say the same texts at the same sizes move after move: each width is measured once. Kept
// by font, then by text, so that a look-up builds no key (it runs thousands of times a board).
const measured = new Map<string, Map<string, number>>();
const fonts: Map<number, string>[] = [];
let measuredCount = 0;
const MEASURED_LIMIT = 4096;

/** The CSS font at `size` (one decimal) and `weight`, made once per size. */
function fontAt(size: number, weight: 400 | 700): string {
  const tenths = Math.round(size * 10);
  const bySize = (fonts[weight === 400 ? 0 : 1] ??= new Map());
  let font = bySize.get(tenths);
  if (font === undefined) bySize.set(tenths, (font = `${weight} ${tenths / 10}px "${FONT_FAMILY}"`));
  return font;
}

/** The width Skia draws `content` at, in the shipped font, at the size the SVG will say (one decimal). */
function drawnWidth(content: string, size: number, weight: 400 | 700): number {
  const font = fontAt(size, weight);
  let widths = measured.get(font);
  const known = widths?.get(content);
  if (known !== undefined) return known;
  if (!context) {
    loadCanvasFonts();
    context = createCanvas(8, 8).getContext('2d');
  }
  // Setting the font parses it: only when it changes.
  if (font !== contextFont) context.font = contextFont = font;
  const width = context.measureText(content).width;
  if (measuredCount >= MEASURED_LIMIT) {
    measured.clear();
    measuredCount = 0;
    widths = undefined;
  }
  if (!widths) measured.set(font, (widths = new Map()));
  widths.set(content, width);
  measuredCount++;
  return width;
}

/**
 * The room `content` takes at `size`: what the font draws, measured (textWidth, an estimate, is
 * up to a sixth short for capitals and accented letters, and German and French have many), and
 * never less than that estimate, by which text() decides to shorten.
 */
export function widthOf(content: string, size: number, weight: 400 | 700 = 700): number {
  return Math.max(drawnWidth(content, size, weight), textWidth(content, size, weight));
}

/** The largest size from `size` down to `min` (in tenths) at which every text fits `room`; `min` if none does. */
export function sizeToFit(contents: string[], size: number, room: number, min: number, weight: 400 | 700 = 700): number {
  if (allFit(contents, size, room, weight)) return size;
  let widest = 0;
  for (const c of contents) widest = Math.max(widest, widthOf(c, size, weight));
  // Widths grow with the size almost exactly in proportion: start there and step down to be sure.
  let s = Math.floor(((size * room) / widest) * 10) / 10;
  while (s > min && !allFit(contents, s, room, weight)) s = Math.round((s - 0.1) * 10) / 10;
  return Math.max(min, s);
}

function allFit(contents: string[], size: number, room: number, weight: 400 | 700): boolean {
  for (const c of contents) if (widthOf(c, size, weight) > room) return false;
  return true;
}

/**
 * `content` broken into lines that each fit `room` at `size`, at ordinary spaces only (a no-break
 * space, as French sets before a colon, holds its words together). A word wider than the room
 * stays whole on its own line; the caller draws it smaller.
 */
export function wrapToRoom(content: string, size: number, room: number, weight: 400 | 700 = 700): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of content.split(' ').filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (!line || widthOf(next, size, weight) <= room) line = next;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * A seat's name: the engine's own seat names ("Red") in the board's language, any other name
 * (a test's, a puzzle's) as given, made drawable.
 */
export function seatName(view: SiegeMasterView, say: Say, seat: number): string {
  const given = fontSafe(view.seatNames[seat] ?? '');
  const key = `${NS}:seats.${seat}`;
  if (hasText(key) && (!given || given === t(SOURCE_LOCALE, key))) return say(`seats.${seat}`);
  return clip(given || `Player ${seat + 1}`, 18);
}

/** The seat's name, plus the colour it is drawn in when the palette changes that colour. */
export function seatTitle(view: SiegeMasterView, p: Palette, say: Say, seat: number): string {
  const name = seatName(view, say, seat);
  const english = t(SOURCE_LOCALE, `${NS}:seats.${seat}`);
  const drawn = seatColours(p, seat).name;
  const colourKey = `${NS}:terms.colours.${drawn.toLowerCase()}`;
  // "Red" drawn in orange needs saying; "Blue" drawn in another blue does not.
  if (p.name === 'colourblind' && fontSafe(view.seatNames[seat] ?? '') === english && drawn !== english && hasText(colourKey)) {
    return say('board.seatInColour', { seat: name, colour: say(`terms.colours.${drawn.toLowerCase()}`) });
  }
  return name;
}

/** The map's name: a shipped map's in the board's language, else the view's. */
export function mapName(view: SiegeMasterView, say: Say): string {
  if (/^[a-z-]+$/.test(view.map) && hasText(`${NS}:terms.maps.${view.map}`)) return say(`terms.maps.${view.map}`);
  return view.mapName || titleCase(view.map);
}

function titleCase(map: string): string {
  return map
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join(' ');
}
