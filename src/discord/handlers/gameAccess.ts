// Finding the game an interaction is about. A refusal carries its phrase (discord.json), so that
// whoever shows it says it in the reader's language (views/refusal.ts).
import { err, ok, type Result } from '../../engine/result.js';
import type { Services } from '../../services/index.js';
import type { GameSnapshot } from '../../services/types.js';

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
    if (!g || (g.guildId !== guildId)) return err('no-game', `There is no game #${gameOption} in this server.`, { key: 'discord:access.noGameHere', values: { id: gameOption } });
    return ok(g);
  }
  const here = await services.games.activeGameInChannel(channelId);
  if (here) return ok(here);
  const mine = await services.games.activeGamesOf(userId);
  const inGuild = mine.filter((g) => g.guildId === guildId);
  if (inGuild.length === 1) return ok(inGuild[0]!);
  if (inGuild.length === 0) return err('no-game', 'You have no active game here. Start one with `/siege start`.', { key: 'discord:access.noActiveGame', values: { command: '`/siege start`' } });
  return err('ambiguous', `You have ${inGuild.length} active games: run this in the game's thread, or pick one with the \`game\` option (see \`/siege games\`).`, {
    key: 'discord:access.whichGame',
    values: { count: inGuild.length, option: '`game`', command: '`/siege games`' },
  });
}

/** The game a press names, when it is in the server the press came from. */
export async function gameOfPress(services: Services, gameId: number, guildId: string | null): Promise<GameSnapshot | null> {
  const game = await services.games.load(gameId);
  return game && game.guildId === guildId ? game : null;
}

export { seatForUser as seatToAct } from '../../services/games.js';
