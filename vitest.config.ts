import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The browser tests run apart: `npm run test:browser` (test/browser/vitest.config.ts).
    exclude: ['test/browser/**', 'node_modules/**'],
    globalSetup: ['test/setup/globalSetup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // One more than the cores: the end-to-end files spend part of their time waiting (for the
    // fake Discord, PostgreSQL, a job's poll), and a third file fills it. Measured on 2 cores
    // (`npm test`, tsc beside it): 2 workers left the cores idle 14 % of the run and took 7:43,
    // 3 took 6:06, 4 took 6:19 (the cores were already full; each worker loads the bot again).
    maxWorkers: 3,
    // Test files run one after another in reused processes: each file would otherwise load the
    // whole bot (discord.js, Prisma, the engines) again, a quarter of the suite's CPU.
    isolate: false,
  },
});
