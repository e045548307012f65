// Kingdom boards (Siege Mode, and the Solo Variant on the same base view): each territory card as a
// small map beside its kingdom's tracks, the action card with this round's shields, what the
// player is asked now, the latest events, and the score once finished. View → SVG.
import type { CardView, KingdomsView, RegionView, SideView } from '../../games/kingdoms-base/view.js';
import { fontSafe, palette as paletteFor, playerName, rect, svgDocument, text, type Palette, type RenderOptions } from '../svg.js';
import { cube, fitText, flag, house, meeple, pips, REGION_LOOK, RESOURCE_LOOK, textWidth, wrapToWidth } from './parts.js';

export type { KingdomsView };

const WIDTH = 1000;
const M = 14;
const GAP = 12;
const CARD_W = 610;
const PANEL_W = WIDTH - 2 * M - CARD_W - GAP;
const HEADER_H = 56;
const TITLE_H = 44;
const CELL_H = 108;
const CARD_PAD = 10;
const TILE_INSET = 11;
const PANEL_ROW = 37;
const T = 25; // the smallest text: 2.5% of the width
const BIG = 28;

const PARCHMENT = '#f1e8d2';
const PARCHMENT_EDGE = '#b9a77e';
const ROAD = '#c9a86a';
const ROAD_EDGE = '#8a6d35';
const WATER = '#5b9bd5';

type Ctx = { view: KingdomsView; p: Palette; opts: RenderOptions };

const sideOf = (v: KingdomsView, side: number): SideView | undefined => v.sides[side];
const textOn = (hex: string) => {
  const c = hex.replace('#', '');
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(c.slice(i, i + 2), 16) || 0);
  return 0.299 * r! + 0.587 * g! + 0.114 * b! > 150 ? '#1d1d1f' : '#ffffff';
};
const darker = (hex: string, k = 0.55) => {
  const c = hex.replace('#', '');
  const ch = [0, 2, 4].map((i) => Math.round((parseInt(c.slice(i, i + 2), 16) || 0) * k));
  return `#${ch.map((x) => x.toString(16).padStart(2, '0')).join('')}`;
};

function piece(side: SideView | undefined, cx: number, bottom: number, allied: boolean): string {
  const colour = side?.colour ?? '#777777';
  const edge = darker(colour, 0.45);
  const ring = allied ? `<circle cx="${cx}" cy="${bottom - 17}" r="22" fill="none" stroke="#ffffff" stroke-width="4" stroke-dasharray="6 4"/>` : '';
  if (side?.piece === 'cube') return ring + cube(cx, bottom - 15, 28, colour, edge);
  return ring + meeple(cx, bottom, 36, colour, edge);
}

function tileBox(card: CardView, r: RegionView, x0: number, y0: number, cellW: number) {
  return { x: x0 + CARD_PAD + r.x * cellW + TILE_INSET, y: y0 + TITLE_H + r.y * CELL_H + TILE_INSET, w: cellW - 2 * TILE_INSET, h: CELL_H - 2 * TILE_INSET };
}

