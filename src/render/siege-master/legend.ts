// The legend under a Siege Master board: one card per player (colour, fortresses held, armies
// left, whose turn or who won), a status line in words, and a key to the map's marks, all in the
// board's language.
import { hexPath } from '../hexLayout.js';
import {
  type Palette,
  type RenderOptions,
  castlePath,
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
  withPlayer,
} from '../svg.js';
import type { SiegeMasterView } from './view.js';
import { type Say, sayer, sayPhrase, seatName, seatTitle, sizeToFit, widthOf, wrapToRoom } from './words.js';

type Box = { x: number; y: number; width: number };

// The key is the smallest text (0.8 of the base), and it stays at least 2.5 % of the width.
const KEY_SCALE = 0.8;
/** The height of a card's row for members' names, in base sizes, when they do not fit beside the seats' names. */
const NAME_ROW = 1.15;

function baseFont(width: number): number {
  return Math.ceil(Math.max(26, Math.min(38, width / 34), minFontSize(width) / KEY_SCALE));
}

type StatusLine = { text: string; fill?: string; size?: number };

function statusLines(view: SiegeMasterView, p: Palette, opts: RenderOptions, say: Say): StatusLine[] {
  const lines: StatusLine[] = [];
  const name = (s: number) => seatName(view, say, s);
  const fin = opts.finished;
  if (fin) {
    // The platform ended the game: its result (already in the board's language) replaces whose turn it was.
    const winner = fin.winners.length === 1 ? fin.winners[0]! : null;
    lines.push({ text: fontSafe(fin.title) || say('board.status.gameOver'), fill: winner === null ? p.ink : seatColours(p, winner).edge, size: 1.15 });
    if (fin.detail.trim()) lines.push({ text: sentence(fontSafe(fin.detail)) });
  } else if (view.phase === 'over') {
    const o = view.outcome;
    if (!o) lines.push({ text: say('board.status.over') });
    else {
      const reason = sentence(sayPhrase(opts.locale, o.reasonPhrase, o.reason));
      if (o.draw || o.winners.length !== 1) lines.push({ text: say('board.status.draw', { reason }) });
      else lines.push({ text: say('board.status.wins', { seat: name(o.winners[0]!), reason }), fill: seatColours(p, o.winners[0]!).edge });
    }
  } else {
    const mover = view.toAct[0];
    if (mover !== undefined) {
      const seat = name(mover);
      if (view.phase === 'draft') lines.push({ text: say('board.status.toPlaceFortress', { seat }) });
      else if (view.mustPlayAdjacent && view.lastArmy) {
        lines.push({ text: say('board.status.toPlayBeside', { seat, other: name(view.lastArmy.seat) }) });
      } else if (view.hintCells.length > 0) lines.push({ text: say('board.status.toPlayMarked', { seat }) });
      else lines.push({ text: say('board.status.toPlayAnywhere', { seat }) });
      if (view.canSwap && view.phase === 'play') lines.push({ text: say('board.status.maySwap', { seat, other: name(1 - mover) }) });
    }
  }
  const last = view.lastArmy;
  if (last && last.cells.length > 0) {
    const values = { seat: name(last.seat), span: `${last.cells[0]}–${last.cells[last.cells.length - 1]}` };
    const took = last.captured.length > 0;
    lines.push({ text: took ? say('board.status.lastArmyCaptured', { ...values, cells: last.captured.join(', ') }) : say('board.status.lastArmy', values) });
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

/** The short tag on a seat's card: whose turn it is, or the result. */
function cardTag(view: SiegeMasterView, opts: RenderOptions, seat: number, say: Say): string | null {
  const fin = opts.finished;
  const over = view.phase === 'over' || !!fin;
  const outcome = fin ? { winners: fin.winners, draw: false } : view.outcome;
  if (!over) return view.toAct.includes(seat) ? say('board.tags.toPlay') : null;
  if (outcome?.draw) return say('board.tags.draw');
  return outcome && outcome.winners.includes(seat) ? say('board.tags.wins') : null;
}

function layout(view: SiegeMasterView, width: number, opts: RenderOptions, p: Palette = paletteFor(opts.palette)) {
  const say = sayer(opts.locale);
  const F = baseFont(width);
  const min = minFontSize(width);
  const pad = legendInset(width);
  const cardH = Math.round(F * 4.3);
  const lineH = Math.round(F * 1.3);
  const room = width - 2 * pad;
  const lines = statusLines(view, p, opts, say).flatMap((l) => {
    let size = F * (l.size ?? 1);
    let parts = wrapToRoom(l.text, size, room);
    // A word wider than the whole line (a pasted name) is drawn smaller, never cut.
    if (parts.some((part) => widthOf(part, size) > room)) {
      size = sizeToFit(parts, size, room, min);
      parts = wrapToRoom(l.text, size, room);
    }
    return parts.map((text) => ({ ...l, text, px: size }));
  });
  const keyH = Math.round(F * 1.5);
  const statusH = lines.reduce((h, l) => h + Math.round(l.px * 1.3), 0);

  // Both cards draw their texts at one size, the largest at which every one of them fits.
  const cardW = (width - 3 * pad) / 2;
  const tagSize = F * 0.8;
  const tags = [0, 1].map((seat) => cardTag(view, opts, seat, say));
  const tagW = tags.map((tag) => (tag ? pillWidth(tag, tagSize) + F * 0.4 : 0));
  const titles = [0, 1].map((seat) => seatTitle(view, p, say, seat));
  const nameRoom = tagW.map((w) => cardW - F * 2.5 - w - F * 0.3);
  const players = [0, 1].map((seat) => playerName(opts, seat));
  // A member's name is drawn whole: beside the seat's name when both fit there at nearly the
  // base size whatever tag the card may show in this language (so the layout keeps from move to
  // move), else on a row of its own. Its size steps down for it, to the readable minimum, and only
  // a name too long even then is shortened, as every board does.
  const widestTag = Math.max(...(['toPlay', 'wins', 'draw'] as const).map((k) => pillWidth(say(`board.tags.${k}`), tagSize))) + F * 0.4;
  const besideRoom = cardW - F * 2.5 - widestTag - F * 0.3;
  const nameRow = players.some((player, seat) => player && widthOf(`${titles[seat]} · ${player}`, F * 0.9) > besideRoom);
  const named = titles.map((title, seat) => (players[seat] && !nameRow ? `${title} · ${players[seat]}` : title));
  const nameSize = Math.min(...named.map((name, seat) => sizeToFit([name], F * 1.08, nameRoom[seat]!, min)));
  // On its own row a name has the card's width, from under the seat's bar.
  const playerRoom = cardW - F * 1.2;
  const playerSize = nameRow ? sizeToFit(players.filter(Boolean), F * 1.08, playerRoom, min) : nameSize;
  const counts = [0, 1].flatMap((seat) => [
    say('board.fortressesHeld', { held: view.captured[seat] ?? 0, count: view.fortressesTotal }),
    say('board.armiesLeft', { count: view.armiesLeft[seat] ?? 0 }),
  ]);
  const countRoom = cardW - F * 2.8;
  const countSize = sizeToFit(counts, F, countRoom, min);
  const cards = { cardW, tagSize, tags, titles, nameRoom, nameSize, nameRow, players, playerRoom, playerSize, counts, countRoom, countSize };
  return { F, min, pad, cardH: nameRow ? cardH + NAME_ROW * F : cardH, lineH, lines, statusH, keyH, say, cards };
}

type Layout = ReturnType<typeof layout>;

const heightOf = (l: Layout) => l.cardH + l.pad + l.statusH + l.pad + l.keyH;

export function legendHeight(view: SiegeMasterView, width: number, opts: RenderOptions = {}): number {
  return heightOf(layout(view, width, opts));
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

// Half a text size of padding on each side: the rounded ends keep the letters clear of the edge.
function pillWidth(label: string, size: number): number {
  return widthOf(label, size) + size;
}

function pill(xRight: number, cy: number, label: string, size: number, fill: string, ink: string): string {
  const w = pillWidth(label, size);
  const h = size * 1.5;
  return rect(xRight - w, cy - h / 2, w, h, { fill, radius: h / 2 }) + text(xRight - w / 2, cy, label, { size, fill: ink, anchor: 'middle', box: widthOf(label, size) });
}

export function renderSiegeMasterLegend(view: SiegeMasterView, p: Palette, box: Box, opts: RenderOptions = {}): string {
  return drawLegend(view, p, box, opts).markup;
}

/** The legend's markup and its height, from one layout. */
export function drawLegend(view: SiegeMasterView, p: Palette, box: Box, opts: RenderOptions = {}): { markup: string; height: number } {
  const L = layout(view, box.width, opts, p);
  const { F, pad, say } = L;
  const C = L.cards;
  const out: string[] = [];
  const cardW = C.cardW;
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
    const room = C.nameRoom[seat]!;
    const player = C.players[seat]!;
    // The seat's name always fits (its size is chosen so); only a member's name may be shortened.
    const beside = C.nameRow ? '' : player;
    const named = withPlayer(C.titles[seat]!, beside, C.nameSize, room, 700, widthOf);
    out.push(text(ix + F * 1.9, row1, named, { size: C.nameSize, fill: p.ink, box: room, chosen: !!beside }));
    const tag = C.tags[seat];
    if (tag) out.push(pill(x + cardW - F * 0.5, row1, tag, C.tagSize, drawn ? p.neutralEdge : s.edge, '#ffffff'));
    const below = C.nameRow ? NAME_ROW * F : 0;
    if (C.nameRow && player) {
      const shown = withPlayer('', player, C.playerSize, C.playerRoom, 700, widthOf);
      out.push(text(ix, row1 + below, shown, { size: C.playerSize, fill: p.ink, box: C.playerRoom, chosen: true }));
    }
    const row2 = y + below + F * 2.25;
    out.push(miniCastle(ix + F * 0.75, row2, F * 0.45, s.fill, s.edge, '#ffffff', s.striped));
    out.push(text(ix + F * 1.9, row2, C.counts[seat * 2]!, { size: C.countSize, fill: p.ink, box: C.countRoom }));
    const row3 = y + below + F * 3.4;
    out.push(miniBar(ix + F * 0.1, row3, F * 1.3, F * 0.5, p, seat));
    out.push(text(ix + F * 1.9, row3, C.counts[seat * 2 + 1]!, { size: C.countSize, fill: p.ink, box: C.countRoom }));
  }

  let y = box.y + L.cardH + pad;
  const lineRoom = box.width - 2 * pad;
  for (const line of L.lines) {
    const h = Math.round(line.px * 1.3);
    out.push(text(box.x + pad, y + h * 0.45, line.text, { size: line.px, fill: line.fill ?? p.ink, box: lineRoom }));
    y += h;
  }

  // Key: what the marks on the map mean (no playable cells once the game is over).
  const ky = box.y + L.cardH + pad + L.statusH + pad + L.keyH * 0.35;
  const playing = !fin && view.phase !== 'over';
  const labels = [say('board.key.neutral'), say('board.key.lastArmy'), ...(playing ? [say('board.key.playable')] : [])];
  // Marks and gaps take 5.7 key sizes besides the words; the key shrinks (to the minimum) rather than run off the side.
  const wide = labels.reduce((w, l) => w + widthOf(l, 1, 400), 0) + 5.7;
  const ks = Math.max(L.min, Math.min(F * KEY_SCALE, lineRoom / wide));
  const gap = ks * 1.1;
  const label = (x: number, content: string) => text(x, ky, content, { size: ks, weight: 400, fill: p.mutedInk, box: widthOf(content, ks, 400) });
  let kx = box.x + pad;
  out.push(miniCastle(kx + ks * 0.6, ky, ks * 0.6, '#ffffff', p.neutralEdge, p.neutral));
  kx += ks * 1.5;
  out.push(label(kx, labels[0]!));
  kx += widthOf(labels[0]!, ks, 400) + gap;
  out.push(rect(kx, ky - ks * 0.45, ks * 1.8, ks * 0.9, { fill: p.highlight, stroke: p.highlightEdge, strokeWidth: 3, radius: ks * 0.45 }));
  kx += ks * 2.2;
  out.push(label(kx, labels[1]!));
  kx += widthOf(labels[1]!, ks, 400) + gap;
  if (playing) {
    const hr = ks * 0.55;
    out.push(`<path d="${hexPath(kx + hr, ky, hr * 1.1, n)}" fill="${p.hint}" stroke="${p.hintMark}" stroke-width="2.5"/>`);
    out.push(`<circle cx="${n(kx + hr)}" cy="${n(ky)}" r="${n(hr * 0.36)}" fill="${p.hintMark}"/>`);
    kx += hr * 2 + ks * 0.4;
    out.push(label(kx, labels[2]!));
  }
  return { markup: out.join(''), height: heightOf(L) };
}
