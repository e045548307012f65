// Links to where a game is shown on Discord, and what an out-of-date control says.
import type { Speaker } from '../../i18n/index.js';
import type { GameSnapshot } from '../../services/types.js';

export function jumpLink(guildId: string | null, channelId: string, messageId: string): string {
  return `https://discord.com/channels/${guildId ?? '@me'}/${channelId}/${messageId}`;
}

/** The game's live board, or null before it has one. */
export function boardLink(game: GameSnapshot): string | null {
  return game.boardMessageId ? jumpLink(game.guildId, game.threadId ?? game.channelId, game.boardMessageId) : null;
}

/**
 * Where the game's board is now: "The current board is here: <link>", or how to see it. A press
 * on the board still recorded as current (`pressedId`) came while the game's new board was on its
 * way (a double tap): that one follows, and a link to the pressed board would lead nowhere new.
 */
export function currentBoardText(sp: Speaker, game: GameSnapshot, pressedId?: string): string {
  if (pressedId && game.boardMessageId === pressedId) return sp.t('discord:stale.follows');
  const link = boardLink(game);
  return link ? sp.t('discord:stale.here', { link }) : sp.t('discord:stale.useBoard', { command: '`/siege board`' });
}

/** Said about a control of an older board: the game moved on (or ended), and where its board is now. */
export function staleText(sp: Speaker, game: GameSnapshot, pressedId?: string): string {
  const what = game.status === 'ACTIVE' ? sp.t('discord:stale.outOfDate') : sp.t('discord:stale.over');
  return `${what} ${currentBoardText(sp, game, pressedId)}`;
}

/** A refusal that the game moved on (`why`, said already), and where its board is now: said once. */
export function movedOnText(sp: Speaker, why: string, game: GameSnapshot): string {
  return `${why} ${currentBoardText(sp, game)}`;
}
