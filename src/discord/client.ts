// The discord.js client as the bot runs it: the Guilds intent only (no privileged intent), the
// shards this process serves, REST through DISCORD_API_URL when set, and no message cache. Every
// REST response is reported to `onResponse` (the metrics), 429s included.
import { Client, DefaultRestOptions, disableValidators, GatewayIntentBits, Options, Status } from 'discord.js';
import type { Config } from '../config/env.js';

/** One REST request and its answer: the path (without the API's base) and the HTTP status. */
export type RestObserver = (method: string, path: string, status: number) => void;

export function discordClient(config: Pick<Config, 'discordApiUrl' | 'shardCount' | 'shardIds'>, onResponse?: RestObserver): Client {
  // The message builders check every field as it is set, and build errors for the alternatives
  // they try: a tenth of a board's CPU. The views write within Discord's limits themselves (every
  // text is cut to its limit), and Discord (the fake Discord in tests) refuses anything beyond.
  disableValidators();
  const makeRequest: typeof DefaultRestOptions.makeRequest = async (url, init) => {
    const res = await DefaultRestOptions.makeRequest(url, init);
    onResponse?.(init.method ?? 'GET', new URL(url).pathname.replace(/^\/api(\/v\d+)?/, ''), res.status);
    return res;
  };
  return new Client({
    intents: [GatewayIntentBits.Guilds],
    shards: config.shardIds,
    shardCount: config.shardCount,
    rest: { ...(config.discordApiUrl ? { api: config.discordApiUrl } : {}), ...(onResponse ? { makeRequest } : {}) },
    // Messages are never read back from the cache; keep memory flat with many games.
    makeCache: Options.cacheWithLimits({ ...Options.DefaultMakeCacheSettings, MessageManager: 0 }),
  });
}

/** Each shard this process serves: ready or not, and its gateway ping (ms; -1 before the first). */
export function shardStates(client: Client, shardIds: number[]): { id: number; ready: boolean; status: Status; pingMs: number }[] {
  return shardIds.map((id) => {
    const shard = client.ws.shards.get(id);
    const status = shard?.status ?? Status.Idle;
    return { id, ready: status === Status.Ready, status, pingMs: shard?.ping ?? -1 };
  });
}

/** When an interaction was created, from its id (a snowflake: milliseconds since Discord's epoch). */
export function snowflakeTime(id: string): number {
  return Number(BigInt(id) >> 22n) + 1_420_070_400_000;
}
