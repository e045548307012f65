// `/siege start <game>`: one subcommand per game, generated from the registry, each offering only
// that game's options. Two-player games take `opponent` or `ai`; solo games start at once. Names,
// descriptions and choices come from each game's catalog, in every language.
import { MessageFlags, type SlashCommandSubcommandBuilder } from 'discord.js';
import type { GameDefinition, OptionSpec } from '../src/engine/contract.js';
import { allGames, gameById } from '../src/games/index.js';
import { challengeMessage } from '../src/discord/views/challenge.js';
import { jumpLink } from '../src/discord/views/links.js';
import { DISCORD } from '../src/discord/publish/publisher.js';
export { optionsAsPlayed } from '../src/discord/views/challenge.js';
import { replyPrivately } from '../src/discord/handlers/replies.js';
import { hasText, type Speaker } from '../src/i18n/index.js';
import { CLOCK_CHOICES, clockSeconds } from '../src/services/clocks.js';
import type { SeatAssignment } from '../src/services/types.js';
import { localized, localizedAs, localizedChoice } from './localize.js';
import { clockChoices, commandText, gameTitle, refusal } from './speech.js';
import type { Subcommand } from './types.js';

/** Discord allows 25 options per subcommand: opponent, ai and clock leave 22 for a game. */
const MAX_GAME_OPTIONS = 22;
/**
 * Options with more choices than this are offered by autocomplete instead of a fixed list: a
 * fixed list costs its choices' names, at their longest translation, in the whole `/siege`
 * command's size (Discord's 8000).
 */
const MAX_FIXED_CHOICES = 4;
const AI_LEVELS = ['easy', 'normal', 'hard'] as const;

/** A game option's choice name: the game's catalog, else its definition's English. */
function choiceName(sp: Speaker, def: GameDefinition, option: string, choice: { name: string; value: string }): string {
  const key = `${def.id}:options.${option}.choices.${choice.value}`;
  return hasText(key) ? sp.t(key) : choice.name;
}

/** The choices an option offers (the clock, or a game option's) in the reader's language, for autocomplete. */
function choicesOf(sp: Speaker, def: GameDefinition, option: string): { name: string; value: string }[] {
  if (option === 'clock') return clockChoices(sp);
  const spec = def.optionSpecs?.find((s) => s.name === option);
  return (spec?.choices ?? []).map((c) => ({ name: choiceName(sp, def, option, c), value: c.value }));
}

function gameOption(def: GameDefinition, spec: OptionSpec) {
  const key = `${def.id}:options.${spec.name}`;
  return (o: import('discord.js').SlashCommandStringOption) => {
    localizedAs(o.setName(spec.name), { name: `${key}.name`, description: `${key}.description` }, spec.description);
    if (spec.choices && spec.choices.length > MAX_FIXED_CHOICES) o.setAutocomplete(true);
    else if (spec.choices) o.addChoices(...spec.choices.map((c) => localizedChoice(`${key}.choices.${c.value}`, c.value, c.name)));
    return o;
  };
}

function gameSubcommand(def: GameDefinition) {
  const specs: OptionSpec[] = def.optionSpecs ?? [];
  if (specs.length > MAX_GAME_OPTIONS) throw new Error(`${def.id} has ${specs.length} options; a subcommand holds at most ${MAX_GAME_OPTIONS} besides opponent, ai and clock`);
  const solo = def.seats.max === 1;
  return (sub: SlashCommandSubcommandBuilder) => {
    // A game without a catalog says its own summary, or else what the subcommand does.
    const summary = hasText(`${def.id}:summary`) || def.summary ? `${def.id}:summary` : 'commands:start.anyGame';
    localizedAs(sub.setName(def.id), { name: `${def.id}:command`, description: summary }, def.summary, { game: def.title });
    if (!solo) {
      sub
        .addUserOption((o) => localized(o.setName('opponent'), 'commands:start.opponent'))
        .addStringOption((o) =>
          localized(o.setName('ai'), 'commands:start.ai').addChoices(...AI_LEVELS.map((level) => localizedChoice(`commands:start.ai.choices.${level}`, level))),
        );
    }
    sub.addStringOption((o) => localized(o.setName('clock'), solo ? 'commands:start.clockSolo' : 'commands:start.clock').setAutocomplete(true));
    for (const spec of specs) sub.addStringOption(gameOption(def, spec));
    return sub;
  };
}

