// The Kingdoms games' choices on their board: a region (to start in, to move from or to, to
// expand into) is its tile on its card; an action is its space on the action card. Amounts,
// payments, collecting and skipping stay buttons.
import type { GameDefinition, Seat } from '../../engine/contract.js';
import type { ChoicePlaces } from './types.js';

export function kingdomsPlaces(_def: GameDefinition, _state: unknown, _seat: Seat, _chosen: string[], keys: string[], _view: object, ids: Set<string>): ChoicePlaces {
  const places: ChoicePlaces = new Map();
  for (const key of keys) {
    const id = ids.has(key) ? key : ids.has(`action:${key}`) ? `action:${key}` : null;
    if (id) places.set(key, { cells: [id] });
  }
  return places;
}

/** The action and the region the steps before chose (where a meeple moves from). */
export function kingdomsChosen(chosen: string[], _state: unknown, ids: Set<string>): string[] {
  return chosen.flatMap((key) => (ids.has(key) ? [key] : ids.has(`action:${key}`) ? [`action:${key}`] : []));
}
