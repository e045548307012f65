// `/siege history game:<number>`: a game's moves in notation, who made them and when, paged.
import { MessageFlags } from 'discord.js';
import { historyOf } from '../src/discord/handlers/recordsPress.js';
import { replyPrivately } from '../src/discord/handlers/replies.js';
import type { Subcommand } from './types.js';

export const history: Subcommand = {
  name: 'history',
  define: (sub) =>
    sub
      .setName('history')
      .setDescription("A game's moves: who, what and when")
      .addIntegerOption((o) => o.setName('game').setDescription('Game number (#)').setRequired(true).setMinValue(1)),
  async execute(ctx, i) {
    // Private whatever the answer: acknowledged at once, the answer fills it in.
    await i.deferReply({ flags: MessageFlags.Ephemeral });
    const id = i.options.getInteger('game', true);
    const game = await ctx.services.games.load(id);
    if (!game || game.guildId !== (i.guildId ?? null)) return replyPrivately(i, `There is no game #${id} in this server.`);
    const sight = await ctx.services.visibility.gameSightFor(game, i.user.id, 'moves');
    if (!sight.ok) return replyPrivately(i, sight.message);
    await i.editReply(await historyOf(ctx, ctx.locales.reader(i), ctx.services.games.defOf(game), game, null));
  },
};
