// Undo (solo games) and takebacks (two-player games) on Discord: the buttons a board offers
// besides its moves, the takeback request in the game's thread, and the answers to it.
import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  MessageFlags,
  type ButtonInteraction,
  type MessageActionRowComponentBuilder,
  type StringSelectMenuInteraction,
} from 'discord.js';
import { describeSeat } from '../../services/games.js';
import { createTakebackService, type BoardOffers } from '../../services/records/takebacks.js';
import { AI_MARK, type GameSnapshot } from '../../services/types.js';
import type { BotContext } from '../context.js';
import { encodeCustomId, type ComponentAction } from '../customId.js';
import { staleText } from '../gameAccess.js';
import { replyPrivately } from '../replies.js';
import type { Row } from './moveComponents.js';

export type TakebackAction = Extract<ComponentAction, { kind: 'undo' | 'takeback-ask' | 'takeback-accept' | 'takeback-decline' }>;
type Press = ButtonInteraction | StringSelectMenuInteraction;

/** The row of Undo / Take back? under a board, or none. */
export function offerRows(game: GameSnapshot, offers: BoardOffers | undefined): Row[] {
  const buttons: ButtonBuilder[] = [];
  if (offers?.undo) {
    buttons.push(new ButtonBuilder().setCustomId(encodeCustomId({ kind: 'undo', gameId: game.id, version: game.version })).setLabel('Undo').setEmoji('↩️').setStyle(ButtonStyle.Secondary));
  }
  if (offers?.takeback) {
    buttons.push(new ButtonBuilder().setCustomId(encodeCustomId({ kind: 'takeback-ask', gameId: game.id, version: game.version })).setLabel('Take back?').setEmoji('↩️').setStyle(ButtonStyle.Secondary));
  }
  return buttons.length ? [new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(buttons)] : [];
}

const takebacksOf = (ctx: BotContext) => createTakebackService(ctx.services.deps, ctx.services.games);

export async function handleTakebackComponent(ctx: BotContext, i: Press, action: TakebackAction): Promise<void> {
  if (!i.isButton()) return replyPrivately(i, 'That control is not one I recognise.');
  const game = await ctx.services.games.load(action.gameId);
  if (!game || game.guildId !== (i.guildId ?? null)) return replyPrivately(i, 'That game no longer exists.');
  const service = takebacksOf(ctx);

  if (action.kind === 'undo') {
    if (!game.seats.some((s) => s.kind === 'human' && s.userId === i.user.id)) return replyPrivately(i, 'You are not playing in this game.');
    await i.deferReply({ flags: MessageFlags.Ephemeral });
    const done = await service.undo(game.id, i.user.id, action.version);
    if (!done.ok) {
      const fresh = await ctx.services.games.load(game.id);
      await i.editReply({ content: done.error.code === 'stale' && fresh ? staleText(fresh) : done.error.message, allowedMentions: { parse: [] } });
      return;
    }
    const { game: after, previous, def, cancelled } = done.value;
    await ctx.flow.postBoard(after, { headline: `${describeSeat(def, previous, cancelled.seat)} undid ${cancelled.notation}` }, previous);
    await ctx.flow.settle(after);
    await i.editReply({ content: `You undid **${cancelled.notation}**.`, allowedMentions: { parse: [] } });
    return;
  }

  if (action.kind === 'takeback-ask') {
    const asked = await service.ask(game.id, action.version, i.user.id);
    if (!asked.ok) return replyPrivately(i, asked.error.message);
    await i.deferReply({ flags: MessageFlags.Ephemeral });
    const { def, move, moverId, opponentId } = asked.value;
    const row = new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(
      new ButtonBuilder().setCustomId(encodeCustomId({ kind: 'takeback-accept', gameId: game.id, version: action.version })).setLabel('Accept').setStyle(ButtonStyle.Success),
      new ButtonBuilder().setCustomId(encodeCustomId({ kind: 'takeback-decline', gameId: game.id, version: action.version })).setLabel('Decline').setStyle(ButtonStyle.Danger),
    );
    await ctx.flow.postNotice(
      game,
      `↩️ <@${moverId}> asks to take back **${move.notation}** in **${def.title}** (game #${game.id}). <@${opponentId}>, accept or decline before you move; a move of yours declines it.`,
      [opponentId],
      [row],
    );
    // One request per move: the board no longer offers it. Its buttons are rebuilt from the game
    // as it stands when the edit is made (the opponent may have moved on the board meanwhile).
    await ctx.flow.withdrawTakebackOffer(game.id, i.message.id, action.version).catch((e) => ctx.log.warn(`could not retire the takeback button of game ${game.id}`, { err: e }));
    await i.editReply({ content: `You asked <@${opponentId}> to let you take back **${move.notation}**.`, allowedMentions: { parse: [] } });
    return;
  }

  // Accept or Decline, on the request in the thread. Who presses is checked before anything is
  // touched: a bystander's press leaves the request as it is.
  const who = await service.answerers(game, action.version);
  const allowed = who ? (action.kind === 'takeback-accept' ? [who.opponentId] : [who.opponentId, who.moverId]) : [];
  if (who && !allowed.includes(i.user.id)) return replyPrivately(i, `Only <@${who.opponentId}> can answer this takeback.`);
  if (!who && !game.seats.some((s) => s.kind === 'human' && s.userId === i.user.id)) return replyPrivately(i, 'You are not playing in this game.');
  await i.deferUpdate();
  const answer = action.kind === 'takeback-accept'
    ? await service.accept(game.id, action.version, i.user.id)
    : await service.decline(game.id, action.version, i.user.id);
  if (!answer.ok) {
    if (answer.error.code === 'not-the-opponent') return replyPrivately(i, answer.error.message);
    await i.editReply({ content: `${i.message.content}\n⌛ This request has expired: ${answer.error.message}`.slice(0, 2000), components: [], allowedMentions: { parse: [] } });
    return;
  }
  if (action.kind === 'takeback-decline') {
    const { move, moverId, opponentId } = answer.value as { move: { notation: string }; moverId: string; opponentId: string };
    const who = i.user.id === moverId ? `<@${moverId}> withdrew the request` : `<@${opponentId}> declined`;
    await i.editReply({ content: `↩️ ${who}: **${move.notation}** stands.`, components: [], allowedMentions: { parse: [] } });
    return;
  }
  const done = answer.value as Extract<Awaited<ReturnType<typeof service.accept>>, { ok: true }>['value'];
  await ctx.flow.postBoard(done.game, { headline: `${describeSeat(done.def, done.previous, done.cancelled.seat)} took back ${done.cancelled.notation} (accepted by <@${i.user.id}>)` }, done.previous, {
    ping: done.game.toActUserIds.filter((id) => id !== i.user.id && id !== AI_MARK),
  });
  await ctx.flow.settle(done.game);
  await i.editReply({ content: `↩️ <@${i.user.id}> accepted: <@${done.moverId}>'s **${done.cancelled.notation}** was taken back.`, components: [], allowedMentions: { parse: [] } });
}
