// A Discord game played from its watch page (README, "Playing your Discord games in the
// browser"): a member logged in with Discord who holds a seat sees the board as that seat does
// (`view(state, seat)`, never another seat's), touchable on their turn with the same choices as
// local play, and posts their move to /g/<token>/move. The move goes through the game master with
// the same version and seat checks as a press on Discord (origin "web"), so the game's Discord
// thread gets its new board and its ping as after a press. A post carries the session cookie and
// the session's CSRF token, or `Authorization: Bearer <session id>` and no cookie (the Activity).
// Moves are limited per session and per address; every refusal says why and changes nothing.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Seat } from '../../engine/contract.js';
import { speaker, type Locale, type Speaker } from '../../i18n/index.js';
import { findMoveByPath } from '../../services/moveChoices.js';
import type { GameSnapshot } from '../../services/types.js';
import { touchBoard } from '../boardTargets.js';
import { refusalText, saidLevel } from '../choices.js';
import { hereOf, notFound, pageSpeaker, readerLocale, refusal, wantsHtml, type WebDeps } from '../common.js';
import { gameModel } from '../gameModel.js';
import type { Images } from '../images.js';
import { loginLine } from '../login.js';
import { seatPage, type WatchLinks } from '../pages/watch.js';
import { WEB } from '../publisher.js';
import { createWindowLimiter } from './rate.js';
import { csrfOk } from './sessions.js';
import { visitorOf, type Visitor, type WebLogin } from './visitor.js';
import { seatsOf } from '../../services/seats.js';

type SeatRequest = FastifyRequest<{ Params: { token: string }; Querystring: { move?: string; lang?: string; path?: string }; Body?: Record<string, string | undefined> }>;

/** What the watch routes lend: their game lookup and limits, their links and positions (watch.ts). */
export type WatchParts = {
  watched: (token: string) => Promise<GameSnapshot | null>;
  limited: (max: number) => object;
  links: (game: GameSnapshot, locale: Locale, base?: string) => WatchLinks;
  positionIn: (game: GameSnapshot, query: { move?: string }) => number | null;
};

const PARAMS = { type: 'object', properties: { token: { type: 'string', maxLength: 100 } } } as const;
const QUERY = {
  type: 'object',
  properties: {
    move: { type: 'string', pattern: '^[0-9]{1,9}$' },
    v: { type: 'string', pattern: '^[0-9]{1,12}$' },
    lang: { type: 'string', maxLength: 40 },
    path: { type: 'string', maxLength: 400 },
  },
} as const;
const FORM = { type: 'object', additionalProperties: { type: 'string', maxLength: 2000 } } as const;
/** A member's moves in a minute, per session and per address: a game's fastest turns stay well within. */
const MOVES_PER_MINUTE = 30;

/** The path of choices in a query or a form: at most eight steps. */
const stepsOf = (text: unknown) => String(text ?? '').split(':').filter(Boolean).slice(0, 8);

