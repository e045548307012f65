// Challenges: one player invites another; the opponent accepts or declines before expiry.
// Every transition is a conditional update, so it happens once however many presses race. Two
// members have at most one pending challenge per game, whichever challenged the other (a unique
// index decides between presses at once), and a challenge is a new game for the server's limits
// (startLimits.ts), checked in the transaction that saves it.
import { err, ok, type Result } from '../engine/result.js';
import { gameById } from '../games/index.js';
import type { DbOrTx } from '../persistence/db.js';
import type { GameService } from './games.js';
import type { StartLimits } from './startLimits.js';
import type { GameSnapshot, ServiceDeps } from './types.js';
import { gameRefusal, mention, refusal, refuse, timestamp, titlePhrase, type Refusal } from './phrases.js';
import { seatOf } from './seats.js';

export type ChallengeRow = {
  id: number;
  guildId: string;
  channelId: string;
  messageId: string | null;
  challengerId: string;
  /** The seat the challenger plays: 0, or 1 in a rematch with colours swapped. */
  challengerSeat: number;
  opponentId: string;
  gameType: string;
  options: unknown;
  clockSeconds: number | null;
  status: 'PENDING' | 'ACCEPTED' | 'DECLINED' | 'EXPIRED' | 'CANCELLED';
  expiresAt: Date;
  gameId: number | null;
};

const isUniqueViolation = (e: unknown) => (e as { code?: string })?.code === 'P2002';

