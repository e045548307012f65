// Images drawn on a press that anyone may repeat as fast as Discord lets them: a review's
// positions (◀ ▶ on any finished game) and a placement's preview. Each is kept once drawn (an LRU
// bounded in bytes), so pressing back to a position sends the same bytes; and a member may have
// at most DRAWS_PER_MINUTE new drawings a minute (a token bucket), so one member cannot keep the
// render workers busy. What a spent budget means is the caller's: a review step is refused
// privately; a move's preview is left out (the step is shown without its picture, never refused).
import type { BotContext } from '../context.js';
import { createImageCache, type ImageCache } from '../../render/imageCache.js';

/** New drawings a member may ask for in a minute (a burst of this many, then one every 3 s). */
export const DRAWS_PER_MINUTE = 20;
/** The images kept for repeated presses, in bytes. A board is 100–700 KB. */
export const KEPT_IMAGE_BYTES = 48 * 1024 * 1024;
/** Members whose buckets are remembered before the full ones are forgotten. */
const REMEMBERED_MEMBERS = 10_000;

export type Drawings = {
  /**
   * 0 when `userId` may have the image under `key` now: it is kept, or under way, or one of their
   * drawings of the minute is spent on it; else the seconds until they have a drawing again.
   */
  allow(key: string, userId: string): number;
  /** The image under `key`: kept, under way (a double tap waits for it), or drawn now. Asked after `allow`. */
  png(key: string, draw: () => Promise<Buffer>): Promise<Buffer>;
  /** Whether the image under `key` is kept: sent at once, with nothing to wait for. */
  kept(key: string): boolean;
};

type Bucket = { tokens: number; at: number };

/** Per member: DRAWS_PER_MINUTE tokens at most, one back every 60/DRAWS_PER_MINUTE seconds. */
function createDrawBudget(now: () => number) {
  const buckets = new Map<string, Bucket>();
  const perMs = DRAWS_PER_MINUTE / 60_000;
  const refill = (b: Bucket, t: number) => Math.min(DRAWS_PER_MINUTE, b.tokens + (t - b.at) * perMs);

  function forgetFull(t: number): void {
    for (const [userId, b] of buckets) if (refill(b, t) >= DRAWS_PER_MINUTE) buckets.delete(userId);
  }

  return {
    /** Spends one drawing of `userId`: 0 when there was one, else the seconds until there is. */
    take(userId: string): number {
      const t = now();
      if (buckets.size > REMEMBERED_MEMBERS) forgetFull(t);
      const b = buckets.get(userId);
      const tokens = b ? refill(b, t) : DRAWS_PER_MINUTE;
      if (tokens >= 1) {
        buckets.set(userId, { tokens: tokens - 1, at: t });
        return 0;
      }
      buckets.set(userId, { tokens, at: t });
      return Math.max(1, Math.ceil((1 - tokens) / perMs / 1000));
    },
  };
}

function createDrawings(ctx: BotContext): Drawings {
  const cache: ImageCache = createImageCache(KEPT_IMAGE_BYTES);
  // The bot's clock (tests move it), not the machine's.
  const budget = createDrawBudget(() => ctx.services.now().getTime());
  /** Drawings under way: a double tap waits for the first press's image instead of drawing it again. */
  const drawing = new Map<string, Promise<Buffer>>();

  return {
    allow(key, userId) {
      return cache.get(key) || drawing.has(key) ? 0 : budget.take(userId);
    },
    kept(key) {
      return cache.get(key) !== undefined;
    },
    async png(key, draw) {
      const kept = cache.get(key);
      if (kept) return kept;
      const underway = drawing.get(key);
      if (underway) return underway;
      const task = draw().then((png) => {
        cache.set(key, png);
        return png;
      }).finally(() => drawing.delete(key));
      drawing.set(key, task);
      return task;
    },
  };
}

/** One set per running bot (its context), made on first use. */
const perBot = new WeakMap<BotContext, Drawings>();

export function drawingsOf(ctx: BotContext): Drawings {
  let drawings = perBot.get(ctx);
  if (!drawings) perBot.set(ctx, (drawings = createDrawings(ctx)));
  return drawings;
}

/** What a member is told when a review step needs a drawing they have no budget for. */
export function tooFastText(retryInSeconds: number): string {
  return `You are stepping through boards faster than I can draw them; try again in ${retryInSeconds} s.`;
}
