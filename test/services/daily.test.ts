// The daily siege's rules and service against a real database: the day's seed and its secret,
// one attempt a day, the same deal replaying to the same state, leaderboard order, streaks across
// a missed day, and the close a day after the day ends.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/config/logger.js';
import { gameById } from '../../src/games/index.js';
import { createServices, type Services } from '../../src/services/index.js';
import { isDailyGame } from '../../src/services/daily.js';
import { isDailyChallenge } from '../../src/services/records/takebacks.js';
import { replayGame } from '../../src/services/replay.js';
import {
  addDays,
  closesAt,
  currentStreak,
  dailyGames,
  dailyRules,
  dailyScore,
  dailySeed,
  parseDay,
  rankEntries,
  resultLine,
  streakEndingAt,
  utcDay,
} from '../../src/services/dailyRules.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';
import { fixedSeeds } from '../helpers/seeds.js';

describe('daily siege rules', () => {
  it('days are UTC; a daily closes at the end of its day plus 24 hours', () => {
    expect(utcDay(new Date('2026-11-25T23:59:59.999Z'))).toBe('2026-11-25');
    expect(utcDay(new Date('2026-11-26T00:00:00.000Z'))).toBe('2026-11-26');
    expect(closesAt('2026-11-25').toISOString()).toBe('2026-11-27T00:00:00.000Z');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(parseDay('2026-02-30')).toBeNull();
    expect(parseDay('yesterday')).toBeNull();
    expect(parseDay(' 2026-02-28 ')).toBe('2026-02-28');
  });

  it("the day's seed is the same for the same day and game, and differs by day, by game and by secret", () => {
    const secret = 'a'.repeat(64);
    expect(dailySeed(secret, '2026-11-25', 'two-deck-siege')).toBe(dailySeed(secret, '2026-11-25', 'two-deck-siege'));
    expect(dailySeed(secret, '2026-11-26', 'two-deck-siege')).not.toBe(dailySeed(secret, '2026-11-25', 'two-deck-siege'));
    expect(dailySeed(secret, '2026-11-25', 'kingdoms-siege')).not.toBe(dailySeed(secret, '2026-11-25', 'two-deck-siege'));
    expect(dailySeed('b'.repeat(64), '2026-11-26', 'two-deck-siege')).not.toBe(dailySeed(secret, '2026-11-26', 'two-deck-siege'));
  });

  it("tomorrow's seed cannot be derived from today's without the secret", () => {
    // Two secrets that give the same deal today (found by construction: the same secret's seed is
    // all a player sees) would still differ tomorrow; and nothing public goes into the seed but
    // the day and the game, under an HMAC keyed by the secret.
    const secret = 'c'.repeat(64);
    const today = dailySeed(secret, '2026-11-25', 'two-deck-siege');
    const tomorrow = dailySeed(secret, '2026-11-26', 'two-deck-siege');
    expect(today).not.toContain('2026');
    // Every keyless derivation from today's seed and the dates misses tomorrow's.
    for (const guess of [today, dailySeed(today, '2026-11-26', 'two-deck-siege'), dailySeed('', '2026-11-26', 'two-deck-siege'), dailySeed('2026-11-25', '2026-11-26', 'two-deck-siege')]) {
      expect(guess).not.toBe(tomorrow);
    }
  });

  it('every solo game has daily options its own parser accepts, and no two-player game is offered', () => {
    const ids = dailyGames().map((g) => g.id);
    expect(ids).toEqual(expect.arrayContaining(['kingdoms-siege', 'kingdoms-solo', 'two-deck-siege']));
    expect(ids).not.toContain('siege-master');
    for (const def of dailyGames()) expect(def.parseOptions(dailyRules(def.id).options).ok).toBe(true);
    expect(dailyRules('two-deck-siege').options).toEqual({ castle: 'square', 'thick-walls': 'off', reinforcements: '1' });
  });

  it('scores: the first score, or the margin for the Solo Variant; nothing without scores', () => {
    expect(dailyScore(dailyRules('two-deck-siege'), { winners: [0], draw: false, reason: '', scores: [87] })).toBe(87);
    expect(dailyScore(dailyRules('kingdoms-solo'), { winners: [1], draw: false, reason: '', scores: [30, 34] })).toBe(-4);
    expect(dailyScore(dailyRules('kingdoms-siege'), { winners: [], draw: false, reason: 'resigned' })).toBeNull();
  });

  it('ties are broken by fewer turns, then by who finished first', () => {
    const at = (s: number) => new Date(Date.UTC(2026, 10, 25, 12, 0, s));
    const ranked = rankEntries([
      { userId: '1', name: 'late', score: 80, turns: 10, finishedAt: at(30) },
      { userId: '2', name: 'slow', score: 80, turns: 12, finishedAt: at(1) },
      { userId: '3', name: 'best', score: 90, turns: 20, finishedAt: at(50) },
      { userId: '4', name: 'early', score: 80, turns: 10, finishedAt: at(10) },
    ]);
    expect(ranked.map((e) => e.name)).toEqual(['best', 'early', 'late', 'slow']);
  });

  it('a streak counts consecutive days and a missed day starts it again; today not yet played keeps it alive', () => {
    const days = ['2026-11-20', '2026-11-21', '2026-11-22', '2026-11-24'];
    expect(streakEndingAt(days, '2026-11-22')).toBe(3);
    expect(streakEndingAt(days, '2026-11-23')).toBe(0);
    expect(streakEndingAt(days, '2026-11-24')).toBe(1);
    expect(currentStreak(days, '2026-11-25')).toBe(1);
    expect(currentStreak(days, '2026-11-26')).toBe(0);
    expect(currentStreak(['2026-11-24', '2026-11-25'], '2026-11-25')).toBe(2);
  });

  it('the result line tells the score, the turns and the streak, and nothing of the deal', () => {
    const line = resultLine({ title: 'Two Deck Siege', name: 'alice', rules: dailyRules('two-deck-siege'), outcome: { winners: [0], draw: false, reason: 'x', scores: [87] }, score: 87, turns: 14, streak: 3 });
    expect(line).toBe('🏰 **Two Deck Siege** daily: alice held the castle: 87 points in 14 turns · 🔥 3-day streak');
  });
});

