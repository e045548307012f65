// "Claim win", under the notice that a player's clock ran out: pressed by an opponent.
import { MessageFlags, type ButtonInteraction } from 'discord.js';
import type { BotContext } from '../context.js';
import type { ComponentAction } from '../customId.js';
import { staleText } from '../views/links.js';
import { gameOfPress } from './gameAccess.js';

export async function handleClaimComponent(ctx: BotContext, i: ButtonInteraction, action: Extract<ComponentAction, { kind: 'claim' }>): Promise<void> {
  await i.deferReply({ flags: MessageFlags.Ephemeral });
  const game = await gameOfPress(ctx.services, action.gameId, i.guildId ?? null);
  if (!game) return void (await i.editReply('That game no longer exists.'));
  const claimed = await ctx.master.claimWin(action.gameId, i.user.id);
  if (!claimed.ok) {
    const fresh = claimed.error.code === 'stale' ? await ctx.services.games.load(action.gameId) : null;
    await i.editReply({ content: fresh ? `${claimed.error.message} ${staleText(fresh)}` : claimed.error.message, allowedMentions: { parse: [] } });
    return;
  }
  await i.editReply(`You claimed the win in game #${game.id}.`);
  await i.message.edit({ components: [] }).catch((e) => ctx.log.warn(`could not retire the claim button of game ${game.id}`, { err: e }));
}
