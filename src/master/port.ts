// What the game master asks of the job queue, and what the queue calls back as jobs come due. The
// master knows no job queue: src/scheduling implements this port, and the app hands it in.
import type { GameSnapshot } from '../services/types.js';

/** The jobs that must happen later (src/scheduling implements this). */
export interface JobPort {
  /** Arms a game's reminder and timeout jobs for its current turn; false when nothing was armed. */
  armGame(game: GameSnapshot, graceMs: number): Promise<boolean>;
  armChallenge(challenge: { id: number; guildId: string; expiresAt: Date }): Promise<void>;
  /** Records that an AI owes a move in this game, and wakes the worker for it. */
  aiTurn(game: Pick<GameSnapshot, 'id' | 'guildId'>): Promise<void>;
  armDailyClose(game: Pick<GameSnapshot, 'id' | 'guildId'>, at: Date): Promise<void>;
  /** Whether this process serves the guild (its jobs and presses come here). */
  servesGuild(guildId: string | null): boolean;
}

/** The stored jobs as they come due (the scheduler calls these; the master judges each). */
export type JobHandlers = {
  reminder(job: { gameId: number; version: number }): Promise<void>;
  timeout(job: { guildId: string | null; gameId: number; version: number; stage: 'deadline' | 'grace' }): Promise<void>;
  challenge(job: { challengeId: number }): Promise<void>;
  aiTurn(job: { gameId: number }): Promise<void>;
  dailyClose(job: { gameId: number }): Promise<void>;
};
