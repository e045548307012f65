// The bot as its own process against a fake Discord and a test database, killed with SIGKILL and
// started again as often as a test likes: for crashes at chosen moments (a request held by the
// fake, a lock held in the database) and what a restart makes of them.
import { spawnBot, type BotProcess } from './botProcess.js';
import type { FakeDiscord } from '../harness/fakeDiscord.js';

export type KillableBot = {
  /** Starts a process and waits until it is ready (its recovery at start-up done). */
  start(): Promise<void>;
  /** SIGKILL: nothing is shut down, exactly as a crash. */
  kill(): Promise<void>;
  /** SIGTERM, waiting for a clean exit (the end of a test). */
  stop(): Promise<void>;
  /** How many processes were started so far. */
  readonly starts: number;
  /** The output of the running (or last) process. */
  output(): string;
};

export function killableBot(fake: FakeDiscord, databaseUrl: string, env: Record<string, string> = {}): KillableBot {
  let bot: BotProcess | null = null;
  let starts = 0;
  const fullEnv = {
    DISCORD_TOKEN: fake.botToken,
    DISCORD_API_URL: fake.apiUrl,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'info',
    // The bot's default (2 s): polling every 0.5 s costs PostgreSQL and the bot CPU all the time
    // the process lives, and these tests wait for no job that a poll finds late.
    JOB_POLL_SECONDS: '2',
    ...env,
  };
  return {
    get starts() {
      return starts;
    },
    output: () => bot?.output() ?? '',
    async start() {
      if (bot) throw new Error('the bot is already running');
      // Each process gets its own seed sequence, so that games started after a restart replay too.
      bot = spawnBot({ ...fullEnv, GAME_SEED_PREFIX: `${env.GAME_SEED_PREFIX ?? 'bot'}-${starts}` });
      starts++;
      const ready = fake.nextSessionReady(60_000).catch(() => null);
      await bot.waitFor(/ready: shards /, 60_000);
      await ready;
    },
    async kill() {
      if (!bot) return;
      bot.child.kill('SIGKILL');
      await bot.exited();
      bot = null;
    },
    async stop() {
      if (!bot) return;
      const running = bot;
      bot = null;
      running.child.kill('SIGTERM');
      const code = await running.exited();
      if (code !== 0) throw new Error(`the bot exited with ${code}:\n${running.output().slice(-2000)}`);
    },
  };
}
