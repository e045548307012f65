// `/siege review game:<number>`: a private board viewer over a game's positions, for whoever the
// visibility rule lets see them (services/visibility.ts): a finished game for everyone in the
// server, a running one for its players, each with their own view, up to now; a daily siege for
// nobody but its player until that day's daily closes. Positions are rebuilt by replaying the
// seed and the move log.
import { MessageFlags } from 'discord.js';
import { tooFastText } from '../src/discord/handlers/drawings.js';
import { reviewOf } from '../src/discord/handlers/recordsPress.js';
import { replyPrivately } from '../src/discord/handlers/replies.js';
import type { Subcommand } from './types.js';

export const review: Subcommand = {
  name: 'review',
  define: (sub) =>
    sub
      .setName('review')
      .setDescription("Step through a game's positions, privately")
      .addIntegerOption((o) => o.setName('game').setDescription('Game number (#)').setRequired(true).setMinValue(1))
      .addIntegerOption((o) => o.setName('move').setDescription('Start at this move (default: the last)').setMinValue(0)),
  async execute(ctx, i) {
    // Private whatever the answer: acknowledged at once, the answer fills it in.
    await i.deferReply({ flags: MessageFlags.Ephemeral });
    const id = i.options.getInteger('game', true);
    const game = await ctx.services.games.load(id);
    if (!game || game.guildId !== (i.guildId ?? null)) return replyPrivately(i, `There is no game #${id} in this server.`);
    const def = ctx.services.games.defOf(game);
    const seat = await ctx.services.visibility.gameSightFor(game, i.user.id, 'positions');
    if (!seat.ok) return replyPrivately(i, seat.message);
    const start = i.options.getInteger('move') ?? Number.MAX_SAFE_INTEGER;
    const review = await reviewOf(ctx, ctx.locales.reader(i), def, game, Number.MAX_SAFE_INTEGER, start, seat.seat, i.user.id);
    if ('retryInSeconds' in review) return replyPrivately(i, tooFastText(ctx.locales.reader(i), review.retryInSeconds));
    await i.editReply(review.message);
  },
};
