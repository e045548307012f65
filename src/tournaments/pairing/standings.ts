// Standings: points (win 1, draw ½, loss 0, a bye 1), then the format's tie-breaks in order.
//   Swiss:        Buchholz cut-1, Sonneborn-Berger, direct encounter, wins.
//   Round-robins: Sonneborn-Berger, direct encounter, wins.
//
// Definitions (this project's rules, modelled on FIDE's 2023 tie-break regulations, simplified):
// - A round counts for a player once at least one game of it is finished (pending games count for
//   nothing yet). In each such round the player either PLAYED a game (over the board), or had an
//   UNPLAYED round: a bye, a forfeit won or lost, or no game at all (absent, withdrawn).
// - Buchholz: over the player's rounds, a played round adds the opponent's final points; an
//   unplayed round adds the player's OWN final points (a "virtual opponent" as strong as the
//   player, so a bye or forfeit neither helps nor hurts their Buchholz much). Opponents' points are
//   taken as they stand, byes and forfeits included.
// - Buchholz cut-1: Buchholz less its single lowest value (played or unplayed alike).
// - Sonneborn-Berger: a played round adds the opponent's final points times the player's result
//   (1, ½ or 0); an unplayed round adds the player's own final points times the points it gave
//   (a bye or forfeit win: the own points; a forfeit loss or absence: 0).
// - Direct encounter: among players still tied on points and every earlier tie-break, the points
//   each scored in the games between them (forfeits counted as scored), applied only when every
//   two of them have met; otherwise null, and it separates nobody.
// - Wins: games won over the board (byes and forfeit wins excluded).
// Players equal on all of these share a rank; they are listed by rating, then id.
import { checkGames, compareIds, halfPointsOf } from './records.js';
import type { Game, Player, TournamentFormat } from './types.js';

export type TieBreak = 'buchholzCut1' | 'sonnebornBerger' | 'directEncounter' | 'wins';

export const TIE_BREAKS: Record<TournamentFormat, readonly TieBreak[]> = {
  swiss: ['buchholzCut1', 'sonnebornBerger', 'directEncounter', 'wins'],
  'round-robin': ['sonnebornBerger', 'directEncounter', 'wins'],
  'double-round-robin': ['sonnebornBerger', 'directEncounter', 'wins'],
};

export interface Standing {
  playerId: string;
  /** 1 for the best; players equal on points and every tie-break share a rank. */
  rank: number;
  points: number;
  buchholz: number;
  buchholzCut1: number;
  sonnebornBerger: number;
  /** null where it does not apply (not tied, or the tied players have not all met). */
  directEncounter: number | null;
  wins: number;
  /** Games played over the board, and the rounds counted unplayed (byes, forfeits, absences). */
  played: number;
  unplayed: number;
  withdrawn: boolean;
}

interface Round {
  /** Half-points the round gave the player. */
  half: number;
  /** The opponent of a game played over the board; null for an unplayed round. */
  opponent: string | null;
}

