// Each player's final place, kept on their row when a tournament ends (src/tournaments/rounds.ts,
// arena.ts), and a member's finished tournaments on a server as /siege stats and /siege history
// show them: how many they played, won and ended on the podium of, and the latest with their place.
import type { Db } from '../persistence/db.js';
import { toTournamentView, type TournamentView } from './store.js';

/** The places of a finished tournament's field, from its final standings (players tied share one). */
export async function keepPlaces(db: Db, tournamentId: number, standings: { playerId: string; rank: number }[]): Promise<void> {
  for (const s of standings) {
    await db.tournamentPlayer.updateMany({ where: { tournamentId, userId: s.playerId }, data: { place: s.rank } });
  }
}

/** One finished tournament of a member's: where they ended, among how many. */
export type PlayedTournament = { tournament: TournamentView; place: number | null; players: number };

export type TournamentRecord = {
  /** Finished tournaments the member was in the field of (withdrawn or not). */
  played: number;
  /** Those they ended first in (alone or tied). */
  won: number;
  /** Those they ended in the first three places of. */
  podiums: number;
  /** The latest, newest first. */
  recent: PlayedTournament[];
};

/**
 * A member's finished tournaments on a server, of one game or all. A tournament that ended before
 * places were kept has its places worked out from its standings once (`placesOf`), and kept.
 */
export async function recordOf(
  db: Db,
  query: { guildId: string; userId: string; gameType?: string; recent?: number },
  placesOf: (t: TournamentView) => Promise<{ playerId: string; rank: number }[]>,
): Promise<TournamentRecord> {
  const where = { userId: query.userId, tournament: { guildId: query.guildId, status: 'FINISHED' as const, ...(query.gameType ? { gameType: query.gameType } : {}) } };
  const unplaced = await db.tournamentPlayer.findMany({ where: { ...where, place: null }, select: { tournament: true }, take: 50 });
  for (const { tournament } of unplaced) {
    const t = toTournamentView(tournament);
    await keepPlaces(db, t.id, await placesOf(t));
  }
  const [played, won, podiums, rows] = await Promise.all([
    db.tournamentPlayer.count({ where }),
    db.tournamentPlayer.count({ where: { ...where, place: 1 } }),
    db.tournamentPlayer.count({ where: { ...where, place: { lte: 3 } } }),
    db.tournamentPlayer.findMany({ where, select: { place: true, tournament: true }, orderBy: { tournament: { finishedAt: 'desc' } }, take: query.recent ?? 10 }),
  ]);
  const sizes = rows.length
    ? await db.tournamentPlayer.groupBy({ by: ['tournamentId'], where: { tournamentId: { in: rows.map((r) => r.tournament.id) } }, _count: { _all: true } })
    : [];
  const size = new Map(sizes.map((s) => [s.tournamentId, s._count._all]));
  return {
    played,
    won,
    podiums,
    recent: rows.map((r) => ({ tournament: toTournamentView(r.tournament), place: r.place, players: size.get(r.tournament.id) ?? 0 })),
  };
}
