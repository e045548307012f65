// The one rule of who may see a game's positions, moves and board (services/visibility.ts),
// against a real database: a daily siege's secrecy ends when its day's daily closes; a running
// game's past positions are for its players; otherwise anyone may look.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/config/logger.js';
import { closesAt } from '../../src/services/dailyRules.js';
import { createServices } from '../../src/services/index.js';
import { fixedSeeds } from '../helpers/seeds.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';

const DAY = '2026-11-25';

describe('who may see a game', () => {
  let database: TestDatabase;
  let services: ReturnType<typeof createServices>;
  let now = new Date(`${DAY}T10:00:00Z`);
  beforeAll(async () => {
    database = await createTestDatabase();
    services = createServices({ db: database.db, log: createLogger('error'), ai: null as never, now: () => now, newSeed: fixedSeeds('visibility'), challengeExpiryMs: 60_000 });
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('given a daily siege, its player sees it all; others see nothing of it until the day’s daily closes, then everything', async () => {
    const attempt = await services.daily.claim({ userId: 'p1', guildId: 'g', channelId: 'c', name: 'p1', gameType: 'two-deck-siege', ranked: true, day: DAY });
    if (!attempt.ok) throw new Error(attempt.error.message);
    const started = await services.daily.start(attempt.value, 'thread');
    if (!started.ok) throw new Error(started.error.message);
    const game = started.value;
    for (const look of ['board', 'moves', 'positions'] as const) {
      expect(await services.visibility.gameSightFor(game, 'p1', look)).toEqual({ ok: true, seat: 0, player: true });
      const other = await services.visibility.gameSightFor(game, 'p2', look);
      expect(other.ok).toBe(false);
      expect(!other.ok && other.message).toMatch(/daily siege: nobody but its player/);
    }
    const finished = { ...game, status: 'FINISHED' as const };
    expect((await services.visibility.gameSightFor(finished, 'p2', 'positions')).ok).toBe(false);
    now = new Date(closesAt(DAY).getTime() - 1);
    expect((await services.visibility.gameSightFor(finished, 'p2', 'board')).ok).toBe(false);
    now = closesAt(DAY);
    expect(await services.visibility.gameSightFor(finished, 'p2', 'positions')).toEqual({ ok: true, seat: 0, player: false });
  });

  it('given a running game between two members, a bystander sees its board, moves and past positions as everyone does (its watch page shows them too)', async () => {
    const started = await services.games.startGame({ gameType: 'siege-master', guildId: 'g', channelId: 'c', seats: [{ kind: 'human', userId: 'a' }, { kind: 'human', userId: 'b' }] });
    if (!started.ok) throw new Error(started.error.message);
    const game = started.value;
    expect(await services.visibility.gameSightFor(game, 'b', 'positions')).toEqual({ ok: true, seat: 1, player: true });
    expect(await services.visibility.gameSightFor(game, 'x', 'board')).toEqual({ ok: true, seat: undefined, player: false });
    expect(await services.visibility.gameSightFor(game, 'x', 'moves')).toEqual({ ok: true, seat: undefined, player: false });
    expect(await services.visibility.gameSightFor(game, 'x', 'positions')).toEqual({ ok: true, seat: undefined, player: false });
    expect(await services.visibility.gameSightFor({ ...game, status: 'FINISHED' }, 'x', 'positions')).toEqual({ ok: true, seat: undefined, player: false });
  });

  it("given a running solo game, a bystander reviews it as its board was posted (its only seat's view, which holds no deck's order)", async () => {
    const started = await services.games.startGame({ gameType: 'two-deck-siege', guildId: 'g', channelId: 'c', seats: [{ kind: 'human', userId: 'a' }] });
    if (!started.ok) throw new Error(started.error.message);
    expect(await services.visibility.gameSightFor(started.value, 'x', 'positions')).toEqual({ ok: true, seat: 0, player: false });
  });
});
