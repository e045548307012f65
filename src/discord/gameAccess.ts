// Finding the game an interaction is about, and checking that the user may act in it.
import { err, ok, type Result } from '../engine/result.js';
import type { Services } from '../services/index.js';
import type { GameSnapshot } from '../services/types.js';
import { jumpLink } from './boardMessage.js';

/** The game named by the `game` option, else the game of this thread, else the user's only game. */
export async function resolveGame(
  services: Services,
  userId: string,
  channelId: string,
  gameOption: number | null,
  guildId: string | null,
): Promise<Result<GameSnapshot>> {
  if (gameOption !== null) {
    const g = await services.games.load(gameOption);
    if (!g || (g.guildId !== guildId)) return err('no-game', `There is no game #${gameOption} in this server.`);
    return ok(g);
  }
  const here = await services.games.activeGameInChannel(channelId);
  if (here) return ok(here);
  const mine = await services.games.activeGamesOf(userId);
  const inGuild = mine.filter((g) => g.guildId === guildId);
  if (inGuild.length === 1) return ok(inGuild[0]!);
  if (inGuild.length === 0) return err('no-game', 'You have no active game here. Start one with `/siege start`.');
  return err('ambiguous', `You have ${inGuild.length} active games: run this in the game's thread, or pick one with the \`game\` option (see \`/siege games\`).`);
}

export function boardLink(game: GameSnapshot): string | null {
  return game.boardMessageId ? jumpLink(game.guildId, game.threadId ?? game.channelId, game.boardMessageId) : null;
}

export function staleText(game: GameSnapshot): string {
  const link = boardLink(game);
  const where = link ? ` The current board is here: ${link}` : ' Use `/siege board` to see the current board.';
  return game.status === 'ACTIVE'
    ? `This board is out of date: the game has moved on since.${where}`
    : `This game is over.${where}`;
}

export { seatForUser as seatToAct } from '../services/games.js';
