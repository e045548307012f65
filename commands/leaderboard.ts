// `/siege leaderboard game:<id>`: the server's top ten in a game, and the caller's own place.
import { MessageFlags } from 'discord.js';
import { gameById } from '../src/games/index.js';
import { replyPrivately } from '../src/discord/handlers/replies.js';
import { leaderboardMessage, standingText } from '../src/discord/views/leaderboard.js';
import { gameTypeOption, suggestGameTypes } from './recordsShared.js';
import type { Subcommand } from './types.js';

export const leaderboardCommand: Subcommand = {
  name: 'leaderboard',
  define: (sub) =>
    sub
      .setName('leaderboard')
      .setDescription("The server's top ten in a game: by rating, or by best score in solo games")
      .addStringOption((o) => gameTypeOption(o, 'Which game', true)),
  autocomplete: (_ctx, i) => suggestGameTypes(i),
  async execute(ctx, i) {
    if (!i.guildId) return replyPrivately(i, 'Leaderboards are kept per server: run this in a server.');
    const def = gameById(i.options.getString('game', true));
    if (!def) return replyPrivately(i, 'I do not know that game.');
    await i.deferReply();
    const board = await ctx.services.records.leaderboard(i.guildId, def.id, i.user.id);
    // A public message speaks to everyone; the caller learns their own place privately.
    await i.editReply(leaderboardMessage(await ctx.locales.server(i.guildId), def, board));
    await i.followUp({ content: standingText(ctx.locales.reader(i), def, board), flags: MessageFlags.Ephemeral, allowedMentions: { parse: [] } });
  },
};
