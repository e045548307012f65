// Two Deck Siege's choices on its board: a card is its face in the hand; a place (a wall, a
// tower, a band cell, the courtyard) is its box; a unit or an enemy is its chip (in the courtyard,
// the chip of its alike ones); a spell is its caster's chip. How a card is played, rest, done and
// end turn stay buttons, as does a courtyard unit on a chip of units alike in kind only.
import type { GameDefinition, Seat } from '../../engine/contract.js';
import { casterOf } from '../../games/two-deck-siege/orders.js';
import { keyOf, type Caster, type TwoDeckSiegeState } from '../../games/two-deck-siege/types.js';
import type { ChoicePlaces } from './types.js';

/** The board's thing a key names: a place by its id, a unit by `unit:<id>`, a card by its place in the hand. */
function idOf(key: string, state: unknown, ids: Set<string>): string | null {
  if (ids.has(key)) return key;
  if (ids.has(`unit:${key}`)) return `unit:${key}`;
  // A card is chosen by its kind ("volley"); the hand holds each card by its id ("volley.2").
  const hand = ((state as { hand?: unknown }).hand ?? []) as string[];
  const at = hand.findIndex((id) => id === key || keyOf(id) === key);
  if (at >= 0) return `hand:${at}`;
  // A spell is chosen by its caster ("wizard"): the caster's chip, wherever it stands.
  if (key === 'wizard' || key === 'priest') {
    const caster = casterOf(state as TwoDeckSiegeState, key as Caster);
    if (caster && ids.has(`unit:${caster.id}`)) return `unit:${caster.id}`;
  }
  return null;
}

export function twoDeckSiegePlaces(_def: GameDefinition, state: unknown, _seat: Seat, _chosen: string[], keys: string[], _view: object, ids: Set<string>): ChoicePlaces {
  const s = state as TwoDeckSiegeState;
  const unitAt = (unit: string) => s.defenders.find((d) => d.id === unit)?.at ?? s.enemies.find((e) => e.id === unit)?.at ?? null;
  const places: ChoicePlaces = new Map();
  keys.forEach((key, i) => {
    const id = idOf(key, state, ids);
    if (!id) return;
    // A chip whose box (its wall, its cell, the courtyard) is a choice of the same step further
    // on lies under that box's target: it stays a button, so that each click reaches its own.
    const at = id.startsWith('unit:') ? unitAt(id.slice('unit:'.length)) : null;
    if (at !== null && keys.indexOf(at) > i) return;
    places.set(key, { cells: [id] });
  });
  return places;
}

/** The card, place or unit chosen at the steps before. */
export function twoDeckSiegeChosen(chosen: string[], state: unknown, ids: Set<string>): string[] {
  return chosen.flatMap((key) => idOf(key, state, ids) ?? []);
}
