// AI worker threads (piscina) running chooseMove, so a search never blocks the bot's event loop.
// A call that overruns its hard timeout is aborted and its worker replaced; a crash rejects its call.
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { AiLevel, Seat } from '../engine/contract.js';
import type { AiBudget } from './index.js';
import type { AiTask, AiTaskResult, AiWorkerMessage } from './worker.js';

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
  /** Calls waiting for a worker: accepted, not yet begun (a worker busy or still starting). */
  readonly queueSize: number;
}

export class AiError extends Error {
  constructor(message: string, readonly code: 'crashed' | 'timeout' | 'failed' | 'closed') {
    super(message);
    this.name = 'AiError';
  }
}

/**
 * One piscina and its workers. When they cannot start, the whole set is retired and the next call
 * starts another: piscina itself stops replacing workers that fail while starting.
 */
type Workers = {
  piscina: Piscina<AiTask, AiTaskResult>;
  readyThreads: Set<number>;
  /** Armed while a worker is starting; it also holds the process open for calls waiting on that start. */
  startup: NodeJS.Timeout | null;
  lastError: Error | null;
  retired: boolean;
};

type Call = {
  id: number;
  workers: Workers;
  limitMs: number;
  started: boolean;
  abort: AbortController;
  timer: NodeJS.Timeout | null;
  resolve: (move: unknown) => void;
  reject: (error: Error) => void;
};

const WORKER_URL = new URL('./worker.mjs', import.meta.url);

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

function startFailure(error: unknown): AiError {
  return new AiError(`AI worker failed to start: ${messageOf(error)}`, 'crashed');
}

/** piscina says "worker exited with code: 7"; the pool has always said "exited with code 7". */
function crashFailure(error: unknown): AiError {
  const exit = /exited with code:? (-?\d+)/.exec(messageOf(error));
  return new AiError(exit ? `AI worker exited with code ${exit[1]}` : `AI worker crashed: ${messageOf(error)}`, 'crashed');
}

