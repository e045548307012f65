// Undo and takebacks. The move log stays append-only: an undo (solo games) or an accepted
// takeback (two-player games) is a row of its own that cancels the latest standing move, and the
// state becomes the replay of what still stands (src/services/replay.ts).
//   Undo: a solo player steps back through their own moves, up to one whose events revealed
//   something random or hidden (`revealed: true`, ENGINE.md).
//   Takeback: right after a move in a game between two members, the mover asks; the opponent
//   accepts or declines before making their own move (a move of theirs, or any other, expires it).
// Neither is offered once a game's clock has run out, nor in a daily challenge or an arena's deal.
import type { GameDefinition, Seat } from '../../engine/contract.js';
import { ok, type Result } from '../../engine/result.js';
import { turnDeadline } from '../clocks.js';
import { loadGame, toActUserIds, VersionConflict } from '../gameStore.js';
import { saveGame } from '../saveGame.js';
import { describeSeat, type GameService } from '../games.js';
import { describeSeatPhrase, mention, refuse, storedPhrase } from '../phrases.js';
import { replayGame, standingMoves } from '../replay.js';
import { tournamentTagOf, type GameSnapshot, type ServiceDeps } from '../types.js';

/**
 * The hook for daily challenges (not built yet): a game started as one carries `daily: true` in
 * its options, and offers no undo and no takeback.
 */
export function isDailyChallenge(game: Pick<GameSnapshot, 'options'>): boolean {
  return (game.options as { daily?: unknown } | null)?.daily === true;
}

/** An arena tournament's deal (a solo game of a tournament): played once by each player, without undo, as a daily. */
export function isArenaDeal(game: Pick<GameSnapshot, 'options' | 'seats'>): boolean {
  return game.seats.length === 1 && tournamentTagOf(game) !== null;
}

/** The clock of the current turn has run out (judged or not yet). */
export function clockRanOut(game: GameSnapshot, now: Date): boolean {
  return game.timedOutAt !== null || (game.deadlineAt !== null && now.getTime() >= game.deadlineAt.getTime());
}

type LogRow = { seq: number; seat: number; move: unknown; notation: string; notationPhrase?: unknown; kind: string; revealed: boolean; userId: string | null };

const isSolo = (def: GameDefinition) => def.seats.max === 1;
const humanIds = (game: GameSnapshot) => game.seats.flatMap((s) => (s.kind === 'human' ? [s.userId] : []));
const betweenMembers = (game: GameSnapshot) => game.seats.length === 2 && game.seats.every((s) => s.kind === 'human');

export type BoardOffers = { undo: boolean; takeback: boolean };

