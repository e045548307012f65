// Stats and leaderboards, read from finished games and ratings. Two-player games: rating, wins,
// losses and draws (against members and against the AI apart), the current streak, the last five.
// Solo games: games played, wins, losses and draws, best and average score.
import type { GameDefinition, Outcome, Phrase } from '../../engine/contract.js';
import { gameById } from '../../games/index.js';
import type { Db } from '../../persistence/db.js';
import type { SeatAssignment } from '../types.js';
import { english, mention, phrase, plain, titlePhrase } from '../phrases.js';
import { isProvisional, type Rating } from './glicko.js';
import { seatResult, type SeatResult } from './results.js';
import { seatOf } from '../seats.js';

/** Most recent finished games read per member for stats. */
const STATS_GAMES = 2000;
/** Most recent finished games read per game for a solo leaderboard. */
const SOLO_BOARD_GAMES = 20_000;

/** What a finished solo game ranks by (the game's `recordScore`, else `scores[0]`), or null when it has no score. */
export function recordScore(def: GameDefinition | null, outcome: Outcome | null): number | null {
  if (!outcome) return null;
  if (def?.recordScore) return def.recordScore(outcome);
  const s = outcome.scores?.[0];
  return typeof s === 'number' && Number.isFinite(s) ? s : null;
}

export type Result = SeatResult;
export type Tally = { wins: number; losses: number; draws: number };

export type PastGame = {
  id: number;
  result: Result;
  /** The other seats: member mentions, or "AI (level)"; in English, and in any language. */
  opponents: string[];
  opponentPhrases: Phrase[];
  finishedAt: Date | null;
  /** Jump link to the game's final board, when there is one. */
  link: string | null;
  /** Rating change of a rated game. */
  ratingDelta: number | null;
  score: number | null;
};

export type GameStats = {
  gameType: string;
  title: string;
  /** The game's name in any language (its catalog's title). */
  titlePhrase: Phrase;
  solo: boolean;
  rating: (Rating & { games: number }) | null;
  vsMembers: Tally;
  vsAi: Tally;
  /** e.g. { result: 'win', length: 3 }: the last three games were wins. */
  streak: { result: Result; length: number } | null;
  last: PastGame[];
  /** Solo games only. */
  played: number;
  results: Tally;
  best: number | null;
  average: number | null;
};

const tally = (): Tally => ({ wins: 0, losses: 0, draws: 0 });
const count = (t: Tally, r: Result) => { if (r === 'win') t.wins++; else if (r === 'loss') t.losses++; else t.draws++; };

function link(g: { guildId: string | null; threadId: string | null; channelId: string; boardMessageId: string | null }): string | null {
  return g.boardMessageId ? `https://discord.com/channels/${g.guildId ?? '@me'}/${g.threadId ?? g.channelId}/${g.boardMessageId}` : null;
}

