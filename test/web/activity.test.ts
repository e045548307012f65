// The Activity's side of the web front (README, "Activity"), over raw HTTP: Discord's client may
// frame /activity and nothing else (every other page keeps frame-ancestors 'none' and
// X-Frame-Options DENY); the proxy's name, <client id>.discordsays.com, is ours as a Host and as
// an Origin; the sign-in exchanges a code from Discord (the fake's OAuth2) for a session, and
// refuses a made-up code or another site's post; the game route asks for that session.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningApp } from '../../src/app.js';
import { createRenderPool } from '../../src/render/pool.js';
import { createSessions } from '../../src/web/auth/sessions.js';
import { FakeDiscord, type FakeUser } from '../harness/fakeDiscord.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';
import { serveSite, startQuietBot, type SiteUnderTest } from './siteHarness.js';

const PUBLIC_URL = 'https://siege.example';
const JSON_POST = { 'content-type': 'application/json', accept: 'application/json' };

describe('the Activity on the web front', () => {
  let database: TestDatabase;
  let app: RunningApp;
  let fake: FakeDiscord;
  let site: SiteUnderTest;
  let plain: SiteUnderTest;
  let alice: FakeUser;
  let proxyHost: string;
  const render = createRenderPool({ size: 1 });

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await startQuietBot(database, render, 'activity-web');
    fake = await FakeDiscord.start({ activity: true });
    alice = fake.addUser({ username: 'alice', globalName: 'Alice' });
    proxyHost = `${fake.applicationId}.discordsays.com`;
    const login = { client: { apiBase: fake.apiUrl, clientId: fake.applicationId, clientSecret: fake.oauth.clientSecret }, publicUrl: PUBLIC_URL, sessions: () => createSessions(() => database.db) };
    site = await serveSite(app, { local: false, publicUrl: PUBLIC_URL, login, activity: true });
    plain = await serveSite(app, { local: false, publicUrl: PUBLIC_URL, login });
  });
  afterAll(async () => {
    await site?.stop();
    await plain?.stop();
    await fake?.stop();
    await app?.stop();
    await render.close();
    await database?.drop();
  });

  /** A request as the Activity's frame sends it: through Discord's proxy, from its own origin. */
  const fromFrame = (headers: Record<string, string> = {}) => ({ host: 'siege.example', origin: `https://${proxyHost}`, 'sec-fetch-site': 'same-origin', ...headers });
  const signIn = (code: string, headers = fromFrame()) => site.send('/activity/token', { method: 'POST', headers: { ...JSON_POST, ...headers }, body: JSON.stringify({ code }) });

  it('given Discord\'s client, the Activity\'s page may be framed by Discord only, and every other page by nobody', async () => {
    const page = await site.send('/activity?frame_id=f1&instance_id=i1&platform=desktop&channel_id=1&guild_id=2', { headers: { host: proxyHost } });
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toMatch(/frame-ancestors https:\/\/discord\.com https:\/\/\*\.discord\.com https:\/\/discordapp\.com https:\/\/\*\.discordapp\.com https:\/\/\*\.discordsays\.com(;|$)/);
    expect(page.headers['content-security-policy']).toMatch(/connect-src 'self'/);
    expect(page.headers['content-security-policy']).toMatch(/img-src 'self' blob:;/);
    expect(page.headers['x-frame-options']).toBeUndefined();
    expect(page.body).toContain(`data-client-id="${fake.applicationId}"`);
    expect(page.body).toMatch(/<script src="\/static\/discord-sdk\.js" defer><\/script>\s*<script src="\/static\/activity\.js" defer>/);
    for (const path of ['/g/nothing', '/static/activity.js', '/activity/game?channel=1', '/login']) {
      const other = await site.send(path, { headers: { host: 'siege.example' } });
      expect(other.headers['content-security-policy'], path).toMatch(/frame-ancestors 'none'/);
      expect(other.headers['x-frame-options'], path).toBe('DENY');
      expect(other.headers['content-security-policy'], path).not.toMatch(/blob:/);
    }
  });

  it('given Discord opening the Activity at its root, the page follows with the same address', async () => {
    const opened = await site.send('/?frame_id=f1&instance_id=i1&platform=mobile&channel_id=9', { headers: { host: proxyHost } });
    expect(opened.status).toBe(302);
    expect(opened.headers.location).toBe('/activity?frame_id=f1&instance_id=i1&platform=mobile&channel_id=9');
    expect((await site.send('/', { headers: { host: 'siege.example' } })).status).toBe(404);
  });

  it('serves the SDK as one browser script', async () => {
    const sdk = await site.send('/static/discord-sdk.js', { headers: { host: proxyHost } });
    expect(sdk.status).toBe(200);
    expect(sdk.headers['content-type']).toMatch(/^text\/javascript/);
    expect(sdk.body).toContain('SiegeDiscord');
    expect(sdk.body).not.toMatch(/\bimport\s*\(|^import /m);
  });

  it('given a code from Discord, the sign-in makes a session and hands the access token back once; a used or made-up code is refused', async () => {
    const code = fake.oauth.grant({ userId: alice.id });
    const answer = await signIn(code);
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    const body = JSON.parse(answer.body) as { access_token: string; session: string };
    expect(fake.oauth.tokens.get(body.access_token)?.userId).toBe(alice.id);
    const session = await createSessions(() => database.db).find(body.session);
    expect(session).toMatchObject({ userId: alice.id, displayName: 'Alice' });
    const again = await signIn(code);
    expect(again.status).toBe(401);
    expect(JSON.parse(again.body).error).toMatch(/Discord did not confirm who you are/);
    expect((await signIn('made-up')).status).toBe(401);
  });

  it('given a post from another site, or a name that is not ours, nothing is signed in', async () => {
    const before = await database.db.webSession.count();
    const code = fake.oauth.grant({ userId: alice.id });
    expect((await signIn(code, fromFrame({ origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }))).status).toBe(403);
    expect((await signIn(code, fromFrame({ origin: 'https://1.discordsays.com' }))).status).toBe(403);
    expect((await signIn(code, fromFrame({ host: 'evil.example' }))).status).toBe(421);
    expect((await plain.send('/activity', { headers: { host: proxyHost } })).status).toBe(421);
    expect((await plain.send('/activity', { headers: { host: 'siege.example' } })).status).toBe(404);
    expect(await database.db.webSession.count()).toBe(before);
    // The code was not spent by the refused posts: the frame's own post still signs in.
    expect((await signIn(code)).status).toBe(200);
  });

  it('given no session, the game route answers 401; given one, a channel without a game answers 404 and says where to open the Activity', async () => {
    expect((await site.send('/activity/game?channel=123', { headers: fromFrame() })).status).toBe(401);
    const { session } = JSON.parse((await signIn(fake.oauth.grant({ userId: alice.id }))).body) as { session: string };
    const none = await site.send('/activity/game?channel=123&lang=de', { headers: fromFrame({ authorization: `Bearer ${session}`, accept: 'application/json' }) });
    expect(none.status).toBe(404);
    expect(JSON.parse(none.body).error).toMatch(/Thread einer Partie/);
    expect((await site.send('/activity/game?channel=abc', { headers: fromFrame({ authorization: `Bearer ${session}` }) })).status).toBe(400);
  });

  it('given a member reading their game too often, the next read is refused with when to come back, and another member is not', async () => {
    const read = (session: string) => site.send('/activity/game?channel=123', { headers: fromFrame({ authorization: `Bearer ${session}`, accept: 'application/json' }) });
    const { session } = JSON.parse((await signIn(fake.oauth.grant({ userId: alice.id }))).body) as { session: string };
    for (let k = 0; k < 240; k++) expect((await read(session)).status).toBe(404);
    const refused = await read(session);
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe('60');
    expect(JSON.parse(refused.body).error).toMatch(/Too many requests/);
    const bob = fake.addUser({ username: 'bob' });
    const other = JSON.parse((await signIn(fake.oauth.grant({ userId: bob.id }))).body) as { session: string };
    expect((await read(other.session)).status).toBe(404);
  });
});
