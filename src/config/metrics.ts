// The bot's Prometheus metrics. Each bot owns its registry, never prom-client's global one: tests
// run several bots in one process, and each must count only its own moves.
//
// Counters and histograms are fields the call sites use directly (prom-client's API). Gauges that
// describe a state someone else holds (queue depths, active games, shards) are read at scrape
// time from sources the application hands to `watch`, so nothing has to remember to update them.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Where a move came from. */
export type MoveSource = 'button' | 'command' | 'ai' | 'forced' | 'web';

/** One Discord shard as discord.js sees it: `status` is discord.js's `Status` (0 ready), `pingMs` -1 when unknown. */
export type ShardSample = { id: number; status: number; pingMs: number };

/**
 * Read at each scrape. A source that throws, rejects or times out is counted in
 * `siege_metric_source_failures_total`, and its metric has no samples (queue depths: NaN).
 */
export type MetricSources = {
  /** Boards waiting for a render worker. */
  renderQueue?: () => number;
  /** Replays (animations) waiting for the replay worker. */
  replayQueue?: () => number;
  /** Games in progress by game id; may query the database. */
  activeGames?: () => Record<string, number> | Promise<Record<string, number>>;
  shards?: () => ShardSample[] | Promise<ShardSample[]>;
};

export type Metrics = {
  readonly registry: Registry;
  /** The Content-Type of `text()`. */
  readonly contentType: string;
  /** `moves.inc({ game, source })` once per move applied. */
  readonly moves: Counter<'game' | 'source'>;
  /** From the member's press (or command) to the board showing the move. */
  readonly moveToBoardSeconds: Histogram<'game'>;
  /** From an interaction's arrival to its acknowledgement (Discord allows 3 s). */
  readonly interactionAckSeconds: Histogram;
  /** Drawing one board image, in a render worker. */
  readonly renderSeconds: Histogram<'game'>;
  /** Every Discord REST response, 429s included; fed by `countDiscordRequest`. */
  readonly discordRequests: Counter<'route' | 'status'>;
  /** How late a job started after its due time, by queue. */
  readonly jobLagSeconds: Histogram<'queue'>;
  /** SQL statements sent to PostgreSQL, by connection pool (games: the bot's store; jobs: the job queue). */
  readonly dbStatements: Counter<'pool'>;
  /** Sets (or replaces, source by source) what the gauges read at scrape time. */
  watch(sources: MetricSources): void;
  /** Counts one REST response from discord.js's `response` event: `(request, response) => countDiscordRequest(request, response.status)`. */
  countDiscordRequest(request: { method: string; route: string }, status: number): void;
  /** Every metric in Prometheus's text format, the sources read first (read the registry through this, not directly). */
  text(): Promise<string>;
  /** Stops the event-loop monitor. */
  close(): void;
};

export type MetricsOptions = {
  /** Longest wait for a source (active games may query the database) before the scrape goes on without it. Default 2000 ms. */
  sourceTimeoutMs?: number;
};

// Seconds. The move's buckets straddle Discord's 3 s acknowledgement limit and a slow render.
const MOVE_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 1.5, 2, 3, 5, 10, 30];
const ACK_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 2.5, 3, 5];
const RENDER_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 5];
const JOB_LAG_BUCKETS = [0.1, 0.5, 1, 2, 5, 10, 30, 60, 300, 900];
const EVENT_LOOP_RESOLUTION_MS = 10;

