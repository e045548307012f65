// One lock per key, in this process: work under the same key runs one at a time, in the order it
// was asked for; work under other keys runs freely. A failure ends only its own work, never the
// queue behind it. Everything that must not overlap for one game or one player (a board's edits,
// a game's clock arming, a player's private panels, a replay's drawing, a daily leaderboard's
// message) goes through one of these. A game's presses and jobs are all handled by the process
// that serves its guild, so a lock in that process is enough.

export type KeyedLock = {
  /** Runs `work` once every earlier work of `key` has settled; resolves or rejects as `work` does. */
  run<T>(key: string, work: () => Promise<T>): Promise<T>;
  /** Keys with work queued or running (for tests and shutdown). */
  readonly size: number;
};

export function createKeyedLock(): KeyedLock {
  const tails = new Map<string, Promise<void>>();
  return {
    async run<T>(key: string, work: () => Promise<T>): Promise<T> {
      const before = tails.get(key) ?? Promise.resolve();
      const run = before.then(work);
      const settled = run.then(() => undefined, () => undefined);
      tails.set(key, settled);
      try {
        return await run;
      } finally {
        if (tails.get(key) === settled) tails.delete(key);
      }
    },
    get size() {
      return tails.size;
    },
  };
}
