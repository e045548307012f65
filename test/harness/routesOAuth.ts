// OAuth2 as Discord serves it to a web site (https://discord.com/developers/docs/topics/oauth2),
// authorization code grant only:
//
//   GET  /oauth2/authorize?response_type=code&client_id=..&scope=identify&redirect_uri=..&state=..
//        the page a browser is sent to. The browser's logged-in user (`fake.oauth.browserUser`)
//        approves at once: 302 to `redirect_uri?code=..&state=..`. An unknown client, a redirect
//        URI not registered (`fake.oauth.redirectUris`), a missing or unknown scope, a response
//        type other than `code`: 400, a page that says why, and no redirect (as Discord does).
//   POST /api/v10/oauth2/token   form-encoded client_id, client_secret (or HTTP Basic),
//        grant_type=authorization_code, code, redirect_uri. A code works once, within 10 minutes;
//        the redirect_uri must be the one the code was issued for when one was given at
//        authorize. Wrong client: 401 invalid_client; a bad code: 400 invalid_grant.
//   GET  /api/v10/users/@me with `Authorization: Bearer <access_token>`: the token's user.
//
// `fake.oauth.grant({ userId })` mints a code directly, as the Activity SDK's `authorize` command
// hands one to an embedded app (no redirect_uri is then needed at the token exchange).

import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { Harness } from './context.js';
import { ApiError, type RestServer, type RouteContext } from './rest.js';
import type { JsonObject } from './types.js';

/** The scopes Discord knows that a web login may ask for; anything else is refused at authorize. */
const KNOWN_SCOPES = new Set(['identify', 'email', 'guilds', 'guilds.members.read', 'connections', 'applications.commands', 'rpc.activities.write']);
const CODE_LIFETIME_MS = 10 * 60_000;
const TOKEN_LIFETIME_S = 604_800;

type IssuedCode = { userId: string; clientId: string; scopes: string[]; redirectUri: string | null; expiresAt: number; used: boolean };
type IssuedToken = { userId: string; scopes: string[]; expiresAt: number };

/** An OAuth2 error as Discord's token endpoint words it (not the API's `{ message, code }`). */
class OAuthError extends ApiError {
  constructor(status: number, readonly error: string, readonly description?: string) {
    super(status, 0, error);
  }

  override body(): JsonObject {
    return { error: this.error, ...(this.description ? { error_description: this.description } : {}) };
  }
}

export class FakeOAuth {
  /** The application's client secret (Developer Portal → OAuth2). */
  clientSecret = 'test-client-secret';
  /** The redirect URIs registered in the Developer Portal; authorize and token refuse any other. */
  redirectUris: string[] = [];
  /** Who is logged in to Discord in "the browser": authorize approves for them; null shows a login page (401). */
  browserUser: string | null = null;
  /** The browser's user presses "Cancel" instead: authorize redirects with error=access_denied. */
  denies = false;
  /** Every code issued, by code. */
  readonly codes = new Map<string, IssuedCode>();
  /** Every access token issued, by token. */
  readonly tokens = new Map<string, IssuedToken>();

  constructor(private readonly h: Harness) {}

  /** The client id is the application's id, as on Discord. */
  get clientId(): string {
    return this.h.store.applicationId;
  }

  /** Mints a code for `userId`, as an approved authorize would (or the Activity SDK's `authorize` command). */
  grant(opts: { userId: string; clientId?: string; scopes?: string[]; redirectUri?: string | null }): string {
    if (!this.h.store.users.has(opts.userId)) throw new Error(`unknown user ${opts.userId}`);
    const code = randomBytes(15).toString('base64url');
    this.codes.set(code, {
      userId: opts.userId,
      clientId: opts.clientId ?? this.clientId,
      scopes: opts.scopes ?? ['identify'],
      redirectUri: opts.redirectUri ?? null,
      expiresAt: Date.now() + CODE_LIFETIME_MS,
      used: false,
    });
    return code;
  }

