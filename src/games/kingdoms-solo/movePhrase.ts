// A move said in words (the contract's `movePhrase`, shared/ENGINE.md): the moves both kingdom
// games share from the `kingdoms` catalog, this game's own (faction, territory card, war) from its own.
import type { Phrase, Seat } from '../../engine/index.js';
import { factionTerm, paidPhrase, phrase, sharedMovePhrase, territory } from '../kingdoms-base/index.js';
import { readMove } from './rules.js';
import type { SoloMove, SoloState } from './types.js';

/** "lead the Verdant Circle", "commit 2 Mana to the war", "patrol from Wheatfold to Saltmarsh"; null for what is no move. */
export function movePhrase(s: SoloState, _seat: Seat, move: SoloMove): Phrase | null {
  const read = readMove(move);
  if (!read.ok) return null;
  const m = read.value;
  switch (m.type) {
    case 'faction':
      return phrase('moves.faction', { faction: factionTerm(m.faction) });
    case 'territory':
      return phrase('moves.territory', { name: territory(m.card, 'A').name });
    case 'war':
      return phrase('moves.war', { payment: paidPhrase(m) });
    case 'flag':
      return phrase('moves.flag');
    case 'defeat':
      return phrase('moves.defeat');
    case 'alliance':
      return phrase('moves.alliance');
    default:
      return sharedMovePhrase(s.board, m);
  }
}