describe('daily siege service', () => {
  let database: TestDatabase;
  let services: Services;
  let clock = new Date('2026-11-25T10:00:00.000Z');
  beforeAll(async () => {
    database = await createTestDatabase();
    services = createServices({ db: database.db, log: createLogger('error'), ai: null as never, now: () => clock, newSeed: fixedSeeds('daily'), challengeExpiryMs: 1000 });
  });
  afterAll(async () => {
    await database?.drop();
  });

  const claim = (userId: string, guildId: string, gameType = 'two-deck-siege', ranked = true) =>
    services.daily.claim({ userId, guildId, channelId: `c${guildId}`, name: `user ${userId}`, gameType, ranked });

  it('keeps one secret for every process: the first to ask makes it', async () => {
    const process = () => createServices({ db: database.db, log: createLogger('error'), ai: null as never, now: () => clock, newSeed: fixedSeeds('x'), challengeExpiryMs: 1000 });
    const [a, b] = await Promise.all([process().daily.dailySecret(), process().daily.dailySecret()]);
    expect(a).toBe(b);
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(await process().daily.dailySecret()).toBe(a);
    // The rest of this file plays fixed deals: a fixed secret.
    await database.db.dailySecret.update({ where: { id: 1 }, data: { secret: 'daily-service-test-secret' } });
  });

  it('two players on two servers get the same deal, and the same moves replay it to the same state', async () => {
    const a = await claim('alice', 'g1');
    const c = await claim('carol', 'g2');
    if (!a.ok || !c.ok) throw new Error('claims refused');
    const ga = await services.daily.start(a.value);
    const gc = await services.daily.start(c.value);
    if (!ga.ok || !gc.ok) throw new Error('not started');
    expect(ga.value.seed).toBe(gc.value.seed);
    expect(ga.value.state).toEqual(gc.value.state);
    expect(ga.value.options).toMatchObject({ castle: 'square', reinforcements: 1, daily: true });
    // Undo and takebacks read this marker (`daily: true` in the stored options).
    expect(isDailyGame(ga.value)).toBe(true);
    expect(isDailyChallenge(ga.value)).toBe(true);
    const def = gameById('two-deck-siege')!;
    for (let n = 0; n < 12; n++) {
      const game = (await services.games.load(ga.value.id))!;
      if (game.status !== 'ACTIVE') break;
      const move = def.legalMoves(game.state, 0)[n % 3] ?? def.legalMoves(game.state, 0)[0];
      for (const [id, user] of [[ga.value.id, 'alice'], [gc.value.id, 'carol']] as const) {
        const r = await services.games.applyMove({ gameId: id, actor: { kind: 'user', userId: user }, input: { move } });
        expect(r.ok).toBe(true);
      }
    }
    const [fa, fc] = [(await services.games.load(ga.value.id))!, (await services.games.load(gc.value.id))!];
    expect(fa.state).toEqual(fc.state);
    const moves = await services.games.moveLog(fa.id);
    expect(replayGame(def, fa.seed, fa.seats, fa.options, moves)).toEqual(fa.state);
  });

  it('a second attempt on the same day is refused, on any server; the next day is a new deal', async () => {
    const again = await claim('alice', 'g3');
    expect(again.ok).toBe(false);
    if (!again.ok) expect(again.error.message).toMatch(/already/);
    expect((await claim('alice', 'g1', 'kingdoms-siege')).ok).toBe(true);
    expect(await services.daily.seedFor('2026-11-26', 'two-deck-siege')).not.toBe(await services.daily.seedFor('2026-11-25', 'two-deck-siege'));
  });

  it('an unfinished daily takes moves until a day after its day, then refuses them and closes scoring nothing', async () => {
    const b = await claim('bob', 'g1');
    if (!b.ok) throw new Error('claim refused');
    const started = await services.daily.start(b.value);
    if (!started.ok) throw new Error('not started');
    const def = gameById('two-deck-siege')!;
    clock = new Date('2026-11-26T23:59:59.000Z');
    expect(await services.daily.closeIfDue(started.value.id)).toBeNull();
    const move = def.legalMoves(started.value.state, 0)[0];
    expect((await services.games.applyMove({ gameId: started.value.id, actor: { kind: 'user', userId: 'bob' }, input: { move } })).ok).toBe(true);
    clock = new Date('2026-11-27T00:00:00.000Z');
    const game = (await services.games.load(started.value.id))!;
    const late = await services.games.applyMove({ gameId: game.id, actor: { kind: 'user', userId: 'bob' }, input: { move: def.legalMoves(game.state, 0)[0] } });
    expect(late.ok ? 'moved' : late.error.code).toBe('daily-closed');
    expect((await services.daily.runningAttempts()).map((g) => g.gameId)).toContain(game.id);
    const closed = await services.daily.closeIfDue(game.id);
    expect(closed?.game.status).toBe('FINISHED');
    expect(closed?.game.outcome?.reason).toMatch(/closed before it was finished/);
    const attempt = await services.daily.attemptOfGame(game.id);
    expect(attempt?.finishedAt).not.toBeNull();
    expect(attempt?.score).toBeNull();
    expect(await services.daily.closeIfDue(game.id)).toBeNull();
    expect(await services.daily.leaderboard('g1', 'two-deck-siege', '2026-11-25')).toEqual([]);
  });

  it('streaks from stored results survive a missed day correctly', async () => {
    const db = database.db;
    for (const day of ['2026-11-01', '2026-11-02', '2026-11-04', '2026-11-05', '2026-11-06']) {
      await db.dailyAttempt.create({ data: { day, gameType: 'kingdoms-siege', userId: 'dana', guildId: 'g1', channelId: 'c', name: 'dana', closesAt: closesAt(day), score: 5, turns: 7, finishedAt: new Date(`${day}T12:00:00Z`) } });
    }
    // An unfinished (closed) daily is no finished day.
    await db.dailyAttempt.create({ data: { day: '2026-11-03', gameType: 'two-deck-siege', userId: 'dana', guildId: 'g1', channelId: 'c', name: 'dana', closesAt: closesAt('2026-11-03'), finishedAt: new Date('2026-11-05T00:00:00Z') } });
    expect(await services.daily.streakAt('dana', '2026-11-02')).toBe(2);
    expect(await services.daily.streakAt('dana', '2026-11-06')).toBe(3);
    clock = new Date('2026-11-07T08:00:00Z');
    expect(await services.daily.streakNow('dana')).toBe(3);
    clock = new Date('2026-11-08T08:00:00Z');
    expect(await services.daily.streakNow('dana')).toBe(0);
  });
});
