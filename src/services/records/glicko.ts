// Glicko-2 (Glickman, "Example of the Glicko-2 system", 2013) through the `glicko2` package:
// each rated game is its own rating period for its two players, so a rating changes once, when
// the game ends. A rating is provisional while its deviation is above PROVISIONAL_RD.
import { Glicko2 } from 'glicko2';

export type Rating = { rating: number; rd: number; vol: number };

/** The system constant τ; 0.5 is Glickman's example and the package's default. */
export const TAU = 0.5;
export const INITIAL: Rating = { rating: 1500, rd: 350, vol: 0.06 };
export const PROVISIONAL_RD = 110;

export const isProvisional = (r: Pick<Rating, 'rd'>) => r.rd > PROVISIONAL_RD;

/** "1523" or "1523?" while provisional. */
export function formatRating(r: Pick<Rating, 'rating' | 'rd'>): string {
  return `${Math.round(r.rating)}${isProvisional(r) ? '?' : ''}`;
}

/**
 * One rating period for `player`: games against opponents at their ratings before the period,
 * each scored 1 (win), 0.5 (draw) or 0 (loss).
 */
export function ratePeriod(player: Rating, games: { opponent: Rating; score: number }[]): Rating {
  const system = new Glicko2({ tau: TAU, rating: INITIAL.rating, rd: INITIAL.rd, vol: INITIAL.vol });
  const me = system.makePlayer(player.rating, player.rd, player.vol);
  // Opponents are rated in the same call; only `me` is read back.
  const matches = games.map((g) => [me, system.makePlayer(g.opponent.rating, g.opponent.rd, g.opponent.vol), g.score] as [typeof me, typeof me, number]);
  system.updateRatings(matches);
  return { rating: me.getRating(), rd: me.getRd(), vol: me.getVol() };
}

/** Both players' ratings after one game between them; `scoreA` is A's score (1, 0.5, 0). */
export function rateGame(a: Rating, b: Rating, scoreA: number): [Rating, Rating] {
  return [ratePeriod(a, [{ opponent: b, score: scoreA }]), ratePeriod(b, [{ opponent: a, score: 1 - scoreA }])];
}
