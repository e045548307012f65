// `/siege review game:<number>`: a private board viewer over a game's positions. A finished game
// is open to everyone in the server; a running one to its players, each with their own view, up
// to now. Positions are rebuilt by replaying the seed and the move log.
import { MessageFlags } from 'discord.js';
import { reviewMessage } from '../src/discord/components/recordsComponents.js';
import { replyPrivately } from '../src/discord/replies.js';
import { moveLogOf, reviewSeat } from '../src/services/records/history.js';
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
    const id = i.options.getInteger('game', true);
    const game = await ctx.services.games.load(id);
    if (!game || game.guildId !== (i.guildId ?? null)) return replyPrivately(i, `There is no game #${id} in this server.`);
    const def = ctx.services.games.defOf(game);
    const seat = reviewSeat(def, game, i.user.id);
    if (!seat.ok) return replyPrivately(i, seat.message);
    await i.deferReply({ flags: MessageFlags.Ephemeral });
    const log = await moveLogOf(ctx.services.deps.db, game.id);
    const start = i.options.getInteger('move') ?? Number.MAX_SAFE_INTEGER;
    await i.editReply(await reviewMessage(ctx.render, def, game, log, Number.MAX_SAFE_INTEGER, start, seat.seat));
  },
};
