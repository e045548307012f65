// Other sites are kept out of the web front: a name of theirs that resolves here (DNS rebinding)
// gets no page and no form key; a post from another site changes nothing; local play's images
// and streams are not another site's to load; a link built from the request path stays on this
// site. Each refusal says why, and none is a 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningApp } from '../../src/app.js';
import { createRenderPool } from '../../src/render/pool.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';
import { serveSite, startQuietBot, type SiteUnderTest } from './siteHarness.js';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const formKey = (body: string) => /name="key" value="([^"]+)"/.exec(body)?.[1] ?? null;

describe('the web front keeps other sites out', () => {
  let database: TestDatabase;
  let app: RunningApp;
  let local: SiteUnderTest;
  let pub: SiteUnderTest;
  const render = createRenderPool({ size: 1 });

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await startQuietBot(database, render, 'guard');
    local = await serveSite(app, { local: true });
    pub = await serveSite(app, { local: false, publicUrl: 'https://siege.example' });
  });
  afterAll(async () => {
    await local?.stop();
    await pub?.stop();
    await app?.stop();
    await render.close();
    await database?.drop();
  });

  const games = () => database.db.game.count();
  /** The form key of local play's home page, as its own page gets it. */
  const ownKey = async () => formKey((await local.send('/')).body)!;
  const newGame = (headers: Record<string, string>, key: string) =>
    local.send('/local/new', { method: 'POST', headers: { ...FORM, ...headers }, body: new URLSearchParams({ key, game: 'two-deck-siege' }).toString() });

  it('local play answers only for its loopback names at its own port: a rebinding name gets no page and no form key', async () => {
    for (const host of [`127.0.0.1:${local.port}`, `localhost:${local.port}`, `[::1]:${local.port}`]) {
      const home = await local.send('/', { headers: { host } });
      expect(home.status, host).toBe(200);
      expect(formKey(home.body), host).not.toBeNull();
    }
    for (const host of [`evil.example:${local.port}`, 'evil.example', `127.0.0.1.evil.example:${local.port}`, `127.0.0.1:${local.port + 1}`, `localhost:${local.port}@evil.example`]) {
      const refused = await local.send('/', { headers: { host, accept: 'text/html' } });
      expect(refused.status, host).toBe(421);
      expect(formKey(refused.body), host).toBeNull();
      expect(refused.body).toContain(`Local play answers on this machine only, at http://127.0.0.1:${local.port}/`);
    }
    // What the rebinding page did next, with the key it would have read: nothing starts.
    const before = await games();
    const forged = await newGame({ host: `evil.example:${local.port}` }, await ownKey());
    expect(forged.status).toBe(421);
    expect(await games()).toBe(before);
    // The host's probe still answers under any name.
    expect((await local.send('/healthz', { headers: { host: 'probe.internal' } })).status).toBe(200);
  });

  it('the public site answers for PUBLIC_URL\'s host, loopback and its own address, and not for another name', async () => {
    for (const host of ['siege.example', 'SIEGE.example:443', `127.0.0.1:${pub.port}`, `localhost:${pub.port}`]) {
      expect((await pub.send('/static/style.css', { headers: { host } })).status, host).toBe(200);
    }
    const refused = await pub.send('/static/style.css', { headers: { host: 'evil.example' } });
    expect(refused.status).toBe(421);
    expect(refused.body).toBe('This server does not answer for the address "evil.example": nothing was done.\n');
  });

  it('a post that says it comes from another site changes nothing and says why; one from the page itself or from a script goes through', async () => {
    const key = await ownKey();
    const origin = `http://127.0.0.1:${local.port}`;
    const before = await games();
    const fromElsewhere: Record<string, string>[] = [
      { origin: 'http://evil.example' },
      { origin: `http://localhost:${local.port + 1}` },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { 'sec-fetch-site': 'cross-site', origin },
    ];
    for (const headers of fromElsewhere) {
      const refused = await newGame({ ...headers, accept: 'text/html' }, key);
      expect(refused.status, JSON.stringify(headers)).toBe(403);
      expect(refused.body).toContain('This request came from another site: nothing was done.');
    }
    expect(await games()).toBe(before);
    const ownOrScript: Record<string, string>[] = [
      {},
      { origin },
      { origin, 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'none' },
      { origin: `http://localhost:${local.port}` },
      // A browser whose own referrer policy hides the origin, vouching that the post is its page's.
      { origin: 'null', 'sec-fetch-site': 'same-origin' },
    ];
    for (const headers of ownOrScript) {
      expect((await newGame(headers, key)).status, JSON.stringify(headers)).toBe(303);
    }
    expect(await games()).toBe(before + ownOrScript.length);
  });

  it("another site cannot load local play's boards or streams to learn which games exist; a link followed from elsewhere still opens the page", async () => {
    const started = await newGame({}, await ownKey());
    const id = /^\/play\/(\d+)$/.exec(String(started.headers.location))![1]!;
    const image = { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'image' };
    for (const path of [`/play/${id}/board.png`, `/play/${Number(id) + 1000}/board.png`, `/play/${id}/events`, `/play/${id}`]) {
      expect((await local.send(path, { headers: image })).status, path).toBe(403);
      expect((await local.send(path, { headers: { ...image, 'sec-fetch-site': 'same-site' } })).status, path).toBe(403);
    }
    const own = await local.send(`/play/${id}/board.png`, { headers: { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'image' } });
    expect(own.status).toBe(200);
    expect(own.headers['cross-origin-resource-policy']).toBe('same-origin');
    const followed = await local.send(`/play/${id}`, { headers: { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' } });
    expect(followed.status).toBe(200);
    expect(followed.headers['cross-origin-resource-policy']).toBe('same-origin');
    // The public site's answers may be used by its own site, no further (its pages are not to be embedded).
    expect((await pub.send('/static/icon.svg')).headers['cross-origin-resource-policy']).toBe('same-site');
  });

  it('a link built from the request path stays on this site (//evil.example, /\\evil.example)', async () => {
    for (const path of ['//evil.example/x', '/\\evil.example', '/\\/evil.example/x', '///evil.example']) {
      for (const site of [local, pub]) {
        const page = await site.send(path, { headers: { accept: 'text/html' } });
        expect(page.status, path).toBe(404);
        const hrefs = [...page.body.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!);
        expect(hrefs.length).toBeGreaterThan(0);
        for (const href of hrefs) expect(href, `${path} → ${href}`).toMatch(/^\/(?![/\\])/);
      }
    }
  });
});
