import { createChallengeService } from './challenges.js';
import { createDailyService } from './daily.js';
import { createGameService } from './games.js';
import { createReplayService } from './records/replays.js';
import { createSettingsService } from './settings.js';
import { createTimekeepingService } from './timekeeping.js';
import type { ServiceDeps } from './types.js';
import { createVisibilityService } from './visibility.js';
import { createStepPanelService } from './stepPanels.js';

export function createServices(deps: ServiceDeps) {
  const games = createGameService(deps);
  const challenges = createChallengeService(deps, games);
  const settings = createSettingsService(deps);
  const timekeeping = createTimekeepingService(deps, games);
  const daily = createDailyService(deps, games);
  const replays = createReplayService(deps, deps.makeReplay ?? (async () => null));
  const visibility = createVisibilityService(deps, games);
  const stepPanels = createStepPanelService(deps);
  return { games, challenges, settings, timekeeping, daily, replays, visibility, stepPanels, deps, newSeed: deps.newSeed };
}

export type Services = ReturnType<typeof createServices>;
