// Web sessions in PostgreSQL (src/web/auth/sessions.ts): given sessions made at a clock the test
// moves, then an expired one is refused and swept, a member keeps at most MAX_PER_USER (the oldest
// go), only a hash of the id is stored, ids not of the right shape are refused before any query,
// and the CSRF token belongs to its session only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PER_USER, SESSION_DAYS, createSessions, csrfOk } from '../../src/web/auth/sessions.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';

const DAY = 86_400_000;

describe('web sessions', () => {
  let database: TestDatabase;
  let clock = new Date('2026-12-01T12:00:00Z');
  const sessions = () => createSessions(() => database.db, () => clock);

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('a session is found by its id until it expires, then refused, and swept by the next one made', async () => {
    const store = sessions();
    const made = await store.create('100', 'Alice');
    expect(made.id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const found = await store.find(made.id);
    expect(found).toMatchObject({ userId: '100', displayName: 'Alice', csrf: made.csrf });
    expect(JSON.stringify(await database.db.webSession.findMany())).not.toContain(made.id);

    clock = new Date(clock.getTime() + SESSION_DAYS * DAY - 1000);
    expect(await store.find(made.id)).not.toBeNull();
    clock = new Date(clock.getTime() + 2000);
    expect(await store.find(made.id)).toBeNull();
    await store.create('200', 'Bob');
    expect(await database.db.webSession.count({ where: { userId: '100' } })).toBe(0);
  });

  it(`a member keeps at most ${MAX_PER_USER} sessions: the oldest go first`, async () => {
    const store = sessions();
    const ids: string[] = [];
    for (let n = 0; n < MAX_PER_USER + 2; n++) {
      clock = new Date(clock.getTime() + 1000);
      ids.push((await store.create('300', 'Carol')).id);
    }
    expect(await database.db.webSession.count({ where: { userId: '300' } })).toBe(MAX_PER_USER);
    expect(await store.find(ids[0])).toBeNull();
    expect(await store.find(ids[1])).toBeNull();
    expect(await store.find(ids[2])).not.toBeNull();
    expect(await store.find(ids.at(-1))).not.toBeNull();
  });

  it('an ended session, an unknown id or a malformed one is none; a CSRF token is its own session\'s only', async () => {
    const store = sessions();
    const a = await store.create('400', 'Dan');
    const b = await store.create('401', 'Eve');
    const sa = (await store.find(a.id))!;
    expect(csrfOk(sa, a.csrf)).toBe(true);
    expect(csrfOk(sa, b.csrf)).toBe(false);
    expect(csrfOk(sa, undefined)).toBe(false);
    expect(csrfOk(sa, `${a.csrf}x`)).toBe(false);
    for (const id of ['', 'short', "' OR 1=1 --", 'x'.repeat(43).replace(/x$/, '!'), null, undefined]) expect(await store.find(id)).toBeNull();
    await store.end(a.id);
    expect(await store.find(a.id)).toBeNull();
    expect(await store.find(b.id)).not.toBeNull();
  });
});
