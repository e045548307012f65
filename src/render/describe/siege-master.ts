// Siege Master in words: every fortress by its cell and holder, each side's armies by their cells,
// the last army and what it binds the next placement to, and the map's land row by row (with the
// whole board as a grid for the web). Cell labels stay as the board prints them ("F7").
import { cellLabel, parseCellLabel } from '../../engine/hex.js';
import type { SiegeMasterView } from '../../games/siege-master/view.js';
import { hasText } from '../../i18n/index.js';
import { commas, semicolons, simplePart, type DescribeInput, type DescribedPart, type DescribedTable, type PositionDescription, type Words, wordsIn } from './shape.js';

const K = 'siege-master';

/** Cells in reading order (top row first, then left to right). */
function readingOrder(labels: string[]): string[] {
  const at = (l: string) => parseCellLabel(l) ?? { col: 0, row: 0 };
  return [...labels].sort((a, b) => at(a).row - at(b).row || at(a).col - at(b).col);
}

/** The map's name: a shipped map's in the reader's language, else the view's. */
function mapName(w: Words, v: SiegeMasterView): string {
  return /^[a-z-]+$/.test(v.map) && hasText(`siege-master:terms.maps.${v.map}`) ? w.t(`siege-master:terms.maps.${v.map}`) : v.mapName || v.map;
}

function fortresses(w: Words, v: SiegeMasterView, seats: string[]): DescribedPart {
  const forts = v.cells.filter((c) => c.fortress);
  const held = (owner: number | null) => readingOrder(forts.filter((c) => c.fortress!.owner === owner).map((c) => c.label));
  const lines: string[] = [];
  if (v.phase === 'draft') lines.push(w.d(`${K}.draft`, { placed: w.n(forts.length), total: w.n(v.fortressesTotal) }));
  else lines.push(w.d(`${K}.fortressCount`, { count: v.fortressesTotal, total: w.n(v.fortressesTotal) }));
  seats.forEach((seat, s) => {
    const cells = held(s);
    lines.push(cells.length ? w.d(`${K}.held`, { seat, count: cells.length, cells: commas(w, cells) }) : w.d(`${K}.heldNone`, { seat }));
  });
  const neutral = held(null);
  if (neutral.length) lines.push(w.d(`${K}.neutral`, { count: neutral.length, cells: commas(w, neutral) }));
  return simplePart('fortresses', w.d(`${K}.fortressesHeading`), lines);
}

function lastArmy(w: Words, v: SiegeMasterView, seats: string[]): DescribedPart | null {
  const last = v.lastArmy;
  const placed = last ? w.d(`${K}.lastPlaced`, { seat: seats[last.seat] ?? '', cells: last.cells.join(' ') }) : '';
  const lastLine = !last ? '' : last.captured.length
    ? w.d(`${K}.lastCaptured`, { placed, count: last.captured.length, cells: commas(w, readingOrder(last.captured)) })
    : w.d(`${K}.lastNothing`, { placed });
  const mover = v.phase === 'play' ? v.toAct[0] : undefined;
  const seat = mover === undefined ? '' : (seats[mover] ?? '');
  // Where the next army may go: the cells legal placements cover, in full; the rule alone for an alt text.
  const rule = mover === undefined ? '' : v.mustPlayAdjacent
    ? w.d(`${K}.adjacent`, { seat, count: v.hintCells.length, cells: commas(w, readingOrder(v.hintCells)) })
    : last ? w.d(`${K}.anywhere`, { seat }) : '';
  const ruleBrief = mover !== undefined && v.mustPlayAdjacent ? w.d(`${K}.adjacentBrief`, { seat }) : rule;
  const swap = mover !== undefined && v.canSwap ? w.d(`${K}.swap`, { seat }) : '';
  const lines = [lastLine, rule, swap].filter(Boolean);
  if (!lines.length) return null;
  const brief = [lastLine, ruleBrief, swap].filter(Boolean).join(' ');
  return {
    id: 'last',
    heading: w.d(`${K}.lastHeading`),
    lines,
    brief: brief === lines.join(' ') ? [{ text: brief, whole: true }] : [{ text: lines.join(' '), whole: true }, { text: brief, whole: false }],
  };
}

