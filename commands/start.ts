import { ActionRowBuilder, ButtonBuilder, ButtonStyle, MessageFlags, type MessageActionRowComponentBuilder } from 'discord.js';
import type { GameDefinition, OptionSpec } from '../src/engine/contract.js';
import { games, gameById } from '../src/games/index.js';
import { challengeEmbed, displayName } from '../src/discord/components/challengeComponents.js';
import { encodeCustomId } from '../src/discord/customId.js';
import { replyPrivately } from '../src/discord/replies.js';
import { CLOCK_CHOICES, clockSeconds } from '../src/services/clocks.js';
import type { SeatAssignment } from '../src/services/types.js';
import type { Subcommand } from './types.js';

/** A game option's name as a slash-command option: `fortressCount` → `fortress-count`. */
const slashName = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase().slice(0, 32);

/** Every game's options, merged by name, so one `/siege start` serves all games. */
function allOptionSpecs(): OptionSpec[] {
  const byName = new Map<string, OptionSpec>();
  for (const def of Object.values(games) as GameDefinition[]) {
    for (const spec of def.optionSpecs ?? []) {
      const seen = byName.get(spec.name);
      if (!seen) byName.set(spec.name, { ...spec, choices: spec.choices?.slice() });
      else if (seen.choices && spec.choices) {
        for (const c of spec.choices) if (!seen.choices.some((x) => x.value === c.value)) seen.choices.push(c);
      } else seen.choices = undefined;
    }
  }
  return [...byName.values()];
}

