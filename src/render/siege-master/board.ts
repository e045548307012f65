// Siege Master board: view → SVG. Land over sea with a coastline, coordinates on all four edges,
// fortresses as castle badges, armies as solid bars across their four cells, the last army in a
// gold-and-black outline, hinted cells when play is forced, and a legend below the map; every word
// in the board's language (opts.locale).
import {
  CORNER_OFFSETS,
  EDGE_CORNERS,
  NEIGHBOURS,
  SQRT3,
  axialKey,
  axialToPixel,
  columnLetters,
  hexPath,
  parseLabel,
} from '../hexLayout.js';
import { drawLegend, legendInset } from './legend.js';
import {
  type Palette,
  type RenderOptions,
  castleGatePath,
  castlePath,
  minFontSize,
  n,
  palette as paletteFor,
  seatColours,
  stripesOnDisc,
  stripesOnRect,
  svgDocument,
  baseGroup,
  text,
} from '../svg.js';
import type { SiegeMasterView } from './view.js';
import { mapName, sayer, sizeToFit, widthOf } from './words.js';

// The renderers' registry and the tests know the view by the board's module.
export type { SiegeMasterView } from './view.js';

export const MAP_COLOURS = {
  sea: '#a9cde0',
  land: '#f2e8c9',
  grid: '#c2b38a',
  coast: '#4a4030',
};

/** Widest the hex field may be, in pixels; smaller maps get larger hexes up to MAX_SIZE. */
const TARGET_BOARD_WIDTH = 960;
const MAX_BOARD_HEIGHT = 820;
const MIN_SIZE = 16;
const MAX_SIZE = 36;
const MIN_IMAGE_WIDTH = 900;

type Point = { x: number; y: number };

export type BoardGeometry = {
  size: number;
  width: number;
  centres: Map<string, Point>;
  /** x of each column letter (over the column's unshifted rows), y of each row number. */
  columns: { letters: string; x: number }[];
  rows: { number: number; y: number }[];
  sea: { x: number; y: number; w: number; h: number };
  labelSize: number;
  headerHeight: number;
  mapBottom: number;
};

export function boardGeometry(view: SiegeMasterView): BoardGeometry {
  if (view.cells.length === 0) throw new Error('siege-master view has no cells');
  // Loops, not closures made per board (see canvas.ts on what those cost in the render worker).
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  for (const c of view.cells) {
    const p = axialToPixel(c.q, c.r, 1);
    minX = Math.min(minX, p.x);
    maxX = Math.max(maxX, p.x);
    minY = Math.min(minY, p.y);
    maxY = Math.max(maxY, p.y);
  }
  const spanX = maxX - minX + SQRT3 * 1.5;
  const spanY = maxY - minY + 2.6;
  const size = Math.max(MIN_SIZE, Math.min(MAX_SIZE, TARGET_BOARD_WIDTH / spanX, MAX_BOARD_HEIGHT / spanY));
  const hexW = SQRT3 * size;
  const boardW = spanX * size;
  // Coordinates are at least 2.5 % of the image's width, which grows with the margins they need.
  let labelSize = Math.round(Math.min(hexW * 0.76, size * 1.3));
  let side = 0;
  let width = 0;
  for (let pass = 0; pass < 3; pass++) {
    side = Math.round(labelSize * 1.5 + 22);
    width = Math.max(MIN_IMAGE_WIDTH, Math.ceil(boardW + 2 * side));
    labelSize = Math.max(labelSize, Math.ceil(minFontSize(width)));
  }
  const headerHeight = Math.round(Math.max(56, labelSize * 2, minFontSize(width) * 2.2));
  const top = headerHeight + Math.round(labelSize * 1.4);
  const left = (width - boardW) / 2;
  const ox = left + hexW * 0.75 - minX * size;
  const oy = top + size * 1.3 - minY * size;

  const centres = new Map<string, Point>();
  const colX = new Map<number, number>();
  const rowY = new Map<number, number>();
  for (const c of view.cells) {
    const p = axialToPixel(c.q, c.r, size);
    const pt = { x: p.x + ox, y: p.y + oy };
    centres.set(c.label, pt);
    const parsed = parseLabel(c.label);
    if (!parsed) continue;
    // A letter names a column of the offset layout; rows with odd index sit half a hex right.
    if (!colX.has(parsed.col)) colX.set(parsed.col, pt.x - (c.r % 2 !== 0 ? hexW / 2 : 0));
    if (!rowY.has(parsed.row)) rowY.set(parsed.row, pt.y);
  }
  const columns: BoardGeometry['columns'] = [];
  const knownCols = [...colX.keys()];
  if (knownCols.length > 0) {
    const c0 = Math.min(...knownCols);
    const x0 = colX.get(c0)!;
    for (let c = c0; c <= Math.max(...knownCols); c++) {
      columns.push({ letters: columnLetters(c), x: colX.get(c) ?? x0 + (c - c0) * hexW });
    }
  }
  const rows: BoardGeometry['rows'] = [];
  const knownRows = [...rowY.keys()];
  if (knownRows.length > 0) {
    const r0 = Math.min(...knownRows);
    const y0 = rowY.get(r0)!;
    for (let r = r0; r <= Math.max(...knownRows); r++) rows.push({ number: r, y: rowY.get(r) ?? y0 + (r - r0) * 1.5 * size });
  }
  const sea = { x: left, y: top, w: boardW, h: spanY * size };
  return { size, width, centres, columns, rows, sea, labelSize, headerHeight, mapBottom: top + sea.h + labelSize * 1.4 };
}

