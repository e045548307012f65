// A tournament's crosstable as an image: one row per player in standings order (rank, name,
// each round's result against whom, points, the format's tie-breaks), posted with the podium when
// a tournament ends and shown on its web page (README: Tournaments). A pure function of a plain
// model and a language: the tournaments build the model (src/tournaments/crosstable.ts), the front
// ends name the players. A round's cell reads as crosstables do: "+5" won against the player of
// row 5, "=5" drew, "−5" lost; a dot marks the player who moved first; a star, a result decided
// without play. A field larger than MAX_ROWS shows its top rows and says how many more there are,
// so that the image stays readable on a phone once opened.
import { t, type Locale } from '../i18n/index.js';
import { svgToPixels } from './canvas.js';
import { drawnWidth } from './measure.js';
import { pixelsToPng } from './rasterize.js';
import { clip, fontSafe, n, rect, svgDocument, text, MAX_NAME_CHARS } from './svg.js';

export type CrosstableResult = 'win' | 'draw' | 'loss' | 'bye' | 'pending' | 'absent';

export type CrosstableCell = {
  result: CrosstableResult;
  /** The opponent's row (1 for the first row), or null: a bye, an absence. */
  opponent: number | null;
  /** This player moved first in that game. */
  first: boolean;
  /** Decided without being played (a withdrawal's forfeit). */
  forfeit: boolean;
};

export type CrosstableTieBreak = 'buchholzCut1' | 'sonnebornBerger' | 'wins';

export type CrosstableRow = {
  /** Shared by players equal on points and every tie-break. */
  rank: number;
  /** As the front end names them (a member's display name): made drawable and clipped here. */
  name: string;
  points: number;
  /** The figures of `Crosstable.tieBreaks`, in that order. */
  tieBreaks: number[];
  withdrawn: boolean;
  /** One cell per round, from round 1. */
  rounds: CrosstableCell[];
};

export type Crosstable = {
  /** The tournament's name, as its organiser typed it. */
  name: string;
  /** The tournament is over: its final standings. Else the standings after `round`. */
  final: boolean;
  round: number;
  /** The rounds to show (columns), at least those played. */
  roundCount: number;
  tieBreaks: CrosstableTieBreak[];
  /** In standings order. */
  rows: CrosstableRow[];
};

/** Rows drawn at most: 32 rows of a 64-player Swiss keep the image about as tall as a phone's screen is wide, times two. */
export const MAX_ROWS = 32;

const SIZE = 24;
const HEAD_SIZE = 22;
const TITLE_SIZE = 32;
const ROW_H = 40;
const PAD = 24;
const CELL_PAD = 14;
const NAME_MAX_W = 300;
const NAME_MIN_W = 140;

const INK = '#1d1d1f';
const MUTED = '#5b5b66';
const PAPER = '#ffffff';
const STRIPE = '#f1f0f6';
const HEAD = '#3d2352';
const LINE = '#d4d1de';
const TINT: Record<CrosstableResult, string | null> = { win: '#dcefdc', draw: '#ecebe4', loss: '#f6dcdc', bye: '#e3ecf7', pending: null, absent: null };

/** Half points as results are written: 2½, ½, 3. */
export function pointsText(points: number): string {
  const whole = Math.floor(points + 1e-9);
  const half = points - whole >= 0.25 && points - whole < 0.75;
  return half ? (whole ? `${whole}½` : '½') : String(Math.round(points));
}

/** A tie-break's figure: quarters at most, written to two places in the reader's way. */
function figure(locale: Locale, x: number): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(x);
}

/** A round's cell as text: "+5", "=5", "−5", "+5*" (not played), the bye's word, "…" (to play), "–" (no game). */
export function cellText(locale: Locale, c: CrosstableCell): string {
  if (c.result === 'bye') return t(locale, 'render:crosstable.bye');
  if (c.result === 'absent' || c.opponent === null) return '–';
  if (c.result === 'pending') return `…${c.opponent}`;
  const sign = c.result === 'win' ? '+' : c.result === 'draw' ? '=' : '−';
  return `${sign}${c.opponent}${c.forfeit ? '*' : ''}`;
}

