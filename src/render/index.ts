// Board images for every game: a registry of view → SVG renderers, and the calls that turn a view
// into PNG bytes in the calling thread (the bot calls them in its render workers, pool.ts). The
// SVG is the board's description; the canvas painter draws it directly at BOARD_SCALE.
import { svgToPixels } from './canvas.js';
import { renderDiceRealmsBoard, type DiceRealmsView } from './dice-realms/board.js';
import { renderKingdomsBoard, type KingdomsView } from './kingdoms/board.js';
import { pixelsToPng } from './rasterize.js';
import { renderSiegeMasterBoard, type SiegeMasterView } from './siege-master/board.js';
import { siegeMasterPreview, type PreviewCandidate } from './siege-master/preview.js';
import type { RenderOptions } from './svg.js';
import { renderTwoDeckSiegeBoard } from './two-deck-siege/index.js';
import type { TwoDeckSiegeView } from '../games/two-deck-siege/index.js';

export type { FinishedResult, PaletteName, RenderOptions } from './svg.js';
export type { PreviewCandidate } from './siege-master/preview.js';
export type BoardRenderer = (view: any, opts: RenderOptions) => string;

/**
 * Pixels per SVG unit of a posted board. Boards are laid out about 900–1,000 units wide; Discord
 * shows them at most about 400 px wide in a channel, and at 0.6 they are 550–610 px, sharp on a
 * phone's screen when opened, with every text and mark still at least 2.5 % of the width (the
 * renderers' rule, which scaling keeps). Fewer pixels to draw, copy and compress: about half the
 * CPU of a board at scale 1.
 */
export const BOARD_SCALE = 0.6;

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

export type ImageOptions = {
  /** Pixels per SVG unit (default BOARD_SCALE). */
  scale?: number;
  /** Draw everything, the board's base included, instead of copying a cached base (tests). */
  noCache?: boolean;
};

/** The board of a view as PNG bytes, drawn in this thread. */
export async function renderBoardPng(gameId: string, view: object, opts: RenderOptions = {}, image: ImageOptions = {}): Promise<Buffer> {
  return svgImage(renderBoardSvg(gameId, view, opts), image);
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

/**
 * A small image of the candidates (for Siege Master, about 600 px wide), for the mover only. It is
 * laid out at the size it is shown, so it is drawn at scale 1, not BOARD_SCALE.
 */
export async function renderPreviewPng(gameId: string, view: object, candidates: PreviewCandidate[], opts: RenderOptions = {}, image: ImageOptions = {}): Promise<Buffer> {
  return svgImage(renderPreviewSvg(gameId, view, candidates, opts), { scale: 1, ...image });
}

/** Any board SVG as a PNG, drawn as boards are (benches, docs). */
export async function svgToPng(svg: string, image: ImageOptions = {}): Promise<Buffer> {
  return svgImage(svg, image);
}

async function svgImage(svg: string, image: ImageOptions): Promise<Buffer> {
  return pixelsToPng(svgToPixels(svg, { scale: image.scale ?? BOARD_SCALE, noCache: image.noCache }));
}
