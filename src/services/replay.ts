// Replaying a game from its seed and move log; storage and tests rely on this giving the stored
// state exactly. The log is append-only: an undo (solo) or an accepted takeback is a row of its
// own that cancels the latest move still standing, and replay skips both.
import type { GameDefinition } from '../engine/contract.js';
import { seatSpecs } from './gameStore.js';
import type { SeatAssignment } from './types.js';

/** A row of the move log; rows without `kind` (older callers, tests) are moves. */
export type LoggedMove = { seat: number; move: unknown; kind?: string | null };

export const isMoveRow = (m: LoggedMove) => !m.kind || m.kind === 'move';

/** The moves still standing, in order: each undo or takeback row cancels the latest one. */
export function standingMoves<T extends LoggedMove>(rows: readonly T[]): T[] {
  const out: T[] = [];
  for (const r of rows) {
    if (isMoveRow(r)) out.push(r);
    else out.pop();
  }
  return out;
}

/** The state before any move, then after each standing move: `moves.length + 1` states. */
export function replayStates(
  def: GameDefinition,
  seed: string,
  seats: SeatAssignment[],
  options: unknown,
  moves: readonly LoggedMove[],
  upTo = Infinity,
): unknown[] {
  let state = def.setup(seed, seatSpecs(seats), options);
  const states = [state];
  for (const [i, m] of standingMoves(moves).entries()) {
    if (i >= upTo) break;
    const r = def.play(state, m.seat, m.move);
    if (!r.ok) throw new Error(`move ${i + 1} does not replay: ${r.error.message}`);
    state = r.value.state;
    states.push(state);
  }
  return states;
}

export function replayGame(
  def: GameDefinition,
  seed: string,
  seats: SeatAssignment[],
  options: unknown,
  moves: readonly LoggedMove[],
): unknown {
  let state = def.setup(seed, seatSpecs(seats), options);
  for (const [i, m] of standingMoves(moves).entries()) {
    const r = def.play(state, m.seat, m.move);
    if (!r.ok) throw new Error(`move ${i + 1} does not replay: ${r.error.message}`);
    state = r.value.state;
  }
  return state;
}
