// Siege Master's choices on its board: a start cell is its hexagon (a fortress in the draft the
// same); a placement from the chosen cell is the three cells its army would cover beyond it, so
// that the directions from one cell never overlap; the swap is Red's opening army it takes over.
import type { GameDefinition, Seat } from '../../engine/contract.js';
import { choicePathOf } from '../../services/moveChoices.js';
import type { SiegeMasterView } from '../../render/siege-master/view.js';
import type { ChoicePlaces } from './types.js';

type Placement = { type: string; cells?: unknown };

export function siegeMasterPlaces(def: GameDefinition, state: unknown, seat: Seat, chosen: string[], keys: string[], view: object): ChoicePlaces {
  const places: ChoicePlaces = new Map();
  let moves: { move: Placement; path: string[] }[] | null = null;
  const movesUnder = () => (moves ??= (def.legalMoves(state, seat) as Placement[]).map((move) => ({ move, path: choicePathOf(def, state, seat, move).map((c) => c.key) })));
  for (const key of keys) {
    if (key === 'swap') {
      const last = (view as SiegeMasterView).lastArmy;
      if (last) places.set(key, { cells: last.cells });
      continue;
    }
    if (!chosen.length && /^[A-Z]+\d+$/.test(key)) {
      places.set(key, { cells: [key] });
      continue;
    }
    const path = [...chosen, key];
    const found = movesUnder().find((m) => path.every((k, i) => m.path[i] === k));
    const cells = Array.isArray(found?.move.cells) ? (found.move.cells as string[]) : null;
    if (!cells) continue;
    // The army's first cell is the one chosen before: it stays the chosen cell, not a target.
    places.set(key, { cells: chosen.length ? cells.slice(1) : cells, shown: cells });
  }
  return places;
}

/** The cell chosen at an earlier step, shown as chosen. */
export function siegeMasterChosen(chosen: string[]): string[] {
  return chosen.filter((k) => /^[A-Z]+\d+$/.test(k));
}
