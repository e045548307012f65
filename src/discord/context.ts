import type { Client } from 'discord.js';
import type { Config } from '../config/env.js';
import type { Logger } from '../config/logger.js';
import type { RenderPool } from '../render/pool.js';
import type { Services } from '../services/index.js';
import type { Scheduler } from '../scheduling/scheduler.js';
import type { GameFlow } from './flow.js';

/** What command and component handlers are given: the layers below them, nothing global. */
export type BotContext = {
  client: Client;
  services: Services;
  flow: GameFlow;
  scheduler: Scheduler;
  /** Draws board images and replays in worker threads. */
  render: RenderPool;
  log: Logger;
  config: Config;
};
