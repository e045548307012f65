// Reading and writing games. Every write of a game's state goes through `commitState`, which
// checks the version it read (optimistic concurrency) and appends the move log in the same
// transaction (saveGame.ts adds the ratings of a game it ends).
import type { GameDefinition, Outcome, SeatSettings, SeatSpec } from '../engine/contract.js';
import type { Db, DbOrTx } from '../persistence/db.js';
import type { Prisma } from '../persistence/db.js';
import { AI_MARK, type GameSnapshot, type SeatAssignment } from './types.js';

export function toSnapshot(row: any): GameSnapshot {
  return {
    id: row.id,
    gameType: row.gameType,
    guildId: row.guildId,
    channelId: row.channelId,
    threadId: row.threadId,
    boardMessageId: row.boardMessageId,
    boardVersion: row.boardVersion ?? null,
    boardShownVersion: row.boardShownVersion ?? null,
    status: row.status,
    seats: row.seats as SeatAssignment[],
    options: row.options,
    seed: row.seed,
    state: row.state,
    seatSettings: Array.isArray(row.seatSettings) ? (row.seatSettings as SeatSettings[]) : [],
    version: row.version,
    moveCount: row.moveCount ?? 0,
    outcome: (row.outcome ?? null) as Outcome | null,
    toActUserIds: row.toActUserIds ?? [],
    clockSeconds: row.clockSeconds ?? null,
    turnStartedAt: row.turnStartedAt ?? null,
    deadlineAt: row.deadlineAt ?? null,
    timedOutAt: row.timedOutAt ?? null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export function seatSpecs(seats: SeatAssignment[]): SeatSpec[] {
  return seats.map((s) => (s.kind === 'ai' ? { kind: 'ai', level: s.level } : { kind: 'human' }));
}

/** The user ids (or the AI mark) of whoever must act in a state. */
export function toActUserIds(def: GameDefinition, state: unknown, seats: SeatAssignment[]): string[] {
  const ids = def.toAct(state).map((seat) => {
    const s = seats[seat];
    return !s ? null : s.kind === 'ai' ? AI_MARK : s.userId;
  });
  return [...new Set(ids.filter((x): x is string => x !== null))];
}

export class VersionConflict extends Error {}

export async function loadGame(db: Db, id: number): Promise<GameSnapshot | null> {
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return null;
  const row = await db.game.findUnique({ where: { id } });
  return row ? toSnapshot(row) : null;
}

export async function insertGame(
  db: DbOrTx,
  data: {
    gameType: string;
    guildId: string | null;
    channelId: string;
    threadId?: string | null;
    seats: SeatAssignment[];
    options: unknown;
    seed: string;
    state: unknown;
    seatSettings: SeatSettings[];
    toActUserIds: string[];
    status: 'ACTIVE' | 'FINISHED';
    outcome: Outcome | null;
    clockSeconds: number | null;
    turnStartedAt: Date | null;
    deadlineAt: Date | null;
  },
): Promise<GameSnapshot> {
  const row = await db.game.create({
    data: {
      gameType: data.gameType,
      guildId: data.guildId,
      channelId: data.channelId,
      threadId: data.threadId ?? null,
      seats: data.seats as any,
      options: data.options as any,
      seed: data.seed,
      state: data.state as any,
      seatSettings: data.seatSettings as any,
      toActUserIds: data.toActUserIds,
      status: data.status,
      outcome: (data.outcome ?? undefined) as any,
      clockSeconds: data.clockSeconds,
      turnStartedAt: data.turnStartedAt,
      deadlineAt: data.deadlineAt,
      // A game over before its first move has nothing to rate.
      recordedAt: data.status === 'FINISHED' ? new Date() : null,
      players: {
        create: data.seats.flatMap((s, seat) => (s.kind === 'human' ? [{ seat, userId: s.userId }] : [])),
      },
    },
  });
  return toSnapshot(row);
}

/** A row of the move log as a commit writes it. */
export type MoveRow = { seat: number; move: unknown; notation: string; userId: string | null; kind?: 'move' | 'undo' | 'takeback'; revealed?: boolean; eventTexts?: string[] };

/**
 * Applies a new state on top of `expectedVersion`, or throws VersionConflict when another
 * writer got there first. The move row (when given) lands in the same transaction, and after it
 * the `followUps`: moves that answered it at once (a standing setting's answer), one version each.
 */
export async function commitState(
  db: Db,
  game: GameSnapshot,
  change: {
    state: unknown;
    toActUserIds: string[];
    outcome: Outcome | null;
    /** `kind`: "move" (default), or "undo"/"takeback", which cancel the latest standing move. */
    move?: MoveRow;
    followUps?: MoveRow[];
    /** A new turn's clock; absent, the running turn keeps its deadline. */
    turn?: { startedAt: Date | null; deadlineAt: Date | null };
  },
  now: Date,
  /** More writes in the same transaction, after the game's (the ratings of a game it ends). */
  alongside?: (tx: Prisma.TransactionClient) => Promise<unknown>,
): Promise<GameSnapshot> {
  const finished = change.outcome !== null;
  const rows = change.move ? [change.move, ...(change.followUps ?? [])] : [];
  const nextVersion = game.version + Math.max(1, rows.length);
  return db.$transaction(async (tx) => {
    // `update` with the version in its filter returns the new row in the same statement; a row
    // another writer moved on matches nothing (P2025).
    const row = await tx.game.update({
      where: { id: game.id, version: game.version, status: 'ACTIVE' },
      data: {
        state: change.state as any,
        version: nextVersion,
        // A move adds a standing move; an undo or a takeback cancels one; other steps neither.
        moveCount: change.move ? (change.move.kind === 'undo' || change.move.kind === 'takeback' ? { decrement: 1 } : { increment: 1 }) : undefined,
        toActUserIds: change.toActUserIds,
        status: finished ? 'FINISHED' : 'ACTIVE',
        outcome: finished ? (change.outcome as any) : undefined,
        finishedAt: finished ? now : undefined,
        turnStartedAt: finished ? null : change.turn ? change.turn.startedAt : undefined,
        deadlineAt: finished ? null : change.turn ? change.turn.deadlineAt : undefined,
        // A move by the player who ran out of time withdraws the opponent's claim to the win.
        timedOutAt: finished || change.turn ? null : undefined,
      },
    }).catch((e: unknown) => {
      if ((e as { code?: unknown }).code === 'P2025') throw new VersionConflict(`game ${game.id} moved past version ${game.version}`);
      throw e;
    });
    // Each row is the move that made its version: the first one version after the game's.
    const data = rows.map((m, i) => ({
      gameId: game.id,
      seq: game.version + 1 + i,
      seat: m.seat,
      move: m.move as any,
      notation: m.notation,
      userId: m.userId,
      kind: m.kind ?? 'move',
      revealed: m.revealed ?? false,
      eventTexts: m.eventTexts ?? [],
      createdAt: now,
    }));
    if (data.length === 1) await tx.move.create({ data: data[0]! });
    else if (data.length > 1) await tx.move.createMany({ data });
    await alongside?.(tx);
    return toSnapshot(row);
  });
}
