// A tournament's beginning: created by an organiser (within the server's limit of tournaments under
// way), joined and left during its sign-up, and closed at its time (a job) or when its organiser
// starts it: then too few players cancel it, or the field is fixed (each player's rating in the
// game, their number in the Berger tables, the rounds to play) and its first round is asked for.
import { randomBytes } from 'node:crypto';
import { ok, type Result } from '../engine/result.js';
import { gameById } from '../games/index.js';
import type { Prisma } from '../persistence/db.js';
import { dailyRules } from '../services/dailyRules.js';
import { ARENA_DEALS } from './arenaStandings.js';
import { bergerRounds, defaultSwissRounds } from './pairing/index.js';
import { refuseT } from './phrases.js';
import { UNRATED, type TournamentContext } from './context.js';
import { entrantsOf, isFormat, loadTournament, toTournamentView, type Format, type TournamentView } from './store.js';

type Tx = Prisma.TransactionClient;

/** Fewer players than this when the sign-up closes cancel the tournament. */
export const MIN_PLAYERS = 3;
export const NAME_MAX = 60;
export const LIMITS = {
  rounds: { min: 1, max: 20 },
  roundDays: { min: 1, max: 30 },
  signupHours: { min: 1, max: 14 * 24 },
  // A round's players are all mentioned in its pairings message (2000 characters): 64 of the longest ids fit.
  maxPlayers: { min: MIN_PLAYERS, max: 64 },
} as const;
/** A round-robin's players all meet: its rounds grow with the field. */
export const ROUND_ROBIN_MAX_PLAYERS = { 'round-robin': 16, 'double-round-robin': 10 } as const;
export const DEFAULTS = { roundDays: 7, signupHours: 48, maxPlayers: 64 } as const;

export type CreateInput = {
  guildId: string;
  channelId: string;
  organiserId: string;
  name: string;
  gameType: string;
  /** `swiss`, `round-robin`, `double-round-robin`; `arena` for the solo games (and only for them). */
  format: string;
  rawOptions?: Record<string, unknown>;
  clockSeconds: number | null;
  /** A Swiss's rounds (absent: ⌈log2 players⌉ + 1, fixed when the sign-up closes), or an arena's deals (3 by default). */
  rounds?: number | null;
  roundDays?: number | null;
  signupHours?: number | null;
  maxPlayers?: number | null;
};

const within = (n: number, l: { min: number; max: number }) => Number.isInteger(n) && n >= l.min && n <= l.max;

/** The name as it is kept: one line, clipped (it is escaped wherever it is shown). */
export const keptName = (name: string) => name.replace(/[\r\n\u2028\u2029\u0085]+/g, ' ').replace(/[\u0000-\u001f\u007f]/g, '').replace(/\s{2,}/g, ' ').trim().slice(0, NAME_MAX);

