// The daily siege's rules, with no database: the UTC day, the day's seed (from the bot's secret),
// each solo game's fixed daily options and how its result is scored and counted, streaks, and the
// order of a leaderboard. Pure functions.
import { createHmac } from 'node:crypto';
import type { GameDefinition, Outcome } from '../engine/contract.js';
import { allGames, gameById } from '../games/index.js';
import type { Speaker } from '../i18n/index.js';
import { ENGLISH, titlePhrase } from './phrases.js';
import { soloResult } from './records/results.js';

const DAY_MS = 86_400_000;

/** How a solo game is played and told as a daily siege. */
export type DailyRules = {
  gameType: string;
  /** The options every player gets, as `/siege start` would take them. */
  options: Record<string, string>;
  /** `first`: `outcome.scores[0]`; `margin`: `scores[0] - scores[1]` (a score against a rule-driven side). */
  rankBy: 'first' | 'margin';
  /** The view field that counts the game's turns (`turn`, `round`); absent: the moves played. */
  turnsField?: string;
  /** What the count is called (services' catalog `daily.units.*`): the game's rounds, its turns, or moves played. */
  turnUnit: 'rounds' | 'turns' | 'moves';
  /** How a result is told (services' catalog `daily.result.<verdicts>.win|loss|draw`): the game's own words, or `default`. */
  verdicts: string;
};

/** One line per solo game; a solo game not listed here is served with its default options. */
const DAILY_GAMES: Record<string, Partial<DailyRules>> = {
  'kingdoms-siege': { options: {}, turnsField: 'round', turnUnit: 'rounds', verdicts: 'kingdoms-siege' },
  'kingdoms-solo': { options: { difficulty: 'standard' }, rankBy: 'margin', turnsField: 'round', turnUnit: 'rounds', verdicts: 'kingdoms-solo' },
  'two-deck-siege': { options: { castle: 'square', 'thick-walls': 'off', reinforcements: '1' }, turnsField: 'turn', turnUnit: 'turns', verdicts: 'two-deck-siege' },
};

const DEFAULT_RULES: Omit<DailyRules, 'gameType'> = { options: {}, rankBy: 'first', turnUnit: 'moves', verdicts: 'default' };

/** The games a daily siege is offered for: every registered solo game. */
export function dailyGames(): GameDefinition[] {
  return allGames().filter((g) => g.seats.max === 1);
}

export function dailyGame(id: string): GameDefinition | null {
  const def = gameById(id);
  return def && def.seats.max === 1 ? def : null;
}

export function dailyRules(gameType: string): DailyRules {
  return { ...DEFAULT_RULES, ...DAILY_GAMES[gameType], gameType };
}

// ---------------------------------------------------------------------------------------------
// Days

/** The UTC day of an instant, `YYYY-MM-DD`. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** A day as typed (`YYYY-MM-DD`), or null when it is not a real date. */
export function parseDay(text: string): string | null {
  const t = text.trim();
  if (!/^\d{4}-\d{2}-\d{2}$/.test(t)) return null;
  const d = new Date(`${t}T00:00:00.000Z`);
  return Number.isNaN(d.getTime()) || utcDay(d) !== t ? null : t;
}

export function dayStart(day: string): Date {
  return new Date(`${day}T00:00:00.000Z`);
}

export function addDays(day: string, n: number): string {
  return utcDay(new Date(dayStart(day).getTime() + n * DAY_MS));
}

/** A daily game closes at the end of its UTC day plus 24 hours. */
export function closesAt(day: string): Date {
  return new Date(dayStart(day).getTime() + 2 * DAY_MS);
}

/**
 * The day's seed of a game: an HMAC of the day and the game id under the bot's secret. The same
 * for everyone on that day, on every server; without the secret, no day's seed tells another's.
 */
export function dailySeed(secret: string, day: string, gameType: string): string {
  return createHmac('sha256', secret).update(`daily:${day}:${gameType}`).digest('base64url').slice(0, 24);
}

// ---------------------------------------------------------------------------------------------
// Results

