// The server's leaderboard in a game (`/siege leaderboard`): a public message, in the server's
// language, that speaks to everyone, so it marks nobody; and the caller's own place, told to them
// privately in their language.
import { EmbedBuilder } from 'discord.js';
import type { GameDefinition } from '../../engine/contract.js';
import type { Speaker } from '../../i18n/index.js';
import { formatRating } from '../../services/records/glicko.js';
import type { BoardEntry, Leaderboard } from '../../services/records/stats.js';
import { bold, gameTitle } from './words.js';

/** "1520?" (a provisional rating), "87" (a best score): a rating is a whole number; a score as the language writes it. */
function valueText(sp: Speaker, board: Leaderboard, e: BoardEntry): string {
  return board.kind === 'rating' ? formatRating({ rating: e.value, rd: e.provisional ? Infinity : 0 }) : sp.number(e.value);
}

/** "1520? (3 rated games)", "87 (2 games)". */
function entryText(sp: Speaker, board: Leaderboard, e: BoardEntry): string {
  const games = sp.t(board.kind === 'rating' ? 'discord:leaderboard.ratedGames' : 'discord:leaderboard.games', { count: e.games });
  return `${valueText(sp, board, e)} (${games})`;
}

/** The public leaderboard: the top ten, how they are ranked, and how many players it counts. */
export function leaderboardMessage(sp: Speaker, def: GameDefinition, board: Leaderboard) {
  const lines = board.top.map((e) => `${e.place}. <@${e.userId}> · ${entryText(sp, board, e)}`);
  if (!board.top.length) lines.push(sp.t(board.kind === 'rating' ? 'discord:leaderboard.noRatedGames' : 'discord:leaderboard.noGames'));
  const how = sp.t(board.kind === 'rating' ? 'discord:leaderboard.byRating' : 'discord:leaderboard.byScore', { mark: '?' });
  const embed = new EmbedBuilder()
    .setTitle(sp.t('discord:leaderboard.title', { game: gameTitle(sp, def) }).slice(0, 256))
    .setDescription(lines.join('\n').slice(0, 4000))
    .setFooter({ text: `${how} ${sp.t('discord:leaderboard.players', { count: board.total })}`.slice(0, 2048) })
    .setColor(0xc9a227);
  return { embeds: [embed], allowedMentions: { parse: [] as never[] } };
}

/** The caller's own place on the board (`board.me`), or what would put them on it: said to them alone. */
export function standingText(sp: Speaker, def: GameDefinition, board: Leaderboard): string {
  const game = gameTitle(sp, def);
  if (board.me) return sp.t('discord:leaderboard.yourPlace', { place: board.me.place, entry: bold(entryText(sp, board, board.me)), game });
  return sp.t(board.kind === 'rating' ? 'discord:leaderboard.notOnRated' : 'discord:leaderboard.notOnScores', { game });
}
