// `/siege leaderboard game:<id>`: the server's top ten in a game, and the caller's own place.
import { MessageFlags } from 'discord.js';
import { gameById } from '../src/games/index.js';
import { replyPrivately } from '../src/discord/handlers/replies.js';
import { leaderboardMessage, standingText } from '../src/discord/views/leaderboard.js';
import { gameTypeOption, suggestGames } from './recordsShared.js';
import { localized } from './localize.js';
import type { Subcommand } from './types.js';

export const leaderboardCommand: Subcommand = {
  name: 'leaderboard',
  define: (sub) =>
    localized(sub.setName('leaderboard'), 'commands:leaderboard')
      .addStringOption((o) => gameTypeOption(o, 'commands:leaderboard.game', true)),
  autocomplete: (ctx, i) => suggestGames(i, ctx.locales.reader(i)),
  async execute(ctx, i) {
    const reader = ctx.locales.reader(i);
    if (!i.guildId) return replyPrivately(i, reader.t('commands:leaderboard.notInServer'));
    const def = gameById(i.options.getString('game', true));
    if (!def) return replyPrivately(i, reader.t('commands:noGameType', { game: i.options.getString('game', true).slice(0, 40) }));
    await i.deferReply();
    const board = await ctx.services.records.leaderboard(i.guildId, def.id, i.user.id);
    // A public message speaks to everyone, in the server's language; the caller learns their own
    // place privately, in theirs.
    await i.editReply(leaderboardMessage(await ctx.locales.server(i.guildId), def, board));
    await i.followUp({ content: standingText(reader, def, board), flags: MessageFlags.Ephemeral, allowedMentions: { parse: [] } });
  },
};
