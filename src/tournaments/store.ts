// Reading the tournaments' tables (prisma/schema.prisma: Tournament, TournamentPlayer,
// TournamentRound, TournamentPairing) as the plain views the service and its listeners use. A
// board of a round is two pairing rows ("white" and "black", one per player, which is what makes a
// player's place in a round unique) or one ("bye"): read back here as one board.
import type { Db, DbOrTx } from '../persistence/db.js';
import type { Game, GameResult, TournamentFormat } from './pairing/index.js';

export type TournamentStatus = 'SIGNUP' | 'RUNNING' | 'FINISHED' | 'CANCELLED';

/** The pairing core's formats, and the arena of the solo games (every player plays the same deals). */
export type Format = TournamentFormat | 'arena';

/** Why a player is paired no more: they left, the organiser removed them, or they lost twice on time. */
export type WithdrawalReason = 'left' | 'removed' | 'timeouts';

export type TournamentView = {
  id: number;
  guildId: string;
  channelId: string;
  name: string;
  gameType: string;
  format: Format;
  /** The game's options, as each of its games starts with them. */
  options: Record<string, unknown>;
  clockSeconds: number | null;
  roundDays: number;
  /** The rounds to play (an arena's deals); null until the sign-up closes when the organiser left it to the field. */
  roundCount: number | null;
  maxPlayers: number;
  organiserId: string;
  status: TournamentStatus;
  signupClosesAt: Date;
  /** The round being played (0 during the sign-up). */
  round: number;
  signupMessageId: string | null;
  standingsMessageId: string | null;
  webToken: string;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
};

export type Entrant = {
  userId: string;
  joinedAt: Date;
  /** The server's rating in the game, fixed when the sign-up closed (null before, or never rated: 1500 then). */
  rating: number | null;
  /** The player's number in the Berger tables (round-robins), from 1. */
  seed: number | null;
  timeouts: number;
  withdrawn: boolean;
  withdrawal: WithdrawalReason | null;
};

/** Where a board's game is played (its thread, else its channel), as the Discord adapter links to it. */
export type GamePlace = { threadId: string | null; channelId: string; boardMessageId: string | null; finished: boolean };

export type BoardView = {
  board: number;
  white: string;
  /** null: a bye. */
  black: string | null;
  result: GameResult;
  forfeit: boolean;
  gameId: number | null;
  place: GamePlace | null;
};

export type RoundView = {
  round: number;
  startedAt: Date;
  deadlineAt: Date;
  endedAt: Date | null;
  messageId: string | null;
  boards: BoardView[];
};

const FORMATS: readonly Format[] = ['swiss', 'round-robin', 'double-round-robin', 'arena'];
const RESULTS: readonly GameResult[] = ['white', 'black', 'draw', 'bye', 'pending'];

export const isFormat = (x: unknown): x is Format => FORMATS.includes(x as Format);
const asResult = (x: string): GameResult => (RESULTS.includes(x as GameResult) ? (x as GameResult) : 'pending');

// Rows as Prisma reads them: no type of the generated client leaks out of this file.
type TournamentRow = {
  id: number; guildId: string; channelId: string; name: string; gameType: string; format: string; options: unknown;
  clockSeconds: number | null; roundDays: number; roundCount: number | null; maxPlayers: number; organiserId: string;
  status: string; signupClosesAt: Date; round: number; signupMessageId: string | null; standingsMessageId: string | null;
  webToken: string; createdAt: Date; startedAt: Date | null; finishedAt: Date | null;
};

export function toTournamentView(row: TournamentRow): TournamentView {
  return {
    id: row.id,
    guildId: row.guildId,
    channelId: row.channelId,
    name: row.name,
    gameType: row.gameType,
    format: isFormat(row.format) ? row.format : 'swiss',
    options: (row.options && typeof row.options === 'object' ? row.options : {}) as Record<string, unknown>,
    clockSeconds: row.clockSeconds,
    roundDays: row.roundDays,
    roundCount: row.roundCount,
    maxPlayers: row.maxPlayers,
    organiserId: row.organiserId,
    status: row.status as TournamentStatus,
    signupClosesAt: row.signupClosesAt,
    round: row.round,
    signupMessageId: row.signupMessageId,
    standingsMessageId: row.standingsMessageId,
    webToken: row.webToken,
    createdAt: row.createdAt,
    startedAt: row.startedAt,
    finishedAt: row.finishedAt,
  };
}

