// The daily siege: one deal a day per solo game for every player. The day's seed comes from a
// secret kept in the database; each player has one attempt a day per game, across servers; a
// finished attempt's score and turns rank it on its server's board for the day; an unfinished one
// closes at the end of its UTC day plus 24 hours and scores nothing.
import { randomBytes } from 'node:crypto';
import { ok, type Result } from '../engine/result.js';
import type { DbOrTx } from '../persistence/db.js';
import { loadGame, VersionConflict } from './gameStore.js';
import { saveGame } from './saveGame.js';
import type { GameService } from './games.js';
import type { GameSnapshot, ServiceDeps } from './types.js';
import { english, phrase, refuse, timestamp, titlePhrase } from './phrases.js';
import {
  addDays,
  closesAt,
  currentStreak,
  dailyGame,
  dailyRules,
  dailyScore,
  dailySeed,
  dailyTurns,
  rankEntries,
  streakEndingAt,
  utcDay,
  type BoardEntry,
} from './dailyRules.js';

export type DailyAttempt = {
  id: number;
  day: string;
  gameType: string;
  userId: string;
  guildId: string;
  channelId: string;
  name: string;
  ranked: boolean;
  gameId: number | null;
  closesAt: Date;
  score: number | null;
  turns: number | null;
  won: boolean | null;
  finishedAt: Date | null;
};

/** A game started as a daily siege carries this in its stored options (undo and takebacks check it). */
export function isDailyGame(game: Pick<GameSnapshot, 'options'>): boolean {
  return (game.options as { daily?: unknown } | null)?.daily === true;
}

const isUniqueViolation = (e: unknown) => (e as { code?: string })?.code === 'P2002';

