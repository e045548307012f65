// Who plays in a game: one home for the question every front end asks ("is this member a
// player?", "which seat is theirs?"), instead of a copy in each handler.
import type { Seat } from '../engine/contract.js';
import type { GameSnapshot } from './types.js';

type Seated = Pick<GameSnapshot, 'seats'>;

/** Every seat `userId` plays in `game`, in order (a member may sit in more than one). */
export function seatsOf(game: Seated, userId: string): Seat[] {
  return game.seats.flatMap((s, seat) => (s.kind === 'human' && s.userId === userId ? [seat] : []));
}

/** The first seat `userId` plays in `game`, or -1 when they play none. */
export function seatOf(game: Seated, userId: string): Seat {
  return seatsOf(game, userId)[0] ?? -1;
}

/** Whether `userId` plays in `game`. */
export function playsIn(game: Seated, userId: string): boolean {
  return seatOf(game, userId) >= 0;
}
