// The Dice Realms board's lines of words: the header with the roll key, each realm's banner (its
// name, its player, what it must do now and the member's standing note), the front line, and the
// status bar. Each text takes the room it needs in the board's language: a smaller size down to
// the smallest readable one, or a second line, before anything is shortened.
import { fontSafe, n, playerName, rect, seatColours, text, withPlayer } from '../svg.js';
import { CHIP, rollChip } from './dice.js';
import {
  type Ctx,
  type DiceRealmsView,
  type Slot,
  FRONT_H,
  HEADER_H,
  INNER_W,
  INNER_X,
  MARGIN,
  SMALLEST,
  STATUS_H,
  WIDTH,
  pill,
  pillWidth,
  seatTitle,
  swatch,
} from './layout.js';
import { roomFor, sizeThatFits, wrapToFit } from './textMetrics.js';
import { wordsFor, type Words } from './words.js';

/** The header's title sizes, largest first: a long title in a long language takes a smaller one. */
const HEADER_SIZES = [30, 28, 26, SMALLEST];

export function header(ctx: Ctx): string {
  const { view, p, words } = ctx;
  const cy = HEADER_H / 2;
  const title = words.board(view.variant === 'fast' ? 'headerFast' : 'header', { turn: view.turn });
  // The key to the roll chips, right-aligned: "Rolls: [5] this turn [3] last turn".
  const lead = words.board('rolls');
  const now = words.board('thisTurn');
  const last = words.board('lastTurn');
  const keyWidth = (withLead: boolean) => (withLead ? roomFor(lead, SMALLEST, 400) + 12 : 0) + 2 * (CHIP + 8) + roomFor(now, SMALLEST, 400) + 22 + roomFor(last, SMALLEST, 400);
  // The lead word goes first when the title needs its room.
  const withLead = sizeThatFits(title, HEADER_SIZES, INNER_W - keyWidth(true) - 24) !== null;
  const titleRoom = INNER_W - keyWidth(withLead) - 24;
  const size = sizeThatFits(title, HEADER_SIZES, titleRoom) ?? SMALLEST;
  const out = [text(INNER_X, cy, title, { size, fill: p.ink, box: titleRoom })];
  let x = WIDTH - INNER_X - roomFor(last, SMALLEST, 400);
  out.push(text(x, cy, last, { size: SMALLEST, weight: 400, fill: p.mutedInk, box: roomFor(last, SMALLEST, 400) }));
  x -= CHIP + 8;
  out.push(rollChip(x, cy, { face: 3, fresh: false }, p));
  x -= 22 + roomFor(now, SMALLEST, 400);
  out.push(text(x, cy, now, { size: SMALLEST, weight: 400, fill: p.mutedInk, box: roomFor(now, SMALLEST, 400) }));
  x -= CHIP + 8;
  out.push(rollChip(x, cy, { face: 5, fresh: true }, p));
  if (withLead) out.push(text(x - 12, cy, lead, { size: SMALLEST, weight: 400, fill: p.mutedInk, anchor: 'end', box: roomFor(lead, SMALLEST, 400) }));
  return out.join('');
}

/** The banner's title sizes: a long name takes a smaller one before it is shortened. */
const TITLE_SIZES = [28, 26, SMALLEST];

/** A shield, the mark of a standing defence setting, centred on (cx, cy), `h` tall. */
function shield(cx: number, cy: number, h: number, fill: string): string {
  const w = h * 0.8;
  const top = cy - h / 2;
  return (
    `<path d="M${n(cx)} ${n(top)}L${n(cx + w / 2)} ${n(top + h * 0.18)}V${n(top + h * 0.5)}` +
    `C${n(cx + w / 2)} ${n(top + h * 0.8)} ${n(cx + w * 0.2)} ${n(top + h * 0.94)} ${n(cx)} ${n(top + h)}` +
    `C${n(cx - w * 0.2)} ${n(top + h * 0.94)} ${n(cx - w / 2)} ${n(top + h * 0.8)} ${n(cx - w / 2)} ${n(top + h * 0.5)}` +
    `V${n(top + h * 0.18)}Z" fill="${fill}"/>`
  );
}

