// What the game master tells whoever listens, once a change is saved: typed events. The front ends
// (Discord, the web) subscribe when the app is composed, and anything later (the tournaments) may
// subscribe after; each hears every event and keeps what concerns it. A front end that caused a
// change names itself in the event's `origin`, as plain data: an adapter keeps its own record of
// how to answer there (Discord: the press under way, by interaction id), so that nothing of an
// adapter ever travels through the master. The answer of the origin's subscriber to a board event
// is the receipt the verb returns.
import type { GameDefinition, Outcome, Phrase } from '../engine/contract.js';
import type { ChallengeRow } from '../services/challenges.js';
import type { DailyAttempt } from '../services/daily.js';
import type { MoveApplied } from '../services/games.js';
import type { GameSnapshot } from '../services/types.js';

/** The front end that caused a change, and which of its interactions: data only. */
export type ChangeOrigin = {
  /** The front end, as its subscriber names itself ('discord', 'web'). */
  front: string;
  /** The interaction that caused the change (a press, a command), where the front end answers interactions. */
  interactionId?: string;
  /** When that interaction was made (ms since the epoch): the move-to-board time is measured from it. */
  startedAt?: number;
  /** The board message pressed, when the press's own answer retires it. */
  pressedBoardId?: string;
  /** The board message a takeback was asked on (it stops offering it). */
  askedOnBoardId?: string;
};

/**
 * The origin as the subscribers hear it: its fields of data, copied. Whatever else a caller hung
 * on the object it passed (a closure of its adapter) stays behind: only data travels.
 */
export function plainOrigin(origin: ChangeOrigin): ChangeOrigin {
  const copy: ChangeOrigin = { front: String(origin.front) };
  if (typeof origin.interactionId === 'string') copy.interactionId = origin.interactionId;
  if (typeof origin.startedAt === 'number') copy.startedAt = origin.startedAt;
  if (typeof origin.pressedBoardId === 'string') copy.pressedBoardId = origin.pressedBoardId;
  if (typeof origin.askedOnBoardId === 'string') copy.askedOnBoardId = origin.askedOnBoardId;
  return copy;
}

/** What JSON can hold: an origin that compiles as this carries no function of an adapter. */
type PlainData = string | number | boolean | null | undefined | readonly PlainData[] | { readonly [key: string]: PlainData };
type MustBePlain<T extends PlainData> = T;
/** Fails to compile as soon as a field of ChangeOrigin could hold a function (or any non-data). */
export type PlainOrigin = MustBePlain<ChangeOrigin>;

/** The first board of a new game (its place may have to be opened first). */
export type GameStarted = {
  type: 'game-started';
  game: GameSnapshot;
  /** "Game #4 begins", in English; the phrase says it in any language (services' catalog). */
  headline: string;
  headlinePhrase: Phrase;
  /** The members the first board mentions. */
  ping: string[];
  /** A daily siege's first board: its day, and whether it is the unranked practice. */
  daily?: { day: string; ranked: boolean };
  origin?: ChangeOrigin;
};

/** The same turn goes on (a step, a player's own setting): the board changes in place. */
export type Moved = {
  type: 'moved';
  game: GameSnapshot;
  previous: GameSnapshot;
  /** The saved moves, oldest first; none when only a setting changed (the same board, redrawn). */
  moves: MoveApplied[];
  origin?: ChangeOrigin;
};

/** What a new board says, and what the board it replaces says it became. */
type NewBoard = {
  game: GameSnapshot;
  /** The game before the change. */
  previous: GameSnapshot;
  /** The saved moves this event announces, oldest first (none for an undo, a resignation, a timeout…). */
  moves: MoveApplied[];
  /** A line above the board's log ("Red (<@1>) resigned."), in English; the phrase in any language. */
  headline?: string;
  headlinePhrase?: Phrase;
  /** What the replaced board says it became ("Red (<@1>) played F7 E."), in English; the phrase in any language. */
  retiredText?: string;
  retiredPhrase?: Phrase;
  /** The members this event newly hands the game to: the only ones its board mentions. */
  ping: string[];
  origin?: ChangeOrigin;
};

/** Someone else must act now, or a move was undone or taken back: a new board. */
export type HandedOver = NewBoard & { type: 'handed-over' };

/** The game is over, however it ended (a move, a resignation, a clock, a daily's close): the final board. */
export type Finished = NewBoard & { type: 'finished'; outcome: Outcome };

/** What happened to a game's board. */
export type BoardEvent = GameStarted | Moved | HandedOver | Finished;

/** Said in a game's place (or, for a daily result, its server's channel) besides its boards. */
export type Notice =
  | { type: 'reminder'; game: GameSnapshot; userIds: string[]; late: boolean }
  | { type: 'timed-out'; game: GameSnapshot; lateIds: string[]; otherIds: string[]; graceEndsAt: Date }
  | { type: 'takeback-asked'; game: GameSnapshot; version: number; notation: string; notationPhrase?: Phrase | null; moverId: string; opponentId: string; origin?: ChangeOrigin }
  | { type: 'vacation'; game: GameSnapshot; userId: string; until: Date | null }
  | { type: 'challenge-expired'; challenge: ChallengeRow }
  | { type: 'daily-result'; game: GameSnapshot; def: GameDefinition; attempt: DailyAttempt & { score: number; turns: number }; streak: number; channelId: string };

/** Everything the master tells its subscribers. */
export type MasterEvent = BoardEvent | Notice;

const BOARD_EVENTS: ReadonlySet<MasterEvent['type']> = new Set<BoardEvent['type']>(['game-started', 'moved', 'handed-over', 'finished']);

/** Whether an event changed a game's board (else it is a notice). */
export function isBoardEvent(event: MasterEvent): event is BoardEvent {
  return BOARD_EVENTS.has(event.type);
}

/** What the subscriber of a front end did with a board event: whether its board is out, and where (a thread, a page). */
export type Receipt = { shown: boolean; where?: string | null };

export interface MasterSubscriber {
  /** The front end it serves, as origins name it (any name for a listener that serves none). */
  readonly front: string;
  /**
   * Hears an event once it is saved. Its answer to a board event that came from its own front
   * end is that verb's receipt; a notice, or an event from elsewhere, needs none.
   */
  hear(event: MasterEvent): Promise<Receipt | void>;
}