export function createAiPool(options: AiPoolOptions = {}): AiPool {
  const size = Math.max(1, options.size ?? 1);
  const timeoutFactor = options.timeoutFactor ?? 3;
  const minTimeoutMs = options.minTimeoutMs ?? 1000;
  const startupTimeoutMs = options.startupTimeoutMs ?? 60_000;
  const filename = fileURLToPath(options.workerUrl ?? WORKER_URL);
  const calls = new Map<number, Call>();
  const live = new Set<Workers>();
  let current: Workers | null = null;
  let readyWaiters: { resolve: () => void; reject: (error: Error) => void }[] = [];
  let nextId = 1;
  let closed = false;

  // No worker before the first call (or `ready()`): a bot whose games never ask the AI does not
  // load every game's engine a second time, and the first AI move waits for the start once.
  function workers(): Workers {
    if (current) return current;
    const piscina = new Piscina<AiTask, AiTaskResult>({
      filename,
      minThreads: size,
      maxThreads: size,
      workerData: { gameModules: options.gameModules ?? {} },
    });
    const set: Workers = { piscina, readyThreads: new Set(), startup: null, lastError: null, retired: false };
    piscina.on('message', (message: AiWorkerMessage) => onMessage(set, message));
    // A worker that fails with no call on it; without a listener piscina's 'error' would throw.
    piscina.on('error', (error: Error) => {
      set.lastError = error;
    });
    // piscina replaces a lost worker synchronously, unless it has given up on starting them.
    piscina.on('workerDestroy', () => queueMicrotask(() => onWorkerGone(set)));
    current = set;
    live.add(set);
    armStartup(set);
    return set;
  }

  function onMessage(set: Workers, message: AiWorkerMessage): void {
    if (message.type === 'ready') {
      set.readyThreads.add(message.threadId);
      checkReady(set);
      return;
    }
    const call = calls.get(message.id);
    if (!call || call.started) return;
    // The hard timeout counts from here: waiting behind another call, or for a worker to load the
    // games, spends none of the move's budget.
    call.started = true;
    call.timer = setTimeout(() => {
      settle(call);
      call.reject(new AiError(`AI move took longer than ${call.limitMs} ms`, 'timeout'));
      // piscina terminates the worker running an aborted task and starts another.
      call.abort.abort();
    }, call.limitMs);
    updateRefs();
  }

  function allStarted(set: Workers): boolean {
    const threads = set.piscina.threads;
    return threads.length === size && threads.every((thread) => set.readyThreads.has(thread.threadId));
  }

  function checkReady(set: Workers): void {
    if (set.retired || !allStarted(set)) return;
    if (set.startup) clearTimeout(set.startup);
    set.startup = null;
    for (const waiter of readyWaiters.splice(0)) waiter.resolve();
  }

  function armStartup(set: Workers): void {
    if (set.startup) clearTimeout(set.startup);
    set.startup = setTimeout(() => {
      set.startup = null;
      if (!allStarted(set)) retire(set, startFailure(new Error('AI worker did not start in time')));
    }, startupTimeoutMs);
    updateRefs();
  }

  function onWorkerGone(set: Workers): void {
    if (set.retired) return;
    if (set.piscina.threads.length < size) {
      retire(set, startFailure(set.lastError ?? new Error('the worker stopped before it was ready')));
    } else if (!allStarted(set)) {
      armStartup(set);
    }
  }

  /**
   * Workers that cannot start would fail every waiting call the same way: fail them now, and start
   * afresh at the next call. Calls already running on a healthy worker finish first.
   */
  function retire(set: Workers, error: AiError): void {
    set.retired = true;
    if (current === set) current = null;
    if (set.startup) clearTimeout(set.startup);
    set.startup = null;
    // close() first, so that piscina starts no worker for the calls aborted below.
    void set.piscina
      .close()
      .catch(() => {})
      .finally(() => live.delete(set));
    for (const call of [...calls.values()]) {
      if (call.workers !== set || call.started) continue;
      settle(call);
      call.reject(error);
      call.abort.abort();
    }
    for (const waiter of readyWaiters.splice(0)) waiter.reject(error);
  }

  function settle(call: Call): void {
    calls.delete(call.id);
    if (call.timer) clearTimeout(call.timer);
    call.timer = null;
    updateRefs();
  }

  /**
   * Idle workers never hold the process open (piscina unrefs them). A running call does, through
   * piscina and its timer; a call waiting for a worker to start does through the startup timer.
   */
  function updateRefs(): void {
    const waiting = [...calls.values()].some((call) => !call.started);
    for (const set of live) {
      if (waiting) set.startup?.ref();
      else set.startup?.unref();
    }
  }

  return {
    chooseMove<Move>(gameId: string, state: unknown, seat: Seat, level: AiLevel, budget: AiBudget) {
      if (closed) return Promise.reject(new AiError('AI pool is closed', 'closed'));
      const set = workers();
      const budgetMs = Number(budget?.timeMs);
      const limitMs = Math.max(minTimeoutMs, Number.isFinite(budgetMs) ? budgetMs * timeoutFactor : 0);
      return new Promise<Move>((resolve, reject) => {
        const id = nextId++;
        const call: Call = { id, workers: set, limitMs, started: false, abort: new AbortController(), timer: null, resolve: resolve as (move: unknown) => void, reject };
        calls.set(id, call);
        updateRefs();
        set.piscina.run({ id, gameId, state, seat, level, budget }, { signal: call.abort.signal }).then(
          (result) => {
            if (!calls.has(id)) return;
            settle(call);
            if (result.ok) call.resolve(result.move);
            else call.reject(new AiError(result.message, 'failed'));
          },
          (error: unknown) => {
            if (!calls.has(id)) return;
            // Before `started` the worker never ran the call: it died loading the games.
            if (!call.started) return retire(set, startFailure(error));
            settle(call);
            call.reject(crashFailure(error));
          },
        );
      });
    },
    ready() {
      if (closed) return Promise.reject(new AiError('AI pool is closed', 'closed'));
      const set = workers();
      return new Promise<void>((resolve, reject) => {
        readyWaiters.push({ resolve, reject });
        checkReady(set);
      });
    },
    get queueSize() {
      let waiting = 0;
      for (const call of calls.values()) if (!call.started) waiting++;
      return waiting;
    },
    async close() {
      closed = true;
      const error = new AiError('AI pool is closed', 'closed');
      for (const waiter of readyWaiters.splice(0)) waiter.reject(error);
      for (const call of [...calls.values()]) {
        settle(call);
        call.reject(error);
      }
      current = null;
      const stopping = [...live];
      live.clear();
      for (const set of stopping) {
        set.retired = true;
        if (set.startup) clearTimeout(set.startup);
      }
      await Promise.all(stopping.map((set) => set.piscina.destroy()));
    },
  };
}
