// Presses on a game's components: choose along the move tree, page, resign.
import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  MessageFlags,
  type ButtonInteraction,
  type MessageActionRowComponentBuilder,
  type StringSelectMenuInteraction,
} from 'discord.js';
import { findMoveByPath } from '../../services/moveChoices.js';
import type { BotContext } from '../context.js';
import { encodeCustomId, type ComponentAction } from '../customId.js';
import { seatToAct, staleText } from '../gameAccess.js';
import { replyPrivately } from '../replies.js';
import { buildMoveComponents } from './moveComponents.js';

export const BOARD_NOT_POSTED = ' The move is saved, but the new board could not be posted to Discord; `/siege board` shows it.';

type Press = ButtonInteraction | StringSelectMenuInteraction;
type GameAction = Extract<ComponentAction, { kind: 'move' | 'page' | 'resign' | 'resign-confirm' }>;

/**
 * Acknowledges at once: a press on a private step message updates it in place; a press on the
 * public board opens a private reply. Everything after runs on the deferred interaction.
 */
async function acknowledge(i: Press): Promise<void> {
  if (i.message.flags.has(MessageFlags.Ephemeral)) await i.deferUpdate();
  else await i.deferReply({ flags: MessageFlags.Ephemeral });
}

async function answer(i: Press, content: string, components: ActionRowBuilder<MessageActionRowComponentBuilder>[] = []) {
  await i.editReply({ content: content.slice(0, 2000), components, allowedMentions: { parse: [] } });
}

export async function handleGameComponent(ctx: BotContext, i: Press, action: GameAction): Promise<void> {
  await acknowledge(i);
  const game = await ctx.services.games.load(action.gameId);
  if (!game || game.guildId !== (i.guildId ?? null)) return answer(i, 'That game no longer exists.');
  if (game.status !== 'ACTIVE' || game.version !== action.version) return answer(i, staleText(game));
  const def = ctx.services.games.defOf(game);

  if (action.kind === 'resign') {
    if (!game.seats.some((s) => s.kind === 'human' && s.userId === i.user.id)) {
      return answer(i, 'You are not playing in this game.');
    }
    const confirm = new ButtonBuilder()
      .setCustomId(encodeCustomId({ kind: 'resign-confirm', gameId: game.id, version: game.version }))
      .setLabel('Yes, resign')
      .setStyle(ButtonStyle.Danger);
    return answer(i, `Resign game #${game.id} of ${def.title}? This cannot be undone.`, [
      new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(confirm),
    ]);
  }
  if (action.kind === 'resign-confirm') {
    const done = await ctx.services.games.resign(game.id, i.user.id);
    if (!done.ok) return answer(i, done.error.message);
    await answer(i, `You resigned game #${game.id}.`);
    await ctx.flow.postBoard(done.value.game, { headline: done.value.game.outcome?.reason ?? 'Resigned' }, done.value.previous);
    await ctx.flow.settle(done.value.game);
    return;
  }

  const seat = seatToAct(def, game, i.user.id);
  if (!seat.ok) return answer(i, seat.error.message);
  const path = action.kind === 'move' && i.isStringSelectMenu() ? [...action.path, ...i.values.slice(0, 1)] : action.path;
  const move = action.kind === 'move' ? findMoveByPath(def, game.state, seat.value, path) : null;
  if (move !== null) {
    const applied = await ctx.services.games.applyMove({
      gameId: game.id,
      actor: { kind: 'user', userId: i.user.id },
      input: { move },
      expectedVersion: action.version,
    });
    if (!applied.ok) {
      const fresh = await ctx.services.games.load(game.id);
      return answer(i, applied.error.code === 'stale' && fresh ? staleText(fresh) : applied.error.message);
    }
    const { posted } = await ctx.flow.announceMove(applied.value);
    await answer(i, `You played **${applied.value.notation}**.${posted ? '' : BOARD_NOT_POSTED}`);
    return;
  }
  const page = action.kind === 'page' ? action.page : 0;
  const built = buildMoveComponents({ def, gameId: game.id, version: game.version, state: game.state, seat: seat.value, chosen: path, page });
  if (built.level.options.length === 0) return answer(i, 'That choice is not available any more. Use `/siege board` for the current options.');
  return answer(i, `${built.level.prompt}${built.pageInfo}`, built.rows);
}

export async function replyUnknownComponent(i: Press): Promise<void> {
  await replyPrivately(i, 'This button is not one I recognise (it may come from an older version of the bot). Use `/siege board` to get a fresh board.');
}