function castle(cx: number, cy: number, k: number, fill: string, gate: string): string {
  return `<path d="${castlePath(cx, cy, k)}" fill="${fill}"/><path d="${castleGatePath(cx, cy, k)}" fill="${gate}"/>`;
}

function ring(c: Point, r: number, stroke: string, width: number): string {
  return `<circle cx="${n(c.x)}" cy="${n(c.y)}" r="${n(r)}" fill="none" stroke="${stroke}" stroke-width="${n(width)}"/>`;
}

export function fortressBadge(c: Point, size: number, owner: number | null, p: Palette): string {
  const r = size * 0.8;
  if (owner === null) {
    return (
      `<circle cx="${n(c.x)}" cy="${n(c.y)}" r="${n(r)}" fill="#ffffff" stroke="${p.neutralEdge}" stroke-width="${n(size * 0.09)}"/>` +
      castle(c.x, c.y + size * 0.02, size * 0.55, p.neutral, p.neutralEdge)
    );
  }
  const s = seatColours(p, owner);
  return (
    `<circle cx="${n(c.x)}" cy="${n(c.y)}" r="${n(r)}" fill="${s.fill}" stroke="${s.edge}" stroke-width="${n(size * 0.12)}"/>` +
    (s.striped ? stripesOnDisc(c.x, c.y, r, size * 0.42) : '') +
    castle(c.x, c.y + size * 0.02, size * 0.55, '#ffffff', s.edge)
  );
}

function circlesPath(points: Point[], r: number): string {
  return points
    .map((c) => `M${n(c.x - r)} ${n(c.y)}a${n(r)} ${n(r)} 0 1 0 ${n(2 * r)} 0a${n(r)} ${n(r)} 0 1 0 ${n(-2 * r)} 0`)
    .join('');
}

/** Path data of the cell's edges that face the sea (no land cell beyond them), centred on `pt`. */
export function coastEdges(c: { q: number; r: number }, pt: Point, land: Set<string>, size: number): string {
  let d = '';
  NEIGHBOURS.forEach((nb, i) => {
    if (land.has(axialKey(c.q + nb.q, c.r + nb.r))) return;
    const [a, b] = EDGE_CORNERS[i]!;
    const [ax, ay] = CORNER_OFFSETS[a]!;
    const [bx, by] = CORNER_OFFSETS[b]!;
    d += `M${n(pt.x + ax * size)} ${n(pt.y + ay * size)}L${n(pt.x + bx * size)} ${n(pt.y + by * size)}`;
  });
  return d;
}

