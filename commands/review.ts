// `/siege review game:<number>`: a private board viewer over a game's positions, for whoever the
// visibility rule lets see them (services/visibility.ts): a finished game for everyone in the
// server, a running one for its players, each with their own view, up to now; a daily siege for
// nobody but its player until that day's daily closes. Positions are rebuilt by replaying the
// seed and the move log.
import { MessageFlags } from 'discord.js';
import { tooFastText } from '../src/discord/handlers/drawings.js';
import { reviewOf } from '../src/discord/handlers/recordsPress.js';
import { replyPrivately } from '../src/discord/handlers/replies.js';
import { localized } from './localize.js';
import { refusal } from './speech.js';
import type { Subcommand } from './types.js';

export const review: Subcommand = {
  name: 'review',
  define: (sub) =>
    localized(sub.setName('review'), 'commands:review')
      .addIntegerOption((o) => localized(o.setName('game'), 'commands:options.gameNumber').setRequired(true).setMinValue(1))
      .addIntegerOption((o) => localized(o.setName('move'), 'commands:review.move').setMinValue(0)),
  async execute(ctx, i) {
    const sp = ctx.locales.reader(i);
    // Private whatever the answer: acknowledged at once, the answer fills it in.
    await i.deferReply({ flags: MessageFlags.Ephemeral });
    const id = i.options.getInteger('game', true);
    const game = await ctx.services.games.load(id);
    if (!game || game.guildId !== (i.guildId ?? null)) return replyPrivately(i, sp.t('commands:noGameNumber', { id }));
    const def = ctx.services.games.defOf(game);
    const seat = await ctx.services.visibility.gameSightFor(game, i.user.id, 'positions');
    if (!seat.ok) return replyPrivately(i, refusal(sp, seat));
    const start = i.options.getInteger('move') ?? Number.MAX_SAFE_INTEGER;
    const review = await reviewOf(ctx, ctx.locales.reader(i), def, game, Number.MAX_SAFE_INTEGER, start, seat.seat, i.user.id);
    if ('retryInSeconds' in review) return replyPrivately(i, tooFastText(ctx.locales.reader(i), review.retryInSeconds));
    await i.editReply(review.message);
  },
};
