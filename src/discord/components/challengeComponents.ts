// Accept and Decline on a challenge message. Only the challenged member may accept.
import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  EmbedBuilder,
  type ButtonInteraction,
  type MessageActionRowComponentBuilder,
  type StringSelectMenuInteraction,
} from 'discord.js';
import type { GameDefinition } from '../../engine/contract.js';
import type { ChallengeRow } from '../../services/challenges.js';
import { AI_MARK } from '../../services/types.js';
import type { BotContext } from '../context.js';
import { encodeCustomId, type ComponentAction } from '../customId.js';
import { replyPrivately } from '../replies.js';
import { jumpLink } from '../boardMessage.js';

type ChallengeAction = Extract<ComponentAction, { kind: 'accept' | 'decline' }>;

export async function handleChallengeComponent(
  ctx: BotContext,
  i: ButtonInteraction | StringSelectMenuInteraction,
  action: ChallengeAction,
): Promise<void> {
  const { challenges, games } = ctx.services;
  const challenge = await challenges.get(action.challengeId);
  if (!challenge) return replyPrivately(i, 'That challenge no longer exists.');
  // Refuse outsiders before acknowledging, so the public message is never touched for them.
  const allowed = action.kind === 'accept' ? [challenge.opponentId] : [challenge.opponentId, challenge.challengerId];
  if (!allowed.includes(i.user.id)) {
    return replyPrivately(i, `Only <@${challenge.opponentId}> can ${action.kind} this challenge.`);
  }
  await i.deferUpdate();
  if (action.kind === 'decline') {
    const r = await challenges.decline(challenge.id, i.user.id);
    if (!r.ok) return replyPrivately(i, r.error.message);
    const text = r.value.status === 'DECLINED' ? `<@${i.user.id}> declined the challenge.` : `<@${i.user.id}> withdrew the challenge.`;
    await i.editReply({ content: text, embeds: [], components: [], allowedMentions: { parse: [] } });
    return;
  }
  if (challenge.status === 'PENDING') {
    const full = await ctx.services.settings.gameLimitReached(challenge.guildId, [challenge.opponentId, challenge.challengerId]);
    if (full) return replyPrivately(i, full);
  }
  const r = await challenges.accept(challenge.id, i.user.id);
  if (!r.ok) {
    // Accepted already (by a press a crash cut short, or a double tap): the message says so now.
    const fresh = await challenges.get(challenge.id);
    const game = fresh?.status === 'ACCEPTED' && fresh.gameId ? await games.load(fresh.gameId) : null;
    if (game) return void (await i.editReply({ content: acceptedText(games.defOf(game).title, fresh!, game.threadId ? `<#${game.threadId}>` : null), embeds: [], components: [], allowedMentions: { parse: [] } }));
    return replyPrivately(i, r.error.message);
  }
  const def = games.defOf(r.value.game);
  const [a, b] = await Promise.all([challenge.challengerId, challenge.opponentId].map((id) => displayName(ctx, i.guildId, id)));
  const game = await ctx.flow.openGameThread(r.value.game, `${def.title}: ${a} vs ${b}`);
  const board = await ctx.flow.postBoard(game, { headline: `Game #${game.id} begins: ${def.seatNames?.[0] ?? 'Player 1'} <@${challenge.challengerId}> vs ${def.seatNames?.[1] ?? 'Player 2'} <@${challenge.opponentId}>` }, undefined, {
    // The challenger learns the game is on when it is their move; the one who accepted is here.
    ping: game.toActUserIds.filter((id) => id !== i.user.id && id !== AI_MARK),
  });
  await ctx.flow.settle(game);
  await i.editReply({
    content: acceptedText(def.title, challenge, game.threadId ? `<#${game.threadId}>` : board ? board.url : null),
    embeds: [],
    components: [],
    allowedMentions: { parse: [] },
  });
}

/** What an accepted challenge's message becomes. */
function acceptedText(title: string, c: ChallengeRow, where: string | null): string {
  return `<@${c.opponentId}> accepted <@${c.challengerId}>'s challenge to ${title}. The game is on in ${where ?? 'this channel'}.`;
}

export async function displayName(ctx: BotContext, guildId: string | null, userId: string): Promise<string> {
  try {
    if (guildId) {
      const guild = await ctx.client.guilds.fetch(guildId);
      const member = await guild.members.fetch(userId);
      return member.displayName;
    }
    return (await ctx.client.users.fetch(userId)).username;
  } catch {
    return 'a player';
  }
}

export function challengeEmbed(title: string, lines: string[]): EmbedBuilder {
  return new EmbedBuilder().setTitle(title.slice(0, 256)).setDescription(lines.join('\n').slice(0, 4000)).setColor(0xc9a227);
}

