// An arena's standings (the solo games' tournament, src/tournaments/arena.ts): every player plays
// the same deals, each once. A deal's score is the game's own (`recordScore`, as records and the
// daily rank by); a deal not finished by the end, resigned, or stopped scores nothing. Players are
// ranked by their total score, then by the deals they scored (a player who scored more of them
// comes first), then by the time their scored deals took (less first); players equal on all three
// share a rank.
import type { DbOrTx } from '../persistence/db.js';
import type { Standing } from './pairing/index.js';
import { entrantsOf } from './store.js';

/** An arena's deals (the `rounds` option): 3 unless the organiser asks for 1 to 10 (each a button on its message). */
export const ARENA_DEALS = { min: 1, max: 10, default: 3 } as const;

/** Where a player's deal stands: not begun, being played, scored, or played and over without a score. */
export type DealState = 'unplayed' | 'playing' | 'scored' | 'unscored';

export type ArenaDeal = { deal: number; state: DealState; gameId: number | null; score: number | null; durationMs: number | null };

export type ArenaStanding = {
  playerId: string;
  rank: number;
  /** The sum of the scores of the deals scored. */
  score: number;
  /** Deals scored. */
  scored: number;
  /** The time the scored deals took, from each game's start to its end. */
  timeMs: number;
  withdrawn: boolean;
  deals: ArenaDeal[];
};

/** An arena's row as stored: `result` is "pending" until its deal is over, then "scored" or "unscored". */
export type ArenaRow = { round: number; userId: string; gameId: number | null; result: string; score: number | null; durationMs: number | null };

function dealOf(r: ArenaRow): ArenaDeal {
  // A deal never begun stays "not begun" once the arena is over (it scores nothing all the same).
  const state: DealState = r.result === 'scored' ? 'scored' : r.gameId === null ? 'unplayed' : r.result === 'unscored' ? 'unscored' : 'playing';
  return { deal: r.round, state, gameId: r.gameId, score: state === 'scored' ? r.score : null, durationMs: state === 'scored' ? r.durationMs : null };
}

/** Ranks the field from its rows (pure): see the head of this file. */
export function rankArena(players: { userId: string; withdrawn: boolean }[], rows: ArenaRow[]): ArenaStanding[] {
  const table = players.map((p) => {
    const deals = rows.filter((r) => r.userId === p.userId).sort((a, b) => a.round - b.round).map(dealOf);
    const scored = deals.filter((d) => d.state === 'scored');
    return {
      playerId: p.userId,
      rank: 0,
      score: scored.reduce((sum, d) => sum + (d.score ?? 0), 0),
      scored: scored.length,
      timeMs: scored.reduce((sum, d) => sum + (d.durationMs ?? 0), 0),
      withdrawn: p.withdrawn,
      deals,
    };
  });
  const better = (a: ArenaStanding, b: ArenaStanding) => b.score - a.score || b.scored - a.scored || a.timeMs - b.timeMs;
  table.sort((a, b) => better(a, b) || (a.playerId < b.playerId ? -1 : a.playerId > b.playerId ? 1 : 0));
  table.forEach((s, i) => {
    const before = table[i - 1];
    s.rank = before && better(before, s) === 0 ? before.rank : i + 1;
  });
  return table;
}

/** An arena's standings as they stand now. */
export async function arenaStandingsOf(db: DbOrTx, tournamentId: number): Promise<ArenaStanding[]> {
  const [entrants, rows] = await Promise.all([
    entrantsOf(db, tournamentId),
    db.tournamentPairing.findMany({ where: { tournamentId, colour: 'solo' }, select: { round: true, userId: true, gameId: true, result: true, score: true, durationMs: true } }),
  ]);
  return rankArena(entrants, rows);
}

/**
 * The same standings in the pairing core's shape, for readers of every format (a web page): the
 * total score as points, the deals scored as wins; no tie-break of a Swiss applies.
 */
export function asStandings(arena: ArenaStanding[]): Standing[] {
  return arena.map((s) => ({
    playerId: s.playerId,
    rank: s.rank,
    points: s.score,
    buchholz: 0,
    buchholzCut1: 0,
    sonnebornBerger: 0,
    directEncounter: null,
    wins: s.scored,
    played: s.deals.filter((d) => d.state === 'scored' || d.state === 'unscored').length,
    unplayed: s.deals.filter((d) => d.state === 'unplayed').length,
    withdrawn: s.withdrawn,
  }));
}
