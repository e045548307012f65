// The bot killed with SIGKILL in the middle of moves: after a restart, every game's state and
// move log agree, and replaying the log reproduces the state.
import { fixedSeeds } from '../helpers/seeds.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSiegeCommand } from '../../commands/index.js';
import { createLogger } from '../../src/config/logger.js';
import { gameById } from '../../src/games/index.js';
import { createServices } from '../../src/services/index.js';
import { replayGame } from '../../src/services/replay.js';
import { FakeDiscord } from '../harness/fakeDiscord.js';
import { spawnBot, type BotProcess } from '../helpers/botProcess.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';

describe('SIGKILL under a stress loop', () => {
  let fake: FakeDiscord;
  let database: TestDatabase;
  let bot: BotProcess | null = null;
  beforeAll(async () => {
    fake = await FakeDiscord.start({ botToken: 'fake-bot-token-0123456789abcdef' });
    database = await createTestDatabase();
  });
  afterAll(async () => {
    bot?.child.kill('SIGKILL');
    await fake?.stop();
    await database?.drop();
  });

  it('leaves every game consistent with its log, and play continues after the restart', async () => {
    const guild = fake.addGuild({ name: 'Castle' });
    const channel = fake.addChannel(guild.id, { name: 'games' });
    const users = Array.from({ length: 6 }, (_, i) => fake.addUser({ username: `p${i}` }));
    for (const u of users) fake.addMember(guild.id, u.id);
    fake.registerCommands([buildSiegeCommand().toJSON()], guild.id);
    const env = { DISCORD_TOKEN: fake.botToken, DISCORD_API_URL: fake.apiUrl, DATABASE_URL: database.url, LOG_LEVEL: 'info', GAME_SEED_PREFIX: 'crash' };
    const services = createServices({ db: database.db, log: createLogger('error'), ai: null as never, now: () => new Date(), newSeed: fixedSeeds('crash'), challengeExpiryMs: 60_000 });
    const def = gameById('dice-realms')!;
    const gameIds: number[] = [];
    for (let g = 0; g < 3; g++) {
      const started = await services.games.startGame({
        gameType: 'dice-realms', guildId: guild.id, channelId: channel.id,
        seats: [{ kind: 'human', userId: users[2 * g]!.id }, { kind: 'human', userId: users[2 * g + 1]!.id }],
      });
      if (!started.ok) throw new Error(started.error.message);
      gameIds.push(started.value.id);
    }

    /** Sends the first legal move of every game, as its player would type it, without waiting. */
    const sendMoves = async () => {
      for (const id of gameIds) {
        const game = (await services.games.load(id))!;
        if (game.status !== 'ACTIVE') continue;
        const userId = game.toActUserIds[0]!;
        const seat = game.seats.findIndex((s) => s.kind === 'human' && s.userId === userId);
        const move = def.legalMoves(game.state, seat)[0];
        if (!move) continue;
        const notation = def.formatMove(game.state, seat, move);
        void fake.slashCommand({ guildId: guild.id, channelId: channel.id, userId, name: 'siege', subcommand: 'move', options: { notation, game: id } }).catch(() => {});
      }
    };

    bot = spawnBot(env);
    await bot.waitFor(/ready:/);
    // Moves keep arriving until enough have landed, so the kill falls in the middle of a stream
    // (within the test's own time, however busy the machine).
    const giveUp = performance.now() + 90_000;
    while ((await database.db.move.count()) < 12 && performance.now() < giveUp) {
      await sendMoves();
      await new Promise((r) => setTimeout(r, 40));
    }
    await sendMoves();
    bot.child.kill('SIGKILL');
    await bot.exited();

    const movesBefore = await database.db.move.count();
    expect(movesBefore).toBeGreaterThan(3);
    for (const id of gameIds) {
      const game = (await services.games.load(id))!;
      const log = await services.games.moveLog(id);
      expect(log.map((m) => m.seq)).toEqual(log.map((_, i) => i + 1));
      expect(game.version).toBe(log.length);
      expect(replayGame(def, game.seed, game.seats, game.options, log)).toEqual(game.state);
    }

    bot = spawnBot(env);
    await bot.waitFor(/ready:/);
    const versions = await Promise.all(gameIds.map(async (id) => (await services.games.load(id))!.version));
    await sendMoves();
    for (const [i, id] of gameIds.entries()) {
      const until = performance.now() + 30_000;
      while ((await services.games.load(id))!.version === versions[i] && performance.now() < until) await new Promise((r) => setTimeout(r, 50));
      expect((await services.games.load(id))!.version).toBe(versions[i]! + 1);
    }
    bot.child.kill('SIGTERM');
    expect(await bot.exited()).toBe(0);
    bot = null;
  }, 240_000);
});
