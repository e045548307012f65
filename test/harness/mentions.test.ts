// Given messages the real discord.js client sends with and without allowed_mentions, then the fake
// records who they actually ping (users, roles, @everyone, @here, the replied author) by Discord's
// rules, so a test can assert that nothing pings anyone but the one who must act.
import type { MessageCreateOptions, TextChannel } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeChannel, FakeDiscord, FakeGuild, FakeMessage, FakeRole, FakeUser } from './fakeDiscord.js';
import { startScene, stopScene, type Scene } from './testBot.js';

describe('allowed_mentions: who a message actually pings', () => {
  let scene: Scene;
  let fake: FakeDiscord;
  let guild: FakeGuild;
  let channel: FakeChannel;
  let alice: FakeUser;
  let bob: FakeUser;
  let carol: FakeUser;
  let defenders: FakeRole;
  let attackers: FakeRole;
  let everyMember: string[];

  beforeAll(async () => {
    scene = await startScene();
    ({ fake, guild, channel, alice, bob } = scene);
    carol = fake.addUser({ username: 'carol' });
    defenders = fake.addRole(guild.id, { name: 'defenders' });
    attackers = fake.addRole(guild.id, { name: 'attackers' });
    fake.addMember(guild.id, carol.id, { roles: [defenders.id] });
    fake.addMember(guild.id, bob.id, { roles: [attackers.id] });
    everyMember = [guild.ownerId, alice.id, bob.id, carol.id].sort();
  });

  afterAll(() => stopScene(scene));

  const games = async () => (await scene.bot.client.channels.fetch(channel.id)) as TextChannel;

  /** The bot posts in #games; the fake's record of the message. */
  async function post(options: MessageCreateOptions): Promise<FakeMessage> {
    const sent = await (await games()).send(options);
    return fake.message(sent.id)!;
  }

  const pings = (m: FakeMessage) => ({ users: m.mentionedUserIds, roles: m.mentionedRoleIds, everyone: m.mentionedEveryone, here: m.mentionedHere });
  const everything = () => `<@${alice.id}> <@&${defenders.id}> @everyone @here`;

  it('given no allowed_mentions, then everything in the content pings: users, roles, @everyone and @here', async () => {
    const sent = await (await games()).send({ content: everything() });
    const m = fake.message(sent.id)!;
    expect(pings(m)).toEqual({ users: [alice.id], roles: [defenders.id], everyone: true, here: true });
    expect(fake.notifiedUserIds(m)).toEqual(everyMember);
    // The client reads the same from the message Discord returns.
    expect([sent.mentions.everyone, [...sent.mentions.roles.keys()], [...sent.mentions.users.keys()]]).toEqual([true, [defenders.id], [alice.id]]);
  });

  it('given parse: [], then nothing pings anyone', async () => {
    const m = await post({ content: everything(), allowedMentions: { parse: [] } });
    expect(pings(m)).toEqual({ users: [], roles: [], everyone: false, here: false });
    expect(fake.notifiedUserIds(m)).toEqual([]);
  });

  it('given parse of one kind, then only that kind pings', async () => {
    expect(pings(await post({ content: everything(), allowedMentions: { parse: ['users'] } }))).toEqual({ users: [alice.id], roles: [], everyone: false, here: false });
    const byRole = await post({ content: everything(), allowedMentions: { parse: ['roles'] } });
    expect(pings(byRole)).toEqual({ users: [], roles: [defenders.id], everyone: false, here: false });
    expect(fake.notifiedUserIds(byRole)).toEqual([carol.id]);
    // "everyone" covers @here as well.
    expect(pings(await post({ content: everything(), allowedMentions: { parse: ['everyone'] } }))).toEqual({ users: [], roles: [], everyone: true, here: true });
    expect(pings(await post({ content: `@here <@${bob.id}>`, allowedMentions: { parse: ['everyone'] } }))).toEqual({ users: [], roles: [], everyone: false, here: true });
  });

  it('given users and roles lists, then only those listed ping, and only where the content mentions them', async () => {
    const m = await post({
      content: `<@${alice.id}> <@${bob.id}> <@&${defenders.id}> <@&${attackers.id}> @everyone`,
      allowedMentions: { users: [bob.id, carol.id], roles: [attackers.id] },
    });
    expect(pings(m)).toEqual({ users: [bob.id], roles: [attackers.id], everyone: false, here: false });
    expect(fake.notifiedUserIds(m)).toEqual([bob.id]);
  });

  it('given a reply, then it pings the replied author by default, not with allowed_mentions unless replied_user is set', async () => {
    const question = fake.userMessage({ channelId: channel.id, userId: alice.id, content: 'whose turn is it?' });
    const reply = (extra: MessageCreateOptions) => post({ content: 'yours', reply: { messageReference: question.id }, ...extra });
    expect((await reply({})).mentionedUserIds).toEqual([alice.id]);
    expect((await reply({ allowedMentions: { parse: [] } })).mentionedUserIds).toEqual([]);
    expect((await reply({ allowedMentions: { parse: [], repliedUser: true } })).mentionedUserIds).toEqual([alice.id]);
    // The replied author named in the content still pings by the users rules.
    expect((await reply({ content: `<@${alice.id}>`, allowedMentions: { users: [alice.id] } })).mentionedUserIds).toEqual([alice.id]);
  });

  it('given an edit, then its allowed_mentions decide again', async () => {
    const m = await post({ content: `@everyone <@${alice.id}>`, allowedMentions: { parse: [] } });
    await (await games()).messages.edit(m.id, { content: `@everyone <@${alice.id}> <@${bob.id}>`, allowedMentions: { users: [bob.id] } });
    expect(pings(fake.message(m.id)!)).toEqual({ users: [bob.id], roles: [], everyone: false, here: false });
  });

  it('given an interaction reply, then the same rules apply to it', async () => {
    scene.handle(async (i) => {
      if (i.isChatInputCommand()) await i.reply({ content: `@everyone <@&${defenders.id}> <@${bob.id}>`, allowedMentions: { users: [bob.id] } });
    });
    const rec = await fake.slashCommand({ channelId: channel.id, userId: alice.id, name: 'siege', subcommand: 'board' });
    await rec.done();
    const [reply] = rec.replies;
    expect(pings(reply!)).toEqual({ users: [bob.id], roles: [], everyone: false, here: false });
    expect(fake.notifiedUserIds(reply!)).toEqual([bob.id]);
  });

  it('given a DM, then @everyone, @here and roles ping nobody', async () => {
    const sent = await scene.bot.client.users.send(bob.id, `@everyone @here <@&${defenders.id}>`);
    expect(pings(fake.message(sent.id)!)).toEqual({ users: [], roles: [], everyone: false, here: false });
  });
});
