// The services below the game master: each reads and writes one part of the store, with the
// engines' rules where a game changes. Front ends read through them; every change of a game goes
// through the game master (src/master/), which calls them; nothing here knows it.
import { createBoardRecords } from './boards.js';
import { createChallengeService } from './challenges.js';
import { createDailyService } from './daily.js';
import { createGameService } from './games.js';
import { createRecordsService } from './records/index.js';
import { createReplayService } from './records/replays.js';
import { createTakebackService } from './records/takebacks.js';
import { createSettingsService } from './settings.js';
import { createStartLimits } from './startLimits.js';
import { createStepPanelService } from './stepPanels.js';
import { createTimekeepingService } from './timekeeping.js';
import type { ServiceDeps } from './types.js';
import { createVisibilityService } from './visibility.js';

export function createServices(deps: ServiceDeps) {
  const games = createGameService(deps);
  const settings = createSettingsService(deps);
  const startLimits = createStartLimits(deps, settings);
  return {
    games,
    boards: createBoardRecords(deps),
    challenges: createChallengeService(deps, games, startLimits),
    settings,
    startLimits,
    timekeeping: createTimekeepingService(deps, games),
    daily: createDailyService(deps, games),
    records: createRecordsService(deps),
    replays: createReplayService(deps, deps.makeReplay ?? (async () => null)),
    takebacks: createTakebackService(deps, games),
    visibility: createVisibilityService(deps, games),
    stepPanels: createStepPanelService(deps),
    now: deps.now,
    newSeed: deps.newSeed,
  };
}

export type Services = ReturnType<typeof createServices>;
