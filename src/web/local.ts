// Local play, with no Discord: / (the games played here, a new game of any of the five) and
// /play/<id> (a game: its board, its log, the player's choices). Every change goes through the
// game master, as a press on Discord does: an old version, a choice no longer there, a second
// post of the same move, a game that is not local, each gets a clear answer and changes nothing.
// Pages are only served on loopback (app.ts), for loopback names only (guard.ts); a post must come
// from this site's own pages and carry the form key this process gave them, so that a page
// elsewhere cannot play here through the player's browser. Every input is checked: a malformed
// one answers 400.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { allGames, gameById } from '../games/index.js';
import { speaker, type Speaker } from '../i18n/index.js';
import { resultHeadline } from '../services/boardPicture.js';
import { LOCAL_PLAYER, type GameSnapshot, type SeatAssignment } from '../services/types.js';
import { saidLevel, refusalText } from './choices.js';
import { touchBoard } from './boardTargets.js';
import { findMoveByPath } from '../services/moveChoices.js';
import { hereOf, notFound, pageSpeaker, readerLocale, type WebDeps } from './common.js';
import { gameModel, gameTitle, reasonIn } from './gameModel.js';
import type { Images } from './images.js';
import { AI_LEVELS, localHome, playPage, type LocalGameRow } from './pages/local.js';
import { WEB } from './publisher.js';
import type { EventStreams } from './events.js';
import { positionIn, watchLinks } from './watch.js';

type Form = Record<string, string | undefined>;
type PlayRequest = FastifyRequest<{ Params: { id: string }; Querystring: { path?: string; resign?: string; move?: string; lang?: string }; Body: Form }>;

/** A local game's routes: its number, and at most one of each query field. */
const GAME_PARAMS = { type: 'object', properties: { id: { type: 'string', pattern: '^[0-9]{1,12}$' } } } as const;
const PAGE_QUERY = {
  type: 'object',
  properties: {
    path: { type: 'string', maxLength: 400 },
    resign: { type: 'string', maxLength: 20 },
    move: { type: 'string', pattern: '^[0-9]{1,9}$' },
    v: { type: 'string', pattern: '^[0-9]{1,12}$' },
    lang: { type: 'string', maxLength: 40 },
  },
} as const;
/** A form as the pages post it: text fields only, none long. */
const FORM = { type: 'object', additionalProperties: { type: 'string', maxLength: 2000 } } as const;
const PAGE_ROUTE = { schema: { params: GAME_PARAMS, querystring: PAGE_QUERY } };
const POST_ROUTE = { schema: { params: GAME_PARAMS, querystring: PAGE_QUERY, body: FORM } };

