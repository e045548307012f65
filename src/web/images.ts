// The board images of watch and play pages: drawn by the render workers (after live boards:
// watchers wait, players do not), and kept by game, version, position and language in a cache
// bounded in bytes, so that a page opened by many, or a position stepped to again, is drawn once.
import { hasBoardRenderer } from '../render/index.js';
import type { RenderPool } from '../render/pool.js';
import { createKeyedLock } from '../services/keyedLock.js';
import type { GameModel } from './gameModel.js';

/** About 30 boards of 200–500 KB. */
const CACHE_BYTES = 12 * 1024 * 1024;

export function createImages(render: RenderPool) {
  const cache = new Map<string, Buffer>();
  let bytes = 0;
  const drawing = createKeyedLock();

  function keep(key: string, png: Buffer): void {
    cache.set(key, png);
    bytes += png.length;
    for (const [old, value] of cache) {
      if (bytes <= CACHE_BYTES) break;
      cache.delete(old);
      bytes -= value.length;
    }
  }

  return {
    /** The PNG of the position a model shows, or null for a game without board images. */
    async png(m: GameModel, viewer: string): Promise<Buffer | null> {
      if (!hasBoardRenderer(m.game.gameType)) return null;
      const key = `${m.game.id}:${m.game.version}:${m.index}:${viewer}:${m.sp.locale}`;
      // Many watchers asking at once for a new position wait for one drawing, then find it kept.
      return drawing.run(key, async () => {
        const hit = cache.get(key);
        if (hit) {
          cache.delete(key);
          cache.set(key, hit);
          return hit;
        }
        const png = await render.boardPng(m.picture.gameType, m.picture.view, m.picture.opts);
        keep(key, png);
        return png;
      });
    },
  };
}

export type Images = ReturnType<typeof createImages>;
