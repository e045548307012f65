// Where neutral fortresses may stand at the start, for both the seeded setup and the draft:
//  - never where the fortress would leave its island without room for an army (a fortress in a
//    region where no army fits would be a siege area before anyone moved);
//  - at least MIN_FORTRESS_DISTANCE cells from every other fortress, where the map allows it, and
//    otherwise as far from the others as the map allows.
import type { Rng } from '../../engine/index.js';
import { cellDistance, LINE_DIRECTIONS, type Board } from './board.js';
import { ARMY_LENGTH as ARMY_CELLS, MIN_FORTRESS_DISTANCE } from './types.js';

/** Held here for the line loops: under the test runner (vitest) an imported binding is a getter. */
const ARMY_LENGTH = ARMY_CELLS;

/** Lines on land that no fortress blocks, counted per island. */
function freeLinesPerIsland(board: Board, fort: Uint8Array): { perIsland: number[]; lineFree: Uint8Array } {
  const total = board.size * LINE_DIRECTIONS;
  const lineFree = new Uint8Array(total);
  const perIsland = new Array<number>(board.islandCount).fill(0);
  for (let id = 0; id < total; id++) {
    const base = id * ARMY_LENGTH;
    if (board.lineCells[base]! < 0) continue;
    let free = true;
    for (let k = 0; k < ARMY_LENGTH && free; k++) if (fort[board.lineCells[base + k]!]) free = false;
    if (free) {
      lineFree[id] = 1;
      perIsland[board.island[board.lineCells[base]!]!]!++;
    }
  }
  return { perIsland, lineFree };
}

/** The closest fortress to each cell (a large number when there is none). */
function distanceToForts(board: Board, fort: Uint8Array): Int32Array {
  const dist = new Int32Array(board.size).fill(1 << 20);
  for (let f = 0; f < board.size; f++) {
    if (!fort[f]) continue;
    for (let c = 0; c < board.size; c++) dist[c] = Math.min(dist[c]!, cellDistance(board, c, f));
  }
  return dist;
}

/** The cells the next fortress may take, in reading order; empty when none is possible. */
export function fortressCandidates(board: Board, fort: Uint8Array): number[] {
  const { perIsland, lineFree } = freeLinesPerIsland(board, fort);
  const roomy: number[] = [];
  for (let c = 0; c < board.size; c++) {
    if (fort[c]) continue;
    let blocked = 0;
    for (const id of board.linesThrough[c]!) if (lineFree[id]) blocked++;
    if (perIsland[board.island[c]!]! - blocked > 0) roomy.push(c);
  }
  if (roomy.length === 0) return [];
  const dist = distanceToForts(board, fort);
  const far = roomy.filter((c) => dist[c]! >= MIN_FORTRESS_DISTANCE);
  if (far.length > 0) return far;
  const best = Math.max(...roomy.map((c) => dist[c]!));
  return roomy.filter((c) => dist[c] === best);
}

/** Why a fortress may not go on `cell`, or null when it may. Assumes `cell` is an empty land cell. */
export function fortressRefusal(board: Board, fort: Uint8Array, cell: number): 'too-close' | 'no-room' | null {
  const candidates = fortressCandidates(board, fort);
  if (candidates.includes(cell)) return null;
  const alone = new Uint8Array(fort);
  alone[cell] = 1;
  const { perIsland } = freeLinesPerIsland(board, alone);
  return perIsland[board.island[cell]!]! === 0 ? 'no-room' : 'too-close';
}

/** The smallest distance between two fortresses of a layout. */
function closestPair(board: Board, cells: number[]): number {
  let best = Infinity;
  for (let i = 0; i < cells.length; i++) {
    for (let j = i + 1; j < cells.length; j++) best = Math.min(best, cellDistance(board, cells[i]!, cells[j]!));
  }
  return best;
}

const LAYOUT_ATTEMPTS = 40;

/**
 * A seeded layout of up to `count` fortresses (fewer only when a tiny board has no room left).
 * Greedy random placement can paint itself into a corner before reaching the count, so a few
 * attempts are made and the first that keeps every pair 3 apart wins; failing that, the layout
 * with the most fortresses and then the widest spacing.
 */
export function randomFortresses(board: Board, count: number, rng: Rng): number[] {
  let best: number[] = [];
  let bestSpacing = -1;
  for (let attempt = 0; attempt < LAYOUT_ATTEMPTS; attempt++) {
    const fort = new Uint8Array(board.size);
    const placed: number[] = [];
    while (placed.length < count) {
      const options = fortressCandidates(board, fort);
      if (options.length === 0) break;
      const cell = options[rng.int(options.length)]!;
      fort[cell] = 1;
      placed.push(cell);
    }
    const spacing = closestPair(board, placed);
    if (placed.length === count && spacing >= MIN_FORTRESS_DISTANCE) return placed.sort((a, b) => a - b);
    if (placed.length > best.length || (placed.length === best.length && spacing > bestSpacing)) {
      best = placed;
      bestSpacing = spacing;
    }
  }
  return best.sort((a, b) => a - b);
}
