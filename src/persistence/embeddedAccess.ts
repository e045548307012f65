// Run as root, the embedded PostgreSQL runs as the `postgres` OS user, who must be able to
// reach its binaries and its data folder. A checkout in a private folder (/root is 0700) hides
// both. This module finds what blocks that user and, where it can, moves the two out of the way:
// the binaries are copied once into a root-owned 0755 folder named by their version (PostgreSQL
// finds its libraries relative to its own binary), and a default data folder is kept under the
// same root-owned folder. Where it cannot, it stops before anything is spawned, with one line.
import { createHash } from 'node:crypto';
import { chmodSync, cpSync, existsSync, lstatSync, mkdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
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
    // A restrictive umask would leave it closed to the postgres user.
    if (statSync(dir).uid === 0 && (statSync(dir).mode & 0o005) !== 0o005) chmodSync(dir, 0o755);
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
