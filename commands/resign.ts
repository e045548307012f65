import { ActionRowBuilder, ButtonBuilder, ButtonStyle, MessageFlags, type MessageActionRowComponentBuilder } from 'discord.js';
import { encodeCustomId } from '../src/discord/customId.js';
import { resolveGame } from '../src/discord/handlers/gameAccess.js';
import { replyPrivately } from '../src/discord/handlers/replies.js';
import type { Subcommand } from './types.js';
import { gameChoices, withGameOption } from './games.js';

export const resign: Subcommand = {
  name: 'resign',
  define: (sub) => withGameOption(sub.setName('resign').setDescription('Resign a game (asks you to confirm)')),
  async autocomplete(ctx, i) {
    await i.respond(await gameChoices(ctx, i.user.id, i.guildId));
  },
  async execute(ctx, i) {
    const found = await resolveGame(ctx.services, i.user.id, i.channelId, i.options.getInteger('game'), i.guildId);
    if (!found.ok) return replyPrivately(i, found.error.message);
    const game = found.value;
    if (!game.seats.some((s) => s.kind === 'human' && s.userId === i.user.id)) {
      return replyPrivately(i, `You are not playing in game #${game.id}.`);
    }
    const def = ctx.services.games.defOf(game);
    const row = new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(
      new ButtonBuilder()
        .setCustomId(encodeCustomId({ kind: 'resign-confirm', gameId: game.id, version: game.version }))
        .setLabel('Yes, resign')
        .setStyle(ButtonStyle.Danger),
    );
    await i.reply({
      content: `Resign game #${game.id} of ${def.title}? This cannot be undone.`,
      components: [row],
      flags: MessageFlags.Ephemeral,
    });
  },
};
