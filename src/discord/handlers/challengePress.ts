// Accept and Decline on a challenge message (only the challenged member may accept; either may
// decline or withdraw), and Rematch under a finished two-member game. The challenge's message is
// public (the server's language); what only the presser reads is in theirs.
import type { ButtonInteraction, StringSelectMenuInteraction } from 'discord.js';
import { gameById } from '../../games/index.js';
import type { BotContext } from '../context.js';
import type { ComponentAction } from '../customId.js';
import { DISCORD } from '../publish/publisher.js';
import { acceptedText, answeredText, challengeMessage, pendingWhere, rematchWhere } from '../views/challenge.js';
import { refusal } from '../views/refusal.js';
import { gameOfPress } from './gameAccess.js';
import { replyPrivately } from './replies.js';

type ChallengeAction = Extract<ComponentAction, { kind: 'accept' | 'decline' }>;
const cleared = { embeds: [], components: [], allowedMentions: { parse: [] as never[] } };

export async function handleChallengeComponent(ctx: BotContext, i: ButtonInteraction | StringSelectMenuInteraction, action: ChallengeAction): Promise<void> {
  const { challenges, games } = ctx.services;
  const sp = ctx.locales.reader(i);
  const challenge = await challenges.get(action.challengeId);
  if (!challenge) return replyPrivately(i, sp.t('discord:challenge.gone'));
  // Refuse outsiders before acknowledging, so the public message is never touched for them.
  const allowed = action.kind === 'accept' ? [challenge.opponentId] : [challenge.opponentId, challenge.challengerId];
  if (!allowed.includes(i.user.id)) {
    return replyPrivately(i, sp.t(action.kind === 'accept' ? 'discord:challenge.onlyAccept' : 'discord:challenge.onlyDecline', { member: `<@${challenge.opponentId}>` }));
  }
  await i.deferUpdate();
  const server = await ctx.locales.server(i.guildId);
  const def = gameById(challenge.gameType) ?? { id: challenge.gameType, title: challenge.gameType };
  if (action.kind === 'decline') {
    const r = await ctx.master.declineChallenge(challenge.id, i.user.id);
    if (!r.ok) return replyPrivately(i, refusal(sp, r.error));
    await i.editReply({ content: answeredText(server, i.user.id, r.value.status === 'DECLINED'), ...cleared });
    return;
  }
  const r = await ctx.master.acceptChallenge(challenge.id, i.user.id, { front: DISCORD });
  if (!r.ok) {
    // Accepted already (by a press a crash cut short, or a double tap): the message says so now.
    const fresh = await challenges.get(challenge.id);
    const game = fresh?.status === 'ACCEPTED' && fresh.gameId ? await games.load(fresh.gameId) : null;
    if (game) return void (await i.editReply({ content: acceptedText(server, def, fresh!, game.threadId ? `<#${game.threadId}>` : null), ...cleared }));
    return replyPrivately(i, refusal(sp, r.error, challenge.gameType));
  }
  await i.editReply({ content: acceptedText(server, def, challenge, r.value.receipt.where ?? null), ...cleared });
}

/** Rematch, pressed by either player: the other is challenged, in the game's thread, with the same options and colours swapped. */
export async function handleRematch(ctx: BotContext, i: ButtonInteraction, gameId: number): Promise<void> {
  const sp = ctx.locales.reader(i);
  const finished = await gameOfPress(ctx.services, gameId, i.guildId ?? null);
  if (!finished) return replyPrivately(i, sp.t('discord:access.gameGone'));
  const created = await ctx.master.rematch(gameId, i.user.id);
  if (!created.ok) {
    const said = refusal(sp, created.error, finished.gameType);
    // The rematch was posted where Rematch was pressed: the finished game's thread.
    if (created.error.code === 'asked') return replyPrivately(i, `${said}${rematchWhere(sp, await ctx.services.challenges.rematchOfGame(gameId), finished.threadId ?? finished.channelId)}`);
    if (created.error.code === 'pending-pair') {
      const waiting = await pendingRematchPair(ctx, gameId, i.user.id);
      return replyPrivately(i, `${said}${pendingWhere(sp, waiting, waiting ? await ctx.publisher.places.challengeChannelId(waiting) : null)}`);
    }
    return replyPrivately(i, said);
  }
  const { challenge, game, def } = created.value;
  const response = await i.reply({ ...challengeMessage(await ctx.locales.server(i.guildId), def, challenge, game.id), withResponse: true });
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
