// Logging in with Discord on the web (README, "Playing your Discord games in the browser"):
//   GET  /login?next=/g/<token>  sends the browser to Discord's consent page with a random
//        `state`, which a short-lived cookie binds to this browser (HttpOnly, SameSite=Lax).
//   GET  /login/callback         checks the state against that cookie, exchanges the code with
//        Discord server to server, reads who the member is, makes a session (sessions.ts) and
//        goes back to `next`: a path of this site only, never another site's address.
//   POST /logout                 ends the session; the form's CSRF token must be the session's.
// Discord's access token is used once, here, and neither kept nor sent to the browser. Every
// route is limited per address, and every refusal says why in the reader's language.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Speaker } from '../i18n/index.js';
import { exchangeCode, fetchIdentity, authorizeUrl } from './auth/discordOAuth.js';
import { csrfOk } from './auth/sessions.js';
import { SESSION_COOKIE, STATE_COOKIE, STATE_SECONDS, cookie, cookieOf, endedSessionCookie, sessionCookie, visitorOf, type WebLogin } from './auth/visitor.js';
import { refusal, type WebDeps } from './common.js';
import { html } from './html.js';

type LoginQuery = { next?: string; code?: string; state?: string; error?: string; lang?: string };
const QUERY = {
  type: 'object',
  properties: {
    next: { type: 'string', maxLength: 300 },
    code: { type: 'string', maxLength: 200 },
    state: { type: 'string', maxLength: 200 },
    error: { type: 'string', maxLength: 100 },
    error_description: { type: 'string', maxLength: 500 },
    lang: { type: 'string', maxLength: 40 },
  },
} as const;
const FORM = { type: 'object', additionalProperties: { type: 'string', maxLength: 2000 } } as const;

/**
 * `next` when it is a path of this site ("/g/abc?move=3"), else null: never "//evil.example",
 * "/\evil.example" (which browsers read alike), a scheme, or control characters.
 */
export function sitePathOrNull(next: unknown): string | null {
  if (typeof next !== 'string' || next.length > 300 || !/^\/(?![/\\])[\x21-\x7e]*$/.test(next)) return null;
  try {
    const base = 'http://site.invalid';
    const url = new URL(next, base);
    return url.origin === base ? `${url.pathname}${url.search}` : null;
  } catch {
    return null;
  }
}

/** The redirect URI registered with Discord: `<PUBLIC_URL>/login/callback`, else this request's own origin's. */
export function redirectUriOf(login: WebLogin, request: FastifyRequest): string {
  return `${login.publicUrl ?? `${request.protocol}://${request.host}`}/login/callback`;
}

export function registerLoginRoutes(app: FastifyInstance, web: () => WebDeps, login: WebLogin): void {
  const limited = (max: number) => ({ schema: { querystring: QUERY }, config: { rateLimit: { max, timeWindow: '1 minute' } } });
  const says = (key: string, values: Record<string, string> = {}) => (sp: Speaker) => sp.t(`web:login.refused.${key}`, values);
  const stateCookie = (value: string, maxAge: number) => cookie(login, STATE_COOKIE, value, { maxAge, path: '/login' });

  app.get<{ Querystring: LoginQuery }>('/login', limited(30), async (request, reply) => {
    const next = sitePathOrNull(request.query.next ?? '/');
    if (!next) return refusal(request, reply, 400, says('next'));
    const state = randomBytes(24).toString('base64url');
    const to = authorizeUrl(login.client.apiBase, { clientId: login.client.clientId, redirectUri: redirectUriOf(login, request), state });
    return reply.code(302).header('cache-control', 'no-store').header('set-cookie', stateCookie(`${state} ${next}`, STATE_SECONDS)).header('location', to).send();
  });

  app.get<{ Querystring: LoginQuery }>('/login/callback', limited(30), async (request, reply) => {
    const { log } = web();
    const kept = cookieOf(request, STATE_COOKIE) ?? '';
    const [state = '', next = '/'] = kept.split(' ');
    void reply.header('set-cookie', stateCookie('', 0));
    const given = Buffer.from(String(request.query.state ?? ''));
    const own = Buffer.from(state);
    if (!state || given.length !== own.length || !timingSafeEqual(given, own)) return refusal(request, reply, 403, says('state'));
    const back = sitePathOrNull(next) ?? '/';
    if (request.query.error) return refusal(request, reply, 403, says('cancelled'));
    if (!request.query.code) return refusal(request, reply, 400, says('failed'));
    const exchanged = await exchangeCode(login.client, { code: request.query.code, redirectUri: redirectUriOf(login, request) });
    const identity = exchanged.ok ? await fetchIdentity(login.client.apiBase, exchanged.value.accessToken) : exchanged;
    if (!identity.ok) {
      log.warn('a web login failed at Discord', { reason: identity.error.message });
      return refusal(request, reply, 502, says('failed'));
    }
    // A browser logging in again leaves its old session behind: it ends here, not 30 days on.
    await login.sessions().end(cookieOf(request, SESSION_COOKIE));
    const made = await login.sessions().create(identity.value.id, identity.value.displayName);
    log.info('a member logged in on the web', { userId: identity.value.id });
    return reply.code(303).header('cache-control', 'no-store').header('set-cookie', sessionCookie(login, made.id)).header('location', back).send();
  });

  app.post<{ Body: Record<string, string | undefined> }>('/logout', { schema: { querystring: QUERY, body: FORM }, config: { rateLimit: { max: 30, timeWindow: '1 minute' } } }, async (request, reply) => {
    const visitor = await visitorOf(login, request);
    const back = sitePathOrNull(request.body?.next) ?? '/';
    if (!visitor) return reply.code(303).header('set-cookie', endedSessionCookie(login)).header('location', back).send();
    if (visitor.via === 'cookie' && !csrfOk(visitor.session, request.body?.csrf)) return refusal(request, reply, 403, says('csrf'));
    await login.sessions().end(visitor.sessionId);
    return reply.code(303).header('cache-control', 'no-store').header('set-cookie', endedSessionCookie(login)).header('location', back).send();
  });
}

/** The login line of a page: "Log in with Discord to play", or who is logged in and a logout button. */
export function loginLine(sp: Speaker, visitor: { displayName: string; csrf: string } | null, next: string): ReturnType<typeof html> {
  if (!visitor) return html`<p class="login"><a class="login-link" href="/login?next=${encodeURIComponent(next)}">${sp.t('web:login.link')}</a></p>`;
  return html`<form class="login" method="post" action="/logout"><span class="who">${sp.t('web:login.as', { name: visitor.displayName })}</span> <input type="hidden" name="csrf" value="${visitor.csrf}"><input type="hidden" name="next" value="${next}"><button type="submit">${sp.t('web:login.logout')}</button></form>`;
}
