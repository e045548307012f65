// Legal-move counts on fixed positions, pinned in fixtures/*.json like chess perft.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildPosition, type PositionSpec, type TwoDeckSiegeState } from '../../../src/games/two-deck-siege/index.js';
import { game } from './scenario.js';

type Fixture = { name: string; description: string; position: PositionSpec; moves?: string[]; legalMoves: string[]; perft: number[] };

const dir = join(dirname(fileURLToPath(import.meta.url)), 'fixtures');
const fixtures: Fixture[] = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as Fixture);

/** Move sequences of the given length; a finished game has none. */
export function perft(state: TwoDeckSiegeState, depth: number): number {
  if (depth === 0) return 1;
  if (game.toAct(state).length === 0) return 0;
  let count = 0;
  for (const move of game.legalMoves(state, 0)) {
    const r = game.play(state, 0, move);
    if (!r.ok) throw new Error(r.error.message);
    count += perft(r.value.state, depth - 1);
  }
  return count;
}

export function fixtureState(fx: Pick<Fixture, 'position' | 'moves'>): TwoDeckSiegeState {
  let s = buildPosition(fx.position);
  for (const text of fx.moves ?? []) {
    const m = game.parseMove(s, 0, text);
    if (!m.ok) throw new Error(m.error.message);
    const r = game.play(s, 0, m.value);
    if (!r.ok) throw new Error(r.error.message);
    s = r.value.state;
  }
  return s;
}

describe('perft', () => {
  it('has fixtures', () => expect(fixtures.length).toBeGreaterThanOrEqual(4));
  for (const fx of fixtures) {
    it(`${fx.name}: ${fx.description}`, () => {
      const state = fixtureState(fx);
      expect(game.legalMoves(state, 0).map((m) => game.formatMove(state, 0, m))).toEqual(fx.legalMoves);
      expect(fx.perft.map((_, i) => perft(state, i + 1))).toEqual(fx.perft);
    });
  }
});
