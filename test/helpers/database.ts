// A fresh database per test file, migrated exactly as the bot migrates at start-up.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDb, type Db } from '../../src/persistence/db.js';
import { migrate } from '../../src/persistence/migrator.js';

export type TestDatabase = { url: string; name: string; db: Db; drop(): Promise<void> };

export function adminUrl(): string {
  const url = process.env.TEST_DATABASE_ADMIN_URL;
  if (!url) throw new Error('TEST_DATABASE_ADMIN_URL is not set: the vitest global setup starts PostgreSQL');
  return url;
}

export function urlFor(name: string): string {
  const u = new URL(adminUrl());
  u.pathname = `/${name}`;
  return u.toString();
}

export async function createEmptyDatabase(): Promise<{ name: string; url: string }> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  return { name, url: urlFor(name) };
}

export async function dropDatabase(name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await client.end();
}

/**
 * A database already migrated: a copy of the run's template (migrated once by the global setup),
 * or, without one (another way of running), an empty database migrated here.
 */
export async function createMigratedDatabase(): Promise<{ name: string; url: string }> {
  const template = process.env.TEST_DATABASE_TEMPLATE;
  if (!template) {
    const made = await createEmptyDatabase();
    await migrate(made.url);
    return made;
  }
  const name = `t_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  } finally {
    await client.end();
  }
  return { name, url: urlFor(name) };
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const { name, url } = await createMigratedDatabase();
  const db = createDb(url, 5);
  return {
    url,
    name,
    db,
    async drop() {
      await db.$disconnect();
      await dropDatabase(name);
    },
  };
}

/**
 * A data folder for a test's own embedded PostgreSQL, where the `postgres` OS user can reach it
 * even when the checkout sits in a private folder (run as root from /root).
 */
export function scratchPgDir(name: string): { dataDir: string; remove(): void } {
  const parent = mkdtempSync(path.join(tmpdir(), `siege-${name}-`));
  chmodSync(parent, 0o755);
  return { dataDir: path.join(parent, 'pg'), remove: () => rmSync(parent, { recursive: true, force: true }) };
}

let pristineCluster: Promise<string> | null = null;

/**
 * Like `scratchPgDir`, with an initialised cluster already in it (stopped, with its password folder
 * beside it): a copy of one made once per test process. For tests whose claim is not about a first
 * start: each initdb costs a second or more of CPU. `cp -a` keeps the owner (the `postgres` OS user
 * when run as root), which the server checks.
 */
export async function initialisedPgDir(name: string): Promise<{ dataDir: string; remove(): void }> {
  pristineCluster ??= (async () => {
    const { startEmbeddedPostgres } = await import('../../src/persistence/embeddedPostgres.js');
    const { freePort } = await import('./freePort.js');
    const dir = scratchPgDir('pristine');
    process.once('exit', dir.remove);
    const server = await startEmbeddedPostgres({ dataDir: dir.dataDir, port: await freePort() });
    await server.stop();
    return dir.dataDir;
  })();
  const source = await pristineCluster;
  const copy = scratchPgDir(name);
  execFileSync('cp', ['-a', source, copy.dataDir]);
  execFileSync('cp', ['-a', `${source}-auth`, `${copy.dataDir}-auth`]); // embeddedAuth.ts: authDirFor
  return copy;
}
