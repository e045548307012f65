// Undo (solo games) and takebacks (two-player games) on Discord: the Undo and "Take back?" buttons
// a board offers after a move, and Accept and Decline on the request in the game's thread.
import { MessageFlags, type ButtonInteraction, type StringSelectMenuInteraction } from 'discord.js';
import type { BotContext } from '../context.js';
import type { ComponentAction } from '../customId.js';
import { DISCORD, type DiscordOrigin } from '../publish/publisher.js';
import { staleText } from '../views/links.js';
import { gameOfPress } from './gameAccess.js';
import { replyPrivately } from './replies.js';

export type TakebackAction = Extract<ComponentAction, { kind: 'undo' | 'takeback-ask' | 'takeback-accept' | 'takeback-decline' }>;
type Press = ButtonInteraction | StringSelectMenuInteraction;

export async function handleTakebackComponent(ctx: BotContext, i: Press, action: TakebackAction): Promise<void> {
  if (!i.isButton()) return replyPrivately(i, 'That control is not one I recognise.');
  const game = await gameOfPress(ctx.services, action.gameId, i.guildId ?? null);
  if (!game) return replyPrivately(i, 'That game no longer exists.');
  const plays = game.seats.some((s) => s.kind === 'human' && s.userId === i.user.id);

  if (action.kind === 'undo') {
    if (!plays) return replyPrivately(i, 'You are not playing in this game.');
    await i.deferReply({ flags: MessageFlags.Ephemeral });
    const done = await ctx.master.undo(game.id, i.user.id, action.version, { front: DISCORD });
    if (!done.ok) {
      const fresh = done.error.code === 'stale' ? await ctx.services.games.load(game.id) : null;
      await i.editReply({ content: fresh ? staleText(fresh) : done.error.message, allowedMentions: { parse: [] } });
      return;
    }
    await i.editReply({ content: `You undid **${done.value.cancelled.notation}**.`, allowedMentions: { parse: [] } });
    return;
  }

  if (action.kind === 'takeback-ask') {
    await i.deferReply({ flags: MessageFlags.Ephemeral });
    const origin: DiscordOrigin = { front: DISCORD, askedOnBoardId: i.message.id };
    const asked = await ctx.master.askTakeback(game.id, action.version, i.user.id, origin);
    if (!asked.ok) return replyPrivately(i, asked.error.message);
    await i.editReply({ content: `You asked <@${asked.value.opponentId}> to let you take back **${asked.value.move.notation}**.`, allowedMentions: { parse: [] } });
    return;
  }

  // Accept or Decline, on the request in the thread. Who presses is checked before anything is
  // touched: a bystander's press leaves the request as it is.
  const who = await ctx.master.takebackAnswerers(game, action.version);
  const allowed = who ? (action.kind === 'takeback-accept' ? [who.opponentId] : [who.opponentId, who.moverId]) : [];
  if (who && !allowed.includes(i.user.id)) return replyPrivately(i, `Only <@${who.opponentId}> can answer this takeback.`);
  if (!who && !plays) return replyPrivately(i, 'You are not playing in this game.');
  await i.deferUpdate();
  if (action.kind === 'takeback-decline') {
    const declined = await ctx.master.declineTakeback(game.id, action.version, i.user.id);
    if (!declined.ok) return expired(i, declined.error);
    const { move, moverId, opponentId } = declined.value;
    const by = i.user.id === moverId ? `<@${moverId}> withdrew the request` : `<@${opponentId}> declined`;
    await i.editReply({ content: `↩️ ${by}: **${move.notation}** stands.`, components: [], allowedMentions: { parse: [] } });
    return;
  }
  const done = await ctx.master.acceptTakeback(game.id, action.version, i.user.id, { front: DISCORD });
  if (!done.ok) return expired(i, done.error);
  await i.editReply({ content: `↩️ <@${i.user.id}> accepted: <@${done.value.moverId}>'s **${done.value.cancelled.notation}** was taken back.`, components: [], allowedMentions: { parse: [] } });
}

/** A request that can no longer be answered says why, and loses its buttons. */
async function expired(i: Press, error: { code: string; message: string }): Promise<void> {
  if (error.code === 'not-the-opponent') return replyPrivately(i, error.message);
  await i.editReply({ content: `${i.message.content}\n⌛ This request has expired: ${error.message}`.slice(0, 2000), components: [], allowedMentions: { parse: [] } });
}
