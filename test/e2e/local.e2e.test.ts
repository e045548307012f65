// Local play, with no Discord token: the bot serves its games in the browser, on loopback only,
// through the same game master, database, render workers and AI as on Discord. Forged, stale and
// doubled posts change nothing and say why; games outlive a restart; none is ever rated.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siegeCommands } from '../../commands/index.js';
import { startApp, type RunningApp } from '../../src/app.js';
import { createLogger } from '../../src/config/logger.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';
import { waitForAsync } from '../helpers/play.js';
import { fixedSeeds } from '../helpers/seeds.js';
import { testConfig } from '../helpers/scene.js';
import { createRenderPool } from '../../src/render/pool.js';
import { englishIn, LANGUAGE_NAMES, visibleText } from './webText.js';

type Page = { status: number; body: string; location: string | null };

describe('local play, with no Discord', () => {
  let database: TestDatabase;
  let app: RunningApp;
  let base: string;
  const render = createRenderPool({ size: 1 });
  const logs: string[] = [];
  const boot = async () => {
    const config = { ...testConfig({ botToken: 'unused', apiUrl: 'http://127.0.0.1:1' } as never, database.url, { httpPort: 0, httpHost: '0.0.0.0' }), discordToken: null };
    app = await startApp(config, { commands: siegeCommands, log: createLogger('warn', (l) => logs.push(l)), newSeed: fixedSeeds('local'), render });
    await app.ready;
    base = app.httpUrl!;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    await boot();
  });
  afterAll(async () => {
    await app?.stop();
    await render.close();
    await database?.drop();
  });

  async function get(path: string, headers: Record<string, string> = {}): Promise<Page> {
    const res = await fetch(`${base}${path}`, { redirect: 'manual', headers });
    return { status: res.status, body: await res.text(), location: res.headers.get('location') };
  }
  async function post(path: string, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<Page> {
    const res = await fetch(`${base}${path}`, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual', headers });
    return { status: res.status, body: await res.text(), location: res.headers.get('location') };
  }
  const formKey = (body: string) => /name="key" value="([^"]+)"/.exec(body)![1]!;
  const version = (body: string) => Number(/data-version="(\d+)"/.exec(body)![1]);
  const completing = (body: string) => [...body.matchAll(/<button type="submit" name="path" value="([^"]+)" class="choice completes">/g)].map((m) => m[1]!);
  const steps = (body: string) => [...body.matchAll(/<a class="choice" href="\/play\/\d+\?path=([^"]+)">/g)].map((m) => decodeURIComponent(m[1]!));

  /** A new local game of `game`; returns its id. */
  async function newGame(game: string, fields: Record<string, string> = {}): Promise<number> {
    const home = await get('/');
    const started = await post('/local/new', { key: formKey(home.body), game, ...fields });
    expect(started.status).toBe(303);
    return Number(/^\/play\/(\d+)$/.exec(started.location!)![1]);
  }

  /** The first move the page offers, found by following its steps (the pages it went through in `seen`). */
  async function firstMove(id: number, headers: Record<string, string> = {}, seen: string[] = []): Promise<{ path: string; version: number; key: string }> {
    let page = await get(`/play/${id}`, headers);
    for (let depth = 0; depth < 6; depth++) {
      seen.push(page.body);
      const done = completing(page.body);
      if (done.length) return { path: done[0]!, version: version(page.body), key: formKey(page.body) };
      page = await get(`/play/${id}?path=${encodeURIComponent(steps(page.body)[0]!)}`, headers);
    }
    throw new Error('no move offered');
  }

  it('lists every game to start, on loopback only, and starts one only from its own page', async () => {
    expect(new URL(base).hostname).toBe('127.0.0.1');
    const home = await get('/');
    expect(home.status).toBe(200);
    for (const title of ['Siege Master', 'Dice Realms', 'Kingdoms Siege Mode', 'Kingdoms Solo Variant', 'Two Deck Siege']) expect(home.body).toContain(title);
    const forged = await post('/local/new', { key: 'not-the-key', game: 'two-deck-siege' });
    expect(forged.status).toBe(403);
    expect(await database.db.game.count()).toBe(0);
  });

  it('plays a solo game: a move, a double post and a forged move change nothing, undo steps back', async () => {
    const id = await newGame('two-deck-siege');
    const move = await firstMove(id);
    const played = await post(`/play/${id}/move`, { key: move.key, version: String(move.version), path: move.path });
    expect(played.status).toBe(303);
    const after = await database.db.game.findUnique({ where: { id } });
    expect(after!.version).toBeGreaterThan(move.version);
    expect(after!.front).toBe('local');

    const again = await post(`/play/${id}/move`, { key: move.key, version: String(move.version), path: move.path });
    expect(again.status).toBe(409);
    expect(again.body).toMatch(/out of date/);
    const forged = await post(`/play/${id}/move`, { key: move.key, version: String(after!.version), path: 'nope:nothing' });
    expect(forged.status).toBe(409);
    expect(forged.body).toMatch(/no longer available/);
    const stolen = await post(`/play/${id}/move`, { key: 'stolen', version: String(after!.version), path: move.path });
    expect(stolen.status).toBe(403);
    expect((await database.db.game.findUnique({ where: { id } }))!.version).toBe(after!.version);

    // Undo steps back over moves that revealed nothing (a drawn card stops it): played until one.
    let page = await get(`/play/${id}`);
    for (let n = 0; n < 12 && !page.body.includes('Undo my last move'); n++) {
      const next = await firstMove(id);
      expect((await post(`/play/${id}/move`, { key: next.key, version: String(next.version), path: next.path })).status).toBe(303);
      page = await get(`/play/${id}`);
    }
    expect(page.body).toContain('Undo my last move');
    const count = (await database.db.game.findUnique({ where: { id } }))!.moveCount;
    const undone = await post(`/play/${id}/undo`, { key: formKey(page.body), version: String(version(page.body)) });
    expect(undone.status).toBe(303);
    expect((await database.db.game.findUnique({ where: { id } }))!.moveCount).toBe(count - 1);
  });

  it('plays Siege Master against the AI, which answers by itself', async () => {
    const id = await newGame('siege-master', { ai: 'easy', 'opt.map': 'europe' });
    const move = await firstMove(id);
    expect((await post(`/play/${id}/move`, { key: move.key, version: String(move.version), path: move.path })).status).toBe(303);
    await waitForAsync(async () => {
      const g = await database.db.game.findUnique({ where: { id } });
      return g!.moveCount >= 2 && g!.toActUserIds.includes('local');
    }, 30_000, 'the AI to answer');
    const page = await get(`/play/${id}`);
    expect(page.body).toMatch(/You to move|to move/);
    expect(completing(page.body).length + steps(page.body).length).toBeGreaterThan(0);
  });

  it('speaks German to a German browser and French once picked: the home page, the play page, its choices, its board and its refusals', async () => {
    const german = { 'accept-language': 'de-DE,de;q=0.9,en;q=0.8' };
    const home = await get('/', german);
    expect(home.body).toContain('<html lang="de">');
    for (const text of ['Lokal spielen', 'Neues Spiel', 'Würfelreiche', 'Zwei-Stapel-Belagerung', 'Anzahl der Festungen', 'Spiel gegen die KI starten', 'Solospiel starten']) expect(visibleText(home.body)).toContain(text);
    // A game's refusal of its options, in the game's words.
    const refused = await post('/local/new', { key: formKey(home.body), game: 'siege-master', 'opt.fortress-count': '4' }, german);
    expect(refused.status).toBe(422);
    expect(visibleText(refused.body)).toMatch(/Siege Master: die Anzahl der Festungen muss .+ sein\. Es wurde nichts gestartet\./);
    expect(englishIn(/<p class="notice"[^>]*>(.*?)<\/p>/.exec(refused.body)![1]!, ['Siege Master'])).toEqual([]);

    const id = await newGame('siege-master', { ai: 'easy', 'opt.map': 'europe' });
    const seen: string[] = [];
    const move = await firstMove(id, german, seen);
    for (const body of seen) {
      const text = visibleText(body);
      expect(body).toContain('<html lang="de">');
      expect(text).toMatch(/Wähle/);
      const notation = /\b[A-Z]\d{1,2}(?: (?:E|SE|SW))?\b|\b(?:E|SE|SW)\b/g;
      expect(englishIn(text, ['Siege Master', 'Siege', ...LANGUAGE_NAMES, notation])).toEqual([]);
    }
    expect((await post(`/play/${id}/move`, { key: move.key, version: String(move.version), path: move.path }, german)).status).toBe(303);
    await waitForAsync(async () => (await database.db.game.findUnique({ where: { id } }))!.moveCount >= 2, 30_000, 'the AI to answer');
    const page = await get(`/play/${id}`, german);
    const text = visibleText(page.body);
    expect(text).toContain('Rot (Du) ist am Zug');
    expect(text).toContain('Blau KI (leicht)');
    expect(text).toMatch(/2\. Blau \(KI, leicht\): Blau hat eine Armee/);
    expect(page.body).toMatch(/alt="Siege Master, Zug 2\. Rot \(Du\) ist am Zug\./);
    const src = /<img src="([^"]+)"/.exec(page.body)![1]!.replace(/&amp;/g, '&');
    expect(src).toMatch(/[?&]lang=de$/);
    const png = async (path: string) => Buffer.from(await (await fetch(`${base}${path}`)).arrayBuffer());
    expect((await png(src)).equals(await png(src.replace('lang=de', 'lang=en-US')))).toBe(false);

    // The same move sent twice: refused, in German.
    const again = await post(`/play/${id}/move`, { key: move.key, version: String(move.version), path: move.path }, german);
    expect(again.status).toBe(409);
    expect(visibleText(again.body)).toContain('Dieses Spielbrett ist veraltet: Das Spiel ist inzwischen weitergegangen');
    // A choice no longer there: the services' refusal, said in German.
    const gone = await post(`/play/${id}/move`, { key: move.key, version: String(version(page.body)), path: 'nope:nothing' }, german);
    expect(gone.status).toBe(409);
    expect(englishIn(/<p class="notice"[^>]*>(.*?)<\/p>/.exec(gone.body)![1]!)).toEqual([]);

    // French, picked on the page, over the browser's German; kept for the posts after it.
    const picked = await fetch(`${base}/play/${id}?lang=fr`, { headers: german });
    const cookie = picked.headers.get('set-cookie')!.split(';')[0]!;
    expect(cookie).toBe('lang=fr');
    const french = visibleText(await picked.text());
    expect(french).toContain('Rouge (Vous)');
    expect(french).toContain('Coups');
    const resent = await post(`/play/${id}/move`, { key: move.key, version: String(move.version), path: move.path }, { ...german, cookie });
    expect(visibleText(resent.body)).toContain("Ce plateau n'est plus à jour");

    // Resigned, in German: the result names the winner as the language does.
    const asked = await get(`/play/${id}?resign=confirm`, german);
    expect(visibleText(asked.body)).toContain('Dieses Spiel aufgeben? Das lässt sich nicht rückgängig machen. Ja, aufgeben Nein');
    expect((await post(`/play/${id}/resign`, { key: formKey(asked.body), version: String(version(asked.body)) }, german)).status).toBe(303);
    const over = await get(`/play/${id}`, german);
    expect(/<p class="result">([^<]*)<\/p>/.exec(over.body)![1]).toMatch(/^Blau \(KI, leicht\) hat gewonnen/);
    expect(englishIn(visibleText(over.body), ['Siege Master', 'Siege', ...LANGUAGE_NAMES, /\b[A-Z]\d{1,2}(?: (?:E|SE|SW))?\b/g])).toEqual([]);
    expect(visibleText((await get('/', german)).body)).toMatch(new RegExp(`#${id} Siege Master · gegen die KI \\(leicht\\) · vorbei: `));
  });

  it("answers only for its own loopback address: a page elsewhere that reaches it by a name of its own (DNS rebinding) reads no form key and starts nothing, and another site's post changes nothing", async () => {
    const port = Number(new URL(base).port);
    const raw = (path: string, headers: Record<string, string>, body?: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.request({ host: '127.0.0.1', port, path, method: body === undefined ? 'GET' : 'POST', headers, agent: false }, (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString('utf8')));
          res.on('end', () => resolve({ status: res.statusCode!, body: text }));
        });
        req.on('error', reject);
        req.end(body);
      });
    const rebound = await raw('/', { host: `rebind.evil.example:${port}`, accept: 'text/html' });
    expect(rebound.status).toBe(421);
    expect(rebound.body).not.toMatch(/name="key"/);
    const games = await database.db.game.count();
    const key = formKey((await get('/')).body);
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const fields = new URLSearchParams({ key, game: 'two-deck-siege' }).toString();
    expect((await raw('/local/new', { host: `rebind.evil.example:${port}`, ...form }, fields)).status).toBe(421);
    const crossSite = await raw('/local/new', { host: `127.0.0.1:${port}`, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site', ...form }, fields);
    expect(crossSite.status).toBe(403);
    expect(crossSite.body).toContain('This request came from another site: nothing was done.');
    expect(await database.db.game.count()).toBe(games);
  });

  it('a game that is not local is not played here', async () => {
    const started = await app.web.services.games.startGame({ gameType: 'two-deck-siege', guildId: '1', channelId: '2', seats: [{ kind: 'human', userId: '3' }] });
    if (!started.ok) throw new Error(started.error.message);
    expect((await get(`/play/${started.value.id}`)).status).toBe(404);
    const home = await get('/');
    expect((await post(`/play/${started.value.id}/move`, { key: formKey(home.body), version: '0', path: 'end' })).status).toBe(404);
    expect((await database.db.game.findUnique({ where: { id: started.value.id } }))!.version).toBe(0);
  });

  it('keeps every game across a restart, never rated and in no server\'s records', async () => {
    const before = await get('/');
    await app.stop();
    await boot();
    const after = await get('/');
    const listed = (body: string) => [...body.matchAll(/href="\/play\/(\d+)"/g)].map((m) => m[1]).sort();
    expect(listed(after.body)).toEqual(listed(before.body));
    expect(listed(after.body).length).toBeGreaterThanOrEqual(2);
    expect(await database.db.rating.count()).toBe(0);
    expect(await database.db.ratingChange.count()).toBe(0);
    const local = await database.db.game.findMany({ where: { front: 'local' } });
    expect(local.every((g) => g.guildId === null)).toBe(true);
    expect(logs.filter((l) => /"level":"error"/.test(l))).toEqual([]);
  });
});