export function createSignup(c: TournamentContext) {
  const { db, services, jobs, log, now } = c;

  /** Checks what the organiser asked for, and settles what the game's options leave to chance. */
  function checked(input: CreateInput): Result<{ format: Format; options: Record<string, unknown>; name: string; rounds: number | null; roundDays: number; signupHours: number; maxPlayers: number }> {
    const def = gameById(input.gameType);
    const solo = def?.seats.max === 1;
    if (!def || (!solo && (def.seats.min !== 2 || def.seats.max !== 2))) return refuseT('not-two-player', 'refusals.twoPlayerOnly');
    if (!isFormat(input.format)) return refuseT('bad-format', 'refusals.badFormat');
    // The solo games are played as an arena (the same deals for everyone), and only they are.
    if (solo && input.format !== 'arena') return refuseT('arena-only', 'refusals.arenaOnly');
    if (!solo && input.format === 'arena') return refuseT('arena-solo-only', 'refusals.arenaSoloOnly');
    const format = input.format;
    const name = keptName(input.name);
    if (!name) return refuseT('no-name', 'refusals.noName');
    const rounds = format === 'arena' ? (input.rounds ?? ARENA_DEALS.default) : (input.rounds ?? null);
    if (format === 'arena' && !within(rounds!, ARENA_DEALS)) return refuseT('bad-deals', 'refusals.deals', { min: ARENA_DEALS.min, max: ARENA_DEALS.max });
    if (rounds !== null && format !== 'swiss' && format !== 'arena') return refuseT('rounds-swiss-only', 'refusals.roundsSwissOnly');
    if (rounds !== null && format === 'swiss' && !within(rounds, LIMITS.rounds)) return refuseT('bad-rounds', 'refusals.rounds', { ...LIMITS.rounds });
    const roundDays = input.roundDays ?? DEFAULTS.roundDays;
    if (!within(roundDays, LIMITS.roundDays)) return refuseT('bad-round-days', 'refusals.roundDays', { ...LIMITS.roundDays });
    const signupHours = input.signupHours ?? DEFAULTS.signupHours;
    if (!within(signupHours, LIMITS.signupHours)) return refuseT('bad-signup', 'refusals.signupHours', { ...LIMITS.signupHours });
    const cap = format === 'swiss' || format === 'arena' ? LIMITS.maxPlayers.max : ROUND_ROBIN_MAX_PLAYERS[format];
    const maxPlayers = input.maxPlayers ?? Math.min(DEFAULTS.maxPlayers, cap);
    if (!within(maxPlayers, { min: LIMITS.maxPlayers.min, max: cap })) return refuseT('bad-max-players', 'refusals.maxPlayers', { min: LIMITS.maxPlayers.min, max: cap });
    // An arena deals every player the daily's options of its game: fixed, as the daily's are.
    const raw = format === 'arena' ? { ...dailyRules(def.id).options } : (input.rawOptions ?? {});
    const parsed = def.parseOptions(raw);
    if (!parsed.ok) return parsed;
    // Every game of the tournament is played with the same options: a random map is drawn now, once.
    const options = (def.settleOptions?.(raw, services.newSeed()) ?? raw) as Record<string, unknown>;
    return ok({ format, options, name, rounds, roundDays, signupHours, maxPlayers });
  }

  /** Held until the transaction ends: one creation per server at a time, so the limit holds. */
  const lockGuild = (tx: Tx, guildId: string) => tx.$queryRaw`SELECT 1 AS locked FROM pg_advisory_xact_lock(hashtextextended(${`siege-tournaments:${guildId}`}, 0))`;

  async function create(input: CreateInput): Promise<Result<TournamentView>> {
    const verdict = checked(input);
    if (!verdict.ok) return verdict;
    const v = verdict.value;
    const server = await services.settings.guild(input.guildId);
    const at = now();
    const made = await db.$transaction(async (tx) => {
      await lockGuild(tx, input.guildId);
      const running = await tx.tournament.count({ where: { guildId: input.guildId, status: { in: ['SIGNUP', 'RUNNING'] } } });
      if (running >= server.maxTournaments) return null;
      return tx.tournament.create({
        data: {
          guildId: input.guildId,
          channelId: input.channelId,
          name: v.name,
          gameType: input.gameType,
          format: v.format,
          options: v.options as Prisma.InputJsonValue,
          // An arena's deals have no move clock: the arena's own end bounds them.
          clockSeconds: v.format === 'arena' ? null : input.clockSeconds,
          roundDays: v.roundDays,
          roundCount: v.rounds,
          maxPlayers: v.maxPlayers,
          organiserId: input.organiserId,
          signupClosesAt: new Date(at.getTime() + v.signupHours * 3_600_000),
          // 144 random bits: the tournament's page cannot be guessed.
          webToken: randomBytes(18).toString('base64url'),
        },
      });
    });
    if (!made) return refuseT('too-many', 'refusals.tooMany', { max: server.maxTournaments });
    const t = toTournamentView(made);
    await jobs.armSignupClose(c.ref(t), t.signupClosesAt);
    log.info(`tournament ${t.id} created (${t.gameType}, ${t.format})`, { tournamentId: t.id, guildId: t.guildId });
    return ok(t);
  }

  /** Runs `work` with the tournament's row locked, while its sign-up is open. */
  async function duringSignup<T>(tournamentId: number, work: (tx: Tx, t: TournamentView) => Promise<Result<T>>): Promise<Result<T>> {
    return db.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT id FROM "Tournament" WHERE id = ${tournamentId} FOR UPDATE`;
      const t = await loadTournament(tx, tournamentId);
      if (!t) return refuseT('no-tournament', 'refusals.noTournament');
      if (t.status !== 'SIGNUP' || now() >= t.signupClosesAt) return refuseT('signup-closed', 'refusals.signupClosed');
      return work(tx, t);
    });
  }

  async function signupChanged(t: TournamentView): Promise<void> {
    await c.tell({ type: 'signup-changed', tournament: t, players: await entrantsOf(db, t.id) });
  }

  async function join(tournamentId: number, userId: string): Promise<Result<TournamentView>> {
    const joined = await duringSignup(tournamentId, async (tx, t) => {
      if (await tx.tournamentPlayer.count({ where: { tournamentId, userId } })) return refuseT('joined-already', 'refusals.joinedAlready');
      if ((await tx.tournamentPlayer.count({ where: { tournamentId } })) >= t.maxPlayers) return refuseT('full', 'refusals.full', { max: t.maxPlayers });
      await tx.tournamentPlayer.create({ data: { tournamentId, userId, joinedAt: now() } });
      return ok(t);
    });
    if (joined.ok) await signupChanged(joined.value);
    return joined;
  }

  /** Off the roster during the sign-up (leaving, or removed by the organiser). */
  async function unjoin(tournamentId: number, userId: string, notJoined: 'refusals.notJoined' | 'refusals.memberNotJoined' = 'refusals.notJoined'): Promise<Result<TournamentView>> {
    const left = await duringSignup(tournamentId, async (tx, t) => {
      const gone = await tx.tournamentPlayer.deleteMany({ where: { tournamentId, userId } });
      return gone.count ? ok(t) : refuseT('not-joined', notJoined);
    });
    if (left.ok) await signupChanged(left.value);
    return left;
  }

  /** The field's ratings in the game on this server, best first: their order is their Berger number. */
  async function fixField(tx: Tx, t: TournamentView): Promise<number> {
    const entrants = await entrantsOf(tx, t.id);
    const ratings = await services.records.ratingsOf(t.guildId, t.gameType, entrants.map((e) => e.userId));
    const rated = entrants.map((e) => ({ ...e, rating: ratings.get(e.userId)?.rating ?? UNRATED }));
    rated.sort((a, b) => b.rating - a.rating || a.joinedAt.getTime() - b.joinedAt.getTime() || (a.userId < b.userId ? -1 : 1));
    for (const [i, e] of rated.entries()) await tx.tournamentPlayer.update({ where: { tournamentId_userId: { tournamentId: t.id, userId: e.userId } }, data: { rating: e.rating, seed: i + 1 } });
    return rated.length;
  }

  /**
   * Closes the sign-up (its time came, or `by` its organiser starts it now): too few players
   * cancel the tournament; else the field is fixed and the first round asked for.
   */
  async function close(tournamentId: number, by: string | null): Promise<Result<'started' | 'cancelled'>> {
    const closed = await db.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT id FROM "Tournament" WHERE id = ${tournamentId} FOR UPDATE`;
      const t = await loadTournament(tx, tournamentId);
      if (!t || t.status !== 'SIGNUP') return null;
      const count = await tx.tournamentPlayer.count({ where: { tournamentId } });
      if (count < MIN_PLAYERS) {
        await tx.tournament.update({ where: { id: tournamentId }, data: { status: 'CANCELLED', finishedAt: now() } });
        return 'cancelled' as const;
      }
      const n = await fixField(tx, t);
      const rounds = t.format === 'arena' ? (t.roundCount ?? ARENA_DEALS.default) : t.format === 'swiss' ? (t.roundCount ?? defaultSwissRounds(n)) : bergerRounds(n, { double: t.format === 'double-round-robin' });
      await tx.tournament.update({ where: { id: tournamentId }, data: { status: 'RUNNING', roundCount: rounds, startedAt: now(), signupClosesAt: by ? now() : undefined } });
      return 'started' as const;
    });
    if (!closed) return refuseT('not-in-signup', 'refusals.notInSignup');
    const t = (await loadTournament(db, tournamentId))!;
    const players = await entrantsOf(db, tournamentId);
    if (closed === 'cancelled') {
      log.info(`tournament ${tournamentId} cancelled: ${players.length} player(s) when its sign-up closed`, { tournamentId });
      await c.tell({ type: 'cancelled', tournament: t, players, why: 'too-few', by: null });
      return ok(closed);
    }
    await c.tell({ type: 'signup-closed', tournament: t, players });
    await jobs.startRound(c.ref(t), 1);
    return ok(closed);
  }

  /** The sign-up's job: closed when its time has come (an early run is armed again). */
  async function signupDue(tournamentId: number): Promise<void> {
    const t = await loadTournament(db, tournamentId);
    if (!t || t.status !== 'SIGNUP') return;
    if (now() < t.signupClosesAt) return jobs.armSignupClose(c.ref(t), t.signupClosesAt);
    await close(tournamentId, null);
  }

  return { create, join, unjoin, close, signupDue };
}
