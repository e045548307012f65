// Game knowledge for the AI players, registered per game id. A game without an entry is still
// played by every level, through the generic search with random playouts.
import type { GameDefinition } from '../../engine/contract.js';
import { diceRealmsHeuristics } from './dice-realms/index.js';
import { siegeMasterHeuristics } from './siege-master/index.js';
import type { GameHeuristics, HeuristicsFactory, HeuristicTuning } from './types.js';

export type { GameHeuristics, HeuristicsFactory, HeuristicTuning, SearchLimits } from './types.js';

export const defaultTuning: HeuristicTuning = {
  easyWidth: 12,
  easyNoise: 1,
  normalWidth: 16,
  normalReplies: 12,
  hardRootWidth: 24,
  hardWidth: 12,
  hardPlayoutDepth: 0,
  hardExploration: 0.5,
  hardMinimaxWeight: 0,
};

const registry: Record<string, HeuristicsFactory> = {
  'siege-master': siegeMasterHeuristics,
  'dice-realms': diceRealmsHeuristics,
};
const built = new WeakMap<GameDefinition, GameHeuristics | null>();

export function heuristicsFor(game: GameDefinition): GameHeuristics | undefined {
  let h = built.get(game);
  if (h === undefined) {
    const factory = registry[game.id];
    h = factory ? factory(game) : null;
    built.set(game, h);
  }
  return h ?? undefined;
}

/** For tests and new games: adds or replaces the heuristics of a game id. */
export function registerHeuristics(gameId: string, factory: HeuristicsFactory): void {
  registry[gameId] = factory;
}

export function tuningFor(heuristics: GameHeuristics | undefined): HeuristicTuning {
  return { ...defaultTuning, ...heuristics?.tuning };
}
