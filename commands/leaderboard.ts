// `/siege leaderboard game:<id>`: the server's top ten in a game, and the caller's own place.
import { EmbedBuilder } from 'discord.js';
import { gameById } from '../src/games/index.js';
import { replyPrivately } from '../src/discord/handlers/replies.js';
import { formatRating } from '../src/services/records/glicko.js';
import type { BoardEntry } from '../src/services/records/stats.js';
import { gameTypeOption, suggestGameTypes } from './recordsShared.js';
import type { Subcommand } from './types.js';

const number = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

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
    const line = (e: BoardEntry) => {
      const value = board.kind === 'rating' ? formatRating({ rating: e.value, rd: e.provisional ? Infinity : 0 }) : number(e.value);
      const games = `${e.games} ${board.kind === 'rating' ? 'rated ' : ''}game${e.games === 1 ? '' : 's'}`;
      const you = e.userId === i.user.id;
      return `${you ? '**' : ''}${e.place}. <@${e.userId}> · ${value} (${games})${you ? '** ← you' : ''}`;
    };
    const lines = board.top.map(line);
    if (!board.top.length) lines.push(board.kind === 'rating' ? 'No rated games yet: ratings come from games between two members.' : 'No finished games yet.');
    if (board.me && !board.top.some((e) => e.userId === board.me!.userId)) lines.push('…', line(board.me));
    if (!board.me) lines.push('', `You are not on this board yet: ${board.kind === 'rating' ? `finish a game of ${def.title} against a member` : `finish a game of ${def.title}`}.`);
    const how = board.kind === 'rating'
      ? 'Glicko-2 ratings; "?" marks a provisional rating (deviation above 110), listed after the settled ones.'
      : 'Best score.';
    const embed = new EmbedBuilder()
      .setTitle(`${def.title}: leaderboard`.slice(0, 256))
      .setDescription(lines.join('\n').slice(0, 4000))
      .setFooter({ text: `${how} ${board.total} player${board.total === 1 ? '' : 's'}.` })
      .setColor(0xc9a227);
    await i.editReply({ embeds: [embed], allowedMentions: { parse: [] } });
  },
};