export const start: Subcommand = {
  name: 'start',
  defineGroup(group) {
    localized(group.setName('start'), 'commands:start');
    for (const def of allGames()) group.addSubcommand(gameSubcommand(def));
    return group;
  },

  async autocomplete(ctx, i) {
    const sp = ctx.locales.reader(i);
    const def = gameById(i.options.getSubcommand(false) ?? '');
    const focused = i.options.getFocused(true);
    const typed = String(focused.value ?? '').toLowerCase();
    const choices = def ? choicesOf(sp, def, focused.name) : [];
    const matching = choices.filter((c) => c.value.toLowerCase().includes(typed) || c.name.toLowerCase().includes(typed));
    await i.respond(matching.slice(0, 25).map((c) => ({ name: c.name.slice(0, 100), value: c.value.slice(0, 100) })));
  },

  async execute(ctx, i) {
    const sp = ctx.locales.reader(i);
    const say = (key: string, values: Record<string, unknown> = {}) => replyPrivately(i, sp.t(`commands:start.${key}`, values));
    if (!i.inGuild() || !i.guildId) return say('notInServer', { command: commandText(sp, 'start') });
    const def = gameById(i.options.getSubcommand());
    if (!def) return say('unknownGame', { command: commandText(sp, 'start') });
    const title = gameTitle(sp, def);
    const server = await ctx.services.settings.guild(i.guildId);
    const here = i.channel?.isThread() ? (i.channel.parentId ?? i.channelId) : i.channelId;
    if (server.allowedChannelIds.length && !server.allowedChannelIds.includes(here)) {
      return replyPrivately(i, sp.t('commands:channelsOnly', { channels: sp.list(server.allowedChannelIds.map((c) => `<#${c}>`)) }));
    }
    const solo = def.seats.max === 1;
    const clock = clockSeconds(i.options.getString('clock') ?? (solo ? 'none' : server.defaultClock));
    if (clock === undefined) return say('badClock', { choices: CLOCK_CHOICES.join(', ') });
    const rawOptions: Record<string, unknown> = {};
    for (const spec of def.optionSpecs ?? []) {
      const value = i.options.getString(spec.name);
      if (value !== null) rawOptions[spec.name] = value;
    }
    const options = def.parseOptions(rawOptions);
    if (!options.ok) return say('badOptions', { game: title, reason: refusal(sp, options.error, def.id) });

    if (solo) return startNow(ctx, i, sp, def, [{ kind: 'human', userId: i.user.id }], rawOptions, clock);
    const opponent = i.options.getUser('opponent');
    const aiLevel = i.options.getString('ai') as 'easy' | 'normal' | 'hard' | null;
    const names = { opponent: sp.t('commands:start.opponent.name'), ai: sp.t('commands:start.ai.name') };
    if (opponent && aiLevel) return say('opponentOrAi');
    if (aiLevel) {
      return startNow(ctx, i, sp, def, [{ kind: 'human', userId: i.user.id }, { kind: 'ai', level: aiLevel }], rawOptions, clock);
    }
    if (!opponent) return say('needsOpponent', { game: title, ...names });
    if (opponent.bot) return say('opponentIsBot', names);
    if (opponent.id === i.user.id) return say('opponentIsYou', names);
    // What the options leave to chance (a random map) is drawn now, so the challenge names it.
    const settled = def.settleOptions?.(rawOptions, ctx.services.newSeed()) ?? rawOptions;
    const created = await ctx.master.challenge({
      guildId: i.guildId,
      channelId: i.channelId,
      challengerId: i.user.id,
      opponentId: opponent.id,
      gameType: def.id,
      rawOptions: settled,
      clockSeconds: clock,
      expiryMs: server.challengeExpiryMs,
    });
    if (!created.ok) {
      // A challenge between the two in this game is waiting already: the answer links to it.
      const waiting = created.error.code === 'pending-pair' ? await ctx.services.challenges.pendingBetween(i.guildId, i.user.id, opponent.id, def.id) : null;
      const link = waiting?.messageId ? ` ${sp.t('commands:start.pendingHere', { link: jumpLink(waiting.guildId, await ctx.publisher.places.challengeChannelId(waiting), waiting.messageId) })}` : '';
      return replyPrivately(i, `${refusal(sp, created.error)}${link}`);
    }
    const c = created.value;
    // The challenge is public: the server's language (a view of the adapter).
    const response = await i.reply({ ...challengeMessage(await ctx.locales.server(i.guildId), def, c), withResponse: true });
    const messageId = response.resource?.message?.id;
    if (messageId) await ctx.services.challenges.setMessage(c.id, messageId);
  },
};

async function startNow(
  ctx: Parameters<Subcommand['execute']>[0],
  i: Parameters<Subcommand['execute']>[1],
  sp: Speaker,
  def: GameDefinition,
  seats: SeatAssignment[],
  rawOptions: Record<string, unknown>,
  clock: number | null,
) {
  await i.deferReply({ flags: MessageFlags.Ephemeral });
  const started = await ctx.master.startGame({ gameType: def.id, guildId: i.guildId, channelId: i.channelId, seats, rawOptions, clockSeconds: clock, starterId: i.user.id, origin: { front: DISCORD } });
  if (!started.ok) return replyPrivately(i, refusal(sp, started.error));
  const { game, receipt } = started.value;
  const values = { id: game.id, game: gameTitle(sp, def), where: receipt.where ?? '' };
  await i.editReply(sp.t(receipt.where ? 'commands:start.started' : 'commands:start.startedHere', values));
}
