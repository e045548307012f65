// Reading and writing games. Every write of a game's state goes through `commitState`, which
// checks the version it read (optimistic concurrency) and appends the move log in the same
// transaction (saveGame.ts adds the ratings of a game it ends).
import type { GameDefinition, Outcome, Phrase, SeatSettings, SeatSpec } from '../engine/contract.js';
import { hotQuery, sql, type Db, type DbOrTx } from '../persistence/db.js';
import type { Prisma } from '../persistence/db.js';
import { randomBytes } from 'node:crypto';
import { AI_MARK, type GameFront, type GameSnapshot, type PlayerFacts, type SeatAssignment } from './types.js';

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
    clockJobs: { reminderAt: row.reminderJobAt ?? null, timeoutAt: row.timeoutJobAt ?? null },
    watchToken: row.watchToken ?? null,
    front: row.front === 'local' ? 'local' : 'discord',
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

/** A timestamp inside a JSON value (no zone: the columns hold UTC) as a Date. */
const utc = (text: string) => new Date(text.endsWith('Z') ? text : `${text}Z`);

const LOAD_GAME = sql`
    SELECT g.*,
      (SELECT coalesce(json_agg(json_build_object('userId', v."userId", 'startsAt', v."startsAt", 'endsAt', v."endsAt")), '[]'::json)
         FROM "Vacation" v WHERE v."userId" IN (SELECT p."userId" FROM "GamePlayer" p WHERE p."gameId" = g.id)
           AND v."endsAt" > ($1::timestamptz AT TIME ZONE 'UTC')) AS "playerVacations",
      (SELECT coalesce(array_agg(u."userId"), '{}') FROM "UserSettings" u
         WHERE u."userId" IN (SELECT p."userId" FROM "GamePlayer" p WHERE p."gameId" = g.id) AND u."dmNotify" AND u."dmFailedAt" IS NULL) AS "dmUserIds"
    FROM "Game" g WHERE g.id = $2`;

/**
 * A game, with its players' facts (vacations not over at `at`, DM wishes) in the same statement:
 * a move then needs no other read for its clock, its board and its notices.
 */
