// What a tournament's web page shows (README: On the web), read once per version of the page and
// shared by its languages: the tournament, its players named as their server names them, the
// standings with the format's tie-breaks, every round's boards with each game's watch page, and
// the podium once it is over. The page (pages/tournament.ts) says it in the reader's language.
import { gameById } from '../games/index.js';
import type { Services } from '../services/index.js';
import type { Entrant, RoundView, TournamentView } from '../tournaments/index.js';
import type { Standing } from '../tournaments/pairing/index.js';
import type { TournamentSite } from './tournamentNews.js';

export type TournamentBoard = {
  board: number;
  white: string;
  black: string | null;
  result: RoundView['boards'][number]['result'];
  forfeit: boolean;
  /** The game's watch page (/g/<token>), when it has one and may be watched. */
  watch: string | null;
};

export type TournamentRound = { round: number; deadlineAt: Date; endedAt: Date | null; boards: TournamentBoard[] };

/** A player's line in an arena (the solo games' tournament): every player plays the same deals. */
export type ArenaEntry = {
  playerId: string;
  rank: number;
  score: number;
  scored: number;
  timeMs: number;
  withdrawn: boolean;
  /** Each deal's score once the arena is over, and its game's watch page (a deal is secret until then). */
  deals: { deal: number; score: number | null; watch: string | null }[];
};

export type TournamentData = {
  t: TournamentView;
  version: number;
  /** The game's id (its catalog names it in the reader's language), and its English title as a fallback. */
  game: { id: string; title: string };
  players: Entrant[];
  standings: Standing[];
  /** Newest first. */
  rounds: TournamentRound[];
  /** Member id → name as their server shows it (null when it cannot be known). */
  names: Map<string, string | null>;
  /** An arena's table and when its deals close (its rounds are its deals, not shown as boards); null for the other formats. */
  arena: { entries: ArenaEntry[]; deadlineAt: Date | null } | null;
};

/** Watch tokens by game id: a game's token never changes, so a page's later versions ask only for new games. */
const watchTokens = new Map<number, string | null>();
const WATCH_TOKENS_KEPT = 20_000;

async function watchPath(services: Services, gameId: number | null): Promise<string | null> {
  if (gameId === null) return null;
  let token = watchTokens.get(gameId);
  if (token === undefined) {
    const game = await services.games.load(gameId);
    token = game?.watchToken ?? null;
    if (watchTokens.size >= WATCH_TOKENS_KEPT) watchTokens.delete(watchTokens.keys().next().value!);
    watchTokens.set(gameId, token);
  }
  return token ? `/g/${token}` : null;
}

/** An arena's table: each deal's score and game only once it is over (until then a deal is its player's secret). */
async function readArena(services: Services, site: TournamentSite, t: TournamentView): Promise<NonNullable<TournamentData['arena']>> {
  const over = t.status === 'FINISHED';
  const [table, first] = await Promise.all([t.round > 0 ? site.tournaments.arenaStandings(t) : Promise.resolve([]), t.round > 0 ? site.tournaments.round(t.id, 1) : Promise.resolve(null)]);
  const entries = await Promise.all(table.map(async (s) => ({
    playerId: s.playerId, rank: s.rank, score: s.score, scored: s.scored, timeMs: s.timeMs, withdrawn: s.withdrawn,
    deals: over ? await Promise.all(s.deals.map(async (d) => ({ deal: d.deal, score: d.score, watch: await watchPath(services, d.gameId) }))) : [],
  })));
  return { entries, deadlineAt: first?.deadlineAt ?? null };
}

export async function readTournament(services: Services, site: TournamentSite, t: TournamentView, version: number): Promise<TournamentData> {
  const def = gameById(t.gameType);
  if ((t.format as string) === 'arena') {
    const [players, arena] = await Promise.all([site.tournaments.players(t.id), readArena(services, site, t)]);
    const names = new Map(await Promise.all(players.map(async (p) => [p.userId, await site.memberName(t.guildId, p.userId).catch(() => null)] as const)));
    const standings = arena.entries.map((e) => ({ playerId: e.playerId, rank: e.rank, points: e.score, buchholz: 0, buchholzCut1: 0, sonnebornBerger: 0, directEncounter: null, wins: e.scored, played: 0, unplayed: 0, withdrawn: e.withdrawn }));
    return { t, version, game: { id: t.gameType, title: def?.title ?? t.gameType }, players, standings, rounds: [], names, arena };
  }
  const [players, standings, rounds] = await Promise.all([
    site.tournaments.players(t.id),
    t.round > 0 ? site.tournaments.standings(t) : Promise.resolve([]),
    Promise.all(Array.from({ length: t.round }, (_, i) => site.tournaments.round(t.id, i + 1))),
  ]);
  const shown: TournamentRound[] = [];
  for (const r of rounds) {
    if (!r) continue;
    const boards = await Promise.all(r.boards.map(async (b) => ({ board: b.board, white: b.white, black: b.black, result: b.result, forfeit: b.forfeit, watch: await watchPath(services, b.gameId) })));
    shown.push({ round: r.round, deadlineAt: r.deadlineAt, endedAt: r.endedAt, boards });
  }
  const ids = new Set(players.map((p) => p.userId));
  const names = new Map(await Promise.all([...ids].map(async (id) => [id, await site.memberName(t.guildId, id).catch(() => null)] as const)));
  return { t, version, game: { id: t.gameType, title: def?.title ?? t.gameType }, players, standings, rounds: shown.reverse(), names, arena: null };
}
