// Each player's tournament so far, read from the games: points (in half-points, so that sums stay
// exact integers), whom they met, the colours they played, their byes.
import type { Game, Player } from './types.js';

export type Colour = 'W' | 'B';

export interface PlayerRecord {
  player: Player;
  /** Points times two: a win 2, a draw 1, a bye 2. */
  halfPoints: number;
  /** Ids of everyone met, whether the game was played, forfeited or is still pending. */
  met: Set<string>;
  /** Colours of the games actually played (pending ones included; byes and forfeits not), in round order. */
  colours: Colour[];
  /** Pairing byes received. */
  byes: number;
}

/** Half-points each side scores from a result: [white, black]. */
export function halfPointsOf(result: Game['result']): [number, number] {
  switch (result) {
    case 'white':
    case 'bye':
      return [2, 0];
    case 'black':
      return [0, 2];
    case 'draw':
      return [1, 1];
    case 'pending':
      return [0, 0];
  }
}

/** Rejects games that name unknown players, pair someone with themselves, or mislabel a bye. */
export function checkGames(players: readonly Player[], games: readonly Game[]): void {
  const ids = new Set<string>();
  for (const p of players) {
    if (ids.has(p.id)) throw new Error(`player ${p.id} is listed twice`);
    ids.add(p.id);
  }
  for (const g of games) {
    const where = `round ${g.round}, ${g.white} v ${g.black ?? 'bye'}`;
    if (!ids.has(g.white) || (g.black !== null && !ids.has(g.black))) throw new Error(`${where}: unknown player`);
    if (g.white === g.black) throw new Error(`${where}: a player cannot meet themselves`);
    if ((g.black === null) !== (g.result === 'bye')) throw new Error(`${where}: a bye has no black player and the result 'bye'`);
  }
}

/** Every player's record from the games of rounds before `beforeRound` (all games when omitted). */
export function playerRecords(players: readonly Player[], games: readonly Game[], beforeRound = Infinity): Map<string, PlayerRecord> {
  checkGames(players, games);
  const records = new Map<string, PlayerRecord>();
  for (const player of players) records.set(player.id, { player, halfPoints: 0, met: new Set(), colours: [], byes: 0 });
  const ordered = games.filter((g) => g.round < beforeRound).sort((a, b) => a.round - b.round);
  for (const g of ordered) {
    const white = records.get(g.white)!;
    const [w, b] = halfPointsOf(g.result);
    white.halfPoints += w;
    if (g.black === null) {
      white.byes++;
      continue;
    }
    const black = records.get(g.black)!;
    black.halfPoints += b;
    white.met.add(black.player.id);
    black.met.add(white.player.id);
    if (!g.forfeit) {
      white.colours.push('W');
      black.colours.push('B');
    }
  }
  return records;
}

/** Best first: points, then rating, then id (so that equal ratings still give one order). */
export function compareRank(a: PlayerRecord, b: PlayerRecord): number {
  return b.halfPoints - a.halfPoints || b.player.rating - a.player.rating || compareIds(a.player.id, b.player.id);
}

/** Code-unit order, the same on every machine and locale. */
export function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
