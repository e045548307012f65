// Whatever a request carries, the web front answers it with a 4xx that says so, never a 500:
// repeated and malformed query fields, parameters and bodies, on every route it has. Its game
// routes are limited per address, and a position past a game's end is the current one, made once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningApp } from '../../src/app.js';
import { createRenderPool } from '../../src/render/pool.js';
import { LOCAL_PLAYER, type GameSnapshot } from '../../src/services/types.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';
import { serveSite, startQuietBot, type SiteUnderTest } from './siteHarness.js';

/** What each route reads, besides its path's parameters: its query fields, and whether it takes a form. */
const ROUTES: Record<string, { query: string[]; form?: boolean }> = {
  'GET /static/:file': { query: [] },
  'GET /': { query: ['lang'] },
  'POST /local/new': { query: ['lang'], form: true },
  'GET /play/:id': { query: ['path', 'resign', 'move', 'lang'] },
  'GET /play/:id/events': { query: ['lang'] },
  'GET /play/:id/board.png': { query: ['move', 'v', 'lang'] },
  'POST /play/:id/move': { query: ['lang'], form: true },
  'POST /play/:id/undo': { query: ['lang'], form: true },
  'POST /play/:id/resign': { query: ['lang'], form: true },
  'GET /g/:token': { query: ['move', 'lang'] },
  'GET /g/:token/live': { query: ['move', 'lang'] },
  'GET /g/:token/board.png': { query: ['move', 'v', 'lang'] },
  'GET /g/:token/replay': { query: ['lang'] },
  'GET /g/:token/events': { query: ['lang'] },
  'GET /t/:token': { query: ['lang'] },
  'GET /t/:token/live': { query: ['lang'] },
  'GET /t/:token/events': { query: ['lang'] },
  'GET /t/:token/crosstable.png': { query: ['lang'] },
};

/** Values no page ever sends for a field. */
const MALFORMED: Record<string, string[]> = {
  move: ['abc', '-1', '1e3', '0x10', ' 5', '9'.repeat(40)],
  v: ['x', '-2', '9'.repeat(40)],
  lang: ['x'.repeat(200)],
  path: ['x'.repeat(1000)],
  resign: ['y'.repeat(100)],
};