export function renderSiegeMasterBoard(view: SiegeMasterView, opts: RenderOptions = {}): string {
  const p = paletteFor(opts.palette);
  const g = boardGeometry(view);
  const { size, centres } = g;
  const hexW = SQRT3 * size;
  const minText = minFontSize(g.width);
  const out: string[] = [];
  // A game the platform ended (resigned, out of time) shows no cells to play.
  const hintCells = opts.finished ? [] : view.hintCells;

  // The map itself (sea, land, coast, the coordinates on all four edges) depends on the map alone:
  // it is the board's base, drawn once per map and palette by the canvas painter and copied after.
  out.push(mapBase(view, g, p));

  // Title row: the game and the map on the left, the moves played on the right.
  const say = sayer(opts.locale);
  const title = say('board.title', { game: say('title'), map: mapName(view, say) });
  const played = view.moveNumber <= 0 ? say('board.newGame') : say('board.moves', { count: view.moveNumber });
  const inset = legendInset(g.width) + 4;
  const playedSize = Math.max(minText, g.headerHeight * 0.46);
  const playedRoom = widthOf(played, playedSize);
  const titleRoom = g.width - 2 * inset - playedRoom - playedSize;
  const titleSize = sizeToFit([title], Math.max(minText, g.headerHeight * 0.52), titleRoom, minText);
  out.push(text(inset, g.headerHeight / 2 + 4, title, { size: titleSize, fill: p.ink, box: titleRoom }));
  out.push(text(g.width - inset, g.headerHeight / 2 + 4, played, { size: playedSize, anchor: 'end', fill: p.mutedInk, box: playedRoom }));

  // Hinted cells over the land, with their stretch of coastline drawn again on top.
  if (hintCells.length) {
    const land = new Set(view.cells.map((c) => axialKey(c.q, c.r)));
    const byLabel = new Map(view.cells.map((c) => [c.label, c]));
    let hintD = '';
    let coastD = '';
    for (const label of hintCells) {
      const c = byLabel.get(label);
      const pt = centres.get(label);
      if (!c || !pt) continue;
      hintD += hexPath(pt.x, pt.y, size, n);
      coastD += coastEdges(c, pt, land, size);
    }
    const gridW = Math.max(1, size * 0.06);
    out.push(`<path d="${hintD}" fill="${p.hint}" stroke="${p.hintMark}" stroke-width="${n(gridW * 1.4)}" stroke-linejoin="round"/>`);
    const marks = hintCells.map((l) => centres.get(l)).filter((c): c is Point => !!c);
    out.push(`<path d="${circlesPath(marks, size * 0.2)}" fill="${p.hintMark}"/>`);
    if (coastD) out.push(coastPath(coastD, size));
  }

  // Armies: the last one gets a gold band edged in black beneath its bar.
  const barW = hexW * 0.66;
  const lastKey = view.lastArmy ? view.lastArmy.cells.join(' ') : null;
  // Numbers go on last, so that no fortress ring covers them.
  const numbers: string[] = [];
  for (const army of view.armies) {
    const num = army.index + 1;
    const a = centres.get(army.cells[0] ?? '');
    const b = centres.get(army.cells[army.cells.length - 1] ?? '');
    if (!a || !b) continue;
    const line = `x1="${n(a.x)}" y1="${n(a.y)}" x2="${n(b.x)}" y2="${n(b.y)}" stroke-linecap="round"`;
    const s = seatColours(p, army.seat);
    if (army.cells.join(' ') === lastKey) {
      out.push(`<line ${line} stroke="${p.highlightEdge}" stroke-width="${n(barW + size * 0.78)}"/>`);
      out.push(`<line ${line} stroke="${p.highlight}" stroke-width="${n(barW + size * 0.5)}"/>`);
    }
    out.push(`<line ${line} stroke="${s.edge}" stroke-width="${n(barW + size * 0.14)}"/>`);
    out.push(`<line ${line} stroke="${s.fill}" stroke-width="${n(barW)}"/>`);
    if (s.striped) {
      const len = Math.hypot(b.x - a.x, b.y - a.y);
      out.push(stripesOnRect((a.x + b.x) / 2, (a.y + b.y) / 2, Math.atan2(b.y - a.y, b.x - a.x), len, barW, size * 0.42));
    }
    const mx = (a.x + b.x) / 2;
    const my = (a.y + b.y) / 2;
    const numSize = Math.max(minText, size * 0.95);
    numbers.push(text(mx, my, String(num), { size: numSize, fill: '#ffffff', halo: s.edge, haloWidth: numSize * 0.2, anchor: 'middle', fixed: true }));
  }

  // Fortresses, with a gold ring on those the last army captured.
  const fresh = new Set(view.lastArmy?.captured ?? []);
  for (const c of view.cells) {
    if (!c.fortress) continue;
    const pt = centres.get(c.label)!;
    if (fresh.has(c.label)) {
      out.push(ring(pt, size * 0.98, p.highlightEdge, size * 0.38));
      out.push(ring(pt, size * 0.98, p.highlight, size * 0.22));
    }
    out.push(fortressBadge(pt, size, c.fortress.owner, p));
  }
  out.push(...numbers);

  const legendTop = g.mapBottom + 8;
  const legend = drawLegend(view, p, { x: 0, y: legendTop, width: g.width }, opts);
  out.push(legend.markup);
  const height = legendTop + legend.height + 16;
  return svgDocument(g.width, height, p.paper, out.join(''));
}

