// Rounds that run themselves. A round is paired in one transaction with the tournament's row
// locked (one pairer at a time) and its rows keyed by tournament, round and player: pairing it
// twice, or from two processes at once, makes no second set. Its games are then started one after
// another through the game master (each saved with its pairing's record of it, so a game is made
// once), its deadline armed, and its pairings told. A game that failed to start keeps its pairing,
// and the round's job, tried again (and the start-up's recovery), starts it later. A round is over
// when every board has a result; the next one is asked of the job queue, or the tournament ends.
import type { Prisma } from '../persistence/db.js';
import { bergerRound, pairSwissRound, type Game, type GameResult, type Pairing } from './pairing/index.js';
import { DAY_MS, UNRATED, type TournamentContext } from './context.js';
import { entrantsOf, gamesOf, loadTournament, roundOf, type Entrant, type TournamentView } from './store.js';
import { keepPlaces } from './places.js';

type Tx = Prisma.TransactionClient;

const isUniqueViolation = (e: unknown) => (e as { code?: string })?.code === 'P2002';

/** The pairings of round `round`: a Swiss from the games before it, a round-robin from its Berger table. */
export function pairingsOf(t: Pick<TournamentView, 'format'>, entrants: Entrant[], games: Game[], round: number): Pairing[] {
  if (t.format === 'swiss') {
    return pairSwissRound(entrants.map((e) => ({ id: e.userId, rating: e.rating ?? UNRATED, withdrawn: e.withdrawn })), games, round);
  }
  const bySeed = [...entrants].sort((a, b) => (a.seed ?? Infinity) - (b.seed ?? Infinity) || a.joinedAt.getTime() - b.joinedAt.getTime());
  return bergerRound(bySeed.map((e) => e.userId), round, { double: t.format === 'double-round-robin' });
}

/**
 * The rows of a round: two per board, one per bye. A board of a round-robin with a withdrawn
 * player is decided at once, as a forfeit (a Swiss pairs only those still in).
 */
function pairingRows(tournamentId: number, round: number, pairings: Pairing[], withdrawn: Set<string>): Prisma.TournamentPairingCreateManyInput[] {
  return pairings.flatMap((p, i): Prisma.TournamentPairingCreateManyInput[] => {
    const base = { tournamentId, round, board: i + 1 };
    if (p.black === null) return [{ ...base, userId: p.white, colour: 'bye', result: 'bye' }];
    const gone = [withdrawn.has(p.white), withdrawn.has(p.black)];
    const result: GameResult = gone[0] && gone[1] ? 'draw' : gone[0] ? 'black' : gone[1] ? 'white' : 'pending';
    const decided = { result, forfeit: result !== 'pending' };
    return [
      { ...base, userId: p.white, colour: 'white', opponentId: p.black, ...decided },
      { ...base, userId: p.black, colour: 'black', opponentId: p.white, ...decided },
    ];
  });
}

