// Logging in with Discord on a watch page and playing a seat there (README, "Playing your Discord
// games in the browser"), against the fake Discord's OAuth2: given a game of alice and bob on a
// server, then the login checks its state and refuses open redirects, its cookies carry the right
// flags, sessions live in PostgreSQL (a restarted site knows them), logout ends them, and a move
// needs the session's CSRF token (or the Activity's Bearer header): without it, nothing changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningApp } from '../../src/app.js';
import { createRenderPool } from '../../src/render/pool.js';
import type { GameSnapshot } from '../../src/services/types.js';
import { createSessions } from '../../src/web/auth/sessions.js';
import type { WebLogin } from '../../src/web/auth/visitor.js';
import { FakeDiscord, type FakeUser } from '../harness/fakeDiscord.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';
import { serveSite, startQuietBot, type Answer, type SiteUnderTest } from './siteHarness.js';

const FORM = { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' };
const setCookies = (a: Answer) => [a.headers['set-cookie'] ?? []].flat();
const cookieValue = (a: Answer, name: string) => setCookies(a).find((c) => c.startsWith(`${name}=`))?.split(';')[0]!.slice(name.length + 1) ?? null;
const csrfIn = (page: string) => /name="csrf" value="([^"]+)"/.exec(page)?.[1] ?? null;

