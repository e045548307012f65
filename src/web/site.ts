// The web front, on the bot's HTTP server: the watch page of every game (/g/<token>) and, with
// no Discord, local play (/, /play/<id>). It is an adapter like Discord's: it reads through the
// services, changes games only through the game master, and hears of changes through its
// publisher. Every page is server-rendered and works without script; a small script from
// /static adds live updates and the review stepper's keys. The Content-Security-Policy allows no
// inline script and nothing from elsewhere; image and event routes are rate-limited per address.
import { readFileSync } from 'node:fs';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { RenderPool } from '../render/pool.js';
import { speaker } from '../i18n/index.js';
import { notFound, readerLocale, type WebDeps } from './common.js';
import { createImages } from './images.js';
import { createEventStreams } from './events.js';
import { registerLocalRoutes } from './local.js';
import type { WebPublisher } from './publisher.js';
import { registerWatchRoutes } from './watch.js';

export type { WebDeps } from './common.js';

const SECURITY_HEADERS = {
  'content-security-policy': "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
};

const SCRIPT = 'text/javascript; charset=utf-8';
const STATIC: Record<string, string> = { 'icon.svg': 'image/svg+xml', 'style.css': 'text/css; charset=utf-8', 'page.js': SCRIPT, 'watch.js': SCRIPT, 'play.js': SCRIPT };

/**
 * Registers the web front on `app` (before it listens, which it does from the process's first
 * moment for its health checks): until the bot has started (`web()` still null), its pages
 * answer 503.
 */
export async function registerSite(app: FastifyInstance, site: { web: () => WebDeps | null; local: boolean; render: RenderPool }): Promise<void> {
  app.addHook('onRequest', async (request, reply) => {
    if (site.web() || /^\/(healthz|readyz|metrics|static\/)/.test(request.url)) return;
    return reply.code(503).header('retry-after', '5').type('text/plain; charset=utf-8').send(speaker(readerLocale(request)).t('web:starting'));
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) if (!reply.hasHeader(name)) void reply.header(name, value);
    return payload;
  });
  // Forms post URL-encoded fields; fastify reads JSON only by itself.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16_384 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  // Limits are set route by route (the board images, the event streams), per visitor's address.
  await app.register(rateLimit, { global: false });

  const files = new Map(Object.keys(STATIC).map((name) => [name, readFileSync(new URL(`./static/${name}`, import.meta.url))]));
  app.get<{ Params: { file: string } }>('/static/:file', async (request, reply) => {
    const body = files.get(request.params.file);
    if (!body) return notFound(request, reply);
    return reply.header('cache-control', 'public, max-age=300').type(STATIC[request.params.file]!).send(body);
  });

  const web = () => site.web()!;
  const images = createImages(site.render);
  const streams = createEventStreams(web);
  registerWatchRoutes(app, web, images, streams);
  if (site.local) registerLocalRoutes(app, web, images, streams);
  // Event streams stay open: they are ended before the server closes, or closing would wait on them.
  app.addHook('preClose', async () => streams.endAll());
}
