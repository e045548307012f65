// A move said in words (the contract's `movePhrase`, shared/ENGINE.md). An army stays as its
// notation ("F7 SE"): cells and compass directions are read as chess notation is.
import type { Phrase, Seat } from '../../engine/index.js';
import { formatMove } from './notation.js';
import { phrase, seatPhrase } from './phrases.js';
import type { SiegeMasterMove, SiegeMasterState } from './types.js';

/** "F7 SE", "fortress on F7", "swap: take Red's opening army"; null for what is no move. */
export function movePhrase(state: SiegeMasterState, seat: Seat, move: SiegeMasterMove): Phrase | null {
  switch (move?.type) {
    case 'place':
      return phrase('moves.army', { move: formatMove(state, seat, move) });
    case 'fort':
      return phrase('moves.fort', { cell: String(move.cell).toUpperCase() });
    case 'swap':
      return phrase('moves.swap', { seat: seatPhrase(seat === 1 ? 0 : 1) });
    default:
      return null;
  }
}
