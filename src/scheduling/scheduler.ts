// Jobs that must happen later, stored in PostgreSQL by pg-boss so they survive restarts and run
// once across processes: turn reminders, timeouts (and the grace after them), challenge expiry,
// owed AI moves, and tournaments' sign-up closes, round starts and round deadlines.
//
// Each shard has its own queues. A process works only the queues of the shards it serves, so a
// job for a guild is run by the process that holds that guild's gateway connection (and its
// channel cache); jobs for other guilds wait for their owner, and a job found in the wrong queue
// (after a change of SHARD_COUNT) is forwarded to the right one. Every handler judges the stored
// game as it is when the job runs and changes it with conditional writes, so a job that runs twice,
// or comes early (a game's clock jobs are re-armed only when they would come too late), is harmless.
import pg from 'pg';
import PgBoss from 'pg-boss';
import type { Logger } from '../config/logger.js';
import { createPool, type StatementObserver } from '../persistence/pool.js';
import type { ClockWakes } from '../services/clocks.js';
import type { GameSnapshot } from '../services/types.js';

/** Every job names its guild, so a process can tell whether the job is its own to run. */
type Routed = { guildId: string | null };
/** The version and stage a clock job was armed for are for the logs: its handler judges the game as it is. */
export type ReminderJob = Routed & { gameId: number; version?: number };
export type TimeoutJob = Routed & { gameId: number; version?: number; stage?: 'deadline' | 'grace' };
export type ChallengeJob = Routed & { challengeId: number };
export type AiTurnJob = Routed & { gameId: number };
/** A daily siege closes at the end of its day plus 24 hours (services/daily.ts). */
export type DailyCloseJob = Routed & { gameId: number };
/** A tournament's sign-up closes (src/tournaments/). */
export type TournamentSignupJob = Routed & { tournamentId: number };
/** A tournament's round is paired and its games started (now), or its deadline comes. */
export type TournamentRoundJob = Routed & { tournamentId: number; round: number };

export type JobHandlers = {
  reminder(job: ReminderJob): Promise<void>;
  timeout(job: TimeoutJob): Promise<void>;
  challenge(job: ChallengeJob): Promise<void>;
  aiTurn(job: AiTurnJob): Promise<void>;
  dailyClose(job: DailyCloseJob): Promise<void>;
  tournamentSignup(job: TournamentSignupJob): Promise<void>;
  tournamentRound(job: TournamentRoundJob): Promise<void>;
  tournamentDeadline(job: TournamentRoundJob): Promise<void>;
};

type Kind = keyof JobHandlers;

/** Advisory lock key held while queues are created (the migrator's is 72707369). */
const QUEUE_CREATION_LOCK = 72707370;
const KINDS: Kind[] = ['reminder', 'timeout', 'challenge', 'aiTurn', 'dailyClose', 'tournamentSignup', 'tournamentRound', 'tournamentDeadline'];
/** How long a job may run before pg-boss takes it for lost: an AI's turn, and a round starting (or deciding) its games one after another, take longest. */
const EXPIRY_SECONDS: Partial<Record<Kind, number>> = { aiTurn: 300, tournamentRound: 900, tournamentDeadline: 900 };

export type SchedulerOptions = {
  databaseUrl: string;
  shardCount: number;
  /** The shards this process serves. */
  shardIds: number[];
  now: () => Date;
  log: Logger;
  /** How often idle workers look for due jobs (pg-boss allows 0.5 s at least). */
  pollSeconds: number;
  /** The job queue's database connections in this process. Default 4. */
  poolSize?: number;
  /** Told of each statement the job queue sends (the metrics). */
  onStatement?: StatementObserver;
  /** Told, as each job starts, how late it started after it came due (the metrics). */
  onJobStart?: (kind: string, lagSeconds: number) => void;
};

/** The shard Discord sends a guild's events to; direct messages go to shard 0. */
export function shardOfGuild(guildId: string | null, shardCount: number): number {
  if (!guildId || shardCount <= 1) return 0;
  return Number((BigInt(guildId) >> 22n) % BigInt(shardCount));
}

/**
 * Every started scheduler of this process, woken together by `wakeJobWorkers`. Nothing in the bot
 * calls it: its workers find due jobs by polling.
 */
const wakers = new Set<() => void>();

