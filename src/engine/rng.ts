// Seeded randomness whose state is plain JSON, so it can live inside a game state.
import seedrandom from 'seedrandom';

/** The saved state of an ARC4 generator (seedrandom's `{ state: true }` format). */
export type RngState = { i: number; j: number; S: number[] };

/** A fresh generator state from a seed string. */
export function rngFromSeed(seed: string): RngState {
  const prng = seedrandom(seed, { state: true });
  return prng.state() as RngState;
}

/**
 * Draws from a saved state without mutating it. Returns the values and the next state:
 * `const [roll, rng2] = draw(rng, (r) => r.int(6) + 1)`.
 */
export function draw<T>(state: RngState, use: (r: Rng) => T): [T, RngState] {
  const prng = seedrandom('', { state: structuredClone(state) });
  const r = new Rng(prng);
  const value = use(r);
  return [value, prng.state() as RngState];
}

/** A live generator, for use inside `draw` or for throwaway randomness (AI playouts). */
export class Rng {
  constructor(private readonly prng: seedrandom.PRNG) {}
  static fromSeed(seed: string): Rng {
    return new Rng(seedrandom(seed));
  }
  /** A float in [0, 1). */
  next(): number {
    return this.prng.quick();
  }
  /** An integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.prng.quick() * n);
  }
  /** A die roll, 1..sides. */
  die(sides: number): number {
    return this.int(sides) + 1;
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }
  /** A shuffled copy (Fisher–Yates). */
  shuffle<T>(items: readonly T[]): T[] {
    const out = items.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  }
}
