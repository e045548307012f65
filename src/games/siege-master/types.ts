// Shapes of Siege Master's state, moves and options, and the constants of the rules.
import type { Outcome, Seat, SeatSpec } from '../../engine/index.js';

export const ARMIES_PER_SEAT = 20;
export const ARMY_LENGTH = 4;
export const SEAT_NAMES = ['Red', 'Blue'] as const;
export const MIN_FORTRESS_DISTANCE = 3;
export const FORTRESS_COUNT = { min: 5, max: 25, default: 15 } as const;

export const MAP_IDS = ['africa', 'australia', 'asia', 'europe', 'north-america', 'south-america', 'hex'] as const;
export type MapId = (typeof MAP_IDS)[number];
/** The board of a position built from ASCII art rather than a shipped map. */
export const CUSTOM_MAP = 'custom';

/** The three directions an army runs from its first cell in reading order. */
export const PLACEMENT_DIRECTIONS = ['E', 'SE', 'SW'] as const;
export type PlacementDirection = (typeof PLACEMENT_DIRECTIONS)[number];

/** An army placed on 4 cells in a row. `cells` lists the labels in line order, starting at `cell`. */
export type PlaceMove = { type: 'place'; cell: string; dir: PlacementDirection; cells: string[] };
/** Blue's first-turn option: Red's opening army, and what it captured, become Blue's. */
export type SwapMove = { type: 'swap' };
/** A neutral fortress placed during the draft. */
export type FortMove = { type: 'fort'; cell: string };
export type SiegeMasterMove = PlaceMove | SwapMove | FortMove;

export type FortressSetup = 'random' | 'draft';
export type SiegeMasterOptions = {
  map: MapId | 'random';
  fortresses: FortressSetup;
  fortressCount: number;
};

/** The most recent army, which decides where the next one may go. */
export type LastArmy = { seat: Seat; cells: string[]; captured: string[] };

export type Phase = 'draft' | 'play' | 'over';

/**
 * The whole game, as stored after every move. Cells are numbered by land index: the map's land
 * cells in reading order. Both boards are one character per land cell, so a position stays small.
 */
export type SiegeMasterState = {
  /** A shipped map id, or `custom` with the rows in `customRows`. */
  map: MapId | typeof CUSTOM_MAP;
  customRows: string[] | null;
  seats: SeatSpec[];
  fortressSetup: FortressSetup;
  /** Fortresses in the game: the target count during the draft, then the number on the board. */
  fortressCount: number;
  phase: Phase;
  /** The seat to act; once the game is over, the seat that could not. */
  toMove: Seat;
  /** Moves played so far, the draft and the swap included. */
  moveNumber: number;
  /** Per land cell: `.` empty, `a`…`t` Red's army 0…19, `A`…`T` Blue's army 0…19. */
  armies: string;
  /** Per land cell: `.` no fortress, `n` neutral, `0` held by Red, `1` held by Blue. */
  forts: string;
  armiesLeft: number[];
  last: LastArmy | null;
  outcome: Outcome | null;
};

export const seatName = (seat: Seat): string => SEAT_NAMES[seat] ?? `Seat ${seat}`;
export const otherSeat = (seat: Seat): Seat => (seat === 0 ? 1 : 0);

/** The character that marks army `index` of `seat` on the army board. */
export const armyChar = (seat: Seat, index: number): string => String.fromCharCode((seat === 0 ? 97 : 65) + index);

/** The owner and index of the army drawn with `ch`, or null for an empty cell. */
export function armyOf(ch: string): { seat: Seat; index: number } | null {
  const code = ch.charCodeAt(0);
  if (code >= 97 && code < 97 + 26) return { seat: 0, index: code - 97 };
  if (code >= 65 && code < 65 + 26) return { seat: 1, index: code - 65 };
  return null;
}

export const NEUTRAL = 'n';
export const NO_FORT = '.';
export const fortOwnerChar = (seat: Seat): string => String(seat);
