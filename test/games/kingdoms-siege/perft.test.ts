// Legal-move counts on fixed positions, pinned in fixtures/*.json like chess perft. The Enemy's
// dice come from each position's seed, so the counts are exact.
import { describe, expect, it } from 'vitest';
import { loadFixtures, perft } from '../../helpers/perft.js';
import { buildPosition, type PositionSpec, type SiegeState } from '../../../src/games/kingdoms-siege/index.js';
import { game } from './scenario.js';

type Fixture = { name: string; description: string; position: PositionSpec; legalMoves: string[]; perft: number[] };

const fixtures = loadFixtures<Fixture>(import.meta.url);

describe('perft', () => {
  it('has fixtures', () => expect(fixtures.length).toBeGreaterThanOrEqual(4));
  for (const fx of fixtures) {
    it(`${fx.name}: ${fx.description}`, () => {
      const state = buildPosition(fx.position);
      expect(game.toAct(state)).toEqual([0]);
      expect(game.legalMoves(state, 0).map((m) => game.formatMove(state, 0, m))).toEqual(fx.legalMoves);
      expect(fx.perft.map((_, i) => perft(game, state, i + 1))).toEqual(fx.perft);
    });
  }
});
