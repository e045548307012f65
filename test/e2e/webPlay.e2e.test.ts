// A Discord game played from the browser (README, "Playing your Discord games in the browser"),
// end to end: the real bot against the fake Discord. A member starts a game on Discord, logs in
// with Discord on its watch page (plain HTTP requests that follow redirects, as a browser does,
// through the fake's OAuth2 pages), plays a move there, and the game's thread gets the new board
// and the other player's ping exactly as after a press. A bystander logged in sees the watch view
// and cannot move; the other player, logged in, sees their own seat and waits for their turn.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../src/config/env.js';
import type { FakeUser } from '../harness/fakeDiscord.js';
import { acceptedChallenge } from '../helpers/play.js';
import { startScene, waitForBoard, type Scene } from '../helpers/scene.js';

/** A browser's cookies for one site, and requests that follow redirects across sites as a browser does. */
function browser(site: string) {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  async function go(url: string, init: { method?: string; body?: string; headers?: Record<string, string> } = {}) {
    let at = new URL(url, site);
    let request = init;
    for (let hop = 0; hop < 10; hop++) {
      const ours = at.origin === new URL(site).origin;
      const res = await fetch(at, {
        method: request.method ?? 'GET',
        redirect: 'manual',
        headers: { accept: 'text/html', ...(ours && jar.size ? { cookie: cookieHeader() } : {}), ...(request.body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}), ...request.headers },
        ...(request.body ? { body: request.body } : {}),
      });
      if (ours) {
        for (const line of res.headers.getSetCookie()) {
          const [pair = '', ...attrs] = line.split(';');
          const [name = '', value = ''] = pair.split('=');
          if (attrs.some((a) => /^\s*Max-Age=0\s*$/i.test(a))) jar.delete(name.trim());
          else jar.set(name.trim(), value.trim());
        }
      }
      const location = res.headers.get('location');
      if (res.status < 300 || res.status >= 400 || !location) return { status: res.status, url: at.toString(), body: await res.text() };
      at = new URL(location, at);
      request = {};
    }
    throw new Error('too many redirects');
  }
  return { go, jar };
}

const csrfIn = (page: string) => /name="csrf" value="([^"]+)"/.exec(page)?.[1] ?? null;

describe('a Discord game played from the browser', () => {
  let scene: Scene;
  let base: string;

  beforeAll(async () => {
    const extra: Partial<Config> = { httpPort: 0 };
    scene = await startScene(extra, {
      // The client id is the application's, known once the fake runs.
      aroundStart: async (fake, start) => {
        Object.assign(extra, { discordClientId: fake.applicationId, discordClientSecret: fake.oauth.clientSecret });
        return start();
      },
    });
    base = scene.app.httpUrl!;
    scene.fake.oauth.redirectUris = [`${base}/login/callback`];
  });
  afterAll(async () => {
    await scene?.stop();
  });

  /** `user`'s browser, logged in with Discord from the watch page at `page`. */
  async function loggedIn(user: FakeUser, page: string) {
    const b = browser(base);
    const watching = await b.go(page);
    expect(watching.body).toContain('Log in with Discord to play');
    const link = /<a class="login-link" href="([^"]+)"/.exec(watching.body)![1]!.replace(/&amp;/g, '&');
    scene.fake.oauth.browserUser = user.id;
    const back = await b.go(link);
    expect(back.status).toBe(200);
    expect(back.url).toBe(`${base}${page}`);
    expect(b.jar.has('siege_session')).toBe(true);
    return { ...b, page: back.body };
  }

  it('a member logs in on the watch page and plays a move; the thread gets the new board and the other player\'s ping; a bystander cannot move', async () => {
    const { fake, alice, bob, carol } = scene;
    const { threadId } = await acceptedChallenge(scene, { game: 'siege-master', map: 'europe' });
    const game = (await scene.database.db.game.findFirst({ where: { threadId } }))!;
    const page = `/g/${game.watchToken}`;

    // Alice (Red) must act: logged in, her page is her seat's, with the step's choices on the board.
    const aliceBrowser = await loggedIn(alice, page);
    expect(aliceBrowser.page).toContain('Logged in as alice');
    expect(aliceBrowser.page).toContain('You play Red.');
    const cell = /<a class="target[^"]*" href="([^"]+)" data-choice="[^"]+" data-path="[^"]+"/.exec(aliceBrowser.page)?.[1];
    expect(cell).toBeDefined();
    // Without script a target is a link to the next step; there, a placement completes the move.
    const step = await aliceBrowser.go(cell!.replace(/&amp;/g, '&'));
    const placement = /<button type="submit" name="path" value="([^"]+)"/.exec(step.body)?.[1];
    expect(placement).toBeDefined();
    const csrf = csrfIn(step.body)!;

    // Bob, logged in, sees his own seat and waits; carol, a bystander, sees the watch view.
    const bobBrowser = await loggedIn(bob, page);
    expect(bobBrowser.page).toContain('You play Blue.');
    expect(bobBrowser.page).toContain('Not your turn');
    const carolBrowser = await loggedIn(carol, page);
    expect(carolBrowser.page).toContain('Logged in as carol');
    expect(carolBrowser.page).not.toContain(`action="${page}/move"`);
    const carolTry = await carolBrowser.go(`${page}/move`, { method: 'POST', body: new URLSearchParams({ version: '0', path: placement!, csrf: csrfIn(carolBrowser.page)! }).toString() });
    expect(carolTry.status).toBe(403);
    expect(carolTry.body).toContain('Only this game&#39;s players can move');
    // Bob cannot play Alice's turn either.
    const bobTry = await bobBrowser.go(`${page}/move`, { method: 'POST', body: new URLSearchParams({ version: '0', path: placement!, csrf: csrfIn(bobBrowser.page)! }).toString() });
    expect(bobTry.status).toBe(409);
    expect(bobTry.body).toContain('It is not your turn');
    expect((await scene.database.db.game.findUniqueOrThrow({ where: { id: game.id } })).version).toBe(0);

    // Alice plays: the page she comes back to shows the move, and the thread its new board, pinging Bob only.
    const played = await aliceBrowser.go(`${page}/move`, { method: 'POST', body: new URLSearchParams({ version: '0', path: placement!, csrf }).toString() });
    expect(played.status).toBe(200);
    expect(played.url).toBe(`${base}${page}`);
    expect(played.body).toContain('Not your turn');
    const next = await waitForBoard(fake, threadId, 1);
    expect(next.content).toContain(`<@${bob.id}>`);
    expect(fake.notifiedUserIds(next)).toEqual([bob.id]);
    // Now it is Bob's turn on his page.
    const bobNow = await bobBrowser.go(page);
    expect(bobNow.body).not.toContain('Not your turn');
    expect(bobNow.body).toMatch(/data-choice=/);
    // The same form again, from a page left open: out of date, nothing changed.
    const again = await aliceBrowser.go(`${page}/move`, { method: 'POST', body: new URLSearchParams({ version: '0', path: placement!, csrf }).toString() });
    expect(again.status).toBe(409);
    expect((await scene.database.db.game.findUniqueOrThrow({ where: { id: game.id } })).version).toBe(1);
    await fake.settle();
    expect(fake.violations).toEqual([]);
  });
});
