// Two Deck Siege board: view → SVG, in the board's language. A header with the player's name; the
// castle ring in the middle (walls and towers with their points left and defenders), the three
// range bands outside each wall with the enemy cards, the courtyard inside; then what the player
// is asked, the hand as small card faces, and a key to every unit's code.
//
// Drawn for a phone: no text and no mark under 2.5 % of the width (25 px), and every text fits
// its room in every language (broken into lines, or a size smaller but never under 25). Every unit
// is shown: the courtyard groups alike units under a count. The image has one height in a given
// language for both castle shapes, whatever the position: every area below the castle has a fixed
// size.
import type { TwoDeckSiegeView } from '../../games/two-deck-siege/view.js';
import { playerName, rect, svgDocument, text, type RenderOptions } from '../svg.js';
import { CHIP, COUNT_ROOM, defenderChip, enemyChip, MIN_FONT, type EnemyV, type UnitV } from './chips.js';
import { breakLines, drawable, drawnWidth, fitLines, fitSize } from './fit.js';
import { CARD_H, drawHand, drawKey, drawPanel, keyHeight, PANEL_H, promptText, WIDTH } from './panels.js';
import { wordsFor, type Words } from './words.js';

export { promptText };

type V = TwoDeckSiegeView;

const INK = '#1d1d1f';
const SOFT_INK = '#3a3a40';
/**
 * Band depth, the size of a tower (and a wall card's depth), and the height of an east or west
 * wall card, which leaves the courtyard room for 20 unit chips in four rows.
 */
const BD = 64;
const T = 122;
const CH = 180;
const F = 3 * BD;
const HEADER_H = 52;

type Box = { x: number; y: number; w: number; h: number };

/**
 * Where each wall card, tower, band cell and the courtyard sit. North and south walls share the
 * width left by the bands and towers; east and west walls are always CH high, so both castle
 * shapes are as high as each other.
 */
export function layout(v: V) {
  const nN = v.layout.N;
  const nE = v.layout.E;
  const CW = Math.min(170, Math.floor((WIDTH - 2 * F - 2 * T) / nN));
  const boardW = 2 * F + 2 * T + nN * CW;
  const left = (WIDTH - boardW) / 2 + F;
  const top = HEADER_H + F;
  const right = left + 2 * T + nN * CW;
  const bottom = top + 2 * T + nE * CH;
  const boxes = new Map<string, Box>();
  for (let i = 1; i <= nN; i++) {
    const x = left + T + (i - 1) * CW;
    boxes.set(`N${i}`, { x, y: top, w: CW, h: T });
    for (let b = 1; b <= 3; b++) boxes.set(`N${i}-${b}`, { x, y: top - b * BD, w: CW, h: BD });
    const xs = left + T + (nN - i) * CW;
    boxes.set(`S${i}`, { x: xs, y: bottom - T, w: CW, h: T });
    for (let b = 1; b <= 3; b++) boxes.set(`S${i}-${b}`, { x: xs, y: bottom + (b - 1) * BD, w: CW, h: BD });
  }
  for (let i = 1; i <= nE; i++) {
    const y = top + T + (i - 1) * CH;
    boxes.set(`E${i}`, { x: right - T, y, w: T, h: CH });
    for (let b = 1; b <= 3; b++) boxes.set(`E${i}-${b}`, { x: right + (b - 1) * BD, y, w: BD, h: CH });
    const yw = top + T + (nE - i) * CH;
    boxes.set(`W${i}`, { x: left, y: yw, w: T, h: CH });
    for (let b = 1; b <= 3; b++) boxes.set(`W${i}-${b}`, { x: left - b * BD, y: yw, w: BD, h: CH });
  }
  boxes.set('NW', { x: left, y: top, w: T, h: T });
  boxes.set('NE', { x: right - T, y: top, w: T, h: T });
  boxes.set('SE', { x: right - T, y: bottom - T, w: T, h: T });
  boxes.set('SW', { x: left, y: bottom - T, w: T, h: T });
  const court: Box = { x: left + T, y: top + T, w: nN * CW, h: nE * CH };
  return { boxes, court, left, top, right, bottom, boardBottom: bottom + F };
}

