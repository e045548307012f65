// Building positions by hand, for scenarios, puzzles and tests, and drawing them as text.
import type { Seat, SeatSpec } from '../../engine/index.js';
import { boardFor, cellIndex } from './board.js';
import { play } from './moves.js';
import { parseMove } from './notation.js';
import {
  armyChar,
  armyOf,
  ARMIES_PER_SEAT,
  CUSTOM_MAP,
  NEUTRAL,
  NO_FORT,
  otherSeat,
  type SiegeMasterState,
} from './types.js';

export type AsciiPosition = {
  /** One string per row: `.` off the map, `#` land, `o` neutral fortress, `r`/`b` fortress held by Red/Blue. Spaces are ignored. */
  rows: string[];
  /** Armies already on the board, oldest first, in move notation (`F7 SE`, `F7-I7`). */
  armies?: { seat: Seat; at: string }[];
  /** Seat to move; by default the opponent of the last army's owner, or Red. */
  toMove?: Seat;
  /** Fortresses the last army captured (they decide whether the next move is forced). */
  lastCaptured?: string[];
  seats?: SeatSpec[];
};

const HUMANS: SeatSpec[] = [{ kind: 'human' }, { kind: 'human' }];

/**
 * A position in play on a custom board. Armies are laid down as given, without the turn order,
 * forced adjacency or sieges of real play; it throws on a malformed description.
 */
export function positionFromAscii(spec: AsciiPosition): SiegeMasterState {
  const rows = spec.rows.map((r) => r.replace(/\s+/g, ''));
  if (rows.some((r) => r.length > 26)) throw new Error('a board has at most 26 columns (A to Z)');
  const landRows = rows.map((r) => r.replace(/[orb]/gi, '#'));
  const board = boardFor({ map: CUSTOM_MAP, customRows: landRows });
  const forts: string[] = [];
  rows.forEach((row) => {
    for (const ch of row) {
      const lower = ch.toLowerCase();
      if (lower === '#') forts.push(NO_FORT);
      else if (lower === 'o') forts.push(NEUTRAL);
      else if (lower === 'r') forts.push('0');
      else if (lower === 'b') forts.push('1');
      else if (lower !== '.') throw new Error(`unknown board character "${ch}"`);
    }
  });
  const armies = '.'.repeat(board.size).split('');
  const placed = [0, 0];
  let state: SiegeMasterState = {
    map: CUSTOM_MAP,
    customRows: landRows,
    seats: spec.seats ?? HUMANS.map((s) => ({ ...s })),
    fortressSetup: 'random',
    fortressCount: forts.filter((f) => f !== NO_FORT).length,
    phase: 'play',
    toMove: 0,
    moveNumber: 0,
    armies: armies.join(''),
    forts: forts.join(''),
    armiesLeft: [ARMIES_PER_SEAT, ARMIES_PER_SEAT],
    last: null,
    outcome: null,
  };
  let lastCells: string[] = [];
  let lastSeat: Seat = 1;
  for (const { seat, at } of spec.armies ?? []) {
    const move = parseMove(state, seat, at);
    if (!move.ok) throw new Error(`army ${at}: ${move.error.message}`);
    if (move.value.type !== 'place') throw new Error(`army ${at}: not a placement`);
    for (const label of move.value.cells) {
      const c = cellIndex(board, label);
      if (armies[c] !== '.' || forts[c] !== NO_FORT) throw new Error(`army ${at}: ${label} is not empty`);
      armies[c] = armyChar(seat, placed[seat]!);
    }
    placed[seat]!++;
    lastCells = move.value.cells;
    lastSeat = seat;
    state = { ...state, armies: armies.join('') };
  }
  const hasArmies = (spec.armies ?? []).length > 0;
  return {
    ...state,
    moveNumber: placed[0]! + placed[1]!,
    armiesLeft: [ARMIES_PER_SEAT - placed[0]!, ARMIES_PER_SEAT - placed[1]!],
    last: hasArmies ? { seat: lastSeat, cells: lastCells, captured: spec.lastCaptured ?? [] } : null,
    toMove: spec.toMove ?? (hasArmies ? otherSeat(lastSeat) : 0),
  };
}

/** Plays moves in notation, each by the seat to act; throws with the game's reason on an illegal one. */
export function playMoves(state: SiegeMasterState, moves: string[]): SiegeMasterState {
  let current = state;
  for (const text of moves) {
    const seat = current.toMove;
    const move = parseMove(current, seat, text);
    if (!move.ok) throw new Error(`${text}: ${move.error.message}`);
    const result = play(current, seat, move.value);
    if (!result.ok) throw new Error(`${text}: ${result.error.message}`);
    current = result.value.state;
  }
  return current;
}

/**
 * The position as text, rows offset like the board: `.` off the map, `-` empty land, `o` neutral
 * fortress, `R`/`B` a fortress held by Red/Blue, `r`/`b` a Red/Blue army.
 */
export function boardText(state: SiegeMasterState): string {
  const board = boardFor(state);
  const lines: string[] = [];
  for (let y = 0; y < board.rows; y++) {
    const cells: string[] = [];
    for (let x = 0; x < board.columns; x++) {
      const i = board.landAt[y * board.columns + x]!;
      if (i < 0) cells.push('.');
      else if (state.forts[i] === NEUTRAL) cells.push('o');
      else if (state.forts[i] === '0') cells.push('R');
      else if (state.forts[i] === '1') cells.push('B');
      else {
        const a = armyOf(state.armies[i]!);
        cells.push(a ? (a.seat === 0 ? 'r' : 'b') : '-');
      }
    }
    lines.push(`${y % 2 === 1 ? ' ' : ''}${cells.join(' ')}  ${y + 1}`);
  }
  return lines.join('\n');
}
