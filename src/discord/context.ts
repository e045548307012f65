import type { Client } from 'discord.js';
import type { Config } from '../config/env.js';
import type { Logger } from '../config/logger.js';
import type { RenderPool } from '../render/pool.js';
import type { Services } from '../services/index.js';
import type { GameMaster } from '../master/index.js';
import type { Tournaments } from '../tournaments/index.js';
import type { Locales } from './locales.js';
import type { PanelKeeper } from './handlers/stepPanels.js';
import type { DiscordPublisher } from './publish/publisher.js';

/**
 * What command and component handlers are given: the master for every change of a game, the
 * services to read, the publisher for what only Discord shows (a board posted on request, a used
 * panel removed behind the boards). Nothing global.
 */
export type BotContext = {
  client: Client;
  services: Services;
  master: GameMaster;
  /** Tournaments: organised, joined and left from Discord; their rounds run themselves. */
  tournaments: Tournaments;
  publisher: DiscordPublisher;
  /** Each player's private step panels (at most one open per game). */
  panels: PanelKeeper;
  /** Draws board images (reviews, previews) in worker threads. */
  render: RenderPool;
  log: Logger;
  config: Config;
  /** The language of each reader: the presser's, the server's, a member's. */
  locales: Locales;
};
