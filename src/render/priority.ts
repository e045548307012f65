// Which drawing a free render worker takes next: a live board (a move's new board, a player
// waits for it) before a placement's preview (part of making a move), before a review's position
// (anyone may step through a finished game). Piscina queues in arrival order, so drawings wait
// here, by priority, and reach it only when a worker is free: a queue of reviews never stands
// between a move and its board.

export type DrawPriority = 'live' | 'preview' | 'review';

const ORDER: readonly DrawPriority[] = ['live', 'preview', 'review'];
/** How many recent waits the percentiles are taken from. */
const KEPT_WAITS = 2048;

export type PriorityGate = {
  /** Runs `work` once one of the slots is free and no drawing of a higher priority is waiting. */
  run<T>(priority: DrawPriority, work: () => Promise<T>): Promise<T>;
  /** Drawings waiting for a slot now. */
  readonly waiting: number;
  /** Time spent waiting for a slot, in ms, of the recent drawings (nearest rank). */
  waitPercentile(p: number): number;
};

export function createPriorityGate(slots: number): PriorityGate {
  let running = 0;
  const queues: Record<DrawPriority, (() => void)[]> = { live: [], preview: [], review: [] };
  const waits: number[] = [];
  let nextWait = 0;

  function release(): void {
    for (const priority of ORDER) {
      const next = queues[priority].shift();
      // The slot passes straight to the next drawing: `running` stays as it is.
      if (next) return next();
    }
    running--;
  }

  return {
    async run(priority, work) {
      const queuedAt = performance.now();
      if (running < slots) running++;
      else await new Promise<void>((resolve) => queues[priority].push(resolve));
      waits[nextWait] = performance.now() - queuedAt;
      nextWait = (nextWait + 1) % KEPT_WAITS;
      try {
        return await work();
      } finally {
        release();
      }
    },
    get waiting() {
      return ORDER.reduce((n, p) => n + queues[p].length, 0);
    },
    waitPercentile(p) {
      if (!waits.length) return 0;
      const sorted = [...waits].sort((a, b) => a - b);
      return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
    },
  };
}
