// Local play, with no Discord: / (the games played here, a new game of any of the five) and
// /play/<id> (a game: its board, its log, the player's choices). Every change goes through the
// game master, as a press on Discord does: an old version, a choice no longer there, a second
// post of the same move, a game that is not local, each gets a clear answer and changes nothing.
// Pages are only served on loopback (app.ts); a post must carry the form key this process gave
// its own pages, so that a page elsewhere cannot play here through the player's browser.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { allGames, gameById } from '../games/index.js';
import { choiceLevel } from '../services/moveChoices.js';
import { LOCAL_PLAYER, type GameSnapshot, type SeatAssignment } from '../services/types.js';
import { notFound, readerLocale, type WebDeps } from './common.js';
import { gameModel } from './gameModel.js';
import type { Images } from './images.js';
import { localHome, playPage, type LocalGameRow } from './pages/local.js';
import { WEB } from './publisher.js';
import type { EventStreams } from './events.js';
import { wantedMove, watchLinks } from './watch.js';

type Form = Record<string, string | undefined>;
type PlayRequest = FastifyRequest<{ Params: { id: string }; Querystring: { path?: string; resign?: string; move?: string }; Body: Form }>;

const AI_LEVELS = ['easy', 'normal', 'hard'] as const;

export function registerLocalRoutes(app: FastifyInstance, web: () => WebDeps, images: Images, streams: EventStreams): void {
  const formKey = randomBytes(16).toString('base64url');
  const keyOk = (form: Form | undefined) => {
    const given = Buffer.from(String(form?.key ?? ''));
    const own = Buffer.from(formKey);
    return given.length === own.length && timingSafeEqual(given, own);
  };
  const html = (reply: FastifyReply, status: number, body: string) => reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);

  async function home(request: FastifyRequest, reply: FastifyReply, status = 200, notice?: string) {
    const { services } = web();
    const games: LocalGameRow[] = (await services.games.localGames()).map((game) => {
      const def = services.games.defOf(game);
      const ai = game.seats.find((s) => s.kind === 'ai');
      return {
        game,
        title: def.title,
        opponent: ai?.kind === 'ai' ? `vs AI (${ai.level})` : 'solo',
        status: game.status === 'FINISHED' ? `over: ${game.outcome?.reason ?? 'finished'}` : `move ${game.moveCount}`,
      };
    });
    return html(reply, status, localHome({ games, defs: allGames(), formKey, notice, lang: readerLocale(request) }));
  }

  /** The local game `id`, or null when there is none (or it is not a local game). */
  async function localGame(id: string): Promise<GameSnapshot | null> {
    const { services } = web();
    const n = Number(id);
    const game = Number.isSafeInteger(n) ? await services.games.load(n) : null;
    return game?.front === 'local' ? game : null;
  }

  /** The play page; after a refused post (`notice`), the game as it stands, at its first step. */
  async function play(request: PlayRequest, reply: FastifyReply, game: GameSnapshot, status = 200, notice?: string) {
    const { services, names } = web();
    const def = services.games.defOf(game);
    const query = notice ? {} : request.query;
    const m = await gameModel(services, names, game, wantedMove(query), readerLocale(request), 0);
    const chosen = query.path ? query.path.split(':').filter(Boolean).slice(0, 8) : [];
    const mine = game.status === 'ACTIVE' && def.toAct(game.state).includes(0) && game.seats[0]?.kind === 'human';
    const level = mine ? choiceLevel(def, game.state, 0, chosen) : null;
    const offers = await services.takebacks.boardOffers(def, game);
    const links = { ...watchLinks(game, `/play/${game.id}`), events: `/play/${game.id}/events`, board: (index: number, version: number) => `/play/${game.id}/board.png?move=${index}&v=${version}` };
    return html(reply, status, playPage(m, links, {
      level,
      chosen: level?.options.length ? chosen : [],
      formKey,
      undo: offers.undo,
      confirmResign: query.resign === 'confirm',
      aiThinking: game.status === 'ACTIVE' && !mine && game.seats.some((s) => s.kind === 'ai'),
      notice,
      lang: readerLocale(request),
      watch: `/g/${game.watchToken}`,
    }));
  }

  /** After a refused post: the game as it stands, with why (a stale page, a choice gone, …). */
  async function refused(request: PlayRequest, reply: FastifyReply, id: string, message: string, status = 409) {
    const game = await localGame(id);
    if (!game) return notFound(reply, 'There is no local game with that number.');
    return play(request, reply, game, status, message);
  }

  app.get('/', async (request, reply) => home(request, reply));

  app.post<{ Body: Form }>('/local/new', async (request, reply) => {
    const { services, master } = web();
    const form = request.body ?? {};
    if (!keyOk(form)) return home(request, reply, 403, 'That form came from another page: start the game from this one.');
    const def = gameById(String(form.game ?? ''));
    if (!def) return home(request, reply, 422, 'There is no such game.');
    const level = AI_LEVELS.find((l) => l === form.ai) ?? 'easy';
    const seats: SeatAssignment[] = def.seats.max === 1 ? [{ kind: 'human', userId: LOCAL_PLAYER }] : [{ kind: 'human', userId: LOCAL_PLAYER }, { kind: 'ai', level }];
    const rawOptions: Record<string, unknown> = {};
    for (const spec of def.optionSpecs ?? []) {
      const value = form[`opt.${spec.name}`]?.trim();
      if (value) rawOptions[spec.name] = value.slice(0, 100);
    }
    const started = await master.startGame({ gameType: def.id, guildId: null, channelId: 'local', seats, rawOptions: def.settleOptions?.(rawOptions, services.newSeed()) ?? rawOptions, clockSeconds: null, starterId: LOCAL_PLAYER, front: 'local', origin: { front: WEB } });
    if (!started.ok) return home(request, reply, 422, `${def.title}: ${started.error.message} Nothing was started.`);
    return reply.code(303).header('location', `/play/${started.value.game.id}`).send();
  });

  app.get('/play/:id', async (request: PlayRequest, reply) => {
    const game = await localGame(request.params.id);
    if (!game) return notFound(reply, 'There is no local game with that number.');
    return play(request, reply, game);
  });

  // Not rate-limited as a watch page's stream is: local play is on loopback, its one player
  // reloads the page at every move, and the page opens a stream each time.
  app.get('/play/:id/events', async (request: PlayRequest, reply) => {
    const game = await localGame(request.params.id);
    if (!game) return notFound(reply);
    streams.stream(request, reply, game);
  });

  app.get('/play/:id/board.png', async (request: PlayRequest, reply) => {
    const game = await localGame(request.params.id);
    if (!game) return notFound(reply);
    const png = await images.png(await gameModel(web().services, web().names, game, wantedMove(request.query), readerLocale(request), 0), 'seat0');
    if (!png) return notFound(reply, 'This game has no board image.');
    return reply.header('cache-control', 'private, max-age=86400, immutable').type('image/png').send(png);
  });

  /** The checks every post makes first: the form key, a local game, a version. */
  async function posted(request: PlayRequest, reply: FastifyReply): Promise<{ game: GameSnapshot; version: number } | null> {
    if (!keyOk(request.body)) {
      await refused(request, reply, request.params.id, 'That form came from another page: nothing was changed. Use this page.', 403);
      return null;
    }
    const game = await localGame(request.params.id);
    if (!game) {
      await notFound(reply, 'There is no local game with that number.');
      return null;
    }
    const version = Number(request.body?.version);
    if (!Number.isSafeInteger(version)) {
      await refused(request, reply, request.params.id, 'That form is missing its version: nothing was changed.', 422);
      return null;
    }
    return { game, version };
  }

  app.post('/play/:id/move', async (request: PlayRequest, reply) => {
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
    if (!played.ok) return refused(request, reply, request.params.id, played.error.code === 'stale' || played.error.code === 'conflict' ? 'This board is out of date: the game has moved on since (was the move sent twice?). Nothing was changed; here is the game as it stands.' : played.error.message);
    return reply.code(303).header('location', `/play/${ok.game.id}`).send();
  });

  app.post('/play/:id/undo', async (request: PlayRequest, reply) => {
    const ok = await posted(request, reply);
    if (!ok) return reply;
    const done = await web().master.undo(ok.game.id, LOCAL_PLAYER, ok.version, { front: WEB });
    if (!done.ok) return refused(request, reply, request.params.id, done.error.code === 'stale' ? 'This board is out of date: the game has moved on since. Nothing was undone.' : done.error.message);
    return reply.code(303).header('location', `/play/${ok.game.id}`).send();
  });

  app.post('/play/:id/resign', async (request: PlayRequest, reply) => {
    const ok = await posted(request, reply);
    if (!ok) return reply;
    if (ok.game.version !== ok.version) return refused(request, reply, request.params.id, 'This board is out of date: the game has moved on since. Nothing was changed.');
    const done = await web().master.resign(ok.game.id, LOCAL_PLAYER, { front: WEB });
    if (!done.ok) return refused(request, reply, request.params.id, done.error.message);
    return reply.code(303).header('location', `/play/${ok.game.id}`).send();
  });
}
