// Who is asking, on the web: a member logged in with Discord, by the session their browser holds
// in a cookie (HttpOnly, SameSite=Lax, Secure on an https site), or by `Authorization: Bearer
// <session id>` (the Activity, which has no cookie of ours: nothing ambient is sent, so its
// posts need no CSRF token). The session ids and CSRF tokens are made in sessions.ts.
import type { FastifyRequest } from 'fastify';
import type { OAuthClient } from './discordOAuth.js';
import { SESSION_DAYS, type Sessions, type WebSession } from './sessions.js';

/** What the web front needs to log members in: the OAuth2 client, the public address, the sessions. */
export type WebLogin = {
  client: OAuthClient;
  /** PUBLIC_URL: the redirect URI is `<PUBLIC_URL>/login/callback`, and cookies are Secure under https. */
  publicUrl: string | null;
  sessions: () => Sessions;
};

export type Visitor = { sessionId: string; session: WebSession; via: 'cookie' | 'bearer' };

export const SESSION_COOKIE = 'siege_session';
/** The login's `state`, bound to the browser that started it, with where to go back to. */
export const STATE_COOKIE = 'siege_login';
export const STATE_SECONDS = 600;

/** A cookie of the request, or null (a malformed value is none). */
export function cookieOf(request: FastifyRequest, name: string): string | null {
  for (const part of String(request.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at < 0 || part.slice(0, at).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(at + 1).trim());
    } catch {
      return null;
    }
  }
  return null;
}

/** Whether the site is served over https (PUBLIC_URL says so): its cookies are then Secure. */
export const secureSite = (login: WebLogin) => login.publicUrl?.startsWith('https://') === true;

/** A Set-Cookie value: HttpOnly and SameSite=Lax always, Secure on an https site. */
export function cookie(login: WebLogin, name: string, value: string, opts: { maxAge: number; path?: string }): string {
  return [`${name}=${encodeURIComponent(value)}`, `Path=${opts.path ?? '/'}`, `Max-Age=${opts.maxAge}`, 'HttpOnly', 'SameSite=Lax', ...(secureSite(login) ? ['Secure'] : [])].join('; ');
}

export const sessionCookie = (login: WebLogin, id: string) => cookie(login, SESSION_COOKIE, id, { maxAge: SESSION_DAYS * 86_400 });
export const endedSessionCookie = (login: WebLogin) => cookie(login, SESSION_COOKIE, '', { maxAge: 0 });

/** The Bearer token of the request, when it names one. */
export function bearerOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer ([A-Za-z0-9_-]{1,100})$/.exec(header) : null;
  return match ? match[1]! : null;
}

/** The logged-in member asking, or null. A Bearer header is the Activity's, and wins over any cookie. */
export async function visitorOf(login: WebLogin | null, request: FastifyRequest): Promise<Visitor | null> {
  if (!login) return null;
  const bearer = bearerOf(request);
  const via = bearer !== null || request.headers.authorization ? 'bearer' : 'cookie';
  const id = via === 'bearer' ? bearer : cookieOf(request, SESSION_COOKIE);
  if (!id) return null;
  const session = await login.sessions().find(id);
  return session ? { sessionId: id, session, via } : null;
}
