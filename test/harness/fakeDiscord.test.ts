import { setTimeout as sleep } from 'node:timers/promises';
import {
  ActionRowBuilder,
  MessageFlags,
  ModalBuilder,
  StringSelectMenuBuilder,
  TextInputBuilder,
  TextInputStyle,
  type TextChannel,
} from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeChannel, FakeDiscord, FakeGuild, FakeUser } from './fakeDiscord.js';
import { PNG, apiErrorOf, button, startScene, stopScene, type Handler, type Scene } from './testBot.js';

describe('fake Discord with a real discord.js client', () => {
  let scene: Scene;
  let fake: FakeDiscord;
  let bot: Scene['bot'];
  let guild: FakeGuild;
  let channel: FakeChannel;
  let alice: FakeUser;
  let bob: FakeUser;
  const handle = (handler: Handler): void => scene.handle(handler);

  beforeAll(async () => {
    scene = await startScene();
    ({ fake, bot, guild, channel, alice, bob } = scene);
  });

  afterAll(() => stopScene(scene));

  it('logs in: READY and GUILD_CREATE fill the caches', () => {
    expect(bot.client.user?.id).toBe(fake.botUser.id);
    expect(bot.client.guilds.cache.get(guild.id)?.name).toBe('Keep');
    expect(bot.client.channels.cache.get(channel.id)?.isTextBased()).toBe(true);
    expect(fake.tokensSeen).toContain('test-token');
    expect(fake.requests.some((r) => r.route === '/gateway/bot')).toBe(true);
    expect(fake.commands().map((c) => c.name)).toEqual(['siege']);
    expect(fake.sessions).toHaveLength(1);
    expect(fake.violations).toEqual([]);
  });

  it('a slash command is answered with a message carrying a button row', async () => {
    let seen: { sub: string; game: string | null; opponent: string | undefined; member: boolean } | null = null;
    handle(async (i) => {
      if (!i.isChatInputCommand()) return;
      seen = {
        sub: i.options.getSubcommand(),
        game: i.options.getString('game'),
        opponent: i.options.getUser('opponent')?.id,
        member: i.options.getMember('opponent') !== null,
      };
      await i.reply({ content: `<@${bob.id}>, you are challenged`, components: [button('accept:g1:v1', 'Accept')] });
    });
    const rec = await fake.slashCommand({ guildId: guild.id, channelId: channel.id, userId: alice.id, name: 'siege', subcommand: 'start', options: { game: 'siege-master', opponent: bob.id } });
    expect((await rec.response()).type).toBe(4);
    expect(rec.ackMs).toBeLessThan(3000);
    expect(seen).toEqual({ sub: 'start', game: 'siege-master', opponent: bob.id, member: true });
    const [reply] = rec.replies;
    expect(reply?.content).toContain('challenged');
    expect(reply?.mentionedUserIds).toEqual([bob.id]);
    expect(fake.messages(channel.id).map((m) => m.id)).toContain(reply!.id);
    await expect(fake.slashCommand({ channelId: channel.id, userId: alice.id, name: 'siege', subcommand: 'start', options: { game: 'chess', opponent: bob.id } }))
      .rejects.toThrow(/not one of the choices/);
  });

  it('a deferred reply is later edited with an attachment', async () => {
    handle(async (i) => {
      if (!i.isChatInputCommand()) return;
      await i.deferReply();
      await sleep(100);
      await i.editReply({ content: 'Your board', files: [{ attachment: PNG, name: 'board.png' }] });
    });
    const rec = await fake.slashCommand({ channelId: channel.id, userId: alice.id, name: 'siege', subcommand: 'board' });
    expect((await rec.response()).type).toBe(5);
    await rec.done();
    const [reply] = rec.replies;
    expect(reply?.content).toBe('Your board');
    expect(reply?.attachments).toHaveLength(1);
    expect(reply?.attachments[0]).toMatchObject({ filename: 'board.png', contentType: 'image/png', width: 1, height: 1 });
    expect(reply?.attachments[0]?.data.equals(PNG)).toBe(true);
    expect(fake.requests.find((r) => r.method === 'PATCH' && r.route?.endsWith('/messages/:messageId') && r.files.length === 1)).toBeTruthy();
  });

  it('a button click updates the message, and a disabled button cannot be pressed', async () => {
    handle(async (i) => {
      if (!i.isChatInputCommand()) return;
      await i.reply({ content: 'Challenge', components: [button('accept:g2:v1', 'Accept')] });
    });
    const start = await (await fake.slashCommand({ channelId: channel.id, userId: alice.id, name: 'siege', subcommand: 'start', options: { game: 'siege-master', opponent: bob.id } })).done();
    const messageId = start.replies[0]!.id;

    let clicker: string | null = null;
    handle(async (i) => {
      if (!i.isButton()) return;
      clicker = i.user.id;
      await i.update({ content: 'Accepted', components: [button('accept:g2:v1', 'Accept', true)] });
    });
    const click = await fake.clickButton({ messageId, customId: 'accept:g2:v1', userId: bob.id });
    expect((await click.response()).type).toBe(7);
    expect(clicker).toBe(bob.id);
    expect(fake.message(messageId)?.content).toBe('Accepted');
    await expect(fake.clickButton({ messageId, customId: 'accept:g2:v1', userId: bob.id })).rejects.toThrow(/disabled/);
    await expect(fake.clickButton({ messageId, customId: 'nope', userId: bob.id })).rejects.toThrow(/no button/);
  });

  it('autocomplete results come back as choices', async () => {
    let focused: string | null = null;
    handle(async (i) => {
      if (!i.isAutocomplete()) return;
      focused = `${i.options.getFocused(true).name}=${i.options.getFocused()}`;
      await i.respond([{ name: 'F7-F8', value: 'F7-F8' }, { name: 'F7-G7', value: 'F7-G7' }]);
    });
    const rec = await fake.autocomplete({ channelId: channel.id, userId: alice.id, name: 'siege', subcommand: 'move', options: { game: 'g1' }, focused: 'notation', value: 'F7' });
    expect((await rec.response()).type).toBe(8);
    expect(focused).toBe('notation=F7');
    expect(rec.choices?.map((c) => c.value)).toEqual(['F7-F8', 'F7-G7']);
  });

  it('threads.create and channel.send land where a user sees them; ephemeral replies stay private', async () => {
    handle(async (i) => {
      if (!i.isChatInputCommand() || !i.channel || !('threads' in i.channel)) return;
      await i.deferReply({ flags: MessageFlags.Ephemeral });
      const thread = await (i.channel as TextChannel).threads.create({ name: 'alice vs bob' });
      await thread.send(`Game on, <@${alice.id}>`);
      await (i.channel as TextChannel).send('A game started');
      await i.editReply(`Your game is in <#${thread.id}>`);
    });
    const rec = await (await fake.slashCommand({ channelId: channel.id, userId: alice.id, name: 'siege', subcommand: 'board' })).done();
    const [thread] = fake.threads(channel.id);
    expect(thread?.name).toBe('alice vs bob');
    expect(bot.client.channels.cache.get(thread!.id)?.isThread()).toBe(true);
    expect(fake.messages(thread!.id).map((m) => m.content)).toEqual([`Game on, <@${alice.id}>`]);
    expect(fake.messages(channel.id).at(-1)?.content).toBe('A game started');
    expect(rec.ephemeralText()).toBe(`Your game is in <#${thread!.id}>`);
    expect(fake.messages(channel.id).some((m) => m.id === rec.replies[0]!.id)).toBe(false);
    expect(fake.visibleMessages(channel.id, alice.id).some((m) => m.id === rec.replies[0]!.id)).toBe(true);

    fake.deleteChannel(thread!.id);
    await expect.poll(() => bot.client.channels.cache.has(thread!.id)).toBe(false);
    expect(fake.threads(channel.id)).toEqual([]);
  });

  it('withResponse returns the callback resource, and follow-ups follow the deferral rules', async () => {
    const seen: { resource?: string; followUpEphemeral?: boolean } = {};
    handle(async (i) => {
      if (!i.isChatInputCommand()) return;
      const response = await i.deferReply({ withResponse: true });
      seen.resource = `${response.interaction.responseMessageLoading} ${response.resource?.type}`;
      await i.followUp('replaces the thinking message');
      const secret = await i.followUp({ content: 'only for you', flags: MessageFlags.Ephemeral });
      seen.followUpEphemeral = secret.flags.has(MessageFlags.Ephemeral);
    });
    const rec = await (await fake.slashCommand({ channelId: channel.id, userId: alice.id, name: 'siege', subcommand: 'board' })).done();
    expect(seen).toEqual({ resource: 'true 5', followUpEphemeral: true });
    expect(rec.replies.map((m) => [m.content, m.ephemeral])).toEqual([['replaces the thinking message', false], ['only for you', true]]);
    expect(rec.replies[0]?.id).toBe(rec.originalMessageId);
    expect(rec.ephemeralText()).toBe('only for you');
  });

  it('select menus and modals round-trip', async () => {
    handle(async (i) => {
      if (i.isChatInputCommand()) {
        await i.reply({
          content: 'Pick a square',
          components: [new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(
            new StringSelectMenuBuilder().setCustomId('square:g3:v1').addOptions({ label: 'A1', value: 'a1' }, { label: 'B2', value: 'b2' }),
          )],
        });
      } else if (i.isStringSelectMenu()) {
        await i.showModal(new ModalBuilder().setCustomId(`confirm:${i.values[0]}`).setTitle('Confirm').addComponents(
          new ActionRowBuilder<TextInputBuilder>().addComponents(new TextInputBuilder().setCustomId('note').setLabel('Note').setStyle(TextInputStyle.Short)),
        ));
      } else if (i.isModalSubmit()) {
        await i.reply({ content: `${i.customId} ${i.fields.getTextInputValue('note')}`, flags: MessageFlags.Ephemeral });
      }
    });
    const start = await (await fake.slashCommand({ channelId: channel.id, userId: alice.id, name: 'siege', subcommand: 'board' })).done();
    await expect(fake.selectMenu({ messageId: start.replies[0]!.id, customId: 'square:g3:v1', values: ['z9'], userId: alice.id })).rejects.toThrow(/no option z9/);
    const select = await fake.selectMenu({ messageId: start.replies[0]!.id, customId: 'square:g3:v1', values: ['b2'], userId: alice.id });
    expect((await select.response()).type).toBe(9);
    expect(select.modal?.custom_id).toBe('confirm:b2');
    const submit = await (await fake.submitModal({ customId: 'confirm:b2', userId: alice.id, fields: { note: 'gg' } })).done();
    expect(submit.ephemeralText()).toBe('confirm:b2 gg');
  });

  it('DMs reach the inbox, or fail with 50007 when the user closed them', async () => {
    fake.setDmClosed(bob.id, true);
    expect((await apiErrorOf(bot.client.users.send(bob.id, 'psst'))).code).toBe(50007);
    fake.setDmClosed(bob.id, false);
    await bot.client.users.send(bob.id, 'your turn');
    expect(fake.dmInbox(bob.id).map((m) => m.content)).toEqual(['your turn']);
  });

  it('an interaction in a DM carries `user`, context 1 and no guild', async () => {
    let where: string | null = null;
    handle(async (i) => {
      if (!i.isChatInputCommand()) return;
      where = `${i.guildId ?? 'no-guild'} ${i.context} ${i.user.id}`;
      await i.reply({ content: 'dm reply' });
    });
    const rec = await (await fake.slashCommand({ userId: alice.id, name: 'siege', subcommand: 'board' })).done();
    expect(where).toBe(`no-guild 1 ${alice.id}`);
    expect(fake.dmInbox(alice.id).map((m) => m.content)).toContain('dm reply');
    expect(rec.payload.user).toBeTruthy();
    expect(rec.payload.member).toBeUndefined();
  });

  it('ends with no handler errors and no violations', async () => {
    await fake.settle();
    expect(bot.errors).toEqual([]);
    expect(fake.violations).toEqual([]);
  });
});
