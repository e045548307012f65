// Board images off the bot's main thread: a pool of render worker threads (piscina) turns views
// into PNG bytes, and one more worker, at a lower CPU priority and only while there is work, makes
// the animated replays that players ask for. The main thread does database and Discord work only.
// Boards and previews take the workers by priority (priority.ts): live boards first.
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { PreviewCandidate, RenderOptions } from './index.js';
import { createPriorityGate, type DrawPriority } from './priority.js';
import type { Replay, ReplayRequest } from './replay.js';
import type { RenderResult, RenderTask } from './worker.js';

export type { DrawPriority } from './priority.js';

/** How a drawing waits for a worker: `live` (a move's board, the default for boards) goes first. */
export type DrawOptions = { priority?: DrawPriority };

export interface RenderPool {
  /** A board's PNG, drawn in a worker (a live board unless `draw` says otherwise). */
  boardPng(gameType: string, view: object, opts?: RenderOptions, draw?: DrawOptions): Promise<Buffer>;
  /** Candidate moves drawn over the board (Siege Master placements), after live boards by default. */
  previewPng(gameType: string, view: object, candidates: PreviewCandidate[], opts?: RenderOptions, draw?: DrawOptions): Promise<Buffer>;
  /** A finished game's animated replay, or null when the game has no board image. */
  replay(request: ReplayRequest): Promise<Replay | null>;
  /** Queue waits and run times of the board workers so far, in ms (the bench reads them). */
  timing(): { boards: number; waitP50: number; waitP99: number; runP50: number; runP99: number };
  /** Images waiting for a worker now: boards (and previews), and replays. */
  queued(): { boards: number; replays: number };
  close(): Promise<void>;
}

export type RenderPoolOptions = {
  /** Board workers. Default: the machine's cores less one (the main thread's), at least 1. */
  size?: number;
  /**
   * Boards (and previews) a worker holds at once. Default 2: a board is drawn on the worker's own
   * thread and compressed to PNG (a third of its CPU) by libvips on threads of its own, so a second
   * board is drawn while the first is compressed: one worker keeps two cores busy in a burst.
   */
  boardsPerWorker?: number;
  /** The worker entry; tests swap it. */
  workerUrl?: URL;
  /** Given to every worker besides its lane (tests use it to make one fail). */
  workerData?: Record<string, unknown>;
  /** A board that takes longer than this is abandoned and its worker replaced. Default 20 s. */
  boardTimeoutMs?: number;
  /** Likewise for a replay. Default 120 s. */
  replayTimeoutMs?: number;
};

const WORKER_URL = new URL('./worker.mjs', import.meta.url);

/** The default number of board workers: one core stays with the main thread. */
export function defaultRenderWorkers(): number {
  return Math.max(1, availableParallelism() - 1);
}

