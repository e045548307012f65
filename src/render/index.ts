// Board images for every game: a registry of view → SVG renderers and the one call services use.
import { renderDiceRealmsBoard, type DiceRealmsView } from './dice-realms/board.js';
import { renderKingdomsBoard, type KingdomsView } from './kingdoms/board.js';
import { svgToPng } from './rasterize.js';
import { renderSiegeMasterBoard, type SiegeMasterView } from './siege-master/board.js';
import type { RenderOptions } from './svg.js';
import { renderTwoDeckSiegeBoard } from './two-deck-siege/index.js';
import type { TwoDeckSiegeView } from '../games/two-deck-siege/index.js';

export type { PaletteName, RenderOptions } from './svg.js';
export type BoardRenderer = (view: any, opts: RenderOptions) => string;

/** Game id → renderer. A game without an entry has no board image. */
export const boardRenderers: Record<string, BoardRenderer> = {
  'siege-master': (view, opts) => renderSiegeMasterBoard(view as SiegeMasterView, opts),
  'dice-realms': (view, opts) => renderDiceRealmsBoard(view as DiceRealmsView, opts),
  'kingdoms-siege': (view, opts) => renderKingdomsBoard(view as KingdomsView, opts),
  'kingdoms-solo': (view, opts) => renderKingdomsBoard(view as KingdomsView, opts),
  'two-deck-siege': (view, opts) => renderTwoDeckSiegeBoard(view as TwoDeckSiegeView, opts),
};

export function hasBoardRenderer(gameId: string): boolean {
  return Object.hasOwn(boardRenderers, gameId);
}

export function renderBoardSvg(gameId: string, view: object, opts: RenderOptions = {}): string {
  const render = Object.hasOwn(boardRenderers, gameId) ? boardRenderers[gameId] : undefined;
  if (!render) throw new Error(`no board renderer for game "${gameId}"`);
  return render(view, opts);
}

export async function renderBoardPng(gameId: string, view: object, opts: RenderOptions = {}): Promise<Buffer> {
  return svgToPng(renderBoardSvg(gameId, view, opts));
}
