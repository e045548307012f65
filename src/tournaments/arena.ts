// The arena of the solo games: every player plays the same deals, each once, within the arena's
// days (`round-days`, from the sign-up's close). When the sign-up closes every deal opens at once:
// one round row per deal (the deal's number) and one row per player and deal (colour "solo"),
// made in one transaction with the tournament locked. A deal is dealt from a seed derived, like
// the daily's, from the bot's secret (services/daily.ts): nobody can compute it, and its games are
// shown to nobody but their player until the arena is over (services/visibility.ts). A player's
// attempt is an ordinary solo game started through the game master in a private thread, saved
// with its row so that each deal is played once. A finished game's score is the game's own
// (`recordScore`); one not finished by the end, resigned or stopped scores nothing. At the end
// (its deadline, or as soon as every deal of every player is over) the games still running are
// stopped, each player's place is kept, and the final standings are told.
import { createHmac } from 'node:crypto';
import { ok, type Result } from '../engine/result.js';
import type { Receipt } from '../master/index.js';
import { recordScore } from '../services/records/stats.js';
import type { GameSnapshot } from '../services/types.js';
import { arenaStandingsOf, type ArenaStanding } from './arenaStandings.js';
import { DAY_MS, type TournamentContext } from './context.js';
import { keepPlaces } from './places.js';
import { refuseT, tphrase, WITHDREW } from './phrases.js';
import { entrantsOf, loadTournament, type TournamentView } from './store.js';

/** The reason a deal still being played when the arena ends gives (the master adds the seat). */
export const ARENA_CLOSED = tphrase('outcome.arenaClosed');

