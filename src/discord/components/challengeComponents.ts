// Accept and Decline on a challenge message. Only the challenged member may accept.
import { EmbedBuilder, type ButtonInteraction, type StringSelectMenuInteraction } from 'discord.js';
import { AI_MARK } from '../../services/types.js';
import type { BotContext } from '../context.js';
import type { ComponentAction } from '../customId.js';
import { replyPrivately } from '../replies.js';

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
  if (!r.ok) return replyPrivately(i, r.error.message);
  const def = games.defOf(r.value.game);
  const [a, b] = await Promise.all([challenge.challengerId, challenge.opponentId].map((id) => displayName(ctx, i.guildId, id)));
  const game = await ctx.flow.openGameThread(r.value.game, `${def.title}: ${a} vs ${b}`);
  const board = await ctx.flow.postBoard(game, { headline: `Game #${game.id} begins: ${def.seatNames?.[0] ?? 'Player 1'} <@${challenge.challengerId}> vs ${def.seatNames?.[1] ?? 'Player 2'} <@${challenge.opponentId}>` }, undefined, {
    // The challenger learns the game is on when it is their move; the one who accepted is here.
    ping: game.toActUserIds.filter((id) => id !== i.user.id && id !== AI_MARK),
  });
  await ctx.flow.settle(game);
  const where = game.threadId ? `<#${game.threadId}>` : board ? board.url : 'this channel';
  await i.editReply({
    content: `<@${challenge.opponentId}> accepted <@${challenge.challengerId}>'s challenge to ${def.title}. The game is on in ${where}.`,
    embeds: [],
    components: [],
    allowedMentions: { parse: [] },
  });
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
