// The clock rules and their exactly-once judgments, against a real database. Jobs may run twice
// (a retry, a second process): each judgment has its effect once.
import { fixedSeeds } from '../helpers/seeds.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/config/logger.js';
import { deadlineFrom, nextReminder, reminderTimes, timeLeft } from '../../src/services/clocks.js';
import { gameById } from '../../src/games/index.js';
import { createServices } from '../../src/services/index.js';
import { parseChannelList } from '../../src/services/settings.js';
import { DAY, HOUR } from '../helpers/clock.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';

const T0 = new Date('2026-11-01T12:00:00Z');
const at = (ms: number) => new Date(T0.getTime() + ms);

describe('clock rules', () => {
  it('a vacation that overlaps the turn moves the deadline by the overlap, once per stretch of time', () => {
    expect(deadlineFrom(T0, DAY, [])).toEqual(at(DAY));
    expect(deadlineFrom(T0, DAY, [{ startsAt: at(2 * HOUR), endsAt: at(2 * DAY + 2 * HOUR) }])).toEqual(at(3 * DAY));
    // Begun before the turn: only the part after the turn began counts.
    expect(deadlineFrom(T0, DAY, [{ startsAt: at(-DAY), endsAt: at(HOUR) }])).toEqual(at(DAY + HOUR));
    // Ended before the turn began, or begun after the deadline: no effect.
    expect(deadlineFrom(T0, DAY, [{ startsAt: at(-3 * DAY), endsAt: at(-DAY) }, { startsAt: at(2 * DAY), endsAt: at(3 * DAY) }])).toEqual(at(DAY));
    // Two players' overlapping vacations count their union.
    expect(deadlineFrom(T0, DAY, [{ startsAt: at(0), endsAt: at(DAY) }, { startsAt: at(12 * HOUR), endsAt: at(DAY + 12 * HOUR) }])).toEqual(at(2 * DAY + 12 * HOUR));
  });

  it('reminds at half time and 12 hours before the deadline, at 90% on a 1-day clock', () => {
    expect(reminderTimes(at(3 * DAY), 3 * DAY)).toEqual({ half: at(36 * HOUR), late: at(60 * HOUR) });
    expect(reminderTimes(at(DAY), DAY)).toEqual({ half: at(12 * HOUR), late: at(DAY * 0.9) });
    expect(nextReminder(at(2 * DAY), 2 * DAY, at(DAY + 1))).toEqual(at(36 * HOUR));
    expect(nextReminder(at(2 * DAY), 2 * DAY, at(36 * HOUR + 1))).toBeNull();
    expect(timeLeft(at(DAY + 3 * HOUR), T0)).toBe('1 d 3 h');
    expect(timeLeft(at(20 * 60_000), T0)).toBe('20 min');
    expect(timeLeft(at(-1), T0)).toBe('out of time');
  });

  it('reads channel lists from mentions and ids, or "all"', () => {
    expect(parseChannelList('<#123456789012345678>, 223456789012345678')).toEqual({ ok: true, value: ['123456789012345678', '223456789012345678'] });
    expect(parseChannelList('all')).toEqual({ ok: true, value: [] });
    expect(parseChannelList('#general').ok).toBe(false);
  });
});

