// Plain JSON shapes of the pairing core: what the tournament service stores and hands in, and what
// it gets back. "White" is the seat that moves first, whatever the game calls it.

export interface Player {
  id: string;
  /** The order of the field before any game (higher first); ties are broken by id. */
  rating: number;
  /** Withdrawn players are paired no more; their games still count for everyone's tie-breaks. */
  withdrawn?: boolean;
}

export type GameResult = 'white' | 'black' | 'draw' | 'bye' | 'pending';

export interface Game {
  round: number;
  white: string;
  /** null for a bye (the player sits the round out and scores a win). */
  black: string | null;
  result: GameResult;
  /**
   * The game was decided without being played (a no-show): the result stands for points, but the
   * game counts as unplayed for colours and tie-breaks (see standings.ts), while the two players
   * are still not paired again.
   */
  forfeit?: boolean;
}

/** One board of a round; black null is the bye. Boards come best first, the bye last. */
export interface Pairing {
  white: string;
  black: string | null;
}

export type TournamentFormat = 'swiss' | 'round-robin' | 'double-round-robin';
