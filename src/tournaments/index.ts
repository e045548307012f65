// Tournaments over days, Swiss and round-robin, with rounds that run themselves, and the arena of
// the solo games (arena.ts). Above the services, beside the game master: it starts each pairing's
// game through the master, hears every finished game from it (`listener`, subscribed where the
// app is composed), and tells its own listeners (the Discord adapter) what happened as typed
// events (events.ts). Its jobs (a sign-up's close, a round's start and deadline) go through its
// own port; it knows no job queue and no front end. The pairing core (pairing/) decides pairings and standings; this module keeps them.
import { ok, type Result } from '../engine/result.js';
import { createTournamentContext, type TournamentDeps } from './context.js';
import type { TournamentSubscriber, WithdrawalReason } from './events.js';
import type { Standing } from './pairing/index.js';
import { refuseT } from './phrases.js';
import type { TournamentJobHandlers } from './port.js';
import { createArena } from './arena.js';
import { createResults } from './results.js';
import { createRounds } from './rounds.js';
import { recordOf } from './places.js';
import { createSignup, type CreateInput } from './signup.js';
import { entrantsOf, roundOf, tournamentsOf, type Entrant, type RoundView, type TournamentView } from './store.js';

export type { TournamentEvent, TournamentSubscriber, WithdrawalReason } from './events.js';
export type { TournamentJobHandlers, TournamentJobPort, TournamentRef } from './port.js';
export type { BoardView, Entrant, Format, GamePlace, RoundView, TournamentStatus, TournamentView } from './store.js';
export type { CreateInput } from './signup.js';
export { DEFAULTS, LIMITS, MIN_PLAYERS, NAME_MAX, ROUND_ROBIN_MAX_PLAYERS } from './signup.js';
export { TIMEOUTS_TO_WITHDRAW } from './results.js';
export { TOURNAMENTS_NS } from './phrases.js';
export { ARENA_DEALS, type ArenaDeal, type ArenaStanding, type DealState } from './arenaStandings.js';
export { crosstableOf, hasCrosstable, readCrosstable, type CrosstableModel, type CrosstableSource } from './crosstable.js';
export type { PlayedTournament, TournamentRecord } from './places.js';

/** Who asks for an organiser's change: its organiser, or a member the server lets organise (the front end knows). */
export type Organiser = { userId: string; mayOrganise: boolean };

