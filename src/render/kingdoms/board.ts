// Kingdom boards (Siege Mode, and the Solo Variant on the same base view): each territory card as a
// small map beside its kingdom's tracks, the action card with this round's shields, what the
// player is asked now, the latest events, and the score once finished. View → SVG, every word in
// the board's language (RenderOptions.locale), each drawn whole in the room it has.
import type { CardView, KingdomsView, RegionView, SideView } from '../../games/kingdoms-base/view.js';
import { hasText, SOURCE_LOCALE } from '../../i18n/index.js';
import { palette as paletteFor, playerName, rect, svgDocument, text, type RenderOptions } from '../svg.js';
import {
  actionCard,
  CARD_W,
  darker,
  GAP,
  kingdomPanel,
  legend,
  lines,
  M,
  resultPanel,
  scorePanel,
  sideName,
  sideOf,
  T,
  textOn,
  WATER,
  WIDTH,
  type Ctx,
} from './panels.js';
import { cube, flag, house, meeple, REGION_LOOK, RESOURCE_LOOK } from './parts.js';
import { drawnWidth, fitLines, fitSize, fits, sentence, wordsFor, wrapLines } from './text.js';

export type { KingdomsView };

const HEADER_H = 56;
const TITLE_H = 44;
// Tall enough for a region's name, its type below it, and the pieces below that, none overlapping.
const CELL_H = 124;
const CARD_PAD = 10;
const TILE_INSET = 11;
const PARCHMENT = '#f1e8d2';
const ROAD = '#c9a86a';
const ROAD_EDGE = '#8a6d35';
/** The turn log shows the latest events whole, as many as fit this many lines (always the latest). */
const LOG_LINES = 8;

function piece(side: SideView | undefined, cx: number, bottom: number, allied: boolean): string {
  const colour = side?.colour ?? '#777777';
  const edge = darker(colour, 0.45);
  const ring = allied ? `<circle cx="${cx}" cy="${bottom - 17}" r="22" fill="none" stroke="#ffffff" stroke-width="4" stroke-dasharray="6 4"/>` : '';
  if (side?.piece === 'cube') return ring + cube(cx, bottom - 15, 28, colour, edge);
  return ring + meeple(cx, bottom, 36, colour, edge);
}

function tileBox(r: RegionView, x0: number, y0: number, cellW: number) {
  return { x: x0 + CARD_PAD + r.x * cellW + TILE_INSET, y: y0 + TITLE_H + r.y * CELL_H + TILE_INSET, w: cellW - 2 * TILE_INSET, h: CELL_H - 2 * TILE_INSET };
}

/** The chip of the resource a region yields, in the colour of that resource's track (three stripes for the Ruins' choice). */
function yieldChip(type: string, x: number, y: number): string {
  const yields = REGION_LOOK[type]?.yields;
  if (yields) return rect(x, y, 26, 26, { fill: RESOURCE_LOOK[yields].fill, stroke: RESOURCE_LOOK[yields].edge, strokeWidth: 2, radius: 6 });
  if (type !== 'ruins') return '';
  return (['food', 'mana', 'ore'] as const).map((r, i) => rect(x + i * 9, y, 9, 26, { fill: RESOURCE_LOOK[r].fill })).join('') + rect(x, y, 27, 26, { fill: 'none', stroke: '#4d2f66', strokeWidth: 2, radius: 6 });
}

/** The card's title: whose land, then the card's name; a member's name may be shortened, nothing else. */
function cardTitle(ctx: Ctx, card: CardView, room: number): { content: string; chosen: boolean } {
  const { view, w } = ctx;
  const owner = sideOf(view, card.owner);
  const mine = owner?.role === 'player';
  const player = mine ? playerName(ctx.opts, 0) : '';
  const tail = ` · ${card.name}`;
  if (player) {
    if (fits(`${player}${tail}`, 26, room)) return { content: `${player}${tail}`, chosen: true };
    // The longest start of the name that fits with an ellipsis, found by halving.
    const chars = Array.from(player);
    let [lo, hi] = [1, chars.length - 1];
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (fits(`${chars.slice(0, mid).join('').trimEnd()}…${tail}`, 26, room)) lo = mid;
      else hi = mid - 1;
    }
    return { content: `${chars.slice(0, lo).join('').trimEnd()}…${tail}`, chosen: true };
  }
  const who = mine ? w.t('board.yourLand') : (owner ? sideName(ctx, owner) : '').toLocaleUpperCase(w.locale);
  return { content: fits(`${who}${tail}`, 26, room) ? `${who}${tail}` : who || card.name, chosen: false };
}

