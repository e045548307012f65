// Two bot processes, one shard each, sharing one PostgreSQL, against one fake Discord with two
// shards: games in guilds on both shards progress, and each due reminder is posted exactly once,
// even when a copy of a job sits in the other process's queue.
//
// The processes run on the real clock, so time "passes" the other way round: every stored time
// (deadlines, turn starts, waiting jobs) is moved back by the same amount.
import pg from 'pg';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSiegeCommand } from '../../commands/index.js';
import { FakeDiscord, type FakeChannel, type FakeGuild, type FakeUser } from '../harness/fakeDiscord.js';
import { spawnBot, type BotProcess } from '../helpers/botProcess.js';
import { HOUR } from '../helpers/clock.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';
import { chooser, playTurnWithCommand, waitFor, waitForAsync } from '../helpers/play.js';
import { waitForBoard } from '../helpers/scene.js';

async function moveStoredTimeBack(url: string, ms: number): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const by = `$1 * interval '1 millisecond'`;
    await client.query(`UPDATE "Game" SET "deadlineAt" = "deadlineAt" - ${by}, "turnStartedAt" = "turnStartedAt" - ${by}`, [ms]);
    await client.query(`UPDATE pgboss.job SET start_after = start_after - ${by} WHERE state < 'active'`, [ms]);
  } finally {
    await client.end();
  }
}

/**
 * Waits until the game's reminder is armed: the game records when it comes, and its job waits in
 * `queue` (the version the job names is the one it was armed for: a later move whose turn ends
 * later keeps it).
 */
async function waitForArmedJob(url: string, queue: string, gameId: number): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await waitForAsync(async () => {
      const { rows } = await client.query(
        `SELECT 1 FROM pgboss.job j JOIN "Game" g ON g.id = (j.data->>'gameId')::int
         WHERE j.name = $1 AND j.state = 'created' AND g.id = $2 AND g."reminderJobAt" IS NOT NULL`,
        [queue, gameId],
      );
      return rows.length > 0;
    }, 30_000, `the reminder of game ${gameId} in ${queue}`);
  } finally {
    await client.end();
  }
}

describe('two bot processes, one shard each', () => {
  let fake: FakeDiscord;
  let database: TestDatabase;
  const bots: BotProcess[] = [];
  let alice: FakeUser;
  const places: { guild: FakeGuild; channel: FakeChannel; threadId?: string; gameId?: number }[] = [];

  beforeAll(async () => {
    fake = await FakeDiscord.start({ shardCount: 2, botToken: 'fake-bot-token-0123456789abcdef' });
    database = await createTestDatabase();
    alice = fake.addUser({ username: 'alice' });
    for (const shardId of [0, 1]) {
      const guild = fake.addGuild({ name: `realm-${shardId}`, shardId });
      const channel = fake.addChannel(guild.id, { name: 'games' });
      fake.addMember(guild.id, alice.id);
      fake.registerCommands([buildSiegeCommand().toJSON()], guild.id);
      places.push({ guild, channel });
    }
    for (const shardId of [0, 1]) {
      bots.push(
        spawnBot({
          DISCORD_TOKEN: fake.botToken,
          DISCORD_API_URL: fake.apiUrl,
          DATABASE_URL: database.url,
          SHARD_COUNT: '2',
          SHARD_IDS: String(shardId),
          JOB_POLL_SECONDS: '2', // the bot's default: each process polls its eight queues as long as it lives
          LOG_LEVEL: 'info',
          GAME_SEED_PREFIX: `shards-${shardId}`,
        }),
      );
    }
    await Promise.all(bots.map((b) => b.waitFor(/ready: shards /, 120_000)));
  }, 180_000);

  afterAll(async () => {
    for (const b of bots) {
      b.child.kill('SIGTERM');
      await b.exited();
    }
    await fake?.stop();
    await database?.drop();
  });

  it('each process serves its own shard: games in both guilds start and the AI answers', async () => {
    expect(bots[0]!.output()).toMatch(/ready: shards 0 of 2/);
    expect(bots[1]!.output()).toMatch(/ready: shards 1 of 2/);
    const pick = chooser(5);
    for (const place of places) {
      const rec = await fake.slashCommand({ guildId: place.guild.id, channelId: place.channel.id, userId: alice.id, name: 'siege', group: 'start', subcommand: 'siege-master', options: { ai: 'easy', clock: '1d' } });
      await rec.done({ timeoutMs: 20_000 });
      expect(rec.ephemeralText()).toMatch(/started/);
      place.threadId = fake.threads(place.channel.id).at(-1)!.id;
      await waitForBoard(fake, place.threadId, 0, 20_000);
      place.gameId = (await database.db.game.findFirst({ where: { threadId: place.threadId } }))!.id;
      // Alice moves; the AI of that guild's process answers.
      await playTurnWithCommand(fake, place.guild.id, place.threadId, alice.id, pick);
      await waitForBoard(fake, place.threadId, 2, 30_000);
    }
  }, 120_000);

  it('a due reminder is posted once in each guild, by the process that serves it', async () => {
    // A copy of the first game's reminder job, in the queue of the process that does not serve it.
    const first = places[0]!;
    const game = (await database.db.game.findUnique({ where: { id: first.gameId! } }))!;
    const boss = new PgBoss({ connectionString: database.url, supervise: false, schedule: false });
    await boss.start();
    await boss.send('siege-reminder-s1', { guildId: first.guild.id, gameId: game.id, version: game.version }, { singletonKey: `g${game.id}`, startAfter: 11 * 3600 });
    await boss.stop({ graceful: false });

    // Each process arms its game's reminder after posting the board: moving time back before
    // that would leave the job on the wrong side of the shift.
    for (const [shard, place] of places.entries()) {
      await waitForArmedJob(database.url, `siege-reminder-s${shard}`, place.gameId!);
    }
    await moveStoredTimeBack(database.url, 12 * HOUR + 60_000);
    const reminders = (threadId: string) => fake.messages(threadId).filter((m) => /half your time is gone/.test(m.content));
    for (const place of places) {
      await waitFor(() => reminders(place.threadId!).length > 0, 20_000, `the reminder in ${place.guild.name}`);
    }
    // Wait until no reminder job is left waiting or running, then count.
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const until = Date.now() + 20_000;
      for (;;) {
        const { rows } = await client.query(`SELECT count(*)::int AS n FROM pgboss.job WHERE name LIKE 'siege-reminder-%' AND state < 'completed' AND start_after < now()`);
        if (rows[0].n === 0) break;
        if (Date.now() > until) throw new Error('reminder jobs never finished');
        await new Promise((r) => setTimeout(r, 100));
      }
    } finally {
      await client.end();
    }
    for (const place of places) {
      const posted = reminders(place.threadId!);
      expect(posted).toHaveLength(1);
      expect(posted[0]!.mentionedUserIds).toEqual([alice.id]);
    }
    expect(bots[1]!.output()).toMatch(new RegExp(`a reminder job for guild ${first.guild.id} belongs to another shard: forwarded`));
  }, 90_000);
});
