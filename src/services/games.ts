// The application's verbs for games: start, move, resign, AI turns, and the queries the
// Discord layer needs. Engines are reached only through the registry and the contract.
import type { GameDefinition, GameEvent, Outcome, Phrase, Seat, SeatSettingSpec } from '../engine/contract.js';
import { ok, type Result } from '../engine/result.js';
import { gameById } from '../games/index.js';
import { insertGame, loadGame, seatSpecs, toActUserIds, toSnapshot, VersionConflict, type MoveRow } from './gameStore.js';
import { saveGame } from './saveGame.js';
import { settingsOf, standingAnswers, storeSetting, type StandingAnswer } from './seatSettings.js';
import { AI_MARK, type Actor, type GameFront, type GameSnapshot, type SeatAssignment, type ServiceDeps, type TournamentTag } from './types.js';
import { findMoveByPath } from './moveChoices.js';
import { seatOf, seatsOf } from './seats.js';
import { clockWakes, turnDeadline, wakesServed, type ClockWakes } from './clocks.js';
import type { DbOrTx, Prisma } from '../persistence/db.js';
import type { Speaker } from '../i18n/index.js';
import { describeSeatPhrase, english, ENGLISH, gameRefusal, movePhraseOf, moveValue, phrase, refuse, seatPhrase, SERVICES_NS, settingLabelPhrase, titlePhrase } from './phrases.js';

export type MoveInput = { text: string } | { path: string[] } | { move: unknown };

export type MoveApplied = {
  game: GameSnapshot;
  previous: GameSnapshot;
  def: GameDefinition;
  seat: Seat;
  notation: string;
  /** The move in words (its game's phrase), or null: then it is read as its notation. */
  notationPhrase: Phrase | null;
  events: GameEvent[];
  actor: Actor;
  /** The move passed the turn to someone else, or ended the game (a new board is due). */
  handOver: boolean;
  /** The rows it wrote in the move log, oldest first: the move, then what answered it at once. */
  logged: LoggedStep[];
};

/** A row of the move log as a board's log shows it. */
export type LoggedStep = { seq: number; seat: Seat; notation: string; notationPhrase: Phrase | null; kind: string; eventTexts: string[]; eventPhrases: (Phrase | null)[] };

/** A checked and played move, not saved yet. */
export type PreparedMove = {
  game: GameSnapshot;
  def: GameDefinition;
  seat: Seat;
  move: unknown;
  notation: string;
  notationPhrase: Phrase | null;
  actor: Actor;
  state: unknown;
  events: GameEvent[];
  toActUserIds: string[];
  outcome: ReturnType<GameDefinition['outcome']>;
  moverWasToAct: boolean;
  handOver: boolean;
  /** Moves that seats' standing settings answered with at once, saved right after this one. */
  answers: StandingAnswer[];
};

/**
 * A hand-over: the game ends, or the members who must act change (an AI's turn counts as
 * nobody's). The further steps of one player's turn, and a standing choice made out of turn,
 * are not hand-overs: they keep the turn's board and its clock.
 */
export function isHandOver(before: string[], after: string[], outcome: unknown): boolean {
  if (outcome) return true;
  const a = new Set(humansIn(before));
  const b = new Set(humansIn(after));
  return a.size !== b.size || [...a].some((id) => !b.has(id));
}

/** AI think time per level, within ENGINE.md's limits (normal ≤ 0.5 s, hard ≤ 2 s). */
export const AI_TIME_MS = { easy: 100, normal: 400, hard: 1600 } as const;

const humansIn = (toAct: string[]) => toAct.filter((id) => id !== AI_MARK);

/** A seat's name ("Red", "Player 2"), in the reader's language (the phrase: `seatPhrase`). */
export function seatName(def: GameDefinition, seat: Seat, sp: Speaker = ENGLISH): string {
  return sp.say(seatPhrase(def, seat), SERVICES_NS);
}

