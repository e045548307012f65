// Old boards are retired (their buttons and "your move" removed) after the new boards are out.
// Both a new board and the edit of an old one count against Discord's global limit of 50
// requests a second, which discord.js enforces on our side: in a burst of 50 moves the old boards'
// edits, sent as they came, made the last new board wait for the next second. So an edit waits
// while boards are being posted, and goes out once posting has been quiet for a moment, or after
// MAX_WAIT_MS at most. An old board's buttons are harmless meanwhile: a press on them is answered
// as out of date (each button names the version it was made for).

/** How long posting must be quiet before edits go: longer than the gap between two boards of a burst. */
export const QUIET_MS = 150;
/** The longest an old board keeps its buttons after its replacement was posted. */
export const MAX_WAIT_MS = 1500;

type Pending = { run: () => Promise<void>; since: number };

export function createRetireQueue(track: (task: Promise<unknown>) => void, now: () => number = () => performance.now()) {
  const pending: Pending[] = [];
  let posting = 0;
  let lastPost = -Infinity;
  let timer: NodeJS.Timeout | null = null;

  function schedule(): void {
    if (timer) clearTimeout(timer);
    timer = null;
    if (!pending.length) return;
    const t = now();
    const quietAt = posting > 0 ? Infinity : lastPost + QUIET_MS;
    const due = Math.min(quietAt, pending[0]!.since + MAX_WAIT_MS);
    if (due <= t) return flush();
    timer = setTimeout(schedule, Math.min(due - t, MAX_WAIT_MS));
  }

  function flush(): void {
    if (timer) clearTimeout(timer);
    timer = null;
    for (const p of pending.splice(0)) track(p.run());
  }

  return {
    /** Runs `post` (a new board going out) and holds edits back while it is under way. */
    async posting<T>(post: () => Promise<T>): Promise<T> {
      posting++;
      try {
        return await post();
      } finally {
        posting--;
        lastPost = now();
        schedule();
      }
    },
    /** Queues the edit that retires an old board. */
    retire(run: () => Promise<void>): void {
      pending.push({ run, since: now() });
      schedule();
    },
    /** Sends every queued edit now (shutdown, /siege board). */
    flush,
    get size(): number {
      return pending.length;
    },
  };
}