function armies(w: Words, v: SiegeMasterView, seats: string[]): DescribedPart {
  const say = (long: boolean) => seats.map((seat, s) => {
    const mine = v.armies.filter((a) => a.seat === s);
    const left = w.n(v.armiesLeft[s]);
    if (!mine.length) return w.d(`${K}.armiesNone`, { seat, left });
    // Every cell of each army; the shorter form names its two ends ("F7–I7"), the line between them.
    const each = mine.map((a) => (long ? a.cells.join(' ') : `${a.cells[0]}–${a.cells.at(-1)}`));
    return w.d(`${K}.armies`, { seat, count: mine.length, placed: w.n(mine.length), left, armies: semicolons(w, each) });
  });
  const lines = say(true);
  return { id: 'armies', heading: w.d(`${K}.armiesHeading`), lines, brief: [{ text: lines.join(' '), whole: true }, { text: say(false).join(' '), whole: true }] };
}

/** Column letters "C–K" for a run of land in one row. */
function runs(cols: number[]): string[] {
  const out: string[] = [];
  let start = -1;
  cols.forEach((c, i) => {
    if (start < 0) start = c;
    if (cols[i + 1] !== c + 1) {
      const a = cellLabel(start, 0)!.replace(/\d+$/, '');
      const b = cellLabel(c, 0)!.replace(/\d+$/, '');
      out.push(a === b ? a : `${a}–${b}`);
      start = -1;
    }
  });
  return out;
}

function map(w: Words, v: SiegeMasterView, seats: string[]): DescribedPart {
  const name = mapName(w, v);
  const letter = (col: number) => cellLabel(col, 0)!.replace(/\d+$/, '');
  const first = w.d(`${K}.map`, { map: name, columns: v.columns, first: letter(0), last: letter(Math.max(0, v.columns - 1)), rows: v.rows });
  // The land row by row and the cell table are for the Describe answer and the web; an alt text
  // (every board's) says the first line only, so the rest is worked out when first read.
  let whole: { lines: string[]; table: DescribedTable } | undefined;
  const wholeMap = () => (whole ??= mapInFull(w, v, seats, name, first));
  return {
    id: 'map',
    heading: w.d(`${K}.mapHeading`),
    get lines() {
      return wholeMap().lines;
    },
    get table() {
      return wholeMap().table;
    },
    brief: [{ text: first, whole: false }],
  };
}

function mapInFull(w: Words, v: SiegeMasterView, seats: string[], name: string, first: string): { lines: string[]; table: DescribedTable } {
  const letter = (col: number) => cellLabel(col, 0)!.replace(/\d+$/, '');
  const byRow = new Map<number, Map<number, SiegeMasterView['cells'][number]>>();
  for (const c of v.cells) {
    const at = parseCellLabel(c.label);
    if (!at) continue;
    if (!byRow.has(at.row)) byRow.set(at.row, new Map());
    byRow.get(at.row)!.set(at.col, c);
  }
  const rows = [...Array(v.rows).keys()];
  const lines = [first];
  for (const r of rows) {
    const cols = [...(byRow.get(r)?.keys() ?? [])].sort((a, b) => a - b);
    if (cols.length) lines.push(w.d(`${K}.landRow`, { row: r + 1, cells: commas(w, runs(cols)) }));
  }
  // A map has hundreds of cells and a handful of texts for them: each said once.
  const said = new Map<string, string>();
  const once = (key: string, seat?: number) => {
    const id = `${key}:${seat ?? ''}`;
    let text = said.get(id);
    if (text === undefined) said.set(id, (text = w.d(`${K}.cell.${key}`, seat === undefined ? {} : { seat: seats[seat] ?? '' })));
    return text;
  };
  const cellText = (c: SiegeMasterView['cells'][number] | undefined): string => {
    if (!c) return '';
    if (c.fortress) return c.fortress.owner === null ? once('neutral') : once('fortress', c.fortress.owner);
    if (c.army) return once('army', c.army.seat);
    return once('empty');
  };
  const table: DescribedTable = {
    caption: w.d(`${K}.tableCaption`, { map: name }),
    columns: [w.d(`${K}.rowHeader`), ...[...Array(v.columns).keys()].map(letter)],
    rows: rows.map((r) => ({ header: String(r + 1), cells: [...Array(v.columns).keys()].map((c) => cellText(byRow.get(r)?.get(c))) })),
  };
  return { lines, table };
}

export function describeSiegeMaster({ view, locale, seats }: DescribeInput): PositionDescription {
  const v = view as SiegeMasterView;
  const w = wordsIn(locale);
  const names = v.seatNames.map((_, s) => seats[s] ?? v.seatNames[s] ?? '');
  const parts = [fortresses(w, v, names), lastArmy(w, v, names), armies(w, v, names), map(w, v, names)];
  return { game: K, parts: parts.filter((p): p is DescribedPart => p !== null) };
}
