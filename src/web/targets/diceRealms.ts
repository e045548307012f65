// Dice Realms' choices on its board: a resource to spend is its die, a territory to gather from
// or repair and a unit to attack with, train or defend with are the player's own; an attack's
// target is the other realm's territory or unit. A count, "no defender" and "done" stay buttons.
import type { GameDefinition, Seat } from '../../engine/contract.js';
import { choicePathOf } from '../../services/moveChoices.js';
import type { ChoicePlaces } from './types.js';

const OWN = new Set(['food', 'population', 'military', 'farms', 'city', 'keep', 'infantry', 'ranged', 'cavalry', 'siege']);

type Move = { type?: string };

export function diceRealmsPlaces(def: GameDefinition, state: unknown, seat: Seat, chosen: string[], keys: string[]): ChoicePlaces {
  const places: ChoicePlaces = new Map();
  const foe = 1 - seat;
  const moves = (def.legalMoves(state, seat) as Move[]).map((move) => ({ move, path: choicePathOf(def, state, seat, move).map((c) => c.key) }));
  for (const key of keys) {
    const path = [...chosen, key];
    const found = moves.find((m) => m.path.length >= path.length && path.every((k, i) => m.path[i] === k));
    if (!found) continue;
    // An attack's last step names the target, in the other realm.
    const target = found.move.type === 'attack' && found.path.length === path.length;
    if (target) {
      const id = key.startsWith('army-') ? key.slice('army-'.length) : key;
      if (OWN.has(id)) places.set(key, { cells: [`${foe}:${id}`] });
    } else if (OWN.has(key)) places.set(key, { cells: [`${seat}:${key}`] });
  }
  return places;
}
