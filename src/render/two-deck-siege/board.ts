// Two Deck Siege board: view → SVG. The castle ring in the middle (walls and towers with their
// points left and defenders), the three range bands outside each wall with the enemy cards, the
// courtyard inside, then the hand as small card faces, what the player is asked, and a key to the
// two-letter unit codes. Hearts left are dots; tiredness is blue pips; the deck's side is marked.
import type { TwoDeckSiegeView } from '../../games/two-deck-siege/view.js';
import { clip, fitWidth, fontSafe, n, playerName, rect, svgDocument, text, wrapText, type RenderOptions } from '../svg.js';

type V = TwoDeckSiegeView;
type UnitV = V['castle'][number]['defenders'][number];
type EnemyV = V['field'][number]['enemies'][number];

const WIDTH = 1000;
const BD = 70;
const T = 104;
const MIN_FONT = 25;

const ENEMY_CODE: Record<string, [string, string]> = {
  goblin: ['Gb', '#7aa83b'],
  hobgoblin: ['Hb', '#4f7d2a'],
  skeleton: ['Sk', '#9a9a8a'],
  ogre: ['Og', '#a0642c'],
  troll: ['Tr', '#6b7f8c'],
  hogram: ['Rm', '#b5475a'],
  dragon: ['Dr', '#c0261f'],
  necromancer: ['Nc', '#5b2d82'],
};
const DEFENDER_CODE: Record<string, string> = {
  'men-at-arms': 'MA', archer: 'Ar', pikeman: 'Pk', crossbow: 'Xb', engineer: 'En', wizard: 'Wz', priest: 'Pr',
  'castle-staff': 'St', gryphon: 'Gr', golem: 'Go', dwarves: 'Dw', knights: 'Kn',
};
const CARD_COLOUR: Record<string, string> = {
  attack: '#c23b2e', move: '#2f64b5', spell: '#7b45b0', repair: '#8a6a3a', rest: '#3b8a4a', summon: '#c99a12', defender: '#c99a12',
};

type Box = { x: number; y: number; w: number; h: number };

function dots(x: number, y: number, total: number, filled: number, r: number, fill: string, stroke: string): string {
  let out = '';
  for (let i = 0; i < total; i++) {
    const cx = x + i * (2 * r + 3);
    out += `<circle cx="${n(cx)}" cy="${n(y)}" r="${n(r)}" fill="${i < filled ? fill : '#ffffff'}" stroke="${stroke}" stroke-width="1.5"/>`;
  }
  return out;
}

function enemyChip(e: EnemyV, x: number, y: number, size: number): string {
  const [code, colour] = ENEMY_CODE[e.key] ?? ['??', '#888'];
  const left = e.hearts - e.wounds;
  const r = Math.min(5, (size - 8) / (e.hearts * 2 + (e.hearts - 1) * 1.5) );
  const dotsW = e.hearts * 2 * r + (e.hearts - 1) * 3;
  return (
    rect(x, y, size, size, { fill: colour, stroke: '#222', strokeWidth: 2, radius: 8 }) +
    text(x + size / 2, y + size * 0.38, code, { size: Math.max(MIN_FONT, size * 0.42), anchor: 'middle', fill: '#fff', halo: '#222', haloWidth: 3 }) +
    dots(x + (size - dotsW) / 2 + r, y + size - r - 5, e.hearts, left, r, '#e8202a', '#222')
  );
}

