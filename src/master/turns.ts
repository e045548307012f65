// What ends or rewinds a game other than a move: resigning, a clock that ran out (the job's
// judgment, the opponent's claim, the grace after it), a daily siege's close, a solo player's
// undo, and a takeback between two members. Each is saved by the services, then published and
// settled here.
import type { Outcome, Phrase } from '../engine/contract.js';
import { ok, type Result } from '../engine/result.js';
import { describeSeatPhrase, english, mention, moveValue, phrase, storedPhrase } from '../services/phrases.js';
import type { FinishedOnTime } from '../services/timekeeping.js';
import { AI_MARK, type GameSnapshot } from '../services/types.js';
import type { MasterContext } from './context.js';
import type { ChangeOrigin, Receipt } from './events.js';
import { seatOf } from '../services/seats.js';

export function createTurnVerbs(m: MasterContext) {
  const { services, log } = m;

  /** The final board of a game the platform ended; its headline is the outcome's reason (`fallback`: a catalog key). */
  async function publishFinished(f: { game: GameSnapshot; previous: GameSnapshot }, fallback: string, origin?: ChangeOrigin): Promise<Receipt> {
    return m.publishAndSettle(m.finishedEvent(f, fallback, origin));
  }

  async function resign(gameId: number, userId: string, origin?: ChangeOrigin): Promise<Result<{ game: GameSnapshot; receipt: Receipt }>> {
    const done = await services.games.resign(gameId, userId);
    if (!done.ok) return done;
    const receipt = await publishFinished(done.value, 'headline.resigned', origin);
    return ok({ game: done.value.game, receipt });
  }

  /** "Claim win", pressed by an opponent of a player whose clock ran out. */
  async function claimWin(gameId: number, userId: string): Promise<Result<FinishedOnTime>> {
    const claimed = await services.timekeeping.claimWin(gameId, userId);
    if (claimed.ok) await publishFinished(claimed.value, 'headline.timeRanOut');
    return claimed;
  }

  /**
   * A turn's deadline came (a job says so), or the grace after it: judged against the stored
   * game. Against the AI or alone the game ends at once; otherwise the opponents may claim the
   * win until the grace is over, when it is given to them.
   */
  async function judgeClock(job: { gameId: number; guildId: string | null }): Promise<void> {
    // The stored game says which: the grace once its deadline passed unanswered, else the deadline.
    const verdict = await services.timekeeping.judgeClock(job.gameId, await m.graceMs(job.guildId));
    if (verdict.kind === 'not-yet' || verdict.kind === 'moved-on') {
      // This job has run: the clock is armed again for the turn as it stands (a later deadline, say).
      if (verdict.game) await m.settle(verdict.game, false, 'timeoutAt');
      return;
    }
    if (verdict.kind === 'finished') return void (await publishFinished(verdict.finished, 'headline.timeRanOut'));
    const { game, late } = verdict;
    const lateIds = late.flatMap((s) => { const seat = game.seats[s]; return seat?.kind === 'human' ? [seat.userId] : []; });
    const otherIds = game.seats.flatMap((s) => (s.kind === 'human' && !lateIds.includes(s.userId) ? [s.userId] : []));
    const graceEndsAt = new Date(game.timedOutAt!.getTime() + (await m.graceMs(game.guildId)));
    await m.settle(game, false, 'timeoutAt'); // arms the grace job
    await m.notify({ type: 'timed-out', game, lateIds, otherIds, graceEndsAt });
  }

  /**
   * Ends a running game from outside its moves with an outcome `decide` reads from it, retried
   * when a move lands at the same moment; every subscriber hears it finish (`fallback`: a catalog key).
   */
  async function finishFromOutside(gameId: number, decide: Parameters<typeof services.games.finishWithOutcome>[1], fallback: string): Promise<Result<GameSnapshot>> {
    for (let attempt = 1; ; attempt++) {
      const done = await services.games.finishWithOutcome(gameId, decide);
      if (!done.ok && done.error.code === 'conflict' && attempt < 5) continue;
      if (!done.ok) return done;
      await publishFinished(done.value, fallback);
      return ok(done.value.game);
    }
  }

  /**
   * A running game stopped unfinished (a tournament round's deadline) is decided from its
   * position by the game's own rule (`adjudicate`); a game without one is drawn.
   */
  async function adjudicate(gameId: number): Promise<Result<GameSnapshot>> {
    return finishFromOutside(gameId, (game, def): Outcome => {
      if (def.adjudicate) return def.adjudicate(game.state);
      const reasonPhrase = phrase('outcome.stoppedDraw');
      return { winners: [], draw: true, reason: english(reasonPhrase), reasonPhrase };
    }, 'headline.adjudicated');
  }

  /**
   * `userId` loses a running game without playing it out (withdrawn from its tournament): the
   * others win, for `reason` (a phrase of the caller's catalog, with the seat as `seat`).
   */
  async function forfeit(gameId: number, userId: string, reason: Phrase): Promise<Result<GameSnapshot>> {
    return finishFromOutside(gameId, (game, def): Outcome => {
      const seat = seatOf(game, userId);
      const reasonPhrase: Phrase = { key: reason.key, values: { ...reason.values, seat: describeSeatPhrase(def, game, seat) } };
      return { winners: game.seats.map((_, i) => i).filter((i) => i !== seat), draw: false, reason: english(reasonPhrase), reasonPhrase };
    }, 'headline.forfeited');
  }

  /**
   * A reminder job: the players who must act now and were not reminded lately are told, when the
   * current turn's reminder is due (a job armed for an earlier turn comes early and only re-arms).
   */
  async function remind(job: { gameId: number }): Promise<void> {
    const claimed = await services.timekeeping.claimReminder(job.gameId);
    const game = claimed?.game ?? (await services.games.load(job.gameId));
    if (!game || game.status !== 'ACTIVE') return;
    await m.settle(game, false, 'reminderAt'); // the next reminder of this turn, if one is still to come
    if (claimed && game.deadlineAt) await m.notify({ type: 'reminder', game, userIds: claimed.userIds, late: claimed.late });
  }

  /** The close of a daily siege (its job, or start-up for one a crash left overdue): an unfinished one ends, scoring nothing. */
  async function closeDaily(gameId: number): Promise<void> {
    const closed = await services.daily.closeIfDue(gameId);
    if (closed) return void (await publishFinished(closed, 'headline.dailyClosed'));
    // Run early (clocks apart by a moment): armed again for its close.
    const attempt = await services.daily.attemptOfGame(gameId);
    const game = attempt ? await services.games.load(gameId) : null;
    if (attempt && game?.status === 'ACTIVE') await m.jobs.armDailyClose(game, attempt.closesAt);
  }

  /** A solo player undoes their latest move (up to one that revealed something). */
  async function undo(gameId: number, userId: string, version: number, origin?: ChangeOrigin) {
    const done = await services.takebacks.undo(gameId, userId, version);
    if (!done.ok) return done;
    const { game, previous, def, cancelled } = done.value;
    const headline = phrase('headline.undid', { seat: describeSeatPhrase(def, previous, cancelled.seat), move: moveValue(storedPhrase(cancelled.notationPhrase), cancelled.notation) });
    const receipt = await m.publishAndSettle({ type: 'handed-over', game, previous, moves: [], headline: english(headline), headlinePhrase: headline, ping: [], origin });
    return ok({ ...done.value, receipt });
  }

  /**
   * The mover asks to take back the move that made `version`: nothing is saved (the request
   * lives in the notice's buttons); the opponent is asked where the game is played.
   */
  async function askTakeback(gameId: number, version: number, userId: string, origin?: ChangeOrigin) {
    const asked = await services.takebacks.ask(gameId, version, userId);
    if (!asked.ok) return asked;
    const { game, move, moverId, opponentId } = asked.value;
    await m.notify({ type: 'takeback-asked', game, version, notation: move.notation, notationPhrase: storedPhrase(move.notationPhrase), moverId, opponentId, origin });
    return asked;
  }

  /** The opponent accepts: the move is taken back, and the mover is to play again. */
  async function acceptTakeback(gameId: number, version: number, userId: string, origin?: ChangeOrigin) {
    const done = await services.takebacks.accept(gameId, version, userId);
    if (!done.ok) return done;
    const { game, previous, def, cancelled } = done.value;
    const headline = phrase('headline.tookBack', { seat: describeSeatPhrase(def, previous, cancelled.seat), move: moveValue(storedPhrase(cancelled.notationPhrase), cancelled.notation), member: mention(userId) });
    await m.publishAndSettle({
      type: 'handed-over',
      game,
      previous,
      moves: [],
      headline: english(headline),
      headlinePhrase: headline,
      ping: game.toActUserIds.filter((id) => id !== userId && id !== AI_MARK),
      origin,
    });
    log.debug(`takeback of game ${gameId} v${version} accepted`, { gameId, userId });
    return done;
  }

  return { resign, claimWin, adjudicate, forfeit, judgeClock, remind, closeDaily, undo, askTakeback, acceptTakeback, declineTakeback: services.takebacks.decline, takebackAnswerers: services.takebacks.answerers };
}
