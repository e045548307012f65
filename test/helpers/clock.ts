// Time for tests: the bot's clock runs ahead by an offset the test moves, never by sleeping.
// pg-boss decides that a job is due by the database's own clock, so moving time forward also
// moves every waiting job's start time back by as much: to the bot and its jobs, the time passed.
import pg from 'pg';
import { wakeJobWorkers } from '../../src/scheduling/scheduler.js';

export type TestClock = {
  now(): Date;
  /** Moves time forward by `ms` for the bot and for the jobs stored in `databaseUrl`. */
  advance(ms: number, databaseUrl: string): Promise<void>;
};

export function testClock(): TestClock {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    async advance(ms, databaseUrl) {
      offset += ms;
      await shiftWaitingJobs(databaseUrl, ms);
    },
  };
}

/**
 * Brings every waiting job `ms` closer, and wakes the job workers of this process (the bot of a
 * scene) so that the jobs now due run at once, not at their next poll.
 */
export async function shiftWaitingJobs(databaseUrl: string, ms: number): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`UPDATE pgboss.job SET start_after = start_after - $1 * interval '1 millisecond' WHERE state < 'active'`, [ms]);
  } finally {
    await client.end();
  }
  wakeJobWorkers();
}

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
