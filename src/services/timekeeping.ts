// Playing over days: vacations that pause a player's clocks, reminders, and what happens when a
// clock runs out. Every judgment re-reads the game and acts on the version it read, with
// conditional writes, so a job run twice (or by two processes, or early) has one effect.
import type { GameDefinition, Outcome, Seat } from '../engine/contract.js';
import { ok, type Result } from '../engine/result.js';
import { DAY_MS, REMINDER_GAP_MS, reminderTimes, turnDeadline, type Period } from './clocks.js';
import { loadGame, toSnapshot, VersionConflict } from './gameStore.js';
import { saveGame } from './saveGame.js';
import type { GameService } from './games.js';
import { describeSeatPhrase, english, mention, phrase, refuse, timestamp } from './phrases.js';
import type { GameSnapshot, ServiceDeps } from './types.js';
import { seatOf } from './seats.js';

export const VACATION_MAX_DAYS = 14;
export const VACATION_WINDOW_DAYS = 30;

/** A game that ended on time, with what the board needs. */
export type FinishedOnTime = { game: GameSnapshot; previous: GameSnapshot; def: GameDefinition; losers: Seat[] };

export type TimeoutVerdict =
  | { kind: 'moved-on'; game?: GameSnapshot }
  | { kind: 'not-yet'; game: GameSnapshot }
  | { kind: 'claimable'; game: GameSnapshot; def: GameDefinition; late: Seat[] }
  | { kind: 'finished'; finished: FinishedOnTime };

/** The human seats that must act now: the ones a clock runs for. */
export function lateSeats(def: GameDefinition, game: GameSnapshot): Seat[] {
  return def.toAct(game.state).filter((s) => game.seats[s]?.kind === 'human');
}

/** Whether a game ended because a clock ran out (its outcome's reason says so): its winners are the seats that were not late. */
export function endedOnTime(outcome: Outcome | null): boolean {
  return /^services:outcome\.timedOut/.test(outcome?.reasonPhrase?.key ?? '');
}

/** How a game ended on time: at once (against the AI, alone), after the grace, or claimed by a member. */
type OnTime = { by: 'clock' } | { by: 'grace' } | { by: 'claim'; userId: string };

const overlapMs = (p: Period, from: number, to: number) => Math.max(0, Math.min(p.endsAt.getTime(), to) - Math.max(p.startsAt.getTime(), from));

