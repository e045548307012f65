// Run as root, the embedded PostgreSQL runs as the `postgres` OS user, who must be able to
// reach its binaries and its data folder. A checkout in a private folder (/root is 0700) hides
// both. This module finds what blocks that user and, where it can, moves the two out of the way:
// the binaries are copied once into a root-owned 0755 folder named by their version (PostgreSQL
// finds its libraries relative to its own binary), and a default data folder is kept under the
// same root-owned folder. Where it cannot, it stops before anything is spawned, with one line.
// The data folder itself belongs to that user, who may put links in it: root never writes there
// itself, but has the `postgres` user do it (writeAsServerUser), and refuses a data folder whose
// path that user could change (replaceableBy).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, closeSync, constants, cpSync, existsSync, fstatSync, lstatSync, openSync, mkdirSync, readFileSync, realpathSync, renameSync, rmSync, statSync, type Stats } from 'node:fs';
import path from 'node:path';

export type RunAs = { uid: number; gid: number };

/** Where copies live when the checkout is private: root-owned, 0755, outside any home folder. */
export const DEFAULT_RUNTIME_ROOT = '/var/lib/siege';

export class EmbeddedAccessError extends Error {}

/** True when `who` may pass through (execute) the directory `dir`, by its mode bits. */
function canTraverse(dir: string, who: RunAs): boolean {
  const st = statSync(dir);
  if (st.uid === who.uid) return (st.mode & 0o100) !== 0;
  if (st.gid === who.gid) return (st.mode & 0o010) !== 0;
  return (st.mode & 0o001) !== 0;
}

/**
 * The first folder on the way to `target` (its ancestors, from the root down) that `who` cannot
 * pass through, or null when every one is open. Folders that do not exist yet are not blockers.
 */
export function traversalBlocker(target: string, who: RunAs): string | null {
  const parts = path.resolve(target).split(path.sep).filter(Boolean);
  let dir: string = path.sep;
  for (const part of parts.slice(0, -1)) {
    dir = path.join(dir, part);
    if (!existsSync(dir)) return null;
    if (!canTraverse(dir, who)) return dir;
  }
  return null;
}

const modeText = (p: string) => (statSync(p).mode & 0o777).toString(8).padStart(4, '0');

/**
 * Makes `dir` (and its missing parents) and checks that it and every ancestor are directories
 * owned by root that nobody else can write, so that what root places there cannot be swapped.
 */
export function ensureRootOwnedDir(dir: string): void {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o755 });
    // A restrictive umask would leave it closed to the postgres user. Never through a link: the
    // checks below refuse one.
    const made = lstatSync(dir);
    if (made.isDirectory() && made.uid === 0 && (made.mode & 0o005) !== 0o005) chmodSync(dir, 0o755);
  } catch (e) {
    throw new EmbeddedAccessError(`cannot create ${dir}: ${(e as Error).message}`);
  }
  let at = path.resolve(dir);
  for (;;) {
    const st = lstatSync(at);
    const sticky = (st.mode & 0o1000) !== 0;
    if (!st.isDirectory()) throw new EmbeddedAccessError(`${at} is not a plain folder`);
    if (st.uid !== 0) throw new EmbeddedAccessError(`${at} is not owned by root`);
    // A sticky world-writable parent (/tmp) is fine: others cannot replace what root made in it.
    if (at !== path.resolve(dir) && sticky) break;
    if ((st.mode & 0o022) !== 0) throw new EmbeddedAccessError(`${at} is writable by others (mode ${modeText(at)})`);
    if (at === path.sep) break;
    at = path.dirname(at);
  }
}

/**
 * The folder holding bin/, lib/ and share/ of the embedded build, where `who` can run it. A
 * reachable package folder is used as it is; otherwise a copy under `runtimeRoot`, made once per
 * version (a finished copy carries a marker; an interrupted one is redone).
 */
export function reachableBinaries(nativeDir: string, version: string, who: RunAs, runtimeRoot: string): string {
  const blocker = traversalBlocker(path.join(nativeDir, 'bin', 'postgres'), who);
  if (!blocker) return nativeDir;
  ensureRootOwnedDir(runtimeRoot);
  const target = path.join(runtimeRoot, `postgres-${version}`);
  const marker = path.join(target, '.complete');
  if (!existsSync(marker)) {
    const partial = `${target}.partial-${process.pid}`;
    rmSync(partial, { recursive: true, force: true });
    cpSync(nativeDir, partial, { recursive: true, verbatimSymlinks: true, preserveTimestamps: true });
    rmSync(target, { recursive: true, force: true });
    renameSync(partial, target);
    cpSync(path.join(target, 'bin', 'postgres'), marker); // any file: its presence is the point
  }
  const again = traversalBlocker(path.join(target, 'bin', 'postgres'), who);
  if (again) throw new EmbeddedAccessError(`the copied binaries in ${target} are still behind ${again}`);
  return target;
}

/** A data folder for `configured` that `who` can reach: a stable one under `runtimeRoot`. */
export function relocatedDataDir(configured: string, runtimeRoot: string): string {
  const key = createHash('sha256').update(path.resolve(configured)).digest('hex').slice(0, 12);
  const dir = path.join(runtimeRoot, 'data');
  ensureRootOwnedDir(dir);
  return path.join(dir, `${path.basename(configured)}-${key}`);
}

