// The kingdom boards' panels: each kingdom's tracks beside its card, the action card, the legend of
// the map, and the score or the platform's result once the game is over. Each is laid out from
// its words in the board's language, so a longer word takes a second line rather than a cut.
import type { KingdomsView, SideView } from '../../games/kingdoms-base/view.js';
import { fontSafe, rect, text, type Palette, type RenderOptions } from '../svg.js';
import { cube, flag, house, meeple, pips, REGION_LOOK, RESOURCE_LOOK } from './parts.js';
import { drawnWidth, fitLines, fitSize, fits, sentence, signed, wrapLines, type Words } from './text.js';

export const WIDTH = 1000;
export const M = 14;
export const GAP = 12;
// The widest region name (about 140 at the smallest size) still fits a tile; the rest goes to the
// kingdom's panel, whose track labels are longer in French and German.
export const CARD_W = 580;
export const PANEL_W = WIDTH - 2 * M - CARD_W - GAP;
/** The smallest text: 2.5 % of the width. */
export const T = 25;
export const BIG = 28;
export const WATER = '#5b9bd5';
const ROW = 37;
const LINE = 30;

export type Ctx = { view: KingdomsView; p: Palette; opts: RenderOptions; w: Words };

export const sideOf = (v: KingdomsView, side: number): SideView | undefined => v.sides[side];
export const textOn = (hex: string) => {
  const c = hex.replace('#', '');
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(c.slice(i, i + 2), 16) || 0);
  return 0.299 * r! + 0.587 * g! + 0.114 * b! > 150 ? '#1d1d1f' : '#ffffff';
};
export const darker = (hex: string, k = 0.55) => {
  const c = hex.replace('#', '');
  const ch = [0, 2, 4].map((i) => Math.round((parseInt(c.slice(i, i + 2), 16) || 0) * k));
  return `#${ch.map((x) => x.toString(16).padStart(2, '0')).join('')}`;
};

/** A side's name in the board's language. */
export const sideName = (ctx: Ctx, side: SideView): string => ctx.w.say(side.namePhrase, side.name);

/** Lines of text, each drawn in its box; returns the SVG. */
export function lines(x: number, y: number, rows: string[], size: number, room: number, step: number, style: { weight?: 400 | 700; fill: string }): string {
  return rows.map((l, i) => text(x, y + i * step, l, { size, weight: style.weight ?? 700, fill: style.fill, box: room })).join('');
}

type Track = { label: string; value: number; max: number; fill: string; edge: string; suffix: string };

/** A kingdom's panel, laid out: its height, and how to draw it at (x, y) with a given height. */
export function kingdomPanel(ctx: Ctx, side: SideView): { h: number; draw: (x: number, y: number, h: number) => string } {
  const { view, p, w } = ctx;
  const iw = PANEL_W - 28;
  const name = sideName(ctx, side);
  const nameSize = fitSize(name, [BIG, 26, T], iw - 40);
  const nameLines = fitLines(name, [nameSize], iw - 40, 2).lines;
  const tracks: Track[] = [
    ...(['food', 'mana', 'ore'] as const).map((r) => ({ label: w.t(`terms.resource.${r}`), value: side.resources[r], max: view.limits.resourceMax, fill: RESOURCE_LOOK[r].fill, edge: RESOURCE_LOOK[r].edge, suffix: '' })),
    { label: w.t('board.track.tower'), value: side.tower, max: view.limits.towerMax, fill: '#a0522d', edge: '#4d2410', suffix: w.t('board.vp', { vp: side.towerVp }) },
    { label: w.t('board.track.magic'), value: side.magic, max: view.limits.magicMax, fill: '#7b4fc9', edge: '#3d2466', suffix: '' },
  ];
  // One column for every label, as wide as the widest in this language (with room for "9").
  const labelW = Math.max(...tracks.map((tr) => drawnWidth(`${tr.label} 9`, T))) + 12;
  const people =
    side.piece === 'cube'
      ? w.t('board.people.cubes', { count: side.onMap })
      : w.t('board.people.meeples', { out: side.onMap, left: side.meeplesInSupply });
  const peopleLines = wrapLines(people, T, iw, 400);
  const enemyCanCommit = (view as { enemyCanCommit?: number }).enemyCanCommit ?? Math.min(11, side.resources.mana * 2 + side.resources.ore);
  const extra = side.faction
    ? w.t('board.magicBonus', { bonus: w.say(side.faction.bonusPhrase, side.faction.bonus) })
    : side.role === 'enemy'
      ? w.t('board.enemyWar', { max: enemyCanCommit })
      : '';
  const extraLines = extra ? wrapLines(extra, T, iw, 400) : [];
  const h = 26 + (nameLines.length - 1) * 32 + 40 + tracks.length * ROW + peopleLines.length * LINE + 7 + extraLines.length * LINE + 4;
  const draw = (x: number, y: number, height: number) => {
    const out: string[] = [rect(x, y, PANEL_W, height, { fill: p.panel, stroke: side.colour, strokeWidth: 3, radius: 14 })];
    const ix = x + 14;
    let cy = y + 26;
    out.push(side.piece === 'cube' ? cube(ix + 14, cy, 24, side.colour, darker(side.colour, 0.45)) : meeple(ix + 14, cy + 15, 32, side.colour, darker(side.colour, 0.45)));
    out.push(lines(ix + 36, cy, nameLines, nameSize, iw - 40, 32, { fill: darker(side.colour, 0.8) }));
    cy += 40 + (nameLines.length - 1) * 32;
    for (const tr of tracks) {
      const suffixW = tr.suffix ? drawnWidth(tr.suffix, T) + 10 : 0;
      const room = iw - labelW - suffixW;
      const size = Math.max(8, Math.min(20, Math.floor((room + 4) / tr.max) - 4));
      out.push(text(ix, cy, `${tr.label} ${tr.value}`, { size: T, fill: '#1d1d1f', box: labelW - 8 }));
      out.push(pips(ix + labelW, cy, tr.value, tr.max, size, 4, tr.fill, tr.edge));
      if (tr.suffix) out.push(text(ix + iw, cy, tr.suffix, { size: T, fill: '#1d1d1f', anchor: 'end', box: suffixW }));
      cy += ROW;
    }
    out.push(lines(ix, cy, peopleLines, T, iw, LINE, { weight: 400, fill: '#1d1d1f' }));
    cy += peopleLines.length * LINE + 7;
    out.push(lines(ix, cy, extraLines, T, iw, LINE, { weight: 400, fill: p.mutedInk }));
    return out.join('');
  };
  return { h, draw };
}