/**
 * Wakes every job worker of this process at once, as their next poll would. For tests that move
 * their clock (and the waiting jobs with it): the jobs that came due run without waiting a poll.
 */
export function wakeJobWorkers(): void {
  for (const wake of wakers) wake();
}

export function createScheduler(opts: SchedulerOptions) {
  // The queue's own pool, so that its statements are counted like the store's.
  const pool = createPool(opts.databaseUrl, opts.poolSize ?? 4, 'jobs', opts.onStatement);
  pool.on('error', (e) => opts.log.error('job queue connection error', { err: e }));
  const boss = new PgBoss({
    db: { executeSql: (text: string, values: unknown[]) => pool.query(text, values as never[]) },
    // No cron schedules are used; maintenance (archiving, expiring stuck jobs) stays on.
    schedule: false,
  });
  boss.on('error', (e) => opts.log.error('job queue error', { err: e }));
  const workerIds = new Map<string, string>();
  let started = false;

  const queue = (kind: Kind, shard: number) => `siege-${kind}-s${shard}`;
  const queueOfGuild = (kind: Kind, guildId: string | null) => queue(kind, shardOfGuild(guildId, opts.shardCount));
  /** Seconds from now (the database's now) until `at` on the bot's clock. */
  const secondsUntil = (at: Date) => Math.max(0, (at.getTime() - opts.now().getTime()) / 1000);

  /**
   * Creates every shard's queues, so any process can arm jobs for any guild. Processes starting
   * together take turns (pg-boss creates a table per queue, and concurrent creations deadlock).
   */
  async function createQueues(): Promise<void> {
    const lock = new pg.Client({ connectionString: opts.databaseUrl });
    await lock.connect();
    try {
      await lock.query('SELECT pg_advisory_lock($1)', [QUEUE_CREATION_LOCK]);
      for (let shard = 0; shard < opts.shardCount; shard++) {
        for (const kind of KINDS) {
          const name = queue(kind, shard);
          // `short`: at most one waiting job per key, so a game has one live reminder and one timeout.
          if (!(await boss.getQueue(name))) {
            await boss.createQueue(name, { name, policy: 'short', retryLimit: 3, retryDelay: 5, expireInSeconds: EXPIRY_SECONDS[kind] ?? 60 });
          }
        }
      }
    } finally {
      await lock.query('SELECT pg_advisory_unlock($1)', [QUEUE_CREATION_LOCK]).catch(() => {});
      await lock.end().catch(() => {});
    }
  }

  async function start(handlers: JobHandlers): Promise<void> {
    await boss.start();
    started = true;
    await createQueues();
    for (const shard of opts.shardIds) {
      for (const kind of KINDS) {
        const name = queue(kind, shard);
        if (workerIds.has(name)) continue; // a retried start
        const id = await boss.work<Routed>(name, { pollingIntervalSeconds: opts.pollSeconds, batchSize: 1, includeMetadata: true }, async (jobs) => {
          for (const job of jobs) {
            opts.onJobStart?.(kind, Math.max(0, (Date.now() - new Date(job.startAfter).getTime()) / 1000));
            if (!servesGuild(job.data.guildId)) await forward(kind, job.data, job.singletonKey);
            else await (handlers[kind] as (d: Routed) => Promise<void>)(job.data);
          }
        });
        workerIds.set(name, id);
      }
    }
    wakers.add(wakeAll);
  }

  /**
   * Replaces the waiting jobs of `key` in the queues `names` with `jobs` (none: only removes
   * them). Two round trips, however many queues.
   */
  async function replace(names: string[], key: string, jobs: { name: string; data: object; at: Date }[]): Promise<void> {
    await boss.getDb().executeSql(`DELETE FROM pgboss.job WHERE name = ANY($1) AND singleton_key = $2 AND state < 'active'`, [names, key]);
    if (jobs.length) {
      await boss.insert(jobs.map((j) => ({ name: j.name, data: j.data, singletonKey: key, startAfter: String(secondsUntil(j.at)) as never })));
    }
  }

  function servesGuild(guildId: string | null): boolean {
    return opts.shardIds.includes(shardOfGuild(guildId, opts.shardCount));
  }

  /**
   * Moves a job that reached the wrong shard's queue to the right one, due at once. A waiting job
   * with the same key there wins (the queues keep one per key), so nothing runs twice.
   */
  async function forward(kind: Kind, data: Routed, key: string | null): Promise<void> {
    opts.log.info(`a ${kind} job for guild ${data.guildId} belongs to another shard: forwarded`);
    await boss.send(queueOfGuild(kind, data.guildId), data, key ? { singletonKey: key } : {});
  }

  const wakeAll = () => {
    for (const id of workerIds.values()) boss.notifyWorker(id);
  };

  /** Wakes this process's worker at once when it serves the queue (no wait for its next poll). */
  function nudge(name: string): void {
    const id = workerIds.get(name);
    if (id) boss.notifyWorker(id);
  }

  return {
    start,
    /**
     * Replaces a game's waiting reminder and timeout jobs with ones due at `wakes` (none: only
     * removes them). False when nothing was armed (workers not started).
     */
    async armGame(game: GameSnapshot, wakes: ClockWakes): Promise<boolean> {
      if (!started) return false;
      const key = `g${game.id}`;
      const reminders = queueOfGuild('reminder', game.guildId);
      const timeouts = queueOfGuild('timeout', game.guildId);
      // The version and stage say what the job was armed for (the logs); its handler judges the game as it is then.
      const data = { guildId: game.guildId, gameId: game.id, version: game.version };
      const jobs: { name: string; data: object; at: Date }[] = [];
      if (wakes.reminderAt) jobs.push({ name: reminders, data, at: wakes.reminderAt });
      if (wakes.timeoutAt) jobs.push({ name: timeouts, data: { ...data, stage: game.timedOutAt ? 'grace' : 'deadline' }, at: wakes.timeoutAt });
      await replace([reminders, timeouts], key, jobs);
      return true;
    },
    async armChallenge(c: { id: number; guildId: string; expiresAt: Date }): Promise<void> {
      if (!started) return;
      const name = queueOfGuild('challenge', c.guildId);
      await replace([name], `c${c.id}`, [{ name, data: { guildId: c.guildId, challengeId: c.id }, at: c.expiresAt }]);
    },
    /** Records that an AI owes a move in this game, and wakes the local worker for it. */
    async aiTurn(game: Pick<GameSnapshot, 'id' | 'guildId'>): Promise<void> {
      if (!started) return;
      const name = queueOfGuild('aiTurn', game.guildId);
      await boss.send(name, { guildId: game.guildId, gameId: game.id }, { singletonKey: `g${game.id}` });
      nudge(name);
    },
    /** Arms the close of a daily game at `at` (replacing an earlier arming of the same game). */
    async armDailyClose(game: Pick<GameSnapshot, 'id' | 'guildId'>, at: Date): Promise<void> {
      if (!started) return;
      const name = queueOfGuild('dailyClose', game.guildId);
      await replace([name], `d${game.id}`, [{ name, data: { guildId: game.guildId, gameId: game.id }, at }]);
    },
    /** Arms the close of a tournament's sign-up at `at` (replacing an earlier arming). */
    async armSignupClose(t: { id: number; guildId: string }, at: Date): Promise<void> {
      if (!started) return;
      const name = queueOfGuild('tournamentSignup', t.guildId);
      await replace([name], `t${t.id}`, [{ name, data: { guildId: t.guildId, tournamentId: t.id }, at }]);
    },
    /** Arms the deadline of a tournament's round (replacing an earlier arming of that round). */
    async armRoundDeadline(t: { id: number; guildId: string }, round: number, at: Date): Promise<void> {
      if (!started) return;
      const name = queueOfGuild('tournamentDeadline', t.guildId);
      await replace([name], `t${t.id}r${round}`, [{ name, data: { guildId: t.guildId, tournamentId: t.id, round }, at }]);
    },
    /** Asks for a tournament's round to be paired and its games started, now; wakes the local worker for it. */
    async startRound(t: { id: number; guildId: string }, round: number): Promise<void> {
      if (!started) return;
      const name = queueOfGuild('tournamentRound', t.guildId);
      await boss.send(name, { guildId: t.guildId, tournamentId: t.id, round }, { singletonKey: `t${t.id}r${round}` });
      nudge(name);
    },
    servesGuild,
    async stop(): Promise<void> {
      wakers.delete(wakeAll);
      if (started) {
        started = false;
        await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
      }
      if (!pool.ending) await pool.end();
    },
  };
}

export type Scheduler = ReturnType<typeof createScheduler>;
