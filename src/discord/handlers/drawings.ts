// Boards shown on a press that anyone may repeat as fast as Discord lets them: a review's
// positions (◀ ▶ on any finished game) and a placement's preview. Each image is kept once drawn
// (an LRU bounded in bytes) under a key that names the position and the language it is drawn in,
// so pressing back to a position sends the same bytes; and each member has a budget (a token
// bucket of DRAWS_PER_MINUTE a minute): a board drawn for them costs one, a review step to a
// board already drawn a quarter (it still reads the game and uploads the image), so one member
// cannot keep the render workers, or the bot, busy. What a spent budget means is the
// caller's: a review step is refused privately (once: the presses after it, until the time told,
// are only acknowledged); a move's preview is left out (the step is shown without its picture,
// never refused), and a kept preview is free.
import type { Speaker } from '../../i18n/index.js';
import type { BotContext } from '../context.js';
import { createImageCache, type ImageCache } from '../../render/imageCache.js';

/** New drawings a member may ask for in a minute (a burst of this many, then one every 3 s). */
export const DRAWS_PER_MINUTE = 20;
/** What a review step to a board already drawn costs, in drawings. */
export const KEPT_STEP_COST = 0.25;
/** The images kept for repeated presses, in bytes. A board is 100–700 KB. */
export const KEPT_IMAGE_BYTES = 48 * 1024 * 1024;
/** Members whose buckets are remembered before the full ones are forgotten. */
const REMEMBERED_MEMBERS = 10_000;

export type Drawings = {
  /**
   * Spends what showing the image under `key` to `userId` costs: `keptCost` when it is kept or
   * being drawn, one drawing otherwise. 0 when spent, else the seconds until the member has it.
   */
  allow(key: string, userId: string, keptCost?: number): number;
  /** 0 when `userId` has at least `cost` left now, else the seconds until they have (nothing is spent). */
  ready(userId: string, cost: number): number;
  /** The image under `key`: kept, under way (a double tap waits for it), or drawn now. Asked after `allow`. */
  png(key: string, draw: () => Promise<Buffer>): Promise<Buffer>;
  /** Whether the image under `key` is kept: sent at once, with nothing to wait for. */
  kept(key: string): boolean;
  /**
   * Whether a member refused for `retryInSeconds` should be told so: the first refusal is; the
   * presses after it, until the time they were told, are acknowledged without a word.
   */
  tell(userId: string, retryInSeconds: number): boolean;
};

type Bucket = { tokens: number; at: number };

/** Per member: DRAWS_PER_MINUTE tokens at most, one back every 60/DRAWS_PER_MINUTE seconds. */
function createDrawBudget(now: () => number) {
  const buckets = new Map<string, Bucket>();
  const perMs = DRAWS_PER_MINUTE / 60_000;
  const refill = (b: Bucket, t: number) => Math.min(DRAWS_PER_MINUTE, b.tokens + (t - b.at) * perMs);
  const secondsFor = (missing: number) => Math.max(1, Math.ceil(missing / perMs / 1000));

  function tokensOf(userId: string, t: number): number {
    const b = buckets.get(userId);
    return b ? refill(b, t) : DRAWS_PER_MINUTE;
  }

  return {
    /** Spends `cost` of `userId`'s budget: 0 when it was there, else the seconds until it is. */
    take(userId: string, cost: number): number {
      const t = now();
      if (buckets.size > REMEMBERED_MEMBERS) {
        for (const [id, b] of buckets) if (refill(b, t) >= DRAWS_PER_MINUTE) buckets.delete(id);
      }
      const tokens = tokensOf(userId, t);
      if (tokens < cost) return secondsFor(cost - tokens);
      buckets.set(userId, { tokens: tokens - cost, at: t });
      return 0;
    },
    /** Like `take`, spending nothing. */
    check(userId: string, cost: number): number {
      const tokens = tokensOf(userId, now());
      return tokens < cost ? secondsFor(cost - tokens) : 0;
    },
  };
}

function createDrawings(ctx: BotContext): Drawings {
  const cache: ImageCache = createImageCache(KEPT_IMAGE_BYTES);
  // The bot's clock (tests move it), not the machine's.
  const budget = createDrawBudget(() => ctx.services.now().getTime());
  /** Drawings under way: a double tap waits for the first press's image instead of drawing it again. */
  const drawing = new Map<string, Promise<Buffer>>();
  /** Until when each member refused lately was told to wait (bot clock, ms). */
  const told = new Map<string, number>();

  return {
    allow(key, userId, keptCost = 0) {
      const cost = cache.get(key) || drawing.has(key) ? keptCost : 1;
      return cost > 0 ? budget.take(userId, cost) : 0;
    },
    ready(userId, cost) {
      return budget.check(userId, cost);
    },
    kept(key) {
      return cache.get(key) !== undefined;
    },
    tell(userId, retryInSeconds) {
      const t = ctx.services.now().getTime();
      if ((told.get(userId) ?? 0) > t) return false;
      if (told.size > REMEMBERED_MEMBERS) for (const [id, until] of told) if (until <= t) told.delete(id);
      told.set(userId, t + retryInSeconds * 1000);
      return true;
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

/** What a member is told, in their language, when a review step needs more of their budget than is left. */
export function tooFastText(sp: Speaker, retryInSeconds: number): string {
  return sp.t('discord:review.tooFast', { seconds: retryInSeconds });
}
