// The bot's HTTP server over real HTTP on a free loopback port: liveness, readiness (ready, not
// ready, draining, a check that hangs), metrics, and JSON for unknown routes.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../src/config/logger.js';
import { createMetrics, type Metrics } from '../../src/config/metrics.js';
import { createHttpServer, type HttpServer, type HttpServerOptions } from '../../src/web/http.js';

const running: { server: HttpServer; metrics: Metrics }[] = [];
afterEach(async () => {
  for (const { server, metrics } of running.splice(0)) {
    await server.stop();
    metrics.close();
  }
});

/** A started server on 127.0.0.1 with a free port; `logs` holds its JSON lines. */
async function serve(options: Partial<HttpServerOptions> & { logLevel?: 'debug' | 'info' } = {}) {
  const logs: Record<string, unknown>[] = [];
  const metrics = createMetrics();
  const server = createHttpServer({
    host: '127.0.0.1',
    port: 0,
    log: createLogger(options.logLevel ?? 'info', (line) => logs.push(JSON.parse(line))),
    metrics,
    readiness: async () => ({ database: true }),
    ...options,
  });
  running.push({ server, metrics });
  const { url, port } = await server.start();
  const get = async (path: string) => {
    const response = await fetch(url + path);
    const text = await response.text();
    const json = response.headers.get('content-type')?.startsWith('application/json') ? JSON.parse(text) : undefined;
    return { status: response.status, headers: response.headers, text, json };
  };
  return { server, metrics, url, port, logs, get };
}

describe('listening', () => {
  it('given port 0, listens on a free port on loopback and says where', async () => {
    const { url, port } = await serve();
    expect(port).toBeGreaterThan(0);
    expect(url).toBe(`http://127.0.0.1:${port}`);
  });

  it('given a route registered on app before start, serves it too', async () => {
    const metrics = createMetrics();
    const server = createHttpServer({ host: '127.0.0.1', port: 0, log: createLogger('error', () => {}), metrics, readiness: () => ({}) });
    running.push({ server, metrics });
    server.app.get('/watch/:gameId', async (request) => ({ watching: (request.params as { gameId: string }).gameId }));
    const { url } = await server.start();
    expect(await (await fetch(`${url}/watch/g42`)).json()).toEqual({ watching: 'g42' });
  });
});

describe('GET /healthz', () => {
  it('while the process runs, answers 200 ok, even when not ready', async () => {
    const { get } = await serve({ readiness: async () => ({ database: false }) });
    const health = await get('/healthz');
    expect(health.status).toBe(200);
    expect(health.json).toEqual({ status: 'ok' });
    expect(health.headers.get('cache-control')).toBe('no-store');
  });
});

