// The browser tests: `npm run test:browser` (not part of `npm test`). They drive Debian's Chromium
// (/usr/bin/chromium; `apt-get install -y chromium`) with playwright-core against the bot's web
// front, with real PostgreSQL as every test.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['test/browser/**/*.test.ts'],
    globalSetup: ['test/setup/globalSetup.ts'],
    testTimeout: 300_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 1,
  },
});
