// A tournament's crosstable as a plain model, from its standings and every game recorded: one row
// per player in standings order, each round's result against whom (by row), the points and the
// format's tie-breaks (README: Tournaments). The front ends name the players (a member's display
// name is theirs to know) and draw it with src/render/crosstable.ts, whose model this one is, field
// for field: the tournaments stand below the renderers and do not import them.
import type { Game, Standing } from './pairing/index.js';
import type { RoundView, TournamentView } from './store.js';

export type CrosstableCellModel = {
  result: 'win' | 'draw' | 'loss' | 'bye' | 'pending' | 'absent';
  opponent: number | null;
  first: boolean;
  forfeit: boolean;
};

export type CrosstableRowModel = {
  rank: number;
  /** The player's id; the front end names them. */
  playerId: string;
  name: string;
  points: number;
  tieBreaks: number[];
  withdrawn: boolean;
  rounds: CrosstableCellModel[];
};

export type CrosstableModel = {
  name: string;
  final: boolean;
  round: number;
  roundCount: number;
  tieBreaks: ('buchholzCut1' | 'sonnebornBerger' | 'wins')[];
  rows: CrosstableRowModel[];
};

type CrosstableTournament = Pick<TournamentView, 'id' | 'name' | 'format' | 'status' | 'round' | 'roundCount'>;

/** What the crosstable is read from: the tournaments service (its standings and rounds). */
export type CrosstableSource = {
  standings(t: Pick<TournamentView, 'id' | 'format'>): Promise<Standing[]>;
  round(tournamentId: number, round: number): Promise<RoundView | null>;
};

/** The crosstable of `t` as the store holds it now, its players named by `nameOf` (each asked once). */
export async function readCrosstable(source: CrosstableSource, t: CrosstableTournament, nameOf: (playerId: string) => Promise<string>): Promise<CrosstableModel> {
  const [standings, rounds] = await Promise.all([
    source.standings(t),
    Promise.all(Array.from({ length: t.round }, (_, i) => source.round(t.id, i + 1))),
  ]);
  const names = new Map(await Promise.all(standings.map(async (s) => [s.playerId, await nameOf(s.playerId)] as const)));
  return crosstableOf(t, standings, rounds.filter((r): r is RoundView => r !== null), (id) => names.get(id) ?? id);
}

/**
 * The crosstable of `t` from its standings (in order) and its games. `nameOf` names a player; the
 * rounds shown are the tournament's (or those played so far, when not fixed yet).
 */
export function crosstableOf(t: CrosstableTournament, standings: readonly Standing[], rounds: readonly Pick<RoundView, 'round' | 'boards'>[], nameOf: (playerId: string) => string): CrosstableModel {
  const games: Game[] = rounds.flatMap((r) => r.boards.map((b) => ({ round: r.round, white: b.white, black: b.black, result: b.result, forfeit: b.forfeit })));
  const rowOf = new Map(standings.map((s, i) => [s.playerId, i + 1]));
  const played = games.reduce((m, g) => Math.max(m, g.round), 0);
  const roundCount = Math.max(t.roundCount ?? 0, played);
  const tieBreaks: CrosstableModel['tieBreaks'] = t.format === 'swiss' ? ['buchholzCut1', 'sonnebornBerger', 'wins'] : ['sonnebornBerger', 'wins'];
  const byPlayer = new Map<string, Map<number, Game>>();
  for (const g of games) {
    for (const id of g.black === null ? [g.white] : [g.white, g.black]) {
      let rounds = byPlayer.get(id);
      if (!rounds) byPlayer.set(id, (rounds = new Map()));
      rounds.set(g.round, g);
    }
  }
  const cellOf = (playerId: string, round: number): CrosstableCellModel => {
    const g = byPlayer.get(playerId)?.get(round);
    if (!g) return { result: round <= played ? 'absent' : 'pending', opponent: null, first: false, forfeit: false };
    if (g.black === null || g.result === 'bye') return { result: 'bye', opponent: null, first: false, forfeit: false };
    const white = g.white === playerId;
    const opponent = rowOf.get(white ? g.black : g.white) ?? null;
    const result = g.result === 'pending' ? 'pending' : g.result === 'draw' ? 'draw' : (g.result === 'white') === white ? 'win' : 'loss';
    return { result, opponent, first: white, forfeit: g.forfeit === true };
  };
  return {
    name: t.name,
    final: t.status === 'FINISHED',
    round: t.round,
    roundCount,
    tieBreaks,
    rows: standings.map((s) => ({
      rank: s.rank,
      playerId: s.playerId,
      name: nameOf(s.playerId),
      points: s.points,
      tieBreaks: tieBreaks.map((b) => s[b]),
      withdrawn: s.withdrawn,
      // Rounds not yet paired show nothing: only those played so far have cells.
      rounds: Array.from({ length: played }, (_, i) => cellOf(s.playerId, i + 1)),
    })),
  };
}

const PAIRED: readonly string[] = ['swiss', 'round-robin', 'double-round-robin'];

/** A tournament whose players meet in pairs (a Swiss, a round-robin) has a crosstable; one whose players each play the same deals does not. */
export function hasCrosstable(t: Pick<TournamentView, 'format'>): boolean {
  return PAIRED.includes(t.format);
}