describe('GET /readyz', () => {
  it('given every check ready, answers 200 with the checks', async () => {
    const { get } = await serve({ readiness: async () => ({ database: true, shards: { '0': true, '1': true }, draining: false }) });
    const ready = await get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.json).toEqual({ status: 'ready', checks: { database: true, shards: { '0': true, '1': true }, draining: false } });
  });

  it('given a check or a shard not ready, answers 503 naming each', async () => {
    const { get } = await serve({ readiness: async () => ({ database: false, shards: { '0': true, '1': false }, jobs: true }) });
    const notReady = await get('/readyz');
    expect(notReady.status).toBe(503);
    expect(notReady.json).toMatchObject({ status: 'not ready', notReady: { database: 'not ready', 'shards.1': 'not ready' } });
    expect(Object.keys(notReady.json.notReady)).toHaveLength(2);
  });

  it('given no shard at all, is not ready', async () => {
    const { get } = await serve({ readiness: () => ({ database: true, shards: {} }) });
    const notReady = await get('/readyz');
    expect(notReady.status).toBe(503);
    expect(notReady.json.notReady).toEqual({ shards: 'none' });
  });

  it('given setDraining, answers 503 "shutting down" without asking the checks, and ready again when it is undone', async () => {
    let asked = 0;
    const { server, get } = await serve({ readiness: async () => (asked++, { database: true }) });
    expect((await get('/readyz')).status).toBe(200);
    server.setDraining();
    const draining = await get('/readyz');
    expect(draining.status).toBe(503);
    expect(draining.json).toMatchObject({ status: 'not ready', notReady: { draining: 'shutting down' } });
    expect(asked).toBe(1);
    expect((await get('/healthz')).status).toBe(200);
    server.setDraining(false);
    expect((await get('/readyz')).status).toBe(200);
  });

  it('given the application reports draining itself, answers 503 "shutting down"', async () => {
    const { get } = await serve({ readiness: async () => ({ database: true, draining: true }) });
    const draining = await get('/readyz');
    expect(draining.status).toBe(503);
    expect(draining.json.notReady).toEqual({ draining: 'shutting down' });
  });

  it('given a database check that never answers, answers 503 naming it as timed out, with the other checks as they are', async () => {
    const { get } = await serve({ readinessTimeoutMs: 50, readiness: async () => ({ database: new Promise<boolean>(() => {}), shards: { '0': true } }) });
    const hung = await get('/readyz');
    expect(hung.status).toBe(503);
    expect(hung.json).toEqual({ status: 'not ready', notReady: { database: 'timed out' }, checks: { database: false, shards: { '0': true } } });
  });

  it('given a readiness callback that never answers, answers 503 "timed out"', async () => {
    const { get } = await serve({ readinessTimeoutMs: 50, readiness: () => new Promise(() => {}) });
    const hung = await get('/readyz');
    expect(hung.status).toBe(503);
    expect(hung.json.notReady).toEqual({ readiness: 'timed out' });
  });

  it('given a callback that answers after the timeout with a check that fails, nothing is left unhandled', async () => {
    let answer!: (checks: Record<string, Promise<boolean>>) => void;
    const late = new Promise<Record<string, Promise<boolean>>>((resolve) => (answer = resolve));
    const { get } = await serve({ readinessTimeoutMs: 20, readiness: () => late });
    expect((await get('/readyz')).json.notReady).toEqual({ readiness: 'timed out' });
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const failing = Promise.reject(new Error('database gone'));
      answer({ database: failing });
      await late;
      // Node reports unhandled rejections after the microtasks of a turn: let one turn pass.
      await new Promise<void>((resolve) => setImmediate(resolve));
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
    expect(unhandled).toEqual([]);
  });

  it('given checks that throw, answers 503 "failed" without the error in the answer, and logs it once per change', async () => {
    const secret = 'postgres://siege:hunter2secret@db/siege';
    let fail = true;
    const { get, logs } = await serve({
      readiness: async () => ({ database: fail ? Promise.reject(new Error(`connect ECONNREFUSED ${secret}`)) : true }),
    });
    for (let i = 0; i < 3; i++) {
      const failed = await get('/readyz');
      expect(failed.status).toBe(503);
      expect(failed.json.notReady).toEqual({ database: 'failed' });
      expect(failed.text).not.toContain('ECONNREFUSED');
    }
    fail = false;
    expect((await get('/readyz')).status).toBe(200);
    const said = logs.filter((l) => /ready for traffic/.test(l.msg as string));
    expect(said.map((l) => [l.level, l.msg])).toEqual([['warn', 'not ready for traffic'], ['info', 'ready for traffic']]);
    expect(said[0]).toMatchObject({ check: 'database', notReady: { database: 'failed' }, err: { message: expect.stringContaining('ECONNREFUSED') } });
    expect(JSON.stringify(logs)).not.toContain('hunter2secret');
  });
});

describe('GET /metrics', () => {
  it('answers the Prometheus text with its content type, the bot\'s counters in it', async () => {
    const { get, metrics } = await serve();
    metrics.moves.inc({ game: 'siege-master', source: 'command' });
    const scrape = await get('/metrics');
    expect(scrape.status).toBe(200);
    expect(scrape.headers.get('content-type')).toBe(metrics.contentType);
    expect(scrape.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(scrape.text).toContain('siege_moves_total{game="siege-master",source="command"} 1');
    expect(scrape.text).toContain('process_cpu_seconds_total');
  });
});

describe('the web front\'s listener (operations: false)', () => {
  it('answers /healthz, and neither /readyz nor /metrics: those are the operators\' listener\'s alone', async () => {
    const { get } = await serve({ operations: false });
    expect((await get('/healthz')).status).toBe(200);
    for (const path of ['/readyz', '/metrics']) {
      const missing = await get(path);
      expect(missing.status).toBe(404);
      expect(missing.text).not.toContain('siege_');
    }
  });
});

describe('other requests', () => {
  it('given an unknown route, answers 404 in JSON', async () => {
    const { get } = await serve();
    const missing = await get('/nope?x=1');
    expect(missing.status).toBe(404);
    expect(missing.json).toEqual({ statusCode: 404, error: 'Not Found', message: 'GET /nope is not a route' });
  });

  it('given requests at level info, logs none of them; at debug, each', async () => {
    const quiet = await serve({ logLevel: 'info' });
    for (const path of ['/healthz', '/readyz', '/metrics', '/nope']) await quiet.get(path);
    expect(quiet.logs.filter((l) => l.msg === 'http request')).toEqual([]);
    const chatty = await serve({ logLevel: 'debug' });
    await chatty.get('/healthz');
    await chatty.get('/metrics');
    // The line is written once the response has gone, which the client may see first.
    await vi.waitFor(() =>
      expect(chatty.logs.filter((l) => l.msg === 'http request').map((l) => [l.url, l.status])).toEqual([['/healthz', 200], ['/metrics', 200]]),
    );
  });
});
