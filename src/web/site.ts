// The web front, on the bot's HTTP server: the watch page of every game (/g/<token>) and, with
// no Discord, local play (/, /play/<id>). It is an adapter like Discord's: it reads through the
// services, changes games only through the game master, and hears of changes through its
// publisher. Every page is server-rendered and works without script; a small script from
// /static adds live updates and the review stepper's keys. The Content-Security-Policy allows no
// inline script and nothing from elsewhere; other sites are kept out (src/web/guard.ts); the watch
// routes are rate-limited per address, event streams are bounded (events.ts), and every input is
// checked (a malformed one answers 400, never 500).
import { readFileSync } from 'node:fs';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { RenderPool } from '../render/pool.js';
import { speaker } from '../i18n/index.js';
import { notFound, readerLocale, type WebDeps } from './common.js';
import { createImages } from './images.js';
import { createEventStreams, type StreamLimits } from './events.js';
import { createGuard, registerGuard } from './guard.js';
import { registerLocalRoutes } from './local.js';
import { activityHostOf, registerActivityRoutes } from './activity.js';
import { registerLoginRoutes } from './login.js';
import type { WebLogin } from './auth/visitor.js';
import { registerTournamentRoutes } from './tournament.js';
import { registerWatchRoutes } from './watch.js';

export type { WebDeps } from './common.js';

const SECURITY_HEADERS = {
  'content-security-policy': "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  // No address of ours (a watch page's token) goes to another site; our own pages' posts still
  // say their origin (under no-referrer a browser sends "Origin: null", which guard.ts must doubt).
  'referrer-policy': 'same-origin',
  'x-frame-options': 'DENY',
};

/**
 * The Activity's page (README, "Activity") is framed by Discord's client, and by nothing else:
 * its frame-ancestors name Discord's origins (the client, its ptb and canary builds, and the
 * Activity proxy's own domain), and it carries no X-Frame-Options, which would forbid any frame.
 * Everything else it says as every page does; it reaches no other site (connect-src 'self').
 */
// The client's origins are those the Embedded App SDK itself answers to (discord.com, its ptb and
// canary builds, and the older discordapp.com names), and the proxy's own domain.
const DISCORD_FRAME_ANCESTORS = ['https://discord.com', 'https://*.discord.com', 'https://discordapp.com', 'https://*.discordapp.com', 'https://*.discordsays.com'].join(' ');
const ACTIVITY_HEADERS: Record<string, string> = {
  ...Object.fromEntries(Object.entries(SECURITY_HEADERS).filter(([name]) => name !== 'x-frame-options')),
  // A player's board is their seat's image, fetched with the session and shown from memory (blob:).
  'content-security-policy': SECURITY_HEADERS['content-security-policy'].replace("frame-ancestors 'none'", `frame-ancestors ${DISCORD_FRAME_ANCESTORS}`).replace("img-src 'self'", "img-src 'self' blob:"),
};
/** The documents Discord's client frames: /activity, and / when Discord opens the Activity there. */
const framedByDiscord = (url: string) => /^\/(activity)?(\?|$)/.test(url);

const SCRIPT = 'text/javascript; charset=utf-8';
const STATIC: Record<string, string> = { 'icon.svg': 'image/svg+xml', 'style.css': 'text/css; charset=utf-8', 'page.js': SCRIPT, 'watch.js': SCRIPT, 'play.js': SCRIPT, 'activity.js': SCRIPT, 'tournament.js': SCRIPT };

/**
 * Registers the web front on `app` (before it listens, which it does from the process's first
 * moment for its health checks): until the bot has started (`web()` still null), its pages
 * answer 503.
 */
export type SiteOptions = {
  web: () => WebDeps | null;
  /** Local play (no Discord): its pages too, for this machine only. */
  local: boolean;
  render: RenderPool;
  /** The public site's address (PUBLIC_URL): its host is one this site answers for. */
  publicUrl?: string | null;
  /** The event streams' bounds (WEB_MAX_STREAMS is `total`); the defaults otherwise. */
  streams?: Partial<StreamLimits>;
  /** Logging in with Discord on the watch pages (DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET); null: watch-only. */
  login?: WebLogin | null;
  /** ACTIVITY=on (with `login`): the Activity's page and sign-in (activity.ts), for Discord's client to frame. */
  activity?: boolean;
};

export async function registerSite(app: FastifyInstance, site: SiteOptions): Promise<void> {
  // The Activity is reached through Discord's proxy, under the application's own name there.
  const activity = site.activity && site.login && !site.local ? { clientId: site.login.client.clientId, login: site.login } : null;
  const guardOptions = { local: site.local, publicUrl: site.publicUrl ?? null, activityHost: activity ? activityHostOf(activity.clientId) : null };
  registerGuard(app, guardOptions);
  // A proxy in front whose X-Forwarded-For is not believed (TRUST_PROXY): every visitor then counts
  // as the proxy in the per-address limits, which the operator should hear of, once.
  let proxyUnbelieved = false;
  app.addHook('onRequest', async (request) => {
    if (proxyUnbelieved || !request.headers['x-forwarded-for'] || request.ip !== request.raw.socket?.remoteAddress) return;
    proxyUnbelieved = true;
    site.web()?.log.warn('requests come through a proxy whose X-Forwarded-For is not believed: the per-address limits count the proxy, not its visitors (set TRUST_PROXY to its address)', { proxy: request.ip });
  });
  app.addHook('onRequest', async (request, reply) => {
    if (site.web() || /^\/(healthz|static\/)/.test(request.url)) return;
    return reply.code(503).header('retry-after', '5').type('text/plain; charset=utf-8').send(speaker(readerLocale(request)).t('web:starting'));
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const headers = activity && framedByDiscord(request.url) ? ACTIVITY_HEADERS : SECURITY_HEADERS;
    for (const [name, value] of Object.entries(headers)) if (!reply.hasHeader(name)) void reply.header(name, value);
    return payload;
  });
  // Forms post URL-encoded fields; fastify reads JSON only by itself.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16_384 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  // Limits are set route by route, per visitor's address (request.ip: TRUST_PROXY decides whose
  // X-Forwarded-For is believed).
  await app.register(rateLimit, { global: false });

  const files = new Map(Object.keys(STATIC).map((name) => [name, readFileSync(new URL(`./static/${name}`, import.meta.url))]));
  app.get<{ Params: { file: string } }>('/static/:file', { schema: { params: { type: 'object', properties: { file: { type: 'string', maxLength: 40 } } } } }, async (request, reply) => {
    const body = files.get(request.params.file);
    if (!body) return notFound(request, reply);
    return reply.header('cache-control', 'public, max-age=300').type(STATIC[request.params.file]!).send(body);
  });

  const web = () => site.web()!;
  const images = createImages(site.render);
  const streams = createEventStreams({
    publisher: () => web().publisher,
    webEnabled: async (guildId) => (await web().services.settings.guild(guildId)).webEnabled,
    resourcePolicy: createGuard(guardOptions).resourcePolicy,
    limits: site.streams,
  });
  registerWatchRoutes(app, web, images, streams, site.login ?? null);
  if (site.login) registerLoginRoutes(app, web, site.login);
  registerTournamentRoutes(app, web, streams);
  if (site.local) registerLocalRoutes(app, web, images, streams);
  if (activity) await registerActivityRoutes(app, web, activity);
  // Event streams stay open: they are ended before the server closes, or closing would wait on them.
  app.addHook('preClose', async () => streams.endAll());
}
