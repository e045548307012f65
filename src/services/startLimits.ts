// What keeps one member from flooding a server with games and challenges, each limit a server
// setting: the most active games a member may play (`max-games`), the new games a member may
// begin in any hour (`games-per-hour`: solo and AI games, challenges and rematches, dailies), and
// the challenges a member may have waiting for an answer (`max-pending-challenges`). Accepting a
// challenge begins nothing new for the hour: its challenger spent it when challenging.
//
// A start is checked and recorded in one transaction that holds the starter's advisory lock (per
// server and member), with whatever the start writes: two presses at once are checked one after
// the other, so both cannot slip under a limit, and a refusal leaves nothing behind. In this
// process a member's starts also queue before their transaction begins: fifty presses at once
// hold one database connection, not the whole pool while they wait for each other.
import { err, type Result } from '../engine/result.js';
import type { Prisma } from '../persistence/db.js';
import { HOUR_MS } from './clocks.js';
import { createKeyedLock } from './keyedLock.js';
import type { GuildConfig, SettingsService } from './settings.js';
import type { ServiceDeps } from './types.js';
import { refusal, timestamp, type Refusal } from './phrases.js';

type Tx = Prisma.TransactionClient;

/** What a member begins: a game at once, a challenge (or rematch), or a daily siege. */
export type StartKind = 'game' | 'challenge' | 'daily';

export type StartRequest = {
  guildId: string;
  /** Who begins it, and spends one of their new games of the hour. */
  starterId: string;
  kind: StartKind;
  /** The members who will play it, each kept under the most active games (default: the starter). */
  players?: string[];
};

/** Carries a refusal out of the transaction, which then rolls back whatever the start wrote. */
class Refused extends Error {
  constructor(readonly result: Result<never>) {
    super('start refused');
  }
}

export function createStartLimits(deps: ServiceDeps, settings: SettingsService) {
  const { db, now } = deps;
  const queue = createKeyedLock();

  /** Held until the transaction ends: one start of this member in this server at a time. */
  async function lockMember(tx: Tx, guildId: string, userId: string): Promise<void> {
    await tx.$queryRaw`SELECT 1 AS locked FROM pg_advisory_xact_lock(hashtextextended(${`siege-start:${guildId}:${userId}`}, 0))`;
  }

  /** Why the member may not begin another game this hour (with when they may), or null. */
  async function hourSpent(tx: Tx, request: StartRequest, server: GuildConfig, at: Date): Promise<Refusal | null> {
    const limit = server.gamesPerHour;
    const since = new Date(at.getTime() - HOUR_MS);
    // Older rows count for nothing any more; the table keeps only the last hour of each member.
    await tx.gameStart.deleteMany({ where: { guildId: request.guildId, userId: request.starterId, createdAt: { lte: since } } });
    const recent = await tx.gameStart.findMany({
      where: { guildId: request.guildId, userId: request.starterId, createdAt: { gt: since } },
      orderBy: { createdAt: 'desc' },
      select: { createdAt: true },
      take: limit,
    });
    if (recent.length < limit) return null;
    // One more may begin when the oldest of the newest `limit` leaves the hour.
    const again = new Date(recent[limit - 1]!.createdAt.getTime() + HOUR_MS);
    // Rounded up: "in 5 minutes" never comes a moment before the start is allowed.
    return refusal('limits.perHour', { count: limit, again: timestamp(again, 'R', 'ceil') });
  }

  /** Why the member may not challenge anyone else now (too many challenges unanswered), or null. */
  async function tooManyWaiting(tx: Tx, request: StartRequest, server: GuildConfig, at: Date): Promise<Refusal | null> {
    const limit = server.maxPendingChallenges;
    const waiting = await tx.challenge.count({ where: { guildId: request.guildId, challengerId: request.starterId, status: 'PENDING', expiresAt: { gt: at } } });
    if (waiting < limit) return null;
    return refusal('limits.waiting', { count: waiting });
  }

  /**
   * Begins something new for `request.starterId` if the server's limits allow it: `start` writes
   * it in the same transaction (its own refusal rolls everything back), and the start is recorded
   * for the hourly budget, named by `refOf` (so that `refund` can give it back).
   */
  async function admit<T>(request: StartRequest, start: (tx: Tx) => Promise<Result<T>>, refOf?: (value: T) => string): Promise<Result<T>> {
    const server = await settings.guild(request.guildId);
    try {
      return await queue.run(`${request.guildId}:${request.starterId}`, () => db.$transaction(async (tx) => {
        await lockMember(tx, request.guildId, request.starterId);
        const at = now();
        const why = (await settings.gameLimitReached(request.guildId, request.players ?? [request.starterId], { store: tx, server }))
          ?? (await hourSpent(tx, request, server, at))
          ?? (request.kind === 'challenge' ? await tooManyWaiting(tx, request, server, at) : null);
        if (why) throw new Refused(err('limit', why.message, why.phrase));
        const started = await start(tx);
        if (!started.ok) throw new Refused(started);
        await tx.gameStart.create({ data: { guildId: request.guildId, userId: request.starterId, kind: request.kind, ref: refOf?.(started.value) ?? null, createdAt: at } });
        return started;
      }));
    } catch (e) {
      if (e instanceof Refused) return e.result;
      throw e;
    }
  }

  return {
    admit,
    /** Gives back a start that came to nothing (a daily whose private thread could not be made). */
    async refund(ref: string): Promise<void> {
      await db.gameStart.deleteMany({ where: { ref } });
    },
  };
}

export type StartLimits = ReturnType<typeof createStartLimits>;
