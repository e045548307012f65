// Any local OS user can reach the embedded server on 127.0.0.1: given the fixed superuser password
// earlier versions set (postgres / siege-local), anyone could read every game and the daily secret.
// Each data folder now has its own random password, known only to the bot's OS user.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { LEGACY_PASSWORD, authDirFor, passwordFileFor, readPassword } from '../../src/persistence/embeddedAuth.js';
import { resolveEmbedded, startEmbeddedPostgres, type EmbeddedPostgres } from '../../src/persistence/embeddedPostgres.js';
import { scratchPgDir } from '../helpers/database.js';
import { freePort } from '../helpers/freePort.js';

// The binaries and the OS user the launcher itself would use for this folder: run as root from a
// checkout the `postgres` user cannot enter (/root), the binaries are its reachable copies.
const placed = (dataDir: string) => resolveEmbedded({ dataDir });

const cleanups: (() => void | Promise<void>)[] = [];
afterAll(async () => {
  for (const clean of cleanups.reverse()) await clean();
});

function scratch(name: string): string {
  const dir = scratchPgDir(name);
  cleanups.push(dir.remove);
  return dir.dataDir;
}

async function start(dataDir: string, lines: string[] = []): Promise<EmbeddedPostgres> {
  const server = await startEmbeddedPostgres({ dataDir, port: await freePort(), log: (l) => lines.push(l), notice: (l) => lines.push(l) });
  cleanups.push(() => server.stop());
  return server;
}

async function query(url: string, sql: string): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

/** The error code of logging in as the superuser with `password`, or 'ok'. */
async function loginAs(server: EmbeddedPostgres, password: string): Promise<string> {
  const url = new URL(server.adminUrl);
  url.password = encodeURIComponent(password);
  const client = new pg.Client({ connectionString: url.toString() });
  try {
    await client.connect();
    await client.end();
    return 'ok';
  } catch (e) {
    return (e as { code?: string }).code ?? (e as Error).message;
  }
}

const mode = (file: string) => (statSync(file).mode & 0o777).toString(8);

/** Every rule of pg_hba.conf, comments left out. */
const hbaRules = (dataDir: string) =>
  readFileSync(path.join(dataDir, 'pg_hba.conf'), 'utf8').split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));

async function expectLockedDown(server: EmbeddedPostgres, dataDir: string, output: string[]): Promise<void> {
  // 28P01: invalid_password.
  expect(await loginAs(server, LEGACY_PASSWORD)).toBe('28P01');
  expect(await query(server.adminUrl, 'SELECT 1 AS one')).toEqual([{ one: 1 }]);
  const password = readPassword(dataDir)!;
  expect(password).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(server.adminUrl).toContain(password);
  expect(mode(passwordFileFor(dataDir))).toBe('600');
  expect(mode(authDirFor(dataDir))).toBe('700');
  expect(statSync(passwordFileFor(dataDir)).uid).toBe(process.getuid?.());
  expect(statSync(authDirFor(dataDir)).uid).toBe(process.getuid?.());
  expect(await query(server.adminUrl, 'SHOW password_encryption')).toEqual([{ password_encryption: 'scram-sha-256' }]);
  const [role] = await query(server.adminUrl, "SELECT rolpassword FROM pg_authid WHERE rolname = 'postgres'");
  expect(String(role!.rolpassword)).toMatch(/^SCRAM-SHA-256\$4096:/);
  const rules = hbaRules(dataDir);
  expect(rules.length).toBeGreaterThan(0);
  for (const rule of rules) expect(rule).toMatch(/\sscram-sha-256$/);
  expect(output.join('\n')).not.toContain(password);
}

/** A data folder made as earlier versions made it: password method, the fixed password. */
async function legacyFolder(dataDir: string): Promise<void> {
  const { bin, ids } = await placed(dataDir);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  if (ids.uid !== undefined) chownSync(dataDir, ids.uid, ids.gid!);
  const pwFile = path.join(path.dirname(dataDir), 'legacy-pw');
  writeFileSync(pwFile, `${LEGACY_PASSWORD}\n`, { mode: 0o644 });
  execFileSync(bin.initdb, [`--pgdata=${dataDir}`, '--auth=password', '--username=postgres', `--pwfile=${pwFile}`, '--encoding=UTF8', '--locale=C'], {
    ...ids,
    stdio: 'ignore',
  });
}

/** Runs the folder's server as earlier versions did, until `use` is done with its port. */
async function withLegacyServer(dataDir: string, use: (port: number) => Promise<void>): Promise<void> {
  const port = await freePort();
  const { bin, ids } = await placed(dataDir);
  const child: ChildProcess = spawn(bin.postgres, ['-D', dataDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='], {
    ...ids,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise((r) => child.once('exit', r));
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.stderr!.on('data', (d: Buffer) => {
      output += d;
      if (output.includes('ready to accept connections')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the legacy server exited (${code}): ${output}`)));
  });
  try {
    await use(port);
  } finally {
    child.kill('SIGINT');
    await exited;
  }
}

describe('the embedded PostgreSQL superuser password', () => {
  it('given a fresh data folder, then the fixed password of earlier versions is refused and the random one lives in a 0600 file of the bot user', async () => {
    const dataDir = scratch('pw-fresh');
    const output: string[] = [];
    const server = await start(dataDir, output);
    expect(server.owned).toBe(true);
    await expectLockedDown(server, dataDir, output);
  });

  it('given a folder made by an earlier version, then its next start replaces the fixed password with a random one and keeps the data', async () => {
    const dataDir = scratch('pw-legacy');
    await legacyFolder(dataDir);
    await withLegacyServer(dataDir, async (port) => {
      const legacy = `postgresql://postgres:${LEGACY_PASSWORD}@127.0.0.1:${port}/postgres`;
      await query(legacy, "CREATE TABLE keep (note text); INSERT INTO keep VALUES ('still here')");
    });
    const output: string[] = [];
    const server = await start(dataDir, output);
    expect(output.join('\n')).toContain('has no password of its own yet (made by an earlier version); giving it a random one');
    await expectLockedDown(server, dataDir, output);
    expect(await query(server.adminUrl, 'SELECT note FROM keep')).toEqual([{ note: 'still here' }]);
    await server.stop();

    // The next start finds the folder secured: same password, no second rotation.
    const password = readPassword(dataDir);
    const again: string[] = [];
    const second = await start(dataDir, again);
    expect(readPassword(dataDir)).toBe(password);
    expect(again.join('\n')).not.toContain('giving it a random one');
    expect(await query(second.adminUrl, 'SELECT note FROM keep')).toEqual([{ note: 'still here' }]);
  });

  it('given a server another running bot process started, then a second start shares it with the password from the file', async () => {
    const dataDir = scratch('pw-shared');
    const first = await start(dataDir);
    // Another bot process owns the server: its pid is the launcher's, and it is alive.
    const other = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1 << 30)'], { stdio: 'ignore' });
    cleanups.push(() => void other.kill());
    // The launcher's pid lives in the bot's own folder beside the data, not in the data folder.
    writeFileSync(path.join(authDirFor(dataDir), 'siege-launcher.pid'), String(other.pid));
    const shared = await start(dataDir);
    expect(shared.owned).toBe(false);
    expect(shared.adminUrl).toBe(first.adminUrl);
    expect(await query(shared.adminUrl, 'SELECT 1 AS one')).toEqual([{ one: 1 }]);
    expect(await loginAs(shared, LEGACY_PASSWORD)).toBe('28P01');
  });
});