/** The crosstable's SVG (drawn at scale 1: its units are pixels). */
export function crosstableSvg(model: Crosstable, locale: Locale): string {
  const say = (key: string, values: Record<string, unknown> = {}) => t(locale, `render:crosstable.${key}`, values);
  const shown = model.rows.slice(0, MAX_ROWS);
  const more = model.rows.length - shown.length;
  const rounds = Math.max(model.roundCount, ...model.rows.map((r) => r.rounds.length), 0);
  const w = (s: string, size = SIZE, weight: 400 | 700 = 400) => drawnWidth(fontSafe(s), size, weight);

  // Columns: row number, name, each round, points, each tie-break; each as wide as its widest text.
  const numberW = Math.max(w(`${model.rows.length}`, SIZE, 700), w(say('number'), HEAD_SIZE, 700)) + CELL_PAD * 2;
  const names = shown.map((r) => clip(fontSafe(r.name.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ')), MAX_NAME_CHARS) || say('unnamed'));
  const withdrawnMark = say('withdrawnMark');
  const nameW = Math.min(NAME_MAX_W, Math.max(NAME_MIN_W, w(say('player'), HEAD_SIZE, 700), ...names.map((x, i) => w(shown[i]!.withdrawn ? `${x} ${withdrawnMark}` : x)))) + CELL_PAD * 2;
  const cells = shown.map((r) => Array.from({ length: rounds }, (_, i) => (r.rounds[i] ? cellText(locale, r.rounds[i]!) : '')));
  // As wide as the widest result drawn (a small field's are narrower), with room for the first mover's dot.
  const roundW = Math.max(w(say('round', { round: rounds }), HEAD_SIZE, 700), ...cells.flat().map((c) => w(c, SIZE, 700)), w('+9', SIZE, 700)) + CELL_PAD * 2 + 8;
  const pointsW = Math.max(w(say('points'), HEAD_SIZE, 700), ...shown.map((r) => w(pointsText(r.points), SIZE, 700))) + CELL_PAD * 2;
  const breakW = model.tieBreaks.map((b, i) => Math.max(w(say(`short.${b}`), HEAD_SIZE, 700), ...shown.map((r) => w(figure(locale, r.tieBreaks[i] ?? 0)))) + CELL_PAD * 2);
  const tableW = numberW + nameW + roundW * rounds + pointsW + breakW.reduce((a, b) => a + b, 0);

  const legend = [say('legend'), ...model.tieBreaks.map((b) => say(`long.${b}`))];
  const width = Math.ceil(Math.max(tableW + PAD * 2, 560));
  // The legend wraps to the table's width, word by word, measured.
  const legendLines = legend.flatMap((line) => wrapMeasured(line, width - PAD * 2, (s) => w(s, HEAD_SIZE)));
  const title = model.final ? say('titleFinal', { name: '\u0001' }) : say('titleAfter', { name: '\u0001', round: model.round });
  const titleY = PAD + TITLE_SIZE * 0.8;
  const headY = titleY + TITLE_SIZE * 0.6 + 20;
  const bodyY = headY + ROW_H;
  const moreH = more > 0 ? ROW_H : 0;
  const legendY = bodyY + shown.length * ROW_H + moreH + 18;
  const height = Math.ceil(legendY + legendLines.length * (HEAD_SIZE + 8) + PAD);

  const parts: string[] = [];
  // The title: the tournament's name (a member's text: made drawable, clipped to the width) in the language's sentence.
  const [before = '', after = ''] = title.split('\u0001');
  const nameRoom = width - PAD * 2 - w(before + after, TITLE_SIZE, 700);
  const shortName = fitMeasured(fontSafe(model.name), Math.max(nameRoom, 120), (s) => w(s, TITLE_SIZE, 700));
  parts.push(text(PAD, titleY, `${before}${shortName}${after}`, { size: TITLE_SIZE, weight: 700, fill: HEAD, baseline: 'baseline', chosen: true, box: width - PAD * 2 }));

  // Header row.
  let x = PAD;
  const columns: { x: number; w: number }[] = [];
  const col = (cw: number) => {
    columns.push({ x, w: cw });
    x += cw;
    return columns[columns.length - 1]!;
  };
  const numberCol = col(numberW);
  const nameCol = col(nameW);
  const roundCols = Array.from({ length: rounds }, () => col(roundW));
  const pointsCol = col(pointsW);
  const breakCols = breakW.map((bw) => col(bw));
  parts.push(rect(PAD, headY, tableW, ROW_H, { fill: HEAD }));
  const headText = (c: { x: number; w: number }, s: string, anchor: 'start' | 'middle' = 'middle') =>
    text(anchor === 'middle' ? c.x + c.w / 2 : c.x + CELL_PAD, headY + ROW_H / 2, s, { size: HEAD_SIZE, weight: 700, fill: PAPER, anchor, box: c.w - CELL_PAD });
  parts.push(headText(numberCol, say('number')), headText(nameCol, say('player'), 'start'));
  roundCols.forEach((c, i) => parts.push(headText(c, say('round', { round: i + 1 }))));
  parts.push(headText(pointsCol, say('points')));
  breakCols.forEach((c, i) => parts.push(headText(c, say(`short.${model.tieBreaks[i]!}`))));

  // Body rows.
  shown.forEach((row, r) => {
    const y = bodyY + r * ROW_H;
    const mid = y + ROW_H / 2;
    if (r % 2 === 1) parts.push(rect(PAD, y, tableW, ROW_H, { fill: STRIPE }));
    const ink = row.withdrawn ? MUTED : INK;
    // The row's number, which the cells name: the standings' order (players tied on everything share a rank, not a row).
    parts.push(text(numberCol.x + numberCol.w / 2, mid, `${r + 1}`, { size: SIZE, weight: 700, fill: MUTED, anchor: 'middle', fixed: true }));
    const label = row.withdrawn ? `${names[r]!} ${withdrawnMark}` : names[r]!;
    parts.push(text(nameCol.x + CELL_PAD, mid, label, { size: SIZE, weight: row.rank <= 3 && model.final ? 700 : 400, fill: ink, box: nameCol.w - CELL_PAD * 2, chosen: true }));
    roundCols.forEach((c, i) => {
      const cell = row.rounds[i];
      if (!cell) return;
      const tint = TINT[cell.result];
      if (tint) parts.push(rect(c.x + 3, y + 4, c.w - 6, ROW_H - 8, { fill: tint, radius: 6 }));
      parts.push(text(c.x + c.w / 2, mid, cells[r]![i]!, { size: SIZE, weight: 700, fill: cell.result === 'pending' ? MUTED : ink, anchor: 'middle', box: c.w - 8 }));
      if (cell.first && cell.opponent !== null) parts.push(`<circle cx="${n(c.x + c.w - 10)}" cy="${n(y + 11)}" r="4" fill="${HEAD}"/>`);
    });
    parts.push(text(pointsCol.x + pointsCol.w / 2, mid, pointsText(row.points), { size: SIZE, weight: 700, fill: ink, anchor: 'middle', fixed: true }));
    breakCols.forEach((c, i) => parts.push(text(c.x + c.w / 2, mid, figure(locale, row.tieBreaks[i] ?? 0), { size: SIZE, weight: 400, fill: ink, anchor: 'middle', fixed: true })));
  });
  const tableBottom = bodyY + shown.length * ROW_H;
  parts.push(`<line x1="${n(PAD)}" y1="${n(tableBottom)}" x2="${n(PAD + tableW)}" y2="${n(tableBottom)}" stroke="${LINE}" stroke-width="2"/>`);
  if (more > 0) parts.push(text(PAD + CELL_PAD, tableBottom + ROW_H / 2, say('more', { count: more }), { size: SIZE, weight: 700, fill: MUTED, box: tableW - CELL_PAD * 2 }));
  legendLines.forEach((line, i) => parts.push(text(PAD, legendY + i * (HEAD_SIZE + 8) + HEAD_SIZE, line, { size: HEAD_SIZE, weight: 400, fill: MUTED, baseline: 'baseline', box: width - PAD * 2 })));
  return svgDocument(width, height, PAPER, parts.join(''));
}

/** Discord's limit on an attachment's description, which the alt text keeps to on the web too. */
export const ALT_TEXT_MAX = 1024;

/**
 * The standings in words, for the image's alt text: "Final standings of Spring Cup: 1. Alice, 3½
 * points; 2. Bob, 3 points; … and 12 more." Within `max` characters, saying how many more when
 * not every player fits.
 */
export function crosstableAltText(model: Crosstable, locale: Locale, max = ALT_TEXT_MAX): string {
  const one = (s: string, chars: number) => s.replace(/\s+/g, ' ').trim().slice(0, chars);
  const intro = t(locale, model.final ? 'render:crosstable.alt.introFinal' : 'render:crosstable.alt.introAfter', { name: one(model.name, 100), round: model.round });
  const more = (count: number) => t(locale, 'render:crosstable.alt.more', { count });
  const parts: string[] = [];
  let used = intro.length + 1;
  for (const [i, row] of model.rows.entries()) {
    const part = t(locale, 'render:crosstable.alt.row', { rank: row.rank, name: one(row.name, 64), points: pointsText(row.points), count: row.points });
    // Room is kept for saying how many more, unless this is the last row.
    const tail = i === model.rows.length - 1 ? 0 : more(model.rows.length - i - 1).length + 2;
    if (used + part.length + 2 + tail > max) {
      parts.push(more(model.rows.length - i));
      break;
    }
    parts.push(part);
    used += part.length + 2;
  }
  return `${intro} ${parts.join('; ')}.`.slice(0, max);
}

/** The crosstable as PNG bytes (drawn in the calling thread, like a board in a render worker). */
export async function renderCrosstablePng(model: Crosstable, locale: Locale): Promise<Buffer> {
  return pixelsToPng(svgToPixels(crosstableSvg(model, locale), { scale: 1 }));
}

/** Words laid into lines no wider than `room`, as `measure` measures them. */
function wrapMeasured(content: string, room: number, measure: (s: string) => number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of content.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (!line || measure(next) <= room) line = next;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** Text shortened with an ellipsis until `measure` says it fits `room`. */
function fitMeasured(content: string, room: number, measure: (s: string) => number): string {
  if (measure(content) <= room) return content;
  const chars = Array.from(content);
  let k = chars.length;
  while (k > 1 && measure(`${chars.slice(0, k).join('')}…`) > room) k = Math.max(1, Math.floor(k * 0.9));
  return `${chars.slice(0, k).join('')}…`;
}