function cardMap(ctx: Ctx, card: CardView, x0: number, y0: number, height: number): string {
  const { view, p, w } = ctx;
  const owner = sideOf(view, card.owner);
  const colour = owner?.colour ?? p.neutral;
  const out: string[] = [];
  out.push(rect(x0, y0, CARD_W, height, { fill: PARCHMENT, stroke: colour, strokeWidth: 4, radius: 14 }));
  out.push(rect(x0, y0, CARD_W, TITLE_H, { fill: colour, radius: 14 }));
  out.push(rect(x0, y0 + TITLE_H - 14, CARD_W, 14, { fill: colour }));
  const sideLabel = w.t('board.side', { side: card.side });
  const sideW = drawnWidth(sideLabel, T, 400);
  const titleRoom = CARD_W - 32 - sideW - 16;
  const title = cardTitle(ctx, card, titleRoom);
  out.push(text(x0 + 16, y0 + TITLE_H / 2, title.content, { size: 26, fill: textOn(colour), box: titleRoom, chosen: title.chosen }));
  out.push(text(x0 + CARD_W - 16, y0 + TITLE_H / 2, sideLabel, { size: T, weight: 400, fill: textOn(colour), anchor: 'end', box: Math.ceil(sideW) + 1 }));
  const cellW = (CARD_W - 2 * CARD_PAD) / 3;
  const box = new Map(card.regions.map((r) => [r.id, tileBox(r, x0, y0, cellW)]));
  const at = new Map(card.regions.map((r) => [`${r.x},${r.y}`, r]));
  const joined = new Set(card.edges.map(([a, b]) => [a, b].sort().join('|')));
  // Borders first: a road across the gap where regions share a border, water where they do not.
  for (const r of card.regions) {
    for (const [dx, dy] of [[1, 0], [0, 1]] as const) {
      const q = at.get(`${r.x + dx},${r.y + dy}`);
      if (!q) continue;
      const a = box.get(r.id)!;
      const b = box.get(q.id)!;
      const edge = joined.has([r.id, q.id].sort().join('|'));
      if (dx === 1) {
        const cy = a.y + a.h / 2;
        const gx = a.x + a.w;
        out.push(
          edge
            ? rect(gx - 6, cy - 11, b.x - gx + 12, 22, { fill: ROAD, stroke: ROAD_EDGE, strokeWidth: 2, radius: 4 })
            : rect((gx + b.x) / 2 - 4, a.y + 8, 8, a.h - 16, { fill: WATER, radius: 4 }),
        );
      } else {
        const cx = a.x + a.w / 2;
        const gy = a.y + a.h;
        out.push(
          edge
            ? rect(cx - 11, gy - 6, 22, b.y - gy + 12, { fill: ROAD, stroke: ROAD_EDGE, strokeWidth: 2, radius: 4 })
            : rect(a.x + 8, (gy + b.y) / 2 - 4, a.w - 16, 8, { fill: WATER, radius: 4 }),
        );
      }
    }
  }
  for (const r of card.regions) {
    const b = box.get(r.id)!;
    const look = REGION_LOOK[r.type] ?? REGION_LOOK.plains!;
    const room = b.w - 18;
    out.push(rect(b.x, b.y, b.w, b.h, { fill: look.fill, stroke: look.edge, strokeWidth: r.type === 'capital' ? 4 : 3, radius: 10 }));
    out.push(text(b.x + 10, b.y + 24, r.name, { size: fitSize(r.name, [T], room), fill: '#1d1d1f', box: room }));
    // The region's type, in the words the buttons and the log use; its yield as a chip below.
    const typeName = hasText(`kingdoms:terms.region.${r.type}`) ? w.t(`terms.region.${r.type}`) : r.typeName;
    out.push(text(b.x + 10, b.y + 52, typeName, { size: T, weight: 400, fill: look.ink, box: room }));
    out.push(yieldChip(r.type, b.x + 10, b.y + b.h - 34));
    if (r.border) out.push(flag(b.x + b.w - 22, b.y - 14, 26, '#b3261e'));
    if (r.home) out.push(house(b.x + b.w - 50, b.y - 2, 24, '#5a3d12'));
    // Pieces stand at the bottom right, one figure per piece (a region holds at most 2).
    const figures = r.occupants.flatMap((o) => Array.from({ length: Math.min(o.count, 2) }, () => o));
    figures.slice(0, 2).forEach((o, i, all) => {
      const cx = b.x + b.w - 22 - (all.length - 1 - i) * 36;
      out.push(piece(sideOf(view, o.side), cx, b.y + b.h - 4, o.allied === true));
    });
  }
  return out.join('');
}

