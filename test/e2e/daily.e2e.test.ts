// The daily siege through Discord: two members of one server and a third on another play the same
// deal, each in a private thread with only the bot; the result lines and the day's leaderboard
// (one message, edited in place) appear in the channel; a second attempt is refused; where private
// threads are refused nothing of the day's deal is shown, and the bot says where the daily can be
// played; an unfinished daily closes a
// day after its own day, across a restart. The bot's clock is pinned to a test day and moved by
// the test, never by waiting.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeChannel, FakeGuild } from '../harness/fakeDiscord.js';
import type { FakeMessage } from '../harness/types.js';
import { buildSiegeCommand } from '../../commands/index.js';
import { shiftWaitingJobs, HOUR } from '../helpers/clock.js';
import { press, waitFor } from '../helpers/play.js';
import { playSoloGameToEnd, preferring, moveWithComponents } from '../helpers/solo.js';
import { boardsIn, buttonsOf, waitForBoard, startScene, type Scene } from '../helpers/scene.js';

const DAY = '2026-11-25';
const BOARD_TITLE = `Daily siege · Kingdoms Siege Mode · ${DAY}`;

function pinnedClock(startIso: string) {
  const base = Date.parse(startIso);
  const t0 = Date.now();
  let offset = 0;
  return {
    now: () => new Date(base + (Date.now() - t0) + offset),
    async advance(ms: number, databaseUrl: string) {
      offset += ms;
      await shiftWaitingJobs(databaseUrl, ms);
    },
  };
}

const embedOf = (m: FakeMessage) => (m.embeds[0] ?? {}) as { title?: string; description?: string };
const leaderboardsIn = (scene: Scene, channelId: string, title = BOARD_TITLE) => scene.fake.messages(channelId).filter((m) => embedOf(m).title === title);

