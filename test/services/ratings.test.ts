// Ratings: Glicko-2 against Glickman's worked example, and the rating of a finished game against a
// real database: once per game (however many writers finish it at once), only between members
// who each moved at least twice, backfilled once for games finished before ratings existed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/config/logger.js';
import { gameById } from '../../src/games/index.js';
import { createServices } from '../../src/services/index.js';
import { backfillRecords } from '../../src/services/records/backfill.js';
import { formatRating, isProvisional, rateGame, ratePeriod } from '../../src/services/records/glicko.js';
import { recordFinish, seatScore } from '../../src/services/records/ratings.js';
import { leaderboard, memberStats, orderRatings } from '../../src/services/records/stats.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';
import { fixedSeeds } from '../helpers/seeds.js';

describe('Glicko-2', () => {
  it("given Glickman's worked example (1500/200/0.06 against 1400/30, 1550/100, 1700/300 scoring 1, 0, 0), gives r' ≈ 1464.06, RD' ≈ 151.52, σ' ≈ 0.05999", () => {
    const after = ratePeriod({ rating: 1500, rd: 200, vol: 0.06 }, [
      { opponent: { rating: 1400, rd: 30, vol: 0.06 }, score: 1 },
      { opponent: { rating: 1550, rd: 100, vol: 0.06 }, score: 0 },
      { opponent: { rating: 1700, rd: 300, vol: 0.06 }, score: 0 },
    ]);
    // The paper rounds its intermediate values; the exact figure is 1464.05.
    expect(Math.abs(after.rating - 1464.06)).toBeLessThan(0.02);
    expect(after.rd).toBeCloseTo(151.52, 2);
    expect(Math.abs(after.vol - 0.05999)).toBeLessThan(1e-5);
  });

  it('a win between two new players moves both by the same amount, a draw leaves them level, and they stay provisional', () => {
    const fresh = { rating: 1500, rd: 350, vol: 0.06 };
    const [a, b] = rateGame(fresh, fresh, 1);
    expect(a.rating - 1500).toBeCloseTo(1500 - b.rating, 6);
    expect(a.rating).toBeGreaterThan(1600);
    const [c, d] = rateGame(fresh, fresh, 0.5);
    expect(c.rating).toBeCloseTo(1500, 6);
    expect(d.rating).toBeCloseTo(1500, 6);
    expect(isProvisional(a)).toBe(true);
    expect(formatRating(a)).toMatch(/^\d+\?$/);
    expect(formatRating({ rating: 1612.4, rd: 110 })).toBe('1612');
  });

  it('scores a resignation or a timeout as a loss, and a game without winners as a draw', () => {
    const resigned = { winners: [1], draw: false, reason: 'Red (<@1>) resigned.' };
    const late = { winners: [0], draw: false, reason: 'Blue ran out of time.' };
    expect([seatScore(resigned, 0), seatScore(resigned, 1)]).toEqual([0, 1]);
    expect([seatScore(late, 0), seatScore(late, 1)]).toEqual([1, 0]);
    expect(seatScore({ winners: [], draw: true, reason: '' }, 0)).toBe(0.5);
  });

  it('orders settled ratings first, then provisional ones, each by rating', () => {
    const rows = [
      { userId: 'p1', rating: 1800, rd: 200 },
      { userId: 's1', rating: 1500, rd: 100 },
      { userId: 'p2', rating: 1400, rd: 300 },
      { userId: 's2', rating: 1600, rd: 60 },
      { userId: 's3', rating: 1550, rd: 110 },
    ];
    expect(orderRatings(rows).map((r) => r.userId)).toEqual(['s2', 's3', 's1', 'p1', 'p2']);
  });
});

