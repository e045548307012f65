// Links to where a game is shown on Discord, and what an out-of-date control says.
import type { GameSnapshot } from '../../services/types.js';

export function jumpLink(guildId: string | null, channelId: string, messageId: string): string {
  return `https://discord.com/channels/${guildId ?? '@me'}/${channelId}/${messageId}`;
}

/** The game's live board, or null before it has one. */
export function boardLink(game: GameSnapshot): string | null {
  return game.boardMessageId ? jumpLink(game.guildId, game.threadId ?? game.channelId, game.boardMessageId) : null;
}

/** Said about a control of an older board: the game moved on (or ended), and where its board is now. */
export function staleText(game: GameSnapshot): string {
  const link = boardLink(game);
  const where = link ? ` The current board is here: ${link}` : ' Use `/siege board` to see the current board.';
  return game.status === 'ACTIVE'
    ? `This board is out of date: the game has moved on since.${where}`
    : `This game is over.${where}`;
}
