// The watch page of every game: /g/<token> (the page), /g/<token>/live (its changing part, for
// the script), /g/<token>/board.png (the board at a position), /g/<token>/events (server-sent
// events: a new version), /g/<token>/replay (the same replay file as Discord's Replay button).
// A token nobody was given, a running daily siege (until its day's daily closes) and the games
// of a server that turned its watch pages off all answer 404, alike. Every route is limited per
// address; `?move=` past the end is the current position, one page kept for all of them.
// With DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET set, a member logged in with Discord who
// plays the game sees it as their seat does and plays it here (auth/seatPlay.ts); others watch.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { speaker, type Locale } from '../i18n/index.js';
import { visitorOf, type WebLogin } from './auth/visitor.js';
import { loginLine } from './login.js';
import { registerSeatPlay } from './auth/seatPlay.js';
import type { EventStreams } from './events.js';
import type { GameSnapshot } from '../services/types.js';
import { gameModel } from './gameModel.js';
import { createModelCache } from './models.js';
import type { Images } from './images.js';
import { watchMain, watchPage, type WatchLinks } from './pages/watch.js';
import { hereOf, notFound, pageSpeaker, readerLocale, type WebDeps } from './common.js';

type TokenRequest = FastifyRequest<{ Params: { token: string }; Querystring: { move?: string; lang?: string } }>;

/** The position asked for in `?move=`, or null for the current one. */
export function wantedMove(query: { move?: string }): number | null {
  const n = Number(query.move);
  return query.move !== undefined && Number.isSafeInteger(n) && n >= 0 ? n : null;
}

/**
 * The position asked for, within the game: past its last move (`?move=1000` of a game of 40) it
 * is the current one, so that every such address is one model and one image, not one each.
 */
export function positionIn(game: GameSnapshot, query: { move?: string }): number | null {
  const wanted = wantedMove(query);
  return wanted === null || wanted >= game.moveCount ? null : wanted;
}

/** What a game's routes read: a token, a position, a language and the image's version, each once and as the pages write it (else 400). */
export const TOKEN_ROUTE_SCHEMA = {
  params: { type: 'object', properties: { token: { type: 'string', maxLength: 100 } } },
  querystring: {
    type: 'object',
    properties: {
      move: { type: 'string', pattern: '^[0-9]{1,9}$' },
      v: { type: 'string', pattern: '^[0-9]{1,12}$' },
      lang: { type: 'string', maxLength: 40 },
      // A player's step of a move (auth/seatPlay.ts): at most eight choices.
      path: { type: 'string', maxLength: 400 },
    },
  },
} as const;

/**
 * A game's paths. The board image and the changing part carry the page's language: an image is
 * kept by its address, and the script's fetches speak as the page does even without the cookie.
 */
export function watchLinks(game: GameSnapshot, locale: Locale, base = `/g/${game.watchToken}`): WatchLinks {
  const g = `/g/${game.watchToken}`;
  return {
    base,
    board: (index, version) => `${g}/board.png?move=${index}&v=${version}&lang=${locale}`,
    replay: game.status === 'FINISHED' && game.version > 0 ? `${g}/replay?lang=${locale}` : null,
    live: `${g}/live?lang=${locale}`,
    events: `${g}/events`,
  };
}

/** A new part longer than this (a long game's move log) is fetched by each page instead. */
const MAX_LIVE_PART_CHARS = 100_000;

