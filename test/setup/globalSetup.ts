// One real PostgreSQL for the whole run (the same embedded server the bot uses); each test file
// makes its own database in it. The cluster folder persists between runs to skip initdb.
import { freePort } from '../helpers/freePort.js';
import path from 'node:path';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../src/persistence/embeddedPostgres.js';
import { PROJECT_ROOT } from '../../src/config/env.js';

let server: EmbeddedPostgres | null = null;

export default async function setup() {
  if (process.env.TEST_DATABASE_ADMIN_URL) return; // an external server was given
  server = await startEmbeddedPostgres({
    dataDir: path.join(PROJECT_ROOT, '.data', 'test-postgres'),
    port: await freePort(),
    relocatable: true,
  });
  process.env.TEST_DATABASE_ADMIN_URL = server.adminUrl;
  return async () => {
    await server?.stop();
  };
}
