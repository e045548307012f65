// Local play, with no Discord token: the bot serves its games in the browser, on loopback only,
// through the same game master, database, render workers and AI as on Discord. Forged, stale and
// doubled posts change nothing and say why; games outlive a restart; none is ever rated.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siegeCommands } from '../../commands/index.js';
import { startApp, type RunningApp } from '../../src/app.js';
import { createLogger } from '../../src/config/logger.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';
import { waitForAsync } from '../helpers/play.js';
import { fixedSeeds } from '../helpers/seeds.js';
import { testConfig } from '../helpers/scene.js';
import { createRenderPool } from '../../src/render/pool.js';

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

  async function get(path: string): Promise<Page> {
    const res = await fetch(`${base}${path}`, { redirect: 'manual' });
    return { status: res.status, body: await res.text(), location: res.headers.get('location') };
  }
  async function post(path: string, fields: Record<string, string>): Promise<Page> {
    const res = await fetch(`${base}${path}`, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });
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

  /** The first move the page offers, found by following its steps. */
  async function firstMove(id: number): Promise<{ path: string; version: number; key: string }> {
    let page = await get(`/play/${id}`);
    for (let depth = 0; depth < 6; depth++) {
      const done = completing(page.body);
      if (done.length) return { path: done[0]!, version: version(page.body), key: formKey(page.body) };
      page = await get(`/play/${id}?path=${encodeURIComponent(steps(page.body)[0]!)}`);
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
