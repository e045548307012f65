// What the chaos test does and checks, apart from its schedule: random presses as players,
// bystanders and outsiders would make them (current, stale, double, forged, typed), and the
// invariants that must hold afterwards whatever the timing was.
import { expect } from 'vitest';
import type { FakeDiscord, InteractionRecord } from '../harness/fakeDiscord.js';
import type { FakeMessage } from '../harness/types.js';
import { gameById } from '../../src/games/index.js';
import { replayGame } from '../../src/services/replay.js';
import { ENGLISH, sayMove, storedPhrase } from '../../src/services/phrases.js';
import type { Db } from '../../src/persistence/db.js';
import { boardMoveCount, componentsOf } from './scene.js';

export type Rng = () => number;
export const pickOf = <T,>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)]!;

export type ChaosGame = { id: number; threadId: string; players: string[] };

type Component = ReturnType<typeof componentsOf>[number];

/** A press a user could make on `message`: a button, or a pick in a menu; Resign is left alone. */
function pressable(message: FakeMessage): Component[] {
  return componentsOf(message).filter((c) => c.custom_id && !c.disabled && (c.type === 3 ? (c.options?.length ?? 0) > 0 : c.type === 2)
    && !/^s1:(rs|rc|cw):/.test(c.custom_id));
}

/** Presses one of `message`'s components as `userId`; null when a user could not (the fake refuses it). */
export async function pressSomething(fake: FakeDiscord, rng: Rng, message: FakeMessage, userId: string, times = 1): Promise<InteractionRecord[] | null> {
  const options = pressable(message);
  if (!options.length) return null;
  const c = pickOf(rng, options);
  const value = c.type === 3 ? pickOf(rng, c.options!).value : null;
  const send = () => value !== null
    ? fake.selectMenu({ messageId: message.id, customId: c.custom_id!, values: [value], userId })
    : fake.clickButton({ messageId: message.id, customId: c.custom_id!, userId });
  try {
    return await Promise.all(Array.from({ length: times }, send));
  } catch {
    return null; // gone or changed a moment before the press: a user could not have pressed it
  }
}

/**
 * A player making a move as they would: a press on `message`, then on each private step it opens,
 * up to four; every press but the last is waited for. Returns the last press (not waited for).
 */
export async function playThrough(fake: FakeDiscord, rng: Rng, message: FakeMessage, userId: string): Promise<InteractionRecord[]> {
  let on = message;
  for (let step = 0; step < 4; step++) {
    const sent = await pressSomething(fake, rng, on, userId);
    if (!sent || step === 3) return sent ?? [];
    const rec = await sent[0]!.done({ timeoutMs: 30_000 }).catch(() => null);
    const next = rec ? openPanelOf(fake, message.channelId, userId) : undefined;
    if (!next || (next.id === on.id && next.revisions === on.revisions && !rec!.replies.includes(next))) return sent;
    on = next;
  }
  return [];
}

/** The latest private panel of `userId` in a thread, with something to press. */
export function openPanelOf(fake: FakeDiscord, threadId: string, userId: string): FakeMessage | undefined {
  return fake.visibleMessages(threadId, userId).filter((m) => m.ephemeral && pressable(m).length > 0).at(-1);
}

/** Every message in a thread that still shows something to press, other than `except`. */
export function pressableMessages(fake: FakeDiscord, threadId: string, except: string | null): FakeMessage[] {
  return fake.messages(threadId, { includeEphemeral: true }).filter((m) => m.id !== except && pressable(m).length > 0);
}

/** A legal move of the player to act, as they would type it. */
export function typedMove(rng: Rng, game: { gameType: string; state: unknown; seats: unknown; toActUserIds: string[] }, userId: string): string | null {
  const def = gameById(game.gameType)!;
  const seat = (game.seats as { userId?: string }[]).findIndex((s) => s.userId === userId);
  if (seat < 0) return null;
  const moves = def.legalMoves(game.state, seat);
  return moves.length ? def.formatMove(game.state, seat, pickOf(rng, moves)).slice(0, 100) : null;
}

/** The game a press names, and the version its board showed. */
function pressedVersion(rec: InteractionRecord): { gameId: number; version: number } | null {
  const id = String((rec.payload.data as { custom_id?: string } | undefined)?.custom_id ?? '');
  const m = /^s1:(mv|pg):(\d+):(\d+)(:|$)/.exec(id);
  return m ? { gameId: Number(m[2]), version: Number(m[3]) } : null;
}

/**
 * The invariants: every game's state is the replay of its log, whose rows are contiguous and
 * were made by the players of their seats (the AI by its own); every move a player was told was
 * played is in the log, once; every running game has a live board of its current version, and
 * its clock's timeout job waiting, due no later than its deadline.
 */
