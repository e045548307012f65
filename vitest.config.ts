import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/setup/globalSetup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
    // Test files run one after another in reused processes: each file would otherwise load the
    // whole bot (discord.js, Prisma, the engines) again, a quarter of the suite's CPU.
    isolate: false,
  },
});