/** True when `who` may change the entries of the folder `st` describes (rename, replace, remove). */
function canChangeEntries(st: Stats, who: RunAs): boolean {
  if (st.uid === who.uid) return true; // its owner may also chmod it open
  const writable = st.gid === who.gid ? (st.mode & 0o020) !== 0 : (st.mode & 0o002) !== 0;
  // In a sticky folder (/tmp) others may only change what they own, which is checked one level down.
  return writable && (st.mode & 0o1000) === 0;
}

/** `/`, `/a`, `/a/b`: every folder whose entries lead to `target`, from the root down. */
function foldersLeadingTo(target: string): string[] {
  const parts = path.resolve(target).split(path.sep).filter(Boolean);
  const folders: string[] = [path.sep];
  for (let i = 1; i < parts.length; i++) folders.push(path.sep + parts.slice(0, i).join(path.sep));
  return folders;
}

/**
 * The first path on the way to `target` that `who` could swap for a link or a folder of its own, or
 * null when none: a folder it owns or may write (not sticky), or a link it owns. Links are followed
 * too (the folders leading to where they point count). `target` itself may belong to `who` (the data
 * folder does), but must not be a link of theirs. Missing paths are not blockers; check once made.
 */
export function replaceableBy(target: string, who: RunAs): string | null {
  const resolved = path.resolve(target);
  const folders = new Set(foldersLeadingTo(resolved));
  // Where links on the way lead, the parent's and the target's own (a link the operator made).
  for (const leadsTo of [() => path.join(realpathSync(path.dirname(resolved)), 'x'), () => realpathSync(resolved)]) {
    try {
      for (const dir of foldersLeadingTo(leadsTo())) folders.add(dir);
    } catch {
      // not made yet
    }
  }
  for (const dir of [...folders].sort((a, b) => a.length - b.length)) {
    let st: Stats;
    try {
      st = lstatSync(dir);
    } catch {
      continue;
    }
    if (st.isSymbolicLink() ? st.uid === who.uid : st.isDirectory() && canChangeEntries(st, who)) return dir;
  }
  try {
    const own = lstatSync(resolved);
    if (own.isSymbolicLink() && own.uid === who.uid) return resolved;
  } catch {
    // not made yet
  }
  return null;
}

/**
 * Writes `file` whole (a fresh file renamed over it: a link there is replaced, never followed) as
 * the server's OS user when the bot runs as root, so that whatever that user placed in its own
 * folder can only lead the write where that user could write anyway. Mode 0600.
 */
export function writeAsServerUser(file: string, content: string, ids: { uid?: number; gid?: number }): void {
  asServerUser(ids, 'write', 'umask 077 && set -C && tmp="$1.siege-$$" && cat > "$tmp" && { mv -fT "$tmp" "$1" || { rm -f "$tmp"; exit 1; }; }', file, content);
}

/** Removes `file` (a link itself, not its target) as the server's OS user when the bot runs as root. */
export function removeAsServerUser(file: string, ids: { uid?: number; gid?: number }): void {
  asServerUser(ids, 'remove', 'rm -f -- "$1"', file, '');
}

function asServerUser(ids: { uid?: number; gid?: number }, verb: string, script: string, file: string, input: string): void {
  const res = spawnSync('/bin/sh', ['-c', script, 'siege-embedded', file], {
    ...(ids.uid === undefined ? {} : { uid: ids.uid, gid: ids.gid }),
    input,
    cwd: '/',
    env: { PATH: '/usr/bin:/bin', LC_ALL: 'C' },
    encoding: 'utf8',
  });
  if (res.error) throw res.error;
  if (res.status !== 0) throw new Error(`cannot ${verb} ${file} as the embedded PostgreSQL's OS user: ${res.stderr.trim() || `exit ${res.status}`}`);
}

/**
 * The text of a file in the server's OS user's folder, or null when it is missing or not a plain
 * file: never through a link, and never blocked on a pipe put in its place.
 */
export function readServerUserFile(file: string): string | null {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch {
    return null;
  }
  try {
    return fstatSync(fd).isFile() ? readFileSync(fd, 'utf8') : null;
  } finally {
    closeSync(fd);
  }
}

/** The one line shown when the data folder's path could be changed by the `postgres` user. */
export function replaceableMessage(dataDir: string, blocker: string): string {
  return (
    `The embedded PostgreSQL's data folder ${dataDir} lies where the "postgres" OS user can change ${blocker}, and the bot, run as root, ` +
    'keeps its password and writes files beside that folder. Ways out: set EMBEDDED_PG_DIR to a folder whose parents only root can change, ' +
    'run the bot as a non-root user, or set DATABASE_URL to a PostgreSQL server.'
  );
}

/** The version of the embedded build, from its package.json beside `native/`. */
export function buildVersion(nativeDir: string): string {
  try {
    const pkg = JSON.parse(readFileSync(path.join(nativeDir, '..', 'package.json'), 'utf8')) as { version?: string };
    return pkg.version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/** The one line shown when the embedded server cannot be started for the `postgres` user. */
export function blockedMessage(what: string, blocker: string, reason: string): string {
  return (
    `The embedded PostgreSQL runs as the "postgres" OS user, who cannot reach ${what}: ${blocker} is closed to it (${reason}). ` +
    'Ways out: set EMBEDDED_PG_DIR to a folder that user can reach, run the bot as a non-root user, or set DATABASE_URL to a PostgreSQL server.'
  );
}
