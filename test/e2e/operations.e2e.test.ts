// What the bot's host sees on its operators' listener (METRICS_PORT): liveness and readiness
// (before READY, with PostgreSQL stopped, while shutting down), the metrics moving with a played
// move, and every log line a JSON object that never carries the token or the database password.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../src/persistence/db.js';
import { ensureDatabase, startEmbeddedPostgres, type EmbeddedPostgres } from '../../src/persistence/embeddedPostgres.js';
import { migrate } from '../../src/persistence/migrator.js';
import { scratchPgDir } from '../helpers/database.js';
import { freePort } from '../helpers/freePort.js';
import { acceptedChallenge, chooser, playTurnWithComponents, waitForAsync } from '../helpers/play.js';
import { startScene, type Scene } from '../helpers/scene.js';

type Probe = { status: number; body: Record<string, unknown> };

async function probe(base: string, path: string): Promise<Probe> {
  const res = await fetch(`${base}${path}`);
  const text = await res.text();
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    body = { text };
  }
  return { status: res.status, body };
}

/** The value of a Prometheus sample (summed over its series) whose line starts with `prefix`. */
function sample(metrics: string, prefix: string): number {
  return metrics.split('\n').filter((l) => l.startsWith(prefix)).reduce((sum, l) => sum + Number(l.split(' ').at(-1)), 0);
}

describe('the host can see the bot', () => {
  const { dataDir, remove: removeDataDir } = scratchPgDir('operations');
  let pgServer: EmbeddedPostgres;
  let pgPort: number;
  let scene: Scene;
  let base: string;
  const beforeReady: Probe[] = [];
  const startPg = () => startEmbeddedPostgres({ dataDir, port: pgPort });

  beforeAll(async () => {
    pgPort = await freePort();
    pgServer = await startPg();
    await ensureDatabase(pgServer.adminUrl, 'siege');
    const url = pgServer.urlFor('siege');
    await migrate(url);
    const db = createDb(url, 5);
    const metricsPort = await freePort();
    base = `http://127.0.0.1:${metricsPort}`;
    scene = await startScene({ metricsPort, logLevel: 'debug' }, {
      database: { url, name: 'siege', db, drop: async () => { await db.$disconnect(); } },
      // Discord is slow to let the bot in: the HTTP server answers meanwhile.
      async aroundStart(fake, start) {
        const gateway = fake.holdNext({ method: 'GET', route: /\/gateway\/bot/ });
        const starting = start();
        await gateway.reached;
        await waitForAsync(async () => (await fetch(`${base}/healthz`).catch(() => null))?.status === 200, 30_000, 'the HTTP server');
        beforeReady.push(await probe(base, '/healthz'), await probe(base, '/readyz'));
        gateway.release();
        return starting;
      },
    });
  });
  afterAll(async () => {
    await scene?.stop();
    await pgServer?.stop();
    removeDataDir();
  });

  it('is alive at once, and ready only once Discord is in and the jobs run', async () => {
    const [health, early] = beforeReady;
    expect(health!.status).toBe(200);
    expect(early!.status).toBe(503);
    expect(JSON.stringify(early!.body)).toMatch(/shards/);
    const ready = await probe(base, '/readyz');
    expect(ready.status).toBe(200);
  });

  it('is not ready while PostgreSQL is stopped, and ready again when it is back', async () => {
    await pgServer.stop();
    try {
      const down = await probe(base, '/readyz');
      expect(down.status).toBe(503);
      expect(JSON.stringify(down.body)).toMatch(/database/);
      expect((await probe(base, '/healthz')).status).toBe(200);
    } finally {
      pgServer = await startPg();
    }
    await waitForAsync(async () => (await probe(base, '/readyz')).status === 200, 30_000, 'readiness after PostgreSQL is back');
  });

  it('counts a move, its board, the acknowledgement and the Discord requests in /metrics', async () => {
    const before = await (await fetch(`${base}/metrics`)).text();
    const { threadId } = await acceptedChallenge(scene, { game: 'siege-master' });
    await playTurnWithComponents(scene.fake, threadId, scene.alice.id, chooser(3));
    // The board reaches the fake before the bot has heard Discord's answer and timed the move:
    // wait for the bot to have counted it.
    let res = await fetch(`${base}/metrics`);
    let after = await res.text();
    for (let tries = 0; tries < 100 && sample(after, 'siege_move_to_board_seconds_count{game="siege-master"}') < 1; tries++) {
      await new Promise((r) => setTimeout(r, 50));
      res = await fetch(`${base}/metrics`);
      after = await res.text();
    }
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(sample(after, 'siege_moves_total{game="siege-master",source="button"}') - sample(before, 'siege_moves_total{game="siege-master",source="button"}')).toBe(1);
    expect(sample(after, 'siege_move_to_board_seconds_count{game="siege-master"}')).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'siege_interaction_ack_seconds_count')).toBeGreaterThan(sample(before, 'siege_interaction_ack_seconds_count'));
    expect(sample(after, 'siege_render_seconds_count{game="siege-master"}')).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'siege_discord_requests_total{route="POST /channels/:id/messages",status="200"}')).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'siege_active_games{game="siege-master"}')).toBe(1);
    expect(after).toMatch(/^siege_shard_status\{shard="0"\} 0$/m);
    expect(after).toMatch(/^nodejs_eventloop_lag_seconds /m);
  });

  it('writes every log line as one JSON object, never with the token or the database password', async () => {
    expect(scene.logs.length).toBeGreaterThan(10);
    for (const line of scene.logs) {
      const parsed = JSON.parse(line) as { level?: string; msg?: string; time?: string };
      expect(parsed.level).toMatch(/^(debug|info|warn|error)$/);
      expect(typeof parsed.msg).toBe('string');
    }
    const all = scene.logs.join('\n');
    expect(all).not.toContain(scene.fake.botToken);
    const password = new URL(scene.database.url).password;
    if (password) expect(all).not.toContain(password);
  });

  it('turns not ready first when it stops, then stops', async () => {
    const stopping = scene.app.stop();
    const draining = await probe(base, '/readyz');
    expect(draining.status).toBe(503);
    expect(JSON.stringify(draining.body)).toMatch(/draining|shutting down/);
    await stopping;
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
  });
});
