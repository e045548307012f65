// The board inside Discord, as an Activity (ACTIVITY=on; README, "Activity"). Discord's client
// frames this site through its proxy (<client id>.discordsays.com, whose URL mapping points at
// PUBLIC_URL) and the page signs the member in with the Embedded App SDK:
//   GET  /?frame_id=…            where Discord opens the Activity: on to /activity, same query.
//   GET  /activity               the page (static/activity.js does the rest); the SDK is
//                                /static/discord-sdk.js, bundled at install (scripts/postinstall.mjs).
//   POST /activity/token         {code} from the SDK's authorize: exchanged with Discord, server to
//                                server; answers the access token (for the SDK's authenticate only,
//                                never kept) and a session id, which the page sends as
//                                `Authorization: Bearer` from then on (the frame has no cookie of ours).
//   GET  /activity/game?channel= the game of the thread or channel the Activity was launched in:
//                                its page part, with the touchable board and the choices when the
//                                member holds a seat that must act, else as a watcher sees it.
// A move is posted to /g/<token>/move with the same Bearer session, through the game master as a
// press on Discord is; the page follows the game on the watch page's event stream.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { Seat } from '../engine/contract.js';
import { PROJECT_ROOT } from '../config/env.js';
import type { GameSnapshot } from '../services/types.js';
import { exchangeCode, fetchIdentity } from './auth/discordOAuth.js';
import { createWindowLimiter } from './auth/rate.js';
import { visitorOf, type WebLogin } from './auth/visitor.js';
import { touchBoard } from './boardTargets.js';
import { saidLevel } from './choices.js';
import { hereOf, pageSpeaker, readerLocale, refusal, type WebDeps } from './common.js';
import { gameModel } from './gameModel.js';
import { activityMain, activityPage } from './pages/activity.js';
import { speaker } from '../i18n/index.js';
import { watchLinks } from './watch.js';
import { seatsOf } from '../services/seats.js';

/** Where `npm ci` puts the SDK's bundle (scripts/postinstall.mjs). */
const SDK_BUNDLE = path.join(PROJECT_ROOT, 'src', 'generated', 'web', 'discord-sdk.js');

export type ActivityOptions = {
  /** The application's id, which the SDK's handshake and authorize name. */
  clientId: string;
  login: WebLogin;
};

/** What Discord puts in the Activity's address; each once and short (else 400). */
const LAUNCH_QUERY = {
  type: 'object',
  properties: Object.fromEntries(
    ['frame_id', 'instance_id', 'platform', 'guild_id', 'channel_id', 'location_id', 'custom_id', 'referrer_id', 'mobile_app_version', 'lang'].map((name) => [name, { type: 'string', maxLength: 200 }]),
  ),
} as const;

const GAME_QUERY = {
  type: 'object',
  required: ['channel'],
  properties: {
    channel: { type: 'string', pattern: '^[0-9]{1,25}$' },
    path: { type: 'string', maxLength: 400 },
    lang: { type: 'string', maxLength: 40 },
  },
} as const;

/** A member's reads of their game: a step chosen, a move seen, a position looked back at. */
const GAME_READS_PER_MINUTE = 240;

const TOKEN_BODY = { type: 'object', required: ['code'], properties: { code: { type: 'string', minLength: 1, maxLength: 200 } } } as const;

/** The bundle, made now when `npm ci` did not (a checkout installed without its scripts). */
async function sdkBundle(): Promise<Buffer> {
  if (!existsSync(SDK_BUNDLE)) {
    const script = pathToFileURL(path.join(PROJECT_ROOT, 'scripts', 'bundle-discord-sdk.mjs')).href;
    const { bundleDiscordSdk } = (await import(script)) as { bundleDiscordSdk(out: string): Promise<void> };
    await bundleDiscordSdk(SDK_BUNDLE);
  }
  return readFileSync(SDK_BUNDLE);
}

