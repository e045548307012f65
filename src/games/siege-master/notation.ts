// Text notation. A placement is `<cell> <dir>`: the army's first cell in reading order and the way
// it runs from there (E, SE, SW). Also accepted: the two end cells (`F7-I7`, either order), all four
// cells, any of the six directions from either end (`I7 W`), no space (`F7SE`), any case.
// Other moves: `swap`, and `fort F7` during the draft (a bare `F7` there too).
import { clipped, ok, type Phrase, type Result, type Seat } from '../../engine/index.js';
import { axialLine, axialToOffset, cellLabel, DIRECTION_NAMES, oppositeDirection, parseCellLabel } from '../../engine/hex.js';
import { boardFor, cellIndex, insideGrid, LINE_DIRECTIONS, lineOf, type Board } from './board.js';
import { phrase, refuse } from './phrases.js';
import { ARMY_LENGTH, PLACEMENT_DIRECTIONS, type PlaceMove, type SiegeMasterMove, type SiegeMasterState } from './types.js';

const DIRECTION_WORDS: Record<string, number> = {
  e: 0, east: 0,
  se: 1, southeast: 1,
  sw: 2, southwest: 2,
  w: 3, west: 3,
  nw: 4, northwest: 4,
  ne: 5, northeast: 5,
};

/** A direction name or word (`SE`, `south-east`) as an index into DIRECTION_NAMES, or -1. */
export function directionIndex(text: string): number {
  const word = text.toLowerCase().replace(/[\s_-]/g, '');
  return Object.hasOwn(DIRECTION_WORDS, word) ? DIRECTION_WORDS[word]! : -1;
}

/** The line id of the army with these cells, whatever their order, or -1. */
function lineWithCells(board: Board, cells: number[]): number {
  const first = Math.min(...cells);
  for (let d = 0; d < LINE_DIRECTIONS; d++) {
    const line = lineOf(board, first * LINE_DIRECTIONS + d);
    if (line && line.every((c) => cells.includes(c)) && cells.every((c) => line.includes(c))) return first * LINE_DIRECTIONS + d;
  }
  return -1;
}

export function placeMoveForLine(board: Board, id: number): PlaceMove {
  const cells = lineOf(board, id)!;
  return {
    type: 'place',
    cell: board.labels[cells[0]!]!,
    dir: PLACEMENT_DIRECTIONS[id % LINE_DIRECTIONS]!,
    cells: cells.map((c) => board.labels[c]!),
  };
}

function notOnMap(board: Board, label: string): Result<never> {
  const o = parseCellLabel(label);
  const name = o ? cellLabel(o.col, o.row) ?? label.toUpperCase() : label;
  if (o && insideGrid(board, o.col, o.row)) return refuse('off-map', `${name} is not on the map`, 'offMap', { cell: name });
  const lastColumn = String.fromCharCode(64 + board.columns);
  const message = `${name} is not a cell of this board (columns A to ${lastColumn}, rows 1 to ${board.rows})`;
  return refuse('bad-cell', message, 'notACell', { cell: name, lastColumn, rows: board.rows });
}

/** The army line starting at `label` and running in direction `d` (any of six), as a line id. */
export function lineFromCell(board: Board, label: string, d: number): Result<number> {
  const start = cellIndex(board, label);
  if (start < 0) return notOnMap(board, label);
  const cells = [start];
  let q = board.q[start]!;
  let r = board.r[start]!;
  const from = `${board.labels[start]} ${DIRECTION_NAMES[d]}`;
  for (let k = 1; k < ARMY_LENGTH; k++) {
    const next = board.step[cells[k - 1]! * 6 + d]!;
    q += [1, 0, -1, -1, 0, 1][d]!;
    r += [0, 1, 1, 0, -1, -1][d]!;
    if (next < 0) {
      const o = axialToOffset(q, r);
      const label = insideGrid(board, o.col, o.row) ? cellLabel(o.col, o.row) : null;
      const after = board.labels[cells[k - 1]!]!;
      return label
        ? refuse('off-map', `${from} runs off the map at ${label}`, 'runsOffMap', { move: from, cell: label })
        : refuse('off-map', `${from} runs off the edge of the board after ${after}`, 'runsOffBoard', { move: from, cell: after });
    }
    cells.push(next);
  }
  // Westward and northward lines are the same armies read from their other end.
  return ok(d < LINE_DIRECTIONS ? start * LINE_DIRECTIONS + d : cells[ARMY_LENGTH - 1]! * LINE_DIRECTIONS + oppositeDirection(d));
}

/** The army line with these two end cells, as a line id. */
export function lineFromEnds(board: Board, a: string, b: string): Result<number> {
  const ia = cellIndex(board, a);
  if (ia < 0) return notOnMap(board, a);
  const ib = cellIndex(board, b);
  if (ib < 0) return notOnMap(board, b);
  const line = axialLine({ q: board.q[ia]!, r: board.r[ia]! }, { q: board.q[ib]!, r: board.r[ib]! });
  if (!line || line.distance !== ARMY_LENGTH - 1) {
    const [first, second] = [board.labels[ia]!, board.labels[ib]!];
    const message = `${first} and ${second} are not the two ends of ${ARMY_LENGTH} cells in a straight line`;
    return refuse('bad-line', message, 'notEnds', { first, second, count: ARMY_LENGTH });
  }
  return lineFromCell(board, board.labels[ia]!, line.direction);
}