export function createRounds(c: TournamentContext) {
  const { db, master, jobs, log, now } = c;

  /** Pairs round `round` when it is due: 'paired' now, 'already' paired before, or 'not-due' (the round before is still being played, or the tournament is not running). */
  async function pairRound(tournamentId: number, round: number): Promise<'paired' | 'already' | 'not-due'> {
    try {
      return await db.$transaction(async (tx: Tx) => {
        // Locked: the rounds of one tournament are made one after the other, here or in another process.
        const [row] = await tx.$queryRaw<{ round: number; status: string }[]>`SELECT round, status::text AS status FROM "Tournament" WHERE id = ${tournamentId} FOR UPDATE`;
        if (!row || row.status !== 'RUNNING') return 'not-due';
        if (row.round >= round) return 'already';
        if (row.round !== round - 1) return 'not-due';
        if (round > 1 && (await tx.tournamentPairing.count({ where: { tournamentId, round: round - 1, result: 'pending' } }))) return 'not-due';
        const t = (await loadTournament(tx, tournamentId))!;
        const entrants = await entrantsOf(tx, tournamentId);
        const pairings = pairingsOf(t, entrants, await gamesOf(tx, tournamentId), round);
        const at = now();
        await tx.tournamentRound.create({ data: { tournamentId, round, startedAt: at, deadlineAt: new Date(at.getTime() + t.roundDays * DAY_MS) } });
        await tx.tournamentPairing.createMany({ data: pairingRows(tournamentId, round, pairings, new Set(entrants.filter((e) => e.withdrawn).map((e) => e.userId))) });
        await tx.tournamentRound.updateMany({ where: { tournamentId, round: round - 1, endedAt: null }, data: { endedAt: at } });
        await tx.tournament.update({ where: { id: tournamentId }, data: { round } });
        return 'paired';
      });
    } catch (e) {
      // The key refused a second set of the round: it was paired already.
      if (isUniqueViolation(e)) return 'already';
      throw e;
    }
  }

  /**
   * Starts the games of a round that have none yet, one after another (each through the normal
   * path: its thread and first board, paced like every request to Discord). Returns how many failed.
   */
  async function startGames(t: TournamentView, round: number): Promise<{ started: number; failed: number }> {
    const view = await roundOf(db, t.id, round);
    let started = 0;
    let failed = 0;
    for (const b of view?.boards ?? []) {
      if (b.black === null || b.gameId !== null || b.result !== 'pending') continue;
      try {
        const made = await master.startPaired(
          {
            gameType: t.gameType,
            guildId: t.guildId,
            channelId: t.channelId,
            seats: [{ kind: 'human', userId: b.white }, { kind: 'human', userId: b.black }],
            rawOptions: t.options,
            clockSeconds: t.clockSeconds,
            tournament: { tournamentId: t.id, name: t.name, round },
          },
          // The board's two rows name the game, unless a game was made for it meanwhile (or it was decided, or the tournament cancelled).
          async (tx, game) => (await tx.tournamentPairing.updateMany({ where: { tournamentId: t.id, round, board: b.board, gameId: null, result: 'pending', tournament: { status: 'RUNNING' } }, data: { gameId: game.id } })).count === 2,
        );
        if (made && !made.ok) {
          log.error(`the game of board ${b.board}, round ${round} of tournament ${t.id} was refused: ${made.error.message}`, { tournamentId: t.id });
          failed++;
        } else if (made) started++;
      } catch (e) {
        log.error(`the game of board ${b.board}, round ${round} of tournament ${t.id} could not be started`, { err: e, tournamentId: t.id });
        failed++;
      }
    }
    return { started, failed };
  }

  /** Tells the round's pairings once (the first to claim them tells), or that a late game began. */
  async function announce(t: TournamentView, round: number, lateGames: number): Promise<void> {
    const claimed = await db.tournamentRound.updateMany({ where: { tournamentId: t.id, round, announcedAt: null }, data: { announcedAt: now() } });
    if (!claimed.count && !lateGames) return;
    const view = await roundOf(db, t.id, round);
    if (view) await c.tell({ type: claimed.count ? 'round-started' : 'round-changed', tournament: t, round: view });
  }

  /** The tournament ends: the final standings, each player's place kept. Once, whoever gets here first. */
  async function finish(tournamentId: number): Promise<void> {
    const at = now();
    const done = await db.tournament.updateMany({ where: { id: tournamentId, status: 'RUNNING' }, data: { status: 'FINISHED', finishedAt: at } });
    if (!done.count) return;
    await db.tournamentRound.updateMany({ where: { tournamentId, endedAt: null }, data: { endedAt: at } });
    const t = (await loadTournament(db, tournamentId))!;
    log.info(`tournament ${t.id} finished after ${t.round} round(s)`, { tournamentId: t.id, guildId: t.guildId });
    const final = await c.standingsOf(t);
    await keepPlaces(db, t.id, final);
    await c.tell({ type: 'finished', tournament: t, standings: final });
  }

  /** Once every board of the round has its result: the next round is asked for, or the tournament ends. */
  async function roundOver(tournamentId: number, round: number): Promise<void> {
    if (await db.tournamentPairing.count({ where: { tournamentId, round, result: 'pending' } })) return;
    const t = await loadTournament(db, tournamentId);
    if (!t || t.status !== 'RUNNING' || t.round !== round) return;
    if (t.roundCount !== null && round >= t.roundCount) return finish(t.id);
    await jobs.startRound(c.ref(t), round + 1);
  }

  /**
   * The round's job: paired when due, its deadline armed, its missing games started, its pairings
   * told; a round with nothing to play (byes, forfeits) is over at once. Run again, it does only
   * what is missing. Throws when a game could not start, so that the job is tried again.
   */
  async function startRound(tournamentId: number, round: number): Promise<void> {
    let t = await loadTournament(db, tournamentId);
    if (!t || t.status !== 'RUNNING' || t.round > round) return;
    if (t.round < round) {
      if (t.roundCount !== null && round > t.roundCount) return finish(t.id);
      // A Swiss whose field withdrew down to one player has nobody left to pair.
      if (t.format === 'swiss' && (await db.tournamentPlayer.count({ where: { tournamentId, withdrawnAt: null } })) < 2) return finish(t.id);
      if ((await pairRound(tournamentId, round)) === 'not-due') return;
      t = (await loadTournament(db, tournamentId))!;
      if (t.round !== round) return;
      log.info(`round ${round} of tournament ${t.id} paired`, { tournamentId: t.id, guildId: t.guildId });
    }
    const row = await db.tournamentRound.findUnique({ where: { tournamentId_round: { tournamentId, round } } });
    if (!row) return;
    await jobs.armRoundDeadline(c.ref(t), round, row.deadlineAt);
    const { started, failed } = await startGames(t, round);
    await announce(t, round, row.announcedAt ? started : 0);
    await roundOver(tournamentId, round);
    if (failed) throw new Error(`${failed} game(s) of round ${round} of tournament ${tournamentId} could not start; the round's job is tried again`);
  }

  return { pairRound, startGames, startRound, roundOver, finish };
}

export type Rounds = ReturnType<typeof createRounds>;