  /** GET /oauth2/authorize; returns false for any other path. */
  authorizePage(path: string, query: URLSearchParams, res: ServerResponse): boolean {
    if (path !== '/oauth2/authorize' && path !== '/api/oauth2/authorize') return false;
    const refuse = (status: number, why: string): true => {
      const body = `<!doctype html><title>Discord</title><p>${why.replace(/[<>&]/g, '')}</p>`;
      res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': Buffer.byteLength(body) });
      res.end(body);
      return true;
    };
    const once = (name: string): string | null => {
      const values = query.getAll(name);
      return values.length === 1 ? values[0]! : null;
    };
    const clientId = once('client_id');
    if (clientId !== this.clientId) return refuse(400, 'Unknown Application');
    if (once('response_type') !== 'code') return refuse(400, 'Invalid response_type (only "code" is served)');
    const scopes = (once('scope') ?? '').split(' ').filter(Boolean);
    if (!scopes.length) return refuse(400, 'Invalid scope: a scope is required');
    const unknown = scopes.find((s) => !KNOWN_SCOPES.has(s));
    if (unknown) return refuse(400, `Invalid scope: ${unknown}`);
    const asked = once('redirect_uri');
    if (asked === null && query.has('redirect_uri')) return refuse(400, 'Invalid OAuth2 redirect_uri');
    const redirectUri = asked ?? (this.redirectUris.length === 1 ? this.redirectUris[0]! : null);
    if (redirectUri === null || !this.redirectUris.includes(redirectUri)) return refuse(400, 'Invalid OAuth2 redirect_uri');
    if (this.browserUser === null) return refuse(401, 'Log in to Discord to continue');
    const back = new URL(redirectUri);
    const state = query.get('state');
    if (this.denies) {
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('error_description', 'The resource owner or authorization server denied the request');
    } else {
      back.searchParams.set('code', this.grant({ userId: this.browserUser, clientId, scopes, redirectUri: asked }));
    }
    if (state !== null) back.searchParams.set('state', state);
    res.writeHead(302, { Location: back.toString(), 'Content-Length': 0 });
    res.end();
    return true;
  }

  /** POST /oauth2/token (authorization_code only). */
  exchange(ctx: RouteContext): { status: number; body: JsonObject } {
    if (!ctx.form) {
      this.h.recordViolation({ kind: 'oauth-not-form', method: ctx.method, path: ctx.path, message: 'POST /oauth2/token takes an application/x-www-form-urlencoded body' });
      throw new OAuthError(400, 'unsupported_grant_type');
    }
    const form = ctx.form;
    let clientId = form.get('client_id');
    let secret = form.get('client_secret');
    const basic = /^Basic (.+)$/.exec(ctx.authorization ?? '');
    if (basic) {
      const [id, ...rest] = Buffer.from(basic[1]!, 'base64').toString('utf8').split(':');
      clientId = id ?? null;
      secret = rest.join(':');
    }
    if (clientId !== this.clientId || secret !== this.clientSecret) throw new OAuthError(401, 'invalid_client');
    if (form.get('grant_type') !== 'authorization_code') throw new OAuthError(400, 'unsupported_grant_type');
    const given = form.get('code');
    const issued = given ? this.codes.get(given) : undefined;
    if (!given || !issued || issued.used || issued.expiresAt < Date.now() || issued.clientId !== clientId) {
      throw new OAuthError(400, 'invalid_grant', 'Invalid "code" in request.');
    }
    const redirectUri = form.get('redirect_uri');
    if (issued.redirectUri !== null ? redirectUri !== issued.redirectUri : redirectUri !== null && !this.redirectUris.includes(redirectUri)) {
      throw new OAuthError(400, 'invalid_grant', 'Invalid "redirect_uri" in request.');
    }
    issued.used = true;
    const accessToken = randomBytes(20).toString('base64url');
    this.tokens.set(accessToken, { userId: issued.userId, scopes: issued.scopes, expiresAt: Date.now() + TOKEN_LIFETIME_S * 1000 });
    return {
      status: 200,
      body: { access_token: accessToken, token_type: 'Bearer', expires_in: TOKEN_LIFETIME_S, refresh_token: randomBytes(20).toString('base64url'), scope: issued.scopes.join(' ') },
    };
  }

  /** GET /users/@me with a Bearer token (scope identify). */
  me(ctx: RouteContext): { status: number; body: JsonObject } {
    const token = ctx.bearer ? this.tokens.get(ctx.bearer) : undefined;
    if (!token || token.expiresAt < Date.now()) throw new ApiError(401, 0, '401: Unauthorized');
    if (!token.scopes.includes('identify')) throw new ApiError(401, 0, '401: Unauthorized');
    const user = this.h.store.users.get(token.userId);
    if (!user) throw new ApiError(401, 0, '401: Unauthorized');
    return { status: 200, body: { ...this.h.store.apiUser(user), mfa_enabled: false, locale: user.locale, premium_type: 0, flags: 0 } };
  }
}

export function registerOAuthRoutes(rest: RestServer, oauth: FakeOAuth): void {
  rest.add('POST', '/oauth2/token', (ctx) => oauth.exchange(ctx), { auth: false });
  rest.add('GET', '/users/@me', (ctx) => oauth.me(ctx), { bearer: true });
}