function defenderChip(u: UnitV, x: number, y: number, size: number, count = 1): string {
  const code = DEFENDER_CODE[u.key] ?? '??';
  const fill = u.special ? '#f3d36b' : u.range >= 2 ? '#cfe0fa' : u.repair ? '#eadcc0' : '#f2f2f2';
  const left = u.hearts - u.wounds;
  const r = Math.min(5, (size - 8) / (u.hearts * 2 + (u.hearts - 1) * 1.5));
  const dotsW = u.hearts * 2 * r + (u.hearts - 1) * 3;
  let out = rect(x, y, size, size, { fill, stroke: u.exhausted ? '#b00' : '#1c2a4a', strokeWidth: u.exhausted ? 4 : 2, radius: 6 });
  out += text(x + size / 2, y + size * 0.36, code, { size: Math.max(MIN_FONT, size * 0.4), anchor: 'middle', fill: '#1c2a4a' });
  out += dots(x + (size - dotsW) / 2 + r, y + size - r - 5, u.hearts, left, r, '#e8202a', '#333');
  // Tiredness: blue pips down the right edge, up to twice the stamina.
  for (let i = 0; i < Math.min(u.tired, 6); i++) {
    out += rect(x + size - 9, y + 4 + i * 7, 6, 5, { fill: '#1f56c9' });
  }
  if (count > 1) {
    out += rect(x + size - 30, y - 12, 36, 28, { fill: '#1c2a4a', radius: 8 });
    out += text(x + size - 12, y + 2, `${count}`, { size: MIN_FONT, anchor: 'middle', fill: '#fff' });
  }
  return out;
}

/** Where each wall card, tower, band cell and the courtyard sit. */
function layout(v: V) {
  const nN = v.layout.N;
  const nE = v.layout.E;
  const CW = nN >= 3 ? 124 : 150;
  const F = 3 * BD;
  const boardW = 2 * F + 2 * T + nN * CW;
  const left = (WIDTH - boardW) / 2 + F;
  const top = 14 + F;
  const right = left + 2 * T + nN * CW;
  const bottom = top + 2 * T + nE * CW;
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
    const y = top + T + (i - 1) * CW;
    boxes.set(`E${i}`, { x: right - T, y, w: T, h: CW });
    for (let b = 1; b <= 3; b++) boxes.set(`E${i}-${b}`, { x: right + (b - 1) * BD, y, w: BD, h: CW });
    const yw = top + T + (nE - i) * CW;
    boxes.set(`W${i}`, { x: left, y: yw, w: T, h: CW });
    for (let b = 1; b <= 3; b++) boxes.set(`W${i}-${b}`, { x: left - b * BD, y: yw, w: BD, h: CW });
  }
  boxes.set('NW', { x: left, y: top, w: T, h: T });
  boxes.set('NE', { x: right - T, y: top, w: T, h: T });
  boxes.set('SE', { x: right - T, y: bottom - T, w: T, h: T });
  boxes.set('SW', { x: left, y: bottom - T, w: T, h: T });
  const court: Box = { x: left + T, y: top + T, w: nN * CW, h: nE * CW };
  return { boxes, court, left, top, right, bottom, F, CW, boardBottom: bottom + F };
}

function castleFill(c: V['castle'][number]): string {
  if (c.destroyed) return '#3b3030';
  const f = c.left / c.rating;
  return f > 0.66 ? '#c9c1ad' : f > 0.33 ? '#e0b46a' : '#e07a5a';
}

function drawCastleCard(c: V['castle'][number], b: Box): string {
  let out = rect(b.x + 2, b.y + 2, b.w - 4, b.h - 4, { fill: castleFill(c), stroke: c.thick ? '#222' : '#6b6355', strokeWidth: c.thick ? 6 : 2, radius: c.kind === 'tower' ? 14 : 3 });
  if (c.destroyed) {
    return out + text(b.x + b.w / 2, b.y + b.h / 2, c.kind === 'tower' ? 'FALLEN' : 'BREACH', { size: MIN_FONT, anchor: 'middle', fill: '#ffd0c0' });
  }
  const label = `${c.id} ${c.left}`;
  out += text(b.x + 8, b.y + 19, label, { size: MIN_FONT, fill: '#222' });
  const units = c.defenders;
  const horizontal = b.w >= b.h;
  const size = horizontal ? Math.min(64, (b.w - 14) / 2, b.h - 44) : Math.min(60, b.w - 14, (b.h - 48) / 2);
  units.forEach((u, i) => {
    const x = horizontal ? b.x + 5 + i * (size + 4) : b.x + (b.w - size) / 2;
    const y = horizontal ? b.y + b.h - size - 6 : b.y + 38 + i * (size + 4);
    out += defenderChip(u, x, y, size);
  });
  return out;
}