/** The sea-facing edges as one stroked path. */
function coastPath(d: string, size: number): string {
  return `<path d="${d}" fill="none" stroke="${MAP_COLOURS.coast}" stroke-width="${n(Math.max(2, size * 0.13))}" stroke-linecap="round"/>`;
}

const baseMemo = new Map<string, string>();

/**
 * The map without anything on it: sea, land, coastline and the coordinates on all four edges, as
 * the board's base group (the canvas painter draws it once and copies it into later boards). The
 * same map and palette always give the same markup, so it is built once per process too.
 */
function mapBase(view: SiegeMasterView, g: BoardGeometry, p: Palette): string {
  const key = `${view.map}|${p.name}|${g.width}|${view.cells.length}|${view.cells[0]?.label}|${view.cells.at(-1)?.label}`;
  const hit = baseMemo.get(key);
  if (hit !== undefined) return hit;
  const { size, centres } = g;
  const out: string[] = [];
  out.push(`<rect x="${n(g.sea.x)}" y="${n(g.sea.y)}" width="${n(g.sea.w)}" height="${n(g.sea.h)}" rx="14" fill="${MAP_COLOURS.sea}"/>`);
  const land = new Set(view.cells.map((c) => axialKey(c.q, c.r)));
  let landD = '';
  let coastD = '';
  for (const c of view.cells) {
    const pt = centres.get(c.label)!;
    landD += hexPath(pt.x, pt.y, size, n);
    coastD += coastEdges(c, pt, land, size);
  }
  const gridW = Math.max(1, size * 0.06);
  out.push(`<path d="${landD}" fill="${MAP_COLOURS.land}" stroke="${MAP_COLOURS.grid}" stroke-width="${n(gridW)}" stroke-linejoin="round"/>`);
  out.push(coastPath(coastD, size));
  // Coordinates are notation: the same in every language.
  const ls = { size: g.labelSize, fill: p.ink, anchor: 'middle' as const, fixed: true };
  const topY = g.sea.y - g.labelSize * 0.75;
  const bottomY = g.sea.y + g.sea.h + g.labelSize * 0.75;
  for (const col of g.columns) {
    out.push(text(col.x, topY, col.letters, ls));
    out.push(text(col.x, bottomY, col.letters, ls));
  }
  for (const row of g.rows) {
    out.push(text(g.sea.x - 10, row.y, String(row.number), { ...ls, anchor: 'end' }));
    out.push(text(g.sea.x + g.sea.w + 10, row.y, String(row.number), { ...ls, anchor: 'start' }));
  }
  const markup = baseGroup(out.join(''));
  if (baseMemo.size > 64) baseMemo.clear();
  baseMemo.set(key, markup);
  return markup;
}
