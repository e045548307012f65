// The arena of the solo games, through the service: every player is dealt the same deals (seeded
// from the bot's secret, never told), each once; a finished deal scores the game's own score and
// the time it took; the standings rank by total score, then deals scored, then time; nobody but a
// deal's player sees it while the arena runs; at its end the deals still being played are stopped
// and score nothing, what was never begun scores nothing, and each player's place is kept.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameById } from '../../src/games/index.js';
import { recordScore } from '../../src/services/records/stats.js';
import type { CreateInput, TournamentEvent, TournamentView } from '../../src/tournaments/index.js';
import { rankArena } from '../../src/tournaments/arenaStandings.js';
import { DAY, value } from '../master/harness.js';
import { picker, playRandomly, tournamentBench, type TournamentBench } from './harness.js';

const ofType = <T extends TournamentEvent['type']>(b: TournamentBench, type: T) => b.heard.filter((e): e is Extract<TournamentEvent, { type: T }> => e.type === type);

async function createArena(b: TournamentBench, more: Partial<CreateInput> = {}): Promise<TournamentView> {
  return value(await b.tournaments.create({ guildId: 'guild', channelId: 'channel', organiserId: 'org', name: 'Deck Cup', gameType: 'two-deck-siege', format: 'arena', clockSeconds: 86_400, ...more }));
}