/** A row of the move log for a move and its events. */
const logRow = (seat: Seat, move: unknown, notation: string, notationPhrase: Phrase | null, userId: string | null, events: GameEvent[]): MoveRow => ({
  seat, move, notation, notationPhrase, userId,
  // Undo stops at a move that showed something random or hidden (ENGINE.md).
  revealed: events.some((e) => e.revealed === true),
  eventTexts: events.flatMap((e) => (e.text ? [e.text.slice(0, 300)] : [])).slice(0, 40),
  eventPhrases: events.flatMap((e) => (e.text ? [e.phrase ?? null] : [])).slice(0, 40),
});

export function createGameService(deps: ServiceDeps) {
  const { db, now } = deps;

  function defOf(game: GameSnapshot): GameDefinition {
    const def = gameById(game.gameType);
    if (!def) throw new Error(`game ${game.id} has unknown type ${game.gameType}`);
    return def;
  }

  async function startGame(input: {
    gameType: string;
    guildId: string | null;
    channelId: string;
    seats: SeatAssignment[];
    rawOptions?: Record<string, unknown>;
    seed?: string;
    /** Seconds per turn; null or absent: no clock. */
    clockSeconds?: number | null;
    /** A daily siege (services/daily.ts): marked in the stored options, where undo looks. */
    daily?: boolean;
    /** The game's thread, when it exists before the game (a daily's private thread). */
    threadId?: string | null;
    /** Where it is played: on Discord (default), or in local play. */
    front?: GameFront;
    /** The tournament it is played for: marked in the stored options, where its thread and board look. */
    tournament?: TournamentTag;
  }, store: DbOrTx = db): Promise<Result<GameSnapshot>> {
    const def = gameById(input.gameType);
    if (!def) return refuse('unknown-game', 'games.unknown', { game: input.gameType });
    if (input.seats.length < def.seats.min || input.seats.length > def.seats.max) {
      const players = def.seats.min === def.seats.max ? `${def.seats.min}` : `${def.seats.min}–${def.seats.max}`;
      return refuse('seats', 'games.seats', { game: titlePhrase(def.id, def.title), players, count: def.seats.max });
    }
    const options = def.parseOptions(input.rawOptions ?? {});
    if (!options.ok) return gameRefusal(options, def.id);
    const seed = input.seed ?? deps.newSeed();
    const state = def.setup(seed, seatSpecs(input.seats), options.value);
    const outcome = def.outcome(state);
    const toAct = toActUserIds(def, state, input.seats);
    const clock = input.clockSeconds ?? null;
    const startedAt = now();
    const seatSettings = def.startingSettings?.(options.value, input.seats.length) ?? input.seats.map(() => ({}));
    const deadlineAt = outcome ? null : await turnDeadline(store, humansIn(toAct), clock, startedAt);
    const game = await insertGame(store, {
      gameType: def.id,
      guildId: input.guildId,
      channelId: input.channelId,
      threadId: input.threadId ?? null,
      seats: input.seats,
      options: input.daily ? { ...(options.value as object), daily: true } : input.tournament ? { ...(options.value as object), tournament: input.tournament } : options.value,
      seed,
      state,
      seatSettings,
      toActUserIds: toAct,
      status: outcome ? 'FINISHED' : 'ACTIVE',
      outcome,
      clockSeconds: clock,
      turnStartedAt: deadlineAt ? startedAt : null,
      deadlineAt,
      front: input.front,
    });
    return ok(game);
  }

  /**
   * Starts a game and records it elsewhere in the same transaction (a tournament's pairing names
   * it): both are saved, or neither. `link` answers false when its record names a game already
   * (another process made it first): then nothing is saved, and null returns.
   */
  async function startGameLinked(input: Parameters<typeof startGame>[0], link: (tx: Prisma.TransactionClient, game: GameSnapshot) => Promise<boolean>): Promise<Result<GameSnapshot> | null> {
    try {
      return await db.$transaction(async (tx) => {
        const started = await startGame(input, tx);
        if (started.ok && !(await link(tx, started.value))) throw new LinkedAlready();
        return started;
      });
    } catch (e) {
      if (e instanceof LinkedAlready) return null;
      throw e;
    }
  }

  /**
   * The clock after a move: a new turn (a fresh deadline) when the move handed the game over.
   * A further step of the same turn, or a move out of turn (a standing choice), leaves the
   * running clock alone: the clock belongs to the hand-over.
   */
  async function nextTurn(game: GameSnapshot, moverWasToAct: boolean, nextToAct: string[], at: Date) {
    if (game.clockSeconds === null || !moverWasToAct) return undefined;
    const deadlineAt = await turnDeadline(db, humansIn(nextToAct), game.clockSeconds, at, game.players?.vacations);
    return { startedAt: deadlineAt ? at : null, deadlineAt };
  }

  /** A daily siege takes no move after its close, even before the closing job has run. */
  async function dailyClosed(game: GameSnapshot): Promise<boolean> {
    if ((game.options as { daily?: unknown } | null)?.daily !== true) return false;
    const attempt = await db.dailyAttempt.findUnique({ where: { gameId: game.id }, select: { closesAt: true } });
    return attempt !== null && now().getTime() >= attempt.closesAt.getTime();
  }

  function seatOfActor(def: GameDefinition, game: GameSnapshot, actor: Actor): Result<Seat> {
    if (actor.kind === 'ai') {
      return def.toAct(game.state).includes(actor.seat) ? ok(actor.seat) : refuse('not-your-turn', 'games.aiNotToAct');
    }
    return seatForUser(def, game, actor.userId);
  }

  /**
   * Checks and plays a move without saving it: the Discord layer looks at the result (does the
   * turn pass to someone else?) before it answers the press, then commits.
   */
  async function prepareMove(input: {
    gameId: number;
    actor: Actor;
    input: MoveInput;
    /** The version the player saw (from a button); a different current version is refused. */
    expectedVersion?: number;
    /** The game as just loaded by the caller, to save a read. */
    loaded?: GameSnapshot;
  }): Promise<Result<PreparedMove>> {
    const game = input.loaded ?? await loadGame(db, input.gameId, now());
    if (!game) return refuse('no-game', 'games.noGame', { id: input.gameId });
    if (game.status !== 'ACTIVE') return refuse('game-over', 'games.over');
    if (await dailyClosed(game)) return refuse('daily-closed', 'daily.closedNoMoves');
    if (input.expectedVersion !== undefined && input.expectedVersion !== game.version) {
      return refuse('stale', 'games.stale');
    }
    const def = defOf(game);
    const seatR = seatOfActor(def, game, input.actor);
    if (!seatR.ok) return seatR;
    const seat = seatR.value;
    let move: unknown;
    if ('text' in input.input) {
      const parsed = def.parseMove(game.state, seat, input.input.text);
      if (!parsed.ok) return gameRefusal(parsed, def.id);
      move = parsed.value;
    } else if ('path' in input.input) {
      const found = findMoveByPath(def, game.state, seat, input.input.path);
      if (!found) return refuse('illegal', 'games.choiceGone');
      move = found;
    } else {
      move = input.input.move;
    }
    let notation: string;
    let notationPhrase: Phrase | null;
    let played;
    try {
      played = def.play(game.state, seat, move);
      if (!played.ok) return gameRefusal(played, def.id);
      notation = def.formatMove(game.state, seat, move);
      notationPhrase = movePhraseOf(def, game.state, seat, move);
    } catch (e) {
      deps.log.error('engine threw on play', { gameId: game.id, err: e });
      return refuse('illegal', 'games.moveFailed');
    }
    // A question the move raised that a standing setting answers (an attack on a defender whose
    // policy is "strongest") is answered now and saved with it: the turn goes on, nobody waits.
    const { answers, state: next } = standingAnswers(def, game, played.value.state);
    const nextToAct = toActUserIds(def, next, game.seats);
    const outcome = def.outcome(next);
    return ok({
      game, def, seat, move, notation, notationPhrase, actor: input.actor,
      state: next, events: [...played.value.events, ...answers.flatMap((a) => a.events)], toActUserIds: nextToAct, outcome,
      moverWasToAct: def.toAct(game.state).includes(seat),
      handOver: isHandOver(game.toActUserIds, nextToAct, outcome),
      answers,
    });
  }

  /** Saves a prepared move on top of the version it was played on. */
  async function commitPrepared(p: PreparedMove, extraEvents: GameEvent[] = []): Promise<Result<MoveApplied>> {
    const at = now();
    const events = [...p.events, ...extraEvents];
    const answered = new Set(p.answers.flatMap((a) => a.events));
    const ownEvents = events.filter((e) => !answered.has(e));
    const rows = [
      logRow(p.seat, p.move, p.notation, p.notationPhrase, p.actor.kind === 'user' ? p.actor.userId : null, ownEvents),
      ...p.answers.map((a) => logRow(a.seat, a.move, a.notation, a.notationPhrase, a.userId, a.events)),
    ];
    const logged = rows.map((r, i) => ({ seq: p.game.version + 1 + i, seat: r.seat, notation: r.notation, notationPhrase: r.notationPhrase ?? null, kind: 'move', eventTexts: r.eventTexts ?? [], eventPhrases: r.eventPhrases ?? [] }));
    try {
      const saved = await saveGame(db, p.game, {
        state: p.state,
        toActUserIds: p.toActUserIds,
        outcome: p.outcome,
        move: rows[0],
        followUps: rows.slice(1),
        turn: await nextTurn(p.game, p.moverWasToAct && p.handOver, p.toActUserIds, at),
      }, at);
      return ok({ game: saved, previous: p.game, def: p.def, seat: p.seat, notation: p.notation, notationPhrase: p.notationPhrase, events, actor: p.actor, handOver: p.handOver, logged });
    } catch (e) {
      if (e instanceof VersionConflict) {
        return refuse('conflict', 'games.moveConflict');
      }
      throw e;
    }
  }

  async function applyMove(input: Parameters<typeof prepareMove>[0]): Promise<Result<MoveApplied>> {
    const prepared = await prepareMove(input);
    return prepared.ok ? commitPrepared(prepared.value) : prepared;
  }

  /**
   * Plays what nobody needs to decide, after `after`: a question a seat's standing setting
   * answers (a defence policy changed while the question waited), and, for a member, a move the
   * rules force (exactly one legal move: an "end turn" with nothing else left). Each is saved as
   * that player's move, and its events say why it was taken for them. Stops at the first real choice.
   */
  async function playForcedMoves(after: Pick<MoveApplied, 'game'>): Promise<MoveApplied[]> {
    const forced: MoveApplied[] = [];
    let game = after.game;
    for (let guard = 0; guard < 20 && game.status === 'ACTIVE'; guard++) {
      const def = defOf(game);
      const toAct = def.toAct(game.state);
      if (toAct.length !== 1) break;
      const seat = toAct[0]!;
      const occupant = game.seats[seat];
      if (!occupant) break;
      const actor: Actor = occupant.kind === 'human' ? { kind: 'user', userId: occupant.userId } : { kind: 'ai', seat };
      let move: unknown;
      let why: 'standing' | 'forced';
      const standing = standingAnswers(def, game, game.state).answers[0];
      if (standing) {
        move = standing.move;
        why = 'standing';
      } else {
        if (occupant.kind !== 'human') break;
        const moves = def.legalMoves(game.state, seat);
        if (moves.length !== 1) break;
        move = moves[0];
        why = 'forced';
      }
      const prepared = await prepareMove({ gameId: game.id, actor, input: { move }, expectedVersion: game.version, loaded: game });
      if (!prepared.ok) break;
      const note = why === 'standing' ? standing!.events[standing!.events.length - 1]! : forcedEvent(def, game, seat, prepared.value.notation, prepared.value.notationPhrase);
      const applied = await commitPrepared(prepared.value, [note]);
      if (!applied.ok) break;
      forced.push(applied.value);
      game = applied.value.game;
    }
    return forced;
  }

  /**
   * Changes one of a player's own settings in a game (not a move: the state, the version and the
   * clock stay as they are). The caller then plays what the new setting answers at once
   * (`playForcedMoves`), such as an attack already waiting for this player's defender.
   */
  async function changeSetting(input: { gameId: number; userId: string; name: string; value: string }): Promise<Result<{
    game: GameSnapshot; def: GameDefinition; seat: Seat; spec: SeatSettingSpec; before: string; value: string;
  }>> {
    const game = await loadGame(db, input.gameId, now());
    if (!game) return refuse('no-game', 'games.noGame', { id: input.gameId });
    if (game.status !== 'ACTIVE') return refuse('game-over', 'games.settingsOver');
    const def = defOf(game);
    const seat = seatOf(game, input.userId);
    if (seat < 0) return refuse('not-a-player', 'games.notAPlayer');
    const spec = def.seatSettings?.find((s) => s.name === input.name);
    if (!spec) return refuse('no-setting', 'games.noSetting', { game: titlePhrase(def.id, def.title), name: input.name });
    const choice = spec.choices.find((c) => c.value === input.value);
    if (!choice) {
      // The values stay as typed in every language (`defence strongest`).
      return refuse('bad-setting', 'games.badSetting', { setting: settingLabelPhrase(def, spec), values: spec.choices.map((c) => c.value).join(', ') });
    }
    const before = settingsOf(def, game, seat)[spec.name]!;
    const fresh = await storeSetting(db, game.id, seat, spec.name, choice.value);
    if (!fresh) return refuse('game-over', 'games.settingsOver');
    return ok({ game: fresh, def, seat, spec, before, value: choice.value });
  }

  async function resign(gameId: number, userId: string): Promise<Result<{ game: GameSnapshot; previous: GameSnapshot; def: GameDefinition; seat: Seat }>> {
    const game = await loadGame(db, gameId, now());
    if (!game) return refuse('no-game', 'games.noGame', { id: gameId });
    if (game.status !== 'ACTIVE') return refuse('game-over', 'games.alreadyOver');
    const def = defOf(game);
    const seat = seatOf(game, userId);
    if (seat < 0) return refuse('not-a-player', 'games.notAPlayer');
    const others = game.seats.map((_, i) => i).filter((i) => i !== seat && game.seats.length > 1);
    // A solo game's seat is its player: "You resigned.", not a name in the sentence.
    const reasonPhrase = game.seats.length === 1 ? phrase('outcome.resignedYou') : phrase('outcome.resigned', { seat: describeSeatPhrase(def, game, seat) });
    const outcome = { winners: others, draw: false, reason: english(reasonPhrase), reasonPhrase };
    try {
      const saved = await saveGame(db, game, { state: game.state, toActUserIds: [], outcome }, now());
      return ok({ game: saved, previous: game, def, seat });
    } catch (e) {
      if (e instanceof VersionConflict) return refuse('conflict', 'games.changedTryAgain');
      throw e;
    }
  }

  /**
   * Ends a running game with an outcome decided outside its moves (a tournament round's deadline,
   * a forfeit): saved like a resignation, on top of the version read, and rated with it.
   */
  async function finishWithOutcome(gameId: number, decide: (game: GameSnapshot, def: GameDefinition) => Outcome): Promise<Result<{ game: GameSnapshot; previous: GameSnapshot; def: GameDefinition }>> {
    const game = await loadGame(db, gameId, now());
    if (!game) return refuse('no-game', 'games.noGame', { id: gameId });
    if (game.status !== 'ACTIVE') return refuse('game-over', 'games.alreadyOver');
    const def = defOf(game);
    try {
      const saved = await saveGame(db, game, { state: game.state, toActUserIds: [], outcome: decide(game, def) }, now());
      return ok({ game: saved, previous: game, def });
    } catch (e) {
      if (e instanceof VersionConflict) return refuse('conflict', 'games.changedTryAgain');
      throw e;
    }
  }

  /**
   * Lets AI seats move for as long as one must, each move through `applyMove` like a human's.
   * `onMove` runs after each (the Discord layer posts the board there).
   */
  async function playAiTurns(gameId: number, onMove: (m: MoveApplied) => Promise<void>): Promise<void> {
    let after: number | null = null;
    for (let guard = 0; guard < 10_000; guard++) {
      const game = await loadGame(db, gameId, now());
      if (!game || game.status !== 'ACTIVE' || !game.toActUserIds.includes(AI_MARK)) return;
      // Only the AI's own consecutive moves are played here. When someone else moved meanwhile,
      // their move's flow posts its board first and then asks for the AI's answer: answering it
      // here could post the AI's board before theirs.
      if (after !== null && game.version !== after) return;
      const def = defOf(game);
      const seat = def.toAct(game.state).find((s) => game.seats[s]?.kind === 'ai');
      if (seat === undefined) return;
      const spec = game.seats[seat] as Extract<SeatAssignment, { kind: 'ai' }>;
      const move = await deps.ai.chooseMove(game.gameType, game.state, seat, spec.level, {
        timeMs: AI_TIME_MS[spec.level],
        seed: `${game.seed}:${game.version}`,
      });
      const applied = await applyMove({ gameId, actor: { kind: 'ai', seat }, input: { move }, expectedVersion: game.version });
      if (!applied.ok) {
        if (applied.error.code === 'stale' || applied.error.code === 'conflict') continue; // another process moved
        deps.log.error('AI produced a move the engine refused', { gameId, error: applied.error });
        return;
      }
      after = applied.value.game.version;
      await onMove(applied.value);
    }
  }

  return {
    defOf,
    startGame,
    startGameLinked,
    finishWithOutcome,
    prepareMove,
    commitPrepared,
    applyMove,
    playForcedMoves,
    changeSetting,
    resign,
    playAiTurns,
    load: (id: number) => loadGame(db, id, now()),
    /** The game whose watch page is /g/<token>, or null. */
    async byWatchToken(token: string): Promise<GameSnapshot | null> {
      if (!/^[A-Za-z0-9_-]{20,80}$/.test(token)) return null;
      const row = await db.game.findUnique({ where: { watchToken: token }, select: { id: true } });
      return row ? loadGame(db, row.id, now()) : null;
    },
    /** The games of local play, running ones first, then the most recently changed. */
    async localGames(take = 50): Promise<GameSnapshot[]> {
      const rows = await db.game.findMany({ where: { front: 'local' }, orderBy: [{ status: 'asc' }, { updatedAt: 'desc' }], take });
      return rows.map((r) => toSnapshot(r));
    },
    async activeGamesOf(userId: string): Promise<GameSnapshot[]> {
      const rows = await db.game.findMany({
        where: { status: 'ACTIVE', players: { some: { userId } } },
        orderBy: { updatedAt: 'desc' },
        take: 50,
      });
      return rows.map((r) => toSnapshot(r));
    },
    async activeGameInChannel(channelId: string): Promise<GameSnapshot | null> {
      const row = await db.game.findFirst({
        where: { status: 'ACTIVE', OR: [{ threadId: channelId }, { channelId, threadId: null }] },
        orderBy: { updatedAt: 'desc' },
      });
      return row ? toSnapshot(row) : null;
    },
    /** Records when the game's waiting clock jobs come due (after they were replaced). */
    async markClockArmed(gameId: number, wakes: ClockWakes): Promise<void> {
      // Raw, so that the game's updatedAt (its last change, which lists sort by) stays.
      await db.$executeRaw`UPDATE "Game" SET "reminderJobAt" = ${wakes.reminderAt}::timestamptz AT TIME ZONE 'UTC', "timeoutJobAt" = ${wakes.timeoutAt}::timestamptz AT TIME ZONE 'UTC' WHERE id = ${gameId}`;
    },
    /**
     * Running games with a clock whose stored jobs would come too late or not at all (a crash
     * between a change and its arming); `graceMs` of a guild is not needed to tell: a timed-out
     * game owes its grace job when it has no timeout job still to come.
     */
    async gamesOwingClockJobs(): Promise<{ id: number; guildId: string | null }[]> {
      const rows = await db.game.findMany({
        where: { status: 'ACTIVE', clockSeconds: { not: null }, deadlineAt: { not: null } },
        select: { id: true, guildId: true, status: true, clockSeconds: true, deadlineAt: true, timedOutAt: true, reminderJobAt: true, timeoutJobAt: true },
      });
      const t = now();
      return rows
        .filter((g) => {
          const armed = { reminderAt: g.reminderJobAt, timeoutAt: g.timeoutJobAt };
          // Grace unknown here: any timeout job still to come serves a timed-out game.
          const wanted = clockWakes(g, 0, t);
          return g.timedOutAt ? !(armed.timeoutAt && armed.timeoutAt.getTime() > t.getTime()) : !wakesServed(armed, wanted, t);
        })
        .map(({ id, guildId }) => ({ id, guildId }));
    },
    async gamesOwingAiMoves(): Promise<{ id: number; guildId: string | null }[]> {
      return db.game.findMany({
        where: { status: 'ACTIVE', toActUserIds: { has: AI_MARK } },
        select: { id: true, guildId: true },
      });
    },
    /** Running games by game type (the metrics). */
    async activeCounts(): Promise<Record<string, number>> {
      const rows = await db.game.groupBy({ by: ['gameType'], where: { status: 'ACTIVE' }, _count: { _all: true } });
      return Object.fromEntries(rows.map((r) => [r.gameType, r._count._all]));
    },
    /** Whether the database answers now (readiness). */
    async reachable(): Promise<boolean> {
      await db.$queryRaw`SELECT 1`;
      return true;
    },
    async moveLog(gameId: number) {
      return db.move.findMany({ where: { gameId }, orderBy: { seq: 'asc' } });
    },
  };
}

