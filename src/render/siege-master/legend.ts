// The legend under a Siege Master board: one card per player (colour, fortresses held, armies
// left, whose turn or who won), a status line in words, and a key to the map's marks.
import { hexPath } from '../hexLayout.js';
import {
  type Palette,
  type RenderOptions,
  castlePath,
  clip,
  fontSafe,
  minFontSize,
  n,
  palette as paletteFor,
  panel,
  playerName,
  rect,
  seatColours,
  stripesOnDisc,
  stripesOnRect,
  text,
  textWidth,
  withPlayer,
  wrapText,
} from '../svg.js';
import type { SiegeMasterView } from './view.js';

type Box = { x: number; y: number; width: number };

// The key is the smallest text (0.8 of the base), and it stays at least 2.5 % of the width.
const KEY_SCALE = 0.8;

function baseFont(width: number): number {
  return Math.ceil(Math.max(26, Math.min(38, width / 34), minFontSize(width) / KEY_SCALE));
}

function seatName(view: SiegeMasterView, seat: number): string {
  const name = fontSafe(view.seatNames[seat] ?? '');
  return clip(name || (['Red', 'Blue'][seat] ?? `Player ${seat + 1}`), 18);
}

/** The seat's name, plus the colour it is drawn in when the palette changes that colour. */
function seatTitle(view: SiegeMasterView, p: Palette, seat: number): string {
  const name = seatName(view, seat);
  const c = seatColours(p, seat);
  // "Red" drawn in orange needs saying; "Blue" drawn in another blue does not.
  if (p.name === 'colourblind' && name === 'Red' && c.name !== name) {
    return `${name} (${c.name.toLowerCase()})`;
  }
  return name;
}

type StatusLine = { text: string; fill?: string; size?: number };

function statusLines(view: SiegeMasterView, p: Palette, opts: RenderOptions): StatusLine[] {
  const lines: StatusLine[] = [];
  const name = (s: number) => seatName(view, s);
  const fin = opts.finished;
  if (fin) {
    // The platform ended the game: its result replaces whose turn it was.
    const winner = fin.winners.length === 1 ? fin.winners[0]! : null;
    lines.push({ text: fontSafe(fin.title) || 'Game over', fill: winner === null ? p.ink : seatColours(p, winner).edge, size: 1.15 });
    if (fin.detail.trim()) lines.push({ text: sentence(fontSafe(fin.detail)) });
  } else if (view.phase === 'over') {
    const o = view.outcome;
    if (!o) lines.push({ text: 'Game over.' });
    else if (o.draw || o.winners.length !== 1) lines.push({ text: `Draw. ${sentence(o.reason)}` });
    else lines.push({ text: `${name(o.winners[0]!)} wins. ${sentence(o.reason)}`, fill: seatColours(p, o.winners[0]!).edge });
  } else {
    const mover = view.toAct[0];
    if (mover !== undefined) {
      if (view.phase === 'draft') lines.push({ text: `${name(mover)} to place a fortress.` });
      else if (view.mustPlayAdjacent && view.lastArmy) {
        lines.push({ text: `${name(mover)} to play, next to ${name(view.lastArmy.seat)}'s last army (marked cells).` });
      } else if (view.hintCells.length > 0) lines.push({ text: `${name(mover)} to play on a marked cell.` });
      else lines.push({ text: `${name(mover)} to play, anywhere on land.` });
      if (view.canSwap && view.phase === 'play') {
        lines.push({ text: `${name(mover)} may also swap: ${name(1 - mover)}'s opening army becomes ${name(mover)}'s.` });
      }
    }
  }
  const last = view.lastArmy;
  if (last && last.cells.length > 0) {
    const span = `${last.cells[0]}–${last.cells[last.cells.length - 1]}`;
    const took = last.captured.length > 0 ? `, captured ${last.captured.join(', ')}` : '';
    lines.push({ text: `Last army: ${name(last.seat)} ${span}${took}.` });
  }
  return lines;
}

function sentence(s: string): string {
  const t = s.trim();
  if (!t) return '';
  const cap = t[0]!.toUpperCase() + t.slice(1);
  return /[.!?]$/.test(cap) ? cap : `${cap}.`;
}

/** The margin the legend keeps from the image's sides; the title row uses it too. */
export function legendInset(width: number): number {
  return Math.round(baseFont(width) * 0.6);
}

function layout(view: SiegeMasterView, width: number, opts: RenderOptions, p: Palette = paletteFor(opts.palette)) {
  const F = baseFont(width);
  const pad = legendInset(width);
  const cardH = Math.round(F * 4.3);
  const lineH = Math.round(F * 1.3);
  const lines = statusLines(view, p, opts).flatMap((l) => {
    const size = F * (l.size ?? 1);
    const maxChars = Math.floor((width - 2 * pad) / (size * 0.56));
    return wrapText(l.text, maxChars).map((t) => ({ ...l, text: t, px: size }));
  });
  const keyH = Math.round(F * 1.5);
  const statusH = lines.reduce((h, l) => h + Math.round(l.px * 1.3), 0);
  return { F, pad, cardH, lineH, lines, statusH, keyH };
}

export function legendHeight(view: SiegeMasterView, width: number, opts: RenderOptions = {}): number {
  const l = layout(view, width, opts);
  return l.cardH + l.pad + l.statusH + l.pad + l.keyH;
}

function miniBar(x: number, y: number, w: number, h: number, p: Palette, seat: number): string {
  const s = seatColours(p, seat);
  return (
    rect(x, y - h / 2, w, h, { fill: s.fill, stroke: s.edge, strokeWidth: 3, radius: h / 2 }) +
    (s.striped ? stripesOnRect(x + w / 2, y, 0, w - h, h, h * 0.55) : '')
  );
}

