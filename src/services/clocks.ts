// Move clocks: when a turn's time runs out (vacations pause it), when its reminders are due, and
// the rules that keep reminders rare. Pure functions, plus the one query for vacations.
import type { Phrase } from '../engine/contract.js';
import type { Speaker } from '../i18n/index.js';
import type { DbOrTx } from '../persistence/db.js';
import { ENGLISH, phrase, SERVICES_NS } from './phrases.js';

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/** The move clocks a game may have, as `/siege start clock:` offers them. */
export const CLOCK_CHOICES = ['1d', '2d', '3d', '7d', '14d', 'none'] as const;
export type ClockChoice = (typeof CLOCK_CHOICES)[number];

/** Seconds per turn for a clock choice; null for `none`; undefined when it is not a choice. */
export function clockSeconds(choice: string): number | null | undefined {
  if (choice === 'none') return null;
  if (!(CLOCK_CHOICES as readonly string[]).includes(choice)) return undefined;
  return Number(choice.slice(0, -1)) * 86_400;
}

export function clockLabel(seconds: number | null): string {
  return seconds === null ? 'none' : seconds % 86_400 === 0 ? `${seconds / 86_400}d` : `${Math.round(seconds / 3600)}h`;
}

/** No player is reminded twice in one game within this long. */
export const REMINDER_GAP_MS = 12 * HOUR_MS;

export type Period = { startsAt: Date; endsAt: Date };

/**
 * When a turn that began at `from` runs out: the clock, lengthened by every vacation of a player
 * who must act that overlaps the turn before it ran out.
 */
export function deadlineFrom(from: Date, clockMs: number, vacations: Period[]): Date {
  let deadline = from.getTime() + clockMs;
  let covered = from.getTime(); // vacation time before this is already counted
  for (const v of [...vacations].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())) {
    const start = Math.max(v.startsAt.getTime(), covered);
    const end = v.endsAt.getTime();
    if (end <= start || start >= deadline) continue;
    deadline += end - start;
    covered = end;
  }
  return new Date(deadline);
}

/**
 * The reminders of a turn: when half the clock is left, and when 12 hours are left (at 90% of
 * clocks of a day or less, where "12 hours left" would be the half-way mark).
 */
export function reminderTimes(deadline: Date, clockMs: number): { half: Date; late: Date } {
  const lateBefore = clockMs <= DAY_MS ? clockMs * 0.1 : 12 * HOUR_MS;
  return { half: new Date(deadline.getTime() - clockMs / 2), late: new Date(deadline.getTime() - lateBefore) };
}

/** The next reminder of a turn still to come after `now`, if any. */
export function nextReminder(deadline: Date, clockMs: number, now: Date): Date | null {
  const { half, late } = reminderTimes(deadline, clockMs);
  if (now < half) return half;
  if (now < late) return late;
  return null;
}

/**
 * When a game's clock must next be looked at: its turn's next reminder, and its deadline (or, once
 * it ran out, the end of the grace after it). Both null for a game without a running clock.
 */
export type ClockWakes = { reminderAt: Date | null; timeoutAt: Date | null };

export const NO_WAKES: ClockWakes = { reminderAt: null, timeoutAt: null };

type ClockFacts = { status: string; clockSeconds: number | null; deadlineAt: Date | null; timedOutAt: Date | null };

/** The wakes a game's clock needs now (`graceMs`: the server's grace after a timeout). */
export function clockWakes(game: ClockFacts, graceMs: number, now: Date): ClockWakes {
  if (game.status !== 'ACTIVE' || !game.deadlineAt || !game.clockSeconds) return NO_WAKES;
  if (game.timedOutAt) return { reminderAt: null, timeoutAt: new Date(game.timedOutAt.getTime() + graceMs) };
  return { reminderAt: nextReminder(game.deadlineAt, game.clockSeconds * 1000, now), timeoutAt: game.deadlineAt };
}

/**
 * Whether the jobs armed (`armed`) still serve `wanted`: each wake wanted has a job still to come
 * (after `now`: one due already has run or is running) no later than it. A job that comes early
 * finds its turn not yet due and arms the clock again, so a move whose new turn ends later than
 * the jobs armed (nearly every move) writes no job; only a wake wanted sooner, or none armed, does.
 * A running game that wants none for now (the AI to move) keeps its jobs: they come early and
 * find nothing to judge, and its next turn mostly finds them in time. Once the game is `over`,
 * jobs still to come are removed.
 */
export function wakesServed(armed: ClockWakes, wanted: ClockWakes, now: Date, over = false): boolean {
  const waiting = (a: Date | null): a is Date => a !== null && a.getTime() > now.getTime();
  if (over) return !waiting(armed.reminderAt) && !waiting(armed.timeoutAt);
  const served = (a: Date | null, w: Date | null) => w === null || (waiting(a) && a.getTime() <= w.getTime());
  return served(armed.reminderAt, wanted.reminderAt) && served(armed.timeoutAt, wanted.timeoutAt);
}

/** The vacations of these users that have not ended by `after`. */
export async function vacationsOf(db: DbOrTx, userIds: string[], after: Date): Promise<Period[]> {
  if (!userIds.length) return [];
  return db.vacation.findMany({
    where: { userId: { in: userIds }, endsAt: { gt: after } },
    select: { startsAt: true, endsAt: true },
  });
}

/**
 * The deadline of a turn that began at `from` for these players, or null without a clock.
 * `known`: the players' vacations as read with their game (then nothing is read here).
 */
export async function turnDeadline(db: DbOrTx, humansToAct: string[], clockSecs: number | null, from: Date, known?: (Period & { userId: string })[]): Promise<Date | null> {
  if (clockSecs === null || humansToAct.length === 0) return null;
  const vacations = known
    ? known.filter((v) => humansToAct.includes(v.userId) && v.endsAt.getTime() > from.getTime())
    : await vacationsOf(db, humansToAct, from);
  return deadlineFrom(from, clockSecs * 1000, vacations);
}

/** How long until `at`, in words a player reads at a glance: "3 d 4 h", "5 h", "20 min". */
export function timeLeftPhrase(at: Date, now: Date): Phrase {
  const ms = at.getTime() - now.getTime();
  if (ms <= 0) return phrase('time.out');
  const days = Math.floor(ms / DAY_MS);
  const hours = Math.floor((ms % DAY_MS) / HOUR_MS);
  if (days > 0) return hours ? phrase('time.daysHours', { days, hours }) : phrase('time.days', { days });
  if (hours > 0) return phrase('time.hours', { hours });
  return phrase('time.minutes', { minutes: Math.max(1, Math.floor(ms / 60_000)) });
}

/** `timeLeftPhrase` in the reader's language. */
export function timeLeft(at: Date, now: Date, sp: Speaker = ENGLISH): string {
  return sp.say(timeLeftPhrase(at, now), SERVICES_NS);
}