export function standings(format: TournamentFormat, players: readonly Player[], games: readonly Game[]): Standing[] {
  checkGames(players, games);
  const counted = new Set(games.filter((g) => g.result !== 'pending').map((g) => g.round));
  const byPlayer = new Map<string, Map<number, Game>>(players.map((p) => [p.id, new Map()]));
  for (const g of games) {
    byPlayer.get(g.white)!.set(g.round, g);
    if (g.black !== null) byPlayer.get(g.black)!.set(g.round, g);
  }

  const rounds = new Map<string, Round[]>();
  const half = new Map<string, number>();
  const wins = new Map<string, number>();
  for (const p of players) {
    const list: Round[] = [];
    let won = 0;
    for (const r of [...counted].sort((a, b) => a - b)) {
      const g = byPlayer.get(p.id)!.get(r);
      if (g === undefined) {
        list.push({ half: 0, opponent: null }); // absent
        continue;
      }
      if (g.result === 'pending') continue;
      const isWhite = g.white === p.id;
      const [w, b] = halfPointsOf(g.result);
      const got = isWhite ? w : b;
      const playedOverBoard = g.black !== null && !g.forfeit;
      list.push({ half: got, opponent: playedOverBoard ? (isWhite ? g.black : g.white) : null });
      if (playedOverBoard && got === 2) won++;
    }
    rounds.set(p.id, list);
    half.set(p.id, list.reduce((s, x) => s + x.half, 0));
    wins.set(p.id, won);
  }

  const rows: Standing[] = players.map((p) => {
    const own = half.get(p.id)! / 2;
    const list = rounds.get(p.id)!;
    const values = list.map((x) => (x.opponent === null ? own : half.get(x.opponent)! / 2));
    const buchholz = values.reduce((s, v) => s + v, 0);
    const sonnebornBerger = list.reduce((s, x, i) => s + (values[i]! * x.half) / 2, 0);
    return {
      playerId: p.id,
      rank: 0,
      points: own,
      buchholz,
      buchholzCut1: values.length ? buchholz - Math.min(...values) : 0,
      sonnebornBerger,
      directEncounter: null,
      wins: wins.get(p.id)!,
      played: list.filter((x) => x.opponent !== null).length,
      unplayed: list.filter((x) => x.opponent === null).length,
      withdrawn: !!p.withdrawn,
    };
  });

  const order = TIE_BREAKS[format];
  const before = order.slice(0, order.indexOf('directEncounter'));
  const after = order.slice(order.indexOf('directEncounter') + 1);
  const sameOn = (names: readonly TieBreak[]) => (a: Standing, b: Standing) => a.points === b.points && names.every((t) => a[t] === b[t]);
  // Higher first; a tie-break that does not apply (null) separates nobody.
  const byValues = (names: readonly TieBreak[]) => (a: Standing, b: Standing) =>
    b.points - a.points || names.reduce((c, t) => c || (a[t] === null || b[t] === null ? 0 : b[t]! - a[t]!), 0);

  rows.sort(byValues(before));
  for (const group of runs(rows, sameOn(before))) directEncounter(group, games);
  const rating = new Map(players.map((p) => [p.id, p.rating]));
  const full = byValues(order);
  rows.sort((a, b) => full(a, b) || rating.get(b.playerId)! - rating.get(a.playerId)! || compareIds(a.playerId, b.playerId));
  const tied = sameOn([...before, 'directEncounter', ...after]);
  rows.forEach((row, i) => (row.rank = i > 0 && tied(rows[i - 1]!, row) ? rows[i - 1]!.rank : i + 1));
  return rows;
}

/** Maximal runs of neighbours that `same` holds for. */
function runs<T>(xs: T[], same: (a: T, b: T) => boolean): T[][] {
  const out: T[][] = [];
  for (const x of xs) {
    const last = out[out.length - 1];
    if (last && same(last[last.length - 1]!, x)) last.push(x);
    else out.push([x]);
  }
  return out;
}

/** Sets direct encounter for a group tied so far, when every two of its players have met. */
function directEncounter(group: Standing[], games: readonly Game[]): void {
  if (group.length < 2) return;
  const ids = new Set(group.map((s) => s.playerId));
  const scored = new Map(group.map((s) => [s.playerId, 0]));
  const met = new Set<string>();
  for (const g of games) {
    if (g.black === null || g.result === 'pending' || !ids.has(g.white) || !ids.has(g.black)) continue;
    const [w, b] = halfPointsOf(g.result);
    scored.set(g.white, scored.get(g.white)! + w);
    scored.set(g.black, scored.get(g.black)! + b);
    met.add(compareIds(g.white, g.black) < 0 ? `${g.white}\n${g.black}` : `${g.black}\n${g.white}`);
  }
  if (met.size < (group.length * (group.length - 1)) / 2) return;
  for (const s of group) s.directEncounter = scored.get(s.playerId)! / 2;
}
