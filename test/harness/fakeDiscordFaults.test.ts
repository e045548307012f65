import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client, DiscordAPIError, Events, GatewayIntentBits, Routes, type TextChannel } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeDiscord, type FakeChannel, type FakeGuild, type FakeUser } from './fakeDiscord.js';
import { apiErrorOf, siegeCommand, startBot, startScene, stopScene, type Handler, type Scene } from './testBot.js';

describe('fake Discord faults and violations', () => {
  let scene: Scene;
  let fake: FakeDiscord;
  let bot: Scene['bot'];
  let guild: FakeGuild;
  let channel: FakeChannel;
  let alice: FakeUser;
  const handle = (handler: Handler): void => scene.handle(handler);

  beforeAll(async () => {
    scene = await startScene();
    ({ fake, bot, guild, channel, alice } = scene);
  });

  afterAll(() => stopScene(scene));

  describe('records violations', () => {
    const replyWith = (body: Record<string, unknown>) => {
      const outcome: { error: DiscordAPIError | null } = { error: null };
      handle(async (i) => {
        if (!i.isChatInputCommand()) return;
        outcome.error = await apiErrorOf(i.reply(body as never));
        // A refused callback does not use up the acknowledgement: fall back to a plain reply.
        await i.reply('fallback');
      });
      return outcome;
    };
    const run = async () => {
      const rec = await (await fake.slashCommand({ channelId: channel.id, userId: alice.id, name: 'siege', subcommand: 'board' })).done();
      expect(rec.replies.map((m) => m.content)).toEqual(['fallback']);
      expect(rec.rejectedCallbacks.map((c) => c.code)).toEqual([50035]);
      return rec;
    };

    it('for more than 25 select options', async () => {
      const options = Array.from({ length: 26 }, (_, k) => ({ label: `Square ${k}`, value: `sq${k}` }));
      const outcome = replyWith({ content: 'pick', components: [{ type: 1, components: [{ type: 3, custom_id: 'pick', options }] }] });
      await run();
      expect(outcome.error?.code).toBe(50035);
      const violations = fake.takeViolations();
      expect(violations.map((v) => v.kind)).toEqual(['invalid-form-body']);
      expect(violations[0]?.message).toContain('data.components.0.components.0.options: BASE_TYPE_BAD_LENGTH');
    });

    it('for a 101-character custom id', async () => {
      const outcome = replyWith({ content: 'x', components: [{ type: 1, components: [{ type: 2, style: 1, label: 'Go', custom_id: 'x'.repeat(101) }] }] });
      await run();
      expect(outcome.error?.code).toBe(50035);
      const violations = fake.takeViolations();
      expect(violations.map((v) => v.kind)).toEqual(['invalid-form-body']);
      expect(violations[0]?.message).toContain('data.components.0.components.0.custom_id: BASE_TYPE_BAD_LENGTH');
    });

    it('for 6 action rows', async () => {
      const rows = Array.from({ length: 6 }, (_, k) => ({ type: 1, components: [{ type: 2, style: 1, label: `R${k}`, custom_id: `row${k}` }] }));
      const outcome = replyWith({ content: 'rows', components: rows });
      await run();
      expect(outcome.error?.code).toBe(50035);
      const violations = fake.takeViolations();
      expect(violations.map((v) => v.kind)).toEqual(['invalid-form-body']);
      expect(violations[0]?.message).toContain('data.components: BASE_TYPE_MAX_LENGTH');
    });

    it('for a reply after the 3 s window', async () => {
      const outcome: { error: DiscordAPIError | null } = { error: null };
      handle(async (i) => {
        if (!i.isChatInputCommand()) return;
        // A handler too slow to answer: it answers once Discord has taken the interaction for failed.
        await expect.poll(() => fake.interactions.find((r) => r.id === i.id)?.failure, { timeout: 10_000, interval: 20 }).toBe('no-ack');
        outcome.error = await apiErrorOf(i.reply('too late'));
      });
      const rec = await fake.slashCommand({ channelId: channel.id, userId: alice.id, name: 'siege', subcommand: 'board' });
      await expect(rec.response()).rejects.toThrow(/no response within 3000 ms|failed/);
      await expect.poll(() => outcome.error?.code, { timeout: 5000 }).toBe(10062);
      const violations = fake.takeViolations();
      expect(violations.map((v) => v.kind)).toEqual(['late-ack']);
      expect(violations[0]?.interactionId).toBe(rec.id);
    });

    it('for a second acknowledgement', async () => {
      const outcome: { error: DiscordAPIError | null } = { error: null };
      handle(async (i) => {
        if (!i.isChatInputCommand()) return;
        await i.reply('first');
        outcome.error = await apiErrorOf(bot.client.rest.post(Routes.interactionCallback(i.id, i.token), { body: { type: 4, data: { content: 'second' } }, auth: false }));
      });
      const rec = await fake.slashCommand({ channelId: channel.id, userId: alice.id, name: 'siege', subcommand: 'board' });
      await rec.done();
      await expect.poll(() => outcome.error?.code).toBe(40060);
      expect(fake.takeViolations().map((v) => v.kind)).toEqual(['double-ack']);
      expect(rec.replies.map((m) => m.content)).toEqual(['first']);
    });
  });

  it('a dropped gateway connection resumes and the next interaction is handled', async () => {
    const resumed = fake.nextSessionReady();
    const shardResumed = once(bot.client, Events.ShardResume);
    fake.dropGatewayConnections();
    const session = await resumed;
    await shardResumed;
    expect(session.resumeCount).toBe(1);
    handle(async (i) => {
      if (i.isChatInputCommand()) await i.reply('still here');
    });
    const rec = await (await fake.slashCommand({ channelId: channel.id, userId: alice.id, name: 'siege', subcommand: 'board' })).done();
    expect(rec.replies[0]?.content).toBe('still here');
    expect(fake.sessions).toHaveLength(1);
  });

  it('an op 7 RECONNECT makes the client resume', async () => {
    const resumed = fake.nextSessionReady();
    fake.dropGatewayConnections({ viaReconnectOpcode: true });
    expect((await resumed).resumeCount).toBe(2);
  });

  it('an invalidated session makes the client identify again, and interactions still work', async () => {
    const before = fake.sessions.length;
    const identified = fake.nextSessionReady(15_000);
    fake.dropGatewayConnections({ resumable: false });
    const session = await identified;
    expect(session.resumeCount).toBe(0);
    expect(fake.sessions).toHaveLength(before);
    await expect.poll(() => bot.client.channels.cache.has(channel.id)).toBe(true);
    handle(async (i) => {
      if (i.isChatInputCommand()) await i.reply('re-identified');
    });
    const rec = await (await fake.slashCommand({ channelId: channel.id, userId: alice.id, name: 'siege', subcommand: 'board' })).done();
    expect(rec.replies[0]?.content).toBe('re-identified');
  }, 20_000);

  it('settle() reports an interaction left unanswered and a deferral never completed', async () => {
    handle(async (i) => {
      if (i.isChatInputCommand() && i.options.getSubcommand() === 'board') await i.deferReply();
    });
    const deferred = await fake.slashCommand({ channelId: channel.id, userId: alice.id, name: 'siege', subcommand: 'board' });
    const ignored = await fake.autocomplete({ channelId: channel.id, userId: alice.id, name: 'siege', subcommand: 'move', options: { game: 'g' }, focused: 'notation', value: '' });
    await fake.settle({ timeoutMs: 3500 });
    const violations = fake.takeViolations();
    expect(violations.map((v) => [v.kind, v.interactionId])).toEqual([['no-ack', ignored.id], ['deferral-never-completed', deferred.id]]);
  });

  it('events missed while disconnected are replayed on resume', async () => {
    const resumed = fake.nextSessionReady();
    fake.dropGatewayConnections();
    const late = fake.addChannel(guild.id, { name: 'added-while-away' });
    await resumed;
    await expect.poll(() => bot.client.channels.cache.has(late.id)).toBe(true);
  });

  it('a 429 with retry_after is waited out and the message lands once', async () => {
    const text = channel.id;
    fake.failNext({ method: 'POST', route: new RegExp(`^/channels/${text}/messages$`), status: 429, retryAfter: 0.3 });
    const started = Date.now();
    const target = bot.client.channels.cache.get(channel.id) as TextChannel;
    await target.send('after the rate limit');
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    expect(fake.messages(channel.id).filter((m) => m.content === 'after the rate limit')).toHaveLength(1);
    const attempts = fake.requests.filter((r) => r.method === 'POST' && r.path === `/channels/${channel.id}/messages` && (r.body as { content?: string }).content === 'after the rate limit');
    expect(attempts.map((r) => [r.status, r.injected])).toEqual([[429, true], [200, false]]);
  });

  it('a 502 is retried by discord.js', async () => {
    fake.failNext({ route: /\/callback$/, status: 502 });
    handle(async (i) => {
      if (i.isChatInputCommand()) await i.reply('through the 502');
    });
    const rec = await (await fake.slashCommand({ channelId: channel.id, userId: alice.id, name: 'siege', subcommand: 'board' })).done();
    expect(rec.replies.map((m) => m.content)).toEqual(['through the 502']);
  });

  it('unknown routes are 404 and recorded', async () => {
    const error = await apiErrorOf(bot.client.rest.get('/not-a-route' as `/${string}`));
    expect(error.status).toBe(404);
    expect(fake.takeViolations().map((v) => v.kind)).toEqual(['unknown-route']);
  });

  it('ends with no handler errors and no violations', async () => {
    await fake.settle();
    expect(bot.errors).toEqual([]);
    expect(fake.violations).toEqual([]);
  });
});