describe('every route answers malformed input with a 4xx', () => {
  let database: TestDatabase;
  let app: RunningApp;
  let local: SiteUnderTest;
  let pub: SiteUnderTest;
  let localGame: GameSnapshot;
  let serverGame: GameSnapshot;
  const tournamentToken = 'TournamentPageToken12345';
  const render = createRenderPool({ size: 1 });

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await startQuietBot(database, render, 'inputs');
    local = await serveSite(app, { local: true });
    pub = await serveSite(app, { local: false, trustProxy: ['127.0.0.1'] });
    const solo = await app.web.services.games.startGame({ gameType: 'two-deck-siege', guildId: null, channelId: 'local', seats: [{ kind: 'human', userId: LOCAL_PLAYER }], front: 'local' });
    const watched = await app.web.services.games.startGame({ gameType: 'two-deck-siege', guildId: 'g1', channelId: 'c', seats: [{ kind: 'human', userId: 'u1' }] });
    if (!solo.ok || !watched.ok) throw new Error('no game');
    [localGame, serverGame] = [solo.value, watched.value];
    await database.db.tournament.create({ data: { guildId: 'g1', channelId: 'c', name: 'Cup', gameType: 'siege-master', format: 'swiss', options: {}, roundDays: 7, maxPlayers: 8, organiserId: 'u1', signupClosesAt: new Date(Date.now() + 3_600_000), webToken: tournamentToken } });
  });
  afterAll(async () => {
    await local?.stop();
    await pub?.stop();
    await app?.stop();
    await render.close();
    await database?.drop();
  });

  /** A route's path with real parameters: a game that exists, a token that is one. */
  const pathOf = (url: string) => url.replace(':id', String(localGame.id)).replace(':token', url.startsWith('/t/') ? tournamentToken : serverGame.watchToken!).replace(':file', 'style.css');
  const siteOf = (url: string) => (/^\/[gt]\//.test(url) ? pub : local);

  it('knows every route the site has', () => {
    const registered = [...local.routes, ...pub.routes].map((r) => `${r.method} ${r.url}`);
    expect([...new Set(registered)].sort()).toEqual(Object.keys(ROUTES).sort());
  });

  it('a query field given twice, or given a value no page sends, answers 400, on every route that reads it', async () => {
    const wrong: string[] = [];
    for (const [route, reads] of Object.entries(ROUTES)) {
      const [method, url] = route.split(' ') as [string, string];
      const site = siteOf(url);
      const form: Record<string, string> = reads.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {};
      const asks = [
        ...reads.query.map((name) => `${name}=1&${name}=2`),
        ...reads.query.flatMap((name) => (MALFORMED[name] ?? []).map((value) => `${name}=${encodeURIComponent(value)}`)),
      ];
      for (const query of asks) {
        const answer = await site.send(`${pathOf(url)}?${query}`, { method, headers: { ...form, accept: 'text/html' }, body: reads.form ? 'key=x&version=0' : undefined });
        if (answer.status !== 400) wrong.push(`${route} ?${query.slice(0, 40)}: ${answer.status}`);
        else expect(answer.body).toContain('This request could not be answered.');
      }
    }
    expect(wrong).toEqual([]);
  });

  it('a parameter, a form, a cookie or a header that is malformed answers 4xx (or is ignored), never 500', async () => {
    const answers: { what: string; status: number }[] = [];
    const ask = async (what: string, site: SiteUnderTest, path: string, opts: Parameters<SiteUnderTest['send']>[1] = {}) => answers.push({ what, status: (await site.send(path, opts)).status });
    for (const id of ['abc', '-1', '1e3', '0x10', '9'.repeat(40), '%E0%A4%A']) {
      await ask(`/play/${id}`, local, `/play/${id}`);
      await ask(`/play/${id}/board.png`, local, `/play/${id}/board.png`);
      await ask(`/play/${id}/move`, local, `/play/${id}/move`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'key=x&version=0&path=a' });
    }
    for (const token of ['x', 'x'.repeat(500), '%E0%A4%A', '..%2F..%2Fetc']) {
      for (const path of [`/g/${token}`, `/t/${token}`, `/t/${token}/live`, `/t/${token}/crosstable.png`]) await ask(path, pub, path);
    }
    await ask('/static/x', local, `/static/${'x'.repeat(300)}`);
    for (const route of ['/local/new', `/play/${localGame.id}/move`, `/play/${localGame.id}/undo`, `/play/${localGame.id}/resign`]) {
      for (const [type, body] of [
        ['application/json', JSON.stringify({ key: ['a', 'b'], version: { n: 1 }, path: ['x', 'y'], game: 'two-deck-siege', 'opt.castle': ['a', 'b'] })],
        ['application/json', JSON.stringify({ game: 'two-deck-siege', 'opt.castle': 5, key: 1 })],
        ['application/json', JSON.stringify(['key', 'version'])],
        ['application/json', 'null'],
        ['application/json', '{"key":'],
        ['text/plain', 'key=x&version=1'],
        ['application/x-www-form-urlencoded', `key=${'k'.repeat(20_000)}`],
        ['application/x-www-form-urlencoded', 'key=%E0%A4%A&version=%ZZ'],
        ['application/octet-stream', 'abc'],
      ] as const) {
        await ask(`${route} ${type} ${body.slice(0, 30)}`, local, route, { method: 'POST', headers: { 'content-type': type }, body });
      }
      await ask(`${route} without a body`, local, route, { method: 'POST' });
    }
    // Headers every page reads: a cookie that is no percent-encoding, an odd Accept-Language.
    for (const path of ['/', `/play/${localGame.id}`]) {
      await ask(`${path} bad cookie`, local, path, { headers: { cookie: 'lang=%E0%A4%A; lang=%' } });
      await ask(`${path} odd language`, local, path, { headers: { 'accept-language': ';;q=x,,*;q=-1,de;q=NaN' } });
    }
    await ask('/g bad cookie', pub, `/g/${serverGame.watchToken}`, { headers: { cookie: 'lang=%' } });
    await ask('/t bad cookie', pub, `/t/${tournamentToken}`, { headers: { cookie: 'lang=%' } });
    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    // The malformed parameters and bodies are refused as such, not taken for something else.
    const refused = answers.filter((a) => !/bad cookie|odd language/.test(a.what));
    expect(refused.filter((a) => a.status < 400)).toEqual([]);
  });

  it('a position asked past the end of a game is the current one, made once for all such addresses', async () => {
    // The store's statements (the job queue's polls are counted apart).
    const statements = async () => (await app.metrics.dbStatements.get()).values.filter((v) => v.labels.pool === 'games').reduce((sum, v) => sum + v.value, 0);
    const live = (move: number) => pub.send(`/g/${serverGame.watchToken}/live?move=${move}`, { headers: { 'x-forwarded-for': '192.0.2.10' } });
    const now = await pub.send(`/g/${serverGame.watchToken}/live`, { headers: { 'x-forwarded-for': '192.0.2.10' } });
    expect((await live(1000)).body).toBe(now.body);
    let before = await statements();
    for (let n = 0; n < 30; n++) expect((await live(1000)).status).toBe(200);
    const same = (await statements()) - before;
    before = await statements();
    for (let n = 1; n <= 30; n++) expect((await live(1000 + n)).body).toBe(now.body);
    const distinct = (await statements()) - before;
    // Each request reads the game and whether it may be shown; none makes its page again.
    expect(same).toBeGreaterThan(0);
    expect(distinct).toBe(same);
  });

  it('limits how often one address may ask for a watch page and its changing part, and says when to ask again', async () => {
    const page = `/g/${serverGame.watchToken}`;
    const from = (address: string) => ({ headers: { 'x-forwarded-for': address } });
    const pages: number[] = [];
    for (let n = 0; n < 121; n++) pages.push((await pub.send(page, from('192.0.2.20'))).status);
    expect(pages.slice(0, 120).every((s) => s === 200)).toBe(true);
    const limited = await pub.send(page, from('192.0.2.20'));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not limited with it.
    expect((await pub.send(page, from('192.0.2.21'))).status).toBe(200);
    const parts: number[] = [];
    for (let n = 0; n < 241; n++) parts.push((await pub.send(`${page}/live`, from('192.0.2.22'))).status);
    expect(parts.slice(0, 240).every((s) => s === 200)).toBe(true);
    expect(parts[240]).toBe(429);
  });
});