/** The options as they will be played: each given value, else the option's default. */
export function optionsAsPlayed(def: GameDefinition, raw: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const spec of def.optionSpecs ?? []) {
    const value = raw[spec.name] ?? spec.default;
    if (value === undefined) continue;
    const label = spec.choices?.find((c) => c.value === String(value))?.name ?? String(value);
    parts.push(`${spec.name}: ${label}`);
  }
  return parts.length ? parts.join(', ') : 'none';
}

/** A challenge as posted: who plays which colour, the options, the clock, Accept and Decline. It pings the one challenged. */
export function challengeMessage(def: GameDefinition, c: ChallengeRow, rematchOf?: number) {
  const expires = Math.floor(c.expiresAt.getTime() / 1000);
  const seats = c.challengerSeat === 1 ? [c.opponentId, c.challengerId] : [c.challengerId, c.opponentId];
  const row = new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(
    new ButtonBuilder().setCustomId(encodeCustomId({ kind: 'accept', challengeId: c.id })).setLabel('Accept').setStyle(ButtonStyle.Success),
    new ButtonBuilder().setCustomId(encodeCustomId({ kind: 'decline', challengeId: c.id })).setLabel('Decline').setStyle(ButtonStyle.Secondary),
  );
  const what = rematchOf ? `a rematch of game #${rematchOf} (colours swapped)` : `**${def.title}**`;
  return {
    content: `<@${c.opponentId}>, <@${c.challengerId}> challenges you to ${what}!`,
    embeds: [challengeEmbed(`${def.title} ${rematchOf ? 'rematch' : 'challenge'}`, [
      `${def.seatNames?.[0] ?? 'Player 1'}: <@${seats[0]}> (moves first)`,
      `${def.seatNames?.[1] ?? 'Player 2'}: <@${seats[1]}>`,
      `Options: ${optionsAsPlayed(def, c.options as Record<string, unknown>)}`,
      `Clock: ${c.clockSeconds === null ? 'none' : `${c.clockSeconds / 86_400} day(s) per move`}`,
      `Expires <t:${expires}:R>. Only <@${c.opponentId}> can accept.`,
    ])],
    components: [row],
    allowedMentions: { users: [c.opponentId] },
  };
}

/** The Rematch button of a finished two-member game's board. */
export function rematchRow(gameId: number): ActionRowBuilder<MessageActionRowComponentBuilder> {
  return new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(
    new ButtonBuilder().setCustomId(encodeCustomId({ kind: 'rematch', gameId })).setLabel('Rematch').setEmoji('🔁').setStyle(ButtonStyle.Primary),
  );
}

/** Rematch, pressed by either player: the other is challenged, in the game's thread, with the same options and colours swapped. */
export async function handleRematch(ctx: BotContext, i: ButtonInteraction, gameId: number): Promise<void> {
  const game = await ctx.services.games.load(gameId);
  if (!game || game.guildId !== (i.guildId ?? null)) return replyPrivately(i, 'That game no longer exists.');
  const server = await ctx.services.settings.guild(game.guildId);
  // The limit is checked before the rematch is asked: a game has one rematch, not to be spent on a refusal.
  const members = game.seats.flatMap((s) => (s.kind === 'human' ? [s.userId] : []));
  const full = game.guildId && members.includes(i.user.id) ? await ctx.services.settings.gameLimitReached(game.guildId, members) : null;
  if (full) return replyPrivately(i, full);
  const created = await ctx.services.challenges.rematch(gameId, i.user.id, server.challengeExpiryMs);
  if (!created.ok) {
    if (created.error.code !== 'asked') return replyPrivately(i, created.error.message);
    return replyPrivately(i, `${created.error.message}${rematchWhere(await ctx.services.challenges.rematchOfGame(gameId))}`);
  }
  const def = ctx.services.games.defOf(game);
  const response = await i.reply({ ...challengeMessage(def, created.value, game.id), withResponse: true });
  const messageId = response.resource?.message?.id;
  if (messageId) await ctx.services.challenges.setMessage(created.value.id, messageId);
  await ctx.scheduler.armChallenge(created.value);
}

/** " It is here: <link>" for an asked rematch: its game once accepted, else its challenge message. */
function rematchWhere(c: ChallengeRow | null): string {
  if (!c) return '';
  if (c.gameId) return ` It became game #${c.gameId}.`;
  if (c.messageId) return ` It is here: ${jumpLink(c.guildId, c.channelId, c.messageId)} (${c.status === 'PENDING' ? 'waiting for an answer' : c.status.toLowerCase()}).`;
  return '';
}
