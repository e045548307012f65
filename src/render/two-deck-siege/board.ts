// Two Deck Siege board: view → SVG. A header with the player's name; the castle ring in the
// middle (walls and towers with their points left and defenders), the three range bands outside
// each wall with the enemy cards, the courtyard inside; then what the player is asked, the hand
// as small card faces, and a key to the two-letter unit codes.
//
// Drawn for a phone: no text and no mark under 2.5 % of the width (25 px). A unit is a chip
// with its code, a red badge with the hearts it has left (white when wounded) and, for a tired
// defender, a blue badge with its tiredness (red when exhausted). Every unit is shown: the
// courtyard groups alike units under a count. The image has one height for both castle shapes,
// whatever the position: every area below the castle has a fixed size.
import type { TwoDeckSiegeView } from '../../games/two-deck-siege/view.js';
import { fitWidth, fontSafe, n, playerName, rect, svgDocument, text, textWidth, type RenderOptions } from '../svg.js';

type V = TwoDeckSiegeView;
type UnitV = V['castle'][number]['defenders'][number];
type EnemyV = V['field'][number]['enemies'][number];

const WIDTH = 1000;
const MIN_FONT = 25;
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
/** A unit chip: its code over its badges. */
const CHIP = 56;
const BADGE = 26;
/** A group's count sits over its chip's top edge, in the gap above it. */
const COUNT_H = 28;
const PROMPT_LINES = 3;
const LINE = 36;
const CARD_H = 120;
const KEY_COLUMNS = 3;
/** Enemy kinds (8) and defender kinds (12) that can be in play at once, in three columns. */
const KEY_ROWS = 7;
const KEY_LINE = 36;
const KEY_LINES = [
  'Key: attack/defence/hearts, r range (+1 in a tower), w wall damage',
  'Red: hearts left (white once wounded) · blue: tiredness · red frame: exhausted',
];

const ENEMY_CODE: Record<string, [string, string]> = {
  goblin: ['Gb', '#5f8f2a'],
  hobgoblin: ['Hb', '#3f6d1e'],
  skeleton: ['Sk', '#7c7c6c'],
  ogre: ['Og', '#95561f'],
  troll: ['Tr', '#556b78'],
  hogram: ['Rm', '#a83a4e'],
  dragon: ['Dr', '#b3221c'],
  necromancer: ['Nc', '#5b2d82'],
};
const DEFENDER_CODE: Record<string, string> = {
  'men-at-arms': 'MA', archer: 'Ar', pikeman: 'Pk', crossbow: 'Xb', engineer: 'En', wizard: 'Wz', priest: 'Pr',
  'castle-staff': 'St', gryphon: 'Gr', golem: 'Go', dwarves: 'Dw', knights: 'Kn',
};
const CARD_COLOUR: Record<string, string> = {
  attack: '#c23b2e', move: '#2f64b5', spell: '#7b45b0', repair: '#8a6a3a', rest: '#3b8a4a', summon: '#c99a12', defender: '#c99a12',
};
const SIDE_NAME: Record<string, string> = { N: 'North', E: 'East', S: 'South', W: 'West' };

type Box = { x: number; y: number; w: number; h: number };

const defenderFill = (u: UnitV) => (u.special ? '#f3d36b' : u.range >= 2 ? '#cfe0fa' : u.repair ? '#eadcc0' : '#f2f2f2');

/** Hearts left, a rounded square: solid red while whole, white with a red edge once wounded. */
function heartsBadge(x: number, y: number, hearts: number, wounds: number): string {
  const label = String(hearts - wounds);
  const w = Math.max(BADGE - 2, textWidth(label, MIN_FONT) + 8);
  const whole = wounds === 0;
  return rect(x, y, w, BADGE, { fill: whole ? '#c8141c' : '#ffffff', stroke: '#c8141c', strokeWidth: 2, radius: 6 }) +
    text(x + w / 2, y + BADGE / 2, label, { size: MIN_FONT, anchor: 'middle', fill: whole ? '#ffffff' : '#c8141c' });
}

/** Tiredness, a blue disc. */
function tiredBadge(cx: number, cy: number, tired: number): string {
  return `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(BADGE / 2)}" fill="#1f56c9"/>` + text(cx, cy, String(tired), { size: MIN_FONT, anchor: 'middle', fill: '#ffffff' });
}

