// The board a player can touch: each choice of the step they are at, laid over the board's image
// where the board draws the thing it names (a cell, a territory, a unit), in the drawing's own
// units (render/targets.ts). A choice with no place on the board (done, pass, a count) stays a
// button in the list beside it. Only the current position's board is touchable, and only on the
// player's turn.
import type { GameDefinition, Seat } from '../engine/contract.js';
import { boardShapes, shapeExtent, type BoardShape } from '../render/targets.js';
import type { RenderOptions } from '../render/svg.js';
import type { SaidLevel } from './choices.js';
import { diceRealmsPlaces } from './targets/diceRealms.js';
import { kingdomsChosen, kingdomsPlaces } from './targets/kingdoms.js';
import { siegeMasterChosen, siegeMasterPlaces } from './targets/siegeMaster.js';
import { twoDeckSiegeChosen, twoDeckSiegePlaces } from './targets/twoDeckSiege.js';
import type { ChoicePlaces } from './targets/types.js';

export type BoardTarget = {
  key: string;
  completes: boolean;
  /** What a click does, in the reader's language (the list's button says the same). */
  text: string;
  /** The outlines a click lands on. */
  shapes: BoardShape[];
  /** The outlines of what the choice would make, when more than where it is clicked. */
  shown: BoardShape[];
};

export type TouchBoard = {
  width: number;
  height: number;
  targets: BoardTarget[];
  /** What the steps before chose, shown as chosen. */
  chosen: BoardShape[];
  /** The smallest target's smallest side, in the drawing's units (for the phone's zoom). */
  smallest: number;
};

/** `ids`: the board's things by id (render/targets.ts), for a game whose keys are those ids. */
type PlacesOf = (def: GameDefinition, state: unknown, seat: Seat, chosen: string[], keys: string[], view: object, ids: Set<string>) => ChoicePlaces;

/** Game id → where its choices are on its board, and what an earlier step chose. */
const placeFinders: Record<string, { places: PlacesOf; chosen: (chosen: string[], state: unknown, ids: Set<string>) => string[] }> = {
  'siege-master': { places: siegeMasterPlaces, chosen: siegeMasterChosen },
  'dice-realms': { places: diceRealmsPlaces, chosen: () => [] },
  'two-deck-siege': { places: twoDeckSiegePlaces, chosen: twoDeckSiegeChosen },
  'kingdoms-siege': { places: kingdomsPlaces, chosen: kingdomsChosen },
  'kingdoms-solo': { places: kingdomsPlaces, chosen: kingdomsChosen },
};

export function touchBoard(
  def: GameDefinition,
  state: unknown,
  seat: Seat,
  chosen: string[],
  level: SaidLevel,
  picture: { gameType: string; view: object; opts: RenderOptions },
): TouchBoard | null {
  const finder = Object.hasOwn(placeFinders, def.id) ? placeFinders[def.id] : undefined;
  if (!finder || !level.options.length) return null;
  const board = boardShapes(picture.gameType, picture.view, picture.opts);
  if (!board) return null;
  const ids = new Set(board.shapes.keys());
  const places = finder.places(def, state, seat, chosen, level.options.map((o) => o.key), picture.view, ids);
  const outlines = (ids: string[]) => ids.flatMap((id) => board.shapes.get(id) ?? []);
  const targets: BoardTarget[] = [];
  for (const o of level.options) {
    const place = places.get(o.key);
    const shapes = place ? outlines(place.cells) : [];
    if (!shapes.length) continue;
    targets.push({ key: o.key, completes: o.completes, text: o.text, shapes, shown: place?.shown ? outlines(place.shown) : shapes });
  }
  if (!targets.length) return null;
  const smallest = Math.min(...targets.flatMap((t) => t.shapes.map(shapeExtent)));
  return { width: board.width, height: board.height, targets, chosen: outlines(finder.chosen(chosen, state, ids)), smallest };
}