/** A member's stats in each game they finished on this server (or only `gameType`), most played first. */
export async function memberStats(db: Db, guildId: string, userId: string, gameType?: string): Promise<GameStats[]> {
  const rows = await db.game.findMany({
    where: { guildId, status: 'FINISHED', players: { some: { userId } }, ...(gameType ? { gameType } : {}) },
    orderBy: [{ finishedAt: 'desc' }, { id: 'desc' }],
    take: STATS_GAMES,
    select: {
      id: true, gameType: true, seats: true, outcome: true, finishedAt: true, guildId: true, channelId: true, threadId: true, boardMessageId: true,
      ratingChanges: { where: { userId }, select: { ratingBefore: true, ratingAfter: true } },
    },
  });
  const ratings = await db.rating.findMany({ where: { guildId, userId, ...(gameType ? { gameType } : {}) } });
  const byType = new Map<string, GameStats>();
  const types = [...new Set([...rows.map((r) => r.gameType), ...ratings.map((r) => r.gameType), ...(gameType ? [gameType] : [])])];
  for (const type of types) {
    const def = gameById(type);
    const r = ratings.find((x) => x.gameType === type);
    byType.set(type, {
      gameType: type,
      title: def?.title ?? type,
      titlePhrase: titlePhrase(type, def?.title),
      solo: def ? def.seats.max === 1 : false,
      rating: r ? { rating: r.rating, rd: r.rd, vol: r.vol, games: r.games } : null,
      vsMembers: tally(), vsAi: tally(), streak: null, last: [],
      played: 0, results: tally(), best: null, average: null,
    });
  }
  const scores = new Map<string, number[]>();
  const streakRunning = new Set(types);
  for (const g of rows) {
    const stats = byType.get(g.gameType)!;
    const seats = g.seats as SeatAssignment[];
    const outcome = g.outcome as Outcome | null;
    const seat = seatOf({ seats }, userId);
    if (seat < 0 || !outcome) continue;
    const result = seatResult(outcome, seat, seats.length);
    const others = seats.filter((_, i) => i !== seat);
    const score = stats.solo ? recordScore(gameById(g.gameType), outcome) : null;
    if (stats.solo) {
      stats.played++;
      count(stats.results, result);
      if (score !== null) (scores.get(g.gameType) ?? scores.set(g.gameType, []).get(g.gameType)!).push(score);
    } else {
      count(others.some((o) => o.kind === 'ai') ? stats.vsAi : stats.vsMembers, result);
    }
    // Rows come newest first: the streak runs while results repeat.
    if (!stats.streak) stats.streak = { result, length: 1 };
    else if (streakRunning.has(g.gameType) && stats.streak.result === result) stats.streak.length++;
    else streakRunning.delete(g.gameType);
    if (stats.last.length < 5) {
      const change = g.ratingChanges[0];
      const opponentPhrases = others.map((o) => (o.kind === 'ai' ? phrase('records.ai', { level: phrase(`ai.${o.level}`) }) : plain(mention(o.userId))));
      stats.last.push({
        id: g.id,
        result,
        opponents: opponentPhrases.map(english),
        opponentPhrases,
        finishedAt: g.finishedAt,
        link: link(g),
        ratingDelta: change ? change.ratingAfter - change.ratingBefore : null,
        score,
      });
    }
  }
  for (const stats of byType.values()) {
    const list = scores.get(stats.gameType) ?? [];
    if (list.length) {
      stats.best = Math.max(...list);
      stats.average = list.reduce((a, b) => a + b, 0) / list.length;
    }
  }
  return [...byType.values()].sort((a, b) => b.played + tallyTotal(b) - (a.played + tallyTotal(a)));
}

const tallyTotal = (s: GameStats) => s.vsMembers.wins + s.vsMembers.losses + s.vsMembers.draws + s.vsAi.wins + s.vsAi.losses + s.vsAi.draws;

export type BoardEntry = { place: number; userId: string; value: number; provisional: boolean; games: number };
export type Leaderboard = { kind: 'rating' | 'score'; top: BoardEntry[]; me: BoardEntry | null; total: number };

/** Settled ratings first, then provisional ones, each by rating. */
export function orderRatings<T extends { rating: number; rd: number; userId: string }>(rows: T[]): T[] {
  return [...rows].sort(
    (a, b) => Number(isProvisional(a)) - Number(isProvisional(b)) || b.rating - a.rating || a.userId.localeCompare(b.userId),
  );
}

/** The server's top `size` in a game, and the caller's own place wherever it is. */
export async function leaderboard(db: Db, guildId: string, gameType: string, userId: string, size = 10): Promise<Leaderboard> {
  const def = gameById(gameType);
  let entries: BoardEntry[];
  let kind: Leaderboard['kind'];
  if (def && def.seats.max === 1) {
    kind = 'score';
    const rows = await db.game.findMany({
      where: { guildId, gameType, status: 'FINISHED' },
      orderBy: [{ finishedAt: 'asc' }, { id: 'asc' }],
      take: SOLO_BOARD_GAMES,
      select: { seats: true, outcome: true },
    });
    const best = new Map<string, { value: number; games: number }>();
    for (const g of rows) {
      const seat = (g.seats as SeatAssignment[])[0];
      const score = recordScore(def, g.outcome as Outcome | null);
      if (seat?.kind !== 'human') continue;
      const b = best.get(seat.userId);
      // The earlier of equal scores keeps its place.
      if (!b) best.set(seat.userId, { value: score ?? -Infinity, games: 1 });
      else best.set(seat.userId, { value: score !== null && score > b.value ? score : b.value, games: b.games + 1 });
    }
    entries = [...best.entries()]
      .filter(([, b]) => Number.isFinite(b.value))
      .sort((a, b) => b[1].value - a[1].value)
      .map(([id, b], i) => ({ place: i + 1, userId: id, value: b.value, provisional: false, games: b.games }));
  } else {
    kind = 'rating';
    const rows = await db.rating.findMany({ where: { guildId, gameType } });
    entries = orderRatings(rows).map((r, i) => ({ place: i + 1, userId: r.userId, value: r.rating, provisional: isProvisional(r), games: r.games }));
  }
  return { kind, top: entries.slice(0, size), me: entries.find((e) => e.userId === userId) ?? null, total: entries.length };
}
