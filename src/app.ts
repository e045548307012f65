// Composition: the listener its host watches (health, readiness, metrics) and the web front's,
// the database, the services and the game master, the AI and render workers, the Discord front
// end (its publisher, and the router with the slash commands handed in) when there is a token,
// and the job workers, started and stopped in order. Without a token there is no Discord: the
// web front serves local play on loopback. `scripts/start.ts` runs this as the bot; tests run it
// in-process against a fake Discord.
import { randomBytes } from 'node:crypto';
import { Events, MessageFlags, type Client, type Interaction } from 'discord.js';
import { createAiPool } from './ai/pool.js';
import { createRenderPool, timedRenderPool, type RenderPool } from './render/pool.js';
import type { Config } from './config/env.js';
import { createLogger, type Logger } from './config/logger.js';
import { createMetrics, type Metrics } from './config/metrics.js';
import { createScheduler } from './scheduling/scheduler.js';
import { createServices } from './services/index.js';
import { createGameMaster, type MasterSubscriber } from './master/index.js';
import { createTournaments } from './tournaments/index.js';
import { LOCAL_PLAYER, type AiMover, type GameSnapshot } from './services/types.js';
import { openDatabase } from './persistence/database.js';
import { backfillRecords } from './services/records/backfill.js';
import { discordClient, shardStates, snowflakeTime } from './discord/client.js';
import type { BotContext } from './discord/context.js';
import { createPanelKeeper } from './discord/handlers/stepPanels.js';
import { createDiscordPublisher, type DiscordPublisher } from './discord/publish/publisher.js';
import { createTournamentPublisher } from './discord/publish/tournaments.js';
import { tournamentPageUrl } from './discord/views/tournamentLinks.js';
import { createLocales, type Locales } from './discord/locales.js';
import { createRouter, type CommandSet } from './discord/router.js';
import { createHttpServer, type HttpServer } from './web/http.js';
import { createWebPublisher } from './web/publisher.js';
import { createTournamentNews } from './web/tournamentNews.js';
import { registerSite, type WebDeps } from './web/site.js';
import { DISCORD_API_BASE } from './web/auth/discordOAuth.js';
import { createSessions, type Sessions } from './web/auth/sessions.js';

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
  /**
   * Told when an interaction's handler has finished (answered, and everything it awaited done):
   * tests wait for this state rather than for a quiet spell after the first answer.
   */
  onInteractionHandled?: (interactionId: string) => void;
};

export type RunningApp = {
  /** What Discord's handlers are given; null without Discord (local play). */
  ctx: BotContext | null;
  web: WebDeps;
  ready: Promise<void>;
  metrics: Metrics;
  /** The web front's address, when it runs (HTTP_PORT not `off`). */
  httpUrl: string | null;
  /** The operators' listener's address (/healthz, /readyz, /metrics), when it runs (METRICS_PORT not `off`). */
  metricsUrl: string | null;
  /**
   * Stops in order: readiness says "shutting down" first, the interactions under way finish
   * (new ones are told to try again), then the jobs, Discord, the workers and the database.
   */
  stop(): Promise<void>;
};

/** The longest a stop waits for the interactions under way. */
const DRAIN_MS = 10_000;

/** Random game seeds, or with a prefix (tests, benchmarks) the fixed sequence `<prefix>-0`, `<prefix>-1`… */
function seedSource(prefix: string | null): () => string {
  if (prefix === null) return () => randomBytes(12).toString('base64url');
  let n = 0;
  return () => `${prefix}-${n++}`;
}

/** Names in local play: the player is "You", the AI its level. */
const localNames = async (game: GameSnapshot) => game.seats.map((s) => (s.kind === 'ai' ? `AI (${s.level})` : s.userId === LOCAL_PLAYER ? 'You' : 'Player'));