export async function registerActivityRoutes(app: FastifyInstance, web: () => WebDeps, opts: ActivityOptions): Promise<void> {
  const { login } = opts;
  const sdk = await sdkBundle();
  // Every member's requests may come from a few addresses of Discord's proxy: the page's limits
  // are wide, the sign-in's narrower (each costs a request to Discord), and the game's per session
  // too (counted once the session is known, so that made-up ones cannot widen it).
  const bySession = createWindowLimiter({ max: GAME_READS_PER_MINUTE, windowMs: 60_000 });

  app.get<{ Querystring: Record<string, string | undefined> }>('/', { schema: { querystring: LAUNCH_QUERY }, config: { rateLimit: { max: 240, timeWindow: '1 minute' } } }, async (request, reply) => {
    if (!request.query.frame_id) return refusal(request, reply, 404, (sp) => sp.t('web:notFound.nothing'));
    return reply.code(302).header('location', `/activity?${new URLSearchParams(request.query as Record<string, string>).toString()}`).send();
  });

  app.get('/static/discord-sdk.js', async (_request, reply) => reply.header('cache-control', 'public, max-age=300').type('text/javascript; charset=utf-8').send(sdk));

  app.get<{ Querystring: Record<string, string | undefined> }>('/activity', { schema: { querystring: LAUNCH_QUERY }, config: { rateLimit: { max: 240, timeWindow: '1 minute' } } }, async (request, reply) => {
    const sp = pageSpeaker(request, reply);
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(activityPage(sp, { clientId: opts.clientId, here: hereOf(request, '/activity') }));
  });

  app.post<{ Body: { code: string } }>('/activity/token', { schema: { body: TOKEN_BODY }, config: { rateLimit: { max: 30, timeWindow: '1 minute' } } }, async (request, reply) => {
    const sp = speaker(readerLocale(request));
    const exchanged = await exchangeCode(login.client, { code: request.body.code });
    if (!exchanged.ok) {
      web().log.warn('an Activity sign-in was refused by Discord', { reason: exchanged.error.message });
      return reply.code(exchanged.error.code === 'unreachable' ? 503 : 401).header('cache-control', 'no-store').send({ error: sp.t('web:activity.signInFailed') });
    }
    const identity = await fetchIdentity(login.client.apiBase, exchanged.value.accessToken);
    if (!identity.ok) return reply.code(502).header('cache-control', 'no-store').send({ error: sp.t('web:activity.signInFailed') });
    const session = await login.sessions().create(identity.value.id, identity.value.displayName);
    // The access token goes back once, for the SDK's authenticate; the bot keeps no copy.
    return reply.header('cache-control', 'no-store').send({ access_token: exchanged.value.accessToken, session: session.id });
  });

  app.get<{ Querystring: { channel: string; path?: string; lang?: string } }>(
    '/activity/game',
    { schema: { querystring: GAME_QUERY }, config: { rateLimit: { max: 4 * GAME_READS_PER_MINUTE, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const sp = pageSpeaker(request, reply);
      void reply.header('cache-control', 'no-store');
      const visitor = await visitorOf(login, request);
      if (!visitor) return reply.code(401).send({ error: sp.t('web:activity.signedOut') });
      if (!bySession.take(visitor.sessionId)) return reply.code(429).header('retry-after', '60').send({ error: sp.t('web:activity.tooMany') });
      const { services, names } = web();
      const found = await services.games.activeGameInChannel(request.query.channel);
      const game = found && found.watchToken && (await services.visibility.watchable(found)) ? found : null;
      if (!game) return reply.code(404).send({ error: sp.t('web:activity.noGame') });
      const def = services.games.defOf(game);
      const seat = seatOf(game, def.toAct(game.state), visitor.session.userId);
      // A player sees the board as their seat does (a solo game's hand, say), drawn by the seat's
      // own image route, which the page fetches with its session: an image tag cannot send one.
      const m = await gameModel(services, names, game, null, sp, seat ?? undefined);
      const acting = seat !== null && game.status === 'ACTIVE' && def.toAct(game.state).includes(seat);
      const chosen = acting && request.query.path ? request.query.path.split(':').filter(Boolean).slice(0, 8) : [];
      const level = acting ? saidLevel(sp, def, game.state, seat, chosen) : null;
      // A path that leads nowhere (a step gone with a move made meanwhile) starts the move again.
      const steps = level && !level.options.length && chosen.length ? [] : chosen;
      const shown = steps === chosen ? level : acting ? saidLevel(sp, def, game.state, seat, []) : null;
      const touch = shown ? touchBoard(def, game.state, seat!, steps, shown, m.picture) : null;
      const links = watchLinks(game, sp.locale);
      const seatBoard = seat === null ? null : `/g/${game.watchToken}/seat.png?move=${m.index}&v=${game.version}&lang=${sp.locale}`;
      const part = activityMain(m, seatBoard ? { ...links, board: () => '' } : links, { seat, level: shown, chosen: steps, touch, viewer: visitor.session.displayName, seatBoard });
      return reply.send({ version: game.version, token: game.watchToken, events: `/g/${game.watchToken}/events`, move: `/g/${game.watchToken}/move`, seat, acting, html: part });
    },
  );
}

/** The seat the member plays in the game (the one that must act, else their first), or null: they watch. */
function seatOf(game: GameSnapshot, toAct: Seat[], userId: string): Seat | null {
  const seats = seatsOf(game, userId);
  return seats.find((seat) => game.status === 'ACTIVE' && toAct.includes(seat)) ?? seats[0] ?? null;
}

/** The name Discord's proxy serves an application's Activity under (README, "Activity"). */
export function activityHostOf(clientId: string): string {
  return `${clientId}.discordsays.com`;
}
