// What the Siege Master drawings read from the engine's view (src/games/siege-master/view.ts). The
// board, its legend and the placement previews all take it, so it lives apart from any of them.
import type { Phrase } from '../../engine/phrase.js';

export type SiegeMasterView = {
  map: string;
  /** Display name of the map ("North America"); derived from `map` when absent. */
  mapName?: string;
  cells: {
    label: string;
    q: number;
    r: number;
    army: null | { seat: number; index: number };
    fortress: null | { owner: null | number };
  }[];
  armies: { seat: number; index: number; cells: string[] }[];
  armiesLeft: number[];
  captured: number[];
  fortressesTotal: number;
  lastArmy: null | { seat: number; cells: string[]; captured: string[] };
  mustPlayAdjacent: boolean;
  hintCells: string[];
  toAct: number[];
  phase: 'draft' | 'play' | 'over';
  /** `reasonPhrase` says the reason in the board's language (games stored before it have none). */
  outcome: null | { winners: number[]; draw: boolean; reason: string; reasonPhrase?: Phrase };
  /** Moves played so far. */
  moveNumber: number;
  seatNames: string[];
  /** Blue may still take over Red's opening army. */
  canSwap?: boolean;
};
