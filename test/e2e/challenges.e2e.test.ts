import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeUser } from '../harness/fakeDiscord.js';
import { buttonsOf, startScene, type Scene } from '../helpers/scene.js';
import { press } from '../helpers/play.js';

describe('challenges through Discord', () => {
  let scene: Scene;
  beforeAll(async () => {
    // Challenges expire on the real clock here: every expiry job (one per challenge, run one a
    // poll) is found by polling, so the queues are polled every 0.5 s, not the scenes' 2 s.
    scene = await startScene({ challengeExpiryMs: 2_000, jobPollSeconds: 0.5 });
  });
  afterAll(async () => {
    await scene?.stop();
  });

  const start = (userId: string, options: Record<string, string>) =>
    scene.fake.slashCommand({ guildId: scene.guild.id, channelId: scene.channel.id, userId, name: 'siege', group: 'start', subcommand: 'siege-master', options: { ...options } });

  /** Alice challenges `opponent` (each test its own: two members have one pending challenge per game). */
  async function challenge(opponent: FakeUser = scene.bob) {
    const rec = await start(scene.alice.id, { opponent: opponent.id });
    await rec.done();
    const message = rec.replies.find((m) => !m.ephemeral)!;
    expect(message.content).toContain(`<@${opponent.id}>`);
    expect(message.mentionedUserIds).toEqual([opponent.id]);
    return message;
  }

  const member = (username: string) => {
    const user = scene.fake.addUser({ username });
    scene.fake.addMember(scene.guild.id, user.id);
    return user;
  };

  it('given a challenge, when someone else presses Accept, then only they are told why and nothing changes', async () => {
    const message = await challenge();
    const accept = buttonsOf(message).find((b) => b.label === 'Accept')!;
    const rec = await scene.fake.clickButton({ messageId: message.id, customId: accept.custom_id!, userId: scene.carol.id });
    await rec.done();
    expect(rec.ephemeralText()).toContain(`Only <@${scene.bob.id}> can accept`);
    expect(scene.fake.message(message.id)!.components).toEqual(message.components);
    expect(await scene.database.db.game.count()).toBe(0);
  });

  it('given a challenge, when the opponent declines, then the message says so and loses its buttons', async () => {
    const dave = member('dave');
    const message = await challenge(dave);
    const decline = buttonsOf(message).find((b) => b.label === 'Decline')!;
    await press(scene.fake, message, () => scene.fake.clickButton({ messageId: message.id, customId: decline.custom_id!, userId: dave.id }));
    const after = scene.fake.message(message.id)!;
    expect(after.content).toContain('declined');
    expect(after.components).toEqual([]);
    expect(await scene.database.db.game.count()).toBe(0);
  });

  it('given a challenge nobody answers, when it expires, then the message is edited to say so', async () => {
    const message = await challenge(member('erin'));
    await scene.fake.waitForMessage((m) => m.id === message.id && /expired/.test(m.content), 10_000);
    expect(scene.fake.message(message.id)!.components).toEqual([]);
    const row = await scene.database.db.challenge.findFirst({ where: { messageId: message.id } });
    expect(row?.status).toBe('EXPIRED');
  });

  it('given a finished game, when Rematch is double-tapped and pressed by both players at once, then one rematch is asked and the others are told so', async () => {
    const { fake, alice } = scene;
    const frank = member('frank');
    const message = await challenge(frank);
    const accept = buttonsOf(message).find((b) => b.label === 'Accept')!;
    await press(fake, message, () => fake.clickButton({ messageId: message.id, customId: accept.custom_id!, userId: frank.id }));
    const threadId = fake.threads(scene.channel.id).at(-1)!.id;
    const game = (await scene.database.db.game.findFirst({ where: { threadId } }))!;
    const resigned = await scene.app.ctx!.services.games.resign(game.id, alice.id);
    if (!resigned.ok) throw new Error(resigned.error.message);
    await scene.app.ctx!.publisher.postBoard(resigned.value.game, { headline: 'resigned' }, resigned.value.previous);
    const final = fake.messages(threadId).filter((m) => m.components.length).at(-1)!;
    const rematch = buttonsOf(final).find((b) => b.label === 'Rematch')!;
    const presses = await Promise.all([alice.id, alice.id, frank.id].map((userId) => fake.clickButton({ messageId: final.id, customId: rematch.custom_id!, userId })));
    await Promise.all(presses.map((r) => r.done({ timeoutMs: 15_000 })));
    expect(await scene.database.db.challenge.count({ where: { rematchOf: game.id } })).toBe(1);
    const asked = presses.filter((r) => r.replies.some((m) => !m.ephemeral));
    expect(asked).toHaveLength(1);
    for (const r of presses.filter((p) => p !== asked[0])) expect(r.ephemeralText()).toMatch(/A rematch of game #\d+ was already asked/);
    // Later presses link to the rematch challenge itself, in the thread where it was posted.
    const posted = asked[0]!.replies.find((m) => !m.ephemeral)!;
    expect(posted.channelId).toBe(threadId);
    const late = await fake.clickButton({ messageId: final.id, customId: rematch.custom_id!, userId: frank.id });
    await late.done();
    expect(late.ephemeralText()).toMatch(/already asked/);
    expect(late.ephemeralText()).toContain(`It is here: https://discord.com/channels/${scene.guild.id}/${threadId}/${posted.id} (waiting for an answer).`);
    await fake.settle();
    expect(fake.violations).toEqual([]);
  });

  it('refuses challenges to yourself, to a bot, with two opponents, and in direct messages, privately', async () => {
    const self = await start(scene.alice.id, { opponent: scene.alice.id });
    await self.done();
    expect(self.ephemeralText()).toMatch(/cannot challenge yourself/);
    const bot = await start(scene.alice.id, { opponent: scene.robot.id });
    await bot.done();
    expect(bot.ephemeralText()).toMatch(/cannot challenge a bot/);
    const both = await start(scene.alice.id, { opponent: scene.bob.id, ai: 'easy' });
    await both.done();
    expect(both.ephemeralText()).toMatch(/either an opponent or an AI/);
    const none = await start(scene.alice.id, {});
    await none.done();
    expect(none.ephemeralText()).toMatch(/needs an opponent/);
    const dm = await scene.fake.slashCommand({ userId: scene.alice.id, name: 'siege', group: 'start', subcommand: 'siege-master', options: { opponent: scene.bob.id } }).catch((e: Error) => e);
    if (!(dm instanceof Error)) {
      await dm.done();
      expect(dm.ephemeralText()).toMatch(/servers, not in direct messages/);
    }
    for (const r of [self, bot, both, none]) expect(r.replies.every((m) => m.ephemeral)).toBe(true);
    await scene.fake.settle();
    expect(scene.fake.violations).toEqual([]);
  });
});
