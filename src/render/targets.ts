// The geometry of a board's drawing, for a front that lets its reader touch the board: the size
// of the drawing (its SVG units; the image is the same at BOARD_SCALE) and the outline of each
// thing a move's choice can name (a Siege Master cell, a Dice Realms territory…), by its id, in
// the drawing's own units. Read from the same layout the renderers draw with, never drawn again:
// the pictures do not change.
import type { BoardShape } from './boardShape.js';
import { renderBoardSvg } from './index.js';
import { rectShape } from './boardShape.js';
import { diceRealmsShapes } from './dice-realms/targets.js';
import { kingdomsBoxes, type KingdomsView } from './kingdoms/board.js';
import { siegeMasterShapes } from './siege-master/targets.js';
import { twoDeckSiegeShapes } from './two-deck-siege/targets.js';
import type { TwoDeckSiegeView } from '../games/two-deck-siege/view.js';
import type { RenderOptions } from './svg.js';
import type { SiegeMasterView } from './siege-master/view.js';

export type { BoardShape } from './boardShape.js';
export { shapeExtent } from './boardShape.js';

export type BoardShapes = {
  /** The drawing's size in its own units (its viewBox). */
  width: number;
  height: number;
  shapes: Map<string, BoardShape>;
};

type ShapesOf = (view: any, opts: RenderOptions) => Map<string, BoardShape>;

/** Game id → the outlines of its board's things. A game without an entry has no touchable board. */
const shapeFinders: Record<string, ShapesOf> = {
  'siege-master': (view) => siegeMasterShapes(view as SiegeMasterView),
  'dice-realms': () => diceRealmsShapes(),
  'two-deck-siege': (view) => twoDeckSiegeShapes(view as TwoDeckSiegeView),
  'kingdoms-siege': (view, opts) => kingdomsShapes(view as KingdomsView, opts),
  'kingdoms-solo': (view, opts) => kingdomsShapes(view as KingdomsView, opts),
};

/** The Kingdoms games: each region's tile by its id, each action's space by `action:<action>`. */
function kingdomsShapes(view: KingdomsView, opts: RenderOptions): Map<string, BoardShape> {
  return new Map([...kingdomsBoxes(view, opts)].map(([id, b]) => [id, rectShape(b.x, b.y, b.w, b.h)]));
}

export function hasBoardShapes(gameId: string): boolean {
  return Object.hasOwn(shapeFinders, gameId);
}

/** The outlines of a view's board, with the drawing's size; null for a game without them. */
export function boardShapes(gameId: string, view: object, opts: RenderOptions = {}): BoardShapes | null {
  const find = Object.hasOwn(shapeFinders, gameId) ? shapeFinders[gameId] : undefined;
  if (!find) return null;
  // The drawing's size is its viewBox: the renderer's own sums (a legend's height, wrapped text).
  const box = /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(renderBoardSvg(gameId, view, opts).slice(0, 400));
  if (!box) return null;
  return { width: Number(box[1]), height: Number(box[2]), shapes: find(view, opts) };
}