/** A member's note (their standing defence setting) as a white pill edged in the seat's colour, right edge at `right`. */
function notePill(right: number, cy: number, note: string, ink: string, paper: string, weight: 400 | 700): { svg: string; w: number } {
  const box = roomFor(note, SMALLEST, weight);
  const w = 12 + 20 + 8 + box + 14;
  const x = right - w;
  return {
    svg:
      rect(x, cy - 17, w, 34, { fill: paper, stroke: ink, strokeWidth: 2.5, radius: 17 }) +
      shield(x + 22, cy, 22, ink) +
      text(x + 40, cy, note, { size: SMALLEST, weight, fill: ink, box }),
    w,
  };
}

/**
 * The realm's banner, the full width of the board: its colour, its name and its player; at the
 * right what it must do now, and the member's standing note (their defence setting), which the
 * platform gives already in the board's language and leaves empty for an AI. The name is drawn
 * whole whenever it fits, a little smaller if it must, and shortened only when it cannot fit.
 */
export function banner(ctx: Ctx, seat: number, slot: Slot): string {
  const { view, p, words } = ctx;
  const s = seatColours(p, seat);
  const cy = slot.y + slot.h / 2;
  const out: string[] = [swatch(slot.x, cy, 34, s)];
  let right = slot.x + slot.w - 4;
  let tag: string | null = null;
  if (ctx.over) tag = ctx.winner === seat ? words.board('wins') : null;
  else if (view.toAct.includes(seat)) tag = words.board(view.phase === 'defend' ? 'toDefend' : 'toPlay');
  if (tag) {
    const w = pillWidth(tag);
    out.push(pill(right - w, cy, tag, s.edge).svg);
    right -= w + 12;
  }
  const left = slot.x + 48;
  const label = seatTitle(ctx, seat);
  const player = playerName(ctx.opts, seat);
  // The note matters most while the other side plays (and may attack): then it is always drawn,
  // in bold, or in the regular weight where that keeps the name whole, and else the name yields.
  // Beside what the seat must do now, it is drawn only where the name stays whole.
  const note = ctx.over ? '' : fontSafe(ctx.opts.seatNotes?.[seat] ?? '');
  if (note) {
    const nameNeeds = roomFor(withPlayer(label, player, SMALLEST, Infinity), SMALLEST);
    const looks = ([700, 400] as const).map((weight) => notePill(right, cy, note, s.edge, p.paper, weight));
    const drawn = looks.find((look) => right - look.w - 16 - left >= nameNeeds) ?? (tag ? null : looks[0]!);
    if (drawn) {
      out.push(drawn.svg);
      right -= drawn.w + 16;
    }
  }
  const room = right - left;
  const size = TITLE_SIZES.find((z) => roomFor(withPlayer(label, player, z, Infinity), z) <= room) ?? TITLE_SIZES.at(-1)!;
  const shown = withPlayer(label, player, size, room, 700, (content, z, weight) => roomFor(content, z, weight));
  out.push(text(left, cy, shown, { size, fill: s.edge, box: room, ...(player ? { chosen: true } : {}) }));
  return out.join('');
}

/**
 * The line between the two armies. While an attack waits for a defender it names the attack in
 * gold, matching the rings on the attacking unit and its target.
 */
export function frontLine(ctx: Ctx, y: number): string {
  const { view, p, words } = ctx;
  const cy = y + FRONT_H / 2;
  const pend = view.phase === 'defend' ? ctx.pending : null;
  const label = pend
    ? words.board('attackPending', { seat: words.seat(pend.attacker), unit: pend.unit, value: pend.value, foe: words.seat(1 - pend.attacker), territory: pend.target })
    : words.board('frontLine');
  const box = roomFor(label, SMALLEST);
  const half = box / 2 + 18;
  const mid = WIDTH / 2;
  const out = [
    `<path d="M${INNER_X} ${n(cy)}H${n(mid - half - 8)}M${n(mid + half + 8)} ${n(cy)}H${INNER_X + INNER_W}" stroke="${p.neutralEdge}" stroke-width="3" stroke-dasharray="14 8"/>`,
  ];
  if (pend) out.push(rect(mid - half, cy - 17, half * 2, 34, { fill: p.highlight, stroke: p.highlightEdge, strokeWidth: 2.5, radius: 17 }));
  out.push(text(mid, cy, label, { size: SMALLEST, fill: pend ? p.highlightEdge : p.neutralEdge, anchor: 'middle', box }));
  return out.join('');
}

/** A text with its first letter a capital and a full stop at its end, as a sentence. */
function sentence(s: string, locale: string): string {
  const t = fontSafe(s).trim();
  if (!t) return '';
  const cap = t[0]!.toLocaleUpperCase(locale) + t.slice(1);
  return /[.!?]$/.test(cap) ? cap : `${cap}.`;
}

