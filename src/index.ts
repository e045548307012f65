// The bot's entry point: `npm start`.
import 'dotenv/config';
import { ConfigError, loadConfig } from './config/env.js';
import { createLogger } from './config/logger.js';

let config;
try {
  config = loadConfig();
} catch (e) {
  if (e instanceof ConfigError) {
    console.error(`Siege cannot start: ${e.message}`);
    process.exit(1);
  }
  throw e;
}
const log = createLogger(config.logLevel);

// A bug in one handler must never take every game down with it.
process.on('unhandledRejection', (reason) => log.error('unhandled promise rejection', { err: reason }));
process.on('uncaughtException', (e) => log.error('uncaught exception', { err: e }));

// Loaded only after the configuration is known to be good, so a bad .env fails fast and clearly.
const { startApp } = await import('./app.js');
const app = await startApp(config, { log }).catch((e) => {
  log.error(`Siege could not start: ${(e as Error).message}`, { err: e });
  process.exit(1);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    log.info(`${signal}: shutting down`);
    // Never hang on the way out (Discord or the database already gone): moves are saved as they
    // are made, so a forced exit loses nothing.
    setTimeout(() => {
      log.error('shutdown took over 30 s; exiting anyway');
      process.exit(1);
    }, 30_000).unref();
    await app.stop().catch((e) => log.error('shutdown failed', { err: e }));
    process.exit(0);
  });
}