function drawCell(cell: V['field'][number], b: Box): string {
  const band = cell.band;
  const shade = band === 1 ? '#f1e3d3' : band === 2 ? '#f6ede2' : '#fbf7f1';
  let out = rect(b.x + 1, b.y + 1, b.w - 2, b.h - 2, { fill: shade, stroke: '#d9c9b0', strokeWidth: 1 });
  const horizontal = b.w >= b.h;
  const size = Math.min(62, (horizontal ? b.w : b.h) / 2 - 8, (horizontal ? b.h : b.w) - 8);
  cell.enemies.forEach((e, i) => {
    const x = horizontal ? b.x + b.w / 2 - size - 3 + i * (size + 6) : b.x + (b.w - size) / 2;
    const y = horizontal ? b.y + (b.h - size) / 2 : b.y + b.h / 2 - size - 3 + i * (size + 6);
    out += enemyChip(e, x, y, size);
  });
  return out;
}

/** Units alike (kind, wounds, tiredness) grouped, so a full courtyard stays readable. */
function groupUnits(units: UnitV[]): { u: UnitV; count: number }[] {
  const map = new Map<string, { u: UnitV; count: number }>();
  for (const u of units) {
    const k = `${u.key}/${u.wounds}/${u.tired}`;
    const g = map.get(k);
    if (g) g.count++;
    else map.set(k, { u, count: 1 });
  }
  return [...map.values()];
}

function drawCourtyard(v: V, c: Box): string {
  let out = rect(c.x + 4, c.y + 4, c.w - 8, c.h - 8, { fill: v.courtyard.enemies.length ? '#f6d5cf' : '#e4ecd8', radius: 10 });
  const size = 56;
  const gap = 10;
  const perRow = Math.max(1, Math.floor((c.w - 12) / (size + gap)));
  const items: string[] = [];
  for (const e of v.courtyard.enemies) items.push(`E:${e.id}`);
  const groups = groupUnits(v.courtyard.defenders);
  const rows = Math.max(1, Math.floor((c.h - 44) / (size + gap)));
  const room = perRow * rows;
  let k = 0;
  const at = (i: number) => ({ x: c.x + 10 + (i % perRow) * (size + gap), y: c.y + 40 + Math.floor(i / perRow) * (size + gap) });
  out += text(c.x + c.w / 2, c.y + 20, fitWidth(v.courtyard.enemies.length ? 'ENEMY INSIDE' : 'Courtyard', MIN_FONT, c.w - 16), { size: MIN_FONT, anchor: 'middle', fill: v.courtyard.enemies.length ? '#a01010' : '#3d5a2a' });
  for (const e of v.courtyard.enemies) {
    if (k >= room - 1 && items.length > room) break;
    const p = at(k++);
    out += enemyChip(e, p.x, p.y, size);
  }
  for (const g of groups) {
    if (k >= room) break;
    const p = at(k++);
    out += defenderChip(g.u, p.x, p.y, size, g.count);
  }
  const shown = k;
  const total = v.courtyard.enemies.length + groups.length;
  if (total > shown) out += text(c.x + c.w - 8, c.y + c.h - 14, `+${total - shown} more`, { size: MIN_FONT, anchor: 'end', fill: '#222' });
  return out;
}

