// A move said in words (the contract's `movePhrase`, shared/ENGINE.md): keys `moves.*` of the
// game's catalog, which name units and territories with their articles as each language needs.
import type { Phrase, Seat } from '../../engine/index.js';
import { phrase } from './phrases.js';
import { readMove } from './rules.js';
import type { DiceRealmsMove, DiceRealmsState } from './types.js';

/** "gather at the Farms", "train 2 Ranged", "defend with the Cavalry"; null for what is no move. */
export function movePhrase(_state: DiceRealmsState, _seat: Seat, move: DiceRealmsMove): Phrase | null {
  const read = readMove(move);
  if (!read.ok) return null;
  const m = read.value;
  switch (m.type) {
    case 'gather':
      return phrase('moves.gather', { territory: m.territory });
    case 'attack':
      return m.target === 'army'
        ? phrase('moves.attackArmy', { unit: m.unit, enemy: m.enemy })
        : phrase('moves.attackTerritory', { unit: m.unit, territory: m.target });
    case 'repair':
      return phrase('moves.repair', { territory: m.territory, count: m.points });
    case 'train':
      return phrase('moves.train', { units: phrase(`moves.units.${m.unit}`, { count: m.count }) });
    case 'defend':
      return m.unit ? phrase('moves.defend', { unit: m.unit }) : phrase('moves.defendNone');
    case 'done':
      return phrase('moves.done');
  }
}