export const start: Subcommand = {
  name: 'start',
  define(sub) {
    sub
      .setName('start')
      .setDescription('Start a game: challenge a member, play the AI, or play solo')
      .addStringOption((o) =>
        o.setName('game').setDescription('Which game').setRequired(true)
          .addChoices(...(Object.values(games) as GameDefinition[]).map((g) => ({ name: g.title, value: g.id }))),
      )
      .addUserOption((o) => o.setName('opponent').setDescription('The member you challenge'))
      .addStringOption((o) =>
        o.setName('ai').setDescription('Play against the AI at this level')
          .addChoices({ name: 'easy', value: 'easy' }, { name: 'normal', value: 'normal' }, { name: 'hard', value: 'hard' }),
      )
      .addStringOption((o) =>
        o.setName('clock').setDescription('Time for each move (default: the server\'s; solo games: none)')
          .addChoices(...CLOCK_CHOICES.map((c) => ({ name: c === 'none' ? 'no clock' : `${c.slice(0, -1)} day${c === '1d' ? '' : 's'} per move`, value: c }))),
      );
    for (const spec of allOptionSpecs()) {
      sub.addStringOption((o) => {
        o.setName(slashName(spec.name)).setDescription(spec.description.slice(0, 100));
        if (spec.choices && spec.choices.length <= 25) o.addChoices(...spec.choices.map((c) => ({ name: c.name.slice(0, 100), value: c.value })));
        return o;
      });
    }
    return sub;
  },

  async execute(ctx, i) {
    if (!i.inGuild() || !i.guildId) {
      return replyPrivately(i, 'Games are played in servers, not in direct messages. Run `/siege start` in a server channel.');
    }
    const def = gameById(i.options.getString('game', true));
    if (!def) return replyPrivately(i, 'I do not know that game. Pick one from the list.');
    const server = await ctx.services.settings.guild(i.guildId);
    const here = i.channel?.isThread() ? (i.channel.parentId ?? i.channelId) : i.channelId;
    if (server.allowedChannelIds.length && !server.allowedChannelIds.includes(here)) {
      return replyPrivately(i, `Games are started in ${server.allowedChannelIds.map((c) => `<#${c}>`).join(', ')} on this server.`);
    }
    const clockChoice = i.options.getString('clock');
    const solo = def.seats.max === 1;
    const clock = clockSeconds(clockChoice ?? (solo ? 'none' : server.defaultClock));
    if (clock === undefined) return replyPrivately(i, `The clock must be one of ${CLOCK_CHOICES.join(', ')}.`);
    const rawOptions: Record<string, unknown> = {};
    const known = new Set((def.optionSpecs ?? []).map((s) => s.name));
    for (const spec of allOptionSpecs()) {
      const value = i.options.getString(slashName(spec.name));
      if (value === null) continue;
      if (!known.has(spec.name)) return replyPrivately(i, `\`${slashName(spec.name)}\` is not an option of ${def.title}.`);
      rawOptions[spec.name] = value;
    }
    const options = def.parseOptions(rawOptions);
    if (!options.ok) return replyPrivately(i, options.error.message);
    const opponent = i.options.getUser('opponent');
    const aiLevel = i.options.getString('ai') as 'easy' | 'normal' | 'hard' | null;

    if (def.seats.max === 1) {
      if (opponent || aiLevel) return replyPrivately(i, `${def.title} is a solo game: start it without an opponent or AI.`);
      return startNow(ctx, i, def, [{ kind: 'human', userId: i.user.id }], rawOptions, clock);
    }
    if (opponent && aiLevel) return replyPrivately(i, 'Choose either an opponent or an AI level, not both.');
    if (aiLevel) {
      return startNow(ctx, i, def, [{ kind: 'human', userId: i.user.id }, { kind: 'ai', level: aiLevel }], rawOptions, clock);
    }
    if (!opponent) return replyPrivately(i, `${def.title} needs an opponent: add \`opponent:\` with a member, or \`ai:\` to play the AI.`);
    if (opponent.bot) return replyPrivately(i, 'You cannot challenge a bot. To play the computer, use the `ai:` option instead.');
    if (opponent.id === i.user.id) return replyPrivately(i, 'You cannot challenge yourself. Pick another member, or play the AI with `ai:`.');
    const full = await ctx.services.settings.gameLimitReached(i.guildId, [i.user.id]);
    if (full) return replyPrivately(i, full);

    const created = await ctx.services.challenges.create({
      guildId: i.guildId,
      channelId: i.channelId,
      challengerId: i.user.id,
      opponentId: opponent.id,
      gameType: def.id,
      rawOptions,
      clockSeconds: clock,
      expiryMs: server.challengeExpiryMs,
    });
    if (!created.ok) return replyPrivately(i, created.error.message);
    const c = created.value;
    const optionText = Object.entries(rawOptions).map(([k, v]) => `${k}: ${String(v)}`).join(', ');
    const expires = Math.floor(c.expiresAt.getTime() / 1000);
    const row = new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(
      new ButtonBuilder().setCustomId(encodeCustomId({ kind: 'accept', challengeId: c.id })).setLabel('Accept').setStyle(ButtonStyle.Success),
      new ButtonBuilder().setCustomId(encodeCustomId({ kind: 'decline', challengeId: c.id })).setLabel('Decline').setStyle(ButtonStyle.Secondary),
    );
    const response = await i.reply({
      content: `<@${opponent.id}>, <@${i.user.id}> challenges you to **${def.title}**!`,
      embeds: [challengeEmbed(`${def.title} challenge`, [
        `${def.seatNames?.[0] ?? 'Player 1'}: <@${i.user.id}> (moves first)`,
        `${def.seatNames?.[1] ?? 'Player 2'}: <@${opponent.id}>`,
        optionText ? `Options: ${optionText}` : 'Options: defaults',
        `Clock: ${clock === null ? 'none' : `${clock / 86_400} day(s) per move`}`,
        `Expires <t:${expires}:R>. Only <@${opponent.id}> can accept.`,
      ])],
      components: [row],
      allowedMentions: { users: [opponent.id] },
      withResponse: true,
    });
    const messageId = response.resource?.message?.id;
    if (messageId) await ctx.services.challenges.setMessage(c.id, messageId);
    await ctx.scheduler.armChallenge(c);
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
  const full = await ctx.services.settings.gameLimitReached(i.guildId!, [i.user.id]);
  if (full) return replyPrivately(i, full);
  const started = await ctx.services.games.startGame({ gameType: def.id, guildId: i.guildId, channelId: i.channelId, seats, rawOptions, clockSeconds: clock });
  if (!started.ok) return replyPrivately(i, started.error.message);
  const me = await displayName(ctx, i.guildId, i.user.id);
  const against = seats[1]?.kind === 'ai' ? `AI (${seats[1].level})` : seats.length === 1 ? 'solo' : 'opponent';
  const game = await ctx.flow.openGameThread(started.value, `${def.title}: ${me} vs ${against}`);
  const board = await ctx.flow.postBoard(game, { headline: `Game #${game.id} begins` });
  await i.editReply(`Game #${game.id} of ${def.title} started in ${game.threadId ? `<#${game.threadId}>` : board?.url ?? 'this channel'}.`);
  await ctx.flow.settle(game);
}
