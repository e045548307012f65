// Board geometry, computed once per map and shared by every position on it: land cells in reading
// order, their labels and neighbours, and every straight line of 4 land cells an army could cover.
import {
  AXIAL_DIRECTIONS,
  axialToOffset,
  cellLabel,
  MAX_LABELLED_COLUMNS,
  offsetToAxial,
  parseCellLabel,
} from '../../engine/hex.js';
import { MAPS } from './maps.js';
import { ARMY_LENGTH, CUSTOM_MAP, type SiegeMasterState } from './types.js';

export type Board = {
  /** Display name: "Africa", "Custom board". */
  name: string;
  columns: number;
  rows: number;
  /** Number of land cells; land cells are numbered 0…size-1 in reading order. */
  size: number;
  labels: string[];
  q: number[];
  r: number[];
  col: number[];
  row: number[];
  /** `row * columns + col` → land index, or -1 off the map. */
  landAt: Int32Array;
  /** `cell * 6 + direction` → the land neighbour that way (directions as in AXIAL_DIRECTIONS), or -1. */
  step: Int32Array;
  neighbours: number[][];
  /**
   * Army lines: line id `cell * 3 + d` for d in E, SE, SW. `lineCells[id * 4 + k]` is its k-th cell
   * in line order, or -1 in slot 0 when the line leaves the land.
   */
  lineCells: Int32Array;
  /** For each cell, the ids of the land lines that cover it. */
  linesThrough: number[][];
  /** Connected land component of each cell (islands), and how many there are. */
  island: Int32Array;
  islandCount: number;
};

export const LINE_DIRECTIONS = 3;

export function buildBoard(name: string, asciiRows: readonly string[]): Board {
  const rowsText = asciiRows.map((r) => r.replace(/\s+/g, ''));
  const rows = rowsText.length;
  const columns = Math.min(MAX_LABELLED_COLUMNS, Math.max(0, ...rowsText.map((r) => r.length)));
  const landAt = new Int32Array(rows * columns).fill(-1);
  const labels: string[] = [];
  const q: number[] = [];
  const r: number[] = [];
  const col: number[] = [];
  const row: number[] = [];
  for (let y = 0; y < rows; y++) {
    for (let x = 0; x < columns; x++) {
      if (rowsText[y]![x] !== '#') continue;
      landAt[y * columns + x] = labels.length;
      labels.push(cellLabel(x, y)!);
      const a = offsetToAxial(x, y);
      q.push(a.q);
      r.push(a.r);
      col.push(x);
      row.push(y);
    }
  }
  const size = labels.length;
  const landIndex = (aq: number, ar: number): number => {
    const o = axialToOffset(aq, ar);
    if (o.row < 0 || o.row >= rows || o.col < 0 || o.col >= columns) return -1;
    return landAt[o.row * columns + o.col]!;
  };
  const step = new Int32Array(size * 6);
  const neighbours: number[][] = [];
  for (let i = 0; i < size; i++) {
    const around: number[] = [];
    AXIAL_DIRECTIONS.forEach((d, k) => {
      const n = landIndex(q[i]! + d.q, r[i]! + d.r);
      step[i * 6 + k] = n;
      if (n >= 0) around.push(n);
    });
    neighbours.push(around);
  }
  const lineCells = new Int32Array(size * LINE_DIRECTIONS * ARMY_LENGTH).fill(-1);
  const linesThrough: number[][] = Array.from({ length: size }, () => []);
  for (let i = 0; i < size; i++) {
    for (let d = 0; d < LINE_DIRECTIONS; d++) {
      const cells = [i];
      while (cells.length < ARMY_LENGTH && cells[cells.length - 1]! >= 0) {
        cells.push(step[cells[cells.length - 1]! * 6 + d]!);
      }
      if (cells.some((c) => c < 0)) continue;
      const id = i * LINE_DIRECTIONS + d;
      cells.forEach((c, k) => {
        lineCells[id * ARMY_LENGTH + k] = c;
        linesThrough[c]!.push(id);
      });
    }
  }
  const island = new Int32Array(size).fill(-1);
  let islandCount = 0;
  for (let i = 0; i < size; i++) {
    if (island[i]! >= 0) continue;
    const stack = [i];
    island[i] = islandCount;
    while (stack.length > 0) {
      for (const n of neighbours[stack.pop()!]!) {
        if (island[n]! < 0) {
          island[n] = islandCount;
          stack.push(n);
        }
      }
    }
    islandCount++;
  }
  return { name, columns, rows, size, labels, q, r, col, row, landAt, step, neighbours, lineCells, linesThrough, island, islandCount };
}

// Boards are pure functions of their rows, so they are built once and kept. Custom boards (tests,
// puzzles) are few; the cap only guards against a caller generating them without end.
const boardCache = new Map<string, Board>();
const CACHE_LIMIT = 256;

function cachedBoard(key: string, name: string, rows: readonly string[]): Board {
  let board = boardCache.get(key);
  if (!board) {
    if (boardCache.size >= CACHE_LIMIT) boardCache.clear();
    board = buildBoard(name, rows);
    boardCache.set(key, board);
  }
  return board;
}

export function boardFor(state: Pick<SiegeMasterState, 'map' | 'customRows'>): Board {
  if (state.map === CUSTOM_MAP || !(state.map in MAPS)) {
    const rows = state.customRows ?? [];
    return cachedBoard(`${CUSTOM_MAP}:${rows.join('/')}`, 'Custom board', rows);
  }
  const data = MAPS[state.map];
  return cachedBoard(state.map, data.name, data.rows);
}

/** The land index of a label (`F7`, `f7`), or -1 when it is not a land cell of this board. */
export function cellIndex(board: Board, label: string): number {
  const o = parseCellLabel(label);
  if (!o || o.row >= board.rows || o.col >= board.columns) return -1;
  return board.landAt[o.row * board.columns + o.col]!;
}

/** Whether the offset position lies inside the board's rectangle (land or not). */
export function insideGrid(board: Board, col: number, row: number): boolean {
  return row >= 0 && row < board.rows && col >= 0 && col < board.columns;
}

/** The cells of line `id`, or null when it leaves the land. */
export function lineOf(board: Board, id: number): number[] | null {
  const base = id * ARMY_LENGTH;
  if (board.lineCells[base]! < 0) return null;
  return [board.lineCells[base]!, board.lineCells[base + 1]!, board.lineCells[base + 2]!, board.lineCells[base + 3]!];
}

/** Hex distance between two land cells. */
export function cellDistance(board: Board, a: number, b: number): number {
  const dq = board.q[a]! - board.q[b]!;
  const dr = board.r[a]! - board.r[b]!;
  return Math.max(Math.abs(dq), Math.abs(dr), Math.abs(dq + dr));
}
