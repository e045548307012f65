// The discord.js client as the bot runs it: the Guilds intent only (no privileged intent), the
// shards this process serves, REST through DISCORD_API_URL when set, and no message cache.
import { Client, GatewayIntentBits, Options } from 'discord.js';
import type { Config } from '../config/env.js';

export function discordClient(config: Pick<Config, 'discordApiUrl' | 'shardCount' | 'shardIds'>): Client {
  return new Client({
    intents: [GatewayIntentBits.Guilds],
    shards: config.shardIds,
    shardCount: config.shardCount,
    rest: config.discordApiUrl ? { api: config.discordApiUrl } : {},
    // Messages are never read back from the cache; keep memory flat with many games.
    makeCache: Options.cacheWithLimits({ ...Options.DefaultMakeCacheSettings, MessageManager: 0 }),
  });
}
