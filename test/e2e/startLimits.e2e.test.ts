// One member cannot flood a server: one pending challenge per pair of members and game, at most a
// few pending challenges per member (`max-pending-challenges`), and a budget of new games per hour
// (`games-per-hour`) spent by whoever starts or challenges. Every check holds when the presses
// come at once. The bot's clock is moved by the test, never by waiting.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSiegeCommand } from '../../commands/index.js';
import { addGameForTests } from '../../src/games/index.js';
import type { FakeUser } from '../harness/fakeDiscord.js';
import type { InteractionRecord } from '../harness/interactions.js';
import { HOUR, testClock } from '../helpers/clock.js';
import { press, waitForAsync } from '../helpers/play.js';
import { buttonsOf, startScene, type Scene } from '../helpers/scene.js';
import { practiceSiege } from '../helpers/soloGame.js';

afterAll(addGameForTests(practiceSiege));

/** The private answer to a start that started. */
const STARTED = /^Game #\d+ of .+ started in /;

describe('limits on challenges and new games', () => {
  let scene: Scene;
  const clock = testClock();
  const members: FakeUser[] = [];

  beforeAll(async () => {
    scene = await startScene({}, { now: clock.now });
    scene.fake.registerCommands([buildSiegeCommand().toJSON()], scene.guild.id);
    for (let n = 0; n < 6; n++) {
      const user = scene.fake.addUser({ username: `member${n}` });
      scene.fake.addMember(scene.guild.id, user.id);
      members.push(user);
    }
  });
  afterAll(async () => {
    await scene?.stop();
  });

  const run = async (userId: string, group: string | undefined, subcommand: string, options: Record<string, string | number | boolean>) => {
    const rec = await scene.fake.slashCommand({ guildId: scene.guild.id, channelId: scene.channel.id, userId, name: 'siege', ...(group ? { group } : {}), subcommand, options });
    await rec.done({ timeoutMs: 20_000 });
    return rec;
  };
  const challenge = (from: string, to: string, game = 'siege-master') => run(from, 'start', game, { opponent: to });
  const publicReplies = (recs: InteractionRecord[]) => recs.flatMap((r) => r.replies.filter((m) => !m.ephemeral));
  const pending = (where: object = {}) => scene.database.db.challenge.count({ where: { status: 'PENDING', ...where } });
  const withdrawAll = () => scene.database.db.challenge.updateMany({ where: { status: 'PENDING' }, data: { status: 'CANCELLED' } });

  it('given 15 challenges from one member to another, then one is posted and the others are told privately where it is', async () => {
    const { alice, bob } = scene;
    const recs: InteractionRecord[] = [await challenge(alice.id, bob.id)];
    // The challenge's message is recorded once it is posted (the links below point to it).
    await waitForAsync(async () => (await scene.database.db.challenge.count({ where: { challengerId: alice.id, messageId: { not: null } } })) === 1);
    for (let n = 1; n < 15; n++) recs.push(await challenge(alice.id, bob.id));
    const posted = publicReplies(recs);
    expect(posted).toHaveLength(1);
    expect(scene.fake.notifiedUserIds(posted[0]!)).toEqual([bob.id]);
    expect(await pending({ challengerId: alice.id })).toBe(1);
    for (const rec of recs.slice(1)) {
      expect(rec.replies.every((m) => m.ephemeral)).toBe(true);
      expect(rec.ephemeralText()).toMatch(new RegExp(`You have already challenged <@${bob.id}> to Siege Master.*https://discord\\.com/channels/${scene.guild.id}/${scene.channel.id}/${posted[0]!.id}`));
    }
    // The other way round: bob is pointed to alice's challenge, which he may accept.
    const back = await challenge(bob.id, alice.id);
    expect(back.ephemeralText()).toMatch(new RegExp(`<@${alice.id}> has already challenged you to Siege Master.*${posted[0]!.id}`));
    // Another game between the same two is another challenge.
    const other = await challenge(alice.id, bob.id, 'dice-realms');
    expect(publicReplies([other])).toHaveLength(1);
    await withdrawAll();
  });

  it('given a challenge past its expiry whose expiry job has not run yet, then a new one between the same two is made and the old one says it expired', async () => {
    const { alice, bob } = scene;
    const first = publicReplies([await challenge(alice.id, bob.id)])[0]!;
    await waitForAsync(async () => (await scene.database.db.challenge.count({ where: { messageId: first.id } })) === 1);
    await scene.database.db.challenge.updateMany({ where: { messageId: first.id }, data: { expiresAt: new Date(clock.now().getTime() - 1000) } });
    expect(publicReplies([await challenge(alice.id, bob.id)])).toHaveLength(1);
    await scene.fake.waitForMessage((m) => m.id === first.id && /expired/.test(m.content));
    expect(await pending({ challengerId: alice.id })).toBe(1);
    await withdrawAll();
  });

  it('given two presses at once, and the same pair both ways at once, then one challenge is made', async () => {
    const { alice, carol } = scene;
    const twice = await Promise.all([challenge(alice.id, carol.id), challenge(alice.id, carol.id), challenge(carol.id, alice.id)]);
    expect(publicReplies(twice)).toHaveLength(1);
    expect(await pending()).toBe(1);
    expect(twice.filter((r) => /already challenged/.test(r.ephemeralText()))).toHaveLength(2);
    await withdrawAll();
  });

  it('given a member with five pending challenges, then a sixth is refused privately, also when six are made at once', async () => {
    const gina = scene.fake.addUser({ username: 'gina' });
    scene.fake.addMember(scene.guild.id, gina.id);
    const recs = await Promise.all(members.map((m) => challenge(gina.id, m.id)));
    expect(publicReplies(recs)).toHaveLength(5);
    expect(await pending({ challengerId: gina.id })).toBe(5);
    const refused = recs.find((r) => r.replies.every((m) => m.ephemeral))!;
    expect(refused.ephemeralText()).toMatch(/5 challenges waiting for an answer.*the most this server allows/);
    // One answered (declined) makes room.
    const first = publicReplies(recs)[0]!;
    const opponent = members.find((m) => first.content.includes(`<@${m.id}>`))!;
    const decline = buttonsOf(first).find((b) => b.label === 'Decline')!;
    await press(scene.fake, first, () => scene.fake.clickButton({ messageId: first.id, customId: decline.custom_id!, userId: opponent.id }));
    const next = await challenge(gina.id, opponent.id);
    expect(publicReplies([next])).toHaveLength(1);
    await withdrawAll();
  });

  it('given max-pending-challenges set to 2, then a third pending challenge is refused', async () => {
    const owner = scene.guild.ownerId;
    const bad = await run(owner, undefined, 'config', { 'max-pending-challenges': 26 }).catch((e: Error) => e);
    expect(bad).toBeInstanceOf(Error); // Discord itself refuses a value outside 1–25
    const saved = await run(owner, undefined, 'config', { 'max-pending-challenges': 2 });
    expect(JSON.stringify(saved.replies[0]!.embeds)).toMatch(/Max pending challenges per member.*2/);
    const recs = [];
    for (const m of members.slice(0, 3)) recs.push(await challenge(scene.bob.id, m.id));
    expect(publicReplies(recs)).toHaveLength(2);
    expect(recs[2]!.ephemeralText()).toMatch(/2 challenges waiting/);
    await withdrawAll();
    await run(owner, undefined, 'config', { 'max-pending-challenges': 5 });
  });

  it('given start, resign, start again, then a member gets games-per-hour new games an hour, and is told privately when the next one may start', async () => {
    const { bob, carol } = scene;
    const owner = scene.guild.ownerId;
    await run(owner, undefined, 'config', { 'games-per-hour': 3 });
    const threadsBefore = scene.fake.threads(scene.channel.id).length;
    const started: InteractionRecord[] = [];
    for (let n = 0; n < 3; n++) {
      started.push(await run(carol.id, 'start', 'practice-siege', {}));
      const game = (await scene.database.db.game.findFirst({ where: { status: 'ACTIVE', players: { some: { userId: carol.id } } } }))!;
      const resigned = await scene.app.ctx!.master.resign(game.id, carol.id);
      expect(resigned.ok).toBe(true);
    }
    for (const rec of started) expect(rec.ephemeralText()).toMatch(STARTED);
    const fourth = await run(carol.id, 'start', 'practice-siege', {});
    expect(fourth.ephemeralText()).toMatch(/You have started 3 new games here in the last hour, the most this server allows in an hour\. You can start another <t:\d+:R>\./);
    expect(scene.fake.threads(scene.channel.id).length).toBe(threadsBefore + 3);
    // A challenge and an AI game are new games too; accepting one is not (the challenger spent it).
    expect((await challenge(carol.id, bob.id)).ephemeralText()).toMatch(/You have started 3 new games/);
    expect((await run(carol.id, 'start', 'siege-master', { ai: 'easy' })).ephemeralText()).toMatch(/You have started 3 new games/);
    const fromAlice = publicReplies([await challenge(members[5]!.id, carol.id)])[0]!;
    const accept = buttonsOf(fromAlice).find((b) => b.label === 'Accept')!;
    await press(scene.fake, fromAlice, () => scene.fake.clickButton({ messageId: fromAlice.id, customId: accept.custom_id!, userId: carol.id }));
    expect(await scene.database.db.challenge.count({ where: { status: 'ACCEPTED', opponentId: carol.id } })).toBe(1);
    // An hour after those starts, three more.
    await clock.advance(HOUR, scene.database.url);
    for (let n = 0; n < 3; n++) expect((await run(carol.id, 'start', 'practice-siege', {})).ephemeralText()).toMatch(STARTED);
    expect((await run(carol.id, 'start', 'practice-siege', {})).ephemeralText()).toMatch(/You have started 3 new games/);
  });

  it('given five starts at once with room for two, then two games start', async () => {
    const dave = members[0]!;
    await run(scene.guild.ownerId, undefined, 'config', { 'games-per-hour': 2 });
    const before = await scene.database.db.game.count({ where: { players: { some: { userId: dave.id } } } });
    const recs = await Promise.all([0, 1, 2, 3, 4].map(() => run(dave.id, 'start', 'practice-siege', {})));
    expect(recs.filter((r) => STARTED.test(r.ephemeralText()))).toHaveLength(2);
    expect(await scene.database.db.game.count({ where: { players: { some: { userId: dave.id } } } })).toBe(before + 2);
    await scene.fake.settle();
    expect(scene.fake.violations).toEqual([]);
  });
});
