import { createChallengeService } from './challenges.js';
import { createGameService } from './games.js';
import type { ServiceDeps } from './types.js';

export function createServices(deps: ServiceDeps) {
  const games = createGameService(deps);
  const challenges = createChallengeService(deps, games);
  return { games, challenges, deps };
}

export type Services = ReturnType<typeof createServices>;
