// The game master: the one place where a game changes, whichever front end asked. Each verb
// loads the game, checks the seat and the version, applies the change through the services (the
// engine's rules, saved in one transaction with its log), tells its subscribers what happened as
// typed events (events.ts), and settles the game (its clock jobs, the AI's owed move). Front ends
// parse their input, call a verb, and answer with what it returns; they never save a game.
import { ok, type Result } from '../engine/result.js';
import type { Services } from '../services/index.js';
import type { GameSnapshot } from '../services/types.js';
import { createMasterContext, type MasterPorts } from './context.js';
import { createMoveVerbs, type MoveSource } from './moves.js';
import type { JobHandlers } from './port.js';
import { createStartVerbs } from './starts.js';
import { createTurnVerbs } from './turns.js';

export { isBoardEvent } from './events.js';
export type { BoardEvent, ChangeOrigin, Finished, GameStarted, HandedOver, MasterEvent, MasterSubscriber, Moved, Notice, PlainOrigin, Receipt } from './events.js';
export type { JobHandlers, JobPort } from './port.js';
export type { MoveRequest, MovePlayed, MoveSource, SettingChanged } from './moves.js';
export type { DailyPlace } from './starts.js';

export type GameMasterOptions = MasterPorts & {
  /** Counts each saved move by game and source (the metrics). */
  onMove?: (gameType: string, source: MoveSource) => void;
};

export function createGameMaster(services: Services, options: GameMasterOptions) {
  const m = createMasterContext(services, options);
  const moves = createMoveVerbs(m, options.onMove ?? (() => {}));
  const turns = createTurnVerbs(m);
  const starts = createStartVerbs(m);
  const { log, jobs } = options;

  /** The stored jobs as they come due: each judged against the stored game, so a repeat does nothing. */
  const jobHandlers: JobHandlers = {
    reminder: (job) => turns.remind(job),
    timeout: (job) => turns.judgeClock(job),
    challenge: (job) => starts.expireChallenge(job.challengeId),
    aiTurn: (job) => moves.runAiTurns(job.gameId),
    dailyClose: (job) => turns.closeDaily(job.gameId),
  };

  /**
   * At start-up, what a crash may have left undone, for the games this process serves: clock
   * jobs not armed for a move saved just before it (armed first, before an AI move re-arms
   * them), daily closes (armed again; an overdue one runs at once).
   */
  async function recoverClocks(): Promise<{ clocks: number; dailies: number }> {
    const unarmed = (await services.games.gamesOwingClockJobs()).filter((g) => jobs.servesGuild(g.guildId));
    for (const g of unarmed) {
      const game = await services.games.load(g.id);
      if (game) await m.armClock(game);
    }
    const dailies = (await services.daily.runningAttempts()).filter((a) => jobs.servesGuild(a.guildId));
    for (const a of dailies) await jobs.armDailyClose({ id: a.gameId, guildId: a.guildId }, a.closesAt);
    return { clocks: unarmed.length, dailies: dailies.length };
  }

  /** At start-up: the AI moves owed in the games this process serves are queued again. */
  async function recoverAiMoves(): Promise<number> {
    const owing = (await services.games.gamesOwingAiMoves()).filter((g) => jobs.servesGuild(g.guildId));
    for (const game of owing) await jobs.aiTurn(game);
    return owing.length;
  }

  /**
   * A member goes on (or comes back from) vacation: the clocks their absence moved are armed
   * again, and the other players of each of their games are told.
   */
  async function vacation(userId: string, change: { days: number } | 'end'): Promise<Result<{ endsAt: Date | null; games: GameSnapshot[]; changed: GameSnapshot[] }>> {
    const done = change === 'end' ? await services.timekeeping.vacationEnd(userId) : await services.timekeeping.vacationStart(userId, change.days);
    if (!done.ok) return done;
    const endsAt: Date | null = 'endsAt' in done.value ? (done.value.endsAt as Date) : null;
    for (const game of done.value.changed) await m.settle(game);
    for (const game of done.value.games) await m.notify({ type: 'vacation', game, userId, until: endsAt });
    log.debug(`vacation of ${userId}: ${change === 'end' ? 'ended' : `${change.days} day(s)`}`, { userId });
    return ok({ endsAt, games: done.value.games, changed: done.value.changed });
  }

  return {
    ...moves,
    ...turns,
    ...starts,
    vacation,
    /**
     * Tells `subscriber` every event from now on (a module composed after the master: the
     * tournaments hear each finished game); returns how to stop.
     */
    subscribe: m.subscribe,
    jobHandlers,
    recoverClocks,
    recoverAiMoves,
    /** Arms a game's clock jobs from its stored state (after something else moved its deadline). */
    armClock: (game: GameSnapshot) => m.armClock(game),
  };
}

export type GameMaster = ReturnType<typeof createGameMaster>;