/** The action card: one box per action with its number and name, and whose shield is on it. */
export function actionCard(ctx: Ctx, y: number): { svg: string; h: number } {
  const { view, p, w } = ctx;
  const boxW = (WIDTH - 2 * M - 5 * 8) / 6;
  const room = boxW - 12;
  const names = view.actionCard.actions.map((a) => w.t(`terms.action.${a.action}`));
  // "1 Patrol" on one line when every action's fits; otherwise every number stands above its name.
  const oneLine = view.actionCard.actions.every((a, i) => fits(`${a.number} ${names[i]}`, T, room));
  const named = view.actionCard.actions.map((a, i) => (oneLine ? [`${a.number} ${names[i]}`] : [String(a.number), ...wrapLines(names[i]!, T, room)]));
  const rows = Math.max(...named.map((n) => n.length));
  const h = 48 + rows * 30;
  const out: string[] = [];
  view.actionCard.actions.forEach((a, i) => {
    const x = M + i * (boxW + 8);
    const owner = a.shield === null ? undefined : sideOf(view, a.shield);
    const fill = owner ? owner.colour : '#ffffff';
    out.push(rect(x, y, boxW, h, { fill, stroke: owner ? darker(owner.colour, 0.5) : p.panelEdge, strokeWidth: 3, radius: 10 }));
    const ink = owner ? textOn(owner.colour) : '#1d1d1f';
    named[i]!.forEach((l, row) => out.push(text(x + boxW / 2, y + 24 + row * 30, l, { size: T, fill: ink, anchor: 'middle', box: room })));
    const who = owner ? (owner.role === 'player' ? w.t('board.action.you') : sideName(ctx, owner)) : w.t('board.action.free');
    const whoSize = fitSize(who, [T], room, 400);
    out.push(text(x + boxW / 2, y + h - 22, who, { size: whoSize, weight: 400, fill: owner ? ink : p.mutedInk, anchor: 'middle', box: room }));
  });
  return { svg: out.join(''), h };
}

/** What the colours and marks of the maps mean, in rows as wide as the board. */
export function legend(ctx: Ctx, y: number): { svg: string; h: number } {
  const { p, w } = ctx;
  const type = (t: string) => w.t(`terms.region.${t}`);
  const entries: { mark: (x: number, cy: number) => string; markW: number; words: string }[] = [
    ...(['plains', 'forest', 'mountain'] as const).map((t) => ({
      mark: (x: number, cy: number) => rect(x, cy - 12, 24, 24, { fill: REGION_LOOK[t]!.fill, stroke: REGION_LOOK[t]!.edge, strokeWidth: 3, radius: 5 }),
      markW: 30,
      words: w.t('board.legend.land', { type: type(t), resource: w.t(`terms.resource.${REGION_LOOK[t]!.yields!}`) }),
    })),
    { mark: (x, cy) => rect(x, cy - 12, 24, 24, { fill: REGION_LOOK.ruins!.fill, stroke: REGION_LOOK.ruins!.edge, strokeWidth: 3, radius: 5 }), markW: 30, words: w.t('board.legend.ruins', { type: type('ruins') }) },
    { mark: (x, cy) => rect(x, cy - 12, 24, 24, { fill: REGION_LOOK.capital!.fill, stroke: REGION_LOOK.capital!.edge, strokeWidth: 3, radius: 5 }), markW: 30, words: type('capital') },
    { mark: (x, cy) => flag(x + 2, cy - 13, 26, '#b3261e'), markW: 26, words: w.t('board.legend.border') },
    { mark: (x, cy) => house(x + 12, cy, 24, '#5a3d12'), markW: 30, words: w.t('board.legend.home') },
    { mark: (x, cy) => rect(x, cy - 4, 30, 8, { fill: WATER, radius: 4 }), markW: 38, words: w.t('board.legend.noBorder') },
  ];
  const out: string[] = [];
  const right = WIDTH - M;
  let x = M + 4;
  let cy = y + 16;
  for (const e of entries) {
    const wordsW = drawnWidth(e.words, T, 400);
    if (x > M + 4 && x + e.markW + wordsW > right) {
      x = M + 4;
      cy += 36;
    }
    out.push(e.mark(x, cy));
    out.push(text(x + e.markW, cy, e.words, { size: T, weight: 400, fill: p.ink, box: Math.ceil(wordsW) + 1 }));
    x += e.markW + wordsW + 22;
  }
  return { svg: out.join(''), h: cy - y + 24 };
}

