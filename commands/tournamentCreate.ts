// `/siege tournament create`: its options (the tournament's own, then the options of every
// two-player game a tournament can be played in, built from each game's optionSpecs as `/siege
// start` builds them, so their names, descriptions and choices are the games' own in every
// language; the solo games, played as an arena, take the daily's fixed options), and the handler
// that checks them and posts the sign-up message in the channel.
import { type SlashCommandSubcommandBuilder } from 'discord.js';
import type { GameDefinition, OptionSpec } from '../src/engine/contract.js';
import { allGames, gameById } from '../src/games/index.js';
import { replyPrivately } from '../src/discord/handlers/replies.js';
import { mayOrganise, refusalText } from '../src/discord/handlers/tournamentPress.js';
import { signupMessage } from '../src/discord/views/tournament.js';
import { tournamentPageUrl } from '../src/discord/views/tournamentLinks.js';
import { hasText } from '../src/i18n/index.js';
import { CLOCK_CHOICES, clockSeconds } from '../src/services/clocks.js';
import { LIMITS, NAME_MAX } from '../src/tournaments/index.js';
import { localized, localizedAs, localizedChoice } from './localize.js';
import { gameTitle, refusal } from './speech.js';
import type { Subcommand } from './types.js';

type Context = Parameters<Subcommand['execute']>[0];
type Command = Parameters<Subcommand['execute']>[1];

/** Options offered by autocomplete rather than a fixed list past this many choices (as `/siege start` does). */
const MAX_FIXED_CHOICES = 4;
const FORMATS = ['swiss', 'round-robin', 'double-round-robin', 'arena'] as const;

/** The games a tournament is played in: two players, and a rule of their own to decide a game a round's deadline stops. */
export const tournamentGames = (): GameDefinition[] => allGames().filter((d) => d.seats.min === 2 && d.seats.max === 2 && d.adjudicate);

/** The solo games, played as an arena: each with the daily's fixed options, so none of their options is offered here. */
export const arenaGames = (): GameDefinition[] => allGames().filter((d) => d.seats.max === 1);

/**
 * Each game's options, once per name. An option that only varies another for one seat
 * (`defence-red` beside `defence`) is left out: in a tournament a player sits in either seat.
 */
export function tournamentGameOptions(): { def: GameDefinition; spec: OptionSpec }[] {
  const out: { def: GameDefinition; spec: OptionSpec }[] = [];
  for (const def of tournamentGames()) {
    const specs = def.optionSpecs ?? [];
    for (const spec of specs) {
      if (specs.some((o) => spec.name.startsWith(`${o.name}-`) && o !== spec)) continue;
      if (!out.some((o) => o.spec.name === spec.name)) out.push({ def, spec });
    }
  }
  return out;
}

export function defineCreate(sub: SlashCommandSubcommandBuilder): SlashCommandSubcommandBuilder {
  localized(sub.setName('create'), 'commands:tournament.create')
    .addStringOption((o) => localized(o.setName('name'), 'commands:tournament.create.tName').setRequired(true).setMaxLength(NAME_MAX))
    .addStringOption((o) => localized(o.setName('game'), 'commands:tournament.create.game').setRequired(true)
      .addChoices(...[...tournamentGames(), ...arenaGames()].map((def) => localizedChoice(`${def.id}:title`, def.id, def.title))))
    .addStringOption((o) => localized(o.setName('format'), 'commands:tournament.create.format')
      .addChoices(...FORMATS.map((f) => localizedChoice(`commands:tournament.create.format.choices.${f}`, f))))
    .addIntegerOption((o) => localized(o.setName('rounds'), 'commands:tournament.create.rounds').setMinValue(LIMITS.rounds.min).setMaxValue(LIMITS.rounds.max))
    .addIntegerOption((o) => localized(o.setName('round-days'), 'commands:tournament.create.roundDays').setMinValue(LIMITS.roundDays.min).setMaxValue(LIMITS.roundDays.max))
    .addStringOption((o) => localized(o.setName('clock'), 'commands:start.clock').setAutocomplete(true))
    .addIntegerOption((o) => localized(o.setName('signup-until'), 'commands:tournament.create.signupUntil').setMinValue(LIMITS.signupHours.min).setMaxValue(LIMITS.signupHours.max))
    .addIntegerOption((o) => localized(o.setName('max-players'), 'commands:tournament.create.maxPlayers').setMinValue(LIMITS.maxPlayers.min).setMaxValue(LIMITS.maxPlayers.max));
  for (const { def, spec } of tournamentGameOptions()) {
    const key = `${def.id}:options.${spec.name}`;
    sub.addStringOption((o) => {
      localizedAs(o.setName(spec.name), { name: `${key}.name`, description: `${key}.description` }, spec.description);
      if (spec.choices && spec.choices.length > MAX_FIXED_CHOICES) o.setAutocomplete(true);
      else if (spec.choices) o.addChoices(...spec.choices.map((c) => localizedChoice(`${key}.choices.${c.value}`, c.value, c.name)));
      return o;
    });
  }
  return sub;
}

