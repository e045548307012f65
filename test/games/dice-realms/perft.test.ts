// Legal-move counts on fixed positions, pinned in fixtures/*.json like chess perft.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildPosition, type DiceRealmsState, type PositionSpec } from '../../../src/games/dice-realms/index.js';
import { game } from './scenario.js';

type Fixture = { name: string; description: string; position: PositionSpec; seat: number; legalMoves: string[]; perft: number[] };

const dir = join(dirname(fileURLToPath(import.meta.url)), 'fixtures');
const fixtures: Fixture[] = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as Fixture);

/** Move sequences of the given length from a position; a finished game has none. */
function perft(state: DiceRealmsState, depth: number): number {
  if (depth === 0) return 1;
  const seat = game.toAct(state)[0];
  if (seat === undefined) return 0;
  let n = 0;
  for (const move of game.legalMoves(state, seat)) {
    const r = game.play(state, seat, move);
    if (!r.ok) throw new Error(r.error.message);
    n += perft(r.value.state, depth - 1);
  }
  return n;
}

describe('perft', () => {
  it('has fixtures', () => expect(fixtures.length).toBeGreaterThanOrEqual(4));
  for (const fx of fixtures) {
    it(`${fx.name}: ${fx.description}`, () => {
      const state = buildPosition(fx.position);
      expect(game.toAct(state)).toEqual([fx.seat]);
      expect(game.legalMoves(state, fx.seat).map((m) => game.formatMove(state, fx.seat, m))).toEqual(fx.legalMoves);
      expect(fx.perft.map((_, i) => perft(state, i + 1))).toEqual(fx.perft);
    });
  }
});
