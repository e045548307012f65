// `/siege start <game>`: one subcommand per game, generated from the registry, each offering only
// that game's options. Two-player games take `opponent` or `ai`; solo games start at once.
import { MessageFlags } from 'discord.js';
import type { GameDefinition, OptionSpec } from '../src/engine/contract.js';
import { allGames, gameById } from '../src/games/index.js';
import { challengeMessage, pendingWhere } from '../src/discord/views/challenge.js';
import { DISCORD } from '../src/discord/publish/publisher.js';
export { optionsAsPlayed } from '../src/discord/views/challenge.js';
import { replyPrivately } from '../src/discord/handlers/replies.js';
import { CLOCK_CHOICES, clockSeconds } from '../src/services/clocks.js';
import type { SeatAssignment } from '../src/services/types.js';
import type { Subcommand } from './types.js';

/** Discord allows 25 options per subcommand: opponent, ai and clock leave 22 for a game. */
const MAX_GAME_OPTIONS = 22;
/**
 * Options with more choices than this are offered by autocomplete instead of a fixed list: the
 * whole `/siege` command must stay under Discord's 4000 characters, and a fixed list costs its
 * choices' names in every game's subcommand.
 */
const MAX_FIXED_CHOICES = 4;

const clockName = (c: string) => (c === 'none' ? 'no clock' : `${c.slice(0, -1)} day${c === '1d' ? '' : 's'} per move`);
const CLOCK_OPTIONS = CLOCK_CHOICES.map((c) => ({ name: clockName(c), value: c as string }));

/** The choices an option offers (the clock, or a game option's), for autocomplete and checks. */
function choicesOf(def: GameDefinition, option: string): { name: string; value: string }[] {
  if (option === 'clock') return CLOCK_OPTIONS;
  return def.optionSpecs?.find((s) => s.name === option)?.choices ?? [];
}

function gameSubcommand(def: GameDefinition) {
  const specs: OptionSpec[] = def.optionSpecs ?? [];
  if (specs.length > MAX_GAME_OPTIONS) throw new Error(`${def.id} has ${specs.length} options; a subcommand holds at most ${MAX_GAME_OPTIONS} besides opponent, ai and clock`);
  const solo = def.seats.max === 1;
  return (sub: import('discord.js').SlashCommandSubcommandBuilder) => {
    sub.setName(def.id).setDescription((def.summary ?? `Start a game of ${def.title}`).slice(0, 100));
    if (!solo) {
      sub
        .addUserOption((o) => o.setName('opponent').setDescription('The member you challenge'))
        .addStringOption((o) =>
          o.setName('ai').setDescription('Or play the AI')
            .addChoices({ name: 'easy', value: 'easy' }, { name: 'normal', value: 'normal' }, { name: 'hard', value: 'hard' }),
        );
    }
    sub.addStringOption((o) =>
      o.setName('clock').setDescription(solo ? 'Time per move (default: none)' : "Time per move (default: the server's)")
        .setAutocomplete(true),
    );
    for (const spec of specs) {
      sub.addStringOption((o) => {
        o.setName(spec.name).setDescription(spec.description.slice(0, 100));
        if (spec.choices && spec.choices.length > MAX_FIXED_CHOICES) o.setAutocomplete(true);
        else if (spec.choices) o.addChoices(...spec.choices.map((c) => ({ name: c.name.slice(0, 100), value: c.value })));
        return o;
      });
    }
    return sub;
  };
}