export function createDailyService(deps: ServiceDeps, games: GameService) {
  const { db, now } = deps;
  let secret: string | null = null;

  /** The bot's secret, made once (by whichever process asks first) and kept in the database. */
  async function dailySecret(): Promise<string> {
    if (secret) return secret;
    await db.dailySecret.createMany({ data: [{ id: 1, secret: randomBytes(32).toString('hex') }], skipDuplicates: true });
    secret = (await db.dailySecret.findUniqueOrThrow({ where: { id: 1 } })).secret;
    return secret;
  }

  const today = () => utcDay(now());

  async function seedFor(day: string, gameType: string): Promise<string> {
    return dailySeed(await dailySecret(), day, gameType);
  }

  async function attemptOf(userId: string, gameType: string, day: string): Promise<DailyAttempt | null> {
    return db.dailyAttempt.findUnique({ where: { userId_gameType_day: { userId, gameType, day } } });
  }

  /**
   * Takes the player's one attempt at today's daily of a game (ranked, or the unranked practice of
   * the same deal); refused when they already had it today, here or on another server.
   */
  async function claim(input: { userId: string; guildId: string; channelId: string; name: string; gameType: string; ranked: boolean; day?: string }, store: DbOrTx = db): Promise<Result<DailyAttempt>> {
    const def = dailyGame(input.gameType);
    if (!def) return refuse('not-daily', 'daily.notDaily', { game: input.gameType.slice(0, 40) });
    const day = input.day ?? today();
    try {
      const row = await store.dailyAttempt.create({
        data: { day, gameType: def.id, userId: input.userId, guildId: input.guildId, channelId: input.channelId, name: input.name.slice(0, 80), ranked: input.ranked, closesAt: closesAt(day) },
      });
      return ok(row);
    } catch (e) {
      if (!isUniqueViolation(e)) throw e;
      const next = new Date(`${addDays(day, 1)}T00:00:00Z`);
      return refuse('already-played', 'daily.alreadyPlayed', { game: titlePhrase(def.id, def.title), next: timestamp(next, 'R') });
    }
  }

  /** Gives the attempt back (its thread could not be made): nothing was dealt. */
  async function release(attemptId: number): Promise<void> {
    await db.dailyAttempt.deleteMany({ where: { id: attemptId, gameId: null } });
  }

  /**
   * Deals the attempt's game: the day's seed and the game's daily options, no clock. The game and
   * its link from the attempt are saved together, with its thread when it has one already (a
   * ranked daily's private thread): a crash leaves no daily game that its attempt, or its thread,
   * does not know.
   */
  async function start(attempt: DailyAttempt, threadId: string | null = null): Promise<Result<GameSnapshot>> {
    const rules = dailyRules(attempt.gameType);
    const seed = await seedFor(attempt.day, attempt.gameType);
    return db.$transaction(async (tx) => {
      const started = await games.startGame({
        gameType: attempt.gameType,
        guildId: attempt.guildId,
        channelId: attempt.channelId,
        threadId,
        seats: [{ kind: 'human', userId: attempt.userId }],
        rawOptions: rules.options,
        seed,
        clockSeconds: null,
        daily: true,
      }, tx);
      if (started.ok) await tx.dailyAttempt.update({ where: { id: attempt.id }, data: { gameId: started.value.id } });
      return started;
    });
  }

  async function attemptOfGame(gameId: number): Promise<DailyAttempt | null> {
    return db.dailyAttempt.findUnique({ where: { gameId } });
  }

  /**
   * Writes a finished daily game's result on its attempt, once: `recorded` is true only for the
   * call that wrote it (the one that announces it). Unfinished (resigned, closed): no score.
   */
  async function recordResult(game: GameSnapshot): Promise<{ attempt: DailyAttempt; recorded: boolean } | null> {
    if (game.status !== 'FINISHED' || !isDailyGame(game)) return null;
    const attempt = await attemptOfGame(game.id);
    if (!attempt) return null;
    if (attempt.finishedAt) return { attempt, recorded: false };
    const rules = dailyRules(game.gameType);
    const def = games.defOf(game);
    const score = dailyScore(rules, game.outcome);
    const row = await db.game.findUnique({ where: { id: game.id }, select: { finishedAt: true } });
    const data = {
      finishedAt: row?.finishedAt ?? now(),
      score,
      turns: score === null ? null : dailyTurns(rules, def, game.state, game.moveCount),
      won: score === null ? null : (game.outcome?.winners.includes(0) ?? false),
    };
    const written = await db.dailyAttempt.updateMany({ where: { id: attempt.id, finishedAt: null }, data });
    return { attempt: { ...attempt, ...data }, recorded: written.count === 1 };
  }

  /** The days on which a player finished a daily (scored), any game, ranked or practice. */
  async function finishedDays(userId: string, from: string, to: string): Promise<string[]> {
    const rows = await db.dailyAttempt.findMany({
      where: { userId, score: { not: null }, day: { gte: from, lte: to } },
      select: { day: true },
      distinct: ['day'],
    });
    return rows.map((r) => r.day);
  }

  /** The streak that a result of `day` extends (counted back from that day). */
  async function streakAt(userId: string, day: string): Promise<number> {
    return streakEndingAt(await finishedDays(userId, addDays(day, -3660), day), day);
  }

  /** The streak as it stands today (alive until a whole day passes without a finished daily). */
  async function streakNow(userId: string): Promise<number> {
    const t = today();
    return currentStreak(await finishedDays(userId, addDays(t, -3660), t), t);
  }

  /** A server's ranked results of one game and day, best first. */
  async function leaderboard(guildId: string, gameType: string, day: string): Promise<BoardEntry[]> {
    const rows = await db.dailyAttempt.findMany({ where: { guildId, gameType, day, ranked: true, score: { not: null }, finishedAt: { not: null } } });
    return rankEntries(rows.map((r) => ({ userId: r.userId, name: r.name, score: r.score!, turns: r.turns ?? 0, finishedAt: r.finishedAt! })));
  }

  /**
   * Closes a daily game whose time is up (the end of its day plus 24 hours): it ends unfinished and
   * scores nothing. Null when it is not due, not running, or another writer got there first.
   */
  async function closeIfDue(gameId: number): Promise<{ game: GameSnapshot; previous: GameSnapshot } | null> {
    const attempt = await attemptOfGame(gameId);
    const game = await loadGame(db, gameId);
    if (!attempt || !game) return null;
    if (game.status !== 'ACTIVE') {
      await recordResult(game); // ended otherwise (resigned): settle its attempt
      return null;
    }
    if (now() < attempt.closesAt) return null;
    const reasonPhrase = phrase('outcome.dailyClosed', { day: attempt.day });
    const outcome = { winners: [], draw: false, reason: english(reasonPhrase), reasonPhrase };
    try {
      const closed = await saveGame(db, game, { state: game.state, toActUserIds: [], outcome }, now());
      await db.dailyAttempt.updateMany({ where: { id: attempt.id, finishedAt: null }, data: { finishedAt: now() } });
      return { game: closed, previous: game };
    } catch (e) {
      if (e instanceof VersionConflict) return null;
      throw e;
    }
  }

  return {
    today,
    seedFor,
    dailySecret,
    attemptOf,
    attemptOfGame,
    claim,
    release,
    start,
    recordResult,
    streakAt,
    streakNow,
    leaderboard,
    closeIfDue,
    /** The leaderboard message of a server, game and day, once posted. */
    async boardMessage(guildId: string, gameType: string, day: string): Promise<{ channelId: string; messageId: string } | null> {
      return db.dailyBoard.findUnique({ where: { guildId_gameType_day: { guildId, gameType, day } }, select: { channelId: true, messageId: true } });
    },
    async setBoardMessage(guildId: string, gameType: string, day: string, channelId: string, messageId: string): Promise<void> {
      await db.dailyBoard.upsert({
        where: { guildId_gameType_day: { guildId, gameType, day } },
        create: { guildId, gameType, day, channelId, messageId },
        update: { channelId, messageId },
      });
    },
    /** Daily games still running, with their close: armed again at start-up (a close job lost in a crash). */
    async runningAttempts(): Promise<{ gameId: number; guildId: string; closesAt: Date }[]> {
      const rows = await db.dailyAttempt.findMany({ where: { finishedAt: null, gameId: { not: null } }, select: { gameId: true, guildId: true, closesAt: true } });
      return rows.map((r) => ({ gameId: r.gameId!, guildId: r.guildId, closesAt: r.closesAt }));
    },
  };
}

export type DailyService = ReturnType<typeof createDailyService>;
