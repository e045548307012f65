// Two Deck Siege's choices on its board: a card is its face in the hand; a place (a wall, a
// tower, a band cell, the courtyard) is its box; a unit or an enemy is its chip. How a card is
// played, rest, done and end turn stay buttons, as do units grouped in the courtyard.
import type { GameDefinition, Seat } from '../../engine/contract.js';
import { keyOf } from '../../games/two-deck-siege/types.js';
import type { ChoicePlaces } from './types.js';

/** The board's thing a key names: a place by its id, a unit by `unit:<id>`, a card by its place in the hand. */
function idOf(key: string, state: unknown, ids: Set<string>): string | null {
  if (ids.has(key)) return key;
  if (ids.has(`unit:${key}`)) return `unit:${key}`;
  // A card is chosen by its kind ("volley"); the hand holds each card by its id ("volley.2").
  const hand = ((state as { hand?: unknown }).hand ?? []) as string[];
  const at = hand.findIndex((id) => id === key || keyOf(id) === key);
  return at >= 0 ? `hand:${at}` : null;
}

export function twoDeckSiegePlaces(_def: GameDefinition, state: unknown, _seat: Seat, _chosen: string[], keys: string[], _view: object, ids: Set<string>): ChoicePlaces {
  const places: ChoicePlaces = new Map();
  for (const key of keys) {
    const id = idOf(key, state, ids);
    if (id) places.set(key, { cells: [id] });
  }
  return places;
}

/** The card, place or unit chosen at the steps before. */
export function twoDeckSiegeChosen(chosen: string[], state: unknown, ids: Set<string>): string[] {
  return chosen.flatMap((key) => idOf(key, state, ids) ?? []);
}
