// Discord's side of a web login (README, "Playing your Discord games in the browser"): the
// authorization code grant with the `identify` scope. The code the browser brings back is
// exchanged at Discord's token endpoint, server to server, and the access token read once for
// who the member is; it never reaches the browser and is not kept. The API base is the bot's own
// (DISCORD_API_URL, else Discord), so the whole login can be pointed at a test double.
import { err, ok, type Result } from '../../engine/result.js';

export type OAuthClient = { apiBase: string; clientId: string; clientSecret: string };

/** Discord's API base when DISCORD_API_URL is not set (the bot's REST client uses the same). */
export const DISCORD_API_BASE = 'https://discord.com/api';
/** How long to wait for Discord during a login. */
const TIMEOUT_MS = 10_000;

/** The page a browser is sent to for the member's consent: Discord's site, not its API. */
export function authorizeUrl(apiBase: string, query: { clientId: string; redirectUri: string; state: string }): string {
  const url = new URL('/oauth2/authorize', apiBase);
  url.search = new URLSearchParams({ response_type: 'code', client_id: query.clientId, scope: 'identify', redirect_uri: query.redirectUri, state: query.state }).toString();
  return url.toString();
}

const api = (apiBase: string, path: string) => `${apiBase.replace(/\/+$/, '')}/v10${path}`;

/** A call to Discord; a network failure or a timeout is a refusal, never a throw. */
async function call(url: string, init: RequestInit): Promise<Result<{ status: number; body: unknown }>> {
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS), redirect: 'error' });
    const text = await res.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    return ok({ status: res.status, body });
  } catch (e) {
    return err('unreachable', `${url}:${String(e instanceof Error ? e.message : e)}`);
  }
}

/** Exchanges an authorization code for an access token. `redirectUri` is the one authorize was given (none for a code an Activity got). */
export async function exchangeCode(client: OAuthClient, grant: { code: string; redirectUri?: string }): Promise<Result<{ accessToken: string }>> {
  const form = new URLSearchParams({ client_id: client.clientId, client_secret: client.clientSecret, grant_type: 'authorization_code', code: grant.code });
  if (grant.redirectUri !== undefined) form.set('redirect_uri', grant.redirectUri);
  const answer = await call(api(client.apiBase, '/oauth2/token'), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: form.toString(),
  });
  if (!answer.ok) return answer;
  const body = answer.value.body as { access_token?: unknown; token_type?: unknown; error?: unknown } | null;
  // 401: Discord refused the application's credentials (DISCORD_CLIENT_ID / DISCORD_CLIENT_SECRET).
  if (answer.value.status === 401) return err('client', 'oauth2/token:401:invalid_client');
  if (answer.value.status !== 200 || typeof body?.access_token !== 'string' || !body.access_token) {
    return err('grant', `oauth2/token:${answer.value.status}:${typeof body?.error === 'string' ? body.error : ''}`);
  }
  return ok({ accessToken: body.access_token });
}

/** Who the access token's member is: their id, username and the name Discord shows for them. */
export async function fetchIdentity(apiBase: string, accessToken: string): Promise<Result<{ id: string; username: string; displayName: string }>> {
  const answer = await call(api(apiBase, '/users/@me'), { headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' } });
  if (!answer.ok) return answer;
  const body = answer.value.body as { id?: unknown; username?: unknown; global_name?: unknown } | null;
  if (answer.value.status !== 200 || typeof body?.id !== 'string' || !/^\d{1,25}$/.test(body.id) || typeof body.username !== 'string') {
    return err('identity', `users/@me:${answer.value.status}`);
  }
  const displayName = typeof body.global_name === 'string' && body.global_name.trim() ? body.global_name : body.username;
  return ok({ id: body.id, username: body.username, displayName });
}
