// A board in words, for whoever cannot see it: the whole position, read from the same view the
// image is drawn from, in the reader's language (render/describe/<game>.ts). Its parts come in
// order of importance; an image's alt text (Discord's attachment description, the web's img alt)
// says them as briefly as each allows within its room, the most important first, and the
// Describe answer says them whole. Each part may carry a table (a grid of the board, or a record
// row by row) for a screen reader on the web.
import type { Locale } from '../i18n/index.js';
import { describeDiceRealms } from './describe/dice-realms.js';
import { describeKingdoms } from './describe/kingdoms.js';
import type { DescribeInput, DescribedPart, PositionDescription } from './describe/shape.js';
import { describeSiegeMaster } from './describe/siege-master.js';
import { describeTwoDeckSiege } from './describe/two-deck-siege.js';

export type { Brief, DescribedPart, DescribedTable, PositionDescription } from './describe/shape.js';

const byGame: Record<string, (input: DescribeInput) => PositionDescription> = {
  'siege-master': describeSiegeMaster,
  'dice-realms': describeDiceRealms,
  'kingdoms-siege': describeKingdoms,
  'kingdoms-solo': describeKingdoms,
  'two-deck-siege': describeTwoDeckSiege,
};

/**
 * The position of a board of `gameType` in words, from its view; `seatNames`: the seats as the
 * reader calls them. Null for a game this does not know, or a view of another shape.
 */
export function describePosition(gameType: string, view: object, locale: Locale, seatNames: string[]): PositionDescription | null {
  try {
    return byGame[gameType]?.({ view, locale, seats: seatNames }) ?? null;
  } catch {
    return null; // a view of another shape: the rest of the alt text still stands
  }
}

/** A part said whole: its heading, then its sentences, one a line. */
export function partText(part: DescribedPart, heading: (text: string) => string = (text) => text): string {
  return [heading(part.heading), ...part.lines].join('\n');
}

/**
 * The parts said as briefly as each allows within `room` characters: every part in its longest
 * saying that fits, the least important shortened first, then left out from the end. `whole` is
 * false when anything of the position is left unsaid (a part shortened past its whole, or left out).
 */
export function briefWithin(description: PositionDescription, room: number): { text: string; whole: boolean } {
  const parts = description.parts.filter((p) => p.brief.length);
  const level = parts.map(() => 0);
  const said = (upTo: number) => parts.slice(0, upTo).map((p, i) => p.brief[level[i]!]!.text).filter(Boolean).join(' ');
  let kept = parts.length;
  while (said(kept).length > room) {
    let shorten = -1;
    for (let i = kept - 1; i >= 0; i--) {
      if (level[i]! < parts[i]!.brief.length - 1) {
        shorten = i;
        break;
      }
    }
    if (shorten >= 0) level[shorten]!++;
    else if (kept > 1) kept--;
    else break;
  }
  const text = said(kept);
  const whole = kept === parts.length && parts.every((p, i) => p.brief[level[i]!]!.whole);
  if (text.length <= room) return { text, whole };
  // The most important part alone is too long: cut at a word.
  const cut = text.slice(0, room);
  return { text: cut.slice(0, Math.max(cut.lastIndexOf(' '), 0)) || cut, whole: false };
}