function miniCastle(cx: number, cy: number, r: number, fill: string, edge: string, castleFill: string, striped = false): string {
  const d = castlePath(cx, cy, r * 0.68);
  return (
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${fill}" stroke="${edge}" stroke-width="${n(Math.max(2, r * 0.12))}"/>` +
    (striped ? stripesOnDisc(cx, cy, r, r * 0.5) : '') +
    `<path d="${d}" fill="${castleFill}"/>`
  );
}

function pillWidth(label: string, F: number): number {
  const size = Math.max(F * 0.8, 0);
  return textWidth(label, size) + size * 1.2;
}

function pill(xRight: number, cy: number, label: string, F: number, fill: string, ink: string): string {
  const size = F * 0.8;
  const w = pillWidth(label, F);
  const h = size * 1.5;
  return rect(xRight - w, cy - h / 2, w, h, { fill, radius: h / 2 }) + text(xRight - w / 2, cy, label, { size, fill: ink, anchor: 'middle' });
}

export function renderSiegeMasterLegend(view: SiegeMasterView, p: Palette, box: Box, opts: RenderOptions = {}): string {
  const L = layout(view, box.width, opts, p);
  const { F, pad } = L;
  const out: string[] = [];
  const cardW = (box.width - 3 * pad) / 2;
  const fin = opts.finished;
  const over = view.phase === 'over' || !!fin;
  const outcome = fin ? { winners: fin.winners, draw: false } : view.outcome;
  for (let seat = 0; seat < 2; seat++) {
    const s = seatColours(p, seat);
    const x = box.x + pad + seat * (cardW + pad);
    const y = box.y;
    const acting = !over && view.toAct.includes(seat);
    const won = over && !!outcome && !outcome.draw && outcome.winners.includes(seat);
    const drawn = over && !!outcome?.draw;
    out.push(panel(x, y, cardW, L.cardH, p, acting || won ? s.fill : undefined, acting || won ? 6 : 2));
    const ix = x + F * 0.6;
    const row1 = y + F * 0.95;
    out.push(miniBar(ix, row1, F * 1.5, F * 0.7, p, seat));
    const tag = acting ? 'TO PLAY' : won ? 'WINS' : drawn ? 'DRAW' : null;
    const tagW = tag ? pillWidth(tag, F) + F * 0.4 : 0;
    const nameSize = F * 1.08;
    const room = cardW - F * 2.5 - tagW - F * 0.3;
    out.push(text(ix + F * 1.9, row1, withPlayer(seatTitle(view, p, seat), playerName(opts, seat), nameSize, room), { size: nameSize, fill: p.ink }));
    if (tag) out.push(pill(x + cardW - F * 0.5, row1, tag, F, drawn ? p.neutralEdge : s.edge, '#ffffff'));
    const row2 = y + F * 2.25;
    out.push(miniCastle(ix + F * 0.75, row2, F * 0.45, s.fill, s.edge, '#ffffff', s.striped));
    const held = view.captured[seat] ?? 0;
    out.push(text(ix + F * 1.9, row2, `Fortresses ${held} of ${view.fortressesTotal}`, { size: F, fill: p.ink }));
    const row3 = y + F * 3.4;
    out.push(miniBar(ix + F * 0.1, row3, F * 1.3, F * 0.5, p, seat));
    out.push(text(ix + F * 1.9, row3, `Armies left ${view.armiesLeft[seat] ?? 0}`, { size: F, fill: p.ink }));
  }

  let y = box.y + L.cardH + pad;
  for (const line of L.lines) {
    const h = Math.round(line.px * 1.3);
    out.push(text(box.x + pad, y + h * 0.45, line.text, { size: line.px, fill: line.fill ?? p.ink }));
    y += h;
  }

  // Key: what the marks on the map mean (no playable cells once the game is over).
  const ky = box.y + L.cardH + pad + L.statusH + pad + L.keyH * 0.35;
  const ks = F * KEY_SCALE;
  const gap = ks * 1.1;
  let kx = box.x + pad;
  out.push(miniCastle(kx + ks * 0.6, ky, ks * 0.6, '#ffffff', p.neutralEdge, p.neutral));
  kx += ks * 1.5;
  out.push(text(kx, ky, 'neutral', { size: ks, weight: 400, fill: p.mutedInk }));
  kx += textWidth('neutral', ks, 400) + gap;
  out.push(rect(kx, ky - ks * 0.45, ks * 1.8, ks * 0.9, { fill: p.highlight, stroke: p.highlightEdge, strokeWidth: 3, radius: ks * 0.45 }));
  kx += ks * 2.2;
  out.push(text(kx, ky, 'last army', { size: ks, weight: 400, fill: p.mutedInk }));
  kx += textWidth('last army', ks, 400) + gap;
  if (!fin && view.phase !== 'over') {
    const hr = ks * 0.55;
    out.push(`<path d="${hexPath(kx + hr, ky, hr * 1.1, n)}" fill="${p.hint}" stroke="${p.hintMark}" stroke-width="2.5"/>`);
    out.push(`<circle cx="${n(kx + hr)}" cy="${n(ky)}" r="${n(hr * 0.36)}" fill="${p.hintMark}"/>`);
    kx += hr * 2 + ks * 0.4;
    out.push(text(kx, ky, 'playable', { size: ks, weight: 400, fill: p.mutedInk }));
  }
  return out.join('');
}