export function createMetrics(options: MetricsOptions = {}): Metrics {
  const sourceTimeoutMs = options.sourceTimeoutMs ?? 2000;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  let sources: MetricSources = {};

  const sourceFailures = new Counter({
    name: 'siege_metric_source_failures_total',
    help: 'Scrapes where the source of a gauge threw, rejected or timed out (the gauge then had no samples, or NaN).',
    labelNames: ['source'] as const,
    registers,
  });
  const renderQueueDepth = new Gauge({ name: 'siege_render_queue_depth', help: 'Boards waiting for a render worker.', registers });
  const replayQueueDepth = new Gauge({ name: 'siege_replay_queue_depth', help: 'Replays waiting for the replay worker.', registers });
  const activeGames = new Gauge({ name: 'siege_active_games', help: 'Games in progress, by game.', labelNames: ['game'] as const, registers });
  const shardStatus = new Gauge({
    name: 'siege_shard_status',
    help: "Each shard's gateway status, discord.js's Status: 0 ready, 1 connecting, 2 reconnecting, 3 idle, 4 nearly, 5 disconnected, 6 waiting for guilds, 7 identifying, 8 resuming.",
    labelNames: ['shard'] as const,
    registers,
  });
  const gatewayPing = new Gauge({
    name: 'siege_gateway_ping_seconds',
    help: "Each shard's last gateway heartbeat round trip; absent until the first one.",
    labelNames: ['shard'] as const,
    registers,
  });

  /**
   * Runs `read` and hands its result to `use`; a failure or a timeout is counted and `fail` called
   * instead of throwing, so that one source cannot fail the whole scrape.
   */
  async function fromSource<T>(name: keyof MetricSources, read: () => T | Promise<T>, use: (value: T) => void, fail: () => void): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    try {
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timed out')), sourceTimeoutMs);
      });
      use(await Promise.race([Promise.resolve().then(read), timeout]));
    } catch {
      sourceFailures.inc({ source: name });
      fail();
    } finally {
      clearTimeout(timer);
    }
  }

  // Games that had active games once read 0 when they have none, rather than vanishing.
  const gamesSeen = new Set<string>();
  // Read before the registry is, rather than in the gauges' own collect callbacks, which prom-client
  // runs alongside the failure counter's: a failure must show in the same scrape.
  async function readSources(): Promise<void> {
    const { renderQueue, replayQueue, activeGames: games, shards } = sources;
    // A gauge without labels cannot be left empty: NaN says unknown, where 0 would reassure.
    const unknown = (gauge: Gauge) => () => gauge.set(NaN);
    activeGames.reset();
    shardStatus.reset();
    gatewayPing.reset();
    await Promise.all([
      renderQueue && fromSource('renderQueue', renderQueue, (depth) => renderQueueDepth.set(depth), unknown(renderQueueDepth)),
      replayQueue && fromSource('replayQueue', replayQueue, (depth) => replayQueueDepth.set(depth), unknown(replayQueueDepth)),
      games &&
        fromSource('activeGames', games, (counts) => {
          for (const game of Object.keys(counts)) gamesSeen.add(game);
          for (const game of gamesSeen) activeGames.set({ game }, counts[game] ?? 0);
        }, () => {}),
      shards &&
        fromSource('shards', shards, (samples) => {
          for (const { id, status, pingMs } of samples) {
            shardStatus.set({ shard: String(id) }, status);
            if (pingMs >= 0) gatewayPing.set({ shard: String(id) }, pingMs / 1000);
          }
        }, () => {}),
    ]);
  }

  // The monitor records the time between its own ticks, every EVENT_LOOP_RESOLUTION_MS: what
  // exceeds that is the lag. Reset at each scrape, so a value covers the time since the last one.
  const loop = monitorEventLoopDelay({ resolution: EVENT_LOOP_RESOLUTION_MS });
  loop.enable();
  const loopLag = new Gauge({ name: 'siege_event_loop_lag_seconds', help: 'Event-loop lag since the previous scrape, 99th percentile.', registers });
  const loopLagMax = new Gauge({
    name: 'siege_event_loop_lag_max_seconds',
    help: 'Event-loop lag since the previous scrape, the longest (a single long block hides below the 99th percentile).',
    registers,
  });
  function readEventLoop(): void {
    const lag = (ns: number) => (loop.count > 0 && Number.isFinite(ns) ? Math.max(0, ns / 1e9 - EVENT_LOOP_RESOLUTION_MS / 1000) : 0);
    loopLag.set(lag(loop.percentile(99)));
    loopLagMax.set(lag(loop.max));
    loop.reset();
  }

  const discordRequests = new Counter({
    name: 'siege_discord_requests_total',
    help: 'Discord REST responses by route (method and path with ids as :id) and HTTP status, 429s included.',
    labelNames: ['route', 'status'] as const,
    registers,
  });

  return {
    registry,
    contentType: registry.contentType,
    moves: new Counter({
      name: 'siege_moves_total',
      help: 'Moves applied, by game and by where they came from (button, command, ai, forced, web).',
      labelNames: ['game', 'source'] as const,
      registers,
    }),
    moveToBoardSeconds: new Histogram({
      name: 'siege_move_to_board_seconds',
      help: "From a member's move to the board showing it, by game.",
      labelNames: ['game'] as const,
      buckets: MOVE_BUCKETS,
      registers,
    }),
    interactionAckSeconds: new Histogram({
      name: 'siege_interaction_ack_seconds',
      help: "From an interaction's arrival to its acknowledgement (Discord allows 3 s).",
      buckets: ACK_BUCKETS,
      registers,
    }),
    renderSeconds: new Histogram({
      name: 'siege_render_seconds',
      help: 'Drawing one board image, by game.',
      labelNames: ['game'] as const,
      buckets: RENDER_BUCKETS,
      registers,
    }),
    discordRequests,
    jobLagSeconds: new Histogram({
      name: 'siege_job_lag_seconds',
      help: 'How late a job started after its due time, by queue.',
      labelNames: ['queue'] as const,
      buckets: JOB_LAG_BUCKETS,
      registers,
    }),
    dbStatements: new Counter({
      name: 'siege_db_statements_total',
      help: 'SQL statements sent to PostgreSQL, by connection pool (games: the store; jobs: the job queue).',
      labelNames: ['pool'] as const,
      registers,
    }),
    watch(more) {
      sources = { ...sources, ...more };
    },
    countDiscordRequest(request, status) {
      discordRequests.inc({ route: discordRouteLabel(request.method, request.route), status: String(status) });
    },
    async text() {
      readEventLoop();
      await readSources();
      return registry.metrics();
    },
    close() {
      loop.disable();
    },
  };
}

/**
 * `POST /channels/:id/messages`. discord.js's bucket route already has its ids and tokens
 * replaced; any that remain are too, so that a label never multiplies per channel or carries a token.
 */
export function discordRouteLabel(method: string, route: string): string {
  const path = route
    .replace(/[?#].*$/, '')
    .replace(/\d{15,}/g, ':id')
    .replace(/\/(interactions|webhooks)\/(:id|\d+)\/[^/]+/, '/$1/$2/:token');
  return `${method.toUpperCase()} ${path}`;
}