export async function loadTournament(db: DbOrTx, id: number): Promise<TournamentView | null> {
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return null;
  const row = await db.tournament.findUnique({ where: { id } });
  return row ? toTournamentView(row) : null;
}

/** Everyone who joined, in the order they joined. */
export async function entrantsOf(db: DbOrTx, tournamentId: number): Promise<Entrant[]> {
  const rows = await db.tournamentPlayer.findMany({ where: { tournamentId }, orderBy: [{ joinedAt: 'asc' }, { userId: 'asc' }] });
  return rows.map((r) => ({
    userId: r.userId,
    joinedAt: r.joinedAt,
    rating: r.rating,
    seed: r.seed,
    timeouts: r.timeouts,
    withdrawn: r.withdrawnAt !== null,
    withdrawal: (r.withdrawal as WithdrawalReason | null) ?? null,
  }));
}

type BoardRow = {
  round: number; board: number; userId: string; opponentId: string | null; colour: string; gameId: number | null; result: string; forfeit: boolean;
  threadId: string | null; channelId: string | null; boardMessageId: string | null; status: string | null;
};

/**
 * The boards of a tournament (of one round, or all), each read from its white or bye row, with
 * where its game is played. An arena has no boards: its rows are deals (arenaStandings.ts).
 */
async function boardRows(db: DbOrTx, tournamentId: number, round: number | null): Promise<BoardRow[]> {
  return db.$queryRaw<BoardRow[]>`
    SELECT p.round, p.board, p."userId", p."opponentId", p.colour, p."gameId", p.result, p.forfeit,
      g."threadId", g."channelId", g."boardMessageId", g.status::text AS status
    FROM "TournamentPairing" p LEFT JOIN "Game" g ON g.id = p."gameId"
    WHERE p."tournamentId" = ${tournamentId} AND p.colour NOT IN ('black', 'solo') AND (${round}::int IS NULL OR p.round = ${round}::int)
    ORDER BY p.round, p.board`;
}

function toBoard(r: BoardRow): BoardView {
  return {
    board: r.board,
    white: r.userId,
    black: r.colour === 'bye' ? null : r.opponentId,
    result: asResult(r.result),
    forfeit: r.forfeit,
    gameId: r.gameId,
    place: r.gameId !== null && r.channelId !== null ? { threadId: r.threadId, channelId: r.channelId, boardMessageId: r.boardMessageId, finished: r.status === 'FINISHED' } : null,
  };
}

export async function roundOf(db: DbOrTx, tournamentId: number, round: number): Promise<RoundView | null> {
  const row = await db.tournamentRound.findUnique({ where: { tournamentId_round: { tournamentId, round } } });
  if (!row) return null;
  const boards = (await boardRows(db, tournamentId, round)).map(toBoard);
  return { round, startedAt: row.startedAt, deadlineAt: row.deadlineAt, endedAt: row.endedAt, messageId: row.messageId, boards };
}

/** Every game of every round so far, as the pairing core takes them. */
export async function gamesOf(db: DbOrTx, tournamentId: number): Promise<Game[]> {
  return (await boardRows(db, tournamentId, null)).map((r) => ({
    round: r.round,
    white: r.userId,
    black: r.colour === 'bye' ? null : r.opponentId,
    result: asResult(r.result),
    ...(r.forfeit ? { forfeit: true } : {}),
  }));
}

/** The tournaments of a server, those still under way first, then the newest. */
export async function tournamentsOf(db: Db, guildId: string, take = 25): Promise<TournamentView[]> {
  const rows = await db.tournament.findMany({ where: { guildId }, orderBy: [{ createdAt: 'desc' }], take: 100 });
  const open = (s: string) => (s === 'RUNNING' || s === 'SIGNUP' ? 0 : 1);
  return rows.map(toTournamentView).sort((a, b) => open(a.status) - open(b.status)).slice(0, take);
}