export function createChallengeService(deps: ServiceDeps, games: GameService, limits: StartLimits) {
  const { db, now } = deps;

  /** The challenge waiting for an answer between two members in a game, whichever challenged the other. */
  async function pendingBetween(guildId: string, a: string, b: string, gameType: string, store: DbOrTx = db): Promise<ChallengeRow | null> {
    return (await store.challenge.findFirst({
      where: { guildId, gameType, status: 'PENDING', OR: [{ challengerId: a, opponentId: b }, { challengerId: b, opponentId: a }] },
      orderBy: { id: 'asc' },
    })) as ChallengeRow | null;
  }

  /** Why a second challenge between the same two members in the same game is not made. */
  function alreadyPending(c: ChallengeRow, challengerId: string, title: string): Result<never> {
    const game = titlePhrase(c.gameType, title);
    return c.challengerId === challengerId
      ? refuse('pending-pair', 'challenges.alreadyChallenged', { opponent: mention(c.opponentId), game, until: timestamp(c.expiresAt, 'f') })
      : refuse('pending-pair', 'challenges.challengedYou', { challenger: mention(c.challengerId), game });
  }

  async function create(input: {
    guildId: string;
    channelId: string;
    challengerId: string;
    opponentId: string;
    gameType: string;
    rawOptions: Record<string, unknown>;
    expiryMs?: number;
    clockSeconds?: number | null;
    /** The seat the challenger plays (a rematch swaps colours). */
    challengerSeat?: 0 | 1;
    /** The finished game this challenge repeats (one rematch per game, kept by a unique index). */
    rematchOf?: number;
    /** The members kept under the server's most active games (default: the challenger). */
    players?: string[];
  }): Promise<Result<ChallengeRow>> {
    const def = gameById(input.gameType);
    if (!def) return refuse('unknown-game', 'games.unknown', { game: input.gameType });
    if (def.seats.max < 2) return refuse('solo', 'challenges.solo', { game: titlePhrase(def.id, def.title) });
    if (input.opponentId === input.challengerId) return refuse('self', 'challenges.self', { option: '`ai:`' });
    const options = def.parseOptions(input.rawOptions);
    if (!options.ok) return gameRefusal(options, def.id);
    const rematchAsked = refuse('asked', 'challenges.rematchAsked', { id: input.rematchOf ?? 0 });
    const request = { guildId: input.guildId, starterId: input.challengerId, kind: 'challenge' as const, players: input.players };
    try {
      return await limits.admit(request, async (tx): Promise<Result<ChallengeRow>> => {
        const rematchMade = async () => input.rematchOf !== undefined && (await tx.challenge.findUnique({ where: { rematchOf: input.rematchOf }, select: { id: true } })) !== null;
        if (await rematchMade()) return rematchAsked;
        const waiting = await pendingBetween(input.guildId, input.challengerId, input.opponentId, def.id, tx);
        // Both players pressing Rematch at once: the pending challenge found may be the other's
        // rematch, committed after the first look (each statement sees what is committed by then).
        if (waiting) return (await rematchMade()) ? rematchAsked : alreadyPending(waiting, input.challengerId, def.title);
        const row = await tx.challenge.create({
          data: {
            guildId: input.guildId,
            channelId: input.channelId,
            challengerId: input.challengerId,
            opponentId: input.opponentId,
            gameType: def.id,
            options: input.rawOptions as any,
            clockSeconds: input.clockSeconds ?? null,
            challengerSeat: input.challengerSeat ?? 0,
            rematchOf: input.rematchOf ?? null,
            expiresAt: new Date(now().getTime() + (input.expiryMs ?? deps.challengeExpiryMs)),
          },
        });
        return ok(row as ChallengeRow);
      }, (row) => `challenge:${row.id}`);
    } catch (e) {
      // A press at the same moment (the other member's, another process's) made the same
      // challenge first: the unique indexes decided. Its transaction saw none of it.
      if (!isUniqueViolation(e)) throw e;
      if (input.rematchOf !== undefined && (await rematchOfGame(input.rematchOf))) return rematchAsked;
      const waiting = await pendingBetween(input.guildId, input.challengerId, input.opponentId, def.id);
      if (waiting) return alreadyPending(waiting, input.challengerId, def.title);
      throw e;
    }
  }

  /**
   * A rematch of a finished two-member game, asked by one of its players: the other is
   * challenged with the options and clock of the first game, colours swapped.
   */
  async function rematch(gameId: number, userId: string, expiryMs?: number): Promise<Result<ChallengeRow>> {
    const game = await games.load(gameId);
    if (!game) return refuse('no-game', 'games.noGame', { id: gameId });
    if (game.status !== 'FINISHED') return refuse('not-over', 'challenges.notOver');
    const seat = seatOf(game, userId);
    if (seat < 0) return refuse('not-a-player', 'challenges.rematchNotAPlayer');
    const other = game.seats[1 - seat];
    if (game.seats.length !== 2 || other?.kind !== 'human' || !game.guildId) return refuse('no-rematch', 'challenges.noRematch');
    const origin = await db.challenge.findFirst({ where: { gameId } });
    // Another press (a double tap, the other player) may ask at the same moment: `create` says
    // it was asked already. Both players must have room for another active game.
    return create({
      guildId: game.guildId,
      channelId: game.channelId,
      challengerId: userId,
      opponentId: other.userId,
      gameType: game.gameType,
      rawOptions: (origin?.options ?? {}) as Record<string, unknown>,
      clockSeconds: origin?.clockSeconds ?? game.clockSeconds,
      expiryMs,
      challengerSeat: seat === 0 ? 1 : 0,
      rematchOf: gameId,
      players: [userId, other.userId],
    });
  }

  /** The rematch challenge of a finished game, once asked. */
  async function rematchOfGame(gameId: number): Promise<ChallengeRow | null> {
    return (await db.challenge.findUnique({ where: { rematchOf: gameId } })) as ChallengeRow | null;
  }

  async function get(id: number): Promise<ChallengeRow | null> {
    if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return null;
    return (await db.challenge.findUnique({ where: { id } })) as ChallengeRow | null;
  }

  /** Why a challenge no longer waits for an answer. */
  function closed(c: ChallengeRow): Refusal {
    switch (c.status) {
      case 'ACCEPTED': return c.gameId ? refusal('challenges.acceptedAs', { id: c.gameId }) : refusal('challenges.accepted');
      case 'DECLINED': return refusal('challenges.declined');
      case 'EXPIRED': return refusal('challenges.expired');
      case 'CANCELLED': return refusal('challenges.withdrawn');
      default: return refusal('challenges.closed');
    }
  }
  const refuseClosed = (c: ChallengeRow): Result<never> => {
    const why = closed(c);
    return err('closed', why.message, why.phrase);
  };

  async function accept(id: number, userId: string): Promise<Result<{ challenge: ChallengeRow; game: GameSnapshot }>> {
    const c = await get(id);
    if (!c) return refuse('no-challenge', 'challenges.gone');
    if (c.opponentId !== userId) return refuse('not-opponent', 'challenges.onlyAccept', { member: mention(c.opponentId) });
    if (c.status !== 'PENDING') return refuseClosed(c);
    if (c.expiresAt <= now()) return refuse('expired', 'challenges.expired');
    // The challenge is marked accepted in the transaction that saves its game: a crash between
    // the two leaves the challenge open, to be accepted again, never accepted without a game.
    return db.$transaction(async (tx): Promise<Result<{ challenge: ChallengeRow; game: GameSnapshot }>> => {
      const claimed = await tx.challenge.updateMany({ where: { id, status: 'PENDING' }, data: { status: 'ACCEPTED' } });
      if (claimed.count === 0) return refuse('closed', 'challenges.answered');
      const started = await games.startGame({
        gameType: c.gameType,
        guildId: c.guildId,
        channelId: c.channelId,
        seats: c.challengerSeat === 1
          ? [{ kind: 'human', userId: c.opponentId }, { kind: 'human', userId: c.challengerId }]
          : [{ kind: 'human', userId: c.challengerId }, { kind: 'human', userId: c.opponentId }],
        rawOptions: c.options as Record<string, unknown>,
        clockSeconds: c.clockSeconds,
      }, tx);
      if (!started.ok) {
        await tx.challenge.update({ where: { id }, data: { status: 'CANCELLED' } });
        return started;
      }
      const updated = await tx.challenge.update({ where: { id }, data: { gameId: started.value.id } });
      return ok({ challenge: updated as ChallengeRow, game: started.value });
    });
  }

  /** The opponent declines, or the challenger withdraws. */
  async function decline(id: number, userId: string): Promise<Result<ChallengeRow>> {
    const c = await get(id);
    if (!c) return refuse('no-challenge', 'challenges.gone');
    if (userId !== c.opponentId && userId !== c.challengerId) {
      return refuse('not-opponent', 'challenges.onlyDecline', { member: mention(c.opponentId) });
    }
    if (c.status !== 'PENDING') return refuseClosed(c);
    const status = userId === c.opponentId ? 'DECLINED' : 'CANCELLED';
    const done = await db.challenge.updateMany({ where: { id, status: 'PENDING' }, data: { status } });
    if (done.count === 0) return refuse('closed', 'challenges.answered');
    return ok({ ...c, status });
  }

  /**
   * Marks expired the challenges between two members in a game that are due but still pending
   * (their expiry job has not run yet), so that a new challenge between them is not refused for
   * one nobody can accept any more. Returns those this call expired.
   */
  async function expireOverdueBetween(guildId: string, a: string, b: string, gameType: string): Promise<ChallengeRow[]> {
    return (await db.challenge.updateManyAndReturn({
      where: { guildId, gameType, status: 'PENDING', expiresAt: { lte: now() }, OR: [{ challengerId: a, opponentId: b }, { challengerId: b, opponentId: a }] },
      data: { status: 'EXPIRED' },
    })) as ChallengeRow[];
  }

  /** Marks a challenge expired if it is due; returns it when this call expired it. */
  async function expire(id: number): Promise<ChallengeRow | null> {
    const done = await db.challenge.updateMany({
      where: { id, status: 'PENDING', expiresAt: { lte: now() } },
      data: { status: 'EXPIRED' },
    });
    return done.count ? get(id) : null;
  }

  return {
    create,
    get,
    accept,
    decline,
    rematch,
    rematchOfGame,
    pendingBetween: (guildId: string, a: string, b: string, gameType: string) => pendingBetween(guildId, a, b, gameType),
    expire,
    expireOverdueBetween,
    async setMessage(id: number, messageId: string) {
      await db.challenge.update({ where: { id }, data: { messageId } });
    },
    async pending(): Promise<ChallengeRow[]> {
      return (await db.challenge.findMany({ where: { status: 'PENDING' }, orderBy: { expiresAt: 'asc' } })) as ChallengeRow[];
    },
  };
}

export type ChallengeService = ReturnType<typeof createChallengeService>;