export function registerLocalRoutes(app: FastifyInstance, web: () => WebDeps, images: Images, streams: EventStreams): void {
  const formKey = randomBytes(16).toString('base64url');
  const keyOk = (form: Form | undefined) => {
    const given = Buffer.from(String(form?.key ?? ''));
    const own = Buffer.from(formKey);
    return given.length === own.length && timingSafeEqual(given, own);
  };
  const html = (reply: FastifyReply, status: number, body: string) => reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);

  /** The home page; after a refused post, with why (`notice`: its catalog key and values, or a text said already). */
  async function home(request: FastifyRequest, reply: FastifyReply, status = 200, notice?: (sp: Speaker) => string) {
    const { services } = web();
    const sp = pageSpeaker(request, reply);
    const games: LocalGameRow[] = (await services.games.localGames()).map((game) => {
      const def = services.games.defOf(game);
      const ai = game.seats.find((s) => s.kind === 'ai');
      const result = game.status === 'FINISHED' ? reasonIn(sp, def, game) || resultHeadline(def, game, undefined, sp) : '';
      return {
        game,
        title: gameTitle(sp, def),
        opponent: ai?.kind === 'ai' ? sp.t('web:local.againstAi', { level: sp.t(`web:ai.${ai.level}`) }) : sp.t('web:local.solo'),
        status: result ? sp.t('web:local.over', { result }) : sp.t('web:local.moveCount', { move: game.moveCount }),
      };
    });
    return html(reply, status, localHome({ sp, games, defs: allGames(), formKey, notice: notice?.(sp), here: hereOf(request, '/') }));
  }

  /** The local game `id`, or null when there is none (or it is not a local game). */
  async function localGame(id: string): Promise<GameSnapshot | null> {
    const { services } = web();
    const n = /^[0-9]{1,12}$/.test(id) ? Number(id) : NaN;
    const game = Number.isSafeInteger(n) ? await services.games.load(n) : null;
    return game?.front === 'local' ? game : null;
  }

  /** The play page; after a refused post (`notice`), the game as it stands, at its first step. */
  async function play(request: PlayRequest, reply: FastifyReply, game: GameSnapshot, status = 200, notice?: (sp: Speaker) => string) {
    const { services, names } = web();
    const def = services.games.defOf(game);
    const query = notice ? {} : request.query;
    const sp = pageSpeaker(request, reply);
    const m = await gameModel(services, names, game, positionIn(game, query), sp, 0);
    const chosen = query.path ? query.path.split(':').filter(Boolean).slice(0, 8) : [];
    const mine = game.status === 'ACTIVE' && def.toAct(game.state).includes(0) && game.seats[0]?.kind === 'human';
    const level = mine ? saidLevel(sp, def, game.state, 0, chosen) : null;
    const offers = await services.takebacks.boardOffers(def, game);
    const steps = level?.options.length ? chosen : [];
    // A whole move in the address (the board's link to a move, followed without script): asked once more, then posted.
    const confirm = mine && level && !level.options.length && chosen.length && findMoveByPath(def, game.state, 0, chosen) !== null
      ? { path: chosen.join(':'), text: saidLevel(sp, def, game.state, 0, chosen.slice(0, -1)).options.find((o) => o.key === chosen.at(-1))?.text ?? chosen.join(' ') }
      : null;
    const touch = level && m.index === m.last ? touchBoard(def, game.state, 0, steps, level, m.picture) : null;
    const links = { ...watchLinks(game, sp.locale, `/play/${game.id}`), events: `/play/${game.id}/events`, board: (index: number, version: number) => `/play/${game.id}/board.png?move=${index}&v=${version}&lang=${sp.locale}` };
    return html(reply, status, playPage(m, links, {
      level,
      chosen: steps,
      touch,
      confirm,
      formKey,
      undo: offers.undo,
      confirmResign: query.resign === 'confirm',
      aiThinking: game.status === 'ACTIVE' && !mine && game.seats.some((s) => s.kind === 'ai'),
      notice: notice?.(sp),
      watch: `/g/${game.watchToken}`,
      here: hereOf(request, `/play/${game.id}`),
    }));
  }

  /** After a refused post: the game as it stands, with why (a stale page, a choice gone, …). */
  async function refused(request: PlayRequest, reply: FastifyReply, id: string, message: (sp: Speaker) => string, status = 409) {
    const game = await localGame(id);
    if (!game) return notFound(request, reply, 'local');
    return play(request, reply, game, status, message);
  }
  /** A refusal of the web's own (web:refusal.<key>). */
  const own = (key: string) => (sp: Speaker) => sp.t(`web:refusal.${key}`);

  app.get('/', { schema: { querystring: PAGE_QUERY } }, async (request, reply) => home(request, reply));

  app.post<{ Body: Form }>('/local/new', { schema: { querystring: PAGE_QUERY, body: FORM } }, async (request, reply) => {
    const { services, master } = web();
    const form = request.body ?? {};
    if (!keyOk(form)) return home(request, reply, 403, own('otherPageStart'));
    const def = gameById(String(form.game ?? ''));
    if (!def) return home(request, reply, 422, own('noSuchGame'));
    const level = AI_LEVELS.find((l) => l === form.ai) ?? 'easy';
    const seats: SeatAssignment[] = def.seats.max === 1 ? [{ kind: 'human', userId: LOCAL_PLAYER }] : [{ kind: 'human', userId: LOCAL_PLAYER }, { kind: 'ai', level }];
    const rawOptions: Record<string, unknown> = {};
    for (const spec of def.optionSpecs ?? []) {
      const value = form[`opt.${spec.name}`]?.trim();
      if (value) rawOptions[spec.name] = value.slice(0, 100);
    }
    const started = await master.startGame({ gameType: def.id, guildId: null, channelId: 'local', seats, rawOptions: def.settleOptions?.(rawOptions, services.newSeed()) ?? rawOptions, clockSeconds: null, starterId: LOCAL_PLAYER, front: 'local', origin: { front: WEB } });
    if (!started.ok) return home(request, reply, 422, (sp) => sp.t('web:refusal.notStarted', { game: gameTitle(sp, def), reason: refusalText(sp, def, started.error).replace(/[.!]$/, '') }));
    return reply.code(303).header('location', `/play/${started.value.game.id}`).send();
  });

  app.get('/play/:id', PAGE_ROUTE, async (request: PlayRequest, reply) => {
    const game = await localGame(request.params.id);
    if (!game) return notFound(request, reply, 'local');
    return play(request, reply, game);
  });

  // Not rate-limited as a watch page's stream is: local play is on loopback, its one player
  // reloads the page at every move, and the page opens a stream each time.
  app.get('/play/:id/events', PAGE_ROUTE, async (request: PlayRequest, reply) => {
    const game = await localGame(request.params.id);
    if (!game) return notFound(request, reply);
    return streams.stream(request, reply, game);
  });

  app.get('/play/:id/board.png', PAGE_ROUTE, async (request: PlayRequest, reply) => {
    const game = await localGame(request.params.id);
    if (!game) return notFound(request, reply);
    // The language is the address's (`lang=`), never a cookie's: the image is kept by its address.
    const png = await images.png(await gameModel(web().services, web().names, game, positionIn(game, request.query), speaker(readerLocale(request)), 0), 'seat0');
    if (!png) return notFound(request, reply, 'noBoard');
    return reply.header('cache-control', 'private, max-age=86400, immutable').type('image/png').send(png);
  });

  /** The checks every post makes first: the form key, a local game, a version. */
  async function posted(request: PlayRequest, reply: FastifyReply): Promise<{ game: GameSnapshot; version: number } | null> {
    if (!keyOk(request.body)) {
      await refused(request, reply, request.params.id, own('otherPage'), 403);
      return null;
    }
    const game = await localGame(request.params.id);
    if (!game) {
      await notFound(request, reply, 'local');
      return null;
    }
    const version = Number(request.body?.version);
    if (!Number.isSafeInteger(version)) {
      await refused(request, reply, request.params.id, own('noVersion'), 422);
      return null;
    }
    return { game, version };
  }

  app.post('/play/:id/move', POST_ROUTE, async (request: PlayRequest, reply) => {
    const ok = await posted(request, reply);
    if (!ok) return reply;
    const path = String(request.body?.path ?? '').split(':').filter(Boolean).slice(0, 8);
    const played = await web().master.playMove({
      gameId: ok.game.id,
      actor: { kind: 'user', userId: LOCAL_PLAYER },
      input: { path },
      expectedVersion: ok.version,
      loaded: ok.game,
      source: 'web',
      origin: { front: WEB },
    });
    if (!played.ok) {
      const error = played.error;
      return refused(request, reply, request.params.id, error.code === 'stale' || error.code === 'conflict' ? own('staleMove') : (sp) => refusalText(sp, web().services.games.defOf(ok.game), error));
    }
    return reply.code(303).header('location', `/play/${ok.game.id}`).send();
  });

  app.post('/play/:id/undo', POST_ROUTE, async (request: PlayRequest, reply) => {
    const ok = await posted(request, reply);
    if (!ok) return reply;
    const done = await web().master.undo(ok.game.id, LOCAL_PLAYER, ok.version, { front: WEB });
    if (!done.ok) {
      const error = done.error;
      return refused(request, reply, request.params.id, error.code === 'stale' ? own('staleUndo') : (sp) => refusalText(sp, web().services.games.defOf(ok.game), error));
    }
    return reply.code(303).header('location', `/play/${ok.game.id}`).send();
  });

  app.post('/play/:id/resign', POST_ROUTE, async (request: PlayRequest, reply) => {
    const ok = await posted(request, reply);
    if (!ok) return reply;
    if (ok.game.version !== ok.version) return refused(request, reply, request.params.id, own('staleResign'));
    const done = await web().master.resign(ok.game.id, LOCAL_PLAYER, { front: WEB });
    if (!done.ok) {
      const error = done.error;
      return refused(request, reply, request.params.id, (sp) => refusalText(sp, web().services.games.defOf(ok.game), error));
    }
    return reply.code(303).header('location', `/play/${ok.game.id}`).send();
  });
}