/** The choices of a game option offered by autocomplete (a map), in the reader's language. */
export function gameOptionChoices(sp: Parameters<typeof gameTitle>[0], option: string): { name: string; value: string }[] {
  const found = tournamentGameOptions().find((o) => o.spec.name === option);
  if (!found) return [];
  const key = `${found.def.id}:options.${option}.choices`;
  return (found.spec.choices ?? []).map((c) => ({ name: hasText(`${key}.${c.value}`) ? sp.t(`${key}.${c.value}`) : c.name, value: c.value }));
}

export async function createTournament(ctx: Context, i: Command): Promise<void> {
  const sp = ctx.locales.reader(i);
  const say = (key: string, values: Record<string, unknown> = {}) => replyPrivately(i, sp.t(`tournaments:command.${key}`, values));
  if (!i.guildId) return say('notInServer');
  const server = await ctx.services.settings.guild(i.guildId);
  if (!(await mayOrganise(ctx, i))) return say(server.tournamentRoleId ? 'notAllowedRole' : 'notAllowed', { role: `<@&${server.tournamentRoleId}>` });
  const here = i.channel?.isThread() ? (i.channel.parentId ?? i.channelId) : i.channelId;
  if (server.allowedChannelIds.length && !server.allowedChannelIds.includes(here)) {
    return replyPrivately(i, sp.t('commands:channelsOnly', { channels: sp.list(server.allowedChannelIds.map((c) => `<#${c}>`)) }));
  }
  // Its pairings, its standings and its games' threads live in a channel, never inside a thread.
  if (i.channel?.isThread()) return say('notInThread');
  const def = gameById(i.options.getString('game', true));
  if (!def) return say('unknownGame');
  const clock = clockSeconds(i.options.getString('clock') ?? server.defaultClock);
  if (clock === undefined) return replyPrivately(i, sp.t('commands:start.badClock', { choices: CLOCK_CHOICES.join(', ') }));
  const rawOptions: Record<string, unknown> = {};
  for (const { def: owner, spec } of tournamentGameOptions()) {
    const value = i.options.getString(spec.name);
    if (value === null) continue;
    if (owner.id !== def.id && !(def.optionSpecs ?? []).some((s) => s.name === spec.name)) {
      return say('otherGameOption', { option: `\`${spec.name}\``, other: gameTitle(sp, owner), game: gameTitle(sp, def) });
    }
    rawOptions[spec.name] = value;
  }
  const created = await ctx.tournaments.create({
    guildId: i.guildId,
    channelId: i.channelId,
    organiserId: i.user.id,
    name: i.options.getString('name', true),
    gameType: def.id,
    // A solo game is played as an arena, a two-player game as a Swiss, unless the organiser says otherwise.
    format: i.options.getString('format') ?? (def.seats.max === 1 ? 'arena' : 'swiss'),
    rawOptions,
    clockSeconds: clock,
    rounds: i.options.getInteger('rounds'),
    roundDays: i.options.getInteger('round-days'),
    signupHours: i.options.getInteger('signup-until'),
    maxPlayers: i.options.getInteger('max-players'),
  });
  if (!created.ok) {
    // A game's own refusal (a bad option) is said by its catalog.
    const text = created.error.phrase?.key.startsWith('tournaments:') ? refusalText(sp, created.error) : refusal(sp, created.error, def.id);
    return replyPrivately(i, sp.t('tournaments:command.notCreated', { reason: text }));
  }
  const t = created.value;
  // The sign-up is public: the server's language. Its message is edited in place from now on.
  const response = await i.reply({ ...signupMessage(await ctx.locales.server(i.guildId), def, t, [], await tournamentPageUrl(ctx.config.publicUrl, ctx.services.settings, t)), withResponse: true });
  const messageId = response.resource?.message?.id;
  if (messageId) await ctx.tournaments.setSignupMessage(t.id, messageId);
}
