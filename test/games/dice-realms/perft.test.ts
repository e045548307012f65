// Legal-move counts on fixed positions, pinned in fixtures/*.json like chess perft.
import { describe, expect, it } from 'vitest';
import { loadFixtures, perft } from '../../helpers/perft.js';
import { buildPosition, type DiceRealmsState, type PositionSpec } from '../../../src/games/dice-realms/index.js';
import { game } from './scenario.js';

type Fixture = { name: string; description: string; position: PositionSpec; seat: number; legalMoves: string[]; perft: number[] };

const fixtures = loadFixtures<Fixture>(import.meta.url);

describe('perft', () => {
  it('has fixtures', () => expect(fixtures.length).toBeGreaterThanOrEqual(4));
  for (const fx of fixtures) {
    it(`${fx.name}: ${fx.description}`, () => {
      const state = buildPosition(fx.position);
      expect(game.toAct(state)).toEqual([fx.seat]);
      expect(game.legalMoves(state, fx.seat).map((m) => game.formatMove(state, fx.seat, m))).toEqual(fx.legalMoves);
      expect(fx.perft.map((_, i) => perft(game, state, i + 1))).toEqual(fx.perft);
    });
  }
});
