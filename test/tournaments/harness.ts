// The tournaments as their unit tests meet them: the game master's bench (the real services, engines
// and AI over a real PostgreSQL, its ports in memory), with the tournaments above it, subscribed to
// the master as the app subscribes them. Their own ports are in memory too: a job port that keeps
// what it was asked to arm, for a test to run when it chooses (as the queue would once they come
// due), and a listener that keeps every event it hears.
import { createLogger } from '../../src/config/logger.js';
import { gameById } from '../../src/games/index.js';
import type { GameSnapshot } from '../../src/services/types.js';
import { createTournaments, type TournamentEvent, type TournamentJobPort, type Tournaments } from '../../src/tournaments/index.js';
import { masterBench, value, type MasterBench } from '../master/harness.js';

export function memoryTournamentJobs() {
  const signups = new Map<number, Date>();
  const deadlines = new Map<string, Date>();
  /** Rounds asked for, in order: the queue would run each once a worker is free. */
  const roundStarts: { tournamentId: number; round: number }[] = [];
  const port: TournamentJobPort = {
    armSignupClose: async (t, at) => void signups.set(t.id, at),
    armRoundDeadline: async (t, round, at) => void deadlines.set(`${t.id}:${round}`, at),
    startRound: async (t, round) => void roundStarts.push({ tournamentId: t.id, round }),
    servesGuild: () => true,
  };
  return { port, signups, deadlines, roundStarts };
}

export type TournamentBench = MasterBench & {
  tournaments: Tournaments;
  tjobs: ReturnType<typeof memoryTournamentJobs>;
  heard: TournamentEvent[];
  /** A second instance of the tournaments over the same store (another process), telling the same listener. */
  another(): Tournaments;
  /** Runs the rounds asked for, as the job queue would, until none is owed. */
  runRounds(): Promise<void>;
};

export async function tournamentBench(seeds: string): Promise<TournamentBench> {
  const bench = await masterBench(seeds);
  const tjobs = memoryTournamentJobs();
  const heard: TournamentEvent[] = [];
  const log = createLogger('warn', (line) => void bench.logs.push(line));
  // Every instance tells the same listener: what one process tells, its own front ends show.
  const make = () => {
    const made = createTournaments({ db: bench.database.db, services: bench.services, master: bench.master, jobs: tjobs.port, log, now: () => bench.clock.now });
    made.subscribe({ hear: async (e) => void heard.push(e) });
    return made;
  };
  const tournaments = make();
  bench.master.subscribe(tournaments.listener);
  return {
    ...bench,
    tournaments,
    tjobs,
    heard,
    another: make,
    async runRounds() {
      for (let guard = 0; tjobs.roundStarts.length; guard++) {
        if (guard > 100) throw new Error('rounds keep being asked for');
        const job = tjobs.roundStarts.shift()!;
        await tournaments.jobHandlers.tournamentRound(job);
      }
    },
  };
}

/** A small deterministic chooser (a linear congruential generator), so a failing run can be replayed. */
export function picker(seed: number) {
  let s = seed >>> 0;
  return <T>(items: readonly T[]): T => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return items[s % items.length]!;
  };
}

/** Plays random legal moves through the master until `game` ends or `moves` are made. */
export async function playRandomly(bench: MasterBench, gameId: number, pick: ReturnType<typeof picker>, moves = 500): Promise<GameSnapshot> {
  for (let n = 0; n < moves; n++) {
    const game = (await bench.services.games.load(gameId))!;
    if (game.status !== 'ACTIVE') return game;
    const def = gameById(game.gameType)!;
    const seat = def.toAct(game.state)[0]!;
    const occupant = game.seats[seat]!;
    if (occupant.kind !== 'human') throw new Error(`game ${gameId}: seat ${seat} is not a member's`);
    value(await bench.master.playMove({ gameId, actor: { kind: 'user', userId: occupant.userId }, input: { move: pick(def.legalMoves(game.state, seat)) }, expectedVersion: game.version, source: 'button' }));
  }
  return (await bench.services.games.load(gameId))!;
}
