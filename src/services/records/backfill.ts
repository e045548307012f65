// Rates, once, the games that finished before ratings existed (the records migration leaves
// their `recordedAt` NULL): oldest first, with the same code that rates a game as it ends. Run
// at start-up; processes starting together take turns on an advisory lock, and the second finds
// nothing left to do.
import type { Logger } from '../../config/logger.js';
import type { Db } from '../../persistence/db.js';
import { recordFinish } from './ratings.js';

const BACKFILL_LOCK = 7_346_015;

export async function backfillRecords(db: Db, log?: Logger): Promise<{ recorded: number; rated: number }> {
  const pending = await db.game.count({ where: { status: 'FINISHED', recordedAt: null } });
  if (!pending) return { recorded: 0, rated: 0 };
  const result = await db.$transaction(
    async (tx) => {
      await tx.$queryRaw`SELECT 1 AS locked FROM pg_advisory_xact_lock(${BACKFILL_LOCK})`;
      const games = await tx.game.findMany({
        where: { status: 'FINISHED', recordedAt: null },
        orderBy: [{ finishedAt: 'asc' }, { id: 'asc' }],
        select: { id: true, guildId: true, gameType: true, seats: true, outcome: true, finishedAt: true, updatedAt: true },
      });
      let rated = 0;
      for (const g of games) if (await recordFinish(tx, g, g.finishedAt ?? g.updatedAt)) rated++;
      return { recorded: games.length, rated };
    },
    { timeout: 600_000, maxWait: 120_000 },
  );
  if (result.recorded) log?.info(`records: ${result.recorded} game(s) finished before ratings existed were recorded, ${result.rated} of them rated`);
  return result;
}
