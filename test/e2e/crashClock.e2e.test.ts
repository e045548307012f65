// The bot killed between saving a game and arming its reminder and timeout jobs: after a restart
// the running game has its jobs. A move re-arms them only when they would come too late (its new
// turn ends later than the jobs armed, so nearly every move writes none); a new game always arms
// them. The window is held open for real: the job table is locked, so the bot saves the game and
// posts its board, then waits to arm; it is killed right there.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSiegeCommand } from '../../commands/index.js';
import { FakeDiscord } from '../harness/fakeDiscord.js';
import { spawnBot, type BotProcess } from '../helpers/botProcess.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';
import { createLogger } from '../../src/config/logger.js';
import { gameById } from '../../src/games/index.js';
import { createServices } from '../../src/services/index.js';
import { fixedSeeds } from '../helpers/seeds.js';
import { boardMoveCount, componentsOf, waitForBoard } from '../helpers/scene.js';
import { waitForAsync } from '../helpers/play.js';

describe('SIGKILL between a change and its clock jobs', () => {
  let fake: FakeDiscord;
  let database: TestDatabase;
  let bot: BotProcess | null = null;
  let locker: pg.Client | null = null;
  beforeAll(async () => {
    fake = await FakeDiscord.start({ botToken: 'fake-bot-token-0123456789abcdef' });
    database = await createTestDatabase();
  });
  afterAll(async () => {
    bot?.child.kill('SIGKILL');
    await locker?.end().catch(() => {});
    await fake?.stop();
    await database?.drop();
  });

  /** Waiting jobs of this game for this version, by queue. */
  async function armedJobs(gameId: number, version: number): Promise<string[]> {
    const rows = await database.db.$queryRawUnsafe<{ name: string }[]>(
      `SELECT name FROM pgboss.job WHERE state = 'created' AND (data->>'gameId')::int = $1 AND (data->>'version')::int = $2 ORDER BY name`,
      gameId,
      version,
    );
    return rows.map((r) => r.name);
  }

  it('leaves no running game without its reminder and timeout after the restart', async () => {
    const guild = fake.addGuild({ name: 'Castle' });
    const channel = fake.addChannel(guild.id, { name: 'games' });
    const [alice, bob] = [fake.addUser({ username: 'alice' }), fake.addUser({ username: 'bob' })];
    for (const u of [alice, bob]) fake.addMember(guild.id, u.id);
    fake.registerCommands([buildSiegeCommand().toJSON()], guild.id);
    const env = { DISCORD_TOKEN: fake.botToken, DISCORD_API_URL: fake.apiUrl, DATABASE_URL: database.url, LOG_LEVEL: 'info', JOB_POLL_SECONDS: '2' }; // no job runs here: only their arming is checked
    // Two members, so nothing but the recovery arms the clock (an AI's answer would re-arm it).
    const services = createServices({ db: database.db, log: createLogger('error'), ai: null as never, now: () => new Date(), newSeed: fixedSeeds('crash-clock'), challengeExpiryMs: 60_000 });
    const started = await services.games.startGame({
      gameType: 'siege-master', guildId: guild.id, channelId: channel.id, rawOptions: { map: 'hex' }, clockSeconds: 2 * 86_400,
      seats: [{ kind: 'human', userId: alice.id }, { kind: 'human', userId: bob.id }],
    });
    if (!started.ok) throw new Error(started.error.message);
    const game = started.value;

    // Created without the bot (as a crash right after the start would leave it): the start-up arms it.
    bot = spawnBot(env);
    await bot.waitFor(/ready:/);
    expect(bot.output()).toMatch(/1 with clock jobs re-armed/);
    expect(await armedJobs(game.id, 0)).toEqual(['siege-reminder-s0', 'siege-timeout-s0']);
    // Its first board is posted at start-up as well, in the game's own thread.
    const first = await fake.waitForMessage((m) => !m.ephemeral && boardMoveCount(m) === 0, 20_000);
    const where = first.channelId;

    // A move whose new turn ends later than the jobs armed leaves them as they are.
    const def = gameById('siege-master')!;
    const notation = def.formatMove(game.state, 0, def.legalMoves(game.state, 0)[0]);
    const moved = await fake.slashCommand({ guildId: guild.id, channelId: channel.id, userId: alice.id, name: 'siege', subcommand: 'move', options: { notation, game: game.id } });
    await moved.done({ timeoutMs: 20_000 });
    await waitForBoard(fake, where, 1, 20_000);
    const afterMove = (await database.db.game.findUnique({ where: { id: game.id } }))!;
    expect(afterMove.version).toBe(1);
    expect(afterMove.timeoutJobAt!.getTime()).toBeLessThanOrEqual(afterMove.deadlineAt!.getTime());
    expect(await armedJobs(game.id, 0)).toEqual(['siege-reminder-s0', 'siege-timeout-s0']);

    // Hold the job table: a new game's arming waits on the lock, after the game is saved and its board posted.
    const challenge = await fake.slashCommand({ guildId: guild.id, channelId: channel.id, userId: bob.id, name: 'siege', group: 'start', subcommand: 'siege-master', options: { opponent: alice.id, clock: '2d', map: 'hex' } });
    await challenge.done({ timeoutMs: 20_000 });
    const invite = challenge.replies.find((m) => !m.ephemeral)!;
    const accept = componentsOf(invite).find((c) => c.label === 'Accept')!;
    locker = new pg.Client({ connectionString: database.url });
    await locker.connect();
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE pgboss.job IN ACCESS EXCLUSIVE MODE');
    void fake.clickButton({ messageId: invite.id, customId: accept.custom_id!, userId: alice.id }).catch(() => {});
    await waitForAsync(async () => (await database.db.game.count()) === 2, 20_000, 'the second game saved');
    await fake.waitForMessage((m) => !m.ephemeral && boardMoveCount(m) === 0 && m.channelId !== where, 20_000);
    const second = await database.db.game.findFirst({ where: { id: { not: game.id } } });
    expect([second!.version, second!.timeoutJobAt]).toEqual([0, null]);
    bot.child.kill('SIGKILL');
    await bot.exited();
    await locker.query('ROLLBACK');
    await locker.end();
    locker = null;
    expect(await armedJobs(second!.id, 0)).toEqual([]);

    bot = spawnBot(env);
    await bot.waitFor(/ready:/, 60_000);
    expect(bot.output()).toMatch(/1 with clock jobs re-armed/);
    expect(await armedJobs(second!.id, 0)).toEqual(['siege-reminder-s0', 'siege-timeout-s0']);
    const rearmed = (await database.db.game.findUnique({ where: { id: second!.id } }))!;
    expect(rearmed.timeoutJobAt).toEqual(rearmed.deadlineAt);
  }, 120_000);
});

