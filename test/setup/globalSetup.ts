// One real PostgreSQL for the whole run (the same embedded server the bot uses); each test file
// makes its own database in it. The cluster folder persists between runs to skip initdb. When
// another run on this machine is using it, this run starts its own in a throwaway folder: the
// other run stops its server when it ends, which must not pull the floor from under this one.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../../src/config/env.js';
import { authDirFor } from '../../src/persistence/embeddedAuth.js';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../src/persistence/embeddedPostgres.js';
import { freePort } from '../helpers/freePort.js';
import { createEmptyDatabase, dropDatabase } from '../helpers/database.js';
import { migrate } from '../../src/persistence/migrator.js';

export default async function setup() {
  if (process.env.TEST_DATABASE_ADMIN_URL) return migratedTemplate(); // an external server was given
  const start = async (folder: string) =>
    startEmbeddedPostgres({ dataDir: path.join(PROJECT_ROOT, '.data', folder), port: await freePort(), relocatable: true });
  let server: EmbeddedPostgres = await start('test-postgres');
  let throwaway: string | null = null;
  if (!server.owned) {
    throwaway = `test-postgres-${process.pid}`;
    server = await start(throwaway);
  }
  process.env.TEST_DATABASE_ADMIN_URL = server.adminUrl;
  const dropTemplate = await migratedTemplate();
  // Should the run end another way (interrupted, crashed), the launcher's exit hook stops the server.
  return async () => {
    await dropTemplate();
    await server.stop();
    if (!throwaway) return;
    // Where the data lives: run as root from a private checkout, under /var/lib/siege (README).
    rmSync(server.dataDir, { recursive: true, force: true });
    rmSync(authDirFor(server.dataDir), { recursive: true, force: true }); // its password, beside it
  };
}

/**
 * The database every test file's database is copied from (TEST_DATABASE_TEMPLATE): migrated once
 * here, exactly as the bot migrates, instead of once per file. Nothing connects to it afterwards,
 * which a copy requires.
 */
async function migratedTemplate(): Promise<() => Promise<void>> {
  const { name, url } = await createEmptyDatabase();
  await migrate(url);
  process.env.TEST_DATABASE_TEMPLATE = name;
  return () => dropDatabase(name);
}
