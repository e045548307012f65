// Records as the front ends read them: a game's move log (for its history and review), a member's
// stats, and a server's leaderboard in one game.
import type { ServiceDeps } from '../types.js';
import { moveLogOf } from './history.js';
import type { Rating } from './glicko.js';
import { leaderboard, memberStats } from './stats.js';

export function createRecordsService(deps: Pick<ServiceDeps, 'db'>) {
  const { db } = deps;
  return {
    moveLog: (gameId: number) => moveLogOf(db, gameId),
    memberStats: (guildId: string, userId: string, gameType?: string) => memberStats(db, guildId, userId, gameType),
    leaderboard: (guildId: string, gameType: string, userId: string) => leaderboard(db, guildId, gameType, userId),
    /** The ratings of these members in one game on one server (none for a member never rated). */
    async ratingsOf(guildId: string, gameType: string, userIds: string[]): Promise<Map<string, Rating & { games: number }>> {
      if (!userIds.length) return new Map();
      const rows = await db.rating.findMany({ where: { guildId, gameType, userId: { in: userIds } } });
      return new Map(rows.map((r) => [r.userId, { rating: r.rating, rd: r.rd, vol: r.vol, games: r.games }]));
    },
  };
}

export type RecordsService = ReturnType<typeof createRecordsService>;
