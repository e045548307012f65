// Replaying a game from its seed and move log; storage and tests rely on this giving the stored
// state exactly.
import type { GameDefinition } from '../engine/contract.js';
import { seatSpecs } from './gameStore.js';
import type { SeatAssignment } from './types.js';

export function replayGame(
  def: GameDefinition,
  seed: string,
  seats: SeatAssignment[],
  options: unknown,
  moves: { seat: number; move: unknown }[],
): unknown {
  let state = def.setup(seed, seatSpecs(seats), options);
  for (const [i, m] of moves.entries()) {
    const r = def.play(state, m.seat, m.move);
    if (!r.ok) throw new Error(`move ${i + 1} does not replay: ${r.error.message}`);
    state = r.value.state;
  }
  return state;
}
