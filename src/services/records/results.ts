// What a finished game was for one seat: a win, a loss or a draw, read from its outcome
// (shared/ENGINE.md). Records, the board's result and the daily line all read it from here.
import type { Outcome, Seat } from '../../engine/contract.js';

export type SeatResult = 'win' | 'loss' | 'draw';

/**
 * A solo game: the player won when their seat is among the winners, drew on `draw`, and lost
 * otherwise. No winner is a loss here: the rule-driven side won, or the game was resigned, ran
 * out of time or closed unfinished.
 */
export function soloResult(outcome: Outcome, seat: Seat = 0): SeatResult {
  if (outcome.winners.includes(seat)) return 'win';
  return outcome.draw ? 'draw' : 'loss';
}

/**
 * Any game. With several seats, a game that ends with no winner and no draw declared (every
 * clock ran out) is nobody's win, and counts as a draw, as its rating does.
 */
export function seatResult(outcome: Outcome, seat: Seat, seats: number): SeatResult {
  if (seats === 1) return soloResult(outcome, seat);
  if (outcome.draw || outcome.winners.length === 0) return 'draw';
  return outcome.winners.includes(seat) ? 'win' : 'loss';
}