describe('the daily siege through Discord', () => {
  let scene: Scene;
  let keep: FakeGuild;
  let keepChannel: FakeChannel;
  const clock = pinnedClock(`${DAY}T10:00:00.000Z`);
  const transcript: string[] = [];

  beforeAll(async () => {
    scene = await startScene({}, { now: clock.now, seeds: () => 'daily-e2e-unused' });
    // A fixed secret, so that every day's deal is the same in every run (the bot makes a random
    // one on first use when there is none).
    await scene.database.db.dailySecret.create({ data: { id: 1, secret: 'daily-e2e-secret' } });
    keep = scene.fake.addGuild({ name: 'Keep' });
    keepChannel = scene.fake.addChannel(keep.id, { name: 'siege' });
    scene.fake.addMember(keep.id, scene.carol.id);
    scene.fake.registerCommands([buildSiegeCommand().toJSON()], keep.id);
  });
  afterAll(async () => {
    const { mkdir, writeFile } = await import('node:fs/promises');
    await mkdir('test/.out', { recursive: true });
    await writeFile('test/.out/daily-transcript.md', transcript.join('\n') + '\n');
    await scene?.stop();
  });

  async function daily(userId: string, guildId: string, channelId: string, game: string) {
    const rec = await scene.fake.slashCommand({ guildId, channelId, userId, name: 'siege', group: 'daily', subcommand: 'play', options: { game } });
    await rec.done({ timeoutMs: 20_000 });
    return rec;
  }

  /** Starts today's daily for a player; returns its private thread, game and seed. */
  async function startDaily(userId: string, guildId: string, channel: FakeChannel, game = 'kingdoms-siege') {
    const rec = await daily(userId, guildId, channel.id, game);
    expect(rec.ephemeralText()).toMatch(/is ready in <#\d+>, a private thread/);
    const threadId = /<#(\d+)>/.exec(rec.ephemeralText())![1]!;
    const thread = scene.fake.channel(threadId)!;
    await waitForBoard(scene.fake, threadId, 0, 20_000);
    const row = (await scene.database.db.game.findFirst({ where: { threadId } }))!;
    return { thread, gameId: row.id, seed: row.seed, state: row.state };
  }

  async function waitForLine(channelId: string, name: string): Promise<FakeMessage> {
    return scene.fake.waitForMessage((m) => m.channelId === channelId && m.content.includes(`daily: ${name} `), 20_000);
  }

  it('two members and a third on another server play the same deal; result lines and one leaderboard per server appear', async () => {
    const { fake, guild, channel, alice, bob, carol } = scene;
    // A shorter game: quest, patrol and expand when offered.
    const pickA = () => preferring([/^Quest/, /^Patrol/, /^Expand/, /^Collect/], 7);
    const pickB = () => preferring([/^Collect/, /^Expand/], 3);

    const a = await startDaily(alice.id, guild.id, channel);
    expect(a.thread.type).toBe(12);
    expect(a.thread.name).toBe(`Daily Kingdoms Siege Mode ${DAY}: alice`);
    expect([...a.thread.threadMemberIds].sort()).toEqual([alice.id, fake.botUser.id].sort());
    const runA = await playSoloGameToEnd(scene, a.thread.id, alice.id, pickA(), 200, a.seed);
    const lineA = await waitForLine(channel.id, 'alice');
    await waitFor(() => leaderboardsIn(scene, channel.id).length === 1, 20_000, 'the leaderboard');
    const board = leaderboardsIn(scene, channel.id)[0]!;
    transcript.push('## Castle #games', `- ${lineA.content}`, `- leaderboard after alice: ${embedOf(board).description}`);
    const revisionsBefore = board.revisions;

    const b = await startDaily(bob.id, guild.id, channel);
    expect(b.seed).toBe(a.seed);
    expect(b.state).toEqual(a.state);
    await playSoloGameToEnd(scene, b.thread.id, bob.id, pickB(), 200, b.seed);
    const lineB = await waitForLine(channel.id, 'bob');
    // Edited in place, not posted again.
    await waitFor(() => (fake.message(board.id)?.revisions ?? 0) > revisionsBefore && /bob/.test(embedOf(fake.message(board.id)!).description ?? ''), 20_000, 'the leaderboard edited with bob');
    expect(leaderboardsIn(scene, channel.id)).toHaveLength(1);
    const edited = embedOf(fake.message(board.id)!).description!;
    expect(edited).toMatch(/`\s*1\.`.*\n`\s*2\.`/);
    // The game counts rounds: its column and its tie rule say the same word.
    expect(edited).toMatch(/`\s*1\.` .* · \d+ rounds?\n/);
    expect(edited).toContain('Ties go to fewer rounds, then to who finished first.');
    transcript.push(`- ${lineB.content}`, `- leaderboard after bob (same message ${board.id}, edited): ${edited}`);

    // The third player, on another server: the same deal, and the same choices reach the same state.
    const c = await startDaily(carol.id, keep.id, keepChannel);
    expect(c.seed).toBe(a.seed);
    expect(c.state).toEqual(a.state);
    const runC = await playSoloGameToEnd(scene, c.thread.id, carol.id, pickA(), 200, c.seed);
    const [gameA, gameC] = await Promise.all([runA.gameId, runC.gameId].map((id) => scene.database.db.game.findUnique({ where: { id } })));
    expect(gameC!.state).toEqual(gameA!.state);
    const lineC = await waitForLine(keepChannel.id, 'carol');
    await waitFor(() => leaderboardsIn(scene, keepChannel.id).length === 1, 20_000, "the other server's leaderboard");
    const keepBoard = embedOf(leaderboardsIn(scene, keepChannel.id)[0]!).description!;
    expect(keepBoard).toMatch(/carol/);
    expect(keepBoard).not.toMatch(/alice|bob/);
    transcript.push('## Keep #siege', `- ${lineC.content}`, `- leaderboard: ${keepBoard}`);

    // Nothing of the deal in the channel: only the result lines and the board.
    for (const m of fake.messages(channel.id)) expect(m.attachments).toHaveLength(0);
    expect(lineA.content).toMatch(/^🏰 \*\*Kingdoms Siege Mode\*\* daily: alice .+: -?\d+ points in \d+ rounds? · 🔥/);

    // One attempt a day, here or anywhere.
    const again = await daily(alice.id, guild.id, channel.id, 'kingdoms-siege');
    expect(again.ephemeralText()).toMatch(/already/);
    transcript.push(`- second attempt: ${again.ephemeralText()}`);

    // Any day's board on request.
    const lb = await fake.slashCommand({ guildId: guild.id, channelId: channel.id, userId: carol.id, name: 'siege', group: 'daily', subcommand: 'leaderboard', options: { game: 'kingdoms-siege', day: DAY } });
    await lb.done({ timeoutMs: 20_000 });
    expect(JSON.stringify(lb.replies.map((m) => m.embeds))).toContain('alice');
    await fake.settle();
    expect(fake.violations).toEqual([]);
  }, 600_000);

  it('until the day’s daily closes, nobody but its player sees its board, moves or positions, finished or not', async () => {
    const { fake, guild, channel, alice, bob, carol } = scene;
    const finished = (await scene.database.db.dailyAttempt.findFirst({ where: { userId: alice.id, gameType: 'kingdoms-siege', day: DAY } }))!.gameId!;
    const running = await startDaily(bob.id, guild.id, channel, 'two-deck-siege');
    await moveWithComponents(scene, running.thread.id, bob.id, preferring([], 5));
    const look = async (userId: string, subcommand: string, gameId: number) => {
      const rec = await fake.slashCommand({ guildId: guild.id, channelId: channel.id, userId, name: 'siege', subcommand, options: { game: gameId } });
      await rec.done({ timeoutMs: 20_000 });
      return rec;
    };
    for (const gameId of [finished, running.gameId]) {
      for (const subcommand of ['board', 'history', 'review']) {
        const rec = await look(carol.id, subcommand, gameId);
        expect(rec.ephemeralText(), `${subcommand} of game ${gameId}`).toMatch(/daily siege: nobody but its player sees/);
        expect(rec.replies.every((m) => m.ephemeral && m.embeds.length === 0 && m.attachments.length === 0)).toBe(true);
      }
    }
    // Nor a replay, even pressed on the final board (a link to a private thread can be shared).
    const finishedThread = (await scene.database.db.game.findUnique({ where: { id: finished } }))!.threadId!;
    const final = fake.messages(finishedThread).filter((m) => buttonsOf(m).some((b) => b.label === 'Replay')).at(-1)!;
    const replay = await fake.clickButton({ messageId: final.id, customId: buttonsOf(final).find((b) => b.label === 'Replay')!.custom_id!, userId: carol.id });
    await replay.done({ timeoutMs: 20_000 });
    expect(replay.ephemeralText()).toMatch(/daily siege: nobody but its player sees/);
    expect(replay.replies.every((m) => m.ephemeral && m.attachments.length === 0)).toBe(true);
    // Its player sees it all, privately outside the thread.
    for (const subcommand of ['board', 'history', 'review']) {
      const rec = await look(alice.id, subcommand, finished);
      expect(rec.replies.some((m) => m.embeds.length > 0)).toBe(true);
      expect(rec.replies.every((m) => m.ephemeral)).toBe(true);
    }
    // The day's leaderboard shows the scores, and nothing of the deal.
    const lb = await fake.slashCommand({ guildId: guild.id, channelId: channel.id, userId: carol.id, name: 'siege', group: 'daily', subcommand: 'leaderboard', options: { game: 'kingdoms-siege', day: DAY } });
    await lb.done({ timeoutMs: 20_000 });
    expect(lb.replies.every((m) => m.attachments.length === 0)).toBe(true);
    await fake.settle();
    expect(fake.violations).toEqual([]);
  }, 120_000);

  it('where private threads are refused, the bot says privately that the daily cannot be played there and where it can; nothing is dealt, spent or shown', async () => {
    const { fake, guild, channel, bob } = scene;
    const open = fake.addChannel(guild.id, { name: 'open', allowPrivateThreads: false });
    const threadsBefore = fake.threads(open.id).length;
    const spent = () => scene.database.db.gameStart.count({ where: { userId: bob.id, kind: 'daily' } });
    const spentBefore = await spent();
    const rec = await daily(bob.id, guild.id, open.id, 'kingdoms-solo');
    expect(rec.replies.every((m) => m.ephemeral && m.components.length === 0)).toBe(true);
    expect(rec.ephemeralText()).toMatch(/played in a private thread.*may not create private threads in <#\d+>/);
    expect(rec.ephemeralText()).toContain(`<#${channel.id}>`);
    expect(rec.ephemeralText()).not.toContain(`<#${open.id}>,`);
    expect(rec.ephemeralText()).not.toContain(`<#${keepChannel.id}>`);
    transcript.push('## no private threads here', `- ${rec.ephemeralText()}`);
    expect(await scene.database.db.dailyAttempt.count({ where: { userId: bob.id, gameType: 'kingdoms-solo' } })).toBe(0);
    expect(await spent()).toBe(spentBefore);
    // A Practice button an older version posted is answered the same way: no public game.
    const sendable = await scene.app.ctx!.publisher.places.sendable(open.id);
    const old = await sendable!.send({
      content: 'an older practice offer',
      components: [{ type: 1, components: [{ type: 2, style: 2, label: 'Practice (unranked)', custom_id: `daily:practice:kingdoms-solo:${DAY}` }] }],
    });
    const offer = fake.message(old.id)!;
    const practice = await press(fake, offer, () => fake.clickButton({ messageId: offer.id, customId: `daily:practice:kingdoms-solo:${DAY}`, userId: bob.id }), 20_000);
    expect(practice.ephemeralText()).toMatch(/played in a private thread/);
    expect(fake.message(offer.id)!.content).toBe('an older practice offer');
    expect(fake.threads(open.id)).toHaveLength(threadsBefore);
    expect(await scene.database.db.dailyAttempt.count({ where: { userId: bob.id, gameType: 'kingdoms-solo' } })).toBe(0);
    // The day's attempt is still there to be played where private threads are allowed.
    const ready = await daily(bob.id, guild.id, channel.id, 'kingdoms-solo');
    expect(ready.ephemeralText()).toMatch(/is ready in <#\d+>, a private thread/);
    expect(scene.fake.channel(/<#(\d+)>/.exec(ready.ephemeralText())![1]!)!.type).toBe(12);
    await fake.settle();
    expect(fake.violations).toEqual([]);
  }, 120_000);

  it("an unfinished daily closes at the end of its day plus 24 hours, across a restart, and scores nothing; streaks count consecutive days and survive a missed one", async () => {
    const { fake, guild, channel, alice } = scene;
    const pick = () => preferring([/^Quest/, /^Patrol/, /^Expand/, /^Collect/], 7);
    const d = await startDaily(alice.id, guild.id, channel, 'two-deck-siege');
    const afterMove = await moveWithComponents(scene, d.thread.id, alice.id, preferring([], 5));
    // No undo button on a daily's board (the records' undo checks the game's `daily` marker).
    expect(buttonsOf(afterMove).map((b) => b.label)).not.toContain('Undo');
    await scene.restart();
    // The next day (2026-11-26), a new deal: finished, alice's streak is two days (she finished the
    // first day's in the first test of this file).
    await clock.advance(24 * HOUR, scene.database.url);
    const second = await startDaily(alice.id, guild.id, channel);
    expect(second.seed).not.toBe(await scene.app.ctx!.services.daily.seedFor(DAY, 'kingdoms-siege'));
    await playSoloGameToEnd(scene, second.thread.id, alice.id, pick(), 200, second.seed);
    const lineTwo = await scene.fake.waitForMessage((m) => m.channelId === channel.id && /daily: alice .*2-day streak/.test(m.content), 20_000);
    transcript.push('## streaks', `- 2026-11-26: ${lineTwo.content}`);
    // 2026-11-27 00:00 and a little: the first day's unfinished game closes.
    await clock.advance(14 * HOUR + 60_000, scene.database.url);
    const closed = await fake.waitForMessage((m) => m.channelId === d.thread.id && JSON.stringify(m.embeds).includes('closed before it was finished'), 30_000);
    expect(closed).toBeTruthy();
    const game = (await scene.database.db.game.findUnique({ where: { id: d.gameId } }))!;
    expect(game.status).toBe('FINISHED');
    expect(boardsIn(fake, d.thread.id).length).toBeGreaterThanOrEqual(2);
    const attempt = await scene.database.db.dailyAttempt.findUnique({ where: { gameId: d.gameId } });
    expect(attempt?.score).toBeNull();
    expect(leaderboardsIn(scene, channel.id, `Daily siege · Two Deck Siege · ${DAY}`)).toHaveLength(0);
    // 2026-11-27 passes without a finished daily; on 2026-11-28 the streak starts again.
    await clock.advance(24 * HOUR, scene.database.url);
    const fourth = await startDaily(alice.id, guild.id, channel);
    await playSoloGameToEnd(scene, fourth.thread.id, alice.id, pick(), 200, fourth.seed);
    const lineOne = await scene.fake.waitForMessage((m) => m.channelId === channel.id && /daily: alice .*streak: 1 day/.test(m.content) && m.id !== lineTwo.id && fake.messages(channel.id).indexOf(m) > fake.messages(channel.id).indexOf(lineTwo), 20_000);
    transcript.push(`- 2026-11-28 (after a missed day): ${lineOne.content}`);
    const stats = await fake.slashCommand({ guildId: guild.id, channelId: channel.id, userId: alice.id, name: 'siege', subcommand: 'stats', options: {} });
    await stats.done({ timeoutMs: 20_000 });
    expect(JSON.stringify(stats.replies.map((m) => m.embeds))).toContain('Daily siege streak: 1 day');
    const boards = fake.messages(channel.id).filter((m) => /^Daily siege · Kingdoms Siege Mode · /.test(embedOf(m).title ?? '')).map((m) => embedOf(m).title);
    // One board per day (the first day's also answered \`/siege daily leaderboard\` above).
    expect(boards.filter((t) => t !== BOARD_TITLE)).toEqual(['Daily siege · Kingdoms Siege Mode · 2026-11-26', 'Daily siege · Kingdoms Siege Mode · 2026-11-28']);
    await fake.settle();
    expect(fake.violations).toEqual([]);
  }, 180_000);
});