describe('fake Discord with two shards', () => {
  let fake: FakeDiscord;
  let bot: Awaited<ReturnType<typeof startBot>>;

  afterAll(async () => {
    await bot?.client.destroy();
    await fake?.stop();
  });

  it('serves each guild on its shard and routes interactions to it', async () => {
    fake = await FakeDiscord.start({ shardCount: 2 });
    const user = fake.addUser({ username: 'carol' });
    const guilds = [0, 1].map((shardId) => {
      const g = fake.addGuild({ name: `shard-${shardId}`, shardId });
      fake.addMember(g.id, user.id);
      return { guild: g, channel: fake.addChannel(g.id, { name: 'games' }) };
    });
    bot = await startBot(fake, { shards: 'auto' });
    await bot.client.application!.commands.set([siegeCommand.toJSON()]);
    expect(fake.sessions.map((s) => `${s.shardId}/${s.shardCount}`).sort()).toEqual(['0/2', '1/2']);
    expect(bot.client.guilds.cache.map((g) => `${g.name}@${g.shardId}`).sort()).toEqual(['shard-0@0', 'shard-1@1']);
    const shardOf: string[] = [];
    bot.state.handler = async (i) => {
      if (!i.isChatInputCommand()) return;
      shardOf.push(`${i.guild?.name}@${i.guild?.shardId}`);
      await i.reply('ok');
    };
    for (const { channel } of guilds) {
      const rec = await fake.slashCommand({ channelId: channel.id, userId: user.id, name: 'siege', subcommand: 'board' });
      expect(rec.deliveredTo).toBe(1);
      await rec.done();
    }
    expect(shardOf).toEqual(['shard-0@0', 'shard-1@1']);
    expect(fake.violations).toEqual([]);
    expect(bot.errors).toEqual([]);
  });
});