/** The army line covering exactly these cells (2 ends or all 4), as a line id. */
export function lineFromCells(board: Board, labels: string[]): Result<number> {
  if (labels.length === 2) return lineFromEnds(board, labels[0]!, labels[1]!);
  if (labels.length !== ARMY_LENGTH) return refuse('bad-line', 'an army covers 4 cells: name its first cell and a direction, like F7 SE', 'armyCells');
  const cells: number[] = [];
  for (const label of labels) {
    const i = cellIndex(board, label);
    if (i < 0) return notOnMap(board, label);
    cells.push(i);
  }
  const id = lineWithCells(board, cells);
  if (id < 0) {
    const named = cells.map((c) => board.labels[c]).join(' ');
    return refuse('bad-line', `${named} are not ${ARMY_LENGTH} cells in a straight line`, 'notInLine', { cells: named, count: ARMY_LENGTH });
  }
  return ok(id);
}

export function formatMove(_state: SiegeMasterState, _seat: Seat, move: SiegeMasterMove): string {
  if (move && move.type === 'swap') return 'swap';
  if (move && move.type === 'fort') return `fort ${String(move.cell).toUpperCase()}`;
  if (move && move.type === 'place') return `${String(move.cell).toUpperCase()} ${String(move.dir).toUpperCase()}`;
  return '?';
}

const HELP_PLAY = 'write a cell and a direction like F7 SE, the two end cells like F7-I7, or swap';
const HELP_DRAFT = 'write fort and a cell, like fort F7';
const HELP_PLAY_PHRASE = phrase('errors.help.play');
const HELP_DRAFT_PHRASE = phrase('errors.help.draft');

/** Splits `F7SE`, `f7 - i7`, `fort f7` into words and cell labels; null on anything else. */
function tokens(text: string): string[] | null {
  const out: string[] = [];
  const re = /\s*(?:([a-z]\d{1,3})(?![a-z\d])|([a-z]\d{1,3})(?=[a-z])|([a-z]+)|(-|–|—|,|\/))\s*/giy;
  let at = 0;
  while (at < text.length) {
    re.lastIndex = at;
    const m = re.exec(text);
    if (!m || m[0].length === 0) return null;
    const word = m[1] ?? m[2] ?? m[3];
    if (word) out.push(word.toLowerCase());
    at = re.lastIndex;
  }
  return out;
}

const isLabel = (t: string) => /^[a-z]\d{1,3}$/.test(t);

export function parseMove(state: SiegeMasterState, _seat: Seat, text: string): Result<SiegeMasterMove> {
  if (typeof text !== 'string') return refuse('bad-notation', `that is not a move: ${HELP_PLAY}`, 'notText', { help: HELP_PLAY_PHRASE });
  const trimmed = text.trim();
  const drafting = state.phase === 'draft';
  const help = drafting ? HELP_DRAFT : HELP_PLAY;
  const helpPhrase: Phrase = drafting ? HELP_DRAFT_PHRASE : HELP_PLAY_PHRASE;
  if (trimmed.length === 0) return refuse('bad-notation', `the move is empty: ${help}`, 'empty', { help: helpPhrase });
  const quoted = clipped(trimmed);
  // `fortF7` would otherwise read as the word `fortf` followed by a stray 7.
  const spaced = trimmed.replace(/^(fort(?:ress)?)(?=[a-z]\d)/i, '$1 ');
  const words = tokens(spaced.length > 200 ? '!' : spaced);
  const unread = () => refuse('bad-notation', `"${quoted}" is not a move: ${help}`, 'unread', { text: quoted, help: helpPhrase });
  if (!words || words.length === 0) return unread();
  const board = boardFor(state);

  if (words.length === 1 && words[0] === 'swap') return ok({ type: 'swap' });
  const fortWord = words[0] === 'fort' || words[0] === 'fortress';
  if ((fortWord && words.length === 2 && isLabel(words[1]!)) || (state.phase === 'draft' && words.length === 1 && isLabel(words[0]!))) {
    const label = words[words.length - 1]!;
    const i = cellIndex(board, label);
    if (i < 0) return notOnMap(board, label);
    return ok({ type: 'fort', cell: board.labels[i]! });
  }

  const rest = words.filter((w) => w !== 'to');
  const labels = rest.filter(isLabel);
  const dirs = rest.filter((w) => !isLabel(w));
  let line: Result<number>;
  if (labels.length === 1 && dirs.length > 0) {
    const d = directionIndex(dirs.join(''));
    if (d < 0) {
      const typed = dirs.join(' ');
      return refuse('bad-notation', `"${typed}" is not a direction: use E, SE or SW (or W, NW, NE from the other end)`, 'unreadDirection', { text: typed });
    }
    line = lineFromCell(board, labels[0]!, d);
  } else if (labels.length === 1 && dirs.length === 0) {
    const cell = labels[0]!.toUpperCase();
    return refuse('bad-notation', `say which way the army runs from ${cell}: E, SE or SW`, 'whichWay', { cell });
  } else if (dirs.length === 0 && (labels.length === 2 || labels.length === ARMY_LENGTH)) {
    line = lineFromCells(board, labels);
  } else {
    return unread();
  }
  if (!line.ok) return line;
  return ok(placeMoveForLine(board, line.value));
}