describe('ratings in the database', () => {
  let database: TestDatabase;
  let services: ReturnType<typeof createServices>;
  const GUILD = 'g1';
  beforeAll(async () => {
    database = await createTestDatabase();
    services = createServices({ db: database.db, log: createLogger('error'), ai: null as never, now: () => new Date(), newSeed: fixedSeeds('ratings'), challengeExpiryMs: 1000 });
  });
  afterAll(async () => {
    await database?.drop();
  });

  async function membersGame(a: string, b: string, guildId: string | null = GUILD) {
    const r = await services.games.startGame({
      gameType: 'siege-master', guildId, channelId: 'c',
      seats: [{ kind: 'human', userId: a }, { kind: 'human', userId: b }], rawOptions: { map: 'hex' },
    });
    if (!r.ok) throw new Error(r.error.message);
    return r.value;
  }

  /** Plays the first legal move for whoever must act, `n` times. */
  async function play(gameId: number, n: number) {
    const def = gameById('siege-master')!;
    for (let k = 0; k < n; k++) {
      const game = (await services.games.load(gameId))!;
      const seat = def.toAct(game.state)[0]!;
      const s = game.seats[seat]!;
      const move = def.legalMoves(game.state, seat)[0];
      const r = await services.games.applyMove({ gameId, actor: s.kind === 'human' ? { kind: 'user', userId: s.userId } : { kind: 'ai', seat }, input: { move } });
      if (!r.ok) throw new Error(r.error.message);
    }
  }

  const ratingOf = (userId: string, guildId = GUILD) =>
    database.db.rating.findUnique({ where: { guildId_gameType_userId: { guildId, gameType: 'siege-master', userId } } });

  it('given a game between two members who each moved twice, a resignation rates it once, as a loss, in the finishing transaction', async () => {
    const game = await membersGame('a1', 'b1');
    await play(game.id, 4);
    const done = await services.games.resign(game.id, 'a1');
    expect(done.ok).toBe(true);
    const [a, b] = [await ratingOf('a1'), await ratingOf('b1')];
    expect(a!.rating).toBeLessThan(1500);
    expect(b!.rating).toBeGreaterThan(1500);
    expect([a!.games, b!.games]).toEqual([1, 1]);
    const changes = await database.db.ratingChange.findMany({ where: { gameId: game.id }, orderBy: { seat: 'asc' } });
    expect(changes.map((c) => [c.userId, c.score, c.ratingBefore])).toEqual([['a1', 0, 1500], ['b1', 1, 1500]]);
    const row = await database.db.game.findUnique({ where: { id: game.id } });
    expect(row!.recordedAt).toEqual(row!.finishedAt);
  });

  it('given a game finished twice at once (both players resign together), ratings change once', async () => {
    const game = await membersGame('a2', 'b2');
    await play(game.id, 4);
    const results = await Promise.all([services.games.resign(game.id, 'a2'), services.games.resign(game.id, 'b2')]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect((await ratingOf('a2'))!.games).toBe(1);
    expect((await ratingOf('b2'))!.games).toBe(1);
    expect(await database.db.ratingChange.count({ where: { gameId: game.id } })).toBe(2);
    // Recording it again (a backfill, a retry) changes nothing.
    const row = (await database.db.game.findUnique({ where: { id: game.id } }))!;
    expect(await database.db.$transaction((tx) => recordFinish(tx, row, new Date()))).toBe(false);
    expect((await ratingOf('a2'))!.games).toBe(1);
  });

  it('given a game that ends before each side has moved twice, or against the AI, or outside a server, nothing is rated but the game is recorded', async () => {
    const early = await membersGame('a3', 'b3');
    await play(early.id, 3); // a3 twice, b3 once
    await services.games.resign(early.id, 'b3');
    expect(await ratingOf('a3')).toBeNull();
    expect((await database.db.game.findUnique({ where: { id: early.id } }))!.recordedAt).not.toBeNull();

    const ai = await services.games.startGame({ gameType: 'siege-master', guildId: GUILD, channelId: 'c', seats: [{ kind: 'human', userId: 'a3' }, { kind: 'ai', level: 'easy' }], rawOptions: { map: 'hex' } });
    if (!ai.ok) throw new Error(ai.error.message);
    await play(ai.value.id, 6);
    await services.games.resign(ai.value.id, 'a3');
    expect(await ratingOf('a3')).toBeNull();
    expect(await database.db.ratingChange.count({ where: { gameId: { in: [early.id, ai.value.id] } } })).toBe(0);
    const stats = await memberStats(database.db, GUILD, 'a3', 'siege-master');
    expect(stats[0]!.vsAi).toEqual({ wins: 0, losses: 1, draws: 0 });
    expect(stats[0]!.vsMembers).toEqual({ wins: 1, losses: 0, draws: 0 });
    expect(stats[0]!.rating).toBeNull();
  });

  it('given games finished before ratings existed, the start-up backfill rates them once, oldest first', async () => {
    const ids: number[] = [];
    for (const [k, [loser, when]] of ([['a4', '2026-01-02'], ['b4', '2026-01-01'], ['a4', '2026-01-03']] as const).entries()) {
      const game = await membersGame('a4', 'b4', 'g-old');
      await play(game.id, 4);
      ids.push(game.id);
      // As the records migration leaves them: finished, recorded by nobody.
      await database.db.game.update({
        where: { id: game.id },
        data: { status: 'FINISHED', outcome: { winners: [loser === 'a4' ? 1 : 0], draw: false, reason: `game ${k}` }, finishedAt: new Date(when), recordedAt: null },
      });
    }
    const first = await backfillRecords(database.db);
    expect(first).toEqual({ recorded: 3, rated: 3 });
    const changes = await database.db.ratingChange.findMany({ where: { userId: 'a4' }, orderBy: { createdAt: 'asc' } });
    // b4 lost on Jan 1 (a4's first change is a win), then a4 lost twice.
    expect(changes.map((c) => [c.gameId, c.score])).toEqual([[ids[1], 1], [ids[0], 0], [ids[2], 0]]);
    expect(changes[1]!.ratingBefore).toBeCloseTo(changes[0]!.ratingAfter, 9);
    expect(await backfillRecords(database.db)).toEqual({ recorded: 0, rated: 0 });
    expect((await ratingOf('a4', 'g-old'))!.games).toBe(3);
    const stats = await memberStats(database.db, 'g-old', 'a4');
    expect(stats[0]!.streak).toEqual({ result: 'loss', length: 2 });
    expect(stats[0]!.last.map((g) => g.id)).toEqual([ids[2], ids[0], ids[1]]);
  });

  it('the leaderboard lists settled ratings before provisional ones and always shows the caller', async () => {
    const rows = [
      ['u-settled-high', 1700, 80], ['u-prov-top', 1900, 250], ['u-settled-mid', 1600, 105],
      ...Array.from({ length: 10 }, (_, k) => [`u-fill-${k}`, 1550 - k, 90] as const),
      ['u-caller', 1450, 300],
    ] as const;
    await database.db.rating.createMany({ data: rows.map(([userId, rating, rd]) => ({ guildId: 'g-board', gameType: 'siege-master', userId, rating, rd, vol: 0.06, games: 5, updatedAt: new Date() })) });
    const board = await leaderboard(database.db, 'g-board', 'siege-master', 'u-caller');
    expect(board.top).toHaveLength(10);
    expect(board.top.slice(0, 3).map((e) => e.userId)).toEqual(['u-settled-high', 'u-settled-mid', 'u-fill-0']);
    expect(board.top.every((e) => !e.provisional)).toBe(true);
    expect(board.me).toMatchObject({ userId: 'u-caller', place: 14, provisional: true });
    expect(board.total).toBe(14);
    const top = await leaderboard(database.db, 'g-board', 'siege-master', 'u-settled-high');
    expect(top.me?.place).toBe(1);
  });
});
