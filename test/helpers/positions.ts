// Seeded positions of a game, played out from its setup with moves drawn by a seeded generator, as
// the services see them (a game snapshot with its board's view): for tests that read what a
// position says about itself (its alt text, its description) against its view.
import { Rng, type SeatSpec } from '../../src/engine/index.js';
import type { GameDefinition } from '../../src/engine/contract.js';
import { gameById } from '../../src/games/index.js';
import type { GameSnapshot } from '../../src/services/types.js';

export type SeededPosition = {
  def: GameDefinition;
  game: GameSnapshot;
  /** The view the board's image is drawn from (a solo game's from its only seat). */
  view: any;
  /** Moves played from the setup, and the seeds, for a failure's message. */
  plies: number;
  label: string;
};

const MAX_PLIES = 600;

/**
 * The positions of `gameId` after each of `at` moves (a number past the game's end gives its
 * final position once), from `seed` with `options` over the defaults.
 */
export function seededPositions(gameId: string, seed: string, at: number[], options: Record<string, unknown> = {}): SeededPosition[] {
  const def = gameById(gameId)!;
  const seats: SeatSpec[] = Array.from({ length: def.seats.max }, () => ({ kind: 'human' }));
  let state = def.setup(seed, seats, { ...(def.defaultOptions as object), ...options });
  const rng = Rng.fromSeed(`${seed}-moves`);
  const out: SeededPosition[] = [];
  const wanted = [...new Set(at)].sort((a, b) => a - b);
  let plies = 0;
  const take = () => {
    const over = def.toAct(state).length === 0;
    const outcome = def.outcome(state);
    const game = {
      id: 7,
      gameType: gameId,
      guildId: 'g',
      channelId: 'c',
      threadId: null,
      boardMessageId: null,
      boardVersion: plies,
      status: over ? 'FINISHED' : 'ACTIVE',
      seats: seats.map((_, s) => ({ kind: 'human', userId: `${100 + s}` })),
      options,
      seed,
      state,
      version: plies,
      moveCount: plies,
      outcome,
      toActUserIds: def.toAct(state).map((s) => `${100 + s}`),
      clockSeconds: null,
      turnStartedAt: null,
      deadlineAt: null,
      timedOutAt: null,
      watchToken: null,
      front: 'discord',
      createdAt: new Date(0),
      updatedAt: new Date(0),
    } as GameSnapshot;
    out.push({ def, game, view: def.view(state, def.seats.max === 1 ? 0 : undefined), plies, label: `${gameId} seed ${seed} after ${plies} moves` });
  };
  for (const target of wanted) {
    while (plies < target && def.toAct(state).length > 0 && plies < MAX_PLIES) {
      const seat = def.toAct(state)[0]!;
      const played = def.play(state, seat, rng.pick(def.legalMoves(state, seat)));
      if (!played.ok) throw new Error(`${gameId} seed ${seed}: ${played.error.message}`);
      state = played.value.state;
      plies++;
    }
    if (!out.some((p) => p.plies === plies)) take();
  }
  return out;
}