export type GameService = ReturnType<typeof createGameService>;

/** `link` found its record naming a game already: the game just started is not saved. */
class LinkedAlready extends Error {}

/**
 * The seat in which a user acts now: the seat that must act, else their seat when the rules let
 * it move out of turn, else why not. (A player's own settings are not moves: `changeSetting`.)
 */
export function seatForUser(def: GameDefinition, game: GameSnapshot, userId: string): Result<Seat> {
  if (game.status !== 'ACTIVE') return refuse('game-over', 'games.over');
  const mine = seatsOf(game, userId);
  if (mine.length === 0) return refuse('not-a-player', 'games.notAPlayer');
  const toAct = def.toAct(game.state);
  const seat = mine.find((s) => toAct.includes(s)) ?? mine.find((s) => def.legalMoves(game.state, s).length > 0);
  if (seat === undefined) {
    const waiting = toAct.map((s) => describeSeatPhrase(def, game, s));
    return waiting.length ? refuse('not-your-turn', 'games.waitingFor', { seats: waiting }) : refuse('not-your-turn', 'games.notYourTurn');
  }
  return ok(seat);
}

/** "Red (<@1>)", "Blue (AI, easy)", in the reader's language (the phrase: `describeSeatPhrase`). */
export function describeSeat(def: GameDefinition, game: Pick<GameSnapshot, 'seats'>, seat: Seat, sp: Speaker = ENGLISH): string {
  return sp.say(describeSeatPhrase(def, game, seat), SERVICES_NS);
}

/** The log's note on a move the rules forced: the only legal one, taken for the player. */
function forcedEvent(def: GameDefinition, game: GameSnapshot, seat: Seat, notation: string, notationPhrase: Phrase | null): GameEvent {
  // A solo game's seat is its player ("You"): said as the language addresses them, not as a name.
  const said = game.seats.length === 1
    ? phrase('events.forcedYou', { move: moveValue(notationPhrase, notation) })
    : phrase('events.forced', { move: moveValue(notationPhrase, notation), seat: describeSeatPhrase(def, game, seat) });
  return { type: 'forced', text: english(said), phrase: said };
}
