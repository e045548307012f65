// What the benchmark parts share: statistics, the bench's own PostgreSQL, a database per part,
// the games to measure, and seeded random play.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { constants } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PROJECT_ROOT } from '../src/config/env.js';
import type { GameDefinition, Seat, SeatSpec } from '../src/engine/contract.js';
import { Rng } from '../src/engine/rng.js';
import { games, isGameId } from '../src/games/index.js';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../src/persistence/embeddedPostgres.js';
import { createTestDatabase, type TestDatabase } from '../test/helpers/database.js';
import { freePort } from '../test/helpers/freePort.js';

export type Log = (line: string) => void;

// ---------------------------------------------------------------------------------------------
// Statistics

/** Nearest-rank percentile of `samples` (p from 0 to 1). */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return NaN;
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(p * s.length) - 1))]!;
}

export const median = (samples: readonly number[]) => percentile(samples, 0.5);

export function round(v: number, digits = 1): number {
  const f = 10 ** digits;
  return Math.round(v * f) / f;
}

export type Spread = { n: number; p50: number; p95: number; p99: number; max: number };

export function spread(samples: readonly number[]): Spread {
  return {
    n: samples.length,
    p50: round(percentile(samples, 0.5)),
    p95: round(percentile(samples, 0.95)),
    p99: round(percentile(samples, 0.99)),
    max: round(samples.length ? Math.max(...samples) : NaN),
  };
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

// ---------------------------------------------------------------------------------------------
// PostgreSQL

export { freePort };

export type BenchPostgres = { adminUrl: string; stop(): Promise<void> };

/** The bench server's data folder, unless a caller names another. */
export const BENCH_PG_DIR = path.join(PROJECT_ROOT, '.data', 'bench-postgres');

let shared: { server: EmbeddedPostgres | null; users: number; unhook: () => void } | null = null;

/**
 * The bench's own embedded PostgreSQL (data in .data/bench-postgres, a free port), started once
 * per process and shared by the parts. With TEST_DATABASE_ADMIN_URL set, that server is used.
 * The server stops with its last user's stop(), with stopBenchPostgres(), and on every other way
 * out of the process: SIGINT, SIGTERM and SIGHUP here, an exit or a crash in the launcher's own
 * hook (src/persistence/embeddedPostgres.ts).
 */
export async function benchPostgres(log: Log = () => {}, dataDir = BENCH_PG_DIR): Promise<BenchPostgres> {
  if (!shared) {
    if (process.env.TEST_DATABASE_ADMIN_URL) {
      shared = { server: null, users: 0, unhook: () => {} };
    } else {
      const port = await freePort();
      log(`starting PostgreSQL in ${path.relative(PROJECT_ROOT, dataDir)} on port ${port}`);
      // relocatable: run as root from a folder the postgres user cannot enter, the data moves (README).
      const starting = startEmbeddedPostgres({ dataDir, port, notice: log, relocatable: true });
      // A signal during the start-up stops the server once it is up.
      const unhook = stopOnSignals(async () => (await starting.catch(() => null))?.stop());
      let server: EmbeddedPostgres;
      try {
        server = await starting;
      } catch (e) {
        unhook();
        throw e;
      }
      process.env.TEST_DATABASE_ADMIN_URL = server.adminUrl;
      shared = { server, users: 0, unhook };
    }
  }
  const s = shared;
  s.users++;
  let stopped = false;
  return {
    adminUrl: process.env.TEST_DATABASE_ADMIN_URL!,
    async stop() {
      if (stopped) return;
      stopped = true;
      if (--s.users > 0) return;
      await stopBenchPostgres();
    },
  };
}

/** Stops the bench's server whoever still holds it (a part that never called stop()). */
export async function stopBenchPostgres(): Promise<void> {
  const s = shared;
  if (!s) return;
  shared = null;
  s.unhook();
  if (!s.server) return;
  await s.server.stop();
  delete process.env.TEST_DATABASE_ADMIN_URL;
}

const EXIT_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

let interruptedBy: NodeJS.Signals | null = null;

/** The signal that interrupted the bench, if one did: figures of a cut-short run are not written. */
export const benchInterrupted = (): NodeJS.Signals | null => interruptedBy;

/**
 * On a signal that ends the bench, asks what else this process started (bot processes) to stop,
 * stops the server, and exits as the signal would have (128 + its number). A second signal while
 * stopping ends the process at once (Node's default).
 */
function stopOnSignals(stopServer: () => Promise<void>): () => void {
  const handler = (signal: (typeof EXIT_SIGNALS)[number]) => {
    unhook();
    interruptedBy = signal;
    process.exitCode = 128 + constants.signals[signal];
    console.error(`bench: ${signal}: stopping the bench PostgreSQL`);
    const postmaster = postgresPid();
    for (const pid of childPids(process.pid)) {
      if (pid === postmaster) continue; // stopServer stops it (fast shutdown)
      try {
        process.kill(pid, 'SIGTERM');
      } catch {
        // gone meanwhile
      }
    }
    void stopServer()
      .catch((e: Error) => console.error(`bench: stopping PostgreSQL failed: ${e.message}`))
      .finally(() => process.exit());
  };
  const unhook = () => {
    for (const signal of EXIT_SIGNALS) process.off(signal, handler);
  };
  for (const signal of EXIT_SIGNALS) process.on(signal, handler);
  return unhook;
}

/** The processes `pid` started that still run. */
function childPids(pid: number): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((child) => statOf(child)?.ppid === pid);
}