describe('web login with Discord', () => {
  let database: TestDatabase;
  let app: RunningApp;
  let fake: FakeDiscord;
  let site: SiteUnderTest;
  let alice: FakeUser;
  let bob: FakeUser;
  let carol: FakeUser;
  let game: GameSnapshot;
  const render = createRenderPool({ size: 1 });

  const loginOf = (publicUrl: string | null): WebLogin => {
    const sessions = createSessions(() => database.db);
    return { client: { apiBase: fake.apiUrl, clientId: fake.oauth.clientId, clientSecret: fake.oauth.clientSecret }, publicUrl, sessions: () => sessions };
  };
  const serve = async (publicUrl: string | null = null) => {
    const served = await serveSite(app, { local: false, login: loginOf(publicUrl), publicUrl });
    fake.oauth.redirectUris.push(`http://127.0.0.1:${served.port}/login/callback`);
    return served;
  };
  const page = () => `/g/${game.watchToken}`;
  const version = async () => (await app.web.services.games.load(game.id))!.version;

  /** Logs `user` in as their browser would: /login, Discord's page, the callback. Returns every answer and the session cookie. */
  async function logIn(user: FakeUser, on = site, next = page()) {
    const start = await on.send(`/login?next=${encodeURIComponent(next)}`);
    expect(start.status).toBe(302);
    const state = cookieValue(start, 'siege_login');
    fake.oauth.browserUser = user.id;
    const discord = await fetch(start.headers.location!, { redirect: 'manual' });
    expect(discord.status).toBe(302);
    const back = new URL(discord.headers.get('location')!);
    const callback = await on.send(`${back.pathname}${back.search}`, { headers: { cookie: `siege_login=${state}` } });
    return { start, callback, session: cookieValue(callback, 'siege_session') };
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await startQuietBot(database, render, 'login');
    fake = await FakeDiscord.start();
    alice = fake.addUser({ username: 'alice', globalName: 'Alice' });
    bob = fake.addUser({ username: 'bob' });
    carol = fake.addUser({ username: 'carol', globalName: 'Carol <b>' });
    const started = await app.web.services.games.startGame({ gameType: 'siege-master', guildId: 'g1', channelId: 'c1', seats: [{ kind: 'human', userId: alice.id }, { kind: 'human', userId: bob.id }] });
    if (!started.ok) throw new Error('no game');
    game = started.value;
    site = await serve();
  });
  afterAll(async () => {
    await site?.stop();
    await app?.stop();
    await fake?.stop();
    await render.close();
    await database?.drop();
  });

  it('logs a player in: the state cookie and the session cookie are HttpOnly and SameSite=Lax, not Secure on http; the page is the seat\'s', async () => {
    const { start, callback, session } = await logIn(alice);
    const to = new URL(start.headers.location!);
    expect(`${to.origin}${to.pathname}`).toBe(`${fake.url}/oauth2/authorize`);
    expect(to.searchParams.get('scope')).toBe('identify');
    expect(to.searchParams.get('redirect_uri')).toBe(`http://127.0.0.1:${site.port}/login/callback`);
    const stateCookie = setCookies(start).find((c) => c.startsWith('siege_login='))!;
    expect(stateCookie).toMatch(/HttpOnly/);
    expect(stateCookie).toMatch(/SameSite=Lax/);
    expect(stateCookie).not.toMatch(/Secure/);
    expect(callback.status).toBe(303);
    expect(callback.headers.location).toBe(page());
    const sessionCookie = setCookies(callback).find((c) => c.startsWith('siege_session='))!;
    expect(sessionCookie).toMatch(/; Path=\/;/);
    expect(sessionCookie).toMatch(/HttpOnly/);
    expect(sessionCookie).toMatch(/SameSite=Lax/);
    expect(sessionCookie).not.toMatch(/Secure/);
    expect(session).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Nothing of Discord's token reaches the browser; the table keeps no session id.
    const token = [...fake.oauth.tokens.keys()].at(-1)!;
    expect(JSON.stringify(callback)).not.toContain(token);
    const rows = await database.db.webSession.findMany();
    expect(rows.some((r) => r.idHash === session)).toBe(false);

    const mine = await site.send(page(), { headers: { cookie: `siege_session=${session}` } });
    expect(mine.status).toBe(200);
    expect(mine.body).toContain('Logged in as Alice');
    expect(mine.body).toContain(`action="${page()}/move"`);
    expect(mine.body).toContain(`/g/${game.watchToken}/seat.png`);
    expect(csrfIn(mine.body)).toBeTruthy();
    const theirs = await site.send(page());
    expect(theirs.body).toContain('Log in with Discord to play');
    expect(theirs.body).not.toContain('name="csrf"');
    // The seat's board is its player's only.
    const seatBoard = `/g/${game.watchToken}/seat.png?move=0&v=${game.version}&lang=en-US`;
    expect((await site.send(seatBoard)).status).toBe(404);
    const drawn = await site.send(seatBoard, { headers: { cookie: `siege_session=${session}` } });
    expect(drawn.status).toBe(200);
    expect(drawn.headers['cache-control']).toMatch(/^private/);
  });

  it('an https PUBLIC_URL makes both cookies Secure', async () => {
    const secure = await serve('https://siege.example.org');
    fake.oauth.redirectUris.push('https://siege.example.org/login/callback');
    try {
      const { start, callback } = await logIn(bob, secure);
      expect(new URL(start.headers.location!).searchParams.get('redirect_uri')).toBe('https://siege.example.org/login/callback');
      expect(setCookies(start).find((c) => c.startsWith('siege_login='))).toMatch(/; Secure/);
      expect(setCookies(callback).find((c) => c.startsWith('siege_session='))).toMatch(/; Secure/);
    } finally {
      await secure.stop();
    }
  });

  it('a state that is not the one this browser was given is refused: no session', async () => {
    const start = await site.send(`/login?next=${encodeURIComponent(page())}`);
    fake.oauth.browserUser = alice.id;
    const back = new URL((await fetch(start.headers.location!, { redirect: 'manual' })).headers.get('location')!);
    const forged = new URLSearchParams(back.search);
    forged.set('state', 'forged-state-0000000000000000000000000000');
    const before = await database.db.webSession.count();
    const wrong = await site.send(`/login/callback?${forged}`, { headers: { cookie: `siege_login=${cookieValue(start, 'siege_login')}`, accept: 'text/html' } });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toContain('This login could not be checked');
    expect(cookieValue(wrong, 'siege_session')).toBeNull();
    // The right state from another browser (no cookie): refused too.
    const elsewhere = await site.send(`/login/callback${back.search}`);
    expect(elsewhere.status).toBe(403);
    expect(await database.db.webSession.count()).toBe(before);
  });

  it('malformed input answers 400 on every login and seat route, and logging in again ends the browser\'s old session', async () => {
    for (const path of ['/login?next=/a&next=/b', `/login/callback?state=${'s'.repeat(300)}`, `${page()}/seat.png?move=abc`, `${page()}?path=${'x'.repeat(500)}`]) {
      expect((await site.send(path)).status, path).toBe(400);
    }
    const long = await site.send(`${page()}/move`, { method: 'POST', headers: FORM, body: `path=${'x'.repeat(3000)}` });
    expect(long.status).toBe(400);
    const first = (await logIn(alice)).session!;
    const start = await site.send(`/login?next=${encodeURIComponent(page())}`);
    fake.oauth.browserUser = alice.id;
    const back = new URL((await fetch(start.headers.location!, { redirect: 'manual' })).headers.get('location')!);
    const again = await site.send(`${back.pathname}${back.search}`, { headers: { cookie: `siege_login=${cookieValue(start, 'siege_login')}; siege_session=${first}` } });
    expect(again.status).toBe(303);
    expect(cookieValue(again, 'siege_session')).not.toBe(first);
    expect((await site.send(page(), { headers: { cookie: `siege_session=${first}` } })).body).toContain('Log in with Discord to play');
  });

  it('an address of another site as `next` is refused, never redirected to', async () => {
    for (const next of ['//evil.example/x', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)', '/g/x\n']) {
      const answer = await site.send(`/login?next=${encodeURIComponent(next)}`, { headers: { accept: 'text/html' } });
      expect(answer.status, next).toBe(400);
      expect(answer.headers.location).toBeUndefined();
      expect(answer.body).toContain('not a page of this site');
    }
  });

  it('a move needs the session\'s CSRF token: missing or wrong, 403 and nothing changes; a stranger or a logged-out reader cannot move', async () => {
    const { session } = await logIn(alice);
    const cookie = `siege_session=${session}`;
    const v = await version();
    const mine = await site.send(page(), { headers: { cookie } });
    const path = /<button type="submit" name="path" value="([^"]+)"/.exec(mine.body)?.[1] ?? (await firstMove(cookie));
    for (const csrf of [null, 'x'.repeat(43), csrfIn((await site.send(page(), { headers: { cookie: `siege_session=${(await logIn(bob)).session}` } })).body)]) {
      const body = new URLSearchParams({ version: String(v), path, ...(csrf ? { csrf } : {}) }).toString();
      const refused = await site.send(`${page()}/move`, { method: 'POST', headers: { ...FORM, cookie }, body });
      expect(refused.status, String(csrf)).toBe(403);
      expect(refused.body).toContain('That form came from another page');
    }
    // Another site's page posting through the member's browser (their cookie goes along): refused, even with the token.
    for (const from of [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }] as Record<string, string>[]) {
      const body = new URLSearchParams({ version: String(v), path, csrf: csrfIn(mine.body)! }).toString();
      const crossSite = await site.send(`${page()}/move`, { method: 'POST', headers: { ...FORM, cookie, ...from }, body });
      expect(crossSite.status).toBe(403);
      expect(crossSite.body).toContain('This request came from another site');
    }
    const loggedOut = await site.send(`${page()}/move`, { method: 'POST', headers: FORM, body: new URLSearchParams({ version: String(v), path }).toString() });
    expect(loggedOut.status).toBe(401);
    const stranger = (await logIn(carol)).session;
    const watching = await site.send(page(), { headers: { cookie: `siege_session=${stranger}` } });
    expect(watching.body).toContain('Logged in as Carol &lt;b&gt;');
    expect(watching.body).not.toContain(`action="${page()}/move"`);
    const strangerCsrf = csrfIn(watching.body)!;
    const notPlayer = await site.send(`${page()}/move`, { method: 'POST', headers: { ...FORM, cookie: `siege_session=${stranger}` }, body: new URLSearchParams({ version: String(v), path, csrf: strangerCsrf }).toString() });
    expect(notPlayer.status).toBe(403);
    expect(notPlayer.body).toContain('Only this game&#39;s players can move');
    expect(await version()).toBe(v);

    // The right token plays the move, through the master; the same form again is out of date.
    const form = new URLSearchParams({ version: String(v), path, csrf: csrfIn(mine.body)! }).toString();
    const played = await site.send(`${page()}/move`, { method: 'POST', headers: { ...FORM, cookie }, body: form });
    expect(played.status).toBe(303);
    expect(await version()).toBeGreaterThan(v);
    const again = await site.send(`${page()}/move`, { method: 'POST', headers: { ...FORM, cookie }, body: form });
    expect(again.status).toBe(409);
    expect(again.body).toContain('out of date');
  });

  it('the Activity\'s Bearer session moves with no cookie and no CSRF token, and hears JSON', async () => {
    const now = await app.web.services.games.load(game.id);
    const toAct = app.web.services.games.defOf(now!).toAct(now!.state)[0]!;
    const player = [alice, bob][toAct]!;
    const { session } = await logIn(player);
    const path = await firstMove(`siege_session=${session}`);
    const v = await version();
    const moved = await site.send(`${page()}/move`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${session}` }, body: new URLSearchParams({ version: String(v), path }).toString() });
    expect(moved.status).toBe(200);
    expect(JSON.parse(moved.body)).toMatchObject({ ok: true });
    expect(await version()).toBeGreaterThan(v);
    const forged = await site.send(`${page()}/move`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: 'Bearer AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }, body: new URLSearchParams({ version: String(v + 1), path }).toString() });
    expect(forged.status).toBe(401);
    expect(JSON.parse(forged.body)).toMatchObject({ ok: false, code: 'login' });
  });

  it('a session survives a restart of the web app (it is in PostgreSQL); logout (with its CSRF token) ends it', async () => {
    const { session } = await logIn(bob);
    const cookie = `siege_session=${session}`;
    await site.stop();
    site = await serve();
    const after = await site.send(page(), { headers: { cookie } });
    expect(after.body).toContain('Logged in as bob');
    const csrf = csrfIn(after.body)!;
    const noToken = await site.send('/logout', { method: 'POST', headers: { ...FORM, cookie }, body: `next=${encodeURIComponent(page())}` });
    expect(noToken.status).toBe(403);
    expect((await site.send(page(), { headers: { cookie } })).body).toContain('Logged in as bob');
    const out = await site.send('/logout', { method: 'POST', headers: { ...FORM, cookie }, body: new URLSearchParams({ csrf, next: page() }).toString() });
    expect(out.status).toBe(303);
    expect(out.headers.location).toBe(page());
    expect(setCookies(out).find((c) => c.startsWith('siege_session='))).toMatch(/Max-Age=0/);
    const gone = await site.send(page(), { headers: { cookie } });
    expect(gone.body).toContain('Log in with Discord to play');
  });

  it('moves are limited per session, whatever address they come from; a finished game takes none', async () => {
    const proxied = await serveSite(app, { local: false, login: loginOf(null), trustProxy: ['127.0.0.1'] });
    fake.oauth.redirectUris.push(`http://127.0.0.1:${proxied.port}/login/callback`);
    try {
      const { session } = await logIn(bob, proxied);
      const cookie = `siege_session=${session}`;
      const csrf = csrfIn((await proxied.send(page(), { headers: { cookie } })).body)!;
      const v = await version();
      // Out-of-date forms, each from its own address: the session's own count stops them at 30 a minute.
      const statuses: number[] = [];
      for (let n = 0; n < 31; n++) {
        const answer = await proxied.send(`${page()}/move`, { method: 'POST', headers: { ...FORM, cookie, 'x-forwarded-for': `10.0.0.${n + 1}` }, body: new URLSearchParams({ version: String(v - 1), path: 'x', csrf }).toString() });
        statuses.push(answer.status);
        if (answer.status === 429) expect(answer.body).toContain('Too many moves');
      }
      expect(statuses.slice(0, 30).every((s) => s === 409)).toBe(true);
      expect(statuses[30]).toBe(429);
      expect(await version()).toBe(v);

      const over = await app.web.master.resign(game.id, alice.id, { front: 'web' });
      expect(over.ok).toBe(true);
      const alices = (await logIn(alice)).session;
      const after = await site.send(page(), { headers: { cookie: `siege_session=${alices}` } });
      expect(after.body).not.toContain(`action="${page()}/move"`);
      const late = await site.send(`${page()}/move`, { method: 'POST', headers: { ...FORM, cookie: `siege_session=${alices}` }, body: new URLSearchParams({ version: String(await version()), path: 'x', csrf: csrfIn(after.body)! }).toString() });
      expect(late.status).toBe(409);
      expect(late.body).toContain('This game is over');
    } finally {
      await proxied.stop();
    }
  });

  /** A whole move's path for the logged-in player, followed through the page's links as a browser would. */
  async function firstMove(cookie: string): Promise<string> {
    let at = page();
    for (let step = 0; step < 8; step++) {
      const body = (await site.send(at, { headers: { cookie } })).body;
      const button = /<button type="submit" name="path" value="([^"]+)"/.exec(body)?.[1];
      if (button) return button;
      const link = /<a class="choice" href="([^"]+)"/.exec(body)?.[1];
      if (!link) throw new Error(`no choice on ${at}`);
      at = link.replace(/&amp;/g, '&');
    }
    throw new Error('no whole move within eight steps');
  }
});