export function createTimekeepingService(deps: ServiceDeps, games: GameService) {
  const { db, now } = deps;

  /** The vacation `userId` is on at `at`, if any. */
  async function currentVacation(userId: string, at = now()) {
    return db.vacation.findFirst({ where: { userId, startsAt: { lte: at }, endsAt: { gt: at } } });
  }

  /** Re-computes the deadline of every running clock `userId` must beat (after a vacation change). */
  async function refreshDeadlines(userId: string): Promise<GameSnapshot[]> {
    const rows = await db.game.findMany({
      where: { status: 'ACTIVE', toActUserIds: { has: userId }, clockSeconds: { not: null }, timedOutAt: null, turnStartedAt: { not: null } },
    });
    const changed: GameSnapshot[] = [];
    for (const row of rows) {
      const game = toSnapshot(row);
      const humans = game.toActUserIds.filter((id) => id !== 'ai');
      const deadlineAt = await turnDeadline(db, humans, game.clockSeconds, game.turnStartedAt!);
      if (deadlineAt?.getTime() === game.deadlineAt?.getTime()) continue;
      // The version is the guard: a game that moved meanwhile got its deadline from its move.
      const done = await db.game.updateMany({ where: { id: game.id, version: game.version, timedOutAt: null }, data: { deadlineAt } });
      if (done.count) changed.push({ ...game, deadlineAt });
    }
    return changed;
  }

  async function vacationStart(userId: string, days: number): Promise<Result<{ endsAt: Date; changed: GameSnapshot[]; games: GameSnapshot[] }>> {
    if (!Number.isInteger(days) || days < 1 || days > VACATION_MAX_DAYS) {
      return refuse('bad-days', 'vacation.days', { min: 1, max: VACATION_MAX_DAYS });
    }
    const t = now();
    const current = await currentVacation(userId, t);
    if (current) {
      return refuse('on-vacation', 'vacation.already', { until: timestamp(current.endsAt, 'f'), command: '`/siege vacation end`' });
    }
    // The busiest 30-day window that holds the new vacation is the one that ends with it.
    const end = t.getTime() + days * DAY_MS;
    const windowStart = end - VACATION_WINDOW_DAYS * DAY_MS;
    const past = await db.vacation.findMany({ where: { userId, endsAt: { gt: new Date(windowStart) } } });
    const usedMs = past.reduce((sum, p) => sum + overlapMs(p, windowStart, t.getTime()), 0);
    const leftDays = Math.floor((VACATION_MAX_DAYS * DAY_MS - usedMs) / DAY_MS);
    if (days > leftDays) {
      const used = Math.ceil(usedMs / DAY_MS);
      return refuse('vacation-limit', 'vacation.limit', { max: VACATION_MAX_DAYS, window: VACATION_WINDOW_DAYS, count: used, left: Math.max(0, leftDays) });
    }
    const endsAt = new Date(end);
    await db.vacation.create({ data: { userId, startsAt: t, endsAt } });
    const changed = await refreshDeadlines(userId);
    return ok({ endsAt, changed, games: await games.activeGamesOf(userId) });
  }

  async function vacationEnd(userId: string): Promise<Result<{ changed: GameSnapshot[]; games: GameSnapshot[] }>> {
    const t = now();
    const current = await currentVacation(userId, t);
    if (!current) return refuse('no-vacation', 'vacation.none');
    await db.vacation.update({ where: { id: current.id }, data: { endsAt: t } });
    const changed = await refreshDeadlines(userId);
    return ok({ changed, games: await games.activeGamesOf(userId) });
  }

  /**
   * Who of these users is on vacation now, and until when; `known`: their vacations as read with
   * their game (then nothing is read here).
   */
  async function onVacation(userIds: string[], known?: { userId: string; startsAt: Date; endsAt: Date }[]): Promise<Map<string, Date>> {
    const t = now();
    const humans = userIds.filter((id) => id !== 'ai');
    if (!humans.length) return new Map();
    const rows = known ?? (await db.vacation.findMany({ where: { userId: { in: humans }, endsAt: { gt: t } } }));
    return new Map(rows.filter((r) => humans.includes(r.userId) && r.startsAt <= t && r.endsAt > t).map((r) => [r.userId, r.endsAt]));
  }

  /**
   * Claims the reminder of the current turn, when it is due, for the players who must act and were
   * not reminded in this game within 12 hours. Returns whom to remind, or null when there is nobody.
   */
  async function claimReminder(gameId: number): Promise<{ game: GameSnapshot; userIds: string[]; late: boolean } | null> {
    const game = await loadGame(db, gameId);
    if (!game || game.status !== 'ACTIVE' || !game.deadlineAt || game.timedOutAt || !game.clockSeconds) return null;
    const { version } = game;
    const t = now();
    const { half, late } = reminderTimes(game.deadlineAt, game.clockSeconds * 1000);
    if (t < half || t >= game.deadlineAt) return null;
    const humans = game.toActUserIds.filter((id) => id !== 'ai');
    const claimed = await db.$transaction(async (tx) => {
      const still = await tx.game.count({ where: { id: gameId, version, status: 'ACTIVE' } });
      if (!still) return [];
      const rows = await tx.gamePlayer.updateManyAndReturn({
        where: {
          gameId,
          userId: { in: humans },
          OR: [{ lastRemindedAt: null }, { lastRemindedAt: { lte: new Date(t.getTime() - REMINDER_GAP_MS) } }],
        },
        data: { lastRemindedAt: t },
        select: { userId: true },
      });
      return rows.map((r) => r.userId);
    });
    return claimed.length ? { game, userIds: [...new Set(claimed)], late: t >= late } : null;
  }

  function onTimeOutcome(def: GameDefinition, game: GameSnapshot, late: Seat[], how: OnTime): Outcome {
    const winners = game.seats.map((_, i) => i).filter((i) => !late.includes(i));
    const seats = { seats: late.map((s) => describeSeatPhrase(def, game, s)), count: late.length };
    const reasonPhrase = how.by === 'claim'
      ? phrase('outcome.timedOutClaimed', { ...seats, member: mention(how.userId) })
      : phrase(how.by === 'grace' ? 'outcome.timedOutGrace' : 'outcome.timedOut', seats);
    return { winners, draw: false, reason: english(reasonPhrase), reasonPhrase };
  }

  async function finish(game: GameSnapshot, def: GameDefinition, late: Seat[], how: OnTime): Promise<FinishedOnTime | null> {
    try {
      const saved = await saveGame(db, game, { state: game.state, toActUserIds: [], outcome: onTimeOutcome(def, game, late, how) }, now());
      return { game: saved, previous: game, def, losers: late };
    } catch (e) {
      if (e instanceof VersionConflict) return null;
      throw e;
    }
  }

  /**
   * A clock job came due: the stored game is judged as it is now (a job armed for an earlier turn
   * may come early). Before the deadline: not yet. At the deadline, against the AI or alone, the
   * game ends at once; otherwise the opponents may claim the win, which is theirs once the grace
   * after it (`graceMs`) is over unless the late player moved meanwhile.
   */
  async function judgeClock(gameId: number, graceMs: number): Promise<TimeoutVerdict> {
    const game = await loadGame(db, gameId);
    if (!game || game.status !== 'ACTIVE') return { kind: 'moved-on' };
    if (!game.deadlineAt) return { kind: 'moved-on', game };
    if (game.timedOutAt) {
      if (now().getTime() < game.timedOutAt.getTime() + graceMs) return { kind: 'not-yet', game };
      const def = games.defOf(game);
      const finished = await finish(game, def, lateSeats(def, game), { by: 'grace' });
      return finished ? { kind: 'finished', finished } : { kind: 'moved-on' };
    }
    if (now() < game.deadlineAt) return { kind: 'not-yet', game };
    const def = games.defOf(game);
    const late = lateSeats(def, game);
    if (!late.length) return { kind: 'moved-on', game };
    const humanOpponents = game.seats.some((s, i) => s.kind === 'human' && !late.includes(i));
    if (!humanOpponents) {
      const finished = await finish(game, def, late, { by: 'clock' });
      return finished ? { kind: 'finished', finished } : { kind: 'moved-on' };
    }
    // The moment it ran out is the stored deadline, however late this judgment comes.
    const done = await db.game.updateMany({ where: { id: gameId, version: game.version, status: 'ACTIVE', timedOutAt: null }, data: { timedOutAt: game.deadlineAt } });
    if (!done.count) return { kind: 'moved-on' };
    return { kind: 'claimable', game: { ...game, timedOutAt: game.deadlineAt }, def, late };
  }

  /**
   * An opponent presses "Claim win" after the other player's time ran out. Any claim button of
   * the game will do while its clock is out (a standing choice made meanwhile changes the version
   * but not the timeout); a move by the late player ends the timeout and the claim with it.
   */
  async function claimWin(gameId: number, userId: string): Promise<Result<FinishedOnTime>> {
    const game = await loadGame(db, gameId);
    if (!game) return refuse('no-game', 'games.noGame', { id: gameId });
    if (game.status !== 'ACTIVE') return refuse('game-over', 'games.alreadyOver');
    if (!game.timedOutAt) return refuse('stale', 'claim.movedOn');
    const def = games.defOf(game);
    const late = lateSeats(def, game);
    const mine = seatOf(game, userId);
    if (mine < 0) return refuse('not-a-player', 'games.notAPlayer');
    if (late.includes(mine)) return refuse('late', 'claim.late');
    const finished = await finish(game, def, late, { by: 'claim', userId });
    return finished ? ok(finished) : refuse('stale', 'claim.changed');
  }

  return { vacationStart, vacationEnd, currentVacation, onVacation, claimReminder, judgeClock, claimWin };
}

export type TimekeepingService = ReturnType<typeof createTimekeepingService>;