export const start: Subcommand = {
  name: 'start',
  defineGroup(group) {
    group.setName('start').setDescription('Challenge a member, play the AI, or play solo');
    for (const def of allGames()) group.addSubcommand(gameSubcommand(def));
    return group;
  },

  async autocomplete(_ctx, i) {
    const def = gameById(i.options.getSubcommand(false) ?? '');
    const focused = i.options.getFocused(true);
    const typed = String(focused.value ?? '').toLowerCase();
    const choices = def ? choicesOf(def, focused.name) : [];
    const matching = choices.filter((c) => c.value.toLowerCase().includes(typed) || c.name.toLowerCase().includes(typed));
    await i.respond(matching.slice(0, 25).map((c) => ({ name: c.name.slice(0, 100), value: c.value.slice(0, 100) })));
  },

  async execute(ctx, i) {
    if (!i.inGuild() || !i.guildId) {
      return replyPrivately(i, 'Games are played in servers, not in direct messages. Run `/siege start` in a server channel.');
    }
    const def = gameById(i.options.getSubcommand());
    if (!def) return replyPrivately(i, 'I do not know that game: this server may have an old command list. Pick a game from `/siege start`.');
    const server = await ctx.services.settings.guild(i.guildId);
    const here = i.channel?.isThread() ? (i.channel.parentId ?? i.channelId) : i.channelId;
    if (server.allowedChannelIds.length && !server.allowedChannelIds.includes(here)) {
      return replyPrivately(i, `Games are started in ${server.allowedChannelIds.map((c) => `<#${c}>`).join(', ')} on this server.`);
    }
    const solo = def.seats.max === 1;
    const clock = clockSeconds(i.options.getString('clock') ?? (solo ? 'none' : server.defaultClock));
    if (clock === undefined) return replyPrivately(i, `The clock must be one of ${CLOCK_CHOICES.join(', ')}. Nothing was started.`);
    const rawOptions: Record<string, unknown> = {};
    for (const spec of def.optionSpecs ?? []) {
      const value = i.options.getString(spec.name);
      if (value !== null) rawOptions[spec.name] = value;
    }
    const options = def.parseOptions(rawOptions);
    if (!options.ok) return replyPrivately(i, `${def.title}: ${options.error.message}. Nothing was started.`);

    if (solo) return startNow(ctx, i, def, [{ kind: 'human', userId: i.user.id }], rawOptions, clock);
    const opponent = i.options.getUser('opponent');
    const aiLevel = i.options.getString('ai') as 'easy' | 'normal' | 'hard' | null;
    if (opponent && aiLevel) return replyPrivately(i, 'Choose either an opponent or an AI level, not both.');
    if (aiLevel) {
      return startNow(ctx, i, def, [{ kind: 'human', userId: i.user.id }, { kind: 'ai', level: aiLevel }], rawOptions, clock);
    }
    if (!opponent) return replyPrivately(i, `${def.title} needs an opponent: add \`opponent:\` with a member, or \`ai:\` to play the AI.`);
    if (opponent.bot) return replyPrivately(i, 'You cannot challenge a bot. To play the computer, use the `ai:` option instead.');
    if (opponent.id === i.user.id) return replyPrivately(i, 'You cannot challenge yourself. Pick another member, or play the AI with `ai:`.');
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
      return replyPrivately(i, `${created.error.message}${pendingWhere(ctx.locales.reader(i), waiting, waiting ? await ctx.publisher.places.challengeChannelId(waiting) : null)}`);
    }
    const c = created.value;
    const response = await i.reply({ ...challengeMessage(await ctx.locales.server(i.guildId), def, c), withResponse: true });
    const messageId = response.resource?.message?.id;
    if (messageId) await ctx.services.challenges.setMessage(c.id, messageId);
  },
};

async function startNow(
  ctx: Parameters<Subcommand['execute']>[0],
  i: Parameters<Subcommand['execute']>[1],
  def: GameDefinition,
  seats: SeatAssignment[],
  rawOptions: Record<string, unknown>,
  clock: number | null,
) {
  await i.deferReply({ flags: MessageFlags.Ephemeral });
  const started = await ctx.master.startGame({ gameType: def.id, guildId: i.guildId, channelId: i.channelId, seats, rawOptions, clockSeconds: clock, starterId: i.user.id, origin: { front: DISCORD } });
  if (!started.ok) return replyPrivately(i, started.error.message);
  const { game, receipt } = started.value;
  await i.editReply(`Game #${game.id} of ${def.title} started in ${receipt.where ?? 'this channel'}.`);
}