describe('an arena of Two Deck Siege', () => {
  let b: TournamentBench;
  beforeAll(async () => {
    b = await tournamentBench('arena-service');
  });
  afterAll(async () => {
    await b?.drop();
  });

  it('deals everyone the same deals once, ranks by score then time, keeps them secret, and ends at its deadline', async () => {
    const t = await createArena(b, { rounds: 2, roundDays: 3 });
    // The daily's options of the game, no clock; 2 deals.
    expect(t).toMatchObject({ format: 'arena', roundCount: 2, clockSeconds: null, options: { castle: 'square', 'thick-walls': 'off', reinforcements: '1' } });
    for (const id of ['ann', 'bea', 'cal']) value(await b.tournaments.join(t.id, id));
    expect(value(await b.tournaments.start(t.id, { userId: 'org', mayOrganise: false }))).toBe('started');
    expect((await b.tournaments.arenaCheck(t.id, 'ann', 1)).ok).toBe(false);
    await b.runRounds();
    await b.runRounds(); // asked again (a restart): nothing is made twice
    expect(await b.database.db.tournamentPairing.count({ where: { tournamentId: t.id } })).toBe(6);
    expect(ofType(b, 'arena-opened')).toHaveLength(1);
    const opened = ofType(b, 'arena-opened')[0]!;
    expect(opened.endsAt).toEqual(new Date(b.clock.now.getTime() + 3 * DAY));
    expect(b.tjobs.deadlines.get(`${t.id}:2`)).toEqual(opened.endsAt);

    // Ann and Bea play deal 1; Bea also begins deal 2; Cal never plays.
    const ann1 = value(await b.tournaments.playArena(t.id, 'ann', 1, '9001')).game;
    const again = await b.tournaments.playArena(t.id, 'ann', 1, '9002');
    expect(again.ok ? null : again.error.message).toMatch(/begun deal 1 already/);
    expect((await b.tournaments.playArena(t.id, 'ann', 3, '9003')).ok).toBe(false);
    expect((await b.tournaments.playArena(t.id, 'zed', 1, '9004')).ok).toBe(false);
    b.clock.now = new Date(b.clock.now.getTime() + 60_000);
    const bea1 = value(await b.tournaments.playArena(t.id, 'bea', 1, '9005')).game;
    const bea2 = value(await b.tournaments.playArena(t.id, 'bea', 2, '9006')).game;
    // The same deal for both, a different one for deal 2; the seed is the bot's, never the daily's.
    expect(bea1.seed).toBe(ann1.seed);
    expect(JSON.stringify(bea1.state)).toBe(JSON.stringify(ann1.state));
    expect(bea2.seed).not.toBe(ann1.seed);
    expect(ann1.threadId).toBe('9001');
    expect(ann1.clockSeconds).toBeNull();
    expect(await b.services.daily.seedFor(b.services.daily.today(), 'two-deck-siege')).not.toBe(ann1.seed);

    // While the arena runs, nobody but a deal's player sees it, on Discord or the web.
    expect((await b.services.visibility.gameSightFor(ann1, 'ann', 'board')).ok).toBe(true);
    const peek = await b.services.visibility.gameSightFor(ann1, 'bea', 'moves');
    expect(peek.ok ? null : peek.message).toMatch(/deal of an arena tournament/);
    expect(await b.services.visibility.watchable(ann1)).toBe(false);
    // As in a daily, no undo: everyone plays a deal once, as it comes.
    const undo = await b.master.undo(ann1.id, 'ann', ann1.version);
    expect(undo.ok ? null : undo.error.message).toMatch(/no undo in an arena's deal/);

    const pick = picker(7);
    b.clock.now = new Date(b.clock.now.getTime() + 60_000);
    const annDone = await playRandomly(b, ann1.id, pick, 2000);
    b.clock.now = new Date(b.clock.now.getTime() + 120_000);
    const beaDone = await playRandomly(b, bea1.id, pick, 2000);
    expect([annDone.status, beaDone.status]).toEqual(['FINISHED', 'FINISHED']);
    const def = gameById('two-deck-siege')!;
    const scores = { ann: recordScore(def, annDone.outcome), bea: recordScore(def, beaDone.outcome) };
    const rows = await b.database.db.tournamentPairing.findMany({ where: { tournamentId: t.id, round: 1 }, orderBy: { userId: 'asc' } });
    expect(rows.map((r) => [r.userId, r.result, r.score])).toEqual([
      ['ann', scores.ann === null ? 'unscored' : 'scored', scores.ann],
      ['bea', scores.bea === null ? 'unscored' : 'scored', scores.bea],
      ['cal', 'pending', null],
    ]);
    // Ann took from her start to her last move; Bea started later and took longer.
    expect(rows[0]!.durationMs).toBeGreaterThan(0);
    expect(rows[1]!.durationMs).toBeGreaterThan(rows[0]!.durationMs!);

    // The deadline: too early it is armed again; at its time Bea's deal 2 is stopped (no score), Cal's deals score nothing.
    await b.tournaments.jobHandlers.tournamentDeadline({ tournamentId: t.id, round: 2 });
    expect((await b.tournaments.get(t.id))!.status).toBe('RUNNING');
    b.clock.now = new Date(opened.endsAt.getTime() + 1000);
    expect((await b.tournaments.arenaCheck(t.id, 'cal', 1)).ok).toBe(false);
    await b.tournaments.jobHandlers.tournamentDeadline({ tournamentId: t.id, round: 2 });
    const stopped = (await b.services.games.load(bea2.id))!;
    expect(stopped.status).toBe('FINISHED');
    expect(stopped.outcome?.reasonPhrase?.key).toBe('tournaments:outcome.arenaClosed');
    expect((await b.tournaments.get(t.id))!.status).toBe('FINISHED');
    const final = ofType(b, 'arena-finished');
    expect(final).toHaveLength(1);
    const all = await b.database.db.tournamentPairing.findMany({ where: { tournamentId: t.id } });
    expect(all.every((r) => r.result !== 'pending')).toBe(true);
    // Ranked by total score, then deals scored, then time: as the pure ranking says from the rows.
    const expected = rankArena(['ann', 'bea', 'cal'].map((userId) => ({ userId, withdrawn: false })), all);
    expect(final[0]!.standings.map((s) => [s.playerId, s.rank, s.score])).toEqual(expected.map((s) => [s.playerId, s.rank, s.score]));
    expect(expected.find((s) => s.playerId === 'cal')).toMatchObject({ score: 0, scored: 0 });
    const places = await b.database.db.tournamentPlayer.findMany({ where: { tournamentId: t.id }, orderBy: { userId: 'asc' } });
    expect(places.map((p) => [p.userId, p.place])).toEqual(expected.map((s) => [s.playerId, s.rank]).sort((x, y) => (x[0]! < y[0]! ? -1 : 1)));
    // Over: the deals are shown to everyone now.
    expect((await b.services.visibility.gameSightFor(ann1, 'bea', 'moves')).ok).toBe(true);
    const record = await b.tournaments.record({ guildId: 'guild', userId: expected[0]!.playerId });
    expect(record).toMatchObject({ played: 1, won: 1, podiums: 1 });
  }, 120_000);

  it('ranks by total score, then deals scored, then less time; equal on all three share a place', () => {
    const row = (userId: string, round: number, result: string, score: number | null, durationMs: number | null) => ({ userId, round, gameId: round, result, score, durationMs });
    const ranked = rankArena(['a', 'b', 'c', 'd', 'e'].map((userId) => ({ userId, withdrawn: userId === 'e' })), [
      row('a', 1, 'scored', 10, 5000), row('a', 2, 'scored', 5, 5000),
      row('b', 1, 'scored', 15, 9000), row('b', 2, 'unscored', null, null),
      row('c', 1, 'scored', 15, 4000), row('c', 2, 'pending', null, null),
      row('d', 1, 'scored', 15, 10000),
      row('e', 1, 'scored', 20, 1000),
    ]);
    expect(ranked.map((s) => [s.playerId, s.rank, s.score, s.scored, s.timeMs])).toEqual([
      ['e', 1, 20, 1, 1000],
      ['a', 2, 15, 2, 10000],
      ['c', 3, 15, 1, 4000],
      ['b', 4, 15, 1, 9000],
      ['d', 5, 15, 1, 10000],
    ]);
    expect(ranked.find((s) => s.playerId === 'c')!.deals.map((d) => d.state)).toEqual(['scored', 'playing']);
    const tied = rankArena([{ userId: 'x', withdrawn: false }, { userId: 'y', withdrawn: false }], [row('x', 1, 'scored', 3, 100), row('y', 1, 'scored', 3, 100)]);
    expect(tied.map((s) => s.rank)).toEqual([1, 1]);
  });

  it('a withdrawn player\'s deals score nothing; when no deal is left, the arena ends at once', async () => {
    const t = await createArena(b, { name: 'Quick', rounds: 1 });
    for (const id of ['p1', 'p2', 'p3']) value(await b.tournaments.join(t.id, id));
    value(await b.tournaments.start(t.id, { userId: 'org', mayOrganise: false }));
    await b.runRounds();
    const g = value(await b.tournaments.playArena(t.id, 'p1', 1, '9101')).game;
    expect(value(await b.tournaments.leave(t.id, 'p1')).withdrawn).toBe(true);
    expect((await b.services.games.load(g.id))!.outcome?.reasonPhrase?.key).toBe('tournaments:outcome.withdrew');
    value(await b.tournaments.leave(t.id, 'p2'));
    expect((await b.tournaments.get(t.id))!.status).toBe('RUNNING');
    const last = value(await b.tournaments.playArena(t.id, 'p3', 1, '9102')).game;
    const done = await playRandomly(b, last.id, picker(3), 2000);
    expect(done.status).toBe('FINISHED');
    expect((await b.tournaments.get(t.id))!.status).toBe('FINISHED');
    const standings = await b.tournaments.standings((await b.tournaments.get(t.id))!);
    expect(standings[0]).toMatchObject({ playerId: 'p3', rank: 1 });
  }, 120_000);
});
