// Every die of the game is rolled here, from the generator saved in the state.
import { draw, rngFromSeed, type RngState, type Seat } from '../../engine/index.js';
import type { DiceRealmsState, Roll } from './types.js';

/** Rolls a die on a working copy of the state: advances its generator and records the roll. */
export function rollDie(s: DiceRealmsState, seat: Seat, sides: number, purpose: string): Roll {
  const [face, next] = draw(s.rng, (r) => r.die(sides));
  s.rng = next;
  const roll: Roll = { seat, die: `d${sides}`, sides, face, for: purpose };
  s.rolls.push(roll);
  return roll;
}

/** The faces a generator state will roll for dice of the given sizes, in order. */
export function facesFrom(rng: RngState, sides: readonly number[]): number[] {
  let state = rng;
  const faces: number[] = [];
  for (const n of sides) {
    const [face, next] = draw(state, (r) => r.die(n));
    faces.push(face);
    state = next;
  }
  return faces;
}

/**
 * A generator state whose next rolls are exactly the given faces, found by trying seeds in a fixed
 * order. Scenario tests use it to play the seed's worked examples with the real dice machinery.
 */
export function rngForFaces(dice: readonly { sides: number; face: number }[], limit = 200_000): RngState {
  for (const d of dice) {
    if (!Number.isInteger(d.sides) || d.sides < 1 || !Number.isInteger(d.face) || d.face < 1 || d.face > d.sides) {
      throw new Error(`a d${d.sides} cannot show ${d.face}`);
    }
  }
  const sides = dice.map((d) => d.sides);
  for (let k = 0; k < limit; k++) {
    const rng = rngFromSeed(`dice-realms-faces-${k}`);
    const faces = facesFrom(rng, sides);
    if (faces.every((f, i) => f === dice[i]!.face)) return rng;
  }
  throw new Error(`no generator state within ${limit} seeds rolls ${dice.map((d) => `d${d.sides}=${d.face}`).join(', ')}`);
}