describe('timekeeping judgments', () => {
  let database: TestDatabase;
  let now = T0;
  let services: ReturnType<typeof createServices>;
  beforeAll(async () => {
    database = await createTestDatabase();
    services = createServices({ db: database.db, log: createLogger('error'), ai: null as never, now: () => now, newSeed: fixedSeeds('timekeeping'), challengeExpiryMs: DAY });
  });
  afterAll(async () => {
    await database?.drop();
  });

  async function clockedGame() {
    now = T0;
    const started = await services.games.startGame({
      gameType: 'siege-master', guildId: '1', channelId: '2',
      seats: [{ kind: 'human', userId: '10' }, { kind: 'human', userId: '20' }],
      clockSeconds: 86_400,
    });
    if (!started.ok) throw new Error(started.error.message);
    expect(started.value.deadlineAt).toEqual(at(DAY));
    return started.value;
  }

  it('a reminder claimed twice at once is sent once', async () => {
    const game = await clockedGame();
    now = at(12 * HOUR + 1);
    const claims = await Promise.all([1, 2, 3].map(() => services.timekeeping.claimReminder(game.id)));
    expect(claims.filter((c) => c !== null).map((c) => c!.userIds)).toEqual([['10']]);
    now = at(22 * HOUR);
    expect(await services.timekeeping.claimReminder(game.id)).toBeNull(); // within 12 hours
  });

  it('a timeout judged twice at once offers the claim once, and only one claim wins', async () => {
    const game = await clockedGame();
    now = at(DAY - 1);
    expect((await services.timekeeping.judgeClock(game.id, DAY)).kind).toBe('not-yet');
    now = at(DAY + 5 * HOUR);
    const verdicts = await Promise.all([1, 2].map(() => services.timekeeping.judgeClock(game.id, DAY)));
    expect(verdicts.filter((v) => v.kind === 'claimable')).toHaveLength(1);
    // The other read the game before the first wrote (its write then changes nothing) or after (the grace has begun).
    expect(['moved-on', 'not-yet']).toContain(verdicts.find((v) => v.kind !== 'claimable')!.kind);
    const row = await services.games.load(game.id);
    expect(row!.timedOutAt).toEqual(at(DAY)); // the stored deadline, not the time of judgment
    const claims = await Promise.all([1, 2].map(() => services.timekeeping.claimWin(game.id, '20')));
    expect(claims.filter((c) => c.ok)).toHaveLength(1);
    const done = await services.games.load(game.id);
    expect(done!.status).toBe('FINISHED');
    expect(done!.outcome!.winners).toEqual([1]);
    expect((await services.timekeeping.judgeClock(game.id, DAY)).kind).toBe('moved-on');
  });

  it('a player changing a setting out of turn leaves the clock and the version alone', async () => {
    const started = await services.games.startGame({
      gameType: 'dice-realms', guildId: '1', channelId: '2',
      seats: [{ kind: 'human', userId: '30' }, { kind: 'human', userId: '40' }],
      clockSeconds: 86_400,
    });
    if (!started.ok) throw new Error(started.error.message);
    now = at(HOUR);
    const changed = await services.games.changeSetting({ gameId: started.value.id, userId: '40', name: 'defence', value: 'none' });
    if (!changed.ok) throw new Error(changed.error.message);
    expect(changed.value.game.deadlineAt).toEqual(started.value.deadlineAt);
    expect(changed.value.game.version).toBe(started.value.version);
  });

  it('in Dice Realms, each hand-over (the defender\'s decision mid-turn too) starts a fresh clock, and the steps of a turn keep it', async () => {
    const def = gameById('dice-realms')!;
    now = T0;
    const started = await services.games.startGame({
      gameType: 'dice-realms', guildId: '1', channelId: '2',
      seats: [{ kind: 'human', userId: '50' }, { kind: 'human', userId: '60' }],
      clockSeconds: 86_400,
      seed: 'clock-defender',
    });
    if (!started.ok) throw new Error(started.error.message);
    let game = started.value;
    let defenderTurns = 0;
    let handOvers = 0;
    let steps = 0;
    for (let step = 0; step < 400 && game.status === 'ACTIVE'; step++) {
      now = at((step + 1) * HOUR);
      const seat = def.toAct(game.state)[0]!;
      const moves = def.legalMoves(game.state, seat);
      // Prefer attacks on territories, so that defenders are asked.
      const kind = (m: unknown) => m as { type: string; target?: string };
      const move = moves.find((m) => kind(m).type === 'attack' && kind(m).target !== 'army') ?? moves[step % moves.length]!;
      const userId = (game.seats[seat] as { userId: string }).userId;
      const before = game.deadlineAt;
      const r = await services.games.applyMove({ gameId: game.id, actor: { kind: 'user', userId }, input: { move } });
      if (!r.ok) throw new Error(r.error.message);
      game = r.value.game;
      if (game.status !== 'ACTIVE') break;
      if (r.value.handOver) {
        handOvers++;
        expect(game.deadlineAt).toEqual(at((step + 1) * HOUR + DAY));
      } else {
        steps++;
        expect(game.deadlineAt).toEqual(before);
      }
      const state = game.state as { phase: string; active: number };
      if (state.phase === 'defend') {
        defenderTurns++;
        expect(game.toActUserIds).toEqual([state.active === 0 ? '60' : '50']);
      }
    }
    expect(defenderTurns).toBeGreaterThan(0);
    expect(handOvers).toBeGreaterThan(0);
    expect(steps).toBeGreaterThan(0);
  });
});