function drawDeckMarker(v: V, L: ReturnType<typeof layout>): string {
  const side = v.enemyDeck.side;
  const pad = 6;
  let b: Box;
  if (side === 'N') b = { x: L.left + T, y: L.top - L.F - 10, w: L.right - L.left - 2 * T, h: 8 };
  else if (side === 'S') b = { x: L.left + T, y: L.bottom + L.F + 2, w: L.right - L.left - 2 * T, h: 8 };
  else if (side === 'E') b = { x: L.right + L.F + 2, y: L.top + T, w: 8, h: L.bottom - L.top - 2 * T };
  else b = { x: L.left - L.F - 10, y: L.top + T, w: 8, h: L.bottom - L.top - 2 * T };
  return rect(b.x, b.y, b.w, b.h, { fill: '#c0261f', radius: pad / 2 });
}

function cornerInfo(v: V, L: ReturnType<typeof layout>, opts: RenderOptions): string {
  const cx = (x: number) => x + L.F / 2;
  const lx = L.left - L.F;
  const rx = L.right;
  const ty = L.top - L.F;
  const by = L.bottom;
  const big = { size: 34, anchor: 'middle' as const, fill: '#1d1d1f' };
  const small = { size: MIN_FONT, anchor: 'middle' as const, fill: '#55555c', weight: 400 as const };
  const sideName: Record<string, string> = { N: 'North', E: 'East', S: 'South', W: 'West' };
  const player = playerName(opts, 0);
  const over = !!v.outcome || !!opts.finished;
  return (
    (player ? text(cx(lx), ty + 24, fitWidth(player, MIN_FONT, L.F - 12), { ...small, weight: 700, fill: '#1d1d1f' }) : '') +
    text(cx(lx), ty + 70, `Turn ${v.turn}`, big) +
    (over ? '' : text(cx(lx), ty + 112, `Plays ${v.plays.max - v.plays.used} left`, small)) +
    text(cx(rx), ty + 60, 'Enemy deck', small) +
    text(cx(rx), ty + 100, `${v.enemyDeck.size} cards`, { ...big, fill: '#c0261f' }) +
    text(cx(rx), ty + 140, `at ${sideName[v.enemyDeck.side]}`, { ...small, fill: '#c0261f', weight: 700 }) +
    text(cx(lx), by + 70, `Score ${v.score}`, big) +
    text(cx(lx), by + 112, `Killed ${v.killed}`, small) +
    text(cx(rx), by + 60, 'Your deck', small) +
    text(cx(rx), by + 100, `${v.playerDeck.size} cards`, big) +
    text(cx(rx), by + 140, `${v.discard.fallen.length} fallen`, small)
  );
}