export function createTournaments(deps: TournamentDeps) {
  const c = createTournamentContext(deps);
  const rounds = createRounds(c);
  const arena = createArena(c);
  const results = createResults(c, rounds, arena);
  const signup = createSignup(c);
  const { db, log } = c;

  async function organised(tournamentId: number, by: Organiser): Promise<Result<TournamentView>> {
    const t = await c.load(tournamentId);
    if (!t) return refuseT('no-tournament', 'refusals.noTournament');
    if (t.organiserId !== by.userId && !by.mayOrganise) return refuseT('not-organiser', 'refusals.notOrganiser');
    return ok(t);
  }

  /** Leaves a tournament: off the roster during its sign-up, withdrawn (their games forfeited) once it runs. */
  async function leave(tournamentId: number, userId: string, why: Exclude<WithdrawalReason, 'timeouts'> = 'left', by: string | null = null): Promise<Result<{ tournament: TournamentView; withdrawn: boolean }>> {
    const t = await c.load(tournamentId);
    if (!t) return refuseT('no-tournament', 'refusals.noTournament');
    const notJoined = by ? 'refusals.memberNotJoined' : 'refusals.notJoined';
    if (t.status === 'SIGNUP') {
      const left = await signup.unjoin(tournamentId, userId, notJoined);
      return left.ok ? ok({ tournament: left.value, withdrawn: false }) : left;
    }
    if (t.status !== 'RUNNING') return refuseT('over', 'refusals.over');
    const player = await db.tournamentPlayer.findUnique({ where: { tournamentId_userId: { tournamentId, userId } } });
    if (!player) return refuseT('not-joined', notJoined);
    if (player.withdrawnAt) return refuseT('withdrawn-already', by ? 'refusals.memberWithdrawnAlready' : 'refusals.withdrawnAlready');
    await results.withdraw(tournamentId, userId, why, by);
    return ok({ tournament: t, withdrawn: true });
  }

  /**
   * Cancels a tournament in its sign-up or while it runs. Games under way are left to finish as
   * the ordinary rated games of the server they are; nothing more is paired or recorded.
   */
  async function cancel(tournamentId: number, by: Organiser): Promise<Result<TournamentView>> {
    const allowed = await organised(tournamentId, by);
    if (!allowed.ok) return allowed;
    const done = await db.tournament.updateMany({ where: { id: tournamentId, status: { in: ['SIGNUP', 'RUNNING'] } }, data: { status: 'CANCELLED', finishedAt: c.now() } });
    if (!done.count) return refuseT('over', 'refusals.over');
    const t = (await c.load(tournamentId))!;
    log.info(`tournament ${tournamentId} cancelled by its organiser`, { tournamentId, userId: by.userId });
    await c.tell({ type: 'cancelled', tournament: t, players: await entrantsOf(db, tournamentId), why: 'organiser', by: by.userId });
    return ok(t);
  }

  /**
   * At start-up, for the tournaments this process serves: what a crash may have left undone. A
   * sign-up's close is armed again; a running tournament's finished games not yet recorded are
   * recorded, its round's deadline armed again, and its round's job asked for again (it pairs
   * what is due, starts the games that failed to start, and tells pairings never told).
   */
  async function recover(): Promise<{ signups: number; running: number }> {
    const open = (await db.tournament.findMany({ where: { status: { in: ['SIGNUP', 'RUNNING'] } } })).filter((t) => c.jobs.servesGuild(t.guildId));
    let signups = 0;
    let running = 0;
    for (const row of open) {
      try {
        if (row.status === 'SIGNUP') {
          await c.jobs.armSignupClose({ id: row.id, guildId: row.guildId }, row.signupClosesAt);
          signups++;
          continue;
        }
        const unrecorded = await db.$queryRaw<{ gameId: number }[]>`
          SELECT DISTINCT p."gameId" FROM "TournamentPairing" p JOIN "Game" g ON g.id = p."gameId"
          WHERE p."tournamentId" = ${row.id} AND p.result = 'pending' AND g.status = 'FINISHED'`;
        for (const { gameId } of unrecorded) await results.recordStored(gameId);
        const t = await c.load(row.id);
        if (t?.status === 'RUNNING') await c.jobs.startRound(c.ref(t), Math.max(1, t.round));
        running++;
      } catch (e) {
        log.error(`tournament ${row.id} could not be recovered at start-up`, { err: e, tournamentId: row.id });
      }
    }
    return { signups, running };
  }

  const jobHandlers: TournamentJobHandlers = {
    tournamentSignup: (job) => signup.signupDue(job.tournamentId),
    tournamentDeadline: (job) => results.deadline(job.tournamentId, job.round),
    // An arena opens all its deals at once (arena.ts); the others pair round after round.
    tournamentRound: async (job) => ((await c.load(job.tournamentId))?.format === 'arena' ? arena.open(job.tournamentId) : rounds.startRound(job.tournamentId, job.round)),
  };

  return {
    /** Subscribed to the game master where the app is composed: hears every finished game. */
    listener: results.listener,
    /** Tells `subscriber` every tournament event from now on; returns how to stop. */
    subscribe: (subscriber: TournamentSubscriber) => c.subscribe(subscriber),
    jobHandlers,
    recover,
    create: (input: CreateInput) => signup.create(input),
    join: signup.join,
    leave: (tournamentId: number, userId: string) => leave(tournamentId, userId),
    /** The organiser takes a member off the roster (during the sign-up) or withdraws them. */
    async remove(tournamentId: number, userId: string, by: Organiser) {
      const allowed = await organised(tournamentId, by);
      return allowed.ok ? leave(tournamentId, userId, 'removed', by.userId) : allowed;
    },
    /** The organiser closes the sign-up now. */
    async start(tournamentId: number, by: Organiser) {
      const allowed = await organised(tournamentId, by);
      return allowed.ok ? signup.close(tournamentId, by.userId) : allowed;
    },
    cancel,
    get: (tournamentId: number) => c.load(tournamentId),
    /** The tournament of a web page's address (/t/<webToken>: 144 random bits, README "On the web"), or null. */
    async byWebToken(token: string): Promise<TournamentView | null> {
      if (!/^[A-Za-z0-9_-]{24}$/.test(token)) return null;
      const row = await db.tournament.findUnique({ where: { webToken: token }, select: { id: true } });
      return row ? c.load(row.id) : null;
    },
    players: (tournamentId: number): Promise<Entrant[]> => entrantsOf(db, tournamentId),
    round: (tournamentId: number, round: number): Promise<RoundView | null> => roundOf(db, tournamentId, round),
    standings: (t: Pick<TournamentView, 'id' | 'format'>): Promise<Standing[]> => c.standingsOf(t),
    /** A server's tournaments, those under way first. */
    list: (guildId: string) => tournamentsOf(db, guildId),
    /** A member's finished tournaments on a server (of one game, or all): played, won, podiums, and the latest with their place. */
    record: (query: { guildId: string; userId: string; gameType?: string; recent?: number }) => recordOf(db, query, (t) => c.standingsOf(t)),
    /** Whether a member may begin an arena's deal now (before the front end makes its private thread). */
    arenaCheck: (tournamentId: number, userId: string, deal: number) => arena.checkPlay(tournamentId, userId, deal),
    /** Deals an arena's deal to a member in their private thread (made by the front end). */
    playArena: (tournamentId: number, userId: string, deal: number, threadId: string) => arena.play(tournamentId, userId, deal, threadId),
    /** An arena's standings: total score, deals scored, time taken. */
    arenaStandings: (t: Pick<TournamentView, 'id'>) => arena.standings(t),
    /** The tournaments of a server a member plays in, or may leave (sign-up or running). */
    async joinedBy(guildId: string, userId: string): Promise<TournamentView[]> {
      const rows = await db.tournament.findMany({ where: { guildId, status: { in: ['SIGNUP', 'RUNNING'] }, players: { some: { userId, withdrawnAt: null } } }, orderBy: { createdAt: 'desc' }, take: 25 });
      return Promise.all(rows.map((r) => c.load(r.id))).then((ts) => ts.filter((t): t is TournamentView => t !== null));
    },
    /** The sign-up's announcement, as posted by a front end (edited in place from then on). */
    async setSignupMessage(tournamentId: number, messageId: string): Promise<void> {
      await db.tournament.update({ where: { id: tournamentId }, data: { signupMessageId: messageId } });
    },
    /**
     * The standings message a front end posted, kept in place of `replacing` (none yet, or one that
     * is gone): false when another was kept meanwhile (another process posted one too).
     */
    async keepStandingsMessage(tournamentId: number, messageId: string, replacing: string | null = null): Promise<boolean> {
      return (await db.tournament.updateMany({ where: { id: tournamentId, standingsMessageId: replacing }, data: { standingsMessageId: messageId } })).count === 1;
    },
    /** A round's pairings message, kept likewise. */
    async keepRoundMessage(tournamentId: number, round: number, messageId: string, replacing: string | null = null): Promise<boolean> {
      return (await db.tournamentRound.updateMany({ where: { tournamentId, round, messageId: replacing }, data: { messageId } })).count === 1;
    },
  };
}

export type Tournaments = ReturnType<typeof createTournaments>;
