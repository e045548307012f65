// What the tournaments tell whoever listens (the Discord adapter; a web page later), once a change
// is saved: typed events, as the game master tells its own. Each carries the tournament as it
// stands; a listener that shows a message edited in place reads the newest state again before each
// edit (the store), so that edits landing out of order never turn a message back.
import type { ArenaStanding } from './arenaStandings.js';
import type { Standing } from './pairing/index.js';
import type { Entrant, RoundView, TournamentView, WithdrawalReason } from './store.js';

export type { WithdrawalReason } from './store.js';

export type TournamentEvent =
  /** Someone joined or left during the sign-up: the roster changed. */
  | { type: 'signup-changed'; tournament: TournamentView; players: Entrant[] }
  /** The sign-up closed and the tournament begins (its first round follows). */
  | { type: 'signup-closed'; tournament: TournamentView; players: Entrant[] }
  /**
   * Cancelled: too few players when the sign-up closed, or by its organiser (games running then
   * are left to finish as ordinary rated games). `players`: those who had joined.
   */
  | { type: 'cancelled'; tournament: TournamentView; players: Entrant[]; why: 'too-few' | 'organiser'; by: string | null }
  /** A round is paired and its games are started: its pairings are told to its players. */
  | { type: 'round-started'; tournament: TournamentView; round: RoundView }
  /** A game of the round began later than the others (it had failed to start): the round's pairings changed. */
  | { type: 'round-changed'; tournament: TournamentView; round: RoundView }
  /** A game of the round was decided: the round's pairings and the standings changed. */
  | { type: 'result'; tournament: TournamentView; round: RoundView; standings: Standing[] }
  /** A player is paired no more; their games still to play are forfeited. */
  | { type: 'withdrawn'; tournament: TournamentView; userId: string; why: WithdrawalReason; by: string | null }
  /** The last round ended: the final standings. */
  | { type: 'finished'; tournament: TournamentView; standings: Standing[] }
  /** An arena's deals are open to its players until `endsAt` (arena.ts). */
  | { type: 'arena-opened'; tournament: TournamentView; standings: ArenaStanding[]; endsAt: Date }
  /** A player of an arena began or finished a deal (or withdrew): its standings changed. */
  | { type: 'arena-result'; tournament: TournamentView; standings: ArenaStanding[] }
  /** An arena ended: its final standings. */
  | { type: 'arena-finished'; tournament: TournamentView; standings: ArenaStanding[] };

export interface TournamentSubscriber {
  /** Hears an event once it is saved. One that throws is logged; the others still hear it. */
  hear(event: TournamentEvent): Promise<void>;
}