export function registerWatchRoutes(app: FastifyInstance, web: () => WebDeps, images: Images, streams: EventStreams, login: WebLogin | null = null): void {

  /** The game of a token, when its watch page may be served. */
  async function watched(token: string): Promise<GameSnapshot | null> {
    const { services } = web();
    const game = await services.games.byWatchToken(token);
    return game && (await services.visibility.watchable(game)) ? game : null;
  }

  const models = createModelCache();
  const model = (game: GameSnapshot, request: TokenRequest, reply: FastifyReply) => {
    const wanted = positionIn(game, request.query);
    const sp = pageSpeaker(request, reply);
    return models.get(`${game.id}:${game.version}:${wanted ?? 'now'}:${sp.locale}`, () => gameModel(web().services, web().names, game, wanted, sp, undefined));
  };

  // A page read once, then stepped through by its script (the changing part and the board at
  // each step): a reader stepping fast through a long game stays well within these.
  const limited = (max: number) => ({ schema: TOKEN_ROUTE_SCHEMA, config: { rateLimit: { max, timeWindow: '1 minute' } } });

  const seatPlay = login ? registerSeatPlay(app, web, images, login, { watched, limited, links: watchLinks, positionIn }) : null;

  app.get('/g/:token', limited(120), async (request: TokenRequest, reply) => {
    const game = await watched(request.params.token);
    if (!game) return notFound(request, reply, 'watch');
    const visitor = await visitorOf(login, request);
    if (seatPlay && visitor && seatPlay.seatOf(game, visitor.session.userId) !== null) return seatPlay.page(request, reply, game, visitor);
    const m = await model(game, request, reply);
    const account = login ? loginLine(m.sp, visitor?.session ?? null, `/g/${game.watchToken}`) : undefined;
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(watchPage(m, watchLinks(game, m.sp.locale), { home: web().local, here: hereOf(request), ...(account ? { account } : {}) }));
  });

  app.get('/g/:token/live', limited(240), async (request: TokenRequest, reply) => {
    const game = await watched(request.params.token);
    if (!game) return notFound(request, reply);
    const m = await model(game, request, reply);
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(watchMain(m, watchLinks(game, m.sp.locale)).value);
  });

  app.get('/g/:token/board.png', limited(240), async (request: TokenRequest, reply) => {
    const game = await watched(request.params.token);
    if (!game) return notFound(request, reply);
    // The language is the address's (`lang=`), never a cookie's: the image is kept by its address.
    const wanted = positionIn(game, request.query);
    const locale = readerLocale(request);
    const m = await models.get(`${game.id}:${game.version}:${wanted ?? 'now'}:${locale}`, () => gameModel(web().services, web().names, game, wanted, speaker(locale), undefined));
    const png = await images.png(m, 'public');
    if (!png) return notFound(request, reply, 'noBoard');
    // A position of a version never changes: it may be kept.
    return reply.header('cache-control', 'public, max-age=86400, immutable').type('image/png').send(png);
  });

  app.get('/g/:token/replay', limited(20), async (request: TokenRequest, reply) => {
    const game = await watched(request.params.token);
    if (!game || game.status !== 'FINISHED' || game.version === 0) return notFound(request, reply, 'replay');
    // In the language of the address (`lang=`): a replay is kept by its address.
    const replay = await web().services.replays.replayOf(game, readerLocale(request));
    if (!replay) return notFound(request, reply, 'noReplay');
    return reply.header('cache-control', 'public, max-age=86400').header('content-disposition', `inline; filename="${replay.fileName}"`).type(replay.contentType).send(replay.data);
  });

  /**
   * A version's new part of the watch page, made once for every watcher in one language: it comes
   * with the version's event, so that hundreds of watchers need not each ask for it, and the
   * board it shows is drawn before they ask for that. Null when the page may no longer be served
   * (then the script asks, and hears 404), or when the part is too long to send to everyone.
   */
  const liveParts = new Map<string, Promise<string | null>>();
  function livePart(game: GameSnapshot, locale: Locale): Promise<string | null> {
    const key = `${game.id}:${game.version}:${locale}`;
    let part = liveParts.get(key);
    if (!part) {
      part = (async () => {
        if (!(await web().services.visibility.watchable(game))) return null;
        const sp = speaker(locale);
        const m = await models.get(`${game.id}:${game.version}:now:${locale}`, () => gameModel(web().services, web().names, game, null, sp, undefined));
        void images.png(m, 'public').catch(() => {});
        const live = watchMain(m, watchLinks(game, locale)).value;
        return live.length <= MAX_LIVE_PART_CHARS ? live : null;
      })();
      liveParts.set(key, part);
      while (liveParts.size > 64) liveParts.delete(liveParts.keys().next().value!);
    }
    return part;
  }

  // Opens per minute; how many may stay open is the streams' own limit (events.ts).
  app.get('/g/:token/events', limited(60), async (request: TokenRequest, reply) => {
    const game = await watched(request.params.token);
    if (!game) return notFound(request, reply);
    const locale = readerLocale(request);
    return streams.stream(request, reply, game, async (news) => {
      const live = await livePart(news.game, locale);
      return live ? { live } : null;
    });
  });
}
