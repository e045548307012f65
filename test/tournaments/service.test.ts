// The tournaments over a real PostgreSQL, with the real master, services and engines below them and
// their jobs run by the test as they come due: a Swiss from its sign-up to its final standings
// (results heard from the master's finished events, a round paired once however often and from how
// many instances it is asked, a deadline's adjudication, a withdrawal's forfeit), a round-robin
// whose player loses twice on time, and a sign-up too small to begin.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Outcome } from '../../src/engine/contract.js';
import { gameById } from '../../src/games/index.js';
import { tournamentTagOf, type GameSnapshot } from '../../src/services/types.js';
import { bergerRound, pairSwissRound, standings, type Game, type GameResult, type TournamentFormat } from '../../src/tournaments/pairing/index.js';
import { createLogger } from '../../src/config/logger.js';
import { createTournaments, type CreateInput, type TournamentEvent, type TournamentView } from '../../src/tournaments/index.js';
import { DAY, HOUR, value } from '../master/harness.js';
import { picker, playRandomly, tournamentBench, type TournamentBench } from './harness.js';

const ORGANISER = { userId: 'org', mayOrganise: false };
const SIEGE_MASTER_QUICK = { map: 'hex', 'fortress-count': '5' };

async function create(b: TournamentBench, more: Partial<CreateInput> = {}): Promise<TournamentView> {
  return value(await b.tournaments.create({
    guildId: 'guild', channelId: 'channel', organiserId: 'org', name: 'Spring Cup', gameType: 'siege-master', format: 'swiss',
    rawOptions: SIEGE_MASTER_QUICK, clockSeconds: null, ...more,
  }));
}

/** Everyone joins, the sign-up's time comes, and its job closes it: the first round is asked for. */
async function begin(b: TournamentBench, t: TournamentView, ids: string[]): Promise<void> {
  for (const id of ids) value(await b.tournaments.join(t.id, id));
  b.clock.now = new Date(t.signupClosesAt.getTime() + 1000);
  await b.tournaments.jobHandlers.tournamentSignup({ tournamentId: t.id });
}

const pairingRows = (b: TournamentBench, tournamentId: number, round: number) =>
  b.database.db.tournamentPairing.findMany({ where: { tournamentId, round }, orderBy: [{ board: 'asc' }, { colour: 'desc' }] });

async function gamesOfRound(b: TournamentBench, tournamentId: number, round: number): Promise<GameSnapshot[]> {
  const rows = await b.database.db.tournamentPairing.findMany({ where: { tournamentId, round, colour: 'white', gameId: { not: null } }, orderBy: { board: 'asc' } });
  return Promise.all(rows.map(async (r) => (await b.services.games.load(r.gameId!))!));
}

const resultOf = (o: Outcome | null): GameResult => (!o || o.draw || o.winners.length !== 1 ? 'draw' : o.winners[0] === 0 ? 'white' : 'black');

/** The standings the pairing core gives for the games as the store holds them (results read from the games themselves). */
async function standingsFromGames(b: TournamentBench, t: TournamentView) {
  const db = b.database.db;
  const rows = await db.tournamentPairing.findMany({ where: { tournamentId: t.id, colour: { in: ['white', 'bye'] } } });
  const games: Game[] = [];
  for (const r of rows) {
    if (r.colour === 'bye') games.push({ round: r.round, white: r.userId, black: null, result: 'bye' });
    else if (r.gameId === null) games.push({ round: r.round, white: r.userId, black: r.opponentId!, result: r.result as GameResult, forfeit: true });
    else {
      const g = (await db.game.findUnique({ where: { id: r.gameId } }))!;
      const outcome = g.outcome as Outcome | null;
      const forfeit = outcome?.reasonPhrase?.key === 'tournaments:outcome.withdrew';
      games.push({ round: r.round, white: r.userId, black: r.opponentId!, result: g.status === 'FINISHED' ? resultOf(outcome) : 'pending', ...(forfeit ? { forfeit } : {}) });
    }
  }
  const players = (await db.tournamentPlayer.findMany({ where: { tournamentId: t.id } })).map((p) => ({ id: p.userId, rating: p.rating ?? 1500, withdrawn: p.withdrawnAt !== null }));
  return standings(t.format as TournamentFormat, players, games);
}

