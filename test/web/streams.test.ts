// Event streams hold a connection each for as long as they are open: they are bounded per address
// and in all (429 and 503, with when to try again), counted per visitor as TRUST_PROXY says, ended
// after a while (the page opens a new one by itself), dropped when their reader stops reading,
// and ended when their server turns its watch pages off.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningApp } from '../../src/app.js';
import { createLogger } from '../../src/config/logger.js';
import { createMetrics } from '../../src/config/metrics.js';
import { createRenderPool } from '../../src/render/pool.js';
import { LOCAL_PLAYER, type GameSnapshot } from '../../src/services/types.js';
import { createEventStreams } from '../../src/web/events.js';
import { createHttpServer } from '../../src/web/http.js';
import type { GameNews } from '../../src/web/publisher.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';
import { waitForAsync } from '../helpers/play.js';
import { openStream, serveSite, startQuietBot, type OpenStream, type SiteUnderTest } from './siteHarness.js';

describe('event streams are bounded', () => {
  let database: TestDatabase;
  let app: RunningApp;
  const render = createRenderPool({ size: 1 });
  const sites: SiteUnderTest[] = [];
  const streams: OpenStream[] = [];
  const logs: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await startQuietBot(database, render, 'streams', logs);
  });
  afterAll(async () => {
    for (const s of streams) s.close();
    for (const site of sites) await site.stop();
    await app?.stop();
    await render.close();
    await database?.drop();
  });

  const serve = async (options: Parameters<typeof serveSite>[1]) => {
    const site = await serveSite(app, options);
    sites.push(site);
    return site;
  };
  const listening = () => app.web.publisher.listening;
  /** Opens a stream and keeps it to be closed at the end. */
  const open = async (site: SiteUnderTest, path: string, headers: Record<string, string> = {}) => {
    const s = await openStream(site.port, path, headers);
    streams.push(s);
    return s;
  };
  const closeAll = async () => {
    for (const s of streams.splice(0)) s.close();
    await waitForAsync(async () => listening() === 0, 10_000, 'every stream to close');
  };
  const localGame = async () => {
    const started = await app.web.services.games.startGame({ gameType: 'two-deck-siege', guildId: null, channelId: 'local', seats: [{ kind: 'human', userId: LOCAL_PLAYER }], front: 'local' });
    if (!started.ok) throw new Error(started.error.message);
    return started.value;
  };
  const serverGame = async (guildId: string) => {
    const started = await app.web.services.games.startGame({ gameType: 'two-deck-siege', guildId, channelId: 'c', seats: [{ kind: 'human', userId: 'u1' }] });
    if (!started.ok) throw new Error(started.error.message);
    return started.value;
  };

  it('one address holds at most 8 open at once: the 9th is answered 429 with when to try again, and one closed makes room', async () => {
    const site = await serve({ local: true });
    const game = await localGame();
    const path = `/play/${game.id}/events`;
    const held: OpenStream[] = [];
    for (let n = 0; n < 8; n++) held.push(await open(site, path));
    expect(held.map((s) => s.status)).toEqual(Array(8).fill(200));
    expect(listening()).toBe(8);
    const refused = await open(site, path);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    await refused.ended;
    expect(refused.text).toBe('Too many live pages are open from your address: close some, or try again in a minute.\n');
    expect(listening()).toBe(8);
    held[0]!.close();
    await waitForAsync(async () => listening() === 7, 10_000, 'the closed stream to be let go');
    expect((await open(site, path)).status).toBe(200);
    await closeAll();
  });

  it('WEB_MAX_STREAMS bounds them all together: past it, 503 with when to try again', async () => {
    const site = await serve({ local: false, trustProxy: ['127.0.0.1'], streams: { total: 3 } });
    const game = await serverGame('g-total');
    const path = `/g/${game.watchToken}/events`;
    for (let n = 0; n < 3; n++) expect((await open(site, path, { 'x-forwarded-for': `203.0.113.${n + 1}` })).status).toBe(200);
    const full = await open(site, path, { 'x-forwarded-for': '203.0.113.99' });
    expect(full.status).toBe(503);
    expect(Number(full.headers['retry-after'])).toBeGreaterThan(0);
    await full.ended;
    expect(full.text).toContain('Too many pages are following games live right now');
    await closeAll();
  });

  it("counts each visitor by their own address only when TRUST_PROXY believes the proxy that names it; otherwise X-Forwarded-For counts for nothing", async () => {
    const game = await serverGame('g-proxy');
    const path = `/g/${game.watchToken}/events`;
    const behindProxy = await serve({ local: false, trustProxy: ['127.0.0.1'] });
    for (let n = 0; n < 9; n++) expect((await open(behindProxy, path, { 'x-forwarded-for': `198.51.100.${n + 1}` })).status).toBe(200);
    await closeAll();
    // Not believed (the default): one address, whatever each request says it is.
    const direct = await serve({ local: false });
    const statuses: number[] = [];
    for (let n = 0; n < 9; n++) statuses.push((await open(direct, path, { 'x-forwarded-for': `198.51.100.${n + 1}` })).status);
    expect(statuses).toEqual([...Array(8).fill(200), 429]);
    // The operator hears, once, that a proxy's visitors count as one.
    expect(logs.filter((l) => /X-Forwarded-For is not believed.*set TRUST_PROXY/.test(l))).toHaveLength(1);
    await closeAll();
  });

  it('ends each stream after its time, having told the page when to open it again', async () => {
    const site = await serve({ local: true, streams: { lifetimeMs: 300 } });
    const game = await localGame();
    const s = await open(site, `/play/${game.id}/events`);
    expect(s.status).toBe(200);
    await s.ended;
    expect(s.text).toMatch(/^retry: \d+\n\n/);
    expect(s.text).toContain('event: hello');
    await waitForAsync(async () => listening() === 0, 10_000, 'the ended stream to be let go');
  });

  it("ends a server's streams once it turns its watch pages off; the page's next try is answered 404; another server's stay open", async () => {
    const site = await serve({ local: false, streams: { sweepMs: 50 } });
    const [off, on] = [await serverGame('g-turns-off'), await serverGame('g-stays-on')];
    const watched = await open(site, `/g/${off.watchToken}/events`);
    const other = await open(site, `/g/${on.watchToken}/events`);
    expect([watched.status, other.status]).toEqual([200, 200]);
    const changed = await app.web.services.settings.updateGuild('g-turns-off', { web: false });
    expect(changed.ok).toBe(true);
    await watched.ended;
    expect((await site.send(`/g/${off.watchToken}/events`)).status).toBe(404);
    await waitForAsync(async () => listening() === 1, 10_000, 'only the other server\'s stream to be left');
    await closeAll();
  });

  it('drops a reader that stops reading while events pile up for it, and keeps one that reads', async () => {
    // The streams alone, fed by a source of this test's own: a reader falls behind only once the
    // connection's buffers are full, which takes far more events than a game makes.
    const metrics = createMetrics();
    const server = createHttpServer({ host: '127.0.0.1', port: 0, log: createLogger('error', () => {}), metrics, readiness: () => ({}), operations: false });
    const listeners = new Set<(news: GameNews) => void>();
    const source = { subscribe: (_gameId: number, listener: (news: GameNews) => void) => (listeners.add(listener), () => void listeners.delete(listener)) };
    const events = createEventStreams({ publisher: () => source, webEnabled: async () => true, resourcePolicy: 'same-origin', limits: { maxBufferedBytes: 64 * 1024 } });
    const game = await localGame();
    server.app.get('/events', async (request, reply) => events.stream(request, reply, game));
    const { port } = await server.start();
    const sockets: net.Socket[] = [];
    /** A reader of the stream that counts the versions it has read; `stops` pauses it once the stream has said hello. */
    const reader = async (stops: boolean) => {
      const socket = net.connect(port, '127.0.0.1');
      sockets.push(socket);
      let versions = 0;
      let carry = '';
      let waiting: { count: number; done: () => void } | null = null;
      socket.write(`GET /events HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept: text/event-stream\r\n\r\n`);
      await new Promise<void>((resolve) => {
        socket.on('data', (chunk: Buffer) => {
          const text = carry + chunk.toString('utf8');
          versions += text.split('event: version\n').length - 1;
          // An event's name cut between two chunks is counted with the next one.
          carry = text.slice(-('event: version\n'.length - 1));
          if (carry.includes('event: version\n')) carry = '';
          if (waiting && versions >= waiting.count) waiting.done();
          if (!text.includes('event: hello')) return;
          // The reader stops reading: what is sent waits in the connection, then in the server.
          if (stops) socket.pause();
          resolve();
        });
      });
      return {
        socket,
        /** Resolves once `count` versions have been read. */
        hasRead: (count: number) => new Promise<void>((done) => (versions >= count ? done() : (waiting = { count, done }))),
      };
    };
    const news = (version: number): GameNews => ({ gameId: game.id, version, status: 'ACTIVE', game }) as unknown as GameNews;
    try {
      const stalled = await reader(true);
      const reading = await reader(false);
      expect(listeners.size).toBe(2);
      // Events as a game makes them, a few at a time, each batch read by the reader that reads
      // before the next: up to 200,000 (about 11 MB), far past any connection's buffers.
      let sent = 0;
      while (sent < 200_000 && listeners.size === 2) {
        for (let n = 0; n < 500; n++) {
          const next = news(++sent);
          for (const listener of [...listeners]) listener(next);
        }
        await reading.hasRead(sent);
      }
      expect(listeners.size).toBe(1);
      expect(events.open).toBe(1);
      // The one dropped is the one that stopped reading; the reader that reads still hears each new version.
      for (let n = 0; n < 500; n++) {
        const next = news(++sent);
        for (const listener of [...listeners]) listener(next);
      }
      await reading.hasRead(sent);
      for (const r of [stalled, reading]) r.socket.destroy();
      await waitForAsync(async () => events.open === 0, 10_000, 'the reading stream to close with its reader');
    } finally {
      for (const socket of sockets) socket.destroy();
      events.endAll();
      await server.stop();
      metrics.close();
    }
  });
});
