// The daily siege's rules, with no database: the UTC day, the day's seed (from the bot's secret),
// each solo game's fixed daily options and how its result is scored and counted, streaks, and the
// order of a leaderboard. Pure functions.
import { createHmac } from 'node:crypto';
import type { GameDefinition, Outcome } from '../engine/contract.js';
import { allGames, gameById } from '../games/index.js';
import { soloResult } from './records/results.js';

const DAY_MS = 86_400_000;

/** How a solo game is played and told as a daily siege. */
export type DailyRules = {
  /** The options every player gets, as `/siege start` would take them. */
  options: Record<string, string>;
  /** `first`: `outcome.scores[0]`; `margin`: `scores[0] - scores[1]` (a score against a rule-driven side). */
  rankBy: 'first' | 'margin';
  /** The view field that counts the game's turns (`turn`, `round`); absent: the moves played. */
  turnsField?: string;
  turnWord: string;
  won: string;
  lost: string;
  drew: string;
};

/** One line per solo game; a solo game not listed here is served with its default options. */
const DAILY_GAMES: Record<string, Partial<DailyRules>> = {
  'kingdoms-siege': { options: {}, turnsField: 'round', turnWord: 'rounds', won: 'took the Enemy’s land', lost: 'was driven back by the Enemy', drew: 'held the Enemy to a stalemate' },
  'kingdoms-solo': { options: { difficulty: 'standard' }, rankBy: 'margin', turnsField: 'round', turnWord: 'rounds', won: 'outscored the AI kingdom', lost: 'was outscored by the AI kingdom', drew: 'tied with the AI kingdom' },
  'two-deck-siege': { options: { castle: 'square', 'thick-walls': 'off', reinforcements: '1' }, turnsField: 'turn', won: 'held the castle', lost: 'lost the castle' },
};

const DEFAULT_RULES: DailyRules = { options: {}, rankBy: 'first', turnWord: 'turns', won: 'won', lost: 'lost', drew: 'drew' };

/** The games a daily siege is offered for: every registered solo game. */
export function dailyGames(): GameDefinition[] {
  return allGames().filter((g) => g.seats.max === 1);
}

export function dailyGame(id: string): GameDefinition | null {
  const def = gameById(id);
  return def && def.seats.max === 1 ? def : null;
}

export function dailyRules(gameType: string): DailyRules {
  return { ...DEFAULT_RULES, ...DAILY_GAMES[gameType] };
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

export const formatScore = (rules: DailyRules, score: number) => `${rules.rankBy === 'margin' && score > 0 ? '+' : ''}${Number.isInteger(score) ? score : score.toFixed(1)}`;

/** "87 points", "1 point", "+5 points". */
export const pointsText = (rules: DailyRules, score: number) => `${formatScore(rules, score)} ${Math.abs(score) === 1 ? 'point' : 'points'}`;

const turnsText = (rules: DailyRules, turns: number) => `${turns} ${turns === 1 ? rules.turnWord.replace(/s$/, '') : rules.turnWord}`;

/**
 * The spoiler-free line a finished daily posts in the channel: who, how it ended, the score and
 * the turns, and the streak. Nothing about the deal.
 */
export function resultLine(input: { title: string; name: string; rules: DailyRules; outcome: Outcome | null; score: number; turns: number; streak: number }): string {
  const { rules, outcome } = input;
  const verb = outcome ? { win: rules.won, draw: rules.drew, loss: rules.lost }[soloResult(outcome)] : rules.lost;
  const streak = input.streak > 1 ? ` · 🔥 ${input.streak}-day streak` : ' · 🔥 streak: 1 day';
  return `🏰 **${input.title}** daily: ${input.name} ${verb}: ${pointsText(rules, input.score)} in ${turnsText(rules, input.turns)}${streak}`;
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
export function leaderboardLines(rules: DailyRules, entries: BoardEntry[]): string[] {
  return rankEntries(entries).map((e, i) => `\`${String(i + 1).padStart(2)}.\` **${e.name}** · ${pointsText(rules, e.score)} · ${turnsText(rules, e.turns)}`);
}
