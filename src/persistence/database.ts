// Which PostgreSQL the bot uses: DATABASE_URL when set, else an embedded server whose data lives
// in the project folder. Either way, pending migrations are applied before anything else runs.
import type { Config } from '../config/env.js';
import type { Logger } from '../config/logger.js';
import { createDb, type Db } from './db.js';
import type { StatementObserver } from './pool.js';
import { ensureDatabase, startEmbeddedPostgres, type EmbeddedPostgres } from './embeddedPostgres.js';
import { migrate } from './migrator.js';

export type Database = { db: Db; url: string; embedded: EmbeddedPostgres | null; close(): Promise<void> };

export async function openDatabase(config: Pick<Config, 'databaseUrl' | 'embeddedPgDir' | 'embeddedPgDirChosen' | 'embeddedPgPort'> & Partial<Pick<Config, 'databasePoolSize'>>, log: Logger, onStatement?: StatementObserver): Promise<Database> {
  let url = config.databaseUrl;
  let embedded: EmbeddedPostgres | null = null;
  if (!url) {
    log.info(`no DATABASE_URL: starting the embedded PostgreSQL in ${config.embeddedPgDir} on port ${config.embeddedPgPort}`);
    embedded = await startEmbeddedPostgres({
      dataDir: config.embeddedPgDir,
      port: config.embeddedPgPort,
      relocatable: !config.embeddedPgDirChosen,
      log: (l) => log.debug(`postgres: ${l}`),
      notice: (l) => log.info(l),
    });
    await ensureDatabase(embedded.adminUrl, 'siege');
    url = embedded.urlFor('siege');
  }
  const report = await migrate(url);
  if (report.applied.length) log.info(`applied migrations: ${report.applied.join(', ')}`);
  const db = createDb(url, config.databasePoolSize, onStatement);
  return {
    db,
    url,
    embedded,
    async close() {
      await db.$disconnect().catch(() => {});
      await embedded?.stop();
    },
  };
}