/** How many alike units a chip stands for, centred over its top edge (above its code). */
function countBadge(x: number, y: number, size: number, count: number): string {
  const label = `×${count}`;
  const w = textWidth(label, MIN_FONT) + 12;
  return rect(x + (size - w) / 2, y - COUNT_H + 4, w, COUNT_H, { fill: '#1c2a4a', radius: 8 }) +
    text(x + size / 2, y - COUNT_H / 2 + 4, label, { size: MIN_FONT, anchor: 'middle', fill: '#ffffff' });
}

function enemyChip(e: EnemyV, x: number, y: number, size: number, count = 1): string {
  const [code, colour] = ENEMY_CODE[e.key] ?? ['??', '#666666'];
  let out = rect(x, y, size, size, { fill: colour, stroke: '#222222', strokeWidth: 2, radius: 8 });
  out += text(x + size / 2, y + 16, code, { size: MIN_FONT, anchor: 'middle', fill: '#ffffff' });
  out += heartsBadge(x + (size - BADGE) / 2, y + size - BADGE - 3, e.hearts, e.wounds);
  return count > 1 ? out + countBadge(x, y, size, count) : out;
}

function defenderChip(u: UnitV, x: number, y: number, size: number, count = 1): string {
  const code = DEFENDER_CODE[u.key] ?? '??';
  let out = rect(x, y, size, size, { fill: defenderFill(u), stroke: u.exhausted ? '#c8141c' : '#1c2a4a', strokeWidth: u.exhausted ? 4 : 2, radius: 6 });
  out += text(x + size / 2, y + 16, code, { size: MIN_FONT, anchor: 'middle', fill: '#1c2a4a' });
  const by = y + size - BADGE - 3;
  if (u.tired > 0) {
    out += heartsBadge(x + 3, by, u.hearts, u.wounds);
    out += tiredBadge(x + size - BADGE / 2 - 3, by + BADGE / 2, u.tired);
  } else {
    out += heartsBadge(x + (size - BADGE) / 2, by, u.hearts, u.wounds);
  }
  return count > 1 ? out + countBadge(x, y, size, count) : out;
}

/**
 * Where each wall card, tower, band cell and the courtyard sit. North and south walls share the
 * width left by the bands and towers; east and west walls are always CH high, so both castle
 * shapes are as high as each other.
 */
