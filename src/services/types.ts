import type { AiLevel, GameDefinition, Outcome, Seat, SeatSettings } from '../engine/contract.js';
import type { Db } from '../persistence/db.js';
import type { Logger } from '../config/logger.js';
import type { Replay, ReplayRequest } from '../render/replay.js';

/** Who sits in a seat: a Discord user, or an AI at a level. */
export type SeatAssignment = { kind: 'human'; userId: string } | { kind: 'ai'; level: AiLevel };

export type GameFront = 'discord' | 'local';

/**
 * The tournament a game is played for (src/tournaments/), kept with its options as the daily mark
 * is: what its thread's name and its board's footer say.
 */
export type TournamentTag = { tournamentId: number; name: string; round: number };

/** The tournament a game is played for, or null. */
export function tournamentTagOf(game: Pick<GameSnapshot, 'options'>): TournamentTag | null {
  const tag = (game.options as { tournament?: Partial<TournamentTag> } | null)?.tournament;
  return tag && typeof tag.tournamentId === 'number' && typeof tag.name === 'string' && typeof tag.round === 'number'
    ? { tournamentId: tag.tournamentId, name: tag.name, round: tag.round }
    : null;
}

/** The one player of local play (no Discord): the person at the machine the bot runs on. */
export const LOCAL_PLAYER = 'local';

/** Marks AI seats in `toActUserIds`, so "an AI owes a move" is one indexed query. */
export const AI_MARK = 'ai';

export type GameSnapshot = {
  id: number;
  gameType: string;
  guildId: string | null;
  channelId: string;
  threadId: string | null;
  boardMessageId: string | null;
  /** The version at which the board message was posted: later moves are the steps of this turn. */
  boardVersion: number | null;
  /** The version the board message shows now: behind `version` after a crash between a move and its board. */
  boardShownVersion?: number | null;
  status: 'ACTIVE' | 'FINISHED';
  seats: SeatAssignment[];
  options: unknown;
  seed: string;
  state: unknown;
  /** Each seat's own settings (a standing defence policy): not part of the state. Absent: none set. */
  seatSettings?: SeatSettings[];
  version: number;
  /** The moves standing (played, less those undone or taken back): the move count players see. */
  moveCount: number;
  outcome: Outcome | null;
  toActUserIds: string[];
  /** Seconds per turn, or null: no clock. */
  clockSeconds: number | null;
  turnStartedAt: Date | null;
  deadlineAt: Date | null;
  /** When the deadline passed unanswered: the opponents may claim the win. */
  timedOutAt: Date | null;
  /** When the game's waiting reminder and timeout jobs come due, as stored (absent: not read; then they are armed again). */
  clockJobs?: { reminderAt: Date | null; timeoutAt: Date | null };
  /** The token of the game's watch page, /g/<token> (random, unguessable). */
  watchToken: string | null;
  /** Where the game is played: on Discord, or in local play on the bot's own HTTP server. */
  front: GameFront;
  createdAt: Date;
  updatedAt: Date;
  /**
   * What the game's clock, board and notices need to know of its players, read with the game in
   * the same statement: their vacations not yet over, and who wants a DM on their turn. Absent
   * on a game built otherwise; then they are read when needed.
   */
  players?: PlayerFacts;
};

export type PlayerFacts = {
  vacations: { userId: string; startsAt: Date; endsAt: Date }[];
  /** Players who asked for a DM on their turn and whose DMs have not failed. */
  dmUserIds: string[];
};

export interface AiMover {
  chooseMove(gameId: string, state: unknown, seat: Seat, level: AiLevel, budget: { timeMs: number; seed: string }): Promise<unknown>;
}

/** Draws a replay from a finished game's log (the render pool's `replay`). */
export type ReplayMaker = (request: ReplayRequest) => Promise<Replay | null>;

export type ServiceDeps = {
  db: Db;
  log: Logger;
  ai: AiMover;
  now: () => Date;
  /** A fresh game seed. Tests fix it, so that every game they start can be replayed. */
  newSeed: () => string;
  challengeExpiryMs: number;
  /** Draws a finished game's replay in a render worker; without it, replays are not offered. */
  makeReplay?: ReplayMaker;
};

export type Actor = { kind: 'user'; userId: string } | { kind: 'ai'; seat: Seat };

export type GameWithDef = { game: GameSnapshot; def: GameDefinition };
