// What the game master asks of the job queue, and what the queue calls back as jobs come due. The
// master knows no job queue: src/scheduling implements this port, and the app hands it in.
import type { ClockWakes } from '../services/clocks.js';
import type { GameSnapshot } from '../services/types.js';

/** The jobs that must happen later (src/scheduling implements this). */
export interface JobPort {
  /**
   * Replaces a game's waiting reminder and timeout jobs with ones due at `wakes` (none: removes
   * them; the timeout job judges the deadline, or the grace once it ran out); false when nothing
   * was armed (the workers not started).
   */
  armGame(game: GameSnapshot, wakes: ClockWakes): Promise<boolean>;
  armChallenge(challenge: { id: number; guildId: string; expiresAt: Date }): Promise<void>;
  /** Records that an AI owes a move in this game, and wakes the worker for it. */
  aiTurn(game: Pick<GameSnapshot, 'id' | 'guildId'>): Promise<void>;
  armDailyClose(game: Pick<GameSnapshot, 'id' | 'guildId'>, at: Date): Promise<void>;
  /** Whether this process serves the guild (its jobs and presses come here). */
  servesGuild(guildId: string | null): boolean;
}

/** The stored jobs as they come due (the scheduler calls these; the master judges each). */
export type JobHandlers = {
  /** A reminder job came due: judged against the game's current turn (a job armed earlier may come early). */
  reminder(job: { gameId: number }): Promise<void>;
  /** A timeout job came due: the current turn's deadline, or the grace after it, is judged. */
  timeout(job: { guildId: string | null; gameId: number }): Promise<void>;
  challenge(job: { challengeId: number }): Promise<void>;
  aiTurn(job: { gameId: number }): Promise<void>;
  dailyClose(job: { gameId: number }): Promise<void>;
};