export async function checkInvariants(fake: FakeDiscord, db: Db, databaseUrl: string, games: ChaosGame[]): Promise<void> {
  const rows = await db.game.findMany({ where: { id: { in: games.map((g) => g.id) } }, orderBy: { id: 'asc' } });
  for (const game of rows) {
    const def = gameById(game.gameType)!;
    const log = await db.move.findMany({ where: { gameId: game.id }, orderBy: { seq: 'asc' } });
    const where = `game #${game.id} (${game.gameType}, seed ${game.seed})`;
    expect(log.map((m) => m.seq), where).toEqual(log.map((_, k) => k + 1));
    expect(game.version, where).toBe(log.length);
    expect(replayGame(def, game.seed, game.seats as never, game.options, log), where).toEqual(game.state);
    const seats = game.seats as ({ kind: 'human'; userId: string } | { kind: 'ai' })[];
    const players = seats.flatMap((s) => (s.kind === 'human' ? [s.userId] : []));
    for (const row of log) {
      const seat = seats[row.seat]!;
      if (row.kind === 'move') expect(seat.kind === 'human' ? row.userId : null, `${where} move ${row.seq} by its seat's player`).toBe(seat.kind === 'human' ? seat.userId : null);
      else expect(players, `${where} ${row.kind} ${row.seq} by a player`).toContain(row.userId);
    }
    if (game.status === 'ACTIVE') {
      const board = game.boardMessageId ? fake.message(game.boardMessageId) : undefined;
      expect(board && !board.deleted && !board.ephemeral, `${where}: a live board`).toBe(true);
      expect(board!.channelId, where).toBe(game.threadId ?? game.channelId);
      expect(boardMoveCount(board!), `${where}: the board's move count`).toBe(game.moveCount);
      expect(game.boardShownVersion, where).toBe(game.version);
      const ids = componentsOf(board!).map((c) => c.custom_id ?? '');
      expect(ids.filter((id) => id.startsWith('s1:mv:')).length, `${where}: moves on the board`).toBeGreaterThan(0);
      // Every button but the player's settings (which are no move) belongs to the game's version.
      for (const id of ids) expect(id, where).toMatch(new RegExp(`^s1:((mv|pg|rs|ud|tq|ds):${game.id}:${game.version}(:|$)|se:${game.id}$)`));
      if (game.clockSeconds !== null) {
        // One timeout job waits, no later than the turn's deadline (a job armed for an earlier turn may come early: it re-arms).
        expect(game.timeoutJobAt, `${where}: clock jobs armed`).not.toBeNull();
        if (!game.timedOutAt) expect(game.timeoutJobAt!.getTime(), `${where}: armed in time`).toBeLessThanOrEqual(game.deadlineAt!.getTime());
        const jobs = await db.$queryRawUnsafe<{ data: { version: number; stage: string } }[]>(
          `SELECT data FROM pgboss.job WHERE singleton_key = $1 AND name LIKE 'siege-timeout-%' AND state = 'created'`, `g${game.id}`);
        expect(jobs, `${where}: its timeout job`).toHaveLength(1);
      }
    } else if (game.boardMessageId) {
      expect(boardMoveCount(fake.message(game.boardMessageId)!), `${where}: the final board`).toBe(game.moveCount);
    }
  }

  // What players were told was played: the board retired with "played", or "You played" typed.
  const claims = new Map<string, InteractionRecord>();
  for (const rec of fake.interactions) {
    const content = String((rec.callback?.data as { content?: string } | null)?.content ?? '');
    const pressed = pressedVersion(rec);
    if (rec.callback?.type === 7 && pressed && /^↪ .* played[: ]/.test(content)) {
      const key = `${pressed.gameId}:${pressed.version}`;
      expect(claims.has(key), `one move told as played on game #${pressed.gameId} at version ${pressed.version}`).toBe(false);
      claims.set(key, rec);
      const row = await db.move.findUnique({ where: { gameId_seq: { gameId: pressed.gameId, seq: pressed.version + 1 } } });
      expect(row?.userId, `the move told as played on game #${pressed.gameId} v${pressed.version} is in its log`).toBe(rec.userId);
    }
    const typed = /You played \*\*(.+?)\*\* \(game #(\d+)\)/.exec(rec.ephemeralText());
    if (rec.kind === 'command' && typed) {
      // The answer names the move in words (README: Languages); its row keeps them beside its notation.
      const rows = await db.move.findMany({ where: { gameId: Number(typed[2]), userId: rec.userId } });
      const row = rows.find((r) => sayMove(ENGLISH, storedPhrase(r.notationPhrase), r.notation) === typed[1]);
      expect(row, `the typed move ${typed[1]} of game #${typed[2]} is in its log`).toBeDefined();
    }
  }
  void databaseUrl;
}