describe('fake Discord with the GUILD_MEMBERS intent and short-lived tokens', () => {
  let fake: FakeDiscord;
  let client: Client | undefined;

  afterAll(async () => {
    await client?.destroy();
    await fake?.stop();
  });

  it('sends members in GUILD_CREATE and GUILD_MEMBER_REMOVE only to sessions with the intent', async () => {
    fake = await FakeDiscord.start({ tokenLifetimeMs: 300 });
    const dave = fake.addUser({ username: 'dave' });
    const guild = fake.addGuild({ name: 'Members' });
    fake.addMember(guild.id, dave.id);
    const channel = fake.addChannel(guild.id, { name: 'games', allowThreads: false });
    client = new Client({ intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMembers], rest: { api: fake.apiUrl } });
    const ready = once(client, Events.ClientReady);
    await client.login(fake.botToken);
    await ready;
    expect(client.guilds.cache.get(guild.id)?.members.cache.has(dave.id)).toBe(true);

    const removed = once(client, Events.GuildMemberRemove);
    fake.removeMember(guild.id, dave.id);
    const [member] = (await removed) as [{ id: string }];
    expect(member.id).toBe(dave.id);

    const text = client.channels.cache.get(channel.id) as TextChannel;
    expect(text.permissionsFor(client.user!)?.has('CreatePublicThreads')).toBe(false);
    expect((await apiErrorOf(text.threads.create({ name: 'nope' }))).code).toBe(50013);
  });

  it('refuses interaction webhooks after the token expired', async () => {
    const erin = fake.addUser({ username: 'erin' });
    const guild = fake.addGuild({ name: 'Tokens' });
    fake.addMember(guild.id, erin.id);
    const channel = fake.addChannel(guild.id, { name: 'games' });
    await expect.poll(() => client!.channels.cache.has(channel.id)).toBe(true);
    fake.registerCommands([siegeCommand.toJSON()]);
    const outcome: { code: number | string | null } = { code: null };
    client!.on(Events.InteractionCreate, (i) => {
      if (!i.isChatInputCommand()) return;
      void (async () => {
        await i.deferReply();
        await sleep(400);
        outcome.code = (await apiErrorOf(i.editReply('too late'))).code;
      })();
    });
    await fake.slashCommand({ channelId: channel.id, userId: erin.id, name: 'siege', subcommand: 'board' });
    await expect.poll(() => outcome.code, { timeout: 3000 }).toBe(50027);
    expect(fake.takeViolations().map((v) => v.kind)).toEqual(['expired-token']);
  });
});
