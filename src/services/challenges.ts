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
const unix = (d: Date) => Math.floor(d.getTime() / 1000);

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
    return c.challengerId === challengerId
      ? err('pending-pair', `You have already challenged <@${c.opponentId}> to ${title}; it waits for an answer until <t:${unix(c.expiresAt)}:f>. One challenge at a time between two members in a game.`)
      : err('pending-pair', `<@${c.challengerId}> has already challenged you to ${title}: accept or decline that challenge.`);
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
    if (!def) return err('unknown-game', `There is no game called "${input.gameType}".`);
    if (def.seats.max < 2) return err('solo', `${def.title} is a solo game: start it without an opponent.`);
    if (input.opponentId === input.challengerId) return err('self', 'You cannot challenge yourself. Pick another member, or play the AI with `ai:`.');
    const options = def.parseOptions(input.rawOptions);
    if (!options.ok) return options;
    const rematchAsked = err('asked', `A rematch of game #${input.rematchOf} was already asked.`);
    const request = { guildId: input.guildId, starterId: input.challengerId, kind: 'challenge' as const, players: input.players };
    try {
      return await limits.admit(request, async (tx): Promise<Result<ChallengeRow>> => {
        if (input.rematchOf !== undefined && (await tx.challenge.findUnique({ where: { rematchOf: input.rematchOf }, select: { id: true } }))) return rematchAsked;
        const waiting = await pendingBetween(input.guildId, input.challengerId, input.opponentId, def.id, tx);
        if (waiting) return alreadyPending(waiting, input.challengerId, def.title);
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
    if (!game) return err('no-game', `There is no game #${gameId}.`);
    if (game.status !== 'FINISHED') return err('not-over', 'This game is not over yet.');
    const seat = game.seats.findIndex((s) => s.kind === 'human' && s.userId === userId);
    if (seat < 0) return err('not-a-player', 'Only the players of this game can ask for a rematch.');
    const other = game.seats[1 - seat];
    if (game.seats.length !== 2 || other?.kind !== 'human' || !game.guildId) return err('no-rematch', 'A rematch is for games between two members.');
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

  function closedMessage(c: ChallengeRow): string {
    switch (c.status) {
      case 'ACCEPTED': return c.gameId ? `This challenge was already accepted: it is game #${c.gameId}.` : 'This challenge was already accepted.';
      case 'DECLINED': return 'This challenge was declined.';
      case 'EXPIRED': return 'This challenge has expired.';
      case 'CANCELLED': return 'This challenge was withdrawn.';
      default: return 'This challenge is closed.';
    }
  }

  async function accept(id: number, userId: string): Promise<Result<{ challenge: ChallengeRow; game: GameSnapshot }>> {
    const c = await get(id);
    if (!c) return err('no-challenge', 'That challenge no longer exists.');
    if (c.opponentId !== userId) return err('not-opponent', `Only <@${c.opponentId}> can accept this challenge.`);
    if (c.status !== 'PENDING') return err('closed', closedMessage(c));
    if (c.expiresAt <= now()) return err('expired', 'This challenge has expired.');
    // The challenge is marked accepted in the transaction that saves its game: a crash between
    // the two leaves the challenge open, to be accepted again, never accepted without a game.
    return db.$transaction(async (tx): Promise<Result<{ challenge: ChallengeRow; game: GameSnapshot }>> => {
      const claimed = await tx.challenge.updateMany({ where: { id, status: 'PENDING' }, data: { status: 'ACCEPTED' } });
      if (claimed.count === 0) return err('closed', 'This challenge was already answered.');
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
    if (!c) return err('no-challenge', 'That challenge no longer exists.');
    if (userId !== c.opponentId && userId !== c.challengerId) {
      return err('not-opponent', `Only <@${c.opponentId}> can decline this challenge.`);
    }
    if (c.status !== 'PENDING') return err('closed', closedMessage(c));
    const status = userId === c.opponentId ? 'DECLINED' : 'CANCELLED';
    const done = await db.challenge.updateMany({ where: { id, status: 'PENDING' }, data: { status } });
    if (done.count === 0) return err('closed', 'This challenge was already answered.');
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
