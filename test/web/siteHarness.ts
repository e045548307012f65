// The web front on a loopback listener of its own, over a bot started without Discord and without
// listeners (real PostgreSQL, real render workers): each test serves the site as it needs it
// (local play or the public site, its PUBLIC_URL, TRUST_PROXY, the streams' bounds), and speaks
// raw HTTP to it, so that it can name any Host and any header a browser or a script would send.
import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import { siegeCommands } from '../../commands/index.js';
import { startApp, type RunningApp } from '../../src/app.js';
import { createLogger } from '../../src/config/logger.js';
import { createMetrics } from '../../src/config/metrics.js';
import type { RenderPool } from '../../src/render/pool.js';
import { createHttpServer } from '../../src/web/http.js';
import { registerSite, type SiteOptions } from '../../src/web/site.js';
import type { TestDatabase } from '../helpers/database.js';
import { testConfig } from '../helpers/scene.js';
import { fixedSeeds } from '../helpers/seeds.js';

export type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

/** A bot with no Discord and no listener: its services, game master and publisher serve the sites below; its warnings go to `logs`. */
export async function startQuietBot(database: TestDatabase, render: RenderPool, seeds: string, logs: string[] = []): Promise<RunningApp> {
  const config = { ...testConfig({ botToken: 'unused', apiUrl: 'http://127.0.0.1:1' } as never, database.url), discordToken: null };
  const app = await startApp(config, { commands: siegeCommands, log: createLogger('warn', (line) => logs.push(line)), newSeed: fixedSeeds(seeds), render });
  await app.ready;
  return app;
}

export type SiteUnderTest = {
  port: number;
  /** Every route the site registered (method and path), as fastify was told them. */
  routes: { method: string; url: string }[];
  /** Sends a request as it is given: `host` is the Host header (default 127.0.0.1:<port>). */
  send(path: string, opts?: { method?: string; headers?: Record<string, string>; body?: string }): Promise<Answer>;
  stop(): Promise<void>;
};

export async function serveSite(app: RunningApp, site: Omit<SiteOptions, 'web' | 'render'> & { trustProxy?: boolean | number | string[] }): Promise<SiteUnderTest> {
  const metrics = createMetrics();
  const server = createHttpServer({ host: '127.0.0.1', port: 0, log: createLogger('error', () => {}), metrics, readiness: () => ({}), operations: false, ...(site.trustProxy === undefined ? {} : { trustProxy: site.trustProxy }) });
  const routes: { method: string; url: string }[] = [];
  (server.app as FastifyInstance).addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, url: route.url });
  });
  await registerSite(server.app, { ...site, web: () => app.web, render: app.web.render });
  const { port } = await server.start();
  return {
    port,
    routes,
    send: (path, opts = {}) => request(port, path, opts),
    async stop() {
      await server.stop();
      metrics.close();
    },
  };
}

/** One request on a new connection, read to its end. */
export function request(port: number, path: string, opts: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, method: opts.method ?? 'GET', headers: { host: `127.0.0.1:${port}`, ...opts.headers }, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(opts.body);
  });
}

export type OpenStream = {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** What has come so far. */
  readonly text: string;
  /** Resolves when the server has ended the stream. */
  ended: Promise<void>;
  close(): void;
};

/** Opens an event stream (or whatever answers in its place) and keeps reading it. */
export function openStream(port: number, path: string, headers: Record<string, string> = {}): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, headers: { host: `127.0.0.1:${port}`, accept: 'text/event-stream', ...headers }, agent: false }, (res) => {
      let text = '';
      const ended = new Promise<void>((done) => {
        res.on('end', done);
        res.on('close', done);
        res.on('error', () => done());
      });
      res.on('data', (c: Buffer) => (text += c.toString('utf8')));
      resolve({
        status: res.statusCode!,
        headers: res.headers,
        get text() {
          return text;
        },
        ended,
        close: () => req.destroy(),
      });
    });
    req.on('error', reject);
    req.end();
  });
}
