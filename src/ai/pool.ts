// A pool of worker threads running chooseMove, so a search never blocks the bot's event loop.
// A worker that crashes or overruns its hard timeout is replaced, and its call rejects.
import { Worker } from 'node:worker_threads';
import type { AiLevel, Seat } from '../engine/contract.js';
import type { AiBudget } from './index.js';

export type WorkerRequest = { id: number; gameId: string; state: unknown; seat: Seat; level: AiLevel; budget: AiBudget };
export type WorkerReply =
  | { type: 'ready' }
  | { type: 'move'; id: number; move: unknown }
  | { type: 'error'; id: number; message: string };

export interface AiPoolOptions {
  /** Worker threads. Default 1: on a 2-core machine one core stays with the bot. */
  size?: number;
  /** A call fails, and its worker is replaced, after budget.timeMs × this. Default 3. */
  timeoutFactor?: number;
  /** Floor of that hard timeout, in ms. Default 1000. */
  minTimeoutMs?: number;
  /** How long a new worker may take to load the games. Default 60 s. */
  startupTimeoutMs?: number;
  /** Games outside the registry, by id: module URLs whose default or named export is the game. */
  gameModules?: Record<string, string>;
  /** The worker entry; tests swap it. */
  workerUrl?: URL;
}

export interface AiPool {
  /** The AI's move, from a worker thread. Rejects with an AiError when the worker fails or overruns. */
  chooseMove<Move = unknown>(gameId: string, state: unknown, seat: Seat, level: AiLevel, budget: AiBudget): Promise<Move>;
  /** Resolves once every worker has loaded the games and warmed up; rejects if one cannot start. */
  ready(): Promise<void>;
  /** Fails waiting calls and stops the workers. */
  close(): Promise<void>;
}

export class AiError extends Error {
  constructor(message: string, readonly code: 'crashed' | 'timeout' | 'failed' | 'closed') {
    super(message);
    this.name = 'AiError';
  }
}

type Job = {
  request: WorkerRequest;
  resolve: (move: unknown) => void;
  reject: (error: Error) => void;
};

type Slot = {
  worker: Worker;
  ready: boolean;
  job: Job | null;
  timer: NodeJS.Timeout | null;
};

const WORKER_URL = new URL('./worker.mjs', import.meta.url);