/** The header: the game, the round and the shield to place; "last round" once the end is triggered. */
function header(ctx: Ctx, over: boolean): string {
  const { view, p, w, opts } = ctx;
  const titleKey = `${view.game}:board.title`;
  const title = hasText(titleKey) ? w.t(titleKey) : view.title;
  const shield = Math.min(view.actionCard.placed + (view.turn === 0 ? 1 : 0), view.actionCard.perRound);
  const head = opts.finished
    ? w.t('board.header.over', { title, round: view.round })
    : over
      ? w.t('board.header.final', { title })
      : w.t('board.header.running', { title, round: view.round, shield, shields: view.actionCard.perRound });
  const out: string[] = [];
  let room = WIDTH - 2 * M - 8;
  if (view.endTriggered && !over) {
    const last = w.t('board.lastRound');
    const size = fitSize(last, [26, T], 300);
    const lastW = drawnWidth(last, size);
    out.push(text(WIDTH - M - 4, HEADER_H / 2, last, { size, fill: '#b3261e', anchor: 'end', box: Math.ceil(lastW) + 1 }));
    room -= lastW + 20;
  }
  const size = fitSize(head, [30, 28, 26, T], room);
  out.push(text(M + 4, HEADER_H / 2, head, { size, fill: p.ink, box: room }));
  return out.join('');
}

/**
 * Where each card's map is drawn, from the top: each card beside its owner's tracks, the
 * rule-driven side's card on top, the player's below (the row as tall as the taller of the two).
 */
function cardRows(ctx: Ctx): { card: CardView; panel: ReturnType<typeof kingdomPanel> | null; y: number; h: number }[] {
  const { view } = ctx;
  const order = [...view.cards].sort((a, b) => (sideOf(view, b.owner)?.role === 'player' ? 0 : 1) - (sideOf(view, a.owner)?.role === 'player' ? 0 : 1));
  let y = HEADER_H;
  return order.map((card) => {
    const side = sideOf(view, card.owner);
    const panel = side ? kingdomPanel(ctx, side) : null;
    const cardH = TITLE_H + card.rows * CELL_H + CARD_PAD;
    const row = { card, panel, y, h: Math.max(cardH, panel?.h ?? 0) };
    y += row.h + GAP;
    return row;
  });
}

/**
 * Each region's tile by its id, and each space of the action card by `action:<action>` while the
 * card is shown, in the board's units, where renderKingdomsBoard draws them: for a front that lets
 * its reader touch the board (render/targets.ts).
 */