type Layout = ReturnType<typeof layout>;

function castleFill(c: V['castle'][number]): string {
  if (c.destroyed) return '#3b3030';
  const f = c.left / c.rating;
  return f > 0.66 ? '#c9c1ad' : f > 0.33 ? '#e0b46a' : '#e07a5a';
}

/** A wall card or tower: its name and points left at the top, its (at most two) defenders below. */
function drawCastleCard(w: Words, c: V['castle'][number], b: Box): string {
  let out = rect(b.x + 2, b.y + 2, b.w - 4, b.h - 4, { fill: castleFill(c), stroke: c.thick ? '#222222' : '#6b6355', strokeWidth: c.thick ? 6 : 2, radius: c.kind === 'tower' ? 14 : 3 });
  if (c.destroyed) {
    const label = w.t(c.kind === 'tower' ? 'board.towerFallen' : 'board.breach');
    const room = b.w - 8;
    const fitted = fitLines(label, room, [{ size: MIN_FONT, lines: 1 }, { size: MIN_FONT, lines: 2 }]);
    const pitch = 30;
    return (
      out +
      fitted.lines
        .map((line, i) => text(b.x + b.w / 2, b.y + b.h / 2 + (i - (fitted.lines.length - 1) / 2) * pitch, line, { size: fitted.size, anchor: 'middle', fill: '#ffd0c0', box: room }))
        .join('')
    );
  }
  out += text(b.x + 10, b.y + 22, `${c.id} ${c.left}`, { size: MIN_FONT + 1, fill: INK, fixed: true });
  const units = c.defenders;
  const span = units.length * CHIP + (units.length - 1) * 4;
  units.forEach((u, i) => {
    out += defenderChip(w, u, b.x + (b.w - span) / 2 + i * (CHIP + 4), b.y + b.h - CHIP - 8, CHIP);
  });
  return out;
}

/** A band cell's ground, by band. */
function drawCellGround(cell: V['field'][number], b: Box): string {
  const shade = cell.band === 1 ? '#f1e3d3' : cell.band === 2 ? '#f6ede2' : '#fbf7f1';
  return rect(b.x + 1, b.y + 1, b.w - 2, b.h - 2, { fill: shade, stroke: '#d9c9b0', strokeWidth: 1 });
}

/** A band cell's (at most two) enemies, side by side across a north or south cell, stacked in an east or west one. */
function drawCellEnemies(w: Words, cell: V['field'][number], b: Box): string {
  const across = b.w >= b.h;
  const count = cell.enemies.length;
  const span = count * CHIP + (count - 1) * 6;
  return cell.enemies
    .map((e, i) => {
      const x = across ? b.x + (b.w - span) / 2 + i * (CHIP + 6) : b.x + (b.w - CHIP) / 2;
      const y = across ? b.y + (b.h - CHIP) / 2 : b.y + (b.h - span) / 2 + i * (CHIP + 6);
      return enemyChip(w, e, x, y, CHIP);
    })
    .join('');
}

type Group<U> = { u: U; count: number };

function grouped<U>(units: U[], key: (u: U) => string): Group<U>[] {
  const map = new Map<string, Group<U>>();
  for (const u of units) {
    const k = key(u);
    const g = map.get(k);
    if (g) g.count++;
    else map.set(k, { u, count: 1 });
  }
  return [...map.values()];
}

/**
 * The courtyard: every enemy inside and every defender there, alike ones grouped under a count
 * (enemies by kind and wounds, defenders by kind, wounds and tiredness), three rows of five at
 * most; past that, alike by kind alone (the most wounded one shown). Each row keeps room above
 * its chips for their counts, so that a count never covers a code.
 */