export function createAiPool(options: AiPoolOptions = {}): AiPool {
  const size = Math.max(1, options.size ?? 1);
  const timeoutFactor = options.timeoutFactor ?? 3;
  const minTimeoutMs = options.minTimeoutMs ?? 1000;
  const startupTimeoutMs = options.startupTimeoutMs ?? 60_000;
  const queue: Job[] = [];
  const slots: Slot[] = [];
  let nextId = 1;
  let closed = false;
  let startupFailed = false;
  let readyWaiters: { resolve: () => void; reject: (error: Error) => void }[] = [];

  function notifyReady(): void {
    if (closed || slots.length < size || slots.some((slot) => !slot.ready)) return;
    const waiters = readyWaiters;
    readyWaiters = [];
    for (const waiter of waiters) waiter.resolve();
  }

  function spawn(): Slot {
    const worker = new Worker(options.workerUrl ?? WORKER_URL, { workerData: { gameModules: options.gameModules ?? {} } });
    const slot: Slot = { worker, ready: false, job: null, timer: null };
    worker.unref();
    slot.timer = setTimeout(() => replace(slot, new AiError('AI worker did not start in time', 'timeout')), startupTimeoutMs);
    slot.timer.unref();
    worker.on('message', (reply: WorkerReply) => onReply(slot, reply));
    worker.on('error', (error) => replace(slot, new AiError(`AI worker crashed: ${error.message}`, 'crashed')));
    worker.on('exit', (code) => replace(slot, new AiError(`AI worker exited with code ${code}`, 'crashed')));
    return slot;
  }

  function onReply(slot: Slot, reply: WorkerReply): void {
    if (reply.type === 'ready') {
      slot.ready = true;
      startupFailed = false;
      clearTimer(slot);
      dispatch();
      notifyReady();
      return;
    }
    const job = slot.job;
    if (!job || job.request.id !== reply.id) return;
    finish(slot);
    if (reply.type === 'move') job.resolve(reply.move);
    else job.reject(new AiError(reply.message, 'failed'));
    dispatch();
  }

  function clearTimer(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
  }

  function finish(slot: Slot): void {
    clearTimer(slot);
    slot.job = null;
  }

  /** Workers keep the process alive only while a call waits on them. */
  function updateRefs(): void {
    for (const slot of slots) {
      if (slot.job || (queue.length > 0 && !slot.ready)) slot.worker.ref();
      else slot.worker.unref();
    }
  }

  /** Retires a worker (crash, timeout) and fails its call; a fresh worker takes its place. */
  function replace(slot: Slot, error: AiError): void {
    const index = slots.indexOf(slot);
    if (index < 0) return;
    const job = slot.job;
    const started = slot.ready;
    finish(slot);
    slot.worker.removeAllListeners();
    slot.worker.on('error', () => {});
    void slot.worker.terminate();
    slots.splice(index, 1);
    job?.reject(error);
    if (!started) {
      // A worker that cannot load would fail every waiting call the same way; retry on the next call.
      startupFailed = true;
      const failure = new AiError(`AI worker failed to start: ${error.message}`, 'crashed');
      for (const waiting of queue.splice(0)) waiting.reject(failure);
      for (const waiter of readyWaiters.splice(0)) waiter.reject(failure);
    }
    fill();
    dispatch();
  }

  /** Keeps `size` workers, except after a failed start, when it waits for the next call. */
  function fill(): void {
    while (!closed && slots.length < size && (!startupFailed || queue.length > 0)) slots.push(spawn());
  }

  function dispatch(): void {
    for (const slot of slots) {
      if (queue.length === 0) break;
      if (!slot.ready || slot.job) continue;
      const job = queue.shift()!;
      slot.job = job;
      const budgetMs = Number(job.request.budget?.timeMs);
      const limit = Math.max(minTimeoutMs, Number.isFinite(budgetMs) ? budgetMs * timeoutFactor : 0);
      slot.timer = setTimeout(
        () => replace(slot, new AiError(`AI move took longer than ${limit} ms`, 'timeout')),
        limit,
      );
      try {
        slot.worker.postMessage(job.request);
      } catch (error) {
        finish(slot);
        job.reject(new AiError(`AI call not sent: ${error instanceof Error ? error.message : String(error)}`, 'failed'));
      }
    }
    updateRefs();
  }

  // No worker before the first call (or `ready()`): a bot whose games never ask the AI does not
  // load every game's engine a second time, and the first AI move waits for the start once.

  return {
    chooseMove<Move>(gameId: string, state: unknown, seat: Seat, level: AiLevel, budget: AiBudget) {
      if (closed) return Promise.reject(new AiError('AI pool is closed', 'closed'));
      return new Promise<Move>((resolve, reject) => {
        queue.push({ request: { id: nextId++, gameId, state, seat, level, budget }, resolve: resolve as (move: unknown) => void, reject });
        fill();
        dispatch();
      });
    },
    ready() {
      return new Promise<void>((resolve, reject) => {
        readyWaiters.push({ resolve, reject });
        fill();
        notifyReady();
      });
    },
    async close() {
      closed = true;
      for (const waiter of readyWaiters.splice(0)) waiter.reject(new AiError('AI pool is closed', 'closed'));
      for (const job of queue.splice(0)) job.reject(new AiError('AI pool is closed', 'closed'));
      const retiring = slots.splice(0);
      await Promise.all(
        retiring.map(async (slot) => {
          const job = slot.job;
          finish(slot);
          slot.worker.removeAllListeners();
          slot.worker.on('error', () => {});
          job?.reject(new AiError('AI pool is closed', 'closed'));
          await slot.worker.terminate();
        }),
      );
    },
  };
}
