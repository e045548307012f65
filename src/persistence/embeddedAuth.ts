// The embedded PostgreSQL's superuser password. Any local OS user can reach a server on
// 127.0.0.1, so the password is random per data folder and kept where only the bot's OS user can
// read it: a 0600 file in a 0700 folder beside the data folder, owned by the bot's user. Run as
// root, the data folder belongs to the `postgres` OS user, which therefore never sees the file.
// The server only ever receives the password's SCRAM verifier, never the password itself, so no
// statement log, initdb input or server output can hold it.
import { spawn } from 'node:child_process';
import { createHash, createHmac, pbkdf2Sync, randomBytes } from 'node:crypto';
import { chmodSync, closeSync, existsSync, fchownSync, mkdirSync, mkdtempSync, openSync, readFileSync, renameSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readServerUserFile, writeAsServerUser } from './embeddedAccess.js';

export type RunIds = { uid?: number; gid?: number };

/** The superuser's name in every embedded data folder. */
export const SUPERUSER = 'postgres';

/** The password every data folder had before it was random; such a folder is rotated at its next start. */
export const LEGACY_PASSWORD = 'siege-local';

const PASSWORD_FILE = 'superuser-password';

// Marks a pg_hba.conf written by this module: its absence means a folder made by an earlier version
// (password method, the fixed password) or a rotation cut short, and both are redone at the start.
const HBA_MARKER = '# Siege: SCRAM passwords only, no trust (written by the embedded PostgreSQL launcher)';

const HBA = `${HBA_MARKER}
# TYPE  DATABASE     USER  ADDRESS       METHOD
local   all          all                 scram-sha-256
host    all          all   127.0.0.1/32  scram-sha-256
host    all          all   ::1/128       scram-sha-256
local   replication  all                 scram-sha-256
host    replication  all   127.0.0.1/32  scram-sha-256
host    replication  all   ::1/128       scram-sha-256
`;

/** The folder beside `dataDir` that holds its password: `<data folder>-auth`. */
export function authDirFor(dataDir: string): string {
  return `${path.resolve(dataDir)}-auth`;
}

export function passwordFileFor(dataDir: string): string {
  return path.join(authDirFor(dataDir), PASSWORD_FILE);
}

/** 32 random bytes, URL-safe, so that it sits in a connection string as it is. */
export function newPassword(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * The SCRAM-SHA-256 verifier PostgreSQL stores for `password` (RFC 7677, PostgreSQL's own format).
 * Given as a role's password, PostgreSQL keeps it as it is. The passwords made here are ASCII,
 * which SASLprep leaves unchanged.
 */
export function scramVerifier(password: string, salt: Buffer = randomBytes(16), iterations = 4096): string {
  const salted = pbkdf2Sync(password, salt, iterations, 32, 'sha256');
  const clientKey = createHmac('sha256', salted).update('Client Key').digest();
  const storedKey = createHash('sha256').update(clientKey).digest();
  const serverKey = createHmac('sha256', salted).update('Server Key').digest();
  return `SCRAM-SHA-256$${iterations}:${salt.toString('base64')}$${storedKey.toString('base64')}:${serverKey.toString('base64')}`;
}

/** The password of the data folder, or null when it has none (made by an earlier version). */
export function readPassword(dataDir: string): string | null {
  const file = passwordFileFor(dataDir);
  if (!existsSync(file)) return null;
  try {
    return readFileSync(file, 'utf8').trim() || null;
  } catch (e) {
    throw new Error(
      `cannot read the embedded PostgreSQL's password in ${file} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}): ` +
        'it belongs to the OS user who first started this data folder; run the bot as that user.',
    );
  }
}

/** Writes the password file whole or not at all, 0600 in a 0700 folder, both owned by this process's user. */
export function writePassword(dataDir: string, password: string): void {
  const dir = authDirFor(dataDir);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700); // a folder left by an earlier run, or a looser umask
  const file = passwordFileFor(dataDir);
  const partial = `${file}.partial-${process.pid}`;
  rmSync(partial, { force: true });
  writeFileSync(partial, `${password}\n`, { mode: 0o600, flag: 'wx' });
  chmodSync(partial, 0o600);
  renameSync(partial, file);
}

/** True when the folder was secured by this module: its password file exists and pg_hba.conf is ours. */
export function isSecured(dataDir: string): boolean {
  if (readPassword(dataDir) === null) return false;
  // A link or anything but a plain file in its place is not ours: the next start writes it again.
  return readServerUserFile(path.join(dataDir, 'pg_hba.conf'))?.startsWith(HBA_MARKER) ?? false;
}

/**
 * Replaces the folder's pg_hba.conf: SCRAM for every local and loopback connection, no trust. The
 * data folder belongs to the server's OS user, so the file is written as that user: a link it put
 * in place of pg_hba.conf is replaced, and never leads a write of root's anywhere.
 */
export function writeHba(dataDir: string, ids: RunIds): void {
  writeAsServerUser(path.join(dataDir, 'pg_hba.conf'), HBA, ids);
}

/**
 * A file initdb reads the superuser's password from: it holds the verifier only. The file is the
 * server's OS user's (initdb runs as that user), made and handed over through its descriptor; its
 * folder stays this process's, closed to listing, so nobody can swap the file for a link.
 * `remove` deletes both.
 */
export function initdbPasswordFile(password: string, ids: RunIds): { file: string; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'siege-pg-init-')); // 0700
  const file = path.join(dir, 'pwfile');
  const fd = openSync(file, 'wx', 0o600);
  try {
    writeSync(fd, `${scramVerifier(password)}\n`);
    if (ids.uid !== undefined) fchownSync(fd, ids.uid, ids.gid!);
  } finally {
    closeSync(fd);
  }
  if (ids.uid !== undefined) chmodSync(dir, 0o711); // the server's user may pass through to its file
  return { file, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Gives the superuser of a data folder whose server is not running a new random password, through
 * PostgreSQL's single-user mode (which needs no login, so it works whatever the old password was),
 * then writes the password file and the SCRAM-only pg_hba.conf. Redone whole if cut short: the
 * folder counts as secured only once pg_hba.conf, written last, is ours.
 */
export async function rotatePassword(postgres: string, dataDir: string, ids: RunIds): Promise<void> {
  const password = newPassword();
  const statement = `ALTER ROLE "${SUPERUSER}" WITH PASSWORD '${scramVerifier(password)}';\n`;
  await singleUser(postgres, dataDir, ids, statement);
  writePassword(dataDir, password);
  writeHba(dataDir, ids);
}

function singleUser(postgres: string, dataDir: string, ids: RunIds, input: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(postgres, ['--single', '-D', dataDir, '-c', 'password_encryption=scram-sha-256', 'postgres'], {
      ...ids,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', reject);
    // Single-user mode reports a failed statement and carries on: the exit code alone says nothing.
    child.on('close', (code) =>
      code === 0 && !/\b(ERROR|FATAL):/.test(output)
        ? resolve()
        : reject(new Error(`could not set the embedded PostgreSQL's password (postgres --single, exit ${code}): ${output.replace(/SCRAM-SHA-256\$\S+/g, '<verifier>').slice(-2000)}`)),
    );
    child.stdin.end(input);
  });
}

