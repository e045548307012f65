import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSiegeCommand } from '../../commands/index.js';
import { scratchPgDir } from '../helpers/database.js';
import { FakeDiscord } from '../harness/fakeDiscord.js';
import { spawnBot } from '../helpers/botProcess.js';
import { freePort } from '../helpers/freePort.js';

describe('the bot as a process', () => {
  let fake: FakeDiscord;
  const { dataDir, remove: removeDataDir } = scratchPgDir('process');
  let env: Record<string, string>;
  beforeAll(async () => {
    fake = await FakeDiscord.start({ botToken: 'fake-bot-token-0123456789abcdef' });
    const guild = fake.addGuild({ name: 'Castle' });
    fake.addChannel(guild.id, { name: 'games' });
    fake.registerCommands([buildSiegeCommand().toJSON()], guild.id);
    env = {
      DISCORD_TOKEN: fake.botToken,
      DISCORD_API_URL: fake.apiUrl,
      EMBEDDED_PG_DIR: dataDir,
      EMBEDDED_PG_PORT: String(await freePort()),
      LOG_LEVEL: 'info',
    };
  });
  afterAll(async () => {
    await fake?.stop();
    removeDataDir();
  });

  it('given no token, exits non-zero and says where to put one', async () => {
    const bot = spawnBot({});
    expect(await bot.exited()).not.toBe(0);
    expect(bot.output()).toMatch(/DISCORD_TOKEN is not set/);
    expect(bot.output()).toMatch(/\.env/);
    expect(bot.output()).toMatch(/discord\.com\/developers\/applications/);
  });

  it('given a malformed setting, stops with one line naming it', async () => {
    const bot = spawnBot({ ...env, DATABASE_URL: 'mysql://nope' });
    expect(await bot.exited()).not.toBe(0);
    expect(bot.output().trim().split('\n')).toEqual([expect.stringMatching(/^Siege cannot start: DATABASE_URL must start with postgres/)]);
  });

  it('given no DATABASE_URL, starts an embedded PostgreSQL, serves Discord, and shuts down cleanly on SIGTERM', async () => {
    const bot = spawnBot(env);
    await bot.waitFor(/ready: shards /);
    expect(bot.output()).toMatch(/starting the embedded PostgreSQL/);
    expect(bot.output()).toMatch(/applied migrations: 20261120000000_init/);
    bot.child.kill('SIGTERM');
    expect(await bot.exited()).toBe(0);
    expect(existsSync(path.join(dataDir, 'postmaster.pid'))).toBe(false);
  });

  it('given a stale lock file from a crash, recovers it, and keeps the data (no migration the second time)', async () => {
    writeFileSync(path.join(dataDir, 'postmaster.pid'), '999999\n' + dataDir + '\n');
    const bot = spawnBot(env);
    await bot.waitFor(/ready: shards /);
    expect(bot.output()).toMatch(/removing a stale lock file/);
    expect(bot.output()).not.toMatch(/applied migrations/);
    bot.child.kill('SIGINT');
    expect(await bot.exited()).toBe(0);
  });

  it('given the bot was killed (SIGKILL) and its PostgreSQL left running, the next start takes over cleanly', async () => {
    const first = spawnBot(env);
    await first.waitFor(/ready: shards /);
    first.child.kill('SIGKILL');
    await first.exited();
    const pid = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    expect(pid).toBeGreaterThan(0);
    const second = spawnBot(env);
    await second.waitFor(/ready: shards /);
    expect(second.output()).toMatch(/stopping the server left running by an earlier run/);
    second.child.kill('SIGTERM');
    expect(await second.exited()).toBe(0);
  });
});

