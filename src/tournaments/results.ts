// Results as games end, however they ended: the master tells every finished game (a move, a
// resignation, a clock, the round's deadline, a forfeit), and a tournament's game records its
// board's result once (a conditional write: a second hearing, or another process, finds it
// recorded). A game lost on time counts against its late player, and a second one withdraws them.
// A withdrawn player is paired no more, and their games still to play are forfeited.
import type { GameResult } from './pairing/index.js';
import type { MasterSubscriber } from '../master/index.js';
import { endedOnTime } from '../services/timekeeping.js';
import { tournamentTagOf, type GameSnapshot } from '../services/types.js';
import type { TournamentContext } from './context.js';
import type { WithdrawalReason } from './events.js';
import { isWithdrawal, WITHDREW } from './phrases.js';
import type { Arena } from './arena.js';
import type { Rounds } from './rounds.js';
import { loadTournament, roundOf } from './store.js';

/** Games lost on time that withdraw a player. */
export const TIMEOUTS_TO_WITHDRAW = 2;

/** A finished game's result for its board: the first seat is white. */
export function boardResult(game: Pick<GameSnapshot, 'outcome'>): GameResult {
  const o = game.outcome;
  if (!o || o.draw || !o.winners.length || o.winners.length > 1) return 'draw';
  return o.winners[0] === 0 ? 'white' : 'black';
}

export function createResults(c: TournamentContext, rounds: Rounds, arena: Arena) {
  const { db, master, services, log, now } = c;

  /** Tells a board's new result, with the round and the standings as they now stand. */
  async function told(tournamentId: number, round: number): Promise<void> {
    const t = await loadTournament(db, tournamentId);
    const view = t && (await roundOf(db, tournamentId, round));
    if (t && view) await c.tell({ type: 'result', tournament: t, round: view, standings: await c.standingsOf(t) });
  }

  /** A late player's timeout in a tournament's game: the second withdraws them. */
  async function countTimeout(tournamentId: number, userId: string): Promise<void> {
    const [row] = await db.tournamentPlayer.updateManyAndReturn({ where: { tournamentId, userId }, data: { timeouts: { increment: 1 } }, select: { timeouts: true, withdrawnAt: true } });
    if (row && row.timeouts >= TIMEOUTS_TO_WITHDRAW && !row.withdrawnAt) await withdraw(tournamentId, userId, 'timeouts', null);
  }

  /** Records a finished game's result on its board, once; the round may be over then. */
  async function recordGame(game: GameSnapshot): Promise<void> {
    if (game.status !== 'FINISHED' || !game.outcome) return;
    // A solo game is an arena's deal: scored, not paired.
    if (game.seats.length === 1) return arena.record(game);
    const outcome = game.outcome;
    const forfeit = isWithdrawal(outcome.reasonPhrase);
    const rows = await db.tournamentPairing.updateManyAndReturn({
      where: { gameId: game.id, result: 'pending', tournament: { status: 'RUNNING' } },
      data: { result: boardResult(game), forfeit },
      select: { tournamentId: true, round: true },
    });
    const first = rows[0];
    if (!first) return;
    await told(first.tournamentId, first.round);
    if (endedOnTime(outcome)) {
      const late = game.seats.flatMap((s, i) => (s.kind === 'human' && !outcome.winners.includes(i) ? [s.userId] : []));
      for (const userId of late) await countTimeout(first.tournamentId, userId);
    }
    await rounds.roundOver(first.tournamentId, first.round);
  }

  /** A board that never got its game is decided without one (a withdrawal, or its round's deadline). */
  async function decideUnplayed(tournamentId: number, round: number, board: number, result: GameResult): Promise<void> {
    const done = await db.tournamentPairing.updateMany({ where: { tournamentId, round, board, gameId: null, result: 'pending' }, data: { result, forfeit: true } });
    if (!done.count) return;
    await told(tournamentId, round);
    await rounds.roundOver(tournamentId, round);
  }

  /** A game of the tournament that is over but not recorded (a crash between the two): recorded now. */
  async function recordStored(gameId: number): Promise<void> {
    const game = await services.games.load(gameId);
    if (game) await recordGame(game);
  }

  /**
   * Withdraws a player (they left, were removed, or lost twice on time): paired no more, and
   * their games still to play forfeited. False when they were withdrawn already.
   */
  async function withdraw(tournamentId: number, userId: string, why: WithdrawalReason, by: string | null): Promise<boolean> {
    const done = await db.tournamentPlayer.updateMany({ where: { tournamentId, userId, withdrawnAt: null, tournament: { status: 'RUNNING' } }, data: { withdrawnAt: now(), withdrawal: why } });
    if (!done.count) return false;
    const t = (await loadTournament(db, tournamentId))!;
    log.info(`player ${userId} withdrawn from tournament ${tournamentId} (${why})`, { tournamentId, userId });
    await c.tell({ type: 'withdrawn', tournament: t, userId, why, by });
    if (t.format === 'arena') {
      await arena.withdrawn(tournamentId, userId);
      return true;
    }
    const owed = await db.tournamentPairing.findMany({ where: { tournamentId, userId, result: 'pending' }, orderBy: { round: 'asc' } });
    for (const p of owed) {
      if (p.gameId === null) {
        await decideUnplayed(tournamentId, p.round, p.board, p.colour === 'white' ? 'black' : 'white');
        continue;
      }
      const forfeited = await master.forfeit(p.gameId, userId, WITHDREW);
      // Over already (it ended a moment ago): its own result stands.
      if (!forfeited.ok) await recordStored(p.gameId);
    }
    return true;
  }

  /**
   * A round's deadline: its games still running are decided by their game's own rule, and a board
   * whose game never started is drawn unplayed. Judged against the stored round: early, it is armed again.
   */
  async function deadline(tournamentId: number, round: number): Promise<void> {
    const t = await loadTournament(db, tournamentId);
    if (t?.format === 'arena') return arena.deadline(tournamentId);
    if (!t || t.status !== 'RUNNING' || t.round !== round) return;
    const view = await roundOf(db, tournamentId, round);
    if (!view) return;
    if (now() < view.deadlineAt) return c.jobs.armRoundDeadline(c.ref(t), round, view.deadlineAt);
    for (const b of view.boards) {
      if (b.result !== 'pending') continue;
      if (b.gameId === null) {
        await decideUnplayed(tournamentId, round, b.board, 'draw');
        continue;
      }
      const adjudicated = await master.adjudicate(b.gameId);
      if (!adjudicated.ok) await recordStored(b.gameId);
    }
  }

  /** Hears the game master: every finished game of a running tournament is recorded. */
  const listener: MasterSubscriber = {
    front: 'tournaments',
    async hear(event) {
      if (event.type !== 'finished' || !tournamentTagOf(event.game)) return;
      await recordGame(event.game);
    },
  };

  return { listener, recordGame, recordStored, withdraw, deadline, decideUnplayed };
}

export type Results = ReturnType<typeof createResults>;