/** Whose move it is and what they may do, or the result, in one sentence (English unless `words` says otherwise). */
export function statusLine(view: DiceRealmsView, words: Words = wordsFor()): string {
  const seat = (s: number) => words.seat(s);
  const a = seat(view.active);
  switch (view.phase) {
    case 'gather':
    case 'spend':
    case 'train':
      return words.board(`statusLine.${view.phase}`, { seat: a });
    case 'attack':
      return words.board('statusLine.attack', { seat: a, food: view.realms[view.active]?.resources.food.value ?? 0 });
    case 'defend': {
      const d = view.pending?.defender ?? view.toAct[0] ?? 1 - view.active;
      return words.board('statusLine.defend', { seat: seat(d), territory: view.pending?.target ?? 'farms' });
    }
    case 'over': {
      const o = view.outcome;
      const reason = sentence(words.phrase(o?.reasonPhrase, o?.reason ?? ''), words.locale);
      if (!o || o.draw || o.winners.length !== 1) return reason ? words.board('statusLine.over', { reason }) : words.board('gameOver');
      return words.board('statusLine.wins', { seat: seat(o.winners[0]!), reason }).trim();
    }
    default:
      return sentence(view.step, words.locale);
  }
}

const LINE_SIZES = [26, SMALLEST];

/** One or two lines in `room` at the largest size that holds them: one line first, then two. */
function fitLines(content: string, room: number, weight: 400 | 700): { lines: string[]; size: number } {
  const size = sizeThatFits(content, LINE_SIZES, room, weight);
  if (size !== null) return { lines: [content], size };
  return { lines: wrapToFit(content, SMALLEST, room, weight, 2) ?? [content], size: SMALLEST };
}

/** Lines of one size, centred as a block on cy. */
function block(x: number, cy: number, lines: string[], size: number, room: number, style: { fill: string; weight: 400 | 700 }): string {
  const step = size * 1.12;
  const top = cy - ((lines.length - 1) * step) / 2;
  return lines.map((line, i) => text(x, top + i * step, line, { size, weight: style.weight, fill: style.fill, box: room })).join('');
}

export function statusBar(ctx: Ctx, y: number): string {
  const { view, p, words } = ctx;
  const seat = ctx.over ? ctx.winner : view.toAct[0] ?? view.active;
  const s = seat === null ? null : seatColours(p, seat);
  const fin = ctx.opts.finished;
  const waiting = view.phase === 'defend' && !fin;
  const fill = waiting ? p.highlight : s ? s.tint : p.panel;
  const edge = waiting ? p.highlightEdge : s ? s.fill : p.panelEdge;
  const cy = y + STATUS_H / 2;
  const out = [rect(MARGIN, y, WIDTH - 2 * MARGIN, STATUS_H, { fill, stroke: edge, strokeWidth: 3, radius: 14 })];
  let x = INNER_X;
  if (s) {
    out.push(swatch(x, cy, 28, s));
    x += 40;
  }
  const room = WIDTH - INNER_X - x;
  if (!fin) {
    const { lines, size } = fitLines(statusLine(view, words), room, 700);
    out.push(block(x, cy, lines, size, room, { fill: p.ink, weight: 700 }));
    return out.join('');
  }
  // The platform's result: the title in the winner's colour, then what happened, on one line when
  // both fit and else the title above the detail.
  const title = fontSafe(fin.title) || words.board('gameOver');
  const detail = sentence(fin.detail, words.locale);
  const titleInk = s ? s.edge : p.ink;
  const titleSize = sizeThatFits(title, [28, 26, SMALLEST], room) ?? SMALLEST;
  const titleW = roomFor(title, titleSize);
  const rest = room - titleW - 8;
  const inline = detail ? sizeThatFits(`· ${detail}`, LINE_SIZES, rest, 400) : null;
  if (!detail || inline !== null) {
    out.push(text(x, cy, title, { size: titleSize, fill: titleInk, box: titleW }));
    if (detail) out.push(text(x + titleW + 8, cy, `· ${detail}`, { size: inline!, weight: 400, fill: p.ink, box: rest }));
    return out.join('');
  }
  const step = SMALLEST * 1.12;
  out.push(text(x, cy - step / 2, title, { size: SMALLEST, fill: titleInk, box: room }));
  out.push(text(x, cy + step / 2, detail, { size: SMALLEST, weight: 400, fill: p.ink, box: room }));
  return out.join('');
}
