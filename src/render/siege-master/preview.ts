// Siege Master placement preview: after the start cell is picked, a small private image of the
// candidate armies, numbered in the order the direction options are given, drawn on a crop of the
// map around them (land, coast, armies, fortresses and the last army stay visible). Each candidate
// is a dashed outline in the mover's colour with a translucent fill and its number big in a disc;
// candidates sharing cells stay apart by their numbers, which sit away from the shared start.
import { SQRT3, axialKey, axialToPixel, columnLetters, hexPath, parseLabel } from '../hexLayout.js';
import { MAP_COLOURS, coastEdges, fortressBadge } from './board.js';
import {
  type RenderOptions,
  minFontSize,
  n,
  palette as paletteFor,
  playerName,
  seatColours,
  stripesOnRect,
  svgDocument,
  text,
  withPlayer,
} from '../svg.js';
import type { SiegeMasterView } from './view.js';
import { sayer, seatName, widthOf } from './words.js';

/** A move to draw, and the number its button carries. */
export type PreviewCandidate = { number: number; move: unknown };

/** Registry entry: the view as the engine gives it, the candidates, the options. */
export const siegeMasterPreview = (view: object, candidates: PreviewCandidate[], opts: RenderOptions): string =>
  renderSiegeMasterPreview(view as SiegeMasterView, candidates, opts);

type PlaceMove = { type: 'place'; cell: string; dir?: string; cells: string[] };
type Point = { x: number; y: number };

/** The image width; the height follows the crop. */
export const PREVIEW_WIDTH = 600;
/** Cells of map shown around the candidates on every side. */
const MARGIN_CELLS = 2;
const MAX_SIZE = 34;
const MIN_MAP_ROWS = 5;

function isPlace(move: unknown): move is PlaceMove {
  const m = move as PlaceMove | null;
  return !!m && typeof m === 'object' && m.type === 'place' && Array.isArray(m.cells) && m.cells.length > 0;
}

/** Path of a capsule (a bar with round ends) of half-width `r` from a to b. */
function capsulePath(a: Point, b: Point, r: number): string {
  const len = Math.hypot(b.x - a.x, b.y - a.y) || 1;
  const ux = (b.x - a.x) / len;
  const uy = (b.y - a.y) / len;
  const nx = -uy * r;
  const ny = ux * r;
  return (
    `M${n(a.x + nx)} ${n(a.y + ny)}L${n(b.x + nx)} ${n(b.y + ny)}` +
    `A${n(r)} ${n(r)} 0 0 0 ${n(b.x - nx)} ${n(b.y - ny)}` +
    `L${n(a.x - nx)} ${n(a.y - ny)}A${n(r)} ${n(r)} 0 0 0 ${n(a.x + nx)} ${n(a.y + ny)}Z`
  );
}

