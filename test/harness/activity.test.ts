// The fake Discord's Activity rules, with the real discord.js client: LAUNCH_ACTIVITY (callback
// type 12) answers a press of an app with Activities enabled and nothing else; the Entry Point
// command (type 4) is global only, one per app, option-less, with handler 1 or 2, and a bulk
// overwrite may not drop it.
import { REST, Routes, type TextChannel } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeDiscord } from './fakeDiscord.js';
import { apiErrorOf, button, siegeCommand, startScene, stopScene, type Scene } from './testBot.js';

const ENTRY_POINT = { type: 4, name: 'launch', description: 'Play on the board', handler: 2, integration_types: [0], contexts: [0] };

function restOf(fake: FakeDiscord): REST {
  return new REST({ api: fake.apiUrl }).setToken(fake.botToken);
}

describe('an app with Activities enabled', () => {
  let scene: Scene;
  let fake: FakeDiscord;
  beforeAll(async () => {
    scene = await startScene({ activity: true });
    fake = scene.fake;
  });
  afterAll(() => stopScene(scene));

  it('given a press, when the bot answers LAUNCH_ACTIVITY, then the press is acknowledged with type 12 and nothing is posted', async () => {
    const { bot, channel, alice } = scene;
    const message = await (bot.client.channels.cache.get(channel.id) as TextChannel).send({ content: 'board', components: [button('s1:ac:1', 'Play on the board')] });
    scene.handle(async (i) => {
      if (i.isButton()) await i.launchActivity();
    });
    const before = fake.messages(channel.id).length;
    const rec = await fake.clickButton({ messageId: message.id, userId: alice.id, customId: 's1:ac:1' });
    await rec.done();
    expect(rec.callback?.type).toBe(12);
    expect(fake.messages(channel.id)).toHaveLength(before);
    expect(fake.violations).toEqual([]);
  });

  it('given a slash command, when the bot answers LAUNCH_ACTIVITY with a response asked for, then the resource names the Activity instance', async () => {
    const { channel, alice } = scene;
    let resource: unknown = null;
    scene.handle(async (i) => {
      if (i.isChatInputCommand()) resource = (await i.launchActivity({ withResponse: true })).resource;
    });
    const rec = await fake.slashCommand({ guildId: scene.guild.id, channelId: channel.id, userId: alice.id, name: 'siege', subcommand: 'start', options: { game: 'siege-master', opponent: scene.bob.id } });
    await rec.done();
    expect(rec.callback?.type).toBe(12);
    expect(resource).toMatchObject({ type: 12, activityInstance: { id: expect.any(String) } });
    expect(fake.violations).toEqual([]);
  });

  it('the application says it is embedded (flag 1 << 17)', async () => {
    const app = (await restOf(fake).get(Routes.currentApplication())) as { flags: number };
    expect(app.flags & (1 << 17)).toBe(1 << 17);
  });

  it('given the Entry Point command, it is registered globally beside /siege, kept by a bulk overwrite that names it, and refused one that drops it', async () => {
    const rest = restOf(fake);
    const siege = siegeCommand.toJSON();
    const put = (await rest.put(Routes.applicationCommands(fake.applicationId), { body: [siege, ENTRY_POINT] })) as { id: string; type: number; handler?: number }[];
    const entry = put.find((c) => c.type === 4)!;
    expect(entry.handler).toBe(2);
    const again = (await rest.put(Routes.applicationCommands(fake.applicationId), { body: [siege, { ...ENTRY_POINT, description: 'Play Siege' }] })) as { id: string; type: number }[];
    expect(again.find((c) => c.type === 4)?.id).toBe(entry.id);
    const dropped = await apiErrorOf(rest.put(Routes.applicationCommands(fake.applicationId), { body: [siege] }));
    expect(dropped.status).toBe(400);
    expect(JSON.stringify(dropped.rawError)).toMatch(/ENTRY_POINT_REQUIRED/);
    // Changed in place (as deploy-commands does with a guild's /siege): same id, new text.
    const patched = (await rest.patch(Routes.applicationCommand(fake.applicationId, entry.id), { body: { description: 'Play Siege on the board' } })) as { id: string; description: string };
    expect(patched).toMatchObject({ id: entry.id, description: 'Play Siege on the board' });
    expect(fake.takeViolations().map((v) => v.kind)).toEqual(['invalid-command']);
  });

  it('refuses a second Entry Point, one in a guild, one with options or an unknown handler', async () => {
    const rest = restOf(fake);
    const second = await apiErrorOf(rest.post(Routes.applicationCommands(fake.applicationId), { body: { ...ENTRY_POINT, name: 'play' } }));
    expect(JSON.stringify(second.rawError)).toMatch(/PRIMARY_ENTRY_POINT_LIMIT/);
    const inGuild = await apiErrorOf(rest.put(Routes.applicationGuildCommands(fake.applicationId, scene.guild.id), { body: [ENTRY_POINT] }));
    expect(JSON.stringify(inGuild.rawError)).toMatch(/only be global/);
    const withOptions = await apiErrorOf(rest.put(Routes.applicationCommands(fake.applicationId), { body: [{ ...ENTRY_POINT, options: [{ type: 3, name: 'x', description: 'x' }] }] }));
    expect(JSON.stringify(withOptions.rawError)).toMatch(/no options/);
    const handler = await apiErrorOf(rest.put(Routes.applicationCommands(fake.applicationId), { body: [{ ...ENTRY_POINT, handler: 3 }] }));
    expect(JSON.stringify(handler.rawError)).toMatch(/handler/);
    expect(fake.takeViolations().every((v) => v.kind === 'invalid-command')).toBe(true);
  });
});

describe('an app without Activities', () => {
  let scene: Scene;
  beforeAll(async () => {
    scene = await startScene();
  });
  afterAll(() => stopScene(scene));

  it('given a press, when the bot answers LAUNCH_ACTIVITY, then it is refused and recorded', async () => {
    const { bot, fake, channel, alice } = scene;
    const message = await (bot.client.channels.cache.get(channel.id) as TextChannel).send({ content: 'board', components: [button('s1:ac:1', 'Play on the board')] });
    let refused: unknown = null;
    scene.handle(async (i) => {
      if (i.isButton()) await i.launchActivity().catch((e: unknown) => { refused = e; });
    });
    const rec = await fake.clickButton({ messageId: message.id, userId: alice.id, customId: 's1:ac:1' });
    await rec.done().catch(() => {});
    expect(refused).not.toBeNull();
    expect(fake.takeViolations().map((v) => v.kind)).toContain('launch-activity-without-activity');
  });

  it('refuses an Entry Point command', async () => {
    const { fake } = scene;
    const error = await apiErrorOf(restOf(fake).put(Routes.applicationCommands(fake.applicationId), { body: [siegeCommand.toJSON(), ENTRY_POINT] }));
    expect(JSON.stringify(error.rawError)).toMatch(/Activities enabled/);
    fake.takeViolations();
  });
});