export function kingdomsBoxes(view: KingdomsView, opts: RenderOptions = {}): Map<string, { x: number; y: number; w: number; h: number }> {
  const ctx: Ctx = { view, p: paletteFor(opts.palette), opts, w: wordsFor(opts.locale ?? SOURCE_LOCALE, view.game) };
  const cellW = (CARD_W - 2 * CARD_PAD) / 3;
  const boxes = new Map<string, { x: number; y: number; w: number; h: number }>();
  let y = HEADER_H;
  for (const row of cardRows(ctx)) {
    for (const r of row.card.regions) boxes.set(r.id, tileBox(r, M, row.y, cellW));
    y = row.y + row.h + GAP;
  }
  if (view.outcome && view.score) return boxes;
  y += legend(ctx, y).h + GAP;
  const spaces = actionCard(ctx, y);
  const boxW = (WIDTH - 2 * M - 5 * 8) / 6;
  view.actionCard.actions.forEach((a, i) => boxes.set(`action:${a.action}`, { x: M + i * (boxW + 8), y, w: boxW, h: spaces.h }));
  return boxes;
}

export function renderKingdomsBoard(view: KingdomsView, opts: RenderOptions = {}): string {
  const p = paletteFor(opts.palette);
  if (!Array.isArray(view.cards) || !Array.isArray(view.sides)) throw new Error('a kingdoms view needs cards and sides');
  const w = wordsFor(opts.locale ?? SOURCE_LOCALE, view.game);
  const ctx: Ctx = { view, p, opts, w };
  const fin = opts.finished;
  const body: string[] = [];
  const over = view.outcome !== null || !!fin;
  body.push(header(ctx, over));
  let y = HEADER_H;
  for (const row of cardRows(ctx)) {
    body.push(cardMap(ctx, row.card, M, row.y, row.h));
    if (row.panel) body.push(row.panel.draw(M + CARD_W + GAP, row.y, row.h));
    y = row.y + row.h + GAP;
  }
  const key = legend(ctx, y);
  body.push(key.svg);
  y += key.h + GAP;
  // A game that ended by its own rules, whose result the platform tells in the same words: one
  // panel, headed by the platform's verdict ("You lost: 18 to 29"), instead of two saying it twice.
  const scored = !!view.outcome && !!view.score;
  const result = scored ? w.say(view.score!.resultPhrase, view.score!.result) : '';
  const toldByScore = scored && !!fin && (fin.detail.trim() === view.score!.result.trim() || fin.detail.trim() === result.trim());
  if (scored) {
    const s = scorePanel(ctx, y, toldByScore ? fin!.title : result);
    body.push(s.svg);
    y += s.h + GAP;
  } else {
    const a = actionCard(ctx, y);
    body.push(a.svg);
    y += a.h + GAP;
  }
  // What the player is asked now (the score panel says the result), then the latest events.
  if (fin && !toldByScore) {
    // The platform ended the game (a resignation, a timeout): its result instead of the question.
    const r = resultPanel(ctx, fin, y);
    body.push(r.svg);
    y += r.h + 8;
  } else if (!over) {
    const room = WIDTH - 2 * M - 28;
    const asked = fitLines(sentence(w.say(view.askedPhrase, view.asked)), [27, 26, T], room, 2);
    const askH = 20 + asked.lines.length * 34;
    body.push(rect(M, y, WIDTH - 2 * M, askH, { fill: '#fff6cc', stroke: '#c9a000', strokeWidth: 3, radius: 12 }));
    body.push(lines(M + 14, y + 27, asked.lines, asked.size, room, 34, { fill: p.ink }));
    y += askH + 8;
  }
  // The turn log: the latest events, each whole; older ones give way when the lines run out.
  const room = WIDTH - 2 * M - 8;
  const told = view.recent.map((english, i) => wrapLines(w.say(view.recentPhrases?.[i], english), T, room, 400));
  const shown: string[][] = [];
  for (let i = told.length - 1, used = 0; i >= 0 && shown.length < 3; i--) {
    if (shown.length > 0 && used + told[i]!.length > LOG_LINES) break;
    shown.unshift(told[i]!);
    used += told[i]!.length;
  }
  for (const l of shown.flat()) {
    body.push(text(M + 4, y + 16, l, { size: T, weight: 400, fill: p.mutedInk, box: room }));
    y += 31;
  }
  return svgDocument(WIDTH, y + M, p.paper, body.join(''));
}

