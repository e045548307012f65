// Run as root, the embedded PostgreSQL's data folder belongs to the `postgres` OS user, who may put
// a link anywhere in it. The launcher must never write, chown or remove through such a link: a link
// to a root-only file would let that user overwrite it, or own it (/etc/ld.so.preload, say).
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, lchownSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { EmbeddedAccessError } from '../../src/persistence/embeddedAccess.js';
import { authDirFor, initdbPasswordFile } from '../../src/persistence/embeddedAuth.js';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../src/persistence/embeddedPostgres.js';
import { scratchPgDir } from '../helpers/database.js';
import { freePort } from '../helpers/freePort.js';

const asRoot = process.getuid?.() === 0;
const idOf = (flag: '-u' | '-g') => Number(execFileSync('id', [flag, 'postgres']).toString());

const cleanups: (() => void | Promise<void>)[] = [];
afterAll(async () => {
  for (const clean of cleanups.reverse()) await clean();
});

function scratch(name: string): string {
  const dir = scratchPgDir(name);
  cleanups.push(dir.remove);
  return dir.dataDir;
}

async function start(dataDir: string): Promise<EmbeddedPostgres> {
  const server = await startEmbeddedPostgres({ dataDir, port: await freePort() });
  cleanups.push(() => server.stop());
  return server;
}

/** A root-owned file in a folder only root can enter: what a link of the `postgres` user would aim at. */
function rootOnlyFile(): { file: string; bytes: Buffer; unchanged(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'siege-root-only-')); // 0700, root's
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'precious');
  const bytes = Buffer.from('root: do not touch\n');
  writeFileSync(file, bytes, { mode: 0o640 });
  chmodSync(file, 0o640);
  return {
    file,
    bytes,
    unchanged() {
      const st = statSync(file);
      expect(readFileSync(file)).toEqual(bytes);
      expect([st.uid, st.gid, st.mode & 0o7777]).toEqual([0, 0, 0o640]);
    },
  };
}

/** A link the `postgres` user placed (its owner is that user) at `at`, aimed at `target`. */
function plantLink(at: string, target: string): void {
  rmSync(at, { force: true });
  symlinkSync(target, at);
  lchownSync(at, idOf('-u'), idOf('-g'));
}

async function selectOne(server: EmbeddedPostgres): Promise<unknown> {
  const client = new pg.Client({ connectionString: server.adminUrl });
  await client.connect();
  try {
    return (await client.query('SELECT 1 AS one')).rows;
  } finally {
    await client.end();
  }
}

// Not run as root, the server runs as this very user, who owns every file on both sides of a link:
// there is no other user to guard against, so these are skipped.
describe.skipIf(!asRoot)('run as root, links the postgres user placed in its data folder', () => {
  it('given a link where the launcher pid file used to be, then starting and stopping the server leaves its target untouched', async () => {
    const dataDir = scratch('link-pid');
    await (await start(dataDir)).stop(); // the cluster exists, secured
    const target = rootOnlyFile();
    plantLink(path.join(dataDir, 'siege-launcher.pid'), target.file);

    const server = await start(dataDir);
    expect(server.owned).toBe(true);
    expect(await selectOne(server)).toEqual([{ one: 1 }]);
    await server.stop();
    target.unchanged();
  });

  it('given pg_hba.conf replaced by a link, then the start rewrites the file itself (not its target) and the server still takes SCRAM logins', async () => {
    const dataDir = scratch('link-hba');
    await (await start(dataDir)).stop();
    const target = rootOnlyFile();
    const hba = path.join(dataDir, 'pg_hba.conf');
    plantLink(hba, target.file);

    // The link's target lacks the launcher's marker: the folder counts as unsecured and is redone.
    const server = await start(dataDir);
    expect(await selectOne(server)).toEqual([{ one: 1 }]);
    target.unchanged();
    const written = lstatSync(hba);
    expect(written.isFile()).toBe(true);
    expect([written.uid, written.mode & 0o777]).toEqual([idOf('-u'), 0o600]);
    expect(readFileSync(hba, 'utf8')).toMatch(/^host\s+all\s+all\s+127\.0\.0\.1\/32\s+scram-sha-256$/m);
  });

  it('given a data folder inside a folder the postgres user owns, then the start stops before writing anything, with one line naming it', async () => {
    const parent = path.dirname(scratch('link-parent'));
    const owned = path.join(parent, 'postgres-owned');
    mkdirSync(owned, { mode: 0o755 });
    execFileSync('chown', ['postgres:postgres', owned]);
    const dataDir = path.join(owned, 'pg');
    const started = startEmbeddedPostgres({ dataDir, port: await freePort() });
    started.then((server) => cleanups.push(() => server.stop()), () => {}); // had it started, it is stopped
    await expect(started).rejects.toBeInstanceOf(EmbeddedAccessError);
    const message = await started.catch((e: Error) => e.message);
    expect(message).not.toContain('\n');
    expect(message).toContain(owned);
    expect(existsSync(dataDir)).toBe(false);
    expect(existsSync(authDirFor(dataDir))).toBe(false);
  });

  it("given initdb's password file, then its folder stays root's and the file alone is the postgres user's", () => {
    const ids = { uid: idOf('-u'), gid: idOf('-g') };
    const pw = initdbPasswordFile('not-a-real-password', ids);
    try {
      const dir = statSync(path.dirname(pw.file));
      const file = lstatSync(pw.file);
      // A folder of the postgres user would let it swap the file for a link before root chowns it.
      expect(dir.uid).toBe(0);
      expect(dir.mode & 0o022).toBe(0);
      expect([file.isFile(), file.uid, file.mode & 0o777]).toEqual([true, ids.uid, 0o600]);
    } finally {
      pw.remove();
    }
    expect(existsSync(path.dirname(pw.file))).toBe(false);
  });
});