/** A deal's seed: an HMAC of the tournament, its game and the deal under the bot's secret (as the daily's). */
export function arenaSeed(secret: string, t: Pick<TournamentView, 'id' | 'gameType'>, deal: number): string {
  return createHmac('sha256', secret).update(`arena:${t.id}:${t.gameType}:${deal}`).digest('base64url').slice(0, 24);
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

export function createArena(c: TournamentContext) {
  const { db, master, services, jobs, log, now } = c;

  const standingsOf = (t: Pick<TournamentView, 'id'>): Promise<ArenaStanding[]> => arenaStandingsOf(db, t.id);

  /** When the arena ends: every deal's round row carries it. */
  async function endsAt(tournamentId: number): Promise<Date | null> {
    return (await db.tournamentRound.findUnique({ where: { tournamentId_round: { tournamentId, round: 1 } } }))?.deadlineAt ?? null;
  }

  /**
   * The arena opens (the job after its sign-up closed): its deals' rows made once, its end armed,
   * and its opening told once. Run again, it does only what is missing.
   */
  async function open(tournamentId: number): Promise<void> {
    await db.$transaction(async (tx) => {
      const [row] = await tx.$queryRaw<{ round: number; status: string }[]>`SELECT round, status::text AS status FROM "Tournament" WHERE id = ${tournamentId} FOR UPDATE`;
      if (!row || row.status !== 'RUNNING' || row.round > 0) return;
      const t = (await loadTournament(tx, tournamentId))!;
      const deals = range(t.roundCount ?? 1);
      const field = (await entrantsOf(tx, tournamentId)).filter((e) => !e.withdrawn);
      const at = now();
      const deadlineAt = new Date(at.getTime() + t.roundDays * DAY_MS);
      await tx.tournamentRound.createMany({ data: deals.map((round) => ({ tournamentId, round, startedAt: at, deadlineAt })) });
      await tx.tournamentPairing.createMany({
        data: field.flatMap((e, i) => deals.map((round) => ({ tournamentId, round, userId: e.userId, board: e.seed ?? i + 1, colour: 'solo' }))),
      });
      await tx.tournament.update({ where: { id: tournamentId }, data: { round: deals.length } });
    });
    const t = await loadTournament(db, tournamentId);
    const end = await endsAt(tournamentId);
    if (!t || t.status !== 'RUNNING' || !end) return;
    await jobs.armRoundDeadline(c.ref(t), t.round, end);
    const claimed = await db.tournamentRound.updateMany({ where: { tournamentId, round: 1, announcedAt: null }, data: { announcedAt: now() } });
    if (claimed.count) {
      log.info(`arena ${tournamentId} opened: ${t.round} deal(s)`, { tournamentId, guildId: t.guildId });
      await c.tell({ type: 'arena-opened', tournament: t, standings: await standingsOf(t), endsAt: end });
    }
  }

  /** Whether `userId` may begin deal `deal` now: the arena runs, the deal is theirs and not begun. */
  async function checkPlay(tournamentId: number, userId: string, deal: number): Promise<Result<{ tournament: TournamentView; endsAt: Date }>> {
    const t = await loadTournament(db, tournamentId);
    if (!t) return refuseT('no-tournament', 'refusals.noTournament');
    if (t.format !== 'arena') return refuseT('not-arena', 'refusals.notArena');
    if (t.status === 'SIGNUP') return refuseT('not-open', 'refusals.arenaNotOpen');
    if (t.status !== 'RUNNING') return refuseT('over', 'refusals.over');
    const end = await endsAt(tournamentId);
    if (!end || t.round === 0) return refuseT('not-open', 'refusals.arenaNotOpen');
    if (now() >= end) return refuseT('over', 'refusals.over');
    const player = await db.tournamentPlayer.findUnique({ where: { tournamentId_userId: { tournamentId, userId } } });
    if (!player) return refuseT('not-joined', 'refusals.notJoined');
    if (player.withdrawnAt) return refuseT('withdrawn-already', 'refusals.withdrawnAlready');
    const row = await db.tournamentPairing.findUnique({ where: { tournamentId_round_userId: { tournamentId, round: deal, userId } } });
    if (!row) return refuseT('no-deal', 'refusals.noDeal', { max: t.round });
    if (row.gameId !== null || row.result !== 'pending') return refuseT('deal-played', 'refusals.dealPlayed', { deal });
    return ok({ tournament: t, endsAt: end });
  }

  /**
   * Deals `deal` to `userId` in `threadId` (their private thread, made by the front end): an
   * ordinary solo game through the master, saved with their row. Refused as `checkPlay` says, or
   * when the deal was begun meanwhile (a second press, another process): then nothing is saved.
   */
  async function play(tournamentId: number, userId: string, deal: number, threadId: string): Promise<Result<{ game: GameSnapshot; receipt: Receipt; endsAt: Date }>> {
    const allowed = await checkPlay(tournamentId, userId, deal);
    if (!allowed.ok) return allowed;
    const { tournament: t, endsAt: end } = allowed.value;
    const seed = arenaSeed(await services.daily.dailySecret(), t, deal);
    const made = await master.startPaired(
      {
        gameType: t.gameType,
        guildId: t.guildId,
        channelId: t.channelId,
        threadId,
        seats: [{ kind: 'human', userId }],
        rawOptions: t.options,
        seed,
        clockSeconds: null,
        tournament: { tournamentId: t.id, name: t.name, round: deal },
      },
      async (tx, game) => (await tx.tournamentPairing.updateMany({ where: { tournamentId, round: deal, userId, gameId: null, result: 'pending', tournament: { status: 'RUNNING' } }, data: { gameId: game.id } })).count === 1,
    );
    if (made === null) return refuseT('deal-played', 'refusals.dealPlayed', { deal });
    if (!made.ok) return made;
    log.info(`arena ${tournamentId}: deal ${deal} dealt to ${userId} (game ${made.value.game.id})`, { tournamentId, gameId: made.value.game.id });
    await c.tell({ type: 'arena-result', tournament: t, standings: await standingsOf(t) });
    return ok({ ...made.value, endsAt: end });
  }

  /** A finished deal's score and time, once; the arena ends when no deal is left to play. */
  async function record(game: GameSnapshot): Promise<void> {
    const finished = await db.game.findUnique({ where: { id: game.id }, select: { finishedAt: true } });
    const score = recordScore(services.games.defOf(game), game.outcome);
    const durationMs = Math.max(0, (finished?.finishedAt ?? now()).getTime() - game.createdAt.getTime());
    const rows = await db.tournamentPairing.updateManyAndReturn({
      where: { gameId: game.id, colour: 'solo', result: 'pending', tournament: { status: 'RUNNING' } },
      data: score === null ? { result: 'unscored' } : { result: 'scored', score, durationMs },
      select: { tournamentId: true },
    });
    const row = rows[0];
    if (!row) return;
    await told(row.tournamentId);
    await finishWhenDone(row.tournamentId);
  }

  async function told(tournamentId: number): Promise<void> {
    const t = await loadTournament(db, tournamentId);
    if (t) await c.tell({ type: 'arena-result', tournament: t, standings: await standingsOf(t) });
  }

  async function finishWhenDone(tournamentId: number): Promise<void> {
    if (!(await db.tournamentPairing.count({ where: { tournamentId, colour: 'solo', result: 'pending' } }))) await finish(tournamentId);
  }

  /** The arena ends: its final standings, each player's place kept. Once, whoever gets here first. */
  async function finish(tournamentId: number): Promise<void> {
    const at = now();
    // What is left unplayed scores nothing.
    await db.tournamentPairing.updateMany({ where: { tournamentId, colour: 'solo', result: 'pending', gameId: null }, data: { result: 'unscored' } });
    const done = await db.tournament.updateMany({ where: { id: tournamentId, status: 'RUNNING' }, data: { status: 'FINISHED', finishedAt: at } });
    if (!done.count) return;
    await db.tournamentRound.updateMany({ where: { tournamentId, endedAt: null }, data: { endedAt: at } });
    const t = (await loadTournament(db, tournamentId))!;
    const final = await standingsOf(t);
    await keepPlaces(db, t.id, final);
    log.info(`arena ${t.id} finished`, { tournamentId: t.id, guildId: t.guildId });
    await c.tell({ type: 'arena-finished', tournament: t, standings: final });
  }

  /**
   * The arena's end (its job): the deals still being played are stopped, scoring nothing; the
   * arena ends. Judged against the stored end: early, it is armed again.
   */
  async function deadline(tournamentId: number): Promise<void> {
    const t = await loadTournament(db, tournamentId);
    if (!t || t.status !== 'RUNNING' || t.format !== 'arena') return;
    const end = await endsAt(tournamentId);
    if (!end) return;
    if (now() < end) return jobs.armRoundDeadline(c.ref(t), t.round, end);
    await stopDeals(tournamentId, (await db.tournamentPairing.findMany({ where: { tournamentId, colour: 'solo', result: 'pending', gameId: { not: null } } })), ARENA_CLOSED);
    await finish(tournamentId);
  }

  /** Stops the running games of `rows` (each scores nothing), or records one that ended meanwhile. */
  async function stopDeals(tournamentId: number, rows: { userId: string; gameId: number | null }[], reason: typeof ARENA_CLOSED): Promise<void> {
    for (const r of rows) {
      if (r.gameId === null) continue;
      const stopped = await master.forfeit(r.gameId, r.userId, reason);
      if (!stopped.ok) {
        const game = await services.games.load(r.gameId);
        if (game?.status === 'FINISHED') await record(game);
      }
    }
    log.debug(`arena ${tournamentId}: ${rows.length} deal(s) stopped`, { tournamentId });
  }

  /** A withdrawn player's deals: those not begun score nothing, those being played are stopped. */
  async function withdrawn(tournamentId: number, userId: string): Promise<void> {
    await db.tournamentPairing.updateMany({ where: { tournamentId, userId, colour: 'solo', result: 'pending', gameId: null }, data: { result: 'unscored' } });
    await stopDeals(tournamentId, await db.tournamentPairing.findMany({ where: { tournamentId, userId, colour: 'solo', result: 'pending', gameId: { not: null } } }), WITHDREW);
    await told(tournamentId);
    await finishWhenDone(tournamentId);
  }

  return { open, checkPlay, play, record, finish, deadline, withdrawn, standings: standingsOf };
}

export type Arena = ReturnType<typeof createArena>;