export async function loadGame(db: Db, id: number, at: Date = new Date()): Promise<GameSnapshot | null> {
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return null;
  const rows = await hotQuery<Record<string, unknown> & { playerVacations: { userId: string; startsAt: string; endsAt: string }[]; dmUserIds: string[] }>(db, 'siege_load_game', LOAD_GAME, [at.toISOString(), id]);
  const row = rows[0];
  if (!row) return null;
  const players: PlayerFacts = {
    vacations: row.playerVacations.map((v) => ({ userId: v.userId, startsAt: utc(v.startsAt), endsAt: utc(v.endsAt) })),
    dmUserIds: row.dmUserIds,
  };
  return { ...toSnapshot(row), players };
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
    front?: GameFront;
  },
): Promise<GameSnapshot> {
  const row = await db.game.create({
    data: {
      // 144 random bits: the watch page's address cannot be guessed.
      watchToken: randomBytes(18).toString('base64url'),
      front: data.front ?? 'discord',
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
export type MoveRow = { seat: number; move: unknown; notation: string; notationPhrase?: Phrase | null; userId: string | null; kind?: 'move' | 'undo' | 'takeback'; revealed?: boolean; eventTexts?: string[]; eventPhrases?: (Phrase | null)[] };

/**
 * Applies a new state on top of the version `game` was read at, or throws VersionConflict when
 * another writer got there first. The game's row and its move rows (the move, then the
 * `followUps`: moves that answered it at once, one version each) are written by one statement, so
 * they land together or not at all without a transaction's extra round trips on every move. With
 * `alongside` (the ratings of a game the change ends) both run in one transaction.
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
  const write = async (q: DbOrTx) => {
    const rows = await writeState(q, game, change, now);
    if (!rows[0]) throw new VersionConflict(`game ${game.id} moved past version ${game.version}`);
    // The state is the one just written (not read back): the same object the move produced,
    // whose legal moves the board's buttons may have worked out already.
    return { ...toSnapshot({ ...rows[0], state: change.state }), ...(game.players ? { players: game.players } : {}) };
  };
  if (!alongside) return write(db);
  return db.$transaction(async (tx) => {
    const saved = await write(tx);
    await alongside(tx);
    return saved;
  });
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** The one statement of a commit: the version-checked update of the game, and its move rows. */
function writeState(q: DbOrTx, game: GameSnapshot, change: Parameters<typeof commitState>[2], now: Date) {
  const finished = change.outcome !== null;
  const rows = change.move ? [change.move, ...(change.followUps ?? [])] : [];
  const nextVersion = game.version + Math.max(1, rows.length);
  // A move adds a standing move; an undo or a takeback cancels one; other steps neither.
  const delta = !change.move ? 0 : change.move.kind === 'undo' || change.move.kind === 'takeback' ? -1 : 1;
  // Each row is the move that made its version: the first one version after the game's.
  const moveRows = rows.map((m, i) => ({
    seq: game.version + 1 + i,
    seat: m.seat,
    move: m.move ?? null,
    notation: m.notation,
    notationPhrase: m.notationPhrase ?? null,
    userId: m.userId,
    kind: m.kind ?? 'move',
    revealed: m.revealed ?? false,
    eventTexts: m.eventTexts ?? [],
    eventPhrases: m.eventPhrases ?? [],
  }));
  const turn = change.turn !== undefined;
  return hotQuery<Record<string, unknown>>(q, 'siege_commit_state', COMMIT_STATE, [
    JSON.stringify(change.state),
    nextVersion,
    delta,
    change.toActUserIds,
    finished ? 'FINISHED' : 'ACTIVE',
    finished,
    JSON.stringify(change.outcome),
    now.toISOString(),
    turn,
    iso(change.turn?.startedAt),
    iso(change.turn?.deadlineAt),
    finished || turn,
    new Date().toISOString(),
    game.id,
    game.version,
    JSON.stringify(moveRows),
  ]);
}

/**
 * The commit (writeState's values, by number). A move by the player who ran out of time (a new
 * turn, $9) withdraws the opponent's claim to the win.
 */
const COMMIT_STATE = sql`
    WITH g AS (
      UPDATE "Game" SET
        "state" = $1::jsonb,
        "version" = $2::int,
        "moveCount" = "moveCount" + $3::int,
        "toActUserIds" = $4::text[],
        "status" = $5::text::"GameStatus",
        "outcome" = CASE WHEN $6::boolean THEN $7::jsonb ELSE "outcome" END,
        "finishedAt" = CASE WHEN $6::boolean THEN $8::timestamptz AT TIME ZONE 'UTC' ELSE "finishedAt" END,
        "turnStartedAt" = CASE WHEN $6::boolean THEN NULL WHEN $9::boolean THEN $10::timestamptz AT TIME ZONE 'UTC' ELSE "turnStartedAt" END,
        "deadlineAt" = CASE WHEN $6::boolean THEN NULL WHEN $9::boolean THEN $11::timestamptz AT TIME ZONE 'UTC' ELSE "deadlineAt" END,
        "timedOutAt" = CASE WHEN $12::boolean THEN NULL ELSE "timedOutAt" END,
        "updatedAt" = $13::timestamptz AT TIME ZONE 'UTC'
      WHERE id = $14::int AND version = $15::int AND status = 'ACTIVE'
      RETURNING id, "gameType", "guildId", "channelId", "threadId", "boardMessageId", "boardVersion", "boardShownVersion", status, seats, options,
        seed, "seatSettings", version, "moveCount", outcome, "toActUserIds", "clockSeconds", "turnStartedAt", "deadlineAt", "timedOutAt", "reminderJobAt", "timeoutJobAt", "watchToken", front,
        "createdAt", "updatedAt"
    ), logged AS (
      INSERT INTO "Move" ("gameId", "seq", "seat", "move", "notation", "notationPhrase", "userId", "kind", "revealed", "eventTexts", "eventPhrases", "createdAt")
      SELECT g.id, r.seq, r.seat, r.move, r.notation, r."notationPhrase", r."userId", r.kind, r.revealed, r."eventTexts", r."eventPhrases", $8::timestamptz AT TIME ZONE 'UTC'
      FROM g, jsonb_to_recordset($16::jsonb)
        AS r(seq int, seat int, move jsonb, notation text, "notationPhrase" jsonb, "userId" text, kind text, revealed boolean, "eventTexts" text[], "eventPhrases" jsonb)
    )
    SELECT * FROM g`;