function drawCourtyard(w: Words, v: V, c: Box): string {
  const inside = v.courtyard.enemies.length > 0;
  let out = rect(c.x + 4, c.y + 4, c.w - 8, c.h - 8, { fill: inside ? '#f6d5cf' : '#e4ecd8', radius: 10 });
  const label = w.t(inside ? 'board.enemyInside' : 'board.courtyard');
  out += text(c.x + c.w / 2, c.y + 22, label, { size: MIN_FONT, anchor: 'middle', fill: inside ? '#a01010' : '#2f4a1e', box: c.w - 16 });
  for (const g of courtyardChips(v, c)) out += g.enemy ? enemyChip(w, g.u as EnemyV, g.x, g.y, CHIP, g.count) : defenderChip(w, g.u as UnitV, g.x, g.y, CHIP, g.count);
  return out;
}

/** A chip in the courtyard: the unit shown, how many alike it stands for, where it sits; `exact` when they are alike in wounds and tiredness too. */
export type CourtyardChip = { u: EnemyV | UnitV; count: number; enemy: boolean; x: number; y: number; exact: boolean };

/** Where drawCourtyard puts each chip (the board's clickable places use the same). */
export function courtyardChips(v: V, c: Box): CourtyardChip[] {
  const gap = 8;
  const rowGap = 6;
  const top = c.y + 36;
  const pitch = COUNT_ROOM + CHIP + rowGap;
  const perRow = Math.floor((c.w - 16 + gap) / (CHIP + gap));
  const rows = Math.floor((c.y + c.h - 8 - top + rowGap) / pitch);
  const byKind = <U extends { key: string; wounds: number }>(units: U[]) =>
    grouped(units, (u) => u.key).map((g) => ({ u: units.filter((x) => x.key === g.u.key).reduce((a, b) => (b.wounds > a.wounds ? b : a)), count: g.count }));
  let items = [
    ...grouped(v.courtyard.enemies, (e) => `${e.key}/${e.wounds}`).map((g) => ({ ...g, enemy: true })),
    ...grouped(v.courtyard.defenders, (d) => `${d.key}/${d.wounds}/${d.tired}/${d.exhausted}`).map((g) => ({ ...g, enemy: false })),
  ];
  let exact = true;
  if (items.length > perRow * rows) {
    items = [...byKind(v.courtyard.enemies).map((g) => ({ ...g, enemy: true })), ...byKind(v.courtyard.defenders).map((g) => ({ ...g, enemy: false }))];
    exact = false;
  }
  const rowW = Math.min(items.length, perRow) * (CHIP + gap) - gap;
  return items.map((g, i) => ({
    ...g,
    x: c.x + (c.w - rowW) / 2 + (i % perRow) * (CHIP + gap),
    y: top + COUNT_ROOM + Math.floor(i / perRow) * pitch,
    exact,
  }));
}

/** A thick red frame round the outer band where the enemy deck places its next cards. */
function drawDeckMarker(v: V, L: Layout): string {
  const side = v.enemyDeck.side;
  const w = L.right - L.left - 2 * T;
  const h = L.bottom - L.top - 2 * T;
  const frame = { fill: 'none', stroke: '#c0261f', strokeWidth: 6, radius: 6 };
  if (side === 'N') return rect(L.left + T + 3, L.top - F + 3, w - 6, BD - 6, frame);
  if (side === 'S') return rect(L.left + T + 3, L.bottom + 2 * BD + 3, w - 6, BD - 6, frame);
  if (side === 'E') return rect(L.right + 2 * BD + 3, L.top + T + 3, BD - 6, h - 6, frame);
  return rect(L.left - F + 3, L.top + T + 3, BD - 6, h - 6, frame);
}

function header(w: Words, opts: RenderOptions): string {
  const title = drawable(w.t('title'));
  const size = fitSize(title, WIDTH / 2 - 30, [28, 26, MIN_FONT]);
  const titleW = drawnWidth(title, size);
  const player = playerName(opts, 0);
  let out = text(WIDTH - 20, HEADER_H / 2, title, { size, anchor: 'end', fill: '#7a1010', box: WIDTH / 2 - 30 });
  if (player) out += text(20, HEADER_H / 2, player, { size: 30, fill: INK, box: WIDTH - 60 - titleW, chosen: true });
  return out;
}

