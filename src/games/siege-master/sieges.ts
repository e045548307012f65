// Siege detection. A region is a connected set of land cells holding no army (fortress cells count
// and connect); it is a siege area when no army fits inside it, and then its neutral fortresses fall
// to the player who just placed.
//
// After every placement all siege areas have been resolved, so a new army can only create siege
// areas among the regions it touches: those are the only ones examined. A region stops being
// explored as soon as one free line is found in it, so the large open regions of the early game
// cost a handful of steps, and the small closed ones of the late game are small.
import type { Board } from './board.js';
import { ARMY_LENGTH } from './types.js';
import { LINE_DIRECTIONS } from './board.js';

/** Per-cell fortress kind used by the siege search. */
export const FORT_NONE = 0;
export const FORT_NEUTRAL = 1;
export const FORT_HELD = 2;

/** Whether an army fits on a line that starts at `cell` (the start of every line is in its region). */
function lineStartsAt(board: Board, army: Uint8Array, fort: Uint8Array, cell: number): boolean {
  for (let d = 0; d < LINE_DIRECTIONS; d++) {
    const base = (cell * LINE_DIRECTIONS + d) * ARMY_LENGTH;
    if (board.lineCells[base]! < 0) continue;
    let free = true;
    for (let k = 0; k < ARMY_LENGTH && free; k++) {
      const c = board.lineCells[base + k]!;
      if (army[c] || fort[c]) free = false;
    }
    if (free) return true;
  }
  return false;
}

/**
 * The neutral fortresses captured by the army just placed on `placed`.
 * `army` marks cells covered by armies (the new one included); `fort` holds FORT_* per cell.
 */
export function siegeCaptures(board: Board, army: Uint8Array, fort: Uint8Array, placed: readonly number[]): number[] {
  const region = new Int32Array(board.size); // 0: not reached; otherwise the 1-based region it was reached from
  const stack = new Int32Array(board.size);
  const fits: boolean[] = [false];
  const captured: number[] = [];
  let regions = 0;
  for (const p of placed) {
    for (const seed of board.neighbours[p]!) {
      if (army[seed] || region[seed]) continue;
      const id = ++regions;
      const neutral: number[] = [];
      let found = false;
      let top = 0;
      stack[top++] = seed;
      region[seed] = id;
      while (top > 0 && !found) {
        const c = stack[--top]!;
        if (fort[c] === FORT_NEUTRAL) neutral.push(c);
        else if (fort[c] === FORT_NONE && lineStartsAt(board, army, fort, c)) found = true;
        for (const n of board.neighbours[c]!) {
          if (found || army[n]) continue;
          const seen = region[n]!;
          if (seen === 0) {
            region[n] = id;
            stack[top++] = n;
          } else if (seen !== id && fits[seen]) {
            // An earlier search from this army stopped inside this same region once it found room.
            found = true;
          }
        }
      }
      fits[id] = found;
      if (!found) captured.push(...neutral);
    }
  }
  return captured.sort((a, b) => a - b);
}

export type Region = { cells: number[]; fits: boolean; neutralForts: number[] };

/** Every region of the board, fully explored: the slow reference the incremental search is checked against. */
export function allRegions(board: Board, army: Uint8Array, fort: Uint8Array): Region[] {
  const seen = new Uint8Array(board.size);
  const out: Region[] = [];
  for (let s = 0; s < board.size; s++) {
    if (army[s] || seen[s]) continue;
    const cells: number[] = [];
    const stack = [s];
    seen[s] = 1;
    while (stack.length > 0) {
      const c = stack.pop()!;
      cells.push(c);
      for (const n of board.neighbours[c]!) {
        if (!army[n] && !seen[n]) {
          seen[n] = 1;
          stack.push(n);
        }
      }
    }
    cells.sort((a, b) => a - b);
    const fits = cells.some((c) => fort[c] === FORT_NONE && lineStartsAt(board, army, fort, c));
    out.push({ cells, fits, neutralForts: cells.filter((c) => fort[c] === FORT_NEUTRAL) });
  }
  return out;
}
