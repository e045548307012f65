// Scenarios: positions built with the game's own builder; the dice to come fixed by choosing a
// seed whose first rolls are the ones wanted.
import { Rng, type GameEvent } from '../../../src/engine/index.js';
import game, { buildPosition, type PositionSpec, type SiegeState } from '../../../src/games/kingdoms-siege/index.js';

export { game };

const found = new Map<string, string>();

/** A seed whose first d6 rolls are `faces`, in order. */
export function seedFor(...faces: number[]): string {
  const key = faces.join(',');
  const hit = found.get(key);
  if (hit) return hit;
  for (let i = 0; i < 200_000; i++) {
    const seed = `dice-${i}`;
    const r = Rng.fromSeed(seed);
    if (faces.every((f) => r.die(6) === f)) {
      found.set(key, seed);
      return seed;
    }
  }
  throw new Error(`no seed rolls ${key}`);
}

/** A position whose next d6 rolls are `faces`. */
export function given(spec: PositionSpec, ...faces: number[]): SiegeState {
  return buildPosition({ ...spec, rng: faces.length ? seedFor(...faces) : spec.rng ?? 'scenario' });
}

/** Plays a typed move that must be legal. */
export function act(state: SiegeState, text: string): { state: SiegeState; events: GameEvent[] } {
  const parsed = game.parseMove(state, 0, text);
  if (!parsed.ok) throw new Error(`${text}: ${parsed.error.message}`);
  const played = game.play(state, 0, parsed.value);
  if (!played.ok) throw new Error(`${text}: ${played.error.message}`);
  return played.value;
}

export function refusal(state: SiegeState, text: string): string {
  const parsed = game.parseMove(state, 0, text);
  return parsed.ok ? '' : parsed.error.message;
}

export const legal = (state: SiegeState) => game.legalMoves(state, 0).map((m) => game.formatMove(state, 0, m));
export const ofType = (events: GameEvent[], type: string) => events.filter((e) => e.type === type);

/**
 * Thornmoor side B as the Enemy's card: Briarwick Forest, Moorgate Plains (home), Flintridge
 * Mountain, Thornkeep Capital, Wyrmhole Mountain, Heatherby Plains, Blackpine Forest, Cragfall
 * Mountain. Ashfen Vale side A is the player's.
 */
export const ALL_ENEMY: Record<string, [number, number]> = {
  briarwick: [0, 1], moorgate: [0, 1], flintridge: [0, 1], thornkeep: [0, 1],
  wyrmhole: [0, 1], heatherby: [0, 1], blackpine: [0, 1], cragfall: [0, 1],
};