export function createRenderPool(options: RenderPoolOptions = {}): RenderPool {
  const size = Math.max(1, options.size ?? defaultRenderWorkers());
  const perWorker = Math.max(1, options.boardsPerWorker ?? 2);
  const filename = fileURLToPath(options.workerUrl ?? WORKER_URL);
  const boards = new Piscina<RenderTask, RenderResult>({
    filename,
    minThreads: size,
    maxThreads: size,
    idleTimeout: Number.MAX_SAFE_INTEGER,
    concurrentTasksPerWorker: perWorker,
    workerData: { ...options.workerData, lane: 'siege-render' },
    // No young-generation limit of their own: under `npm start` the process-wide
    // --max-semi-space-size=2 overrides a worker's resourceLimits, and a 32 MB young generation
    // (tried by clearing that flag before the workers start) made more full collections, not
    // fewer: each board's pixels are external memory that a full collection frees (bench/README.md).
  });
  // Replays are rare and long (seconds): one worker, started when asked for and gone when idle,
  // niced so that the kernel gives boards and interactions the cores first.
  const replays = new Piscina<RenderTask, RenderResult>({
    filename,
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: 60_000,
    niceIncrement: 10,
    workerData: { ...options.workerData, lane: 'siege-replay' },
  });
  // A slot per board a worker holds: piscina's own queue stays empty, and the next drawing is chosen here.
  const gate = createPriorityGate(size * perWorker);
  const boardTimeoutMs = options.boardTimeoutMs ?? 20_000;
  const replayTimeoutMs = options.replayTimeoutMs ?? 120_000;

  /**
   * Runs a task, once more on a fresh worker if the first attempt failed: a worker that crashed
   * is replaced by piscina, one that overran is stopped here (and replaced), and the board must
   * still be posted.
   */
  async function run(pool: Piscina<RenderTask, RenderResult>, task: RenderTask, timeoutMs: number): Promise<RenderResult> {
    try {
      return await attempt(pool, task, timeoutMs);
    } catch {
      return attempt(pool, task, timeoutMs);
    }
  }

  /**
   * One try, given up after `timeoutMs`. Not piscina's abort signal: piscina runs an abortable task
   * alone in its worker, which would keep a worker from holding two boards. Instead the worker
   * notes its thread when it starts the task, and an overrun stops that thread; piscina starts a
   * new one, and a board the stopped worker held beside it fails and is drawn again.
   */
  async function attempt(pool: Piscina<RenderTask, RenderResult>, task: RenderTask, timeoutMs: number): Promise<RenderResult> {
    const startedBy = new Int32Array(new SharedArrayBuffer(4));
    const running = pool.run({ ...task, startedBy });
    let timer: NodeJS.Timeout | undefined;
    const overrun = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const thread = pool.threads.find((worker) => worker.threadId === Atomics.load(startedBy, 0));
        void thread?.terminate();
        reject(new Error(`render task took over ${timeoutMs} ms`));
      }, timeoutMs);
    });
    running.catch(() => {}); // after an overrun, its failure has no one left to hear it
    try {
      return await Promise.race([running, overrun]);
    } finally {
      clearTimeout(timer);
    }
  }

  const png = (result: RenderResult): Buffer => {
    if (!(result instanceof Uint8Array)) throw new Error('render worker answered without an image');
    return Buffer.from(result.buffer, result.byteOffset, result.byteLength);
  };

  return {
    async boardPng(gameType, view, opts = {}, draw = {}) {
      return png(await gate.run(draw.priority ?? 'live', () => run(boards, { kind: 'board', gameType, view, opts }, boardTimeoutMs)));
    },
    async previewPng(gameType, view, candidates, opts = {}, draw = {}) {
      return png(await gate.run(draw.priority ?? 'preview', () => run(boards, { kind: 'preview', gameType, view, candidates, opts }, boardTimeoutMs)));
    },
    async replay(request) {
      const result = (await run(replays, { kind: 'replay', request }, replayTimeoutMs)) as Replay | null;
      if (!result) return null;
      const data = result.data as Uint8Array;
      return { ...result, data: Buffer.from(data.buffer, data.byteOffset, data.byteLength) };
    },
    queued() {
      return { boards: gate.waiting + boards.queueSize, replays: replays.queueSize };
    },
    timing() {
      const h = boards.histogram;
      return {
        boards: boards.completed,
        // Drawings wait in the priority gate, not in piscina's queue.
        waitP50: gate.waitPercentile(50),
        waitP99: gate.waitPercentile(99),
        runP50: h.runTime.p50,
        runP99: h.runTime.p99,
      };
    },
    async close() {
      await Promise.all([boards.destroy(), replays.destroy()]);
    },
  };
}

/** The same pool, telling `observe` how long each board and preview took, queue included, by game. */
export function timedRenderPool(pool: RenderPool, observe: (gameType: string, seconds: number) => void): RenderPool {
  const timed = async <T>(gameType: string, draw: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    try {
      return await draw();
    } finally {
      observe(gameType, (performance.now() - started) / 1000);
    }
  };
  return {
    ...pool,
    boardPng: (gameType, view, opts, draw) => timed(gameType, () => pool.boardPng(gameType, view, opts, draw)),
    previewPng: (gameType, view, candidates, opts, draw) => timed(gameType, () => pool.previewPng(gameType, view, candidates, opts, draw)),
    replay: (request) => pool.replay(request),
    timing: () => pool.timing(),
    queued: () => pool.queued(),
    close: () => pool.close(),
  };
}
