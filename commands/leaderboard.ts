// `/siege leaderboard game:<id>`: the server's top ten in a game, and the caller's own place. The
// board is public, in the server's language, and speaks of members by name, never as "you".
import { EmbedBuilder } from 'discord.js';
import { gameById } from '../src/games/index.js';
import { replyPrivately } from '../src/discord/handlers/replies.js';
import { formatRating } from '../src/services/records/glicko.js';
import type { BoardEntry } from '../src/services/records/stats.js';
import { gameTypeOption, suggestGames } from './recordsShared.js';
import { localized } from './localize.js';
import { gameTitle } from './speech.js';
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
    const sp = await ctx.locales.server(i.guildId);
    const title = gameTitle(sp, def);
    const board = await ctx.services.records.leaderboard(i.guildId, def.id, i.user.id);
    const rated = board.kind === 'rating';
    const line = (e: BoardEntry) => {
      const value = rated ? formatRating({ rating: e.value, rd: e.provisional ? Infinity : 0 }) : sp.number(e.value);
      const games = sp.t(rated ? 'commands:leaderboard.ratedGames' : 'commands:leaderboard.games', { count: e.games, n: sp.number(e.games) });
      return sp.t('commands:leaderboard.line', { place: e.place, member: `<@${e.userId}>`, value, games });
    };
    const lines = board.top.map(line);
    if (!board.top.length) lines.push(sp.t(rated ? 'commands:leaderboard.noRatedGames' : 'commands:leaderboard.noGames'));
    if (board.me && !board.top.some((e) => e.userId === board.me!.userId)) lines.push('…', line(board.me));
    if (!board.me) lines.push('', sp.t(rated ? 'commands:leaderboard.notRated' : 'commands:leaderboard.notOnBoard', { member: `<@${i.user.id}>`, game: title }));
    const how = sp.t(rated ? 'commands:leaderboard.howRated' : 'commands:leaderboard.howScored');
    const embed = new EmbedBuilder()
      .setTitle(sp.t('commands:leaderboard.title', { game: title }).slice(0, 256))
      .setDescription(lines.join('\n').slice(0, 4000))
      .setFooter({ text: `${how} ${sp.t('commands:leaderboard.players', { count: board.total, n: sp.number(board.total) })}` })
      .setColor(0xc9a227);
    await i.editReply({ embeds: [embed], allowedMentions: { parse: [] } });
  },
};
