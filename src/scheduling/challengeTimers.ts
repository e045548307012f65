// Challenge expiry. The deadline lives in the Challenge row; a timer in this process fires it,
// and at start-up every pending challenge is re-armed (overdue ones fire at once). Expiring is a
// conditional update, so with several processes each challenge expires exactly once.
import type { Logger } from '../config/logger.js';
import type { ChallengeRow, ChallengeService } from '../services/challenges.js';

const MAX_TIMEOUT = 2 ** 31 - 1;

export function createChallengeTimers(opts: {
  challenges: ChallengeService;
  now: () => Date;
  log: Logger;
  onExpired: (c: ChallengeRow) => Promise<void>;
}) {
  const timers = new Map<number, NodeJS.Timeout>();

  function schedule(c: Pick<ChallengeRow, 'id' | 'expiresAt'>): void {
    cancel(c.id);
    const wait = Math.min(Math.max(0, c.expiresAt.getTime() - opts.now().getTime()), MAX_TIMEOUT);
    const t = setTimeout(() => void fire(c), wait);
    t.unref();
    timers.set(c.id, t);
  }

  async function fire(c: Pick<ChallengeRow, 'id' | 'expiresAt'>): Promise<void> {
    timers.delete(c.id);
    if (c.expiresAt.getTime() > opts.now().getTime()) return schedule(c); // a very long wait, re-armed
    try {
      const expired = await opts.challenges.expire(c.id);
      if (expired) await opts.onExpired(expired);
    } catch (e) {
      opts.log.error(`could not expire challenge ${c.id}`, { err: e });
    }
  }

  function cancel(id: number): void {
    const t = timers.get(id);
    if (t) clearTimeout(t);
    timers.delete(id);
  }

  return {
    schedule,
    cancel,
    async restore(): Promise<number> {
      const pending = await opts.challenges.pending();
      for (const c of pending) schedule(c);
      return pending.length;
    },
    stop(): void {
      for (const t of timers.values()) clearTimeout(t);
      timers.clear();
    },
  };
}

export type ChallengeTimers = ReturnType<typeof createChallengeTimers>;
