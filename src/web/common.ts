// What the web front's routes share: what they are given, the reader's language, and the pages
// for what is not there or went wrong.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isLocale, localeOf, speaker, type Locale, type Speaker } from '../i18n/index.js';
import type { Logger } from '../config/logger.js';
import type { RenderPool } from '../render/pool.js';
import type { Services } from '../services/index.js';
import type { GameMaster } from '../master/index.js';
import type { NameSource } from './gameModel.js';
import { html, page, type Here } from './html.js';
import type { WebPublisher } from './publisher.js';
import type { TournamentSite } from './tournamentNews.js';

export type WebDeps = {
  services: Services;
  master: GameMaster;
  render: RenderPool;
  publisher: WebPublisher;
  names: NameSource;
  log: Logger;
  /** Local play is served (no Discord): the home page and the play pages. */
  local: boolean;
  /** The tournaments' pages (/t/<token>): absent where the app has no tournaments to show. */
  tournaments?: TournamentSite;
};

/** The cookie that keeps the language a reader picked. */
const LANG_COOKIE = 'lang';
const YEAR_SECONDS = 365 * 24 * 3600;

/** The languages we speak, by the first part of a language tag ("de" of "de-AT"). */
const SPOKEN = new Set(['en', 'de', 'es', 'fr', 'pt']);

/** The first language of an Accept-Language header that we speak, by its weights; else English. */
export function acceptedLocale(header: string | undefined): Locale {
  const wanted = String(header ?? '')
    .split(',')
    .map((part, order) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = Number(params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean) ?? 1);
      return { tag: tag.trim(), q: Number.isFinite(q) ? q : 0, order };
    })
    .filter((w) => w.tag && w.q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order);
  const spoken = wanted.find((w) => SPOKEN.has(w.tag.split('-')[0]!.toLowerCase()));
  return localeOf(spoken?.tag);
}

function cookieLocale(request: FastifyRequest): Locale | null {
  for (const part of String(request.headers.cookie ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name !== LANG_COOKIE) continue;
    const locale = decoded(value ?? '');
    if (isLocale(locale)) return locale;
  }
  return null;
}

/** A percent-encoded text, or null when it is not one ("%E0%A4%A" would throw). */
function decoded(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/** The language asked for in `?lang=`, when it is one of ours. */
export function queryLocale(request: FastifyRequest): Locale | null {
  const lang = (request.query as { lang?: unknown } | undefined)?.lang;
  return isLocale(lang) ? lang : null;
}

/** The reader's language: the one picked on the page (`?lang=`, then the cookie), else their browser's. */
export function readerLocale(request: FastifyRequest): Locale {
  return queryLocale(request) ?? cookieLocale(request) ?? acceptedLocale(request.headers['accept-language']);
}

/**
 * The reader's language for a page, kept in a cookie when they picked it with `?lang=`, so that
 * every page after it (and its board images and live updates) speaks it too.
 */
export function pageSpeaker(request: FastifyRequest, reply: FastifyReply): Speaker {
  const picked = queryLocale(request);
  if (picked) void reply.header('set-cookie', `${LANG_COOKIE}=${picked}; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Lax`);
  void reply.header('vary', 'Accept-Language, Cookie');
  return speaker(readerLocale(request));
}

/**
 * Where a page is, for its language picker: its path and the query it keeps (not `lang`). The
 * path is made a path of this site whatever was asked: `//evil.example/x` (or `/\evil.example`,
 * which browsers read alike) would otherwise be a link to another site.
 */
export function hereOf(request: FastifyRequest, path = request.url.split('?')[0]!): Here {
  const query = new URLSearchParams(request.url.split('?')[1] ?? '');
  return { path: sitePath(path), query: [...query].filter(([name]) => name !== 'lang') };
}

/** A request's path as a link on this site: control characters out (browsers drop them), one leading slash. */
export function sitePath(path: string): string {
  return `/${path.replace(/[\u0000-\u001f\u007f]/g, '').replace(/^[/\\]+/, '')}`;
}

/** A page that says what is not here (web:notFound.<what>), in the reader's language. */
export function notFound(request: FastifyRequest, reply: FastifyReply, what = 'nothing'): FastifyReply {
  const sp = pageSpeaker(request, reply);
  return reply.code(404).header('cache-control', 'no-store').type('text/html; charset=utf-8')
    .send(page({ sp, title: sp.t('web:notFound.title'), here: hereOf(request), header: html`<h1>${sp.t('web:notFound.title')}</h1>`, body: html`<main class="message"><p>${sp.t(`web:notFound.${what}`)}</p></main>` }));
}

/**
 * A short refusal that says why (a request from another site, too many live pages…): a page to
 * a browser, plain text to anything else; never kept.
 */
export function refusal(request: FastifyRequest, reply: FastifyReply, status: number, text: (sp: Speaker) => string): FastifyReply {
  const sp = speaker(readerLocale(request));
  void reply.code(status).header('cache-control', 'no-store');
  if (!wantsHtml(request)) return reply.type('text/plain; charset=utf-8').send(`${text(sp)}\n`);
  const body = html`<main class="message"><p>${text(sp)}</p></main>`;
  return reply.type('text/html; charset=utf-8').send(page({ sp, title: sp.t('web:error.title'), here: hereOf(request), header: html`<h1>${sp.t('web:error.title')}</h1>`, body }));
}

/** The page for a request that failed (the cause is in the log, never on the page). */
export function errorPage(request: FastifyRequest, status: number): string {
  const sp = speaker(readerLocale(request));
  return page({ sp, title: sp.t('web:error.title'), here: hereOf(request), header: html`<h1>${sp.t('web:error.title')}</h1>`, body: html`<main class="message"><p>${sp.t(status >= 500 ? 'web:error.failed' : 'web:error.refused')}</p></main>` });
}

/** Whether a request is a browser's asking for a page (HTML before anything else). */
export function wantsHtml(request: FastifyRequest): boolean {
  const accept = String(request.headers.accept ?? '');
  return /text\/html/.test(accept) && !/^application\/json/.test(accept);
}
