// Composition: the database, the services and the game master, the AI and render workers, the
// Discord front end (its publisher, and the router with the slash commands handed in), and the
// job workers, started and stopped in order. `scripts/start.ts` runs this as the bot; tests run
// it in-process against a fake Discord.
import { randomBytes } from 'node:crypto';
import { Events } from 'discord.js';
import { createAiPool } from './ai/pool.js';
import { createRenderPool, type RenderPool } from './render/pool.js';
import type { Config } from './config/env.js';
import { createLogger, type Logger } from './config/logger.js';
import { createScheduler } from './scheduling/scheduler.js';
import { createServices } from './services/index.js';
import { createGameMaster } from './services/master/index.js';
import type { AiMover } from './services/types.js';
import { openDatabase } from './persistence/database.js';
import { backfillRecords } from './services/records/backfill.js';
import { discordClient } from './discord/client.js';
import type { BotContext } from './discord/context.js';
import { createPanelKeeper } from './discord/handlers/stepPanels.js';
import { createDiscordPublisher } from './discord/publish/publisher.js';
import { createRouter, type CommandSet } from './discord/router.js';

export type AppOptions = {
  /** The `/siege` command's subcommands (commands/), handed to the router. */
  commands: CommandSet;
  log?: Logger;
  now?: () => Date;
  /** Where game seeds come from; random by default. Tests give fixed ones. */
  newSeed?: () => string;
  /** An AI other than the worker pool (tests may pass one). */
  ai?: AiMover & { close?(): Promise<void> };
  /** Render workers other than the default pool (tests pass one whose worker fails). */
  render?: RenderPool;
};

export type RunningApp = {
  ctx: BotContext;
  ready: Promise<void>;
  stop(): Promise<void>;
};

/** Random game seeds, or with a prefix (tests, benchmarks) the fixed sequence `<prefix>-0`, `<prefix>-1`… */
function seedSource(prefix: string | null): () => string {
  if (prefix === null) return () => randomBytes(12).toString('base64url');
  let n = 0;
  return () => `${prefix}-${n++}`;
}

export async function startApp(config: Config, opts: AppOptions): Promise<RunningApp> {
  const log = opts.log ?? createLogger(config.logLevel);
  const now = opts.now ?? (() => new Date());
  const database = await openDatabase(config, log);
  // Games finished before ratings existed are rated once, oldest first (see the records migration).
  await backfillRecords(database.db, log).catch((e) => log.error('rating the games finished before ratings failed; the next start tries again', { err: e }));
  const ai = opts.ai ?? createAiPool({ size: config.aiWorkers });
  const render = opts.render ?? createRenderPool({ size: config.renderWorkers });
  const newSeed = opts.newSeed ?? seedSource(config.gameSeedPrefix);
  const services = createServices({ db: database.db, log, ai, now, newSeed, challengeExpiryMs: config.challengeExpiryMs, makeReplay: (request) => render.replay(request) });
  const client = discordClient(config);
  const scheduler = createScheduler({
    databaseUrl: database.url,
    shardCount: config.shardCount,
    shardIds: config.shardIds,
    now,
    log,
    pollSeconds: config.jobPollSeconds,
  });
  const publisher = createDiscordPublisher({ client, services, render, log });
  const master = createGameMaster(services, { publishers: [publisher], jobs: scheduler, log });
  const panels = createPanelKeeper({ client, stepPanels: services.stepPanels, log, afterBoards: publisher.afterBoards });
  // Games changed before this moment were left by an earlier process (see the board recovery).
  const startedAt = new Date();
  const ctx: BotContext = { client, services, master, publisher, panels, render, log, config };
  const route = createRouter(opts.commands);

  client.on(Events.InteractionCreate, (i) => void route(ctx, i));
  client.on(Events.Error, (e) => log.error('discord client error', { err: e }));
  const ready = new Promise<void>((resolve) => {
    client.once(Events.ClientReady, async (c) => {
      log.info(`logged in as ${c.user.tag}`);
      // Without its job workers the bot would never remind, time out or answer as the AI: a
      // failed start (the database busy or briefly away) is tried again before giving up.
      let behind: number[] | null = null;
      for (let attempt = 1; attempt <= 5; attempt++) {
        try {
          // A board a crash left behind its game, or never posted: found before this process
          // writes to any game (a write makes a game look like its own), posted below.
          behind ??= (await services.boards.gamesWithBoardBehind(startedAt)).filter((g) => scheduler.servesGuild(g.guildId)).map((g) => g.id);
          // Stored jobs that came due while no process ran fire as soon as the workers start.
          await scheduler.start(master.jobHandlers);
          const armed = await master.recoverClocks();
          // The boards (a game's thread first), before an owed AI move posts in it.
          const reposted = await publisher.recoverBoards(behind.splice(0));
          const owed = await master.recoverAiMoves();
          log.info(
            `ready: shards ${config.shardIds.join(',')} of ${config.shardCount}; ${owed} game(s) with an AI move owed, ${armed.clocks} with clock jobs re-armed, ${armed.dailies} daily close(s) armed, ${reposted} with boards posted again`,
          );
          break;
        } catch (e) {
          log.error(`start-up of the job workers failed (attempt ${attempt} of 5)`, { err: e });
          if (attempt < 5) await new Promise((r) => setTimeout(r, 2000 * attempt));
        }
      }
      resolve();
    });
  });
  try {
    await client.login(config.discordToken);
  } catch (e) {
    await ai.close?.();
    if (!opts.render) await render.close();
    await database.close();
    throw e;
  }

  let stopping: Promise<void> | null = null;
  return {
    ctx,
    ready,
    stop: () =>
      (stopping ??= (async () => {
        await scheduler.stop().catch((e) => log.warn('job queue did not stop cleanly', { err: e }));
        await client.destroy();
        await Promise.race([publisher.idle(), new Promise((r) => setTimeout(r, 10_000))]);
        await ai.close?.();
        const t = render.timing();
        log.info(`render pool: ${t.boards} images; queue wait p50 ${t.waitP50.toFixed(1)} ms, p99 ${t.waitP99.toFixed(1)} ms; drawing p50 ${t.runP50.toFixed(1)} ms, p99 ${t.runP99.toFixed(1)} ms`);
        if (!opts.render) await render.close();
        await database.close();
      })()),
  };
}
