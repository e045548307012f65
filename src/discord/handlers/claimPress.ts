// "Claim win", under the notice that a player's clock ran out: pressed by an opponent, answered
// privately in their language.
import { MessageFlags, type ButtonInteraction } from 'discord.js';
import type { BotContext } from '../context.js';
import type { ComponentAction } from '../customId.js';
import { currentBoardText } from '../views/links.js';
import { refusal } from '../views/refusal.js';
import { gameOfPress } from './gameAccess.js';

export async function handleClaimComponent(ctx: BotContext, i: ButtonInteraction, action: Extract<ComponentAction, { kind: 'claim' }>): Promise<void> {
  const sp = ctx.locales.reader(i);
  await i.deferReply({ flags: MessageFlags.Ephemeral });
  const game = await gameOfPress(ctx.services, action.gameId, i.guildId ?? null);
  if (!game) return void (await i.editReply(sp.t('discord:access.gameGone')));
  const claimed = await ctx.master.claimWin(action.gameId, i.user.id);
  if (!claimed.ok) {
    // The game moved on: the refusal says so, then where its board is now.
    const fresh = claimed.error.code === 'stale' ? await ctx.services.games.load(action.gameId) : null;
    const said = refusal(sp, claimed.error);
    await i.editReply({ content: fresh ? `${said} ${currentBoardText(sp, fresh)}` : said, allowedMentions: { parse: [] } });
    return;
  }
  await i.editReply(sp.t('discord:press.claimed', { id: game.id }));
  await i.message.edit({ components: [] }).catch((e) => ctx.log.warn(`could not retire the claim button of game ${game.id}`, { err: e }));
}
