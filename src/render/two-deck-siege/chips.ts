// Unit chips: a square with the unit's code (its language's two letters) over its badges: red, the
// hearts it has left (white once wounded); blue, a defender's tiredness; a red frame, exhausted.
// The code sits above the badges with room for a descender ("Og" must not read "Oq"), and a
// group's count stands above the chip, clear of the code ("Pi" must not read "Pı"). Each badge is
// a group marked `data-badge`, so that a test can hold it clear of every code.
import type { TwoDeckSiegeView } from '../../games/two-deck-siege/view.js';
import { n, rect, text } from '../svg.js';
import { drawnWidth, fitSize } from './fit.js';
import type { Words } from './words.js';

type V = TwoDeckSiegeView;
export type UnitV = V['castle'][number]['defenders'][number];
export type EnemyV = V['field'][number]['enemies'][number];

/** A chip's side; its badges are drawn at the phone's smallest readable size. */
export const CHIP = 56;
export const MIN_FONT = 25;
const CODE_FONT = 26;
/** The code's baseline: its descenders end above the badges. */
const CODE_BASELINE = 21;
/** A badge is a mark: no smaller than the phone's minimum either. */
const BADGE = 25;
/**
 * A group's count: a badge COUNT_H high that stands COUNT_GAP above its chip, so it never reaches
 * the code's ascenders (the dot of an "i"); its number larger than the minimum, since a phone
 * reader counts units by it. COUNT_ROOM is the height a row keeps above its chips for it.
 */
const COUNT_FONTS = [30, 28, 26, MIN_FONT];
const COUNT_H = 34;
const COUNT_GAP = 3;
export const COUNT_ROOM = COUNT_H + COUNT_GAP;
/** The widest a count badge gets: its chip and most of the gap to the next one. */
const COUNT_MAX_W = CHIP + 6;

export const ENEMY_COLOUR: Record<string, string> = {
  goblin: '#5f8f2a',
  hobgoblin: '#3f6d1e',
  skeleton: '#7c7c6c',
  ogre: '#95561f',
  troll: '#556b78',
  hogram: '#a83a4e',
  dragon: '#b3221c',
  necromancer: '#5b2d82',
};

export const defenderFill = (u: { special: boolean; range: number; repair: boolean }) =>
  u.special ? '#f3d36b' : u.range >= 2 ? '#cfe0fa' : u.repair ? '#eadcc0' : '#f2f2f2';

/** A unit's code on a chip or a swatch of the key, centred at `cx` on the baseline `y`. */
export function unitCode(w: Words, key: string, cx: number, y: number, fill: string): string {
  return text(cx, y, w.code(key), { size: CODE_FONT, anchor: 'middle', fill, baseline: 'baseline', box: CHIP - 8 });
}

const badge = (kind: 'hearts' | 'tired' | 'count', body: string) => `<g data-badge="${kind}">${body}</g>`;

/** Hearts left, a rounded square: solid red while whole, white with a red edge once wounded. */
function heartsBadge(x: number, y: number, hearts: number, wounds: number): string {
  const whole = wounds === 0;
  return badge(
    'hearts',
    rect(x, y, BADGE, BADGE, { fill: whole ? '#c8141c' : '#ffffff', stroke: '#c8141c', strokeWidth: 2, radius: 6 }) +
      text(x + BADGE / 2, y + BADGE / 2, String(hearts - wounds), { size: MIN_FONT, anchor: 'middle', fill: whole ? '#ffffff' : '#c8141c', fixed: true }),
  );
}

/** Tiredness, a blue disc (a pill for the Knights' two digits). */
function tiredBadge(cx: number, cy: number, tired: number): string {
  const mark =
    tired < 10
      ? `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(BADGE / 2 + 0.5)}" fill="#1f56c9"/>`
      : rect(cx - 18, cy - BADGE / 2, 34, BADGE, { fill: '#1f56c9', radius: BADGE / 2 });
  return badge('tired', mark + text(tired < 10 ? cx : cx - 1, cy, String(tired), { size: MIN_FONT, anchor: 'middle', fill: '#ffffff', fixed: true }));
}

/** How many alike units a chip stands for, centred above the chip: wholly outside it. */
function countBadge(x: number, y: number, size: number, count: number): string {
  const label = `×${count}`;
  const pad = 14;
  const font = fitSize(label, COUNT_MAX_W - pad, COUNT_FONTS);
  const w = Math.min(COUNT_MAX_W, drawnWidth(label, font) + pad);
  const top = y - COUNT_ROOM;
  return badge(
    'count',
    rect(x + (size - w) / 2, top, w, COUNT_H, { fill: '#1c2a4a', radius: 9 }) +
      text(x + size / 2, top + COUNT_H / 2, label, { size: font, anchor: 'middle', fill: '#ffffff', fixed: true }),
  );
}

const badgeTop = (y: number, size: number) => y + size - BADGE - 2;

export function enemyChip(w: Words, e: EnemyV, x: number, y: number, size: number, count = 1): string {
  let out = rect(x, y, size, size, { fill: ENEMY_COLOUR[e.key] ?? '#666666', stroke: '#222222', strokeWidth: 2, radius: 8 });
  out += unitCode(w, e.key, x + size / 2, y + CODE_BASELINE, '#ffffff');
  out += heartsBadge(x + (size - BADGE) / 2, badgeTop(y, size), e.hearts, e.wounds);
  return count > 1 ? out + countBadge(x, y, size, count) : out;
}

export function defenderChip(w: Words, u: UnitV, x: number, y: number, size: number, count = 1): string {
  let out = rect(x, y, size, size, { fill: defenderFill(u), stroke: u.exhausted ? '#c8141c' : '#1c2a4a', strokeWidth: u.exhausted ? 4 : 2, radius: 6 });
  out += unitCode(w, u.key, x + size / 2, y + CODE_BASELINE, '#1c2a4a');
  const by = badgeTop(y, size);
  if (u.tired > 0) {
    out += heartsBadge(x + 2, by, u.hearts, u.wounds);
    out += tiredBadge(x + size - BADGE / 2 - 3, by + BADGE / 2, u.tired);
  } else {
    out += heartsBadge(x + (size - BADGE) / 2, by, u.hearts, u.wounds);
  }
  return count > 1 ? out + countBadge(x, y, size, count) : out;
}
