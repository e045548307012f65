// Undo (solo games) and takebacks (two-player games) on Discord: the Undo and "Take back?" buttons
// a board offers after a move, and Accept and Decline on the request in the game's thread. What
// only the presser reads is in their language; the request's message is public (the server's).
import { MessageFlags, type ButtonInteraction, type StringSelectMenuInteraction } from 'discord.js';
import type { Phrase } from '../../engine/phrase.js';
import type { BotContext } from '../context.js';
import type { ComponentAction } from '../customId.js';
import type { ChangeOrigin } from '../../master/index.js';
import { DISCORD } from '../publish/publisher.js';
import { staleText } from '../views/links.js';
import { refusal } from '../views/refusal.js';
import { bold } from '../views/words.js';
import { sayMove, storedPhrase } from '../../services/phrases.js';
import type { Speaker } from '../../i18n/index.js';
import { gameOfPress } from './gameAccess.js';
import { replyPrivately } from './replies.js';
import { playsIn } from '../../services/seats.js';

/** The move a takeback or an undo is about, as its reader reads it: its words, else its notation. */
const cancelledMove = (sp: Speaker, row: { notation: string; notationPhrase?: unknown }) => sayMove(sp, storedPhrase(row.notationPhrase), row.notation);

export type TakebackAction = Extract<ComponentAction, { kind: 'undo' | 'takeback-ask' | 'takeback-accept' | 'takeback-decline' }>;
type Press = ButtonInteraction | StringSelectMenuInteraction;

export async function handleTakebackComponent(ctx: BotContext, i: Press, action: TakebackAction): Promise<void> {
  const sp = ctx.locales.reader(i);
  if (!i.isButton()) return replyPrivately(i, sp.t('discord:press.unknownControl'));
  const game = await gameOfPress(ctx.services, action.gameId, i.guildId ?? null);
  if (!game) return replyPrivately(i, sp.t('discord:access.gameGone'));
  const plays = playsIn(game, i.user.id);

  if (action.kind === 'undo') {
    if (!plays) return replyPrivately(i, sp.t('discord:press.notPlaying'));
    await i.deferReply({ flags: MessageFlags.Ephemeral });
    const done = await ctx.master.undo(game.id, i.user.id, action.version, { front: DISCORD });
    if (!done.ok) {
      const fresh = done.error.code === 'stale' ? await ctx.services.games.load(game.id) : null;
      await i.editReply({ content: fresh ? staleText(sp, fresh) : refusal(sp, done.error, game.gameType), allowedMentions: { parse: [] } });
      return;
    }
    await i.editReply({ content: sp.t('discord:takeback.undone', { move: bold(cancelledMove(sp, done.value.cancelled)) }), allowedMentions: { parse: [] } });
    return;
  }

  if (action.kind === 'takeback-ask') {
    await i.deferReply({ flags: MessageFlags.Ephemeral });
    const origin: ChangeOrigin = { front: DISCORD, interactionId: i.id, askedOnBoardId: i.message.id };
    const asked = await ctx.master.askTakeback(game.id, action.version, i.user.id, origin);
    if (!asked.ok) return replyPrivately(i, refusal(sp, asked.error, game.gameType));
    await i.editReply({ content: sp.t('discord:takeback.asked', { opponent: `<@${asked.value.opponentId}>`, move: bold(cancelledMove(sp, asked.value.move)) }), allowedMentions: { parse: [] } });
    return;
  }

  // Accept or Decline, on the request in the thread. Who presses is checked before anything is
  // touched: a bystander's press leaves the request as it is.
  const who = await ctx.master.takebackAnswerers(game, action.version);
  const allowed = who ? (action.kind === 'takeback-accept' ? [who.opponentId] : [who.opponentId, who.moverId]) : [];
  if (who && !allowed.includes(i.user.id)) return replyPrivately(i, sp.t('discord:takeback.onlyOpponent', { member: `<@${who.opponentId}>` }));
  if (!who && !plays) return replyPrivately(i, sp.t('discord:press.notPlaying'));
  await i.deferUpdate();
  // The request's message is edited for everyone in the thread: the server's language.
  const server = await ctx.locales.server(i.guildId);
  if (action.kind === 'takeback-decline') {
    const declined = await ctx.master.declineTakeback(game.id, action.version, i.user.id);
    if (!declined.ok) return expired(ctx, i, declined.error);
    const { move, moverId, opponentId } = declined.value;
    const text = i.user.id === moverId
      ? server.t('discord:takeback.withdrawn', { icon: '↩️', member: `<@${moverId}>`, move: bold(cancelledMove(server, move)) })
      : server.t('discord:takeback.declined', { icon: '↩️', member: `<@${opponentId}>`, move: bold(cancelledMove(server, move)) });
    await i.editReply({ content: text, components: [], allowedMentions: { parse: [] } });
    return;
  }
  const done = await ctx.master.acceptTakeback(game.id, action.version, i.user.id, { front: DISCORD });
  if (!done.ok) return expired(ctx, i, done.error);
  await i.editReply({
    content: server.t('discord:takeback.accepted', { icon: '↩️', opponent: `<@${i.user.id}>`, mover: `<@${done.value.moverId}>`, move: bold(cancelledMove(server, done.value.cancelled)) }),
    components: [],
    allowedMentions: { parse: [] },
  });
}

/** A request that can no longer be answered says why (for everyone in the thread), and loses its buttons. */
async function expired(ctx: BotContext, i: Press, error: { code: string; message: string; phrase?: Phrase }): Promise<void> {
  if (error.code === 'not-the-opponent') return replyPrivately(i, refusal(ctx.locales.reader(i), error));
  const server = await ctx.locales.server(i.guildId);
  const why = server.t('discord:takeback.expired', { icon: '⌛', why: refusal(server, error) });
  await i.editReply({ content: `${i.message.content}\n${why}`.slice(0, 2000), components: [], allowedMentions: { parse: [] } });
}
