// The game master as the unit tests meet it: the real services over a real PostgreSQL (a fresh
// database per file), the real engines, and the real AI (in this process, its work fixed, so that
// every move it picks is the same on every run). Only the master's ports are in memory: a
// subscriber that keeps every event it hears, and a job port that keeps the jobs it was asked to
// arm, for a test to run when it chooses (as the queue would once they come due).
import { chooseMove } from '../../src/ai/index.js';
import { createLogger } from '../../src/config/logger.js';
import { gameById } from '../../src/games/index.js';
import { createGameMaster, isBoardEvent, type BoardEvent, type GameMaster, type JobPort, type MasterEvent, type MasterSubscriber, type MoveSource, type Notice, type Receipt } from '../../src/master/index.js';
import type { ClockWakes } from '../../src/services/clocks.js';
import { createServices, type Services } from '../../src/services/index.js';
import type { AiMover, GameSnapshot, SeatAssignment } from '../../src/services/types.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';
import { fixedSeeds } from '../helpers/seeds.js';

export const T0 = new Date('2026-12-01T10:00:00.000Z');
export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

/** A subscriber that keeps what it hears, and answers every board event with `receipt`. */
export function hearing(front: string, receipt: Receipt = { shown: true, where: `${front}:board` }) {
  const events: MasterEvent[] = [];
  const subscriber: MasterSubscriber = {
    front,
    async hear(event) {
      events.push(event);
      return isBoardEvent(event) ? receipt : undefined;
    },
  };
  return {
    subscriber,
    events,
    boards: (gameId?: number): BoardEvent[] => events.filter(isBoardEvent).filter((e) => gameId === undefined || e.game.id === gameId),
    notices: (): Notice[] => events.filter((e): e is Notice => !isBoardEvent(e)),
    /** The events heard since `mark` (a count of events taken before). */
    since: (mark: number) => events.slice(mark),
  };
}

export type Hearing = ReturnType<typeof hearing>;

type ArmedJob = { stage: 'reminder' | 'deadline' | 'grace'; gameId: number; version: number; guildId: string | null; at: Date };

/** The job queue in memory: what is armed now, by game, as the scheduler would replace it. */
export function memoryJobs(now: () => Date) {
  const clocks = new Map<number, ArmedJob[]>();
  const aiOwed: number[] = [];
  const challenges: number[] = [];
  const dailyCloses = new Map<number, Date>();
  const port: JobPort = {
    async armGame(game: GameSnapshot, wakes: ClockWakes) {
      const base = { gameId: game.id, version: game.version, guildId: game.guildId };
      const jobs: ArmedJob[] = [];
      if (wakes.reminderAt) jobs.push({ ...base, stage: 'reminder', at: wakes.reminderAt });
      if (wakes.timeoutAt) jobs.push({ ...base, stage: game.timedOutAt ? 'grace' : 'deadline', at: wakes.timeoutAt });
      clocks.set(game.id, jobs);
      return true;
    },
    armChallenge: async (c) => void challenges.push(c.id),
    aiTurn: async (game) => void aiOwed.push(game.id),
    armDailyClose: async (game, at) => void dailyCloses.set(game.id, at),
    servesGuild: () => true,
  };
  return {
    port,
    clocks,
    aiOwed,
    challenges,
    dailyCloses,
    /** The clock job of a stage armed for a game now, which must be there. */
    armed<S extends ArmedJob['stage']>(gameId: number, stage: S): ArmedJob & { stage: S } {
      const job = (clocks.get(gameId) ?? []).find((j): j is ArmedJob & { stage: S } => j.stage === stage);
      if (!job) throw new Error(`game ${gameId} has no ${stage} job armed at ${now().toISOString()}: ${JSON.stringify(clocks.get(gameId))}`);
      return job;
    },
  };
}

/** The real AI, in this process with its work fixed (a worker pool would only move it to another thread). */
const inProcessAi: AiMover = {
  async chooseMove(gameType, state, seat, level, budget) {
    const def = gameById(gameType);
    if (!def) throw new Error(`no game ${gameType}`);
    return chooseMove(def, state, seat, level, { ...budget, iterations: 40 });
  },
};

export type MasterBench = {
  database: TestDatabase;
  services: Services;
  master: GameMaster;
  /** The Discord-like front end (its answers are the receipts of presses there), and the web. */
  discord: Hearing;
  web: Hearing;
  jobs: ReturnType<typeof memoryJobs>;
  /** Saved moves by source, as the metrics count them. */
  counted: { gameType: string; source: MoveSource }[];
  clock: { now: Date };
  /** The master's log lines, warnings and errors. */
  logs: string[];
  drop(): Promise<void>;
};

/** A master over a fresh database, its games seeded from `seeds` (fixed), its time `clock.now`. */
export async function masterBench(seeds: string): Promise<MasterBench> {
  const database = await createTestDatabase();
  const clock = { now: T0 };
  const logs: string[] = [];
  const log = createLogger('warn', (line) => void logs.push(line));
  const services = createServices({ db: database.db, log, ai: inProcessAi, now: () => clock.now, newSeed: fixedSeeds(seeds), challengeExpiryMs: HOUR });
  const discord = hearing('discord');
  const web = hearing('web', { shown: true, where: '/play' });
  const jobs = memoryJobs(() => clock.now);
  const counted: MasterBench['counted'] = [];
  const master = createGameMaster(services, {
    subscribers: [discord.subscriber, web.subscriber],
    jobs: jobs.port,
    log,
    onMove: (gameType, source) => void counted.push({ gameType, source }),
  });
  return { database, services, master, discord, web, jobs, counted, clock, logs, drop: () => database.drop() };
}

export const members = (...ids: string[]): SeatAssignment[] => ids.map((userId) => ({ kind: 'human', userId }));

/** Starts a game through the master (as `/siege start` does), or fails the test. */
export async function started(bench: MasterBench, gameType: string, seats: SeatAssignment[], more: { clockSeconds?: number | null; rawOptions?: Record<string, unknown> } = {}): Promise<GameSnapshot> {
  const r = await bench.master.startGame({ gameType, guildId: 'guild', channelId: 'channel', seats, starterId: seats.find((s) => s.kind === 'human')?.userId ?? 'x', clockSeconds: more.clockSeconds ?? null, rawOptions: more.rawOptions, origin: { front: 'discord' } });
  if (!r.ok) throw new Error(`${gameType}: ${r.error.message}`);
  return r.value.game;
}

/** Whoever must act in `game` (one seat), with the first legal move there: a fixed choice. */
export function firstMove(game: GameSnapshot): { userId: string; seat: number; move: unknown } {
  const def = gameById(game.gameType)!;
  const seat = def.toAct(game.state)[0];
  if (seat === undefined) throw new Error(`game ${game.id}: nobody to act`);
  const occupant = game.seats[seat];
  if (occupant?.kind !== 'human') throw new Error(`game ${game.id}: seat ${seat} is not a member's`);
  return { userId: occupant.userId, seat, move: def.legalMoves(game.state, seat)[0] };
}

/** The notations of the moves a board event tells (it must be one that tells moves). */
export function notations(event: MasterEvent | undefined): string[] {
  if (!event || !isBoardEvent(event) || event.type === 'game-started') throw new Error(`no moves are told by ${event?.type}`);
  return event.moves.map((m) => m.notation);
}

export function value<T>(r: { ok: true; value: T } | { ok: false; error: { code: string; message: string } }): T {
  if (!r.ok) throw new Error(`refused: ${r.error.code}: ${r.error.message}`);
  return r.value;
}
