// Legal-move counts on fixed positions, pinned in fixtures/*.json like chess perft.
import { describe, expect, it } from 'vitest';
import { loadFixtures, perft } from '../../helpers/perft.js';
import { buildPosition, type PositionSpec, type SoloState } from '../../../src/games/kingdoms-solo/index.js';
import { game } from './scenario.js';

type Fixture = { name: string; description: string; seed?: string; position?: PositionSpec; moves?: string[]; legalMoves: string[]; perft: number[] };

const fixtures = loadFixtures<Fixture>(import.meta.url);

export function fixtureState(fx: Pick<Fixture, 'seed' | 'position' | 'moves'>): SoloState {
  let s = fx.position ? buildPosition(fx.position) : game.setup(fx.seed ?? 'perft', [{ kind: 'human' }], game.defaultOptions);
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
      expect(fx.perft.map((_, i) => perft(game, state, i + 1))).toEqual(fx.perft);
    });
  }
});
