// What the tournaments ask of the job queue, and what the queue calls back as jobs come due. Like
// the game master, the tournaments know no job queue: src/scheduling implements this port (one
// set of queues per shard), and the app hands it in.

/** A tournament as a job names it: its guild routes the job to the process that serves it. */
export type TournamentRef = { id: number; guildId: string };

export interface TournamentJobPort {
  /** Closes the sign-up at `at` (replacing an earlier arming). */
  armSignupClose(tournament: TournamentRef, at: Date): Promise<void>;
  /** Ends round `round` at `at`: its games still running are adjudicated then. */
  armRoundDeadline(tournament: TournamentRef, round: number, at: Date): Promise<void>;
  /** Pairs round `round` and starts its games, as soon as a worker is free (now, in this process). */
  startRound(tournament: TournamentRef, round: number): Promise<void>;
  /** Whether this process serves the guild (its jobs come here). */
  servesGuild(guildId: string | null): boolean;
}

/** The stored jobs as they come due (the scheduler calls these; each is judged against the store). */
export type TournamentJobHandlers = {
  tournamentSignup(job: { tournamentId: number }): Promise<void>;
  tournamentDeadline(job: { tournamentId: number; round: number }): Promise<void>;
  tournamentRound(job: { tournamentId: number; round: number }): Promise<void>;
};
