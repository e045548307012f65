// The limits on new games against a real database: checked and recorded in one transaction under
// the member's lock, so presses at once cannot slip through together; the hour's budget with the
// time the next start may come; a start given back; the limits of one member or server leave
// others alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/config/logger.js';
import { ok } from '../../src/engine/result.js';
import { createServices, type Services } from '../../src/services/index.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';
import { fixedSeeds } from '../helpers/seeds.js';

describe('start limits', () => {
  let database: TestDatabase;
  let services: Services;
  let clock = new Date('2026-11-25T10:00:00.000Z');
  beforeAll(async () => {
    database = await createTestDatabase();
    services = createServices({ db: database.db, log: createLogger('error'), ai: null as never, now: () => clock, newSeed: fixedSeeds('limits'), challengeExpiryMs: 60_000 });
    await services.settings.updateGuild('g1', { gamesPerHour: 3 });
  });
  afterAll(async () => {
    await database?.drop();
  });

  let made = 0;
  const start = (userId: string, guildId = 'g1', via: Services = services) =>
    via.startLimits.admit({ guildId, starterId: userId, kind: 'game' }, async () => ok(++made), (n) => `test:${n}`);

  it('given ten starts at once from two processes with room for three, then three are admitted and recorded', async () => {
    // A second process: its own in-process queue, the same database (the advisory lock decides).
    const other = createServices({ db: database.db, log: createLogger('error'), ai: null as never, now: () => clock, newSeed: fixedSeeds('other'), challengeExpiryMs: 60_000 });
    const results = await Promise.all(Array.from({ length: 10 }, (_, n) => start('u1', 'g1', n % 2 ? other : services)));
    expect(results.filter((r) => r.ok)).toHaveLength(3);
    const refused = results.find((r) => !r.ok)!;
    expect(!refused.ok && refused.error.message).toMatch(/You have started 3 new games here in the last hour.*<t:\d+:R>/);
    expect(await database.db.gameStart.count({ where: { userId: 'u1' } })).toBe(3);
    // Another member, or the same member on another server, has a budget of their own.
    expect((await start('u2')).ok).toBe(true);
    expect((await start('u1', 'g2')).ok).toBe(true);
  });

  it('given the budget spent, then the answer names when the oldest start of the hour leaves it, and then one more is admitted', async () => {
    const refused = await start('u1');
    const oldest = (await database.db.gameStart.findFirst({ where: { userId: 'u1', guildId: 'g1' }, orderBy: { createdAt: 'asc' } }))!;
    const when = Math.ceil((oldest.createdAt.getTime() + 3_600_000) / 1000);
    expect(!refused.ok && refused.error.message).toContain(`<t:${when}:R>`);
    clock = new Date(clock.getTime() + 3_600_000 + 1);
    expect((await start('u1')).ok).toBe(true);
  });

  it('given a start given back (a daily whose private thread could not be made), then it no longer counts', async () => {
    clock = new Date(clock.getTime() + 2 * 3_600_000);
    const refs: string[] = [];
    for (let n = 0; n < 3; n++) {
      const r = await start('u3');
      if (r.ok) refs.push(`test:${r.value}`);
    }
    expect((await start('u3')).ok).toBe(false);
    await services.startLimits.refund(refs[0]!);
    expect((await start('u3')).ok).toBe(true);
  });

  it("given a refusal by the start itself, then nothing is recorded", async () => {
    const before = await database.db.gameStart.count();
    const refused = await services.startLimits.admit({ guildId: 'g1', starterId: 'u4', kind: 'game' }, async () => ({ ok: false as const, error: { code: 'no', message: 'no' } }));
    expect(refused.ok).toBe(false);
    expect(await database.db.gameStart.count()).toBe(before);
  });
});
