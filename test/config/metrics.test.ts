// Each bot's metrics live in their own registry, read what the application hands them at scrape
// time, and a source that fails or hangs never fails the scrape.
import { afterEach, describe, expect, it } from 'vitest';
import { createMetrics, discordRouteLabel, type Metrics } from '../../src/config/metrics.js';

const made: Metrics[] = [];
afterEach(() => {
  for (const m of made.splice(0)) m.close();
});
function metrics(options?: Parameters<typeof createMetrics>[0]): Metrics {
  const m = createMetrics(options);
  made.push(m);
  return m;
}

/** The value of one sample line, e.g. `siege_moves_total{game="x",source="ai"}`. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(series + ' '));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('the registry', () => {
  it('given a new bot, the text names every siege metric and the process metrics, in Prometheus text format', async () => {
    const m = metrics();
    const text = await m.text();
    for (const name of [
      'siege_moves_total', 'siege_move_to_board_seconds', 'siege_interaction_ack_seconds', 'siege_render_seconds',
      'siege_render_queue_depth', 'siege_replay_queue_depth', 'siege_discord_requests_total', 'siege_job_lag_seconds',
      'siege_active_games', 'siege_shard_status', 'siege_gateway_ping_seconds', 'siege_event_loop_lag_seconds',
      'siege_event_loop_lag_max_seconds', 'process_cpu_seconds_total', 'nodejs_heap_size_used_bytes',
    ]) {
      expect(text).toContain(`# TYPE ${name} `);
    }
    expect(m.contentType).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(sample(text, 'siege_event_loop_lag_seconds')).toBeGreaterThanOrEqual(0);
  });

  it('given a move counted, its counter goes up by one for that game and source only', async () => {
    const m = metrics();
    m.moves.inc({ game: 'siege-master', source: 'button' });
    m.moves.inc({ game: 'siege-master', source: 'button' });
    m.moves.inc({ game: 'dice-realms', source: 'ai' });
    const text = await m.text();
    expect(sample(text, 'siege_moves_total{game="siege-master",source="button"}')).toBe(2);
    expect(sample(text, 'siege_moves_total{game="dice-realms",source="ai"}')).toBe(1);
  });

  it('given two bots in one process, each counts only its own', async () => {
    const a = metrics();
    const b = metrics();
    a.moves.inc({ game: 'g', source: 'web' });
    expect(sample(await a.text(), 'siege_moves_total{game="g",source="web"}')).toBe(1);
    expect(sample(await b.text(), 'siege_moves_total{game="g",source="web"}')).toBeUndefined();
  });

  it('given timings observed, the histograms count them in their buckets', async () => {
    const m = metrics();
    m.moveToBoardSeconds.observe({ game: 'g' }, 0.8);
    m.interactionAckSeconds.observe(0.04);
    m.renderSeconds.observe({ game: 'g' }, 0.12);
    m.jobLagSeconds.observe({ queue: 'timeouts' }, 3);
    const text = await m.text();
    expect(sample(text, 'siege_move_to_board_seconds_bucket{le="1",game="g"}')).toBe(1);
    expect(sample(text, 'siege_move_to_board_seconds_bucket{le="0.5",game="g"}')).toBe(0);
    expect(sample(text, 'siege_interaction_ack_seconds_count')).toBe(1);
    expect(sample(text, 'siege_render_seconds_sum{game="g"}')).toBeCloseTo(0.12);
    expect(sample(text, 'siege_job_lag_seconds_count{queue="timeouts"}')).toBe(1);
  });
});

describe('Discord requests', () => {
  it('given REST responses, counts them by method and route and by status, 429s included', async () => {
    const m = metrics();
    m.countDiscordRequest({ method: 'post', route: '/channels/:id/messages' }, 200);
    m.countDiscordRequest({ method: 'post', route: '/channels/:id/messages' }, 429);
    m.countDiscordRequest({ method: 'post', route: '/channels/:id/messages' }, 429);
    const text = await m.text();
    expect(sample(text, 'siege_discord_requests_total{route="POST /channels/:id/messages",status="200"}')).toBe(1);
    expect(sample(text, 'siege_discord_requests_total{route="POST /channels/:id/messages",status="429"}')).toBe(2);
  });

  it('given a route that still holds ids or a token, the label holds neither', () => {
    expect(discordRouteLabel('patch', '/channels/123456789012345678/messages/876543210987654321')).toBe('PATCH /channels/:id/messages/:id');
    expect(discordRouteLabel('post', '/webhooks/123456789012345678/aW50ZXJhY3Rpb246MTIzNDU2?wait=true')).toBe('POST /webhooks/:id/:token');
    expect(discordRouteLabel('post', '/interactions/:id/:token/callback')).toBe('POST /interactions/:id/:token/callback');
  });
});

describe('gauges read at scrape time', () => {
  it('given sources, the gauges show what they return at each scrape', async () => {
    const m = metrics();
    let renderDepth = 3;
    m.watch({
      renderQueue: () => renderDepth,
      replayQueue: () => 1,
      activeGames: async () => ({ 'siege-master': 4, 'dice-realms': 2 }),
      shards: () => [{ id: 0, status: 0, pingMs: 42 }, { id: 1, status: 1, pingMs: -1 }],
    });
    let text = await m.text();
    expect(sample(text, 'siege_render_queue_depth')).toBe(3);
    expect(sample(text, 'siege_replay_queue_depth')).toBe(1);
    expect(sample(text, 'siege_active_games{game="siege-master"}')).toBe(4);
    expect(sample(text, 'siege_active_games{game="dice-realms"}')).toBe(2);
    expect(sample(text, 'siege_shard_status{shard="0"}')).toBe(0);
    expect(sample(text, 'siege_shard_status{shard="1"}')).toBe(1);
    expect(sample(text, 'siege_gateway_ping_seconds{shard="0"}')).toBe(0.042);
    expect(sample(text, 'siege_gateway_ping_seconds{shard="1"}')).toBeUndefined();
    renderDepth = 0;
    m.watch({ activeGames: () => ({ 'siege-master': 5 }) });
    text = await m.text();
    expect(sample(text, 'siege_render_queue_depth')).toBe(0);
    expect(sample(text, 'siege_active_games{game="siege-master"}')).toBe(5);
    // A game whose last game ended reads 0 rather than vanishing.
    expect(sample(text, 'siege_active_games{game="dice-realms"}')).toBe(0);
  });

  it('given a source that throws, rejects or never answers, the scrape still completes, that gauge says nothing and the failure is counted', async () => {
    const m = metrics({ sourceTimeoutMs: 20 });
    m.watch({
      renderQueue: () => {
        throw new Error('pool gone');
      },
      replayQueue: () => 2,
      activeGames: () => new Promise<never>(() => {}),
      shards: () => {
        throw new Error('client destroyed');
      },
    });
    const text = await m.text();
    expect(sample(text, 'siege_render_queue_depth')).toBeNaN();
    expect(sample(text, 'siege_replay_queue_depth')).toBe(2);
    expect(text).not.toMatch(/^siege_active_games\{/m);
    expect(text).not.toMatch(/^siege_shard_status\{/m);
    expect(sample(text, 'siege_metric_source_failures_total{source="renderQueue"}')).toBe(1);
    expect(sample(text, 'siege_metric_source_failures_total{source="activeGames"}')).toBe(1);
    expect(sample(text, 'siege_metric_source_failures_total{source="shards"}')).toBe(1);
    m.watch({ activeGames: async () => Promise.reject(new Error('database down')) });
    expect(sample(await m.text(), 'siege_metric_source_failures_total{source="activeGames"}')).toBe(2);
  });
});