/** What the leaderboard ranks by, or null when the game scored nothing (resigned, closed unfinished). */
export function dailyScore(rules: DailyRules, outcome: Outcome | null): number | null {
  const scores = outcome?.scores;
  if (!scores || typeof scores[0] !== 'number') return null;
  if (rules.rankBy === 'margin') return typeof scores[1] === 'number' ? scores[0] - scores[1] : null;
  return scores[0];
}

/** The game's own count of turns (its view's `turn` or `round`), else the moves played. */
export function dailyTurns(rules: DailyRules, def: GameDefinition, state: unknown, movesPlayed: number): number {
  if (rules.turnsField) {
    try {
      const value = (def.view(state, 0) as Record<string, unknown>)[rules.turnsField];
      if (typeof value === 'number' && Number.isFinite(value)) return value;
    } catch {
      // a view that cannot be drawn counts moves instead
    }
  }
  return movesPlayed;
}

/** A score as the language writes it; a margin says its sign: "+5". */
export const formatScore = (rules: DailyRules, score: number, sp: Speaker = ENGLISH) => `${rules.rankBy === 'margin' && score > 0 ? '+' : ''}${sp.number(score)}`;

/** "87 points", "1 point", "+5 points". */
export const pointsText = (rules: DailyRules, score: number, sp: Speaker = ENGLISH) =>
  sp.t('services:result.points', { count: Math.abs(score), value: formatScore(rules, score, sp) });

/** "14 turns", "9 rounds". */
export const turnsText = (rules: DailyRules, turns: number, sp: Speaker = ENGLISH) => sp.t(`services:daily.units.${rules.turnUnit}`, { count: turns });

/**
 * The spoiler-free line a finished daily posts in the channel: who, how it ended, the score and
 * the turns, and the streak. Nothing about the deal. `title`: the game's name as the reader
 * reads it (default: the game's catalog in the speaker's language).
 */
export function resultLine(
  input: { title?: string; name: string; rules: DailyRules; outcome: Outcome | null; score: number; turns: number; streak: number },
  sp: Speaker = ENGLISH,
): string {
  const { rules, outcome } = input;
  const verdict = outcome ? soloResult(outcome) : 'loss';
  const title = input.title ?? sp.say(titlePhrase(rules.gameType), 'services');
  return sp.t('services:daily.resultLine', {
    icon: '🏰',
    game: `**${title}**`,
    result: sp.t(`services:daily.result.${rules.verdicts}.${verdict}`, { name: input.name }),
    points: pointsText(rules, input.score, sp),
    turns: turnsText(rules, input.turns, sp),
    streak: sp.t('services:daily.streak', { icon: '🔥', count: Math.max(1, input.streak) }),
  });
}

/** Consecutive days, ending at `day`, on which the player finished a daily (any game). */
export function streakEndingAt(finishedDays: Iterable<string>, day: string): number {
  const days = new Set(finishedDays);
  let n = 0;
  while (days.has(addDays(day, -n))) n++;
  return n;
}

/** The streak as it stands on `today`: still alive when the last finished daily was yesterday. */
export function currentStreak(finishedDays: Iterable<string>, today: string): number {
  const days = new Set(finishedDays);
  return days.has(today) ? streakEndingAt(days, today) : streakEndingAt(days, addDays(today, -1));
}

export type BoardEntry = { userId: string; name: string; score: number; turns: number; finishedAt: Date };

/** Highest score first; ties to fewer turns, then to who finished first. */
export function rankEntries<T extends BoardEntry>(entries: T[]): T[] {
  return [...entries].sort((a, b) => b.score - a.score || a.turns - b.turns || a.finishedAt.getTime() - b.finishedAt.getTime() || a.userId.localeCompare(b.userId));
}

/** The leaderboard's lines: rank, name, score, turns. */
export function leaderboardLines(rules: DailyRules, entries: BoardEntry[], sp: Speaker = ENGLISH): string[] {
  return rankEntries(entries).map((e, i) => `\`${String(i + 1).padStart(2)}.\` **${e.name}** · ${pointsText(rules, e.score, sp)} · ${turnsText(rules, e.turns, sp)}`);
}
