// Playing over days, as players see it in the thread: reminders, timeouts with Claim win, the win
// after the grace period, vacations, DM notices, server settings, and jobs overdue after downtime.
// Time moves through the bot's injected clock (and the stored jobs' start times), never by sleeping.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeMessage } from '../harness/types.js';
import { DAY, HOUR, testClock } from '../helpers/clock.js';
import { acceptedChallenge, chooser, isFinished, latestBoard, playTurnWithCommand, waitFor, waitForAsync } from '../helpers/play.js';
import { buttonsOf, startScene, waitForBoard, waitForFinalBoard, type Scene } from '../helpers/scene.js';

const MINUTE = 60_000;

type Field = { name: string; value: string };
const fieldsOf = (m: FakeMessage): Field[] => ((m.embeds[0] as { fields?: Field[] } | undefined)?.fields ?? []);

describe('move clocks through Discord', () => {
  const clock = testClock();
  let scene: Scene;
  const pick = chooser(11);

  beforeAll(async () => {
    scene = await startScene({}, { now: clock.now });
  });
  afterAll(async () => {
    if (scene) await writeTranscript(scene);
    await scene?.stop();
  });

  const advance = (ms: number) => clock.advance(ms, scene.database.url);
  const gameIn = async (threadId: string) => (await scene.database.db.game.findFirst({ where: { threadId } }))!;
  /** Once the bot has recorded `boardId` as its game's board, and its work after that (a turn's DM) is done. */
  const boardSettled = async (threadId: string, boardId: string) => {
    await waitForAsync(async () => (await gameIn(threadId)).boardMessageId === boardId, 30_000, `board ${boardId} recorded`);
    await scene.app.ctx!.publisher.idle();
  };
  const noticesIn = (channelId: string, pattern: RegExp) => scene.fake.messages(channelId).filter((m) => !m.ephemeral && pattern.test(m.content));
  const waitNotice = (channelId: string, pattern: RegExp, count = 1) =>
    waitFor(() => noticesIn(channelId, pattern).length >= count, 15_000, `${count} message(s) matching ${pattern}`).then(() => noticesIn(channelId, pattern).at(-1)!);
  const command = async (userId: string, subcommand: string, options: Record<string, string | number> = {}, channelId = scene.channel.id, group?: string) => {
    const rec = await scene.fake.slashCommand({ guildId: scene.guild.id, channelId, userId, name: 'siege', subcommand, ...(group ? { group } : {}), options });
    await rec.done({ timeoutMs: 15_000 });
    return rec;
  };

  /** Waits until pg-boss has finished `count` jobs of `kind` for a game (so a job that posted nothing is known to have run). */
  async function jobsFinished(kind: 'reminder' | 'timeout', gameId: number, count: number) {
    const client = new pg.Client({ connectionString: scene.database.url });
    await client.connect();
    try {
      const done = async () =>
        Number((await client.query(`SELECT count(*) FROM pgboss.job WHERE name LIKE $1 AND singleton_key = $2 AND state = 'completed'`, [`siege-${kind}-%`, `g${gameId}`])).rows[0].count);
      const until = Date.now() + 15_000;
      while ((await done()) < count) {
        if (Date.now() > until) {
          throw new Error(`${kind} jobs of game ${gameId} never reached ${count} finished: ${JSON.stringify((await jobsOf(kind, gameId)))}\n${scene.logs.join('\n')}`);
        }
        await new Promise((r) => setTimeout(r, 50));
      }
    } finally {
      await client.end();
    }
  }

  /** The stored jobs of a game, with how long until each waiting one is due. */
  async function jobsOf(kind: 'reminder' | 'timeout', gameId: number): Promise<{ state: string; dueInMs: number }[]> {
    const client = new pg.Client({ connectionString: scene.database.url });
    await client.connect();
    try {
      const { rows } = await client.query(
        `SELECT state, output, extract(epoch FROM (start_after - now())) * 1000 AS due FROM pgboss.job WHERE name LIKE $1 AND singleton_key = $2 ORDER BY created_on`,
        [`siege-${kind}-%`, `g${gameId}`],
      );
      return rows.map((r) => ({ state: r.state, dueInMs: Number(r.due), ...(r.output ? { output: r.output } : {}) }));
    } finally {
      await client.end();
    }
  }

  it('reminds the player to move at half time and 12 hours before the deadline, and a move starts the next clock', async () => {
    const { threadId } = await acceptedChallenge(scene, { game: 'siege-master', clock: '2d' });
    const game = await gameIn(threadId);
    expect(game.clockSeconds).toBe(2 * 86_400);
    expect(Math.abs(game.deadlineAt!.getTime() - (clock.now().getTime() + 2 * DAY))).toBeLessThan(MINUTE);
    // The clock is in the board's message text, under whose move it is.
    expect(latestBoard(scene.fake, threadId).content).toMatch(/⏰ Move by <t:\d+:f>/);

    await advance(23 * HOUR);
    await jobsFinished('reminder', game.id, 0);
    expect(noticesIn(threadId, /⏰ <@/)).toHaveLength(0);

    await advance(HOUR + MINUTE);
    const half = await waitNotice(threadId, /half your time is gone/);
    expect(half.mentionedUserIds).toEqual([scene.alice.id]);
    expect(half.content).toContain(`<@${scene.alice.id}>`);

    await advance(12 * HOUR);
    const late = await waitNotice(threadId, /only 11 h left/);
    expect(late.mentionedUserIds).toEqual([scene.alice.id]);
    expect(noticesIn(threadId, /⏰ <@/)).toHaveLength(2);

    // Alice moves: Bob's turn has a fresh two days, and his own reminder at half time.
    const bobsBoard = await playTurnWithCommand(scene.fake, scene.guild.id, threadId, scene.alice.id, pick);
    const after = await gameIn(threadId);
    expect(Math.abs(after.deadlineAt!.getTime() - (clock.now().getTime() + 2 * DAY))).toBeLessThan(MINUTE);
    expect(bobsBoard.content).toContain(`⏰ Move by <t:${Math.floor(after.deadlineAt!.getTime() / 1000)}:f>`);
    // Alice's turn had no reminder left, so Bob's half-time reminder is armed once the board is out
    // (his timeout stays on the job of Alice's earlier deadline, which re-arms itself): time moves on after that.
    await waitForAsync(async () => (await gameIn(threadId)).reminderJobAt?.getTime() === after.deadlineAt!.getTime() - DAY, 15_000, "the reminder of Bob's turn to be armed");
    await advance(DAY + MINUTE);
    const bobs = await waitNotice(threadId, /half your time is gone/, 2);
    expect(bobs.mentionedUserIds).toEqual([scene.bob.id]);
  });

  it('never reminds a player twice in 12 hours: on a 1-day clock the 90% reminder is skipped', async () => {
    const { threadId } = await acceptedChallenge(scene, { game: 'siege-master', clock: '1d' });
    const game = await gameIn(threadId);
    await advance(12 * HOUR + MINUTE);
    await waitNotice(threadId, /half your time is gone/);
    await advance(10 * HOUR); // past 90%, and 10 hours after the first reminder
    await jobsFinished('reminder', game.id, 2);
    expect(noticesIn(threadId, /⏰ <@/)).toHaveLength(1);
  });

  it('when time runs out, the opponent gets Claim win; the late player cannot claim it; the claim ends the game', async () => {
    const { threadId } = await acceptedChallenge(scene, { game: 'siege-master', clock: '1d' });
    await advance(DAY + MINUTE);
    const notice = await waitNotice(threadId, /ran out of time/);
    expect(notice.content).toContain(`<@${scene.alice.id}> ran out of time`);
    expect(notice.mentionedUserIds.sort()).toEqual([scene.alice.id, scene.bob.id].sort());
    const claim = buttonsOf(notice).find((b) => b.label === 'Claim win')!;
    expect(claim).toBeDefined();
    expect(latestBoard(scene.fake, threadId).content).not.toContain('⌛'); // the board is not reposted

    const byAlice = await scene.fake.clickButton({ messageId: notice.id, customId: claim.custom_id!, userId: scene.alice.id });
    await byAlice.done();
    expect(byAlice.ephemeralText()).toMatch(/your time that ran out/);
    const byCarol = await scene.fake.clickButton({ messageId: notice.id, customId: claim.custom_id!, userId: scene.carol.id });
    await byCarol.done();
    expect(byCarol.ephemeralText()).toMatch(/not playing/);
    expect((await gameIn(threadId)).status).toBe('ACTIVE');

    const byBob = await scene.fake.clickButton({ messageId: notice.id, customId: claim.custom_id!, userId: scene.bob.id });
    await byBob.done();
    expect(byBob.ephemeralText()).toMatch(/You claimed the win/);
    const final = await waitForFinalBoard(scene.fake, threadId);
    expect(isFinished(final)).toBe(true);
    const result = fieldsOf(final).find((f) => f.name === 'Result')!.value;
    expect(result).toContain(`(<@${scene.bob.id}>) won`);
    expect(result).toContain('ran out of time');
    expect(result).toContain(`<@${scene.bob.id}> claimed the win`);
    await waitFor(() => scene.fake.message(notice.id)!.components.length === 0, 5000, 'the claim button to go');
    const row = await gameIn(threadId);
    expect(row.status).toBe('FINISHED');
    expect((row.outcome as { winners: number[] }).winners).toEqual([1]);
  });

  it('a move made after the timeout but before a claim withdraws the claim', async () => {
    const { threadId } = await acceptedChallenge(scene, { game: 'siege-master', clock: '1d' });
    await advance(DAY + MINUTE);
    const notice = await waitNotice(threadId, /ran out of time/);
    await playTurnWithCommand(scene.fake, scene.guild.id, threadId, scene.alice.id, pick);
    const claim = buttonsOf(notice).find((b) => b.label === 'Claim win')!;
    const late = await scene.fake.clickButton({ messageId: notice.id, customId: claim.custom_id!, userId: scene.bob.id });
    await late.done();
    expect(late.ephemeralText()).toMatch(/no win to claim/);
    const row = await gameIn(threadId);
    expect(row.status).toBe('ACTIVE');
    expect(row.timedOutAt).toBeNull();
  });

  it('unclaimed, the win is given by itself when the grace period ends', async () => {
    const { threadId } = await acceptedChallenge(scene, { game: 'siege-master', clock: '1d' });
    await advance(DAY + MINUTE);
    await waitNotice(threadId, /ran out of time/);
    await advance(23 * HOUR);
    await advance(HOUR);
    const final = await waitForFinalBoard(scene.fake, threadId);
    const result = fieldsOf(final).find((f) => f.name === 'Result')!.value;
    expect(result).toMatch(/ran out of time; the win was given after the grace period/);
    expect((await gameIn(threadId)).status).toBe('FINISHED');
  });

  it('against the AI, running out of time loses the game at once', async () => {
    const rec = await command(scene.alice.id, 'siege-master', { ai: 'easy', clock: '1d' }, scene.channel.id, 'start');
    expect(rec.ephemeralText()).toMatch(/started/);
    const threadId = scene.fake.threads(scene.channel.id).at(-1)!.id;
    await waitForBoard(scene.fake, threadId, 0);
    await advance(DAY + MINUTE);
    const final = await waitForFinalBoard(scene.fake, threadId);
    expect(isFinished(final)).toBe(true);
    expect(fieldsOf(final).find((f) => f.name === 'Result')!.value).toMatch(/AI, easy\) won.*ran out of time/s);
  });

  it('a vacation moves the deadlines forward, tells the opponent, and ending it early gives back the rest', async () => {
    const { threadId } = await acceptedChallenge(scene, { game: 'siege-master', clock: '1d' });
    const before = await gameIn(threadId);
    const rec = await command(scene.alice.id, 'start', { days: 2 }, scene.channel.id, 'vacation');
    expect(rec.ephemeralText()).toMatch(/You are on vacation until/);
    const told = await waitNotice(threadId, /is on vacation until/);
    expect(told.mentionedUserIds).toEqual([scene.bob.id]);
    const paused = await gameIn(threadId);
    expect(paused.deadlineAt!.getTime() - before.deadlineAt!.getTime()).toBeGreaterThan(2 * DAY - MINUTE);
    expect(paused.deadlineAt!.getTime() - before.deadlineAt!.getTime()).toBeLessThan(2 * DAY + MINUTE);

    const board = await command(scene.bob.id, 'board', {}, threadId);
    expect(board.replies[0]!.content).toMatch(new RegExp(`🌴 <@${scene.alice.id}> is on vacation`));
    const list = await command(scene.alice.id, 'games');
    expect(list.ephemeralText()).toMatch(new RegExp(`#${before.id} .*⏰ 2 d 23 h left`));

    await advance(DAY + HOUR); // past the old deadline: no timeout while away
    // The waiting timeout job is the new deadline's: armed for it at once when the vacation came
    // before the game's first arming, or by the old deadline's job coming early and finding the
    // turn not out.
    const waiting = async () => (await jobsOf('timeout', before.id)).filter((j) => j.state !== 'completed');
    await waitForAsync(async () => { const jobs = await waiting(); return jobs.length === 1 && jobs[0]!.dueInMs > DAY; }, 15_000, 'the timeout job of the new deadline, alone');
    const timeouts = await waiting();
    expect(timeouts.map((j) => j.state)).toEqual(['created']);
    expect(timeouts[0]!.dueInMs).toBeGreaterThan(DAY);
    expect((await gameIn(threadId)).timedOutAt).toBeNull();

    const back = await command(scene.alice.id, 'end', {}, scene.channel.id, 'vacation');
    expect(back.ephemeralText()).toMatch(/Welcome back/);
    await waitNotice(threadId, /back from vacation/);
    // 1 day of clock plus the 25 hours spent away.
    const resumed = await gameIn(threadId);
    expect(Math.abs(resumed.deadlineAt!.getTime() - (before.turnStartedAt!.getTime() + DAY + DAY + HOUR))).toBeLessThan(5 * MINUTE);
    await advance(DAY + 5 * MINUTE);
    await waitNotice(threadId, /ran out of time/);
  });

  it('allows at most 14 vacation days in any 30', async () => {
    const first = await command(scene.carol.id, 'start', { days: 10 }, scene.channel.id, 'vacation');
    expect(first.ephemeralText()).toMatch(/You are on vacation/);
    const again = await command(scene.carol.id, 'start', { days: 1 }, scene.channel.id, 'vacation');
    expect(again.ephemeralText()).toMatch(/already on vacation/);
    await advance(10 * DAY + MINUTE);
    const tooLong = await command(scene.carol.id, 'start', { days: 5 }, scene.channel.id, 'vacation');
    expect(tooLong.ephemeralText()).toMatch(/at most 14 days in any 30.*used 10 day\(s\).*take 4 more/s);
    const fits = await command(scene.carol.id, 'start', { days: 4 }, scene.channel.id, 'vacation');
    expect(fits.ephemeralText()).toMatch(/You are on vacation/);
    const none = await command(scene.bob.id, 'end', {}, scene.channel.id, 'vacation');
    expect(none.ephemeralText()).toMatch(/not on vacation/);
    await advance(4 * DAY + MINUTE);
  });

  it('sends "your turn" by DM to players who opted in; closed DMs fall back to the thread, remembered until re-enabled', async () => {
    const on = await command(scene.bob.id, 'notify', { dm: 'on' });
    expect(on.ephemeralText()).toMatch(/direct message when it is your turn/);
    const { threadId } = await acceptedChallenge(scene, { game: 'siege-master', clock: 'none' });
    const dmsBefore = scene.fake.dmInbox(scene.bob.id).length;
    const board = await playTurnWithCommand(scene.fake, scene.guild.id, threadId, scene.alice.id, pick);
    await waitFor(() => scene.fake.dmInbox(scene.bob.id).length > dmsBefore, 10_000, 'a DM to Bob');
    const dm = scene.fake.dmInbox(scene.bob.id).at(-1)!;
    expect(dm.content).toMatch(/^Your turn in \*\*Siege Master\*\* \(game #\d+\): https:\/\/discord\.com\/channels\//);
    expect(dm.content).toContain(board.id);

    // Closed DMs: the failure is remembered, and the thread mention still comes.
    scene.fake.setDmClosed(scene.bob.id, true);
    await playTurnWithCommand(scene.fake, scene.guild.id, threadId, scene.bob.id, pick);
    const second = await playTurnWithCommand(scene.fake, scene.guild.id, threadId, scene.alice.id, pick);
    expect(second.mentionedUserIds).toEqual([scene.bob.id]);
    await waitForSettings(scene, scene.bob.id, (s) => s?.dmFailedAt !== null);
    scene.fake.setDmClosed(scene.bob.id, false);
    const attempts = dmAttempts(scene, scene.bob.id);
    await playTurnWithCommand(scene.fake, scene.guild.id, threadId, scene.bob.id, pick);
    const last = await playTurnWithCommand(scene.fake, scene.guild.id, threadId, scene.alice.id, pick);
    // A turn's notice is sent after its board is recorded, in the background: it is done before
    // DMs are turned on again (a late one would then reach Bob).
    await boardSettled(threadId, last.id);
    await scene.fake.settle();
    expect(dmAttempts(scene, scene.bob.id)).toBe(attempts); // not retried on every move
    expect(scene.fake.dmInbox(scene.bob.id)).toHaveLength(dmsBefore + 1);

    // Turning DMs on again tries again.
    await command(scene.bob.id, 'notify', { dm: 'on' });
    await playTurnWithCommand(scene.fake, scene.guild.id, threadId, scene.bob.id, pick);
    const final = await playTurnWithCommand(scene.fake, scene.guild.id, threadId, scene.alice.id, pick);
    await boardSettled(threadId, final.id);
    await scene.fake.settle();
    expect(scene.fake.dmInbox(scene.bob.id).map((m) => m.content)).toHaveLength(dmsBefore + 2);
  });

  it('/siege config needs Manage Server, validates, shows the settings, and the next game follows them', async () => {
    const owner = scene.guild.ownerId;
    const denied = await command(scene.carol.id, 'config', { clock: '7d' });
    expect(denied.ephemeralText()).toMatch(/Manage Server/);
    const bad = await command(owner, 'config', { grace: '5 fortnights', clock: '7d' });
    expect(bad.ephemeralText()).toMatch(/Nothing was changed: The timeout grace must be whole hours/);
    const badChannels = await command(owner, 'config', { channels: 'the big hall' });
    expect(badChannels.ephemeralText()).toMatch(/Nothing was changed: "the" is not a channel/);
    expect(await scene.database.db.guildSettings.count()).toBe(0);

    const saved = await command(owner, 'config', { clock: '7d', threads: 'off', grace: '2d', 'max-games': 30, 'challenge-expiry': '30m' });
    const field = (name: string) => fieldsOf(saved.replies[0]!).find((f) => f.name.startsWith(name))!.value;
    expect(field('Default clock')).toBe('7 days per move');
    expect(field('Threads')).toMatch(/^off/);
    expect(field('Timeout grace')).toBe('2 d');
    expect(field('Max active games')).toBe('30');
    expect(field('Challenge expiry')).toBe('30 min');
    expect(field('Channels')).toBe('all channels');

    const threadsBefore = scene.fake.threads(scene.channel.id).length;
    const started = await command(scene.alice.id, 'siege-master', { ai: 'easy' }, scene.channel.id, 'start');
    expect(started.ephemeralText()).toMatch(/started/);
    const game = (await scene.database.db.game.findFirst({ orderBy: { id: 'desc' } }))!;
    expect(game.clockSeconds).toBe(7 * 86_400);
    expect(game.threadId).toBeNull();
    expect(scene.fake.threads(scene.channel.id)).toHaveLength(threadsBefore);
    await waitFor(() => scene.fake.messages(scene.channel.id).some((m: FakeMessage) => m.embeds[0]?.title === `Siege Master · game #${game.id}`), 10_000, 'the board in the channel');

    const challenge = await command(scene.alice.id, 'siege-master', { opponent: scene.bob.id }, scene.channel.id, 'start');
    const row = (await scene.database.db.challenge.findFirst({ orderBy: { id: 'desc' } }))!;
    expect(Math.abs(row.expiresAt.getTime() - clock.now().getTime() - 30 * MINUTE)).toBeLessThan(MINUTE);
    expect(row.clockSeconds).toBe(7 * 86_400);
    expect(challenge.replies[0]!.embeds[0]!.description).toContain('Clock: 7 days per move');

    const elsewhere = scene.fake.addChannel(scene.guild.id, { name: 'chat' });
    await command(owner, 'config', { channels: `<#${scene.channel.id}>` });
    const refused = await command(scene.alice.id, 'siege-master', { ai: 'easy' }, elsewhere.id, 'start');
    expect(refused.ephemeralText()).toContain(`Games are started in <#${scene.channel.id}>`);
    await command(owner, 'config', { channels: 'all', threads: 'on', clock: '3d', grace: '24h' });
  });

  it('after downtime, overdue jobs fire at once and the timeout is judged by the stored deadline', async () => {
    // Carol challenges: Alice has started the server's ten new games of this hour already.
    const { threadId } = await acceptedChallenge(scene, { game: 'siege-master', clock: '1d' }, scene.carol, scene.bob);
    const game = await gameIn(threadId);
    await scene.restart(() => advance(DAY + HOUR));
    const notice = await waitNotice(threadId, /ran out of time/);
    expect(buttonsOf(notice).map((b) => b.label)).toEqual(['Claim win']);
    const row = await gameIn(threadId);
    expect(row.timedOutAt!.getTime()).toBe(game.deadlineAt!.getTime());
    // The half-time reminder also came due during the downtime, but a reminder after the deadline is pointless.
    expect(noticesIn(threadId, /half your time is gone/)).toHaveLength(0);
  });
});

/** What the players saw in each game thread, for reading (test/.out is not committed). */
async function writeTranscript(scene: Scene): Promise<void> {
  const { mkdir, writeFile } = await import('node:fs/promises');
  const lines: string[] = [];
  for (const thread of scene.fake.threads(scene.channel.id)) {
    lines.push(`## thread ${thread.name}`);
    for (const m of scene.fake.messages(thread.id)) {
      if (m.ephemeral) continue;
      const fields = fieldsOf(m).map((f) => `[${f.name}] ${f.value.replace(/\n/g, ' / ')}`).join(' ');
      const buttons = buttonsOf(m).map((b) => `(${b.label})`).join(' ');
      lines.push(`- ${m.content}${fields ? ` ${fields}` : ''}${buttons ? ` ${buttons}` : ''}`);
    }
  }
  await mkdir('test/.out', { recursive: true });
  await writeFile('test/.out/clocks-transcript.md', lines.join('\n') + '\n');
}

function dmAttempts(scene: Scene, userId: string): number {
  const dm = scene.fake.dmChannel(userId).id;
  return scene.fake.requests.filter((r) => r.method === 'POST' && r.path === `/channels/${dm}/messages`).length;
}

async function waitForSettings(scene: Scene, userId: string, ok: (s: { dmFailedAt: Date | null } | null) => boolean) {
  const until = Date.now() + 10_000;
  while (!ok(await scene.database.db.userSettings.findUnique({ where: { userId } }))) {
    if (Date.now() > until) throw new Error('user settings never changed');
    await new Promise((r) => setTimeout(r, 50));
  }
}