/** A fresh, migrated database in the bench server (dropped by `drop()`). */
export async function benchDatabase(): Promise<TestDatabase> {
  if (!process.env.TEST_DATABASE_ADMIN_URL) throw new Error('start benchPostgres() first');
  return createTestDatabase();
}

// ---------------------------------------------------------------------------------------------
// Games

/** The game the Discord-path benchmarks play: Siege Master once registered, else Dice Realms. */
export function defaultBenchGame(): string {
  return isGameId('siege-master') ? 'siege-master' : 'dice-realms';
}

export function registeredGame(id: string): GameDefinition {
  if (!isGameId(id)) throw new Error(`game "${id}" is not registered in src/games/index.ts (registered: ${Object.keys(games).join(', ')})`);
  return games[id] as GameDefinition;
}

/**
 * Every game with an engine: the registry, plus engines under src/games/<id>/ not registered
 * yet (so that their state sizes can be measured before they go live).
 */
export async function allEngines(): Promise<{ def: GameDefinition; registered: boolean }[]> {
  const out = Object.values(games).map((def) => ({ def: def as GameDefinition, registered: true }));
  const dir = path.join(PROJECT_ROOT, 'src', 'games');
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || isGameId(entry.name)) continue;
    const file = path.join(dir, entry.name, 'index.ts');
    if (!existsSync(file)) continue;
    try {
      const mod = (await import(pathToFileURL(file).href)) as { default?: GameDefinition };
      if (mod.default?.setup) out.push({ def: mod.default, registered: false });
    } catch {
      // an engine still being written: skipped
    }
  }
  return out;
}

export const HUMANS = (n: number): SeatSpec[] => Array.from({ length: n }, () => ({ kind: 'human' as const }));

/** One seeded uniformly random legal move for whoever acts first, or null when nobody can. */
export function randomMove(def: GameDefinition, state: unknown, rng: Rng): { seat: Seat; move: unknown } | null {
  const seat = def.toAct(state)[0];
  if (seat === undefined) return null;
  const legal = def.legalMoves(state, seat);
  if (legal.length === 0) return null;
  return { seat, move: rng.pick(legal) };
}

