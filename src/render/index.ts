// Board images for every game: a registry of view → SVG renderers and the one call services use.
import { renderDiceRealmsBoard, type DiceRealmsView } from './dice-realms/board.js';
import { renderKingdomsBoard, type KingdomsView } from './kingdoms/board.js';
import { svgToPng } from './rasterize.js';
import { renderSiegeMasterBoard, type SiegeMasterView } from './siege-master/board.js';
import { siegeMasterPreview, type PreviewCandidate } from './siege-master/preview.js';
import type { RenderOptions } from './svg.js';
import { renderTwoDeckSiegeBoard } from './two-deck-siege/index.js';
import type { TwoDeckSiegeView } from '../games/two-deck-siege/index.js';

export type { FinishedResult, PaletteName, RenderOptions } from './svg.js';
export type { PreviewCandidate } from './siege-master/preview.js';
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

/** Draws candidate moves, each with the number its button carries, before one is committed. */
export type PreviewRenderer = (view: any, candidates: PreviewCandidate[], opts: RenderOptions) => string;

/** Game id → preview renderer. A game without an entry has no previews. */
export const previewRenderers: Record<string, PreviewRenderer> = {
  'siege-master': siegeMasterPreview,
};

/** Games that can draw candidate moves before they are committed. */
export function hasPreviewRenderer(gameId: string): boolean {
  return Object.hasOwn(previewRenderers, gameId);
}

export function renderPreviewSvg(gameId: string, view: object, candidates: PreviewCandidate[], opts: RenderOptions = {}): string {
  const render = Object.hasOwn(previewRenderers, gameId) ? previewRenderers[gameId] : undefined;
  if (!render) throw new Error(`no preview renderer for game "${gameId}"`);
  return render(view, candidates, opts);
}

/** A small image of the candidates (for Siege Master, about 600 px wide), for the mover only. */
export async function renderPreviewPng(gameId: string, view: object, candidates: PreviewCandidate[], opts: RenderOptions = {}): Promise<Buffer> {
  return svgToPng(renderPreviewSvg(gameId, view, candidates, opts));
}
