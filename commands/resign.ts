import { ActionRowBuilder, ButtonBuilder, ButtonStyle, MessageFlags, type MessageActionRowComponentBuilder } from 'discord.js';
import { encodeCustomId } from '../src/discord/customId.js';
import { resolveGame } from '../src/discord/handlers/gameAccess.js';
import { replyPrivately } from '../src/discord/handlers/replies.js';
import { localized } from './localize.js';
import { gameTitle, refusal } from './speech.js';
import type { Subcommand } from './types.js';
import { gameChoices, withGameOption } from './games.js';
import { playsIn } from '../src/services/seats.js';

export const resign: Subcommand = {
  name: 'resign',
  define: (sub) => withGameOption(localized(sub.setName('resign'), 'commands:resign')),
  async autocomplete(ctx, i) {
    await i.respond(await gameChoices(ctx, ctx.locales.reader(i), i.user.id, i.guildId));
  },
  async execute(ctx, i) {
    const sp = ctx.locales.reader(i);
    const found = await resolveGame(ctx.services, i.user.id, i.channelId, i.options.getInteger('game'), i.guildId);
    if (!found.ok) return replyPrivately(i, refusal(sp, found.error));
    const game = found.value;
    if (!playsIn(game, i.user.id)) {
      return replyPrivately(i, sp.t('commands:resign.notPlaying', { id: game.id }));
    }
    const def = ctx.services.games.defOf(game);
    const row = new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(
      new ButtonBuilder()
        .setCustomId(encodeCustomId({ kind: 'resign-confirm', gameId: game.id, version: game.version }))
        .setLabel(sp.t('commands:resign.confirmButton'))
        .setStyle(ButtonStyle.Danger),
    );
    await i.reply({
      content: sp.t('commands:resign.confirm', { id: game.id, game: gameTitle(sp, def) }),
      components: [row],
      flags: MessageFlags.Ephemeral,
    });
  },
};
