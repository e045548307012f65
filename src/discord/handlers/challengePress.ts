// Accept and Decline on a challenge message (only the challenged member may accept; either may
// decline or withdraw), and Rematch under a finished two-member game.
import type { ButtonInteraction, StringSelectMenuInteraction } from 'discord.js';
import type { BotContext } from '../context.js';
import type { ComponentAction } from '../customId.js';
import { DISCORD } from '../publish/publisher.js';
import { acceptedText, challengeMessage, pendingWhere, rematchWhere } from '../views/challenge.js';
import { gameOfPress } from './gameAccess.js';
import { replyPrivately } from './replies.js';

type ChallengeAction = Extract<ComponentAction, { kind: 'accept' | 'decline' }>;
const cleared = { embeds: [], components: [], allowedMentions: { parse: [] as never[] } };

export async function handleChallengeComponent(ctx: BotContext, i: ButtonInteraction | StringSelectMenuInteraction, action: ChallengeAction): Promise<void> {
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
    const r = await ctx.master.declineChallenge(challenge.id, i.user.id);
    if (!r.ok) return replyPrivately(i, r.error.message);
    const text = r.value.status === 'DECLINED' ? `<@${i.user.id}> declined the challenge.` : `<@${i.user.id}> withdrew the challenge.`;
    await i.editReply({ content: text, ...cleared });
    return;
  }
  const r = await ctx.master.acceptChallenge(challenge.id, i.user.id, { front: DISCORD });
  if (!r.ok) {
    // Accepted already (by a press a crash cut short, or a double tap): the message says so now.
    const fresh = await challenges.get(challenge.id);
    const game = fresh?.status === 'ACCEPTED' && fresh.gameId ? await games.load(fresh.gameId) : null;
    if (game) return void (await i.editReply({ content: acceptedText(games.defOf(game).title, fresh!, game.threadId ? `<#${game.threadId}>` : null), ...cleared }));
    return replyPrivately(i, r.error.message);
  }
  const title = games.defOf(r.value.game).title;
  await i.editReply({ content: acceptedText(title, challenge, r.value.receipt.where ?? null), ...cleared });
}

/** Rematch, pressed by either player: the other is challenged, in the game's thread, with the same options and colours swapped. */
export async function handleRematch(ctx: BotContext, i: ButtonInteraction, gameId: number): Promise<void> {
  if (!(await gameOfPress(ctx.services, gameId, i.guildId ?? null))) return replyPrivately(i, 'That game no longer exists.');
  const created = await ctx.master.rematch(gameId, i.user.id);
  if (!created.ok) {
    if (created.error.code === 'asked') return replyPrivately(i, `${created.error.message}${rematchWhere(await ctx.services.challenges.rematchOfGame(gameId))}`);
    if (created.error.code === 'pending-pair') return replyPrivately(i, `${created.error.message}${pendingWhere(await pendingRematchPair(ctx, gameId, i.user.id))}`);
    return replyPrivately(i, created.error.message);
  }
  const { challenge, game, def } = created.value;
  const response = await i.reply({ ...challengeMessage(def, challenge, game.id), withResponse: true });
  const messageId = response.resource?.message?.id;
  if (messageId) await ctx.services.challenges.setMessage(challenge.id, messageId);
}

/** The challenge already waiting between the players of a finished game, in its game. */
async function pendingRematchPair(ctx: BotContext, gameId: number, userId: string) {
  const game = await ctx.services.games.load(gameId);
  const other = game?.seats.find((s) => s.kind === 'human' && s.userId !== userId);
  if (!game?.guildId || other?.kind !== 'human') return null;
  return ctx.services.challenges.pendingBetween(game.guildId, userId, other.userId, game.gameType);
}