function cardMap(ctx: Ctx, card: CardView, x0: number, y0: number, height: number): string {
  const { view, p } = ctx;
  const owner = sideOf(view, card.owner);
  const colour = owner?.colour ?? p.neutral;
  const out: string[] = [];
  out.push(rect(x0, y0, CARD_W, height, { fill: PARCHMENT, stroke: colour, strokeWidth: 4, radius: 14 }));
  out.push(rect(x0, y0, CARD_W, TITLE_H, { fill: colour, radius: 14 }));
  out.push(rect(x0, y0 + TITLE_H - 14, CARD_W, 14, { fill: colour }));
  const mine = owner?.role === 'player';
  // The player's own land carries their display name, when the platform gives one.
  const player = mine ? playerName(ctx.opts, 0) : '';
  const who = player
    ? fitText(player, 26, Math.max(120, CARD_W - 150 - textWidth(` · ${card.name}`, 26)))
    : mine ? 'YOUR LAND' : (owner?.name ?? 'Enemy').toUpperCase();
  const title = fitText(`${who} · ${card.name}`, 26, CARD_W - 140);
  out.push(text(x0 + 16, y0 + TITLE_H / 2, title, { size: 26, fill: textOn(colour) }));
  out.push(text(x0 + CARD_W - 16, y0 + TITLE_H / 2, `side ${card.side}`, { size: T, weight: 400, fill: textOn(colour), anchor: 'end' }));
  const cellW = (CARD_W - 2 * CARD_PAD) / 3;
  const box = new Map(card.regions.map((r) => [r.id, tileBox(card, r, x0, y0, cellW)]));
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
    out.push(rect(b.x, b.y, b.w, b.h, { fill: look.fill, stroke: look.edge, strokeWidth: r.type === 'capital' ? 4 : 3, radius: 10 }));
    out.push(text(b.x + 10, b.y + 24, fitText(r.name, T, b.w - 18), { size: T, fill: '#1d1d1f' }));
    const yieldLabel = r.type === 'ruins' ? 'Any' : look.label;
    out.push(text(b.x + 10, b.y + b.h - 20, yieldLabel, { size: T, weight: 400, fill: look.ink }));
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

/** "Food 5" and a pip per step of the track; `suffix` (such as "5 VP") after the pips. */
function track(x: number, cy: number, labelText: string, value: number, max: number, fill: string, edge: string, w: number, suffix = ''): string {
  const labelW = 106;
  const suffixW = suffix ? textWidth(suffix, T) + 10 : 0;
  const room = w - labelW - suffixW;
  const size = Math.min(20, Math.floor((room + 4) / max) - 4);
  const out = text(x, cy, `${labelText} ${value}`, { size: T, fill: '#1d1d1f' }) + pips(x + labelW, cy, value, max, size, 4, fill, edge);
  return suffix ? out + text(x + w, cy, suffix, { size: T, fill: '#1d1d1f', anchor: 'end' }) : out;
}

function kingdomPanel(ctx: Ctx, side: SideView, x: number, y: number, h: number): string {
  const { view, p } = ctx;
  const out: string[] = [rect(x, y, PANEL_W, h, { fill: p.panel, stroke: side.colour, strokeWidth: 3, radius: 14 })];
  const ix = x + 14;
  const iw = PANEL_W - 28;
  let cy = y + 26;
  const piece = side.piece === 'cube' ? cube(ix + 14, cy, 24, side.colour, darker(side.colour, 0.45)) : meeple(ix + 14, cy + 15, 32, side.colour, darker(side.colour, 0.45));
  out.push(piece);
  out.push(text(ix + 36, cy, fitText(side.name, BIG, iw - 40), { size: BIG, fill: darker(side.colour, 0.8) }));
  cy += 40;
  for (const r of ['food', 'mana', 'ore'] as const) {
    const look = RESOURCE_LOOK[r];
    out.push(track(ix, cy, look.label, side.resources[r], view.limits.resourceMax, look.fill, look.edge, iw));
    cy += PANEL_ROW;
  }
  out.push(track(ix, cy, 'Tower', side.tower, view.limits.towerMax, '#a0522d', '#4d2410', iw, `${side.towerVp} VP`));
  cy += PANEL_ROW;
  out.push(track(ix, cy, 'Magic', side.magic, view.limits.magicMax, '#7b4fc9', '#3d2466', iw));
  cy += PANEL_ROW;
  const people = side.piece === 'cube' ? `Cubes on the map: ${side.onMap}` : `Meeples: ${side.onMap} out, ${side.meeplesInSupply} left`;
  out.push(text(ix, cy, fitText(people, T, iw), { size: T, weight: 400, fill: '#1d1d1f' }));
  cy += PANEL_ROW;
  const extra = side.faction ? `Magic 5: ${side.faction.bonus}` : side.role === 'enemy' ? `War: 2d6, up to ${(view as { enemyCanCommit?: number }).enemyCanCommit ?? Math.min(11, side.resources.mana * 2 + side.resources.ore)}` : '';
  for (const l of wrapToWidth(extra, T, iw, 3, 400)) {
    out.push(text(ix, cy, l, { size: T, weight: 400, fill: p.mutedInk }));
    cy += 30;
  }
  return out.join('');
}

function panelHeight(side: SideView | undefined): number {
  const extraLines = side?.faction ? wrapToWidth(`Magic 5: ${side.faction.bonus}`, T, PANEL_W - 28, 3, 400).length : 1;
  return 26 + 40 + 6 * PANEL_ROW + extraLines * 30 + 4;
}

function actionCard(ctx: Ctx, y: number): string {
  const { view, p } = ctx;
  const out: string[] = [];
  const w = (WIDTH - 2 * M - 5 * 8) / 6;
  const h = 78;
  view.actionCard.actions.forEach((a, i) => {
    const x = M + i * (w + 8);
    const owner = a.shield === null ? undefined : sideOf(view, a.shield);
    const fill = owner ? owner.colour : '#ffffff';
    out.push(rect(x, y, w, h, { fill, stroke: owner ? darker(owner.colour, 0.5) : p.panelEdge, strokeWidth: 3, radius: 10 }));
    const ink = owner ? textOn(owner.colour) : '#1d1d1f';
    out.push(text(x + w / 2, y + 24, fitText(`${a.number} ${a.name}`, T, w - 10), { size: T, fill: ink, anchor: 'middle' }));
    const who = owner ? (owner.role === 'player' ? 'You' : owner.name) : 'free';
    out.push(text(x + w / 2, y + 56, fitText(who, T, w - 10, 400), { size: T, weight: 400, fill: owner ? ink : p.mutedInk, anchor: 'middle' }));
  });
  return out.join('');
}

/** The score line by line under a headline: the game's own result text, or the platform's verdict when it gives one. */
function scorePanel(ctx: Ctx, y: number, headline = ctx.view.score!.result): { svg: string; h: number } {
  const { view, p } = ctx;
  const score = view.score!;
  const out: string[] = [];
  const colW = (WIDTH - 2 * M - 28 - 20) / 2;
  let h = 14 + 40;
  const blocks = score.sides.map((s) => {
    const rows = Math.ceil(s.lines.length / 2);
    const bh = 40 + rows * 36 + 8;
    h += bh;
    return { s, rows, bh };
  });
  h += 10;
  const win = view.outcome && view.outcome.winners.includes(0);
  const edge = view.outcome?.draw ? p.panelEdge : win ? '#2e8b3a' : '#b3261e';
  out.push(rect(M, y, WIDTH - 2 * M, h, { fill: p.panel, stroke: edge, strokeWidth: 4, radius: 14 }));
  out.push(text(M + 14, y + 30, fitText(fontSafe(headline), BIG, WIDTH - 2 * M - 28), { size: BIG, fill: edge === p.panelEdge ? p.ink : edge }));
  let by = y + 54;
  for (const { s, rows, bh } of blocks) {
    const title = `${s.name}: ${s.total > 0 ? '+' : ''}${s.total} VP`;
    out.push(text(M + 14, by + 18, fitText(title, 26, WIDTH - 2 * M - 28), { size: 26, fill: p.ink }));
    s.lines.forEach((l, i) => {
      const col = i < rows ? 0 : 1;
      const row = col === 0 ? i : i - rows;
      const lx = M + 14 + col * (colW + 20);
      const ly = by + 40 + row * 36 + 16;
      const vp = `${l.vp > 0 ? '+' : ''}${l.vp}`;
      out.push(text(lx, ly, fitText(l.label, T, colW - 64, 400), { size: T, weight: 400, fill: p.ink }));
      out.push(text(lx + colW, ly, vp, { size: T, fill: l.vp < 0 ? '#b3261e' : l.vp > 0 ? '#1f6b22' : p.mutedInk, anchor: 'end' }));
    });
    by += bh;
  }
  return { svg: out.join(''), h };
}

/** The result the platform gives: its title in the winner's colour, then what happened. */
function resultPanel(ctx: Ctx, fin: NonNullable<RenderOptions['finished']>, y: number): { svg: string; h: number } {
  const { view, p } = ctx;
  const winner = fin.winners.length === 1 ? sideOf(view, fin.winners[0]!) : undefined;
  const ink = winner ? darker(winner.colour, 0.8) : p.ink;
  const room = WIDTH - 2 * M - 28;
  const detail = wrapToWidth(fontSafe(fin.detail), T, room, 2, 400);
  const h = 20 + 36 + detail.length * 32;
  const out = [rect(M, y, WIDTH - 2 * M, h, { fill: p.panel, stroke: winner ? winner.colour : p.panelEdge, strokeWidth: 4, radius: 12 })];
  out.push(text(M + 14, y + 30, fitText(fontSafe(fin.title) || 'Game over', 30, room), { size: 30, fill: ink }));
  detail.forEach((l, i) => out.push(text(M + 14, y + 64 + i * 32, l, { size: T, weight: 400, fill: p.ink })));
  return { svg: out.join(''), h };
}

export function renderKingdomsBoard(view: KingdomsView, opts: RenderOptions = {}): string {
  const p = paletteFor(opts.palette);
  if (!Array.isArray(view.cards) || !Array.isArray(view.sides)) throw new Error('a kingdoms view needs cards and sides');
  const ctx: Ctx = { view, p, opts };
  const fin = opts.finished;
  const body: string[] = [];
  // Header: the game, the round and the shields placed; the end, once triggered.
  const over = view.outcome !== null || !!fin;
  const head = fin ? `${view.title} · Round ${view.round} · game over` : over ? `${view.title} · final` : `${view.title} · Round ${view.round} · shield ${Math.min(view.actionCard.placed + (view.turn === 0 ? 1 : 0), view.actionCard.perRound)} of ${view.actionCard.perRound}`;
  body.push(text(M + 4, HEADER_H / 2, fitText(head, 30, 600), { size: 30, fill: p.ink }));
  if (view.endTriggered && !over) body.push(text(WIDTH - M - 4, HEADER_H / 2, 'LAST ROUND', { size: 26, fill: '#b3261e', anchor: 'end' }));
  let y = HEADER_H;
  // Each card beside its owner's tracks; the rule-driven side's card on top, the player's below.
  const order = [...view.cards].sort((a, b) => (sideOf(view, b.owner)?.role === 'player' ? 0 : 1) - (sideOf(view, a.owner)?.role === 'player' ? 0 : 1));
  for (const card of order) {
    const side = sideOf(view, card.owner);
    const cardH = TITLE_H + card.rows * CELL_H + CARD_PAD;
    const rowH = Math.max(cardH, panelHeight(side));
    body.push(cardMap(ctx, card, M, y, rowH));
    if (side) body.push(kingdomPanel(ctx, side, M + CARD_W + GAP, y, rowH));
    y += rowH + GAP;
  }
  // Legend: what the colours and marks mean.
  const legend: [string, string][] = [['plains', 'Food'], ['forest', 'Mana'], ['mountain', 'Ore'], ['ruins', 'Any'], ['capital', 'Capital']];
  let lx = M + 4;
  const ly = y + 16;
  for (const [type, name] of legend) {
    const look = REGION_LOOK[type]!;
    body.push(rect(lx, ly - 12, 24, 24, { fill: look.fill, stroke: look.edge, strokeWidth: 3, radius: 5 }));
    body.push(text(lx + 30, ly, name, { size: T, weight: 400, fill: p.ink }));
    lx += 30 + textWidth(name, T, 400) + 18;
  }
  body.push(flag(lx + 2, ly - 13, 26, '#b3261e'));
  body.push(text(lx + 26, ly, 'border', { size: T, weight: 400, fill: p.ink }));
  lx += 26 + textWidth('border', T, 400) + 18;
  body.push(house(lx + 12, ly, 24, '#5a3d12'));
  body.push(text(lx + 30, ly, 'home', { size: T, weight: 400, fill: p.ink }));
  lx += 30 + textWidth('home', T, 400) + 18;
  body.push(rect(lx, ly - 4, 30, 8, { fill: WATER, radius: 4 }));
  body.push(text(lx + 38, ly, 'no border', { size: T, weight: 400, fill: p.ink }));
  y += 40;
  // A game that ended by its own rules, whose result the platform tells in the same words: one
  // panel, headed by the platform's verdict ("You lost: 18 to 29"), instead of two saying it twice.
  const scored = !!view.outcome && !!view.score;
  const toldByScore = scored && !!fin && fin.detail.trim() === view.score!.result.trim();
  if (scored) {
    const s = scorePanel(ctx, y, toldByScore ? fin!.title : undefined);
    body.push(s.svg);
    y += s.h + GAP;
  } else {
    body.push(actionCard(ctx, y));
    y += 78 + GAP;
  }
  // What the player is asked now (the score panel says the result), then the latest events.
  if (fin && !toldByScore) {
    // The platform ended the game (a resignation, a timeout): its result instead of the question.
    const r = resultPanel(ctx, fin, y);
    body.push(r.svg);
    y += r.h + 8;
  } else if (!over) {
    const asked = wrapToWidth(view.asked, 27, WIDTH - 2 * M - 28, 2);
    const askH = 20 + asked.length * 34;
    body.push(rect(M, y, WIDTH - 2 * M, askH, { fill: '#fff6cc', stroke: '#c9a000', strokeWidth: 3, radius: 12 }));
    asked.forEach((l, i) => body.push(text(M + 14, y + 27 + i * 34, l, { size: 27, fill: p.ink })));
    y += askH + 8;
  }
  const recent = view.recent.slice(-3).flatMap((t) => wrapToWidth(t, T, WIDTH - 2 * M - 8, 2, 400)).slice(-4);
  for (const l of recent) {
    body.push(text(M + 4, y + 16, l, { size: T, weight: 400, fill: p.mutedInk }));
    y += 31;
  }
  return svgDocument(WIDTH, y + M, p.paper, body.join(''));
}