/** The score line by line under a headline: the game's own result, or the platform's verdict when it gives one. */
export function scorePanel(ctx: Ctx, y: number, headline: string): { svg: string; h: number } {
  const { view, p, w } = ctx;
  const score = view.score!;
  const inner = WIDTH - 2 * M - 28;
  const head = fitLines(fontSafe(headline), [BIG, 26, T], inner, 2);
  const colW = (inner - 20) / 2;
  const labelled = score.sides.map((s) => ({ s, labels: s.lines.map((l) => w.say(l.phrase, l.label)) }));
  // Two columns when every label of every side fits one; else one column, as wide as the panel, for all.
  const twoCols = labelled.every(({ labels }) => labels.every((l) => fits(l, T, colW - 64, 400)));
  const blocks = labelled.map(({ s, labels }) => {
    const rows = twoCols ? Math.ceil(s.lines.length / 2) : s.lines.length;
    return { s, labels, twoCols, rows, bh: 40 + rows * 36 + 8 };
  });
  const h = 14 + 40 + (head.lines.length - 1) * 34 + blocks.reduce((a, b) => a + b.bh, 0) + 10;
  const win = view.outcome && view.outcome.winners.includes(0);
  const edge = view.outcome?.draw ? p.panelEdge : win ? '#2e8b3a' : '#b3261e';
  const out: string[] = [rect(M, y, WIDTH - 2 * M, h, { fill: p.panel, stroke: edge, strokeWidth: 4, radius: 14 })];
  out.push(lines(M + 14, y + 30, head.lines, head.size, inner, 34, { fill: edge === p.panelEdge ? p.ink : edge }));
  let by = y + 54 + (head.lines.length - 1) * 34;
  for (const { s, labels, twoCols, rows, bh } of blocks) {
    const name = w.say(s.namePhrase, s.name);
    const title = w.t('board.scoreSide', { name, total: signed(s.total) });
    out.push(text(M + 14, by + 18, title, { size: fitSize(title, [26, T], inner), fill: p.ink, box: inner }));
    const cw = twoCols ? colW : inner;
    s.lines.forEach((l, i) => {
      const col = twoCols && i >= rows ? 1 : 0;
      const row = col === 0 ? i : i - rows;
      const lx = M + 14 + col * (colW + 20);
      const ly = by + 40 + row * 36 + 16;
      const vp = signed(l.vp);
      out.push(text(lx, ly, labels[i]!, { size: T, weight: 400, fill: p.ink, box: cw - 64 }));
      out.push(text(lx + cw, ly, vp, { size: T, fill: l.vp < 0 ? '#b3261e' : l.vp > 0 ? '#1f6b22' : p.mutedInk, anchor: 'end', fixed: true }));
    });
    by += bh;
  }
  return { svg: out.join(''), h };
}

/** The result the platform gives: its title in the winner's colour, then what happened. */
export function resultPanel(ctx: Ctx, fin: NonNullable<RenderOptions['finished']>, y: number): { svg: string; h: number } {
  const { view, p, w } = ctx;
  const winner = fin.winners.length === 1 ? sideOf(view, fin.winners[0]!) : undefined;
  const ink = winner ? darker(winner.colour, 0.8) : p.ink;
  const room = WIDTH - 2 * M - 28;
  const title = fitLines(fontSafe(fin.title) || w.t('board.gameOver'), [30, 27, T], room, 2);
  const detail = wrapLines(sentence(fontSafe(fin.detail)), T, room, 400);
  const h = 20 + 36 + (title.lines.length - 1) * 34 + detail.length * 32;
  const out = [rect(M, y, WIDTH - 2 * M, h, { fill: p.panel, stroke: winner ? winner.colour : p.panelEdge, strokeWidth: 4, radius: 12 })];
  out.push(lines(M + 14, y + 30, title.lines, title.size, room, 34, { fill: ink }));
  out.push(lines(M + 14, y + 64 + (title.lines.length - 1) * 34, detail, T, room, 32, { weight: 400, fill: p.ink }));
  return { svg: out.join(''), h };
}
