// The fake Discord's OAuth2 (routesOAuth.ts): given a browser logged in to Discord, then the
// authorization code grant works as Discord's, and each broken rule is refused as Discord does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeDiscord, type FakeUser } from './fakeDiscord.js';

const REDIRECT = 'https://siege.example.org/login/callback';

describe('fake Discord OAuth2', () => {
  let fake: FakeDiscord;
  let alice: FakeUser;

  beforeAll(async () => {
    fake = await FakeDiscord.start();
    alice = fake.addUser({ username: 'alice', globalName: 'Alice' });
    fake.oauth.redirectUris = [REDIRECT];
    fake.oauth.browserUser = alice.id;
  });
  afterAll(() => fake.stop());

  const authorize = (params: Record<string, string>) =>
    fetch(`${fake.url}/oauth2/authorize?${new URLSearchParams(params)}`, { redirect: 'manual' });
  const good = () => ({ response_type: 'code', client_id: fake.oauth.clientId, scope: 'identify', redirect_uri: REDIRECT, state: 's-123' });
  const token = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(`${fake.apiUrl}/v10/oauth2/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body: new URLSearchParams(fields) });
  const exchangeFields = (code: string, extra: Record<string, string> = {}) => ({
    client_id: fake.oauth.clientId,
    client_secret: fake.oauth.clientSecret,
    grant_type: 'authorization_code',
    code,
    ...extra,
  });

  it('authorize redirects back with a code and the state; the code gives a token once; the token reads the user', async () => {
    const res = await authorize(good());
    expect(res.status).toBe(302);
    const back = new URL(res.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
    expect(back.searchParams.get('state')).toBe('s-123');
    const code = back.searchParams.get('code')!;
    expect(code).toBeTruthy();

    const exchanged = await token(exchangeFields(code, { redirect_uri: REDIRECT }));
    expect(exchanged.status).toBe(200);
    const body = (await exchanged.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ token_type: 'Bearer', scope: 'identify', expires_in: 604800 });
    expect(typeof body.access_token).toBe('string');
    expect(typeof body.refresh_token).toBe('string');

    const again = await token(exchangeFields(code, { redirect_uri: REDIRECT }));
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ error: 'invalid_grant' });

    const me = await fetch(`${fake.apiUrl}/v10/users/@me`, { headers: { authorization: `Bearer ${String(body.access_token)}` } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ id: alice.id, username: 'alice', global_name: 'Alice' });
    const forged = await fetch(`${fake.apiUrl}/v10/users/@me`, { headers: { authorization: 'Bearer not-a-token' } });
    expect(forged.status).toBe(401);
    expect(fake.violations).toEqual([]);
  });

  it('authorize refuses an unknown client, an unregistered redirect, a missing or unknown scope, another response type: no redirect', async () => {
    for (const wrong of [
      { client_id: '1234567890123' },
      { redirect_uri: 'https://evil.example/cb' },
      { scope: '' },
      { scope: 'identify bogus.scope' },
      { response_type: 'token' },
    ]) {
      const res = await authorize({ ...good(), ...wrong });
      expect(res.status, JSON.stringify(wrong)).toBe(400);
      expect(res.headers.get('location')).toBeNull();
    }
    fake.oauth.browserUser = null;
    expect((await authorize(good())).status).toBe(401);
    fake.oauth.browserUser = alice.id;
    fake.oauth.denies = true;
    const denied = new URL((await authorize(good())).headers.get('location')!);
    fake.oauth.denies = false;
    expect(denied.searchParams.get('error')).toBe('access_denied');
    expect(denied.searchParams.get('code')).toBeNull();
  });

  it('the token endpoint refuses a wrong secret (401 invalid_client), a bad code, a different redirect_uri, a JSON body', async () => {
    const code = fake.oauth.grant({ userId: alice.id, redirectUri: REDIRECT });
    const wrongSecret = await token({ ...exchangeFields(code, { redirect_uri: REDIRECT }), client_secret: 'nope' });
    expect(wrongSecret.status).toBe(401);
    expect(await wrongSecret.json()).toEqual({ error: 'invalid_client' });
    const badCode = await token(exchangeFields('made-up', { redirect_uri: REDIRECT }));
    expect(badCode.status).toBe(400);
    expect(await badCode.json()).toMatchObject({ error: 'invalid_grant' });
    const otherRedirect = await token(exchangeFields(code, { redirect_uri: 'https://siege.example.org/elsewhere' }));
    expect(otherRedirect.status).toBe(400);
    const noRedirect = await token(exchangeFields(code));
    expect(noRedirect.status).toBe(400);
    // Still unused after the refusals: the right request works.
    expect((await token(exchangeFields(code, { redirect_uri: REDIRECT }))).status).toBe(200);

    const json = await fetch(`${fake.apiUrl}/v10/oauth2/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(exchangeFields(fake.oauth.grant({ userId: alice.id }))) });
    expect(json.status).toBe(400);
    expect(fake.takeViolations().map((v) => v.kind)).toEqual(['oauth-not-form']);
  });

  it('a code minted by grant() needs no redirect_uri; HTTP Basic client credentials work', async () => {
    const code = fake.oauth.grant({ userId: alice.id });
    const basic = Buffer.from(`${fake.oauth.clientId}:${fake.oauth.clientSecret}`).toString('base64');
    const res = await token({ grant_type: 'authorization_code', code }, { authorization: `Basic ${basic}` });
    expect(res.status).toBe(200);
    expect(fake.violations).toEqual([]);
  });

  it('the bot token still reads the bot at /users/@me', async () => {
    const me = await fetch(`${fake.apiUrl}/v10/users/@me`, { headers: { authorization: `Bot ${fake.botToken}` } });
    expect(((await me.json()) as { id: string }).id).toBe(fake.botUser.id);
  });
});
