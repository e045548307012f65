// The bot's HTTP listeners. The operators' one answers liveness (/healthz), readiness (/readyz)
// and Prometheus metrics (/metrics), on its own port (METRICS_PORT, loopback by default); the
// main one (HTTP_PORT) answers /healthz and the web front that src/web/site.ts registers on `app`.
// They are apart so that a public watch site, or a reverse proxy in front of it, never serves
// the operators' routes (README, "Operations").
import { STATUS_CODES } from 'node:http';
import { fastify, type FastifyError, type FastifyInstance } from 'fastify';
import type { Logger } from '../config/logger.js';
import type { Metrics } from '../config/metrics.js';
import { errorPage, notFound, wantsHtml } from './common.js';
import { evaluateReadiness, type Readiness } from './readiness.js';

export type HttpServerOptions = {
  /** Address to listen on, e.g. 127.0.0.1, 0.0.0.0 or ::. */
  host: string;
  /** 0: any free port (`start` says which). */
  port: number;
  log: Logger;
  metrics: Metrics;
  /** Named checks, evaluated on every GET /readyz (see ReadinessChecks). */
  readiness: Readiness;
  /** Serves /readyz and /metrics (the operators' listener). Default true; the web front's listener: false. */
  operations?: boolean;
  /** What the log and a failure to listen call this listener, e.g. its setting (`METRICS_PORT`). */
  name?: string;
  /** How long /readyz waits for the checks before answering "timed out". Default 2000 ms. */
  readinessTimeoutMs?: number;
  /**
   * Whose X-Forwarded-For to believe (fastify's trustProxy, TRUST_PROXY): by default nobody's, so
   * that a visitor cannot pick the address its per-address limits count against.
   */
  trustProxy?: boolean | number | string[];
};

export type HttpServer = {
  /** The fastify instance: register further routes on it before `start`. */
  readonly app: FastifyInstance;
  /** Listens; resolves with the URL it can be reached at from this machine. */
  start(): Promise<{ url: string; port: number }>;
  /** Stops listening, after the requests under way. */
  stop(): Promise<void>;
  /** From now on /readyz answers 503 "shutting down" (call first when stopping), or ready again with false. */
  setDraining(draining?: boolean): void;
};

const NO_STORE = 'no-store';

export function createHttpServer(opts: HttpServerOptions): HttpServer {
  const { log, metrics, readiness } = opts;
  const readinessTimeoutMs = opts.readinessTimeoutMs ?? 2000;
  // fastify's own logger stays off: the bot's logger is not pino's full interface, and one line
  // per probe or scrape (every few seconds, forever) would drown the log at info.
  const trust = opts.trustProxy ?? false;
  // A hop count believes the nearest `trust` hops, whoever they are (fastify 5.12 would believe
  // none): as `true` does, it suits a bot reachable only through its proxies (README, "Settings").
  const app = fastify({ logger: false, trustProxy: typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust });
  let draining = false;
  let lastReady: boolean | null = null;

  app.addHook('onResponse', async (request, reply) => {
    log.debug('http request', { method: request.method, url: request.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime) });
  });

  // A browser asking for a page gets one, in its reader's language; a probe or a script gets JSON.
  app.setNotFoundHandler((request, reply) => {
    if (wantsHtml(request)) return void notFound(request, reply);
    void reply.code(404).send({ statusCode: 404, error: 'Not Found', message: `${request.method} ${request.url.split('?')[0]} is not a route` });
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      log.error('http request failed', { method: request.method, url: request.url, err: error });
      // The cause is in the log; the answer, possibly public, says nothing of the internals.
      if (wantsHtml(request)) return void reply.code(status).header('cache-control', NO_STORE).type('text/html; charset=utf-8').send(errorPage(request, status));
      void reply.code(status).send({ statusCode: status, error: 'Internal Server Error', message: 'internal error' });
      return;
    }
    if (wantsHtml(request)) return void reply.code(status).header('cache-control', NO_STORE).type('text/html; charset=utf-8').send(errorPage(request, status));
    void reply.code(status).send({ statusCode: status, error: STATUS_CODES[status] ?? 'Error', message: error.message });
  });

  app.get('/healthz', async (_request, reply) => {
    void reply.header('cache-control', NO_STORE);
    return { status: 'ok' };
  });

  if (opts.operations !== false) registerOperations();

  function registerOperations(): void {
    app.get('/readyz', async (_request, reply) => {
      void reply.header('cache-control', NO_STORE);
      if (draining) {
        void reply.code(503);
        return { status: 'not ready', notReady: { draining: 'shutting down' }, checks: {} };
      }
      const report = await evaluateReadiness(readiness, readinessTimeoutMs);
      // Said once when it changes, not at every probe.
      if (report.ready !== lastReady) {
        if (report.ready) log.info('ready for traffic');
        else log.warn('not ready for traffic', { notReady: report.notReady, ...firstError(report.errors) });
        lastReady = report.ready;
      }
      if (report.ready) return { status: 'ready', checks: report.checks };
      void reply.code(503);
      return { status: 'not ready', notReady: report.notReady, checks: report.checks };
    });

    app.get('/metrics', async (_request, reply) => {
      const text = await metrics.text();
      void reply.header('cache-control', NO_STORE).type(metrics.contentType);
      return text;
    });
  }

  return {
    app,
    async start() {
      const name = opts.name ?? 'HTTP server';
      try {
        await app.listen({ host: opts.host, port: opts.port });
      } catch (e) {
        // One line that says which setting to change, rather than the bare EADDRINUSE.
        if ((e as NodeJS.ErrnoException).code === 'EADDRINUSE') throw new Error(`${name}: port ${opts.port} on ${opts.host} is already in use (by another process?); choose another port or off`);
        throw e;
      }
      const address = app.server.address();
      const port = typeof address === 'object' && address ? address.port : opts.port;
      const url = `http://${reachableHost(opts.host)}:${port}`;
      log.info(`${name} listening on ${url}`, { host: opts.host, port });
      return { url, port };
    },
    async stop() {
      await app.close();
    },
    setDraining(on = true) {
      if (on !== draining) log.info(on ? 'draining: /readyz answers 503 from now on' : 'no longer draining');
      draining = on;
      lastReady = null;
    },
  };
}

/** The host to use in a URL from this machine: a wildcard address is reached through loopback. */
function reachableHost(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}

function firstError(errors: Record<string, unknown>): { check?: string; err?: unknown } {
  const [name] = Object.keys(errors);
  return name === undefined ? {} : { check: name, err: errors[name] };
}
