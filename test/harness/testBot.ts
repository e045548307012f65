// Shared set-up for the harness's own tests: a fake Discord, a logged-in discord.js client whose
// interaction handler each test swaps, and a small guild with two players.

import { once } from 'node:events';
import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  Client,
  DiscordAPIError,
  Events,
  GatewayIntentBits,
  SlashCommandBuilder,
  type Interaction,
} from 'discord.js';
import { FakeDiscord, type FakeChannel, type FakeDiscordOptions, type FakeGuild, type FakeUser } from './fakeDiscord.js';

// A 1x1 PNG.
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

export const siegeCommand = new SlashCommandBuilder()
  .setName('siege')
  .setDescription('Siege board games')
  .addSubcommand((s) =>
    s.setName('start').setDescription('Challenge someone')
      .addStringOption((o) => o.setName('game').setDescription('Which game').setRequired(true).addChoices({ name: 'Siege Master', value: 'siege-master' }))
      .addUserOption((o) => o.setName('opponent').setDescription('Who to challenge').setRequired(true)))
  .addSubcommand((s) =>
    s.setName('move').setDescription('Make a move')
      .addStringOption((o) => o.setName('game').setDescription('Game id').setRequired(true))
      .addStringOption((o) => o.setName('notation').setDescription('The move').setRequired(true).setAutocomplete(true)))
  .addSubcommand((s) => s.setName('board').setDescription('Show the board'));

export type Handler = (interaction: Interaction) => Promise<void>;

/** A running fake plus a logged-in discord.js client whose interaction handling each test sets. */
export async function startBot(fake: FakeDiscord, extra: { shards?: 'auto' } = {}) {
  const client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: fake.apiUrl }, ...extra });
  const errors: unknown[] = [];
  const state: { handler: Handler | null } = { handler: null };
  client.on(Events.InteractionCreate, (interaction) => {
    state.handler?.(interaction).catch((error: unknown) => errors.push(error));
  });
  const ready = once(client, Events.ClientReady);
  await client.login('test-token');
  await ready;
  return { client, errors, state };
}

export function button(customId: string, label: string, disabled = false) {
  return new ActionRowBuilder<ButtonBuilder>().addComponents(
    new ButtonBuilder().setCustomId(customId).setLabel(label).setStyle(ButtonStyle.Primary).setDisabled(disabled),
  );
}

export async function apiErrorOf(promise: Promise<unknown>): Promise<DiscordAPIError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DiscordAPIError) return error;
    throw error;
  }
  throw new Error('expected a DiscordAPIError');
}

export interface Scene {
  fake: FakeDiscord;
  bot: Awaited<ReturnType<typeof startBot>>;
  guild: FakeGuild;
  channel: FakeChannel;
  alice: FakeUser;
  bob: FakeUser;
  /** Sets how the bot answers the next interactions. */
  handle(handler: Handler): void;
}

/** A fake with guild "Keep" (#games, alice and bob) and a bot logged in with /siege deployed. */
export async function startScene(options: FakeDiscordOptions = {}): Promise<Scene> {
  const fake = await FakeDiscord.start(options);
  const alice = fake.addUser({ username: 'alice' });
  const bob = fake.addUser({ username: 'bob' });
  const guild = fake.addGuild({ name: 'Keep' });
  fake.addMember(guild.id, alice.id);
  fake.addMember(guild.id, bob.id);
  const channel = fake.addChannel(guild.id, { name: 'games' });
  const bot = await startBot(fake);
  await bot.client.application!.commands.set([siegeCommand.toJSON()]);
  return { fake, bot, guild, channel, alice, bob, handle: (handler) => { bot.state.handler = handler; } };
}

export async function stopScene(scene: Scene | undefined): Promise<void> {
  await scene?.bot.client.destroy();
  await scene?.fake.stop();
}