export async function startApp(config: Config, opts: AppOptions): Promise<RunningApp> {
  const log = opts.log ?? createLogger(config.logLevel);
  const now = opts.now ?? (() => new Date());
  const local = config.discordToken === null;
  const metrics = createMetrics();
  const pool = opts.render ?? createRenderPool({ size: config.renderWorkers, boardsPerWorker: config.renderBoardsPerWorker });
  const render = timedRenderPool(pool, (game, seconds) => metrics.renderSeconds.observe({ game }, seconds));
  // The host sees the process from the first moment: alive at once, ready once everything is.
  let web: WebDeps | null = null;
  let readiness: () => Record<string, boolean | Record<string, boolean> | Promise<boolean>> = () => ({ database: false, jobs: false });
  // Local play is for the person at this machine only, whatever HTTP_HOST says.
  const host = local ? '127.0.0.1' : config.httpHost;
  // Two listeners: the web front (HTTP_PORT), which may be public, and the operators' (METRICS_PORT,
  // loopback by default) with readiness and metrics, which never shares the web front's port.
  const http: HttpServer | null =
    config.httpPort === null
      ? null
      : createHttpServer({ name: 'web front (HTTP_PORT)', host, port: config.httpPort, log, metrics, readiness: () => readiness(), operations: false, trustProxy: config.trustProxy });
  const operations: HttpServer | null =
    config.metricsPort === null
      ? null
      : createHttpServer({ name: 'operators (METRICS_PORT)', host: config.metricsHost, port: config.metricsPort, log, metrics, readiness: () => readiness() });
  const closeEarly = async () => {
    for (const server of [http, operations]) await server?.stop().catch((e) => log.warn('an HTTP server did not stop cleanly', { err: e }));
    metrics.close();
    if (!opts.render) await pool.close();
  };
  let httpUrl: string | null = null;
  let metricsUrl: string | null = null;
  // Logging in with Discord on the watch pages (README, "Playing your Discord games in the
  // browser"), against the bot's own API base; its sessions are read once the database is open.
  let sessions: Sessions | null = null;
  const login = !local && config.discordClientId && config.discordClientSecret
    ? { client: { apiBase: config.discordApiUrl ?? DISCORD_API_BASE, clientId: config.discordClientId, clientSecret: config.discordClientSecret }, publicUrl: config.publicUrl, sessions: () => sessions! }
    : null;
  try {
    if (operations) metricsUrl = (await operations.start()).url;
    if (http) {
      await registerSite(http.app, { web: () => web, local, render, publicUrl: config.publicUrl, streams: { total: config.webMaxStreams }, login, activity: config.activity });
      httpUrl = (await http.start()).url;
    }
  } catch (e) {
    await closeEarly();
    throw e;
  }

  let database;
  try {
    database = await openDatabase(config, log, (p) => metrics.dbStatements.inc({ pool: p }));
  } catch (e) {
    await closeEarly();
    throw e;
  }
  // Games finished before ratings existed are rated once, oldest first (see the records migration).
  await backfillRecords(database.db, log).catch((e) => log.error('rating the games finished before ratings failed; the next start tries again', { err: e }));
  const ai = opts.ai ?? createAiPool({ size: config.aiWorkers });
  const newSeed = opts.newSeed ?? seedSource(config.gameSeedPrefix);
  const db = database.db;
  sessions = createSessions(() => db, now);
  const services = createServices({ db: database.db, log, ai, now, newSeed, challengeExpiryMs: config.challengeExpiryMs, makeReplay: (request) => render.replay(request) });
  const scheduler = createScheduler({
    databaseUrl: database.url,
    shardCount: config.shardCount,
    shardIds: config.shardIds,
    now,
    log,
    pollSeconds: config.jobPollSeconds,
    poolSize: config.jobPoolSize,
    onJobStart: (queue, lag) => metrics.jobLagSeconds.observe({ queue }, lag),
    onStatement: (p) => metrics.dbStatements.inc({ pool: p }),
  });

  const webPublisher = createWebPublisher();
  let client: Client | null = null;
  let discord: DiscordPublisher | null = null;
  let locales: Locales | null = null;
  if (!local) {
    client = discordClient(config, (method, path, status) => {
      metrics.countDiscordRequest({ method, route: path }, status);
      // An interaction's first answer: its acknowledgement, timed from the interaction's own id.
      const callback = /^\/interactions\/(\d+)\/[^/]+\/callback/.exec(path);
      if (callback) metrics.interactionAckSeconds.observe(Math.max(0, (Date.now() - snowflakeTime(callback[1]!)) / 1000));
    });
    locales = createLocales({ client, services });
    discord = createDiscordPublisher({ client, services, render, log, locales, publicUrl: config.publicUrl, activity: config.activity, onMoveShown: (game, seconds) => metrics.moveToBoardSeconds.observe({ game }, seconds) });
  }
  const subscribers: MasterSubscriber[] = discord ? [discord, webPublisher] : [webPublisher];
  const master = createGameMaster(services, { subscribers, jobs: scheduler, log, onMove: (game, source) => metrics.moves.inc({ game, source }) });
  // Above the master: it hears every finished game, and starts its pairings' games through it.
  const tournaments = createTournaments({ db: database.db, services, master, jobs: scheduler, log, now });
  master.subscribe(tournaments.listener);
  const names = (game: GameSnapshot) => (discord && game.front !== 'local' ? discord.places.playerNames(game) : localNames(game));
  // Each tournament event is a new version of its web page (/t/<token>), pushed to its readers.
  const tournamentNews = createTournamentNews();
  tournaments.subscribe(tournamentNews);
  const memberName = async (guildId: string, userId: string) => (discord ? discord.places.memberName(guildId, userId) : null);
  web = { services, master, render, publisher: webPublisher, names, log, local, tournaments: { tournaments, news: tournamentNews, memberName } };

  let draining = false;
  let started = false;
  const inFlight = new Set<Promise<void>>();
  let ctx: BotContext | null = null;
  metrics.watch({
    renderQueue: () => render.queued().boards,
    replayQueue: () => render.queued().replays,
    activeGames: () => services.games.activeCounts(),
    ...(client ? { shards: () => shardStates(client!, config.shardIds) } : {}),
  });
  readiness = () => ({
    database: services.games.reachable(),
    ...(client ? { shards: Object.fromEntries(shardStates(client, config.shardIds).map((s) => [String(s.id), s.ready])) } : {}),
    jobs: started,
    draining,
  });

  /** The job workers, and what a crash may have left undone; tried again while the database is busy. */
  async function startJobs(before: () => Promise<void> = async () => {}, after: () => Promise<number> = async () => 0): Promise<void> {
    for (let attempt = 1; attempt <= 5; attempt++) {
      try {
        await before();
        // Stored jobs that came due while no process ran fire as soon as the workers start.
        await scheduler.start({ ...master.jobHandlers, ...tournaments.jobHandlers });
        const armed = await master.recoverClocks();
        const reposted = await after();
        // Tournaments' rounds a crash interrupted: paired, started and told where they stopped.
        await tournaments.recover();
        const owed = await master.recoverAiMoves();
        started = true;
        log.info(
          `ready: ${local ? 'local play, no Discord' : `shards ${config.shardIds.join(',')} of ${config.shardCount}`}; ${owed} game(s) with an AI move owed, ${armed.clocks} with clock jobs re-armed, ${armed.dailies} daily close(s) armed, ${reposted} with boards posted again`,
        );
        return;
      } catch (e) {
        log.error(`start-up of the job workers failed (attempt ${attempt} of 5)`, { err: e });
        if (attempt < 5) await new Promise((r) => setTimeout(r, 2000 * attempt));
      }
    }
  }

  let ready: Promise<void>;
  if (client && discord && locales) {
    const panels = createPanelKeeper({ client, stepPanels: services.stepPanels, log, afterBoards: discord.afterBoards });
    // Games changed before this moment were left by an earlier process (see the board recovery).
    const startedAt = new Date();
    const botCtx: BotContext = { client, services, master, tournaments, publisher: discord, panels, render, log, config, locales };
    // What the tournaments' events look like in their channels.
    tournaments.subscribe(createTournamentPublisher({ tournaments, places: discord.places, locales, log, pageUrl: (t) => tournamentPageUrl(config.publicUrl, services.settings, t) }));
    ctx = botCtx;
    const route = createRouter(opts.commands);
    client.on(Events.InteractionCreate, (i) => {
      const handled = () => opts.onInteractionHandled?.(i.id);
      if (draining) return void refuseWhileDraining(i, log).finally(handled);
      const task = route(botCtx, i).finally(() => {
        inFlight.delete(task);
        handled();
      });
      inFlight.add(task);
    });
    client.on(Events.Error, (e) => log.error('discord client error', { err: e }));
    const publisher = discord;
    ready = new Promise<void>((resolve) => {
      client!.once(Events.ClientReady, async (c) => {
        log.info(`logged in as ${c.user.tag}`);
        // A board a crash left behind its game, or never posted: found before this process
        // writes to any game (a write makes a game look like its own), posted after the clocks.
        let behind: number[] | null = null;
        await startJobs(
          async () => {
            behind ??= (await services.boards.gamesWithBoardBehind(startedAt)).filter((g) => scheduler.servesGuild(g.guildId)).map((g) => g.id);
          },
          // The boards (a game's thread first), before an owed AI move posts in it.
          async () => publisher.recoverBoards(behind!.splice(0)),
        );
        resolve();
      });
    });
    try {
      await client.login(config.discordToken!);
    } catch (e) {
      await ai.close?.();
      await database.close();
      await closeEarly();
      throw e;
    }
  } else {
    ready = startJobs();
  }

  let stopping: Promise<void> | null = null;
  return {
    ctx,
    web,
    ready,
    metrics,
    httpUrl,
    metricsUrl,
    stop: () =>
      (stopping ??= (async () => {
        draining = true;
        operations?.setDraining();
        await Promise.race([Promise.allSettled([...inFlight]), new Promise((r) => setTimeout(r, DRAIN_MS))]);
        await scheduler.stop().catch((e) => log.warn('job queue did not stop cleanly', { err: e }));
        await client?.destroy();
        await Promise.race([discord?.idle(), new Promise((r) => setTimeout(r, 10_000))]);
        await ai.close?.();
        const t = render.timing();
        log.info(`render pool: ${t.boards} images; queue wait p50 ${t.waitP50.toFixed(1)} ms, p99 ${t.waitP99.toFixed(1)} ms; drawing p50 ${t.runP50.toFixed(1)} ms, p99 ${t.runP99.toFixed(1)} ms`);
        await database.close();
        await closeEarly();
      })()),
  };
}

/** While the bot shuts down, an interaction changes nothing and says so. */
function refuseWhileDraining(i: Interaction, log: Logger): Promise<void> {
  const answer = i.isAutocomplete()
    ? i.respond([])
    : i.isRepliable()
      ? i.reply({ content: 'Siege is restarting: nothing was changed. Please try again in a minute.', flags: MessageFlags.Ephemeral })
      : Promise.resolve();
  return answer.then(() => {}, (e: unknown) => log.debug('could not answer an interaction while shutting down', { err: e }));
}