export function renderSiegeMasterPreview(view: SiegeMasterView, candidates: PreviewCandidate[], opts: RenderOptions = {}): string {
  const p = paletteFor(opts.palette);
  const byLabel = new Map(view.cells.map((c) => [c.label.toUpperCase(), c]));
  const shown = candidates
    .filter((c) => isPlace(c.move))
    .map((c) => ({ number: c.number, cells: (c.move as PlaceMove).cells.map((l) => String(l).toUpperCase()).filter((l) => byLabel.has(l)) }))
    .filter((c) => c.cells.length > 0);
  if (shown.length === 0) throw new Error('siege-master preview: no placement among the candidates');
  const mover = view.toAct[0] ?? 0;
  const ms = seatColours(p, mover);

  // The crop: the candidates' cells and a margin, in unit-size pixel space.
  const unit = (label: string) => {
    const c = byLabel.get(label)!;
    return axialToPixel(c.q, c.r, 1);
  };
  const pts = shown.flatMap((c) => c.cells.map(unit));
  const mx = MARGIN_CELLS * SQRT3;
  let minX = Math.min(...pts.map((q) => q.x)) - mx;
  let maxX = Math.max(...pts.map((q) => q.x)) + mx;
  let minY = Math.min(...pts.map((q) => q.y)) - MARGIN_CELLS * 1.5;
  let maxY = Math.max(...pts.map((q) => q.y)) + MARGIN_CELLS * 1.5;
  // A short crop (all candidates on one row) still shows a few rows around it.
  const wantH = (MIN_MAP_ROWS - 1) * 1.5;
  if (maxY - minY < wantH) {
    const mid = (minY + maxY) / 2;
    minY = mid - wantH / 2;
    maxY = mid + wantH / 2;
  }
  const W = PREVIEW_WIDTH;
  const F = Math.max(26, minFontSize(W));
  const pad = 10;
  const headerH = Math.round(F * 1.9);
  // Row numbers in a strip on the left, column letters in a strip below, as on the full board.
  const LS = Math.max(minFontSize(W), Math.round(F * 0.82));
  const stripW = Math.round(LS * 1.6);
  const stripH = Math.round(LS * 1.5);
  const mapW = W - stripW;
  const size = Math.min(MAX_SIZE, mapW / (maxX - minX + SQRT3));
  // Keep the crop as wide as the image: widen it around its centre when the hexes hit MAX_SIZE.
  const spanX = mapW / size - SQRT3;
  const cx = (minX + maxX) / 2;
  minX = cx - spanX / 2;
  maxX = cx + spanX / 2;
  const mapH = (maxY - minY + 2) * size;
  const ox = stripW + size * (SQRT3 / 2) - minX * size;
  const oy = headerH + size - minY * size;
  const H = headerH + mapH + stripH;
  const hexW = SQRT3 * size;
  const at = (q: number, r: number): Point => {
    const u = axialToPixel(q, r, size);
    return { x: u.x + ox, y: u.y + oy };
  };
  const centre = (label: string) => {
    const c = byLabel.get(label)!;
    return at(c.q, c.r);
  };
  const visible = (pt: Point) => pt.x > -size * 2 && pt.x < W + size * 2 && pt.y > headerH - size * 2 && pt.y < H + size * 2;

  const out: string[] = [];
  out.push(`<rect x="${stripW}" y="${n(headerH)}" width="${mapW}" height="${n(mapH)}" fill="${MAP_COLOURS.sea}"/>`);
  const land = new Set(view.cells.map((c) => axialKey(c.q, c.r)));
  let landD = '';
  let coastD = '';
  const near = view.cells.filter((c) => visible(at(c.q, c.r)));
  for (const c of near) {
    const pt = at(c.q, c.r);
    landD += hexPath(pt.x, pt.y, size, n);
    coastD += coastEdges(c, pt, land, size);
  }
  const gridW = Math.max(1, size * 0.06);
  out.push(`<path d="${landD}" fill="${MAP_COLOURS.land}" stroke="${MAP_COLOURS.grid}" stroke-width="${n(gridW)}" stroke-linejoin="round"/>`);
  if (coastD) out.push(`<path d="${coastD}" fill="none" stroke="${MAP_COLOURS.coast}" stroke-width="${n(Math.max(2, size * 0.13))}" stroke-linecap="round"/>`);

  // Placed armies as on the board, the last one banded in gold.
  const barW = hexW * 0.66;
  const lastKey = view.lastArmy ? view.lastArmy.cells.join(' ') : null;
  for (const army of view.armies) {
    const a = centre(army.cells[0]?.toUpperCase() ?? '');
    const b = centre(army.cells[army.cells.length - 1]?.toUpperCase() ?? '');
    if (!byLabel.has(army.cells[0]?.toUpperCase() ?? '') || !(visible(a) || visible(b))) continue;
    const line = `x1="${n(a.x)}" y1="${n(a.y)}" x2="${n(b.x)}" y2="${n(b.y)}" stroke-linecap="round"`;
    const s = seatColours(p, army.seat);
    if (army.cells.join(' ') === lastKey) {
      out.push(`<line ${line} stroke="${p.highlightEdge}" stroke-width="${n(barW + size * 0.78)}"/>`);
      out.push(`<line ${line} stroke="${p.highlight}" stroke-width="${n(barW + size * 0.5)}"/>`);
    }
    out.push(`<line ${line} stroke="${s.edge}" stroke-width="${n(barW + size * 0.14)}"/>`);
    out.push(`<line ${line} stroke="${s.fill}" stroke-width="${n(barW)}"/>`);
    if (s.striped) out.push(stripesOnRect((a.x + b.x) / 2, (a.y + b.y) / 2, Math.atan2(b.y - a.y, b.x - a.x), Math.hypot(b.x - a.x, b.y - a.y), barW, size * 0.42));
  }
  for (const c of near) if (c.fortress) out.push(fortressBadge(at(c.q, c.r), size, c.fortress.owner, p));

  // Candidates: translucent fills first, then every dashed outline over all fills, so an
  // outline stays visible where candidates overlap.
  const r = barW / 2 + size * 0.1;
  const lines = shown.map((c) => ({ number: c.number, a: centre(c.cells[0]!), b: centre(c.cells[c.cells.length - 1]!) }));
  for (const c of lines) out.push(`<path d="${capsulePath(c.a, c.b, r)}" fill="${ms.fill}" fill-opacity="0.35"/>`);
  for (const c of lines) {
    const d = capsulePath(c.a, c.b, r);
    out.push(`<path d="${d}" fill="none" stroke="#ffffff" stroke-width="${n(size * 0.24)}" stroke-linejoin="round"/>`);
    out.push(
      `<path d="${d}" fill="none" stroke="${ms.edge}" stroke-width="${n(size * 0.14)}" stroke-dasharray="${n(size * 0.42)} ${n(size * 0.22)}" stroke-linejoin="round"/>`,
    );
  }
  // Numbers away from the shared start, pushed sideways when two would touch.
  const numSize = Math.max(F, size * 1.05);
  const disc = numSize * 0.72;
  const placed: Point[] = [];
  for (const c of lines) {
    let pt = { x: c.a.x + (c.b.x - c.a.x) * 0.66, y: c.a.y + (c.b.y - c.a.y) * 0.66 };
    for (let k = 1; k < 6 && placed.some((q) => Math.hypot(q.x - pt.x, q.y - pt.y) < disc * 2.1); k++) {
      const len = Math.hypot(c.b.x - c.a.x, c.b.y - c.a.y) || 1;
      const side = k % 2 === 1 ? 1 : -1;
      const step = Math.ceil(k / 2) * disc * 1.1;
      pt = { x: pt.x - ((c.b.y - c.a.y) / len) * step * side, y: pt.y + ((c.b.x - c.a.x) / len) * step * side };
    }
    pt = { x: Math.min(W - disc - 2, Math.max(stripW + disc + 2, pt.x)), y: Math.min(headerH + mapH - disc - 2, Math.max(headerH + disc + 2, pt.y)) };
    placed.push(pt);
    out.push(`<circle cx="${n(pt.x)}" cy="${n(pt.y)}" r="${n(disc)}" fill="#ffffff" stroke="${ms.edge}" stroke-width="${n(Math.max(3, disc * 0.16))}"/>`);
    out.push(text(pt.x, pt.y, String(c.number), { size: numSize, fill: ms.edge, anchor: 'middle', fixed: true }));
  }

  // Strips over the map's edges: coordinates on the left and below, the header on top.
  out.push(`<rect x="0" y="${n(headerH)}" width="${stripW}" height="${n(H - headerH)}" fill="${p.paper}"/>`);
  out.push(`<rect x="0" y="${n(headerH + mapH)}" width="${W}" height="${stripH}" fill="${p.paper}"/>`);
  // From one land cell, every row and column crossing the crop, as on the board's edges (a
  // column letter sits over the column's unshifted rows), whether or not land shows there.
  const labelled = view.cells.map((c) => ({ c, parsed: parseLabel(c.label) })).filter((x) => x.parsed);
  const ref = labelled.find((x) => x.c === near[0]) ?? labelled[0];
  if (ref) {
    const pt = at(ref.c.q, ref.c.r);
    const x0 = pt.x - (ref.c.r % 2 !== 0 ? hexW / 2 : 0);
    const maxCol = Math.max(...labelled.map((x) => x.parsed!.col));
    const maxRow = Math.max(...labelled.map((x) => x.parsed!.row));
    const ls = { size: LS, fill: p.ink, anchor: 'middle' as const, fixed: true };
    for (let row = 1; row <= maxRow; row++) {
      const y = pt.y + (row - ref.parsed!.row) * 1.5 * size;
      if (y > headerH + LS * 0.6 && y < headerH + mapH - LS * 0.6) out.push(text(stripW / 2, y, String(row), ls));
    }
    for (let col = 0; col <= maxCol; col++) {
      const x = x0 + (col - ref.parsed!.col) * hexW;
      if (x > stripW + LS * 0.5 && x < W - LS * 0.5) out.push(text(x, headerH + mapH + stripH / 2, columnLetters(col), ls));
    }
  }
  // Header over the map's top edge: who places, and from which cell.
  out.push(`<rect x="0" y="0" width="${W}" height="${headerH}" fill="${p.paper}"/>`);
  out.push(`<rect x="0" y="${n(headerH - 4)}" width="${W}" height="4" fill="${ms.fill}"/>`);
  const start = shown[0]!.cells[0]!;
  const sameStart = shown.every((c) => c.cells[0] === start);
  const say = sayer(opts.locale);
  const right = sameStart ? say('board.from', { cell: start }) : '';
  const rightW = right ? widthOf(right, F) : 0;
  const whoRoom = W - 2 * pad - (right ? rightW + F * 0.6 : 0) - F * 1.15;
  const player = playerName(opts, mover);
  const who = withPlayer(seatName(view, say, mover), player, F, whoRoom, 700, widthOf);
  out.push(`<circle cx="${n(pad + F * 0.45)}" cy="${n(headerH / 2)}" r="${n(F * 0.42)}" fill="${ms.fill}" stroke="${ms.edge}" stroke-width="3"/>`);
  out.push(text(pad + F * 1.15, headerH / 2, who, { size: F, fill: ms.edge, box: whoRoom, chosen: !!player }));
  if (right) out.push(text(W - pad, headerH / 2, right, { size: F, fill: p.ink, anchor: 'end', box: rightW }));
  return svgDocument(W, H, p.paper, out.join(''));
}
