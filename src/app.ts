// Wiring: database, services, AI workers, the Discord client and the schedulers, started and
// stopped in order. `index.ts` runs this as the bot; tests run it in-process against a fake Discord.
import { Client, Events, GatewayIntentBits, Options } from 'discord.js';
import { createAiPool } from './ai/pool.js';
import type { Config } from './config/env.js';
import { createLogger, type Logger } from './config/logger.js';
import { createChallengeTimers } from './scheduling/challengeTimers.js';
import { createServices } from './services/index.js';
import type { AiMover } from './services/types.js';
import { openDatabase } from './persistence/database.js';
import { routeInteraction } from './discord/router.js';
import { createGameFlow } from './discord/flow.js';
import type { BotContext } from './discord/context.js';

export type AppOptions = {
  log?: Logger;
  now?: () => Date;
  /** An AI other than the worker pool (tests may pass one). */
  ai?: AiMover & { close?(): Promise<void> };
};

export type RunningApp = {
  ctx: BotContext;
  ready: Promise<void>;
  stop(): Promise<void>;
};

export function discordClient(config: Pick<Config, 'discordApiUrl'>): Client {
  return new Client({
    intents: [GatewayIntentBits.Guilds],
    rest: config.discordApiUrl ? { api: config.discordApiUrl } : {},
    // Messages are never read back from the cache; keep memory flat with many games.
    makeCache: Options.cacheWithLimits({ ...Options.DefaultMakeCacheSettings, MessageManager: 0 }),
  });
}

export async function startApp(config: Config, opts: AppOptions = {}): Promise<RunningApp> {
  const log = opts.log ?? createLogger(config.logLevel);
  const now = opts.now ?? (() => new Date());
  const database = await openDatabase(config, log);
  const ai = opts.ai ?? createAiPool({ size: config.aiWorkers });
  const services = createServices({ db: database.db, log, ai, now, challengeExpiryMs: config.challengeExpiryMs });
  const client = discordClient(config);
  const flow = createGameFlow(client, services, log);
  const challengeTimers = createChallengeTimers({
    challenges: services.challenges,
    now,
    log,
    onExpired: async (c) => {
      if (!c.messageId) return;
      const channel = await flow.sendable(c.channelId);
      await channel?.messages
        .edit(c.messageId, {
          content: `The challenge from <@${c.challengerId}> to <@${c.opponentId}> expired without an answer.`,
          embeds: [],
          components: [],
          allowedMentions: { parse: [] },
        })
        .catch((e) => log.warn(`could not mark challenge ${c.id} expired`, { err: e }));
    },
  });
  const ctx: BotContext = { client, services, flow, challengeTimers, log, config };

  client.on(Events.InteractionCreate, (i) => void routeInteraction(ctx, i));
  client.on(Events.Error, (e) => log.error('discord client error', { err: e }));
  const ready = new Promise<void>((resolve) => {
    client.once(Events.ClientReady, async (c) => {
      log.info(`logged in as ${c.user.tag}`);
      try {
        const pending = await challengeTimers.restore();
        const owing = await services.games.gamesOwingAiMoves();
        for (const id of owing) {
          const game = await services.games.load(id);
          if (game) flow.startAiTurns(game);
        }
        log.info(`ready: ${pending} open challenge(s), ${owing.length} game(s) with an AI move owed`);
      } catch (e) {
        log.error('start-up recovery failed', { err: e });
      }
      resolve();
    });
  });
  try {
    await client.login(config.discordToken);
  } catch (e) {
    await ai.close?.();
    await database.close();
    throw e;
  }

  let stopping: Promise<void> | null = null;
  return {
    ctx,
    ready,
    stop: () =>
      (stopping ??= (async () => {
        challengeTimers.stop();
        await client.destroy();
        await Promise.race([flow.idle(), new Promise((r) => setTimeout(r, 10_000))]);
        await ai.close?.();
        await database.close();
      })()),
  };
}
