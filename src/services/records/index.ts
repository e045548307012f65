// Records as the front ends read them: a game's move log (for its history and review), a member's
// stats, and a server's leaderboard in one game.
import type { ServiceDeps } from '../types.js';
import { moveLogOf } from './history.js';
import { leaderboard, memberStats } from './stats.js';

export function createRecordsService(deps: Pick<ServiceDeps, 'db'>) {
  const { db } = deps;
  return {
    moveLog: (gameId: number) => moveLogOf(db, gameId),
    memberStats: (guildId: string, userId: string, gameType?: string) => memberStats(db, guildId, userId, gameType),
    leaderboard: (guildId: string, gameType: string, userId: string) => leaderboard(db, guildId, gameType, userId),
  };
}

export type RecordsService = ReturnType<typeof createRecordsService>;
