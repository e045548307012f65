// The Kingdoms games' choices on their board: a region (to start in, to move from or to, to
// expand into) is its tile on its card. Actions, amounts and payments stay buttons.
import type { GameDefinition, Seat } from '../../engine/contract.js';
import type { ChoicePlaces } from './types.js';

export function kingdomsPlaces(_def: GameDefinition, _state: unknown, _seat: Seat, _chosen: string[], keys: string[], _view: object, ids: Set<string>): ChoicePlaces {
  return new Map(keys.filter((key) => ids.has(key)).map((key) => [key, { cells: [key] }]));
}

/** The region a step before chose (where a meeple moves from). */
export function kingdomsChosen(chosen: string[], _state: unknown, ids: Set<string>): string[] {
  return chosen.filter((key) => ids.has(key));
}
