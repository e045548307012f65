// Who may see a game's positions, moves and board now: the one rule that every command and button
// showing any of them asks first (the board, the history, the review, a replay on request).
//   - A daily siege's deal is the same for everyone that day: until the day's daily closes (the
//     end of its UTC day plus 24 hours), nobody but its player sees any of it, finished or not.
//     The day's leaderboard shows scores only.
//   - An arena tournament's deal (a solo game of a tournament) is the same for all its players:
//     until the arena is over, nobody but its player sees any of it either.
//   - Otherwise anyone in the server may look: players of a running game as their own seat, others
//     as the board is posted for all (the public view; a solo game's board shows its only seat).
//     That holds for a running game's past positions too (a review), as on its watch page: each
//     was on the public board when it was current; what a seat may not see (a deck's order, a
//     hand) is not in the public view, then or now.
import type { Phrase, Seat } from '../engine/contract.js';
import { isDailyGame } from './daily.js';
import { closesAt, utcDay } from './dailyRules.js';
import type { GameService } from './games.js';
import { tournamentTagOf, type GameSnapshot, type ServiceDeps } from './types.js';
import { refusal, timestamp } from './phrases.js';
import { seatOf } from './seats.js';

/** What of a game a viewer asks to see: its current board, its move list, or its past positions. */
export type GameLook = 'board' | 'moves' | 'positions';

/** The answer: the seat whose view the viewer gets (undefined: the public view), or why not (in English, and as a phrase). */
export type GameSight =
  | { ok: true; seat: Seat | undefined; player: boolean }
  | { ok: false; message: string; phrase: Phrase };

export function createVisibilityService(deps: Pick<ServiceDeps, 'db' | 'now'>, games: Pick<GameService, 'defOf'>) {
  /** When a daily game's deal stops being secret: the close of its day's daily. */
  async function dailySecretUntil(game: GameSnapshot): Promise<Date> {
    const attempt = await deps.db.dailyAttempt.findUnique({ where: { gameId: game.id }, select: { closesAt: true } });
    // A game is created on its attempt's day or later, so its own day never closes earlier.
    return attempt?.closesAt ?? closesAt(utcDay(game.createdAt));
  }

  /** Whether a game is an arena's deal whose arena is not over yet (src/tournaments/arena.ts). */
  async function arenaSecret(game: GameSnapshot): Promise<boolean> {
    const tag = tournamentTagOf(game);
    if (!tag || game.seats.length !== 1) return false;
    const t = await deps.db.tournament.findUnique({ where: { id: tag.tournamentId }, select: { status: true } });
    return t !== null && (t.status === 'SIGNUP' || t.status === 'RUNNING');
  }

  /**
   * Who may see this game's positions, moves and board now, and as which seat: `look` says what
   * `viewerId` asks to see (one rule answers all three today). Every view of a game's positions,
   * moves or board asks this first.
   */
  async function gameSightFor(game: GameSnapshot, viewerId: string, look: GameLook): Promise<GameSight> {
    const def = games.defOf(game);
    const mine = seatOf(game, viewerId);
    const player = mine >= 0;
    if (!player && isDailyGame(game)) {
      const until = await dailySecretUntil(game);
      if (deps.now() < until) {
        return { ok: false, ...refusal('visibility.dailySecret', { id: game.id, until: timestamp(until, 'R'), command: '`/siege daily leaderboard`' }) };
      }
    }
    if (!player && (await arenaSecret(game))) return { ok: false, ...refusal('visibility.arenaSecret', { id: game.id }) };
    const solo = def.seats.max === 1;
    if (game.status === 'ACTIVE') return { ok: true, seat: player ? mine : solo ? 0 : undefined, player };
    // A finished game is shown as everyone saw it (a solo game as its player did).
    return { ok: true, seat: solo ? 0 : undefined, player };
  }

  /**
   * Whether a game's watch page (and its board, moves and events on the web) may be served to
   * anyone: not while its day's daily (or its arena) is secret, and not for a server that turned its watch
   * pages off. What is served is the public view only (no seat's hand, no deck order).
   */
  async function watchable(game: GameSnapshot): Promise<boolean> {
    if (game.guildId) {
      const settings = await deps.db.guildSettings.findUnique({ where: { guildId: game.guildId }, select: { webEnabled: true } });
      if (settings && !settings.webEnabled) return false;
    }
    if (await arenaSecret(game)) return false;
    return !isDailyGame(game) || deps.now() >= (await dailySecretUntil(game));
  }

  return { gameSightFor, watchable };
}

export type VisibilityService = ReturnType<typeof createVisibilityService>;