export function registerSeatPlay(app: FastifyInstance, web: () => WebDeps, images: Images, login: WebLogin, parts: WatchParts) {
  const bySession = createWindowLimiter({ max: MOVES_PER_MINUTE, windowMs: 60_000 });

  /** The seat `userId` plays in `game`: the one that must act, else their first; null for a non-player. */
  function seatOf(game: GameSnapshot, userId: string): Seat | null {
    const seats = seatsOf(game, userId);
    if (!seats.length) return null;
    const toAct = game.status === 'ACTIVE' ? web().services.games.defOf(game).toAct(game.state) : [];
    return seats.find((seat) => toAct.includes(seat)) ?? seats[0]!;
  }

  /** The seat's own links: its board image is drawn as the seat sees it, and served to its player only. */
  const seatLinks = (game: GameSnapshot, locale: Locale): WatchLinks => ({
    ...parts.links(game, locale),
    board: (index, version) => `/g/${game.watchToken}/seat.png?move=${index}&v=${version}&lang=${locale}`,
  });

  /** The player's page; after a refused post (`notice`), the game as it stands, at its first step. */
  async function page(request: SeatRequest, reply: FastifyReply, game: GameSnapshot, visitor: Visitor, status = 200, notice?: (sp: Speaker) => string) {
    const { services, names } = web();
    const seat = seatOf(game, visitor.session.userId)!;
    const def = services.games.defOf(game);
    const query = notice ? {} : request.query;
    const sp = pageSpeaker(request, reply);
    const m = await gameModel(services, names, game, parts.positionIn(game, query), sp, seat);
    const chosen = 'path' in query ? stepsOf(query.path) : [];
    const mine = game.status === 'ACTIVE' && def.toAct(game.state).includes(seat);
    const level = mine ? saidLevel(sp, def, game.state, seat, chosen) : null;
    const steps = level?.options.length ? chosen : [];
    const confirm = mine && level && !level.options.length && chosen.length && findMoveByPath(def, game.state, seat, chosen) !== null
      ? { path: chosen.join(':'), text: saidLevel(sp, def, game.state, seat, chosen.slice(0, -1)).options.find((o) => o.key === chosen.at(-1))?.text ?? chosen.join(' ') }
      : null;
    const touch = level && m.index === m.last ? touchBoard(def, game.state, seat, steps, level, m.picture) : null;
    const base = `/g/${game.watchToken}`;
    const body = seatPage(m, seatLinks(game, sp.locale), { seat, level, chosen: steps, touch, confirm, csrf: visitor.session.csrf, ...(notice ? { notice: notice(sp) } : {}) }, {
      home: web().local,
      here: hereOf(request, base),
      account: loginLine(sp, visitor.session, base),
    });
    return reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);
  }

  app.get('/g/:token/seat.png', { schema: { params: PARAMS, querystring: QUERY }, config: (parts.limited(240) as { config: object }).config }, async (request: SeatRequest, reply) => {
    const game = await parts.watched(request.params.token);
    const visitor = game ? await visitorOf(login, request) : null;
    const seat = game && visitor ? seatOf(game, visitor.session.userId) : null;
    if (!game || seat === null) return notFound(request, reply);
    const locale = readerLocale(request);
    const m = await gameModel(web().services, web().names, game, parts.positionIn(game, request.query), speaker(locale), seat);
    const png = await images.png(m, `seat${seat}`);
    if (!png) return notFound(request, reply, 'noBoard');
    // Only this player's browser may keep it: it shows what their seat alone may see.
    return reply.header('cache-control', 'private, max-age=86400, immutable').header('vary', 'Cookie, Authorization').type('image/png').send(png);
  });

  /** A refusal of a post: the page again with why, or for a script (the Activity) a JSON answer. */
  async function refuse(request: SeatRequest, reply: FastifyReply, status: number, code: string, why: (sp: Speaker) => string, shown?: { game: GameSnapshot; visitor: Visitor }) {
    if (!wantsHtml(request)) return reply.code(status).header('cache-control', 'no-store').send({ ok: false, code, message: why(speaker(readerLocale(request))) });
    if (!shown) return refusal(request, reply, status, why);
    const game = (await parts.watched(request.params.token)) ?? shown.game;
    return page(request, reply, game, shown.visitor, status, why);
  }
  const says = (key: string) => (sp: Speaker) => sp.t(`web:login.refused.${key}`);

  app.post('/g/:token/move', { schema: { params: PARAMS, querystring: QUERY, body: FORM }, config: { rateLimit: { max: MOVES_PER_MINUTE, timeWindow: '1 minute' } } }, async (request: SeatRequest, reply) => {
    const game = await parts.watched(request.params.token);
    if (!game) return notFound(request, reply, 'watch');
    const visitor = await visitorOf(login, request);
    if (!visitor) return refuse(request, reply, 401, 'login', says('needLogin'));
    const form = request.body ?? {};
    // A cookie is sent by the browser whoever made the page: its post must carry the session's own token.
    if (visitor.via === 'cookie' && !csrfOk(visitor.session, form.csrf)) return refuse(request, reply, 403, 'csrf', says('csrf'));
    const seat = seatOf(game, visitor.session.userId);
    if (seat === null) return refuse(request, reply, 403, 'not-a-player', says('notPlayer'));
    const shown = { game, visitor };
    if (game.status !== 'ACTIVE') return refuse(request, reply, 409, 'game-over', says('over'), shown);
    if (!bySession.take(visitor.sessionId)) return refuse(request, reply, 429, 'too-many', says('tooMany'), shown);
    const version = Number(form.version);
    if (!form.version || !Number.isSafeInteger(version)) return refuse(request, reply, 422, 'no-version', (sp) => sp.t('web:refusal.noVersion'), shown);
    const played = await web().master.playMove({
      gameId: game.id,
      actor: { kind: 'user', userId: visitor.session.userId },
      input: { path: stepsOf(form.path) },
      expectedVersion: version,
      loaded: game,
      source: 'web',
      origin: { front: WEB },
    });
    if (!played.ok) {
      const error = played.error;
      const stale = error.code === 'stale' || error.code === 'conflict';
      return refuse(request, reply, 409, error.code, stale ? (sp) => sp.t('web:refusal.staleMove') : (sp) => refusalText(sp, web().services.games.defOf(game), error), shown);
    }
    web().log.info('a move was played from the web', { gameId: game.id, userId: visitor.session.userId, via: visitor.via });
    if (!wantsHtml(request)) return reply.code(200).header('cache-control', 'no-store').send({ ok: true, version: (played.value.forced.at(-1) ?? played.value.applied).game.version });
    return reply.code(303).header('location', `/g/${game.watchToken}`).send();
  });

  return { seatOf, page };
}
