// Random inputs for the engines' fuzz tests: JSON of every kind built from a game's own words,
// and deep freezing, to prove that `play` never mutates the state it is given.
import type { Rng } from '../../src/engine/index.js';

export type RandomJsonSpec = {
  /** Words of the game's notation and move fields, plus hostile keys. */
  words: readonly string[];
  /** Move types set on random objects, so that some reach the engine's deeper checks. */
  types: readonly string[];
  /** How often a random object gets a `type` (default 0.6). */
  typeRate?: number;
  numbers?: readonly number[];
};

const NUMBERS = [0, 1, 2, -1, 3.5, 1e12, Number.NaN, Infinity, 12, 6];

/** A generator of random JSON-ish values (undefined and NaN included), nested up to three levels. */
export function randomJsonOf(spec: RandomJsonSpec): (r: Rng) => unknown {
  const numbers = spec.numbers ?? NUMBERS;
  const typeRate = spec.typeRate ?? 0.6;
  const random = (r: Rng, depth: number): unknown => {
    switch (r.int(depth > 2 ? 6 : 9)) {
      case 0: return null;
      case 1: return r.next() < 0.5;
      case 2: return r.pick([...numbers]);
      case 3: return r.pick([...spec.words]);
      case 4: return Array.from({ length: r.int(5) }, () => r.pick([...spec.words])).join(' ');
      case 5: return undefined;
      case 6: return Array.from({ length: r.int(4) }, () => random(r, depth + 1));
      default: {
        const o: Record<string, unknown> = {};
        for (let i = r.int(5); i > 0; i--) o[r.pick([...spec.words])] = random(r, depth + 1);
        if (r.next() < typeRate) o.type = r.pick([...spec.types]);
        return o;
      }
    }
  };
  return (r) => random(r, 0);
}

export function deepFreeze<T>(x: T): T {
  if (x && typeof x === 'object') {
    Object.values(x).forEach(deepFreeze);
    Object.freeze(x);
  }
  return x;
}
