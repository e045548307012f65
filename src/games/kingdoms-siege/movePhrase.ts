// A move said in words (the contract's `movePhrase`, shared/ENGINE.md): every move of this game
// is one both kingdom games share, said from the `kingdoms` catalog.
import type { Phrase, Seat } from '../../engine/index.js';
import { sharedMovePhrase } from '../kingdoms-base/index.js';
import { readMove } from './rules.js';
import type { SiegeMove, SiegeState } from './types.js';

/** "start in Wheatfold", "quest from Briarwick to Saltmarsh, war with 2 Mana + 1 Ore (5)"; null for what is no move. */
export function movePhrase(s: SiegeState, _seat: Seat, move: SiegeMove): Phrase | null {
  const read = readMove(move);
  return read.ok ? sharedMovePhrase(s.board, read.value) : null;
}