type CornerLine = { text: string; big?: boolean; fill?: string };

/**
 * A corner's lines, centred in its square: each at its size when it fits, else broken in two or
 * smaller, never under 25.
 */
function cornerBlock(x: number, y: number, lines: CornerLine[]): string {
  const room = F - 12;
  const fitted = lines.map((l) => {
    const size = l.big ? 34 : 28;
    const f = fitLines(l.text, room, [{ size, lines: 1 }, { size: 30, lines: 1 }, { size: 26, lines: 1 }, { size: 28, lines: 2 }, { size: MIN_FONT, lines: 2 }]);
    return { ...l, ...f, pitch: Math.round(f.size * (l.big ? 1.3 : 1.25)) };
  });
  const total = fitted.reduce((sum, l) => sum + l.lines.length * l.pitch, 0);
  let at = y + (F - total) / 2;
  let out = '';
  for (const l of fitted) {
    for (const line of l.lines) {
      out += text(x + F / 2, at + l.pitch / 2, line, { size: l.size, anchor: 'middle', fill: l.fill ?? (l.big ? INK : SOFT_INK), box: room });
      at += l.pitch;
    }
  }
  return out;
}

/** The turn and plays, the enemy deck, the score and the player's deck, in the four corners. */
function cornerInfo(w: Words, v: V, L: Layout, opts: RenderOptions): string {
  const over = !!v.outcome || !!opts.finished;
  const lx = L.left - F;
  const rx = L.right;
  const ty = L.top - F;
  const by = L.bottom;
  const red = '#b01c16';
  const left = v.plays.max - v.plays.used;
  const side = w.t(`terms.sides.${v.enemyDeck.side}`);
  return (
    cornerBlock(lx, ty, [{ text: w.t('board.turn', { turn: v.turn }), big: true }, ...(over ? [] : [{ text: w.t('board.playsLeft', { count: left }) }])]) +
    cornerBlock(rx, ty, [
      { text: w.t('board.enemyDeck') },
      { text: w.t('board.cards', { count: v.enemyDeck.size }), big: true, fill: red },
      { text: w.t('board.deckAt', { side }), fill: red },
    ]) +
    cornerBlock(lx, by, [{ text: w.t('board.score', { score: v.score }), big: true }, { text: w.t('board.killed', { count: v.killed }) }]) +
    cornerBlock(rx, by, [
      { text: w.t('board.yourDeck') },
      { text: w.t('board.cards', { count: v.playerDeck.size }), big: true },
      { text: w.t('board.fallen', { count: v.discard.fallen.length }) },
    ])
  );
}

/**
 * Lines of at most `room` pixels, broken at spaces; a word too long for a line is broken after
 * a hyphen, or else with one added, so that nothing is cut off.
 */
export function wrapToWidth(content: string, size: number, room: number, weight: 400 | 700 = 700): string[] {
  return breakLines(content, size, room, weight).lines;
}

export function renderTwoDeckSiegeBoard(v: V, opts: RenderOptions = {}): string {
  const w = wordsFor(opts);
  const L = layout(v);
  const over = !!v.outcome || !!opts.finished;
  let body = header(w, opts);
  for (const cell of v.field) body += drawCellGround(cell, L.boxes.get(cell.cell)!);
  // The deck's frame shows where the next enemies stand: under them, and only while the siege goes on.
  if (!over) body += drawDeckMarker(v, L);
  for (const cell of v.field) body += drawCellEnemies(w, cell, L.boxes.get(cell.cell)!);
  for (const c of v.castle) body += drawCastleCard(w, c, L.boxes.get(c.id)!);
  body += drawCourtyard(w, v, L.court);
  body += cornerInfo(w, v, L, opts);
  let y = L.boardBottom + 20;
  body += drawPanel(v, opts, w, y);
  y += PANEL_H + 16;
  body += drawHand(v, w, y);
  y += CARD_H + 20;
  body += drawKey(w, y);
  y += keyHeight(w) + 4;
  return svgDocument(WIDTH, y, '#ffffff', body);
}
