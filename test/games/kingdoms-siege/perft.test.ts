// Legal-move counts on fixed positions, pinned in fixtures/*.json like chess perft. The Enemy's
// dice come from each position's seed, so the counts are exact.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildPosition, type PositionSpec, type SiegeState } from '../../../src/games/kingdoms-siege/index.js';
import { game } from './scenario.js';

type Fixture = { name: string; description: string; position: PositionSpec; legalMoves: string[]; perft: number[] };

const dir = join(dirname(fileURLToPath(import.meta.url)), 'fixtures');
const fixtures: Fixture[] = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as Fixture);

function perft(state: SiegeState, depth: number): number {
  if (depth === 0) return 1;
  if (game.toAct(state).length === 0) return 0;
  let n = 0;
  for (const move of game.legalMoves(state, 0)) {
    const r = game.play(state, 0, move);
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
      expect(game.toAct(state)).toEqual([0]);
      expect(game.legalMoves(state, 0).map((m) => game.formatMove(state, 0, m))).toEqual(fx.legalMoves);
      expect(fx.perft.map((_, i) => perft(state, i + 1))).toEqual(fx.perft);
    });
  }
});
