// Where armies may go: free lines, forced adjacency, the swap, and who acts.
import type { Seat } from '../../engine/index.js';
import { boardFor, lineOf, LINE_DIRECTIONS, type Board } from './board.js';
import { ARMY_LENGTH as ARMY_CELLS, ARMIES_PER_SEAT, NO_FORT as NO_FORTRESS, type SiegeMasterState } from './types.js';

// Held here for the loops below, which the AI runs for every line of every position it looks at:
// the test runner (vitest) reads an imported binding through a getter at each use.
const ARMY_LENGTH = ARMY_CELLS;
const NO_FORT = NO_FORTRESS;

/** A position decoded for fast lookups: 1 where an army, or a fortress, stands. */
export type Occupancy = { board: Board; army: Uint8Array; fort: Uint8Array };

export function readOccupancy(state: SiegeMasterState, board: Board = boardFor(state)): Occupancy {
  const army = new Uint8Array(board.size);
  const fort = new Uint8Array(board.size);
  for (let i = 0; i < board.size; i++) {
    if (state.armies[i] !== '.') army[i] = 1;
    if (state.forts[i] !== NO_FORT) fort[i] = 1;
  }
  return { board, army, fort };
}

/** Whether line `id` lies on land with every cell free of armies and fortresses. */
export function lineIsFree(occ: Occupancy, id: number): boolean {
  const cells = occ.board.lineCells;
  const base = id * ARMY_LENGTH;
  if (cells[base]! < 0) return false;
  for (let k = 0; k < ARMY_LENGTH; k++) {
    const c = cells[base + k]!;
    if (occ.army[c] || occ.fort[c]) return false;
  }
  return true;
}

/** Every line an army could cover now, in reading order of the first cell, then E, SE, SW. */
export function freeLines(occ: Occupancy): number[] {
  const out: number[] = [];
  const total = occ.board.size * LINE_DIRECTIONS;
  for (let id = 0; id < total; id++) if (lineIsFree(occ, id)) out.push(id);
  return out;
}

/** 1 on every cell that shares an edge with one of `cells`. */
export function cellsAround(board: Board, cells: readonly number[]): Uint8Array {
  const near = new Uint8Array(board.size);
  for (const c of cells) for (const n of board.neighbours[c]!) near[n] = 1;
  return near;
}

export function lineTouches(board: Board, id: number, near: Uint8Array): boolean {
  const base = id * ARMY_LENGTH;
  for (let k = 0; k < ARMY_LENGTH; k++) if (near[board.lineCells[base + k]!]) return true;
  return false;
}

/**
 * The placements open to the seat to move. `forced` is true when the opponent's last army captured
 * nothing and some free line touches it: then only the touching lines are allowed.
 */
export type PlacementChoice = { lines: number[]; forced: boolean; lastCells: number[] };

export function placementChoice(state: SiegeMasterState, occ: Occupancy = readOccupancy(state)): PlacementChoice {
  const board = occ.board;
  const all = freeLines(occ);
  const last = state.last;
  if (!last || last.captured.length > 0 || last.seat === state.toMove) return { lines: all, forced: false, lastCells: [] };
  const lastCells = last.cells.map((label) => board.labels.indexOf(label)).filter((i) => i >= 0);
  const near = cellsAround(board, lastCells);
  const touching = all.filter((id) => lineTouches(board, id, near));
  return touching.length > 0 ? { lines: touching, forced: true, lastCells } : { lines: all, forced: false, lastCells };
}

/** Blue may swap only as the very first thing Blue does: Red has one army out, Blue none. */
export function canSwap(state: SiegeMasterState): boolean {
  return (
    state.phase === 'play' &&
    state.toMove === 1 &&
    state.last?.seat === 0 &&
    state.armiesLeft[0] === ARMIES_PER_SEAT - 1 &&
    state.armiesLeft[1] === ARMIES_PER_SEAT
  );
}

export function toAct(state: SiegeMasterState): Seat[] {
  return state.phase === 'over' ? [] : [state.toMove];
}

/** Fortresses each seat holds. */
export function capturedCounts(state: Pick<SiegeMasterState, 'forts'>): number[] {
  const counts = [0, 0];
  for (const ch of state.forts) {
    if (ch === '0') counts[0]!++;
    else if (ch === '1') counts[1]!++;
  }
  return counts;
}

/** Labels of a line's cells, in line order. */
export function lineLabels(board: Board, id: number): string[] {
  return (lineOf(board, id) ?? []).map((c) => board.labels[c]!);
}
