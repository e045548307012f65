// A tournament's web page (README: On the web): /t/<token> (the page), /t/<token>/live (its
// changing part, for the script), /t/<token>/events (server-sent events: a new version, its part
// along), /t/<token>/crosstable.png (the crosstable, once it is over). A token nobody was given
// and the tournaments of a server that turned its pages off (`/siege config web:off`) answer 404
// alike. Every route is limited per address and checks its input as the watch routes do; the
// streams are the watch pages' own, within the same bounds.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { speaker, type Locale, type Speaker } from '../i18n/index.js';
import { crosstableAltText, renderCrosstablePng, type Crosstable } from '../render/crosstable.js';
import { hasCrosstable, readCrosstable, type TournamentView } from '../tournaments/index.js';
import { hereOf, notFound, pageSpeaker, readerLocale, type WebDeps } from './common.js';
import type { EventStreams } from './events.js';
import { tournamentMain, tournamentPage, type TournamentLinks } from './pages/tournament.js';
import { readTournament, type TournamentData } from './tournamentModel.js';
import type { TournamentNews } from './tournamentNews.js';
import { TOKEN_ROUTE_SCHEMA } from './watch.js';

type TokenRequest = FastifyRequest<{ Params: { token: string }; Querystring: { lang?: string; v?: string } }>;

/** Values kept by key, at most `max`: the oldest goes first. */
function boundedCache<T>(max: number) {
  const kept = new Map<string, Promise<T>>();
  return (key: string, make: () => Promise<T>): Promise<T> => {
    let value = kept.get(key);
    if (!value) {
      value = make();
      kept.set(key, value);
      // A failure is not kept: the next reader tries again.
      value.catch(() => kept.delete(key));
      while (kept.size > max) kept.delete(kept.keys().next().value!);
    }
    return value;
  };
}

/** A part longer than this (a large field's many rounds) is fetched by each page instead. */
const MAX_LIVE_PART_CHARS = 200_000;

export function registerTournamentRoutes(app: FastifyInstance, web: () => WebDeps, streams: EventStreams): void {
  /** The tournament of a token, when its page may be served. */
  async function shown(token: string): Promise<TournamentView | null> {
    const site = web().tournaments;
    if (!site) return null;
    const t = await site.tournaments.byWebToken(token);
    return t && (await web().services.settings.guild(t.guildId)).webEnabled ? t : null;
  }

  const versionOf = (t: TournamentView) => web().tournaments!.news.version(t.id);
  const paths = (t: TournamentView) => `/t/${t.webToken}`;

  // The page as it stands is read for each reader who asks (another process may have changed it);
  // what the streams push is read once per version and made once per language.
  const data = (t: TournamentView, version: number) => readTournament(web().services, web().tournaments!, t, version);
  const pushed = boundedCache<TournamentData>(64);
  const parts = boundedCache<string | null>(128);
  const crosstables = boundedCache<{ model: Crosstable; png: Buffer | null }>(32);

  /** The crosstable of a finished tournament in a language: drawn once (it changes no more). */
  function crosstable(t: TournamentView, locale: Locale, draw: boolean) {
    const key = `${t.id}:${locale}:${draw ? 'png' : 'model'}`;
    return crosstables(key, async () => {
      const site = web().tournaments!;
      const model = await readCrosstable(site.tournaments, t, async (id) => (await site.memberName(t.guildId, id).catch(() => null)) ?? speaker(locale).t('web:tournament.unknownPlayer', { tail: id.slice(-4) }));
      return { model, png: draw ? await renderCrosstablePng(model, locale) : null };
    });
  }

  async function links(t: TournamentView, sp: Speaker): Promise<TournamentLinks> {
    const base = paths(t);
    const over = t.status === 'FINISHED' && hasCrosstable(t);
    return {
      live: `${base}/live?lang=${sp.locale}`,
      events: `${base}/events`,
      crosstable: over ? `${base}/crosstable.png?lang=${sp.locale}` : null,
      crosstableAlt: over ? crosstableAltText((await crosstable(t, sp.locale, false)).model, sp.locale) : '',
    };
  }

  const limited = (max: number) => ({ schema: TOKEN_ROUTE_SCHEMA, config: { rateLimit: { max, timeWindow: '1 minute' } } });
  const page = (reply: FastifyReply) => reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');

  app.get('/t/:token', limited(120), async (request: TokenRequest, reply) => {
    const t = await shown(request.params.token);
    if (!t) return notFound(request, reply, 'tournament');
    const sp = pageSpeaker(request, reply);
    const d = await data(t, versionOf(t));
    return page(reply).send(tournamentPage(sp, d, await links(t, sp), hereOf(request)));
  });

  app.get('/t/:token/live', limited(240), async (request: TokenRequest, reply) => {
    const t = await shown(request.params.token);
    if (!t) return notFound(request, reply, 'tournament');
    const sp = pageSpeaker(request, reply);
    return page(reply).send(tournamentMain(sp, await data(t, versionOf(t)), await links(t, sp)).value);
  });

  app.get('/t/:token/crosstable.png', limited(60), async (request: TokenRequest, reply) => {
    const t = await shown(request.params.token);
    if (!t || t.status !== 'FINISHED' || !hasCrosstable(t)) return notFound(request, reply, 'tournament');
    // The language is the address's (`lang=`), never a cookie's: the image is kept by its address.
    const { png } = await crosstable(t, readerLocale(request), true);
    return reply.header('cache-control', 'public, max-age=3600').type('image/png').send(png);
  });

  /** A version's changing part in one language, made once for every reader of it. */
  function livePart(t: TournamentView, news: TournamentNews, locale: Locale): Promise<string | null> {
    return parts(`${t.id}:${news.version}:${locale}`, async () => {
      const fresh = await web().tournaments!.tournaments.byWebToken(t.webToken);
      if (!fresh || !(await web().services.settings.guild(fresh.guildId)).webEnabled) return null;
      const d = await pushed(`${t.id}:${news.version}`, () => data(fresh, news.version));
      const sp = speaker(locale);
      const part = tournamentMain(sp, d, await links(fresh, sp)).value;
      return part.length <= MAX_LIVE_PART_CHARS ? part : null;
    });
  }

  // Opens per minute; how many may stay open is the streams' own limit (events.ts).
  app.get('/t/:token/events', limited(60), async (request: TokenRequest, reply) => {
    const t = await shown(request.params.token);
    if (!t) return notFound(request, reply, 'tournament');
    const locale = readerLocale(request);
    const subject = { id: t.id, version: versionOf(t), status: t.status, guildId: t.guildId };
    return streams.follow(request, reply, subject, web().tournaments!.news, async (news) => {
      const live = await livePart(t, news, locale);
      return live ? { live } : null;
    });
  });
}