const ofType = <T extends TournamentEvent['type']>(b: TournamentBench, type: T) => b.heard.filter((e): e is Extract<TournamentEvent, { type: T }> => e.type === type);

describe('a Swiss of seven, from its sign-up to its final standings', () => {
  let b: TournamentBench;
  const field = ['u1', 'u2', 'u3', 'u4', 'u5', 'u6', 'u7'];
  beforeAll(async () => {
    b = await tournamentBench('swiss-service');
    // Three members have played this game on the server before: the field's order is their rating, then who joined first.
    await b.database.db.rating.createMany({ data: [['u5', 1720], ['u2', 1650], ['u7', 1580]].map(([userId, rating]) => ({ guildId: 'guild', gameType: 'siege-master', userId: userId as string, rating: rating as number })) });
  });
  afterAll(async () => {
    await b?.drop();
  });

  it('given what an organiser may not ask for, then it is refused and nothing is made', async () => {
    const refused = async (more: Partial<CreateInput>) => {
      const r = await b.tournaments.create({ guildId: 'guild', channelId: 'channel', organiserId: 'org', name: 'x', gameType: 'siege-master', format: 'swiss', clockSeconds: null, ...more });
      if (r.ok) throw new Error('made');
      return r.error.message;
    };
    expect(await refused({ format: 'arena' })).toMatch(/An arena is played in a solo game/);
    expect(await refused({ gameType: 'two-deck-siege' })).toMatch(/solo game's tournament is an arena/);
    expect(await refused({ gameType: 'two-deck-siege', format: 'arena', rounds: 11 })).toMatch(/from 1 to 10 deals/);
    expect(await refused({ format: 'knockout' })).toMatch(/swiss, round-robin, double-round-robin or arena/);
    expect(await refused({ format: 'round-robin', rounds: 3 })).toMatch(/Only a Swiss/);
    expect(await refused({ format: 'round-robin', maxPlayers: 40 })).toMatch(/from 3 to 16 players/);
    expect(await refused({ name: ' \n ' })).toMatch(/name/);
    expect(await refused({ rawOptions: { map: 'atlantis' } })).toMatch(/atlantis|map/i);
    expect(await b.database.db.tournament.count()).toBe(0);
  });

  it('pairs round 1 by rating, starts its games once (however often, and by however many instances, it is asked), and tells it once', async () => {
    const t = await create(b, { name: 'Spring\nCup' });
    expect(t.name).toBe('Spring Cup');
    expect(t.webToken).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(b.tjobs.signups.get(t.id)).toEqual(new Date(b.clock.now.getTime() + 48 * HOUR));
    expect((await b.tournaments.join(t.id, 'u1')).ok).toBe(true);
    expect(value(await b.tournaments.leave(t.id, 'u1')).withdrawn).toBe(false);
    const again = await b.tournaments.join(t.id, 'u2');
    expect(again.ok).toBe(true);
    expect((await b.tournaments.join(t.id, 'u2')).ok).toBe(false);
    await begin(b, t, field.filter((id) => id !== 'u2'));
    expect(ofType(b, 'signup-closed')).toHaveLength(1);
    const closed = (await b.tournaments.get(t.id))!;
    expect(closed).toMatchObject({ status: 'RUNNING', roundCount: 4, round: 0 }); // ⌈log2 7⌉ + 1
    expect(b.tjobs.roundStarts).toEqual([{ tournamentId: t.id, round: 1 }]);

    // The round's job, run twice here and once by a second instance at the same moment.
    const other = b.another();
    await Promise.all([b.runRounds(), other.jobHandlers.tournamentRound({ tournamentId: t.id, round: 1 }), b.tournaments.jobHandlers.tournamentRound({ tournamentId: t.id, round: 1 })]);
    const rows = await pairingRows(b, t.id, 1);
    expect(rows).toHaveLength(7);
    const players = (await b.tournaments.players(t.id)).map((p) => ({ id: p.userId, rating: p.rating! }));
    expect(players.map((p) => p.rating)).toEqual([1500, 1650, 1500, 1500, 1720, 1500, 1580]);
    const expected = pairSwissRound(players, [], 1);
    const boards = rows.filter((r) => r.colour !== 'black').map((r) => ({ white: r.userId, black: r.colour === 'bye' ? null : r.opponentId }));
    expect(boards).toEqual(expected);
    expect(expected.at(-1)).toEqual({ white: 'u6', black: null }); // the lowest-ranked has the bye
    expect(rows.find((r) => r.colour === 'bye')!.result).toBe('bye');

    const games = await gamesOfRound(b, t.id, 1);
    expect(games).toHaveLength(3);
    expect(await b.database.db.game.count()).toBe(3);
    for (const g of games) expect(tournamentTagOf(g)).toEqual({ tournamentId: t.id, name: 'Spring Cup', round: 1 });
    // The pairing told the players; their games' first boards ping nobody.
    const starts = b.discord.boards().filter((e) => e.type === 'game-started');
    expect(starts).toHaveLength(3);
    for (const s of starts) expect(s.ping).toEqual([]);
    const told = ofType(b, 'round-started');
    expect(told).toHaveLength(1);
    expect(told[0]!.round.boards.map((x) => x.gameId !== null)).toEqual([true, true, true, false]);
    expect(b.tjobs.deadlines.get(`${t.id}:1`)).toEqual(new Date(b.clock.now.getTime() + 7 * DAY));
    // The database itself refuses a second place for a player in the round.
    await expect(b.database.db.tournamentPairing.create({ data: { tournamentId: t.id, round: 1, userId: 'u1', board: 9, colour: 'white', opponentId: 'u3' } })).rejects.toThrow();
  });

  it('records the results the master tells, and pairs round 2 once every game of round 1 has ended', async () => {
    const t = (await b.database.db.tournament.findFirst({ where: { status: 'RUNNING' } }))!;
    const pick = picker(5);
    const games = await gamesOfRound(b, t.id, 1);
    // One game played to its end, the others resigned.
    const played = await playRandomly(b, games[0]!.id, pick);
    expect(played.status).toBe('FINISHED');
    value(await b.master.resign(games[1]!.id, (games[1]!.seats[1] as { userId: string }).userId));
    expect(b.tjobs.roundStarts).toEqual([]);
    value(await b.master.resign(games[2]!.id, (games[2]!.seats[0] as { userId: string }).userId));
    expect(ofType(b, 'result')).toHaveLength(3);
    expect(b.tjobs.roundStarts).toEqual([{ tournamentId: t.id, round: 2 }]);
    // A finished game heard twice is recorded once.
    await b.tournaments.listener.hear({ type: 'finished', outcome: played.outcome!, game: played, previous: played, moves: [], ping: [] });
    expect(ofType(b, 'result')).toHaveLength(3);

    const other = b.another();
    await Promise.all([b.runRounds(), other.jobHandlers.tournamentRound({ tournamentId: t.id, round: 2 })]);
    expect(await pairingRows(b, t.id, 2)).toHaveLength(7);
    expect(await gamesOfRound(b, t.id, 2)).toHaveLength(3);
    // Round 2's bye counts at once (it is decided as it is paired).
    const now = (await b.tournaments.get(t.id))!;
    expect(await b.tournaments.standings(now)).toEqual(await standingsFromGames(b, now));
    expect((await b.tournaments.standings(now)).find((s) => s.playerId === 'u7')!.points).toBe(1);
  });

  it("at the round's deadline, its games still running are decided by their game's own rule", async () => {
    const t = (await b.tournaments.get((await b.database.db.tournament.findFirst({ where: { status: 'RUNNING' } }))!.id))!;
    const games = await gamesOfRound(b, t.id, 2);
    const pick = picker(9);
    for (const g of games) await playRandomly(b, g.id, pick, 6);
    // Early, the job is armed again and nothing changes.
    await b.tournaments.jobHandlers.tournamentDeadline({ tournamentId: t.id, round: 2 });
    expect(await b.database.db.game.count({ where: { status: 'ACTIVE' } })).toBe(3);
    b.clock.now = new Date(b.tjobs.deadlines.get(`${t.id}:2`)!.getTime() + 1000);
    await b.tournaments.jobHandlers.tournamentDeadline({ tournamentId: t.id, round: 2 });
    for (const g of games) {
      const ended = (await b.services.games.load(g.id))!;
      expect(ended.status).toBe('FINISHED');
      expect(ended.outcome).toEqual(gameById('siege-master')!.adjudicate!(ended.state));
      expect(ended.outcome!.reasonPhrase!.key).toMatch(/adjudicat/i);
    }
    // Every subscriber of the master heard each end.
    expect(b.discord.boards().filter((e) => e.type === 'finished' && games.some((g) => g.id === e.game.id))).toHaveLength(3);
    expect(b.tjobs.roundStarts).toEqual([{ tournamentId: t.id, round: 3 }]);
    await b.runRounds();
  });

  it('a player who leaves is withdrawn: their game is forfeited, they are paired no more, and the standings are those of the games', async () => {
    const t = (await b.tournaments.get((await b.database.db.tournament.findFirst({ where: { status: 'RUNNING' } }))!.id))!;
    const games = await gamesOfRound(b, t.id, 3);
    const leaver = (games[0]!.seats[0] as { userId: string }).userId;
    const opponent = (games[0]!.seats[1] as { userId: string }).userId;
    expect(value(await b.tournaments.leave(t.id, leaver)).withdrawn).toBe(true);
    expect((await b.tournaments.leave(t.id, leaver)).ok).toBe(false);
    const forfeited = (await b.services.games.load(games[0]!.id))!;
    expect(forfeited.outcome).toMatchObject({ winners: [1], draw: false });
    expect(forfeited.outcome!.reason).toBe(`Red (<@${leaver}>) withdrew from the tournament: the game is forfeited.`);
    expect((await pairingRows(b, t.id, 3)).filter((r) => r.gameId === forfeited.id).map((r) => [r.result, r.forfeit])).toEqual([['black', true], ['black', true]]);
    expect(ofType(b, 'withdrawn')).toMatchObject([{ userId: leaver, why: 'left', by: null }]);
    for (const g of games.slice(1)) value(await b.master.resign(g.id, (g.seats[0] as { userId: string }).userId));
    await b.runRounds();
    const round4 = await pairingRows(b, t.id, 4);
    expect(round4.map((r) => r.userId)).not.toContain(leaver);
    expect(round4.map((r) => r.userId)).toContain(opponent);
    expect(round4).toHaveLength(6);
    for (const g of await gamesOfRound(b, t.id, 4)) value(await b.master.resign(g.id, (g.seats[1] as { userId: string }).userId));
    await b.runRounds();
    const finished = ofType(b, 'finished');
    expect(finished).toHaveLength(1);
    const final = (await b.tournaments.get(t.id))!;
    expect(final.status).toBe('FINISHED');
    expect(finished[0]!.standings).toEqual(await standingsFromGames(b, final));
    expect(finished[0]!.standings.find((s) => s.playerId === leaver)!.withdrawn).toBe(true);
    // Nothing more is asked of the queue, and a late job does nothing.
    await b.tournaments.jobHandlers.tournamentRound({ tournamentId: t.id, round: 5 });
    expect(await b.database.db.tournamentPairing.count({ where: { tournamentId: t.id, round: 5 } })).toBe(0);
  });
});

describe('a round-robin of four, one player twice out of time', () => {
  let b: TournamentBench;
  beforeAll(async () => {
    b = await tournamentBench('rr-service');
  });
  afterAll(async () => {
    await b?.drop();
  });

  /** The game's late player runs out of time: the deadline passes, then the grace, each judged by its job. */
  async function timeOut(game: GameSnapshot): Promise<void> {
    const deadline = b.jobs.armed(game.id, 'deadline');
    b.clock.now = new Date(deadline.at.getTime() + 1000);
    await b.master.jobHandlers.timeout(deadline);
    const grace = b.jobs.armed(game.id, 'grace');
    b.clock.now = new Date(grace.at.getTime() + 1000);
    await b.master.jobHandlers.timeout(grace);
  }

  it('plays the Berger table; a second game lost on time withdraws the player, and their last game is a forfeit', async () => {
    const t = await create(b, { format: 'round-robin', clockSeconds: 86_400, name: 'Club' });
    const ids = ['a', 'b', 'c', 'd'];
    await begin(b, t, ids);
    await b.runRounds();
    const seeds = (await b.tournaments.players(t.id)).sort((x, y) => x.seed! - y.seed!).map((p) => p.userId);
    expect(seeds).toEqual(ids); // all unrated: the order they joined
    const table = (round: number) => bergerRound(seeds, round);
    const late = 'd';
    for (const round of [1, 2]) {
      const games = await gamesOfRound(b, t.id, round);
      expect(games.map((g) => g.seats.map((s) => (s as { userId: string }).userId))).toEqual(table(round).map((p) => [p.white, p.black]));
      for (const g of games) {
        const players = g.seats.map((s) => (s as { userId: string }).userId);
        if (players.includes(late)) {
          // The late player is to move (moving first as white, or after one move as black).
          if (players[0] !== late) await playRandomly(b, g.id, picker(round), 1);
          await timeOut((await b.services.games.load(g.id))!);
          expect((await b.services.games.load(g.id))!.outcome!.reasonPhrase!.key).toMatch(/^services:outcome\.timedOut/);
        } else value(await b.master.resign(g.id, players[1]!));
      }
      await b.runRounds();
    }
    expect((await b.tournaments.players(t.id)).find((p) => p.userId === late)).toMatchObject({ timeouts: 2, withdrawn: true, withdrawal: 'timeouts' });
    expect(ofType(b, 'withdrawn')).toMatchObject([{ userId: late, why: 'timeouts' }]);
    // Round 3: the withdrawn player's board is decided as it is paired, with no game.
    const round3 = await pairingRows(b, t.id, 3);
    const theirs = round3.filter((r) => r.userId === late || r.opponentId === late);
    expect(theirs.map((r) => [r.gameId, r.forfeit])).toEqual([[null, true], [null, true]]);
    expect(theirs.find((r) => r.userId === late)!.result).toBe(theirs.find((r) => r.userId === late)!.colour === 'white' ? 'black' : 'white');
    const games = await gamesOfRound(b, t.id, 3);
    expect(games).toHaveLength(1);
    value(await b.master.resign(games[0]!.id, (games[0]!.seats[0] as { userId: string }).userId));
    await b.runRounds();
    const final = (await b.tournaments.get(t.id))!;
    expect(final.status).toBe('FINISHED');
    expect(ofType(b, 'finished')[0]!.standings).toEqual(await standingsFromGames(b, final));
  });

  it("a game that fails to start keeps its pairing: the start-up's recovery asks for the round again, which starts it and tells the pairings anew", async () => {
    // Another process of the tournaments whose first game start fails (Discord down, say).
    let failures = 1;
    const flaky = createTournaments({
      db: b.database.db, services: b.services, jobs: b.tjobs.port, log: createLogger('error', () => {}), now: () => b.clock.now,
      master: { ...b.master, startPaired: (...args: Parameters<typeof b.master.startPaired>) => (failures-- > 0 ? Promise.reject(new Error('Discord is down')) : b.master.startPaired(...args)) },
    });
    const told: TournamentEvent[] = [];
    flaky.subscribe({ hear: async (e) => void told.push(e) });
    const t = await create(b, { format: 'double-round-robin', name: 'Flaky' });
    await begin(b, t, ['p', 'q', 'r']);
    const job = b.tjobs.roundStarts.shift()!;
    await expect(flaky.jobHandlers.tournamentRound(job)).rejects.toThrow(/could not start/);
    const rows = await pairingRows(b, t.id, 1);
    // Three players: one game and a bye; the game's pairing waits for its game.
    expect(rows.map((r) => [r.colour, r.gameId])).toEqual([['white', null], ['black', null], ['bye', null]]);
    expect(told.map((e) => e.type)).toEqual(['round-started']);
    expect((await flaky.recover()).running).toBeGreaterThan(0);
    await flaky.jobHandlers.tournamentRound(b.tjobs.roundStarts.splice(0).find((j) => j.tournamentId === t.id)!);
    expect((await pairingRows(b, t.id, 1)).filter((r) => r.gameId !== null)).toHaveLength(2);
    expect(told.map((e) => e.type)).toEqual(['round-started', 'round-changed']);
    expect(await b.database.db.game.count({ where: { options: { path: ['tournament', 'tournamentId'], equals: t.id } } })).toBe(1);
    expect((await b.tournaments.cancel(t.id, ORGANISER)).ok).toBe(true);
  });

  it('keeps the first message a front end posts for a round or the standings, and a new one only in place of one that is gone', async () => {
    const t = (await b.database.db.tournament.findFirst({ where: { name: 'Club' } }))!;
    expect(await b.tournaments.keepRoundMessage(t.id, 1, 'm1')).toBe(true);
    expect(await b.tournaments.keepRoundMessage(t.id, 1, 'm2')).toBe(false);
    expect(await b.tournaments.keepRoundMessage(t.id, 1, 'm2', 'm1')).toBe(true);
    expect((await b.tournaments.round(t.id, 1))!.messageId).toBe('m2');
    expect(await b.tournaments.keepStandingsMessage(t.id, 's9', 'not-it')).toBe(false);
  });

  it('a sign-up with fewer than three players is cancelled, those who joined told', async () => {
    const t = await create(b, { name: 'Tiny' });
    await begin(b, t, ['a', 'b']);
    expect((await b.tournaments.get(t.id))!.status).toBe('CANCELLED');
    expect(ofType(b, 'cancelled').filter((e) => e.tournament.id === t.id)).toMatchObject([{ why: 'too-few', players: [{ userId: 'a' }, { userId: 'b' }] }]);
    expect(await b.database.db.tournamentRound.count({ where: { tournamentId: t.id } })).toBe(0);
  });

  it('a server runs at most its limit of tournaments at once, and only their organiser may cancel one', async () => {
    const open = [await create(b, { name: 'One' }), await create(b, { name: 'Two' }), await create(b, { name: 'Three' })];
    const fourth = await b.tournaments.create({ guildId: 'guild', channelId: 'channel', organiserId: 'org', name: 'Four', gameType: 'dice-realms', format: 'swiss', clockSeconds: null });
    expect(fourth.ok ? null : fourth.error.message).toMatch(/already has 3 tournaments/);
    expect((await b.tournaments.cancel(open[0]!.id, { userId: 'someone', mayOrganise: false })).ok).toBe(false);
    expect((await b.tournaments.cancel(open[0]!.id, ORGANISER)).ok).toBe(true);
    expect((await b.tournaments.create({ guildId: 'guild', channelId: 'channel', organiserId: 'x', name: 'Four', gameType: 'dice-realms', format: 'swiss', clockSeconds: null })).ok).toBe(true);
  });
});
