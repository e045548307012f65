// The bot's two listeners, as the app composes them: the web front on HTTP_PORT (which may face
// the world, or a reverse proxy that does) answers its pages and /healthz only; readiness and
// metrics answer on METRICS_PORT, on loopback by default, whatever HTTP_HOST says.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siegeCommands } from '../../commands/index.js';
import { startApp, type RunningApp } from '../../src/app.js';
import { createLogger } from '../../src/config/logger.js';
import { createRenderPool } from '../../src/render/pool.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';
import { testConfig } from '../helpers/scene.js';
import { fixedSeeds } from '../helpers/seeds.js';

describe('the listeners of a running bot', () => {
  let database: TestDatabase;
  let app: RunningApp;
  const render = createRenderPool({ size: 1 });

  beforeAll(async () => {
    database = await createTestDatabase();
    const config = { ...testConfig({ botToken: 'unused', apiUrl: 'http://127.0.0.1:1' } as never, database.url, { httpPort: 0, httpHost: '0.0.0.0', metricsPort: 0 }), discordToken: null };
    app = await startApp(config, { commands: siegeCommands, log: createLogger('warn', () => {}), newSeed: fixedSeeds('listeners'), render });
    await app.ready;
  });
  afterAll(async () => {
    await app?.stop();
    await render.close();
    await database?.drop();
  });

  it('serves readiness and metrics on the operators\' listener, on loopback, and never on the web front\'s', async () => {
    expect(app.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(app.metricsUrl).not.toBe(app.httpUrl);
    const ready = await fetch(`${app.metricsUrl}/readyz`);
    expect(ready.status).toBe(200);
    const scrape = await fetch(`${app.metricsUrl}/metrics`);
    expect(await scrape.text()).toContain('siege_db_statements_total');
    expect((await fetch(`${app.metricsUrl}/healthz`)).status).toBe(200);
    for (const path of ['/readyz', '/metrics']) {
      const web = await fetch(`${app.httpUrl}${path}`);
      expect(web.status).toBe(404);
      expect(await web.text()).not.toContain('siege_');
    }
    expect((await fetch(`${app.httpUrl}/healthz`)).status).toBe(200);
  });
});
