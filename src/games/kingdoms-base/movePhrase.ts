// The moves both kingdom games share, said in words (the contract's `movePhrase`, shared/ENGINE.md):
// keys `moves.*` of the shared `kingdoms` catalog. Regions go by their names on the cards
// ("Wheatfold"), actions and resources by the catalog's terms.
import type { Phrase } from '../../engine/index.js';
import type { Action } from './actionCard.js';
import { findRegion, type BoardState } from './kingdom.js';
import { actionTerm, amountPhrase, kingdomsPhrase, paymentPhrase, resourcesPhrase, resourceTerm } from './phrases.js';
import type { Resource } from './resources.js';
import type { WarPayment } from './war.js';

/** A move either kingdom game has. */
export type SharedKingdomMove =
  | { type: 'split'; food: number; mana: number; ore: number }
  | { type: 'place'; region: string }
  | { type: 'patrol' | 'quest'; from: string; to: string; war?: WarPayment }
  | { type: 'build' }
  | { type: 'research' }
  | { type: 'expand'; region: string }
  | { type: 'trade'; from: Resource; to: Resource; amount: number }
  | { type: 'skip'; action: Action }
  | { type: 'collect'; ruins?: Resource };

/** A region by its name on its card, else as the move names it. */
const regionName = (board: BoardState, id: string): string => findRegion(board, id)?.region.name ?? id;

/** "start in Wheatfold", "patrol from Wheatfold to Saltmarsh", "trade 2 Food for Mana"; null for a move of one game only. */
export function sharedMovePhrase(board: BoardState, m: { type: string }): Phrase | null {
  const move = m as SharedKingdomMove;
  switch (move.type) {
    case 'split':
      return kingdomsPhrase('moves.split', { resources: resourcesPhrase(move) });
    case 'place':
      return kingdomsPhrase('moves.place', { region: regionName(board, move.region) });
    case 'patrol':
    case 'quest': {
      const said = kingdomsPhrase(`moves.${move.type}`, { from: regionName(board, move.from), to: regionName(board, move.to) });
      return move.war ? kingdomsPhrase('moves.withWar', { move: said, payment: paymentPhrase(move.war) }) : said;
    }
    case 'build':
      return kingdomsPhrase('moves.build');
    case 'research':
      return kingdomsPhrase('moves.research');
    case 'expand':
      return kingdomsPhrase('moves.expand', { region: regionName(board, move.region) });
    case 'trade':
      return kingdomsPhrase('moves.trade', { amount: amountPhrase(move.from, move.amount), resource: resourceTerm(move.to) });
    case 'skip':
      return kingdomsPhrase('moves.skip', { action: actionTerm(move.action) });
    case 'collect':
      return move.ruins ? kingdomsPhrase('moves.collectRuins', { resource: resourceTerm(move.ruins) }) : kingdomsPhrase('moves.collect');
    default:
      return null;
  }
}
