// Perft for the engines' tests: legal-move counts on fixed positions, pinned in JSON fixtures
// beside each game's perft test, like chess perft.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { GameDefinition } from '../../src/engine/contract.js';

/** The fixtures/*.json beside the test at `testUrl` (its import.meta.url), by file name. */
export function loadFixtures<F>(testUrl: string): F[] {
  const dir = join(dirname(fileURLToPath(testUrl)), 'fixtures');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as F);
}

/** Move sequences of `depth` moves by whoever must act; a finished game has none. */
export function perft<S>(game: GameDefinition<S, any, any>, state: S, depth: number): number {
  if (depth === 0) return 1;
  const seat = game.toAct(state)[0];
  if (seat === undefined) return 0;
  let n = 0;
  for (const move of game.legalMoves(state, seat)) {
    const r = game.play(state, seat, move);
    if (!r.ok) throw new Error(r.error.message);
    n += perft(game, r.value.state, depth - 1);
  }
  return n;
}