/** Every state of one seeded random game, from the opening to the end (or `maxPlies`). */
export function randomGame(def: GameDefinition, seed: string, maxPlies = 3000): unknown[] {
  let state = def.setup(seed, HUMANS(def.seats.min), def.defaultOptions);
  const rng = Rng.fromSeed(`${seed}/moves`);
  const states = [state];
  for (let ply = 0; ply < maxPlies && !def.outcome(state); ply++) {
    const next = randomMove(def, state, rng);
    if (!next) break;
    const played = def.play(state, next.seat, next.move);
    if (!played.ok) throw new Error(`${def.id} refused its own legal move: ${played.error.message}`);
    state = played.value.state;
    states.push(state);
  }
  return states;
}

// ---------------------------------------------------------------------------------------------
// Command line

export function argValue(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

export function isMain(url: string): boolean {
  return !!process.argv[1] && url === pathToFileURL(process.argv[1]).href;
}

// ---------------------------------------------------------------------------------------------
// CPU accounting

const CLOCK_TICKS_PER_S = 100;

function statOf(pid: number): { ppid: number; cpuMs: number; exitedChildrenMs: number } | null {
  try {
    const raw = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command (which may hold spaces) start at state: ppid is the 2nd, utime and
    // stime the 12th and 13th, cutime and cstime (children that have exited) the 14th and 15th.
    const f = raw.slice(raw.lastIndexOf(')') + 2).split(' ').map(Number);
    const ms = (ticks: number) => (ticks * 1000) / CLOCK_TICKS_PER_S;
    return { ppid: f[1]!, cpuMs: ms(f[11]! + f[12]!), exitedChildrenMs: ms(f[13]! + f[14]!) };
  } catch {
    return null;
  }
}

/** Minor page faults of a process so far (memory touched for the first time, all threads). */
export function pageFaults(pid: number): number {
  try {
    const raw = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(raw.slice(raw.lastIndexOf(')') + 2).split(' ')[7]);
  } catch {
    return 0;
  }
}

/** CPU time (user + system) of a process and its children, live or exited, in ms. */
export function processTreeCpuMs(rootPid: number): number {
  const root = statOf(rootPid);
  let total = root ? root.cpuMs + root.exitedChildrenMs : 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const s = statOf(Number(entry));
    if (s && s.ppid === rootPid) total += s.cpuMs;
  }
  return total;
}

/** The bench PostgreSQL's postmaster, when this process started it. */
export function postgresPid(): number | null {
  try {
    // The data may have moved (run as root from a private folder): the server says where it is.
    const dataDir = shared?.server?.dataDir ?? BENCH_PG_DIR;
    const pid = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    return pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** Busy and total jiffies of the whole machine (every process, other people's included). */
export function machineCpu(): { busy: number; total: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const idle = (line[3] ?? 0) + (line[4] ?? 0);
  const total = line.reduce((a, b) => a + b, 0);
  return { busy: total - idle, total };
}

/** Share (0–100) of all CPUs busy over `ms`. */
export async function machineBusyPct(ms = 1000): Promise<number> {
  const a = machineCpu();
  await sleep(ms);
  const b = machineCpu();
  return ((b.busy - a.busy) / Math.max(1, b.total - a.total)) * 100;
}

/**
 * CPU time (ms) of a process's threads, grouped: `main` (the event loop), the threads the
 * process named (`siege-render`, `siege-replay`, `libvips worker`), and `other` (V8's helpers, libuv).
 */
export function threadCpuMs(pid: number): Record<string, number> {
  const out: Record<string, number> = {};
  let tasks: string[] = [];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return out;
  }
  const tick = 1000 / 100;
  for (const tid of tasks) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const comm = readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim();
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ms = (Number(f[11]) + Number(f[12])) * tick;
      const group = Number(tid) === pid ? 'main' : /^(siege-|libvips)/.test(comm) ? comm : 'other';
      out[group] = (out[group] ?? 0) + ms;
    } catch {
      // the thread ended meanwhile
    }
  }
  return out;
}
