// Ratings as games end: Glicko-2 per server and game, for games between two members. Called in
// the transaction that finishes a game (saveGame.ts) and by the start-up backfill, so a
// game's finish is recorded exactly once: `recordedAt` is claimed first, conditionally.
import type { Outcome, Seat } from '../../engine/contract.js';
import type { Prisma } from '../../generated/prisma/client.js';
import { standingMoves } from '../replay.js';
import type { SeatAssignment } from '../types.js';
import { INITIAL, rateGame, type Rating } from './glicko.js';

export type Tx = Prisma.TransactionClient;

/** A game ending before each side has made this many moves is unrated. */
export const RATED_MIN_MOVES = 2;

/** A seat's score in a finished game: 1 win, 0.5 draw (or no winner), 0 loss. Resignations and timeouts are losses. */
export function seatScore(outcome: Outcome, seat: Seat): number {
  if (outcome.draw || outcome.winners.length === 0) return 0.5;
  return outcome.winners.includes(seat) ? 1 : 0;
}

export type FinishedGame = { id: number; guildId: string | null; gameType: string; seats: unknown; outcome: unknown };

/** The two members of a game that can be rated, or null (AI seats, solo, one member twice, no server). */
export function ratedMembers(game: Pick<FinishedGame, 'guildId' | 'seats'>): [string, string] | null {
  const seats = game.seats as SeatAssignment[];
  if (!game.guildId || seats.length !== 2) return null;
  const [a, b] = seats;
  if (a?.kind !== 'human' || b?.kind !== 'human' || a.userId === b.userId) return null;
  return [a.userId, b.userId];
}

/**
 * Records the finish of `game`: once (a second call, or a concurrent one, finds it claimed) and,
 * for a game between two members where each side moved at least twice, updates both ratings.
 * Returns whether ratings changed.
 */
export async function recordFinish(tx: Tx, game: FinishedGame, at: Date): Promise<boolean> {
  const claimed = await tx.game.updateMany({ where: { id: game.id, status: 'FINISHED', recordedAt: null }, data: { recordedAt: at } });
  if (claimed.count === 0) return false;
  const members = ratedMembers(game);
  const outcome = game.outcome as Outcome | null;
  if (!members || !outcome || !game.guildId) return false;
  const log = await tx.move.findMany({ where: { gameId: game.id }, select: { seat: true, kind: true, move: true }, orderBy: { seq: 'asc' } });
  const moved = [0, 0];
  for (const m of standingMoves(log)) if (m.seat === 0 || m.seat === 1) moved[m.seat]!++;
  if (moved.some((n) => n < RATED_MIN_MOVES)) return false;

  const guildId = game.guildId;
  const gameType = game.gameType;
  await tx.rating.createMany({
    data: members.map((userId) => ({ guildId, gameType, userId, ...INITIAL, updatedAt: at })),
    skipDuplicates: true,
  });
  // Row locks in a fixed order (by user id), so two games of the same pair never deadlock.
  const rows = await tx.$queryRaw<{ userId: string; rating: number; rd: number; vol: number }[]>`
    SELECT "userId", "rating", "rd", "vol" FROM "Rating"
    WHERE "guildId" = ${guildId} AND "gameType" = ${gameType} AND "userId" IN (${members[0]}, ${members[1]})
    ORDER BY "userId" FOR UPDATE`;
  const [b0, b1] = members.map((u) => rows.find((r) => r.userId === u)!);
  const before: [Rating, Rating] = [b0!, b1!];
  const score0 = seatScore(outcome, 0);
  const after = rateGame(before[0], before[1], score0);
  for (const seat of [0, 1] as const) {
    const userId = members[seat];
    await tx.rating.update({
      where: { guildId_gameType_userId: { guildId, gameType, userId } },
      data: { rating: after[seat].rating, rd: after[seat].rd, vol: after[seat].vol, games: { increment: 1 } },
    });
    await tx.ratingChange.create({
      data: {
        gameId: game.id, userId, seat,
        score: seat === 0 ? score0 : 1 - score0,
        ratingBefore: before[seat].rating, rdBefore: before[seat].rd,
        ratingAfter: after[seat].rating, rdAfter: after[seat].rd,
        createdAt: at,
      },
    });
  }
  return true;
}
