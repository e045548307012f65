// What the game master tells the front ends, and what it asks of the job queue. The master knows
// no front end: each one (Discord, the web) gives it a publisher, and it hands every change of a
// game to all of them through this one port. A front end that caused a change names itself in
// the change's `origin`, with whatever its own publisher needs to answer there (the press that
// made the move); the other publishers ignore it.
import type { GameDefinition, Phrase } from '../engine/contract.js';
import type { DailyAttempt } from '../services/daily.js';
import type { ChallengeRow } from '../services/challenges.js';
import type { MoveApplied } from '../services/games.js';
import type { GameSnapshot } from '../services/types.js';

/** The front end that caused a change, and what its publisher needs to answer there. */
export type ChangeOrigin = { front: string; [detail: string]: unknown };

/**
 * What happened to a game's board.
 *   started       the first board (a thread may have to be opened first);
 *   board-changed the same turn goes on (a step, a player's setting): the board changes in place;
 *   hand-over     someone else must act now (or a move was undone or taken back): a new board;
 *   finished      the game is over: the final board, with its result.
 */
export type GameChange = {
  kind: 'started' | 'board-changed' | 'hand-over' | 'finished';
  game: GameSnapshot;
  /** The game before the change (absent at the start). */
  previous?: GameSnapshot;
  /** The saved moves this change announces, oldest first (none for a resignation, a timeout…). */
  moves: MoveApplied[];
  /** A line above the board's log ("Game #4 begins", "Red (<@1>) resigned."), in English. */
  headline?: string;
  /** The headline in any language (services' catalog; said in the namespace 'services'). */
  headlinePhrase?: Phrase;
  /** What the board this one replaces says it became ("Red (<@1>) played F7 E."), in English. */
  retiredText?: string;
  /** The retired board's line in any language. */
  retiredPhrase?: Phrase;
  /** The members this change newly hands the game to: the only ones its board mentions. */
  ping: string[];
  /** A daily siege's first board: its day, and whether it is the unranked practice. */
  daily?: { day: string; ranked: boolean };
  origin?: ChangeOrigin;
};

/** Said in a game's place (or, for a daily result, its server's channel) besides its boards. */
export type Notice =
  | { kind: 'reminder'; game: GameSnapshot; userIds: string[]; late: boolean }
  | { kind: 'timed-out'; game: GameSnapshot; lateIds: string[]; otherIds: string[]; graceEndsAt: Date }
  | { kind: 'takeback-asked'; game: GameSnapshot; version: number; notation: string; moverId: string; opponentId: string; origin?: ChangeOrigin }
  | { kind: 'vacation'; game: GameSnapshot; userId: string; until: Date | null }
  | { kind: 'challenge-expired'; challenge: ChallengeRow }
  | { kind: 'daily-result'; game: GameSnapshot; def: GameDefinition; attempt: DailyAttempt & { score: number; turns: number }; streak: number; channelId: string };

/** What a publisher did with a change: whether its board is out, and where (a thread, a page). */
export type PublishReceipt = { shown: boolean; where?: string | null };

export interface GamePublisher {
  /** The front end this publisher serves, as origins name it. */
  readonly front: string;
  changed(change: GameChange): Promise<PublishReceipt>;
  notice(notice: Notice): Promise<void>;
}

/** The jobs that must happen later (src/scheduling implements this). */
export interface JobPort {
  /** Arms a game's reminder and timeout jobs for its current turn; false when nothing was armed. */
  armGame(game: GameSnapshot, graceMs: number): Promise<boolean>;
  armChallenge(challenge: { id: number; guildId: string; expiresAt: Date }): Promise<void>;
  /** Records that an AI owes a move in this game, and wakes the worker for it. */
  aiTurn(game: Pick<GameSnapshot, 'id' | 'guildId'>): Promise<void>;
  armDailyClose(game: Pick<GameSnapshot, 'id' | 'guildId'>, at: Date): Promise<void>;
  /** Whether this process serves the guild (its jobs and presses come here). */
  servesGuild(guildId: string | null): boolean;
}

/** The stored jobs as they come due (the scheduler calls these; the master judges each). */
export type JobHandlers = {
  reminder(job: { gameId: number; version: number }): Promise<void>;
  timeout(job: { guildId: string | null; gameId: number; version: number; stage: 'deadline' | 'grace' }): Promise<void>;
  challenge(job: { challengeId: number }): Promise<void>;
  aiTurn(job: { gameId: number }): Promise<void>;
  dailyClose(job: { gameId: number }): Promise<void>;
};