function layout(v: V) {
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

function castleFill(c: V['castle'][number]): string {
  if (c.destroyed) return '#3b3030';
  const f = c.left / c.rating;
  return f > 0.66 ? '#c9c1ad' : f > 0.33 ? '#e0b46a' : '#e07a5a';
}

/** A wall card or tower: its name and points left at the top, its (at most two) defenders below. */
function drawCastleCard(c: V['castle'][number], b: Box): string {
  let out = rect(b.x + 2, b.y + 2, b.w - 4, b.h - 4, { fill: castleFill(c), stroke: c.thick ? '#222222' : '#6b6355', strokeWidth: c.thick ? 6 : 2, radius: c.kind === 'tower' ? 14 : 3 });
  if (c.destroyed) {
    return out + text(b.x + b.w / 2, b.y + b.h / 2, c.kind === 'tower' ? 'FALLEN' : 'BREACH', { size: MIN_FONT, anchor: 'middle', fill: '#ffd0c0' });
  }
  out += text(b.x + 10, b.y + 22, `${c.id} ${c.left}`, { size: MIN_FONT + 1, fill: INK });
  const units = c.defenders;
  const w = units.length * CHIP + (units.length - 1) * 4;
  units.forEach((u, i) => {
    out += defenderChip(u, b.x + (b.w - w) / 2 + i * (CHIP + 4), b.y + b.h - CHIP - 8, CHIP);
  });
  return out;
}

/** A band cell's ground, by band. */
function drawCellGround(cell: V['field'][number], b: Box): string {
  const shade = cell.band === 1 ? '#f1e3d3' : cell.band === 2 ? '#f6ede2' : '#fbf7f1';
  return rect(b.x + 1, b.y + 1, b.w - 2, b.h - 2, { fill: shade, stroke: '#d9c9b0', strokeWidth: 1 });
}

/** A band cell's (at most two) enemies, side by side across a north or south cell, stacked in an east or west one. */
function drawCellEnemies(cell: V['field'][number], b: Box): string {
  const across = b.w >= b.h;
  const count = cell.enemies.length;
  const span = count * CHIP + (count - 1) * 6;
  return cell.enemies.map((e, i) => {
    const x = across ? b.x + (b.w - span) / 2 + i * (CHIP + 6) : b.x + (b.w - CHIP) / 2;
    const y = across ? b.y + (b.h - CHIP) / 2 : b.y + (b.h - span) / 2 + i * (CHIP + 6);
    return enemyChip(e, x, y, CHIP);
  }).join('');
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
 * (enemies by kind and wounds, defenders by kind, wounds and tiredness), four rows of five at
 * most; past that, alike by kind alone (the most wounded one shown), which always fits: there
 * are 20 kinds of unit.
 */
function drawCourtyard(v: V, c: Box): string {
  const inside = v.courtyard.enemies.length > 0;
  let out = rect(c.x + 4, c.y + 4, c.w - 8, c.h - 8, { fill: inside ? '#f6d5cf' : '#e4ecd8', radius: 10 });
  out += text(c.x + c.w / 2, c.y + 22, fitWidth(inside ? 'ENEMY INSIDE' : 'Courtyard', MIN_FONT, c.w - 16), { size: MIN_FONT, anchor: 'middle', fill: inside ? '#a01010' : '#2f4a1e' });
  const gap = 8;
  const pitch = CHIP + COUNT_H;
  const perRow = Math.floor((c.w - 16 + gap) / (CHIP + gap));
  const rows = Math.floor((c.h - 40) / pitch);
  const byKind = <U extends { key: string; wounds: number }>(units: U[]) =>
    grouped(units, (u) => u.key).map((g) => ({ u: units.filter((x) => x.key === g.u.key).reduce((a, b) => (b.wounds > a.wounds ? b : a)), count: g.count }));
  let items = [
    ...grouped(v.courtyard.enemies, (e) => `${e.key}/${e.wounds}`).map((g) => ({ ...g, enemy: true })),
    ...grouped(v.courtyard.defenders, (d) => `${d.key}/${d.wounds}/${d.tired}/${d.exhausted}`).map((g) => ({ ...g, enemy: false })),
  ];
  if (items.length > perRow * rows) {
    items = [...byKind(v.courtyard.enemies).map((g) => ({ ...g, enemy: true })), ...byKind(v.courtyard.defenders).map((g) => ({ ...g, enemy: false }))];
  }
  const rowW = Math.min(items.length, perRow) * (CHIP + gap) - gap;
  items.forEach((g, i) => {
    const x = c.x + (c.w - rowW) / 2 + (i % perRow) * (CHIP + gap);
    const y = c.y + 40 + COUNT_H - 4 + Math.floor(i / perRow) * pitch;
    out += g.enemy ? enemyChip(g.u as EnemyV, x, y, CHIP, g.count) : defenderChip(g.u as UnitV, x, y, CHIP, g.count);
  });
  return out;
}

/** A thick red frame round the outer band on the side where the enemy deck stands. */
function drawDeckMarker(v: V, L: ReturnType<typeof layout>): string {
  const side = v.enemyDeck.side;
  const w = L.right - L.left - 2 * T;
  const h = L.bottom - L.top - 2 * T;
  const frame = { fill: 'none', stroke: '#c0261f', strokeWidth: 6, radius: 6 };
  if (side === 'N') return rect(L.left + T + 3, L.top - F + 3, w - 6, BD - 6, frame);
  if (side === 'S') return rect(L.left + T + 3, L.bottom + 2 * BD + 3, w - 6, BD - 6, frame);
  if (side === 'E') return rect(L.right + 2 * BD + 3, L.top + T + 3, BD - 6, h - 6, frame);
  return rect(L.left - F + 3, L.top + T + 3, BD - 6, h - 6, frame);
}

function header(opts: RenderOptions): string {
  const title = 'Two Deck Siege';
  const titleW = textWidth(title, 28);
  const player = playerName(opts, 0);
  let out = text(WIDTH - 20, HEADER_H / 2, title, { size: 28, anchor: 'end', fill: '#7a1010' });
  if (player) out += text(20, HEADER_H / 2, fitWidth(player, 30, WIDTH - 60 - titleW), { size: 30, fill: INK });
  return out;
}

/** The turn and plays, the enemy deck, the score and the player's deck, in the four corners. */
function cornerInfo(v: V, L: ReturnType<typeof layout>, opts: RenderOptions): string {
  const cx = (x: number) => x + F / 2;
  const lx = L.left - F;
  const rx = L.right;
  const ty = L.top - F;
  const by = L.bottom;
  const big = { size: 34, anchor: 'middle' as const, fill: INK };
  const small = { size: 28, anchor: 'middle' as const, fill: SOFT_INK };
  const over = !!v.outcome || !!opts.finished;
  return (
    text(cx(lx), ty + 62, `Turn ${v.turn}`, big) +
    (over ? '' : text(cx(lx), ty + 106, `Plays ${v.plays.max - v.plays.used} left`, small)) +
    text(cx(rx), ty + 50, 'Enemy deck', small) +
    text(cx(rx), ty + 92, `${v.enemyDeck.size} cards`, { ...big, fill: '#b01c16' }) +
    text(cx(rx), ty + 134, `at ${SIDE_NAME[v.enemyDeck.side] ?? v.enemyDeck.side}`, { ...small, fill: '#b01c16' }) +
    text(cx(lx), by + 62, `Score ${v.score}`, big) +
    text(cx(lx), by + 106, `Killed ${v.killed}`, small) +
    text(cx(rx), by + 50, 'Your deck', small) +
    text(cx(rx), by + 92, `${v.playerDeck.size} cards`, big) +
    text(cx(rx), by + 134, `${v.discard.fallen.length} fallen`, small)
  );
}

/**
 * Lines of at most `room` pixels, broken at spaces; a word too long for a line is broken after
 * a hyphen, or else with one added, so that nothing is cut off.
 */
export function wrapToWidth(content: string, size: number, room: number, weight: 400 | 700 = 700): string[] {
  const fits = (t: string) => textWidth(t, size, weight) <= room;
  const pieces: string[] = [];
  for (const word of content.split(/\s+/).filter(Boolean)) {
    let rest = word;
    while (!fits(rest) && Array.from(rest).length > 2) {
      const chars = Array.from(rest);
      let cut = chars.length - 1;
      const hyphen = chars.lastIndexOf('-', cut - 1);
      if (hyphen > 0 && fits(chars.slice(0, hyphen + 1).join(''))) cut = hyphen + 1;
      else while (cut > 1 && !fits(`${chars.slice(0, cut).join('')}-`)) cut--;
      const head = chars.slice(0, cut).join('');
      pieces.push(head.endsWith('-') ? `${head}\u0000` : `${head}-\u0000`);
      rest = chars.slice(cut).join('');
    }
    pieces.push(rest);
  }
  const lines: string[] = [];
  let line = '';
  for (const piece of pieces) {
    const joined = piece.endsWith('\u0000');
    const word = joined ? piece.slice(0, -1) : piece;
    const next = line ? `${line} ${word}` : word;
    if (line && !fits(next)) {
      lines.push(line);
      line = word;
    } else line = next;
    if (joined) {
      lines.push(line);
      line = '';
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** The hand: one row of card faces, each name whole; the row's height never changes. */
function drawHand(v: V, y: number): string {
  const cards = v.hand;
  if (cards.length === 0) return text(WIDTH / 2, y + CARD_H / 2, 'No cards in hand', { size: 28, anchor: 'middle', fill: SOFT_INK });
  const gap = 8;
  const w = Math.min(170, (WIDTH - 24 - gap * (cards.length - 1)) / cards.length);
  const x0 = (WIDTH - (cards.length * w + (cards.length - 1) * gap)) / 2;
  let svg = '';
  cards.forEach((c, i) => {
    const x = x0 + i * (w + gap);
    const colour = CARD_COLOUR[c.effect] ?? '#666666';
    svg += rect(x, y, w, CARD_H, { fill: '#fffdf6', stroke: colour, strokeWidth: 4, radius: 10 });
    svg += rect(x, y, w, 14, { fill: colour, radius: 6 });
    const lines = wrapToWidth(fontSafe(c.name), MIN_FONT, w - 12);
    const top = y + 14 + (CARD_H - 14 - lines.length * 30) / 2 + 15;
    lines.forEach((line, k) => {
      svg += text(x + w / 2, top + k * 30, line, { size: MIN_FONT, anchor: 'middle', fill: INK });
    });
  });
  return svg;
}

export function promptText(v: V): string {
  if (v.outcome) {
    const reason = v.outcome.reason.trim().replace(/[.!]$/, '');
    const told = reason ? ` ${reason[0]!.toUpperCase()}${reason.slice(1)}.` : '';
    return `${v.outcome.winners.length ? 'Victory!' : 'The castle has fallen.'}${told} Score ${v.score}.`;
  }
  if (v.question) return v.question.text;
  return v.prompt ?? '';
}

/** The key: the units in play, each as its chip's code and colour, then attack/defence/hearts, range and wall damage. */
function drawKey(v: V, y: number): string {
  const enemies = new Map<string, EnemyV>();
  for (const c of v.field) for (const e of c.enemies) enemies.set(e.key, e);
  for (const e of v.courtyard.enemies) enemies.set(e.key, e);
  const defenders = new Map<string, UnitV>();
  for (const c of v.castle) for (const u of c.defenders) defenders.set(u.key, u);
  for (const u of v.courtyard.defenders) defenders.set(u.key, u);
  const rows: { code: string; fill: string; ink: string; label: string }[] = [];
  for (const e of enemies.values()) {
    const [code, fill] = ENEMY_CODE[e.key] ?? ['??', '#666666'];
    rows.push({ code, fill, ink: '#ffffff', label: `${fontSafe(e.short)} ${e.swords}/${e.shields}/${e.hearts} r${e.range}${e.wall ? ` w${e.wall}` : ''}` });
  }
  for (const u of defenders.values()) {
    rows.push({ code: DEFENDER_CODE[u.key] ?? '??', fill: defenderFill(u), ink: '#1c2a4a', label: `${fontSafe(u.short)} ${u.swords}/${u.shields}/${u.hearts} r${u.range}` });
  }
  let svg = KEY_LINES.map((line, i) => text(20, y + 16 + i * KEY_LINE, fitWidth(line, MIN_FONT, WIDTH - 40, 400), { size: MIN_FONT, weight: 400, fill: INK })).join('');
  y += (KEY_LINES.length - 1) * KEY_LINE;
  const colW = (WIDTH - 40) / KEY_COLUMNS;
  rows.slice(0, KEY_COLUMNS * KEY_ROWS).forEach((r, i) => {
    const x = 20 + (i % KEY_COLUMNS) * colW;
    const yy = y + 40 + Math.floor(i / KEY_COLUMNS) * KEY_LINE;
    svg += rect(x, yy, 42, 30, { fill: r.fill, stroke: '#222222', strokeWidth: 1.5, radius: 5 });
    svg += text(x + 21, yy + 15, r.code, { size: MIN_FONT, anchor: 'middle', fill: r.ink });
    svg += text(x + 50, yy + 15, fitWidth(r.label, MIN_FONT, colW - 56, 400), { size: MIN_FONT, fill: INK, weight: 400 });
  });
  return svg;
}

/** The result panel's lines and colour: the platform's result when it ended the game, else the view's. */
function resultLines(v: V, opts: RenderOptions): { lines: string[]; ink: string; fill: string } {
  const fin = opts.finished;
  const room = WIDTH - 60;
  if (fin) {
    const title = fontSafe(fin.title) || 'Game over';
    return {
      lines: [fitWidth(title, 30, room), ...wrapToWidth(fontSafe(fin.detail), 28, room, 400).slice(0, PROMPT_LINES - 1)],
      ink: fin.winners.includes(0) ? '#1d6b22' : INK,
      fill: '#fff3c4',
    };
  }
  return {
    lines: wrapToWidth(fontSafe(promptText(v)), 28, room).slice(0, PROMPT_LINES),
    ink: v.outcome ? (v.outcome.winners.length ? '#1d6b22' : '#a01010') : INK,
    fill: v.outcome ? '#fff3c4' : '#eef3fb',
  };
}

export function renderTwoDeckSiegeBoard(v: V, opts: RenderOptions = {}): string {
  const L = layout(v);
  let body = header(opts);
  for (const cell of v.field) body += drawCellGround(cell, L.boxes.get(cell.cell)!);
  // The deck's frame goes under the enemies standing in that band.
  body += drawDeckMarker(v, L);
  for (const cell of v.field) body += drawCellEnemies(cell, L.boxes.get(cell.cell)!);
  for (const c of v.castle) body += drawCastleCard(c, L.boxes.get(c.id)!);
  body += drawCourtyard(v, L.court);
  body += cornerInfo(v, L, opts);
  let y = L.boardBottom + 20;
  const result = resultLines(v, opts);
  const panelH = PROMPT_LINES * LINE + 16;
  body += rect(12, y, WIDTH - 24, panelH, { fill: result.fill, radius: 10 });
  const first = y + (panelH - result.lines.length * LINE) / 2 + LINE / 2;
  result.lines.forEach((line, i) => {
    const title = !!opts.finished && i === 0;
    body += text(WIDTH / 2, first + i * LINE, line, { size: title ? 30 : 28, weight: title || !opts.finished ? 700 : 400, anchor: 'middle', fill: title || !opts.finished ? result.ink : INK });
  });
  y += panelH + 16;
  body += drawHand(v, y);
  y += CARD_H + 16;
  body += drawKey(v, y);
  y += 40 + (KEY_LINES.length - 1 + KEY_ROWS) * KEY_LINE + 8;
  return svgDocument(WIDTH, y, '#ffffff', body);
}
