// A game's past, rebuilt from its seed and move log and never stored twice: the move list as
// players read it (who moved, what, when; moves later undone or taken back marked so), and the
// position after any standing move, as one viewer may see it.
import type { GameDefinition, Phrase } from '../../engine/contract.js';
import type { Db } from '../../persistence/db.js';
import { describeSeat } from '../games.js';
import { describeSeatPhrase, storedPhrase } from '../phrases.js';
import { isMoveRow, replayStates } from '../replay.js';
import type { GameSnapshot } from '../types.js';

export type HistoryEntry = {
  seq: number;
  kind: 'move' | 'undo' | 'takeback';
  seat: number;
  /** "Red (<@1>)", "Blue (AI, easy)": in English, and in any language. */
  who: string;
  whoPhrase: Phrase;
  notation: string;
  /** The move in words (for an undo or a takeback: the move it cancelled), or null on older rows. */
  notationPhrase: Phrase | null;
  at: Date;
  /** A move later cancelled by an undo or an accepted takeback. */
  cancelled: boolean;
  /**
   * The move's number in the game as it was played: the moves standing once it was made (a move
   * made again after an undo takes the number of the one it replaces). For an undo or a takeback,
   * the number of the move it cancelled.
   */
  number: number;
  /** What the move did, as its events said it (the English text, and its phrase when it has one). */
  events: { text: string; phrase: Phrase | null }[];
};

type LogRow = { seq: number; seat: number; move: unknown; notation: string; notationPhrase?: unknown; kind: string; createdAt: Date; eventTexts?: string[]; eventPhrases?: unknown };

export async function moveLogOf(db: Db, gameId: number): Promise<LogRow[]> {
  return db.move.findMany({ where: { gameId }, orderBy: { seq: 'asc' }, select: { seq: true, seat: true, move: true, notation: true, notationPhrase: true, kind: true, createdAt: true, eventTexts: true, eventPhrases: true } });
}

export function historyEntries(def: GameDefinition, game: GameSnapshot, log: LogRow[]): HistoryEntry[] {
  const entries: HistoryEntry[] = [];
  const standing: number[] = [];
  for (const row of log) {
    const kind = row.kind === 'undo' || row.kind === 'takeback' ? row.kind : 'move';
    let number: number;
    if (isMoveRow(row)) {
      standing.push(entries.length);
      number = standing.length;
    } else {
      number = standing.length;
      const undone = standing.pop();
      if (undone !== undefined) entries[undone]!.cancelled = true;
    }
    entries.push({ seq: row.seq, kind, seat: row.seat, who: describeSeat(def, game, row.seat), whoPhrase: describeSeatPhrase(def, game, row.seat), notation: row.notation, notationPhrase: storedPhrase(row.notationPhrase), at: row.createdAt, cancelled: false, number, events: eventsOf(row) });
  }
  return entries;
}

/** A row's events: each text beside its phrase (stored side by side; rows older than phrases have none). */
function eventsOf(row: LogRow): HistoryEntry['events'] {
  const phrases = Array.isArray(row.eventPhrases) ? (row.eventPhrases as unknown[]) : [];
  return (row.eventTexts ?? []).map((text, i) => {
    const phrase = phrases[i];
    return { text, phrase: phrase && typeof phrase === 'object' && typeof (phrase as Phrase).key === 'string' ? (phrase as Phrase) : null };
  });
}

/** The move count players see (the moves standing), and how many moves were undone or taken back. */
export function moveCounts(entries: HistoryEntry[]): { standing: number; cancelled: number } {
  const moves = entries.filter((e) => e.kind === 'move');
  const cancelled = moves.filter((e) => e.cancelled).length;
  return { standing: moves.length - cancelled, cancelled };
}

/**
 * States after each standing move, by game and version: stepping through a review replays once.
 * A game is named by its id and its random watch token (or its creation time and seed): one
 * process may serve several databases (the tests do), where the same id names other games.
 */
const cache = new Map<string, unknown[]>();
const CACHE_GAMES = 16;

export function positionsOf(def: GameDefinition, game: GameSnapshot, log: LogRow[]): unknown[] {
  const key = `${game.id}:${game.version}:${game.watchToken ?? `${game.createdAt.getTime()}:${game.seed}`}`;
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const states = replayStates(def, game.seed, game.seats, game.options, log);
  cache.set(key, states);
  while (cache.size > CACHE_GAMES) cache.delete(cache.keys().next().value!);
  return states;
}

export type ReviewPosition = {
  /** 0 is the start; n is after the n-th standing move. */
  index: number;
  /** The last position this review may show (a running game: where it stood when the review opened). */
  last: number;
  view: object;
  /** The standing move that led here (none at the start). */
  move: HistoryEntry | null;
};

/** The position `index` (clamped to 0…`upTo`) of a game, as `seat` sees it (undefined: the public view). */
export function reviewPosition(def: GameDefinition, game: GameSnapshot, log: LogRow[], upTo: number, index: number, seat: number | undefined): ReviewPosition {
  const states = positionsOf(def, game, log);
  const last = Math.min(upTo, states.length - 1);
  const at = Math.max(0, Math.min(index, last));
  const standing = historyEntries(def, game, log).filter((e) => e.kind === 'move' && !e.cancelled);
  return { index: at, last, view: def.view(states[at], seat), move: at > 0 ? (standing[at - 1] ?? null) : null };
}

/** Every position of a finished game as its replay shows it: the public view (a solo game: its player's). */
export function replayViews(def: GameDefinition, game: GameSnapshot, log: LogRow[]): object[] {
  const seat = def.seats.max === 1 ? 0 : undefined;
  return positionsOf(def, game, log).map((s) => def.view(s, seat));
}
