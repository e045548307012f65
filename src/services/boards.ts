// Where a front end shows a game: its thread, and the message that carries its live board, with
// the version that board was posted at and the version it shows now. The Discord publisher keeps
// these; out-of-date buttons link to the board recorded here, and start-up posts again a board
// that a crash left behind its game.
import { hotQuery, sql } from '../persistence/db.js';
import type { ServiceDeps } from './types.js';

/** setBoardMessage's one statement: message id $1, version $2, game $3. */
const SET_BOARD = sql`
        UPDATE "Game" AS g SET "boardMessageId" = $1::text, "boardVersion" = $2::int, "boardShownVersion" = $2::int, "updatedAt" = now() AT TIME ZONE 'UTC'
        FROM (SELECT id, "boardMessageId", "boardVersion" FROM "Game" WHERE id = $3::int FOR UPDATE) AS old
        WHERE g.id = old.id AND (old."boardVersion" IS NULL OR old."boardVersion" <= $2::int)
        RETURNING old."boardMessageId" AS replaced`;

export function createBoardRecords(deps: Pick<ServiceDeps, 'db'>) {
  const { db } = deps;
  return {
    async setThread(gameId: number, threadId: string | null) {
      await db.game.update({ where: { id: gameId }, data: { threadId } });
    },
    /**
     * Makes `messageId` the game's board (out-of-date buttons link to it), unless a board of a
     * later version is stored already; returns the board it replaced (to be retired), or null.
     * One statement: the row lock of the inner SELECT makes it read the board it replaces and
     * write the new one atomically, without a transaction's extra round trips on every move.
     */
    async setBoardMessage(gameId: number, messageId: string, version: number): Promise<{ replaced: string | null; current: boolean }> {
      const rows = await hotQuery<{ replaced: string | null }>(db, 'siege_set_board', SET_BOARD, [messageId, version, gameId]);
      const row = rows[0];
      if (!row) return { replaced: null, current: false };
      return { replaced: row.replaced !== messageId ? row.replaced : null, current: true };
    },
    /** The board `messageId`, edited in place, now shows `version`. */
    async markBoardShown(gameId: number, messageId: string, version: number): Promise<void> {
      await db.$executeRaw`
        UPDATE "Game" SET "boardShownVersion" = ${version}
        WHERE id = ${gameId} AND "boardMessageId" = ${messageId} AND ("boardShownVersion" IS NULL OR "boardShownVersion" < ${version})`;
    },
    /**
     * Games whose live board is behind the game, or missing, after a crash between a move (or the
     * start) and its board, last changed before `before` (the start of this process: a game it
     * changes itself is not a leftover). A running game owes a board unless its AI is to act (the
     * AI's move, recovered apart, posts it); a finished one owes its final board.
     */
    async gamesWithBoardBehind(before: Date): Promise<{ id: number; guildId: string | null }[]> {
      return db.$queryRaw<{ id: number; guildId: string | null }[]>`
        SELECT id, "guildId" FROM "Game"
        WHERE "updatedAt" < (${before.toISOString()}::timestamptz AT TIME ZONE 'UTC') AND (
          ("boardMessageId" IS NOT NULL AND ("boardShownVersion" IS NULL OR "boardShownVersion" < version))
          OR ("boardMessageId" IS NULL AND status = 'ACTIVE'))
        ORDER BY id`;
    },
    /**
     * The moves after `afterVersion` (the steps shown on the current board), oldest first; the
     * newest 30 when there are more (a solo game keeps one board for many moves).
     */
    async movesAfter(gameId: number, afterVersion: number) {
      const rows = await db.move.findMany({
        where: { gameId, seq: { gt: afterVersion } },
        orderBy: { seq: 'desc' },
        take: 30,
        select: { seq: true, seat: true, notation: true, notationPhrase: true, kind: true, eventTexts: true, eventPhrases: true, userId: true },
      });
      return rows.reverse();
    },
  };
}

export type BoardRecords = ReturnType<typeof createBoardRecords>;
