import { buildBoardMessage } from '../src/discord/boardMessage.js';
import { resolveGame } from '../src/discord/gameAccess.js';
import { replyPrivately } from '../src/discord/replies.js';
import type { Subcommand } from './types.js';
import { gameChoices, withGameOption } from './games.js';

export const board: Subcommand = {
  name: 'board',
  define: (sub) => withGameOption(sub.setName('board').setDescription('Post the current board of a game again')),
  async autocomplete(ctx, i) {
    await i.respond(await gameChoices(ctx, i.user.id, i.guildId));
  },
  async execute(ctx, i) {
    const found = await resolveGame(ctx.services, i.user.id, i.channelId, i.options.getInteger('game'), i.guildId);
    if (!found.ok) return replyPrivately(i, found.error.message);
    await i.deferReply();
    const game = found.value;
    const def = ctx.services.games.defOf(game);
    const vacations = await ctx.services.timekeeping.onVacation(game.seats.flatMap((s) => (s.kind === 'human' ? [s.userId] : [])));
    const message = await buildBoardMessage(def, game, {}, { vacations });
    // A reposted board shows whose turn it is without pinging them again.
    const sent = await i.editReply({ ...message, allowedMentions: { parse: [] } });
    // Out-of-date buttons link to the newest board; only a board in the game's own channel qualifies.
    if (game.status === 'ACTIVE' && i.channelId === (game.threadId ?? game.channelId)) {
      await ctx.services.games.setBoardMessage(game.id, sent.id);
    }
  },
};
