// The bot killed (SIGKILL) at the worst moments, then started again: between a challenge accepted
// and its game saved, between a game saved and its first board, between a move saved and its
// board posted or updated. After the restart nothing is lost or half done, and no board is a
// dead end.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSiegeCommand } from '../../commands/index.js';
import { gameById } from '../../src/games/index.js';
import { FakeDiscord, type FakeChannel, type FakeGuild, type FakeUser } from '../harness/fakeDiscord.js';
import type { FakeMessage } from '../harness/types.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';
import { killableBot, type KillableBot } from '../helpers/killableBot.js';
import { press, waitFor, waitForAsync } from '../helpers/play.js';
import { boardVersion, buttonsOf, isSettings } from '../helpers/scene.js';

describe('restarts after a kill at the worst moment', () => {
  let fake: FakeDiscord;
  let database: TestDatabase;
  let bot: KillableBot;
  let guild: FakeGuild;
  let channel: FakeChannel;
  let alice: FakeUser;
  let bob: FakeUser;

  beforeAll(async () => {
    fake = await FakeDiscord.start({ botToken: 'fake-bot-token-0123456789abcdef' });
    database = await createTestDatabase();
    guild = fake.addGuild({ name: 'Castle' });
    channel = fake.addChannel(guild.id, { name: 'games' });
    alice = fake.addUser({ username: 'alice' });
    bob = fake.addUser({ username: 'bob' });
    for (const u of [alice, bob]) fake.addMember(guild.id, u.id);
    fake.registerCommands([buildSiegeCommand().toJSON()], guild.id);
    bot = killableBot(fake, database.url, { GAME_SEED_PREFIX: 'restarts' });
    await bot.start();
  }, 120_000);
  afterAll(async () => {
    await bot?.kill();
    await fake?.stop();
    await database?.drop();
  });

  const challenge = async (game: string): Promise<FakeMessage> => {
    const rec = await fake.slashCommand({ guildId: guild.id, channelId: channel.id, userId: alice.id, name: 'siege', group: 'start', subcommand: game, options: { opponent: bob.id } });
    await rec.done({ timeoutMs: 15_000 });
    return rec.replies.find((m) => !m.ephemeral)!;
  };
  const acceptButton = (m: FakeMessage) => buttonsOf(fake.message(m.id)!).find((b) => b.label === 'Accept')!;
  const acceptedBy = async (offer: FakeMessage) => {
    await press(fake, offer, () => fake.clickButton({ messageId: offer.id, customId: acceptButton(offer).custom_id!, userId: bob.id }));
    const game = (await gameOf(offer))!;
    await waitForAsync(async () => (await database.db.game.findUnique({ where: { id: game.id } }))!.boardMessageId !== null, 15_000, 'the first board');
    return (await database.db.game.findUnique({ where: { id: game.id } }))!;
  };
  const gameOf = async (challengeMessage: FakeMessage) => {
    const c = await database.db.challenge.findFirst({ where: { messageId: challengeMessage.id } });
    return c?.gameId ? database.db.game.findUnique({ where: { id: c.gameId } }) : null;
  };

  it('given a kill after a challenge is accepted and before its game is saved, Accept works after the restart', async () => {
    const offer = await challenge('siege-master');
    // The game's row cannot be written while this lock is held: the accept waits there, and is killed.
    const lock = new pg.Client({ connectionString: database.url });
    await lock.connect();
    try {
      await lock.query('BEGIN');
      await lock.query('LOCK TABLE "Game" IN SHARE MODE');
      await fake.clickButton({ messageId: offer.id, customId: acceptButton(offer).custom_id!, userId: bob.id });
      await waitForAsync(async () => {
        const waiting = await database.db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query ILIKE '%INSERT INTO%"Game"%'`;
        return waiting[0]!.n > 0;
      }, 15_000, 'the accept to wait on the Game table');
      await bot.kill();
    } finally {
      await lock.query('ROLLBACK').catch(() => {});
      await lock.end();
    }
    await bot.start();
    const rec = await press(fake, offer, () => fake.clickButton({ messageId: offer.id, customId: acceptButton(offer).custom_id!, userId: bob.id }));
    expect(rec.ephemeralText()).not.toMatch(/already/);
    const game = await gameOf(offer);
    expect(game).not.toBeNull();
    await fake.waitForMessage((m) => m.channelId === game!.threadId && boardVersion(m) === 0, 15_000);
    expect(await database.db.game.count()).toBe(1);
    expect(fake.message(offer.id)!.content).toMatch(/accepted/);
  }, 120_000);

  it('given a kill while a new game’s thread, a hand-over’s board and a step’s edit are on their way to Discord, start-up posts every current board', async () => {
    const { threadId: stepThread } = await acceptedBy(await challenge('dice-realms'));
    const handOver = (await database.db.game.findFirst({ where: { gameType: 'siege-master' } }))!;
    const step = (await database.db.game.findFirst({ where: { threadId: stepThread } }))!;
    const play = async (game: typeof step) => {
      const def = gameById(game.gameType)!;
      const seat = (game.seats as { userId?: string }[]).findIndex((x) => x.userId === game.toActUserIds[0]);
      const move = def.legalMoves(game.state, seat).find((m) => (m as { type?: string }).type !== 'policy')!;
      const rec = await fake.slashCommand({ guildId: guild.id, channelId: game.threadId!, userId: game.toActUserIds[0]!, name: 'siege', subcommand: 'move', options: { notation: def.formatMove(game.state, seat, move) } });
      await rec.response();
    };
    const stale = [fake.message(handOver.boardMessageId!)!, fake.message(step.boardMessageId!)!];
    const threadsBefore = fake.threads(channel.id).length;
    // The new game's thread, the hand-over's new board and the step's edit never reach Discord.
    const opening = fake.holdNext({ method: 'POST', route: new RegExp(`^/channels/${channel.id}/threads$`) });
    const posting = fake.holdNext({ method: 'POST', route: new RegExp(`^/channels/${handOver.threadId}/messages$`) });
    const editing = fake.holdNext({ method: 'PATCH', route: new RegExp(`^/channels/${step.threadId}/messages/${step.boardMessageId}$`) });
    const offer = await challenge('dice-realms');
    await fake.clickButton({ messageId: offer.id, customId: acceptButton(offer).custom_id!, userId: bob.id });
    await play(handOver);
    await play(step);
    await Promise.all([opening.reached, posting.reached, editing.reached]);
    await bot.kill();
    for (const hold of [opening, posting, editing]) hold.drop();
    const fresh = (await gameOf(offer))!;
    expect(fresh).toMatchObject({ threadId: null, boardMessageId: null, version: 0 });
    await bot.start();

    // The new game: its thread opened now, its first board posted there, pinging whoever moves first.
    const started = (await database.db.game.findUnique({ where: { id: fresh.id } }))!;
    expect(fake.threads(channel.id)).toHaveLength(threadsBefore + 1);
    expect(started.threadId).toBe(fake.threads(channel.id).at(-1)!.id);
    const first = fake.message(started.boardMessageId!)!;
    expect(first.channelId).toBe(started.threadId);
    expect(boardVersion(first)).toBe(0);
    expect(first.mentionedUserIds).toEqual(started.toActUserIds);
    expect(buttonsOf(first).length).toBeGreaterThan(0);
    // The moved games: a board of the current version replaces the stale one, pinging whoever must act.
    for (const [k, before] of [handOver, step].entries()) {
      const game = (await database.db.game.findUnique({ where: { id: before.id } }))!;
      expect(game.version).toBe(before.version + 1);
      const board = fake.message(game.boardMessageId!)!;
      expect(board.id).not.toBe(stale[k]!.id);
      expect(boardVersion(board)).toBe(game.version);
      expect(board.mentionedUserIds).toEqual(game.toActUserIds);
      for (const b of buttonsOf(board).filter((b) => !isSettings(b))) expect(b.custom_id).toMatch(new RegExp(`^s1:[a-z]{2}:\\d+:${game.version}(:|$)`));
      await waitFor(() => fake.message(stale[k]!.id)!.components.length === 0, 15_000, 'the stale board to be retired');
      const mover = (before.seats as { userId?: string }[]).findIndex((x) => x.userId === before.toActUserIds[0]);
      expect(fake.message(stale[k]!.id)!.content).toMatch(new RegExp(`^↪ .*\\(<@${before.toActUserIds[0]}>\\) played: .+\\.$`));
      expect(mover).toBeGreaterThanOrEqual(0);
    }
  }, 120_000);
});