export function createTakebackService(deps: ServiceDeps, games: GameService) {
  const { db, now } = deps;

  const logSelect = { seq: true, seat: true, move: true, notation: true, notationPhrase: true, kind: true, revealed: true, userId: true } as const;
  const logOf = (gameId: number): Promise<LogRow[]> =>
    db.move.findMany({ where: { gameId }, orderBy: { seq: 'asc' }, select: logSelect });

  const lastRowOf = async (gameId: number): Promise<LogRow[]> => {
    const last = await db.move.findFirst({ where: { gameId }, orderBy: { seq: 'desc' }, select: logSelect });
    return last ? [last] : [];
  };

  function offered(game: GameSnapshot): boolean {
    return game.status === 'ACTIVE' && !isDailyChallenge(game) && !isArenaDeal(game) && !clockRanOut(game, now());
  }

  /** The move an undo would cancel now, or null. */
  function undoableMove(def: GameDefinition, game: GameSnapshot, log: LogRow[]): LogRow | null {
    if (!isSolo(def) || !offered(game)) return null;
    const last = standingMoves(log).at(-1);
    return last && !last.revealed && game.seats[last.seat]?.kind === 'human' ? last : null;
  }

  /** The move a takeback would cancel now: the latest row, a member's move that nothing followed. */
  function takebackMove<R extends { seq: number; kind: string }>(def: GameDefinition, game: GameSnapshot, log: R[]): R | null {
    if (isSolo(def) || !betweenMembers(game) || !offered(game)) return null;
    const last = log.at(-1);
    return last && last.kind === 'move' && last.seq === game.version ? last : null;
  }

  /**
   * What a freshly posted board of `game` offers besides its moves. `latest`: the newest move
   * row when the caller has it (the board's own step log), which saves reading it again.
   */
  async function boardOffers(def: GameDefinition, game: GameSnapshot, latest?: { seq: number; kind: string }): Promise<BoardOffers> {
    if (!offered(game) || (!isSolo(def) && !betweenMembers(game))) return { undo: false, takeback: false };
    // An undo needs the standing moves of the whole log.
    if (isSolo(def)) return { undo: undoableMove(def, game, await logOf(game.id)) !== null, takeback: false };
    // A takeback looks at the latest row only: reading the whole log for every board of a
    // two-member game would grow with the game.
    const last = latest && latest.seq === game.version ? [latest] : await lastRowOf(game.id);
    return { undo: false, takeback: takebackMove(def, game, last) !== null };
  }

  /** Saves a cancelling row and the replayed state before the cancelled move. */
  async function cancelLatest(def: GameDefinition, game: GameSnapshot, log: LogRow[], cancelled: LogRow, kind: 'undo' | 'takeback', userId: string) {
    const state = replayGame(def, game.seed, game.seats, game.options, [...log, { seat: cancelled.seat, move: null, kind }]);
    const nextToAct = toActUserIds(def, state, game.seats);
    const at = now();
    // A takeback hands the turn back to the mover with a fresh clock; an undo keeps the turn's clock.
    const turn = kind === 'takeback' && game.clockSeconds !== null
      ? await (async () => {
          const deadlineAt = await turnDeadline(db, nextToAct.filter((id) => id !== 'ai'), game.clockSeconds, at);
          return { startedAt: deadlineAt ? at : null, deadlineAt };
        })()
      : undefined;
    return saveGame(db, game, {
      state,
      toActUserIds: nextToAct,
      outcome: def.outcome(state),
      move: { seat: cancelled.seat, move: { [kind]: cancelled.seq }, notation: `${kind} ${cancelled.notation}`.slice(0, 200), notationPhrase: storedPhrase(cancelled.notationPhrase), userId, kind },
      turn,
    }, at);
  }

  type Changed = { game: GameSnapshot; previous: GameSnapshot; def: GameDefinition; cancelled: LogRow; seat: Seat };

  async function undo(gameId: number, userId: string, expectedVersion: number): Promise<Result<Changed>> {
    const game = await loadGame(db, gameId);
    if (!game) return refuse('no-game', 'games.noGame', { id: gameId });
    if (game.status !== 'ACTIVE') return refuse('game-over', 'games.over');
    const def = games.defOf(game);
    if (!isSolo(def)) return refuse('not-solo', 'takebacks.undoSolo');
    if (!humanIds(game).includes(userId)) return refuse('not-a-player', 'games.notAPlayer');
    if (game.version !== expectedVersion) return refuse('stale', 'games.stale');
    if (isDailyChallenge(game)) return refuse('daily', 'takebacks.undoDaily');
    if (isArenaDeal(game)) return refuse('arena', 'takebacks.undoArena');
    if (clockRanOut(game, now())) return refuse('clock', 'takebacks.undoClock');
    const log = await logOf(game.id);
    const last = standingMoves(log).at(-1);
    if (!last) return refuse('nothing', 'takebacks.nothing');
    const move = undoableMove(def, game, log);
    if (!move) return refuse('revealed', 'takebacks.revealed', { move: `**${last.notation}**` });
    try {
      const saved = await cancelLatest(def, game, log, move, 'undo', userId);
      return ok({ game: saved, previous: game, def, cancelled: move, seat: move.seat });
    } catch (e) {
      if (e instanceof VersionConflict) return refuse('conflict', 'takebacks.pressedTwice');
      throw e;
    }
  }

  type Request = { game: GameSnapshot; def: GameDefinition; move: LogRow; moverId: string; opponentId: string };

  /** The takeback of the move that made `version`, as it stands now, or why there is none. */
  async function request(gameId: number, version: number): Promise<Result<Request>> {
    const game = await loadGame(db, gameId);
    if (!game) return refuse('no-game', 'games.noGame', { id: gameId });
    if (game.status !== 'ACTIVE') return refuse('expired', 'games.over');
    const def = games.defOf(game);
    if (game.version !== version) return refuse('expired', 'takebacks.movedOn');
    if (isDailyChallenge(game)) return refuse('daily', 'takebacks.daily');
    if (clockRanOut(game, now())) return refuse('clock', 'takebacks.clock');
    const move = takebackMove(def, game, await logOf(game.id));
    if (!move) return refuse('expired', 'takebacks.noMove');
    const mover = game.seats[move.seat];
    const opponent = game.seats.find((_, s) => s !== move.seat);
    if (mover?.kind !== 'human' || opponent?.kind !== 'human') return refuse('no-takeback', 'takebacks.notMembers');
    return ok({ game, def, move, moverId: mover.userId, opponentId: opponent.userId });
  }

  /**
   * Who may answer the takeback of the move that made `version`: its mover (who may withdraw it)
   * and the opponent (who accepts or declines). Null when no member's move made that version.
   */
  async function answerers(game: GameSnapshot, version: number): Promise<{ moverId: string; opponentId: string } | null> {
    const row = await db.move.findUnique({ where: { gameId_seq: { gameId: game.id, seq: version } }, select: { seat: true, kind: true } });
    const mover = row?.kind === 'move' ? game.seats[row.seat] : undefined;
    const opponent = row ? game.seats.find((_, s) => s !== row.seat) : undefined;
    return mover?.kind === 'human' && opponent?.kind === 'human' ? { moverId: mover.userId, opponentId: opponent.userId } : null;
  }

  /** The mover asks: nothing is written; the request lives in the buttons of the notice. */
  async function ask(gameId: number, version: number, userId: string): Promise<Result<Request>> {
    const r = await request(gameId, version);
    if (!r.ok) return r;
    if (r.value.moverId !== userId) return refuse('not-the-mover', 'takebacks.onlyMover', { member: mention(r.value.moverId) });
    return r;
  }

  async function accept(gameId: number, version: number, userId: string): Promise<Result<Changed & { moverId: string }>> {
    const r = await request(gameId, version);
    if (!r.ok) return r;
    const { game, def, move, moverId, opponentId } = r.value;
    if (userId !== opponentId) return refuse('not-the-opponent', 'takebacks.onlyOpponent', { member: mention(opponentId) });
    try {
      const saved = await cancelLatest(def, game, await logOf(game.id), move, 'takeback', userId);
      return ok({ game: saved, previous: game, def, cancelled: move, seat: move.seat, moverId });
    } catch (e) {
      if (e instanceof VersionConflict) return refuse('expired', 'takebacks.expired');
      throw e;
    }
  }

  async function decline(gameId: number, version: number, userId: string): Promise<Result<Request>> {
    const r = await request(gameId, version);
    if (!r.ok) return r;
    if (userId !== r.value.opponentId && userId !== r.value.moverId) return refuse('not-the-opponent', 'takebacks.onlyOpponent', { member: mention(r.value.opponentId) });
    return r;
  }

  return {
    boardOffers, undo, ask, accept, decline, answerers,
    describe: (def: GameDefinition, game: GameSnapshot, seat: Seat) => describeSeat(def, game, seat),
    /** The seat and who sits in it, in any language. */
    describePhrase: (def: GameDefinition, game: GameSnapshot, seat: Seat) => describeSeatPhrase(def, game, seat),
  };
}

export type TakebackService = ReturnType<typeof createTakebackService>;
