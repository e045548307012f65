// The bot's process: `npm start`. It lives beside src/ rather than in it because it hands the
// slash commands (commands/) to the app: nothing in src imports commands/.
import 'dotenv/config';
import { ConfigError, loadConfig, TOKEN_HELP } from '../src/config/env.js';
import { createLogger } from '../src/config/logger.js';
import { secretsOf } from '../src/config/secrets.js';

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
const log = createLogger(config.logLevel, { format: config.logFormat, secrets: secretsOf(config) });

// Without a token there is no Discord: how to set one, and meanwhile local play in the browser.
if (config.discordToken === null) {
  if (config.httpPort === null) {
    console.error(`Siege cannot start: ${TOKEN_HELP} (Local play needs the HTTP server: HTTP_PORT is off.)`);
    process.exit(1);
  }
  console.error(`${TOKEN_HELP}\n\nMeanwhile Siege runs without Discord: play every game in your browser at http://127.0.0.1:${config.httpPort}/ (this machine only).`);
}

// A bug in one handler must never take every game down with it.
process.on('unhandledRejection', (reason) => log.error('unhandled promise rejection', { err: reason }));
process.on('uncaughtException', (e) => log.error('uncaught exception', { err: e }));

// Loaded only after the configuration is known to be good, so a bad .env fails fast and clearly.
const [{ startApp }, { siegeCommands }] = await Promise.all([import('../src/app.js'), import('../commands/index.js')]);
const app = await startApp(config, { log, commands: siegeCommands }).catch((e) => {
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