function drawHand(v: V, y: number): { svg: string; h: number } {
  const cards = v.hand;
  if (cards.length === 0) return { svg: text(WIDTH / 2, y + 24, 'No cards in hand', { size: MIN_FONT, anchor: 'middle', fill: '#55555c' }), h: 50 };
  const gap = 8;
  const w = Math.min(160, (WIDTH - 32 - gap * (cards.length - 1)) / cards.length);
  const h = 104;
  const x0 = (WIDTH - (cards.length * w + (cards.length - 1) * gap)) / 2;
  let svg = '';
  cards.forEach((c, i) => {
    const x = x0 + i * (w + gap);
    const colour = CARD_COLOUR[c.effect] ?? '#666';
    svg += rect(x, y, w, h, { fill: '#fffdf6', stroke: colour, strokeWidth: 4, radius: 10 });
    svg += rect(x, y, w, 14, { fill: colour, radius: 6 });
    const lines = wrapText(c.name, Math.max(6, Math.floor((w - 10) / 13.5))).slice(0, 3);
    lines.forEach((line, k) => {
      svg += text(x + w / 2, y + 40 + k * 28, line, { size: MIN_FONT, anchor: 'middle', fill: '#1d1d1f' });
    });
  });
  return { svg, h: h + 10 };
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

function drawLegend(v: V, y: number): { svg: string; h: number } {
  const enemies = new Map<string, EnemyV>();
  for (const c of v.field) for (const e of c.enemies) enemies.set(e.key, e);
  for (const e of v.courtyard.enemies) enemies.set(e.key, e);
  const defenders = new Map<string, UnitV>();
  for (const c of v.castle) for (const u of c.defenders) defenders.set(u.key, u);
  for (const u of v.courtyard.defenders) defenders.set(u.key, u);
  const rows: string[] = [];
  for (const e of enemies.values()) rows.push(`E|${e.key}|${ENEMY_CODE[e.key]?.[0]} ${e.short} ${e.swords}/${e.shields} r${e.range}${e.wall ? ` wall${e.wall}` : ''}`);
  for (const u of defenders.values()) rows.push(`D|${u.key}|${DEFENDER_CODE[u.key]} ${u.short} ${u.swords}/${u.shields} r${u.range}`);
  if (rows.length === 0) return { svg: '', h: 0 };
  const colW = (WIDTH - 40) / 2;
  const lineH = 34;
  let svg = text(20, y + 16, 'Key: attack/defence, range (+1 in a tower)', { size: MIN_FONT, fill: '#55555c', weight: 400 });
  rows.forEach((r, i) => {
    const [kind, key, label] = r.split('|') as [string, string, string];
    const x = 20 + (i % 2) * colW;
    const yy = y + 40 + Math.floor(i / 2) * lineH;
    const sw = kind === 'E' ? ENEMY_CODE[key]?.[1] ?? '#888' : '#cfe0fa';
    svg += rect(x, yy, 22, 26, { fill: sw, stroke: '#222', strokeWidth: 1, radius: 4 });
    svg += text(x + 30, yy + 13, clip(label, 30), { size: MIN_FONT, fill: '#1d1d1f', weight: 400 });
  });
  return { svg, h: 48 + Math.ceil(rows.length / 2) * lineH };
}

/** The result panel's lines and colour: the platform's result when it ended the game, else the view's. */
function resultLines(v: V, opts: RenderOptions): { lines: string[]; ink: string; fill: string } {
  const fin = opts.finished;
  if (fin) {
    const title = fontSafe(fin.title) || 'Game over';
    const detail = fontSafe(fin.detail);
    return {
      lines: [title, ...wrapText(detail, 58).slice(0, 2)],
      ink: fin.winners.includes(0) ? '#1d6b22' : '#1d1d1f',
      fill: '#fff3c4',
    };
  }
  return {
    lines: wrapText(promptText(v), 58).slice(0, 3),
    ink: v.outcome ? (v.outcome.winners.length ? '#1d6b22' : '#a01010') : '#1d1d1f',
    fill: v.outcome ? '#fff3c4' : '#eef3fb',
  };
}

export function renderTwoDeckSiegeBoard(v: V, opts: RenderOptions = {}): string {
  const L = layout(v);
  let body = '';
  for (const cell of v.field) body += drawCell(cell, L.boxes.get(cell.cell)!);
  for (const c of v.castle) body += drawCastleCard(c, L.boxes.get(c.id)!);
  body += drawCourtyard(v, L.court);
  body += drawDeckMarker(v, L);
  body += cornerInfo(v, L, opts);
  let y = L.boardBottom + 18;
  const result = resultLines(v, opts);
  const prompt = result.lines;
  body += rect(12, y - 4, WIDTH - 24, prompt.length * 36 + 12, { fill: result.fill, radius: 10 });
  prompt.forEach((line, i) => {
    const title = !!opts.finished && i === 0;
    body += text(WIDTH / 2, y + 18 + i * 36, line, { size: title ? 30 : 28, weight: title || !opts.finished ? 700 : 400, anchor: 'middle', fill: title || !opts.finished ? result.ink : '#1d1d1f' });
  });
  y += prompt.length * 36 + 22;
  const hand = drawHand(v, y);
  body += hand.svg;
  y += hand.h + 6;
  const legend = drawLegend(v, y);
  body += legend.svg;
  y += legend.h + 8;
  return svgDocument(WIDTH, y, '#ffffff', body);
}
