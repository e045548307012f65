// Configuration from the environment (and .env through dotenv), validated once at start-up.
// A bad value stops the bot with one line that names the variable.
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { redactUrlPasswords } from './secrets.js';

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export type Config = {
  /** Null: no Discord; the bot serves local play on loopback instead (and says how to set a token). */
  discordToken: string | null;
  /** Optional: learnt from Discord at login when absent. */
  applicationId: string | null;
  /** Where `npm run deploy-commands` deploys: one guild (instant) or global when null. */
  deployGuildId: string | null;
  /** Base URL for REST and gateway discovery, e.g. a rate-limit proxy. Null: Discord itself. */
  discordApiUrl: string | null;
  /** OAuth2 client id and secret for logging in with Discord on the web; both or neither (null: watch pages stay watch-only). */
  discordClientId?: string | null;
  discordClientSecret?: string | null;
  databaseUrl: string | null;
  embeddedPgDir: string;
  /** EMBEDDED_PG_DIR was set: the data stays exactly there (no relocation for the postgres user). */
  embeddedPgDirChosen: boolean;
  embeddedPgPort: number;
  challengeExpiryMs: number;
  aiWorkers: number;
  /** Worker threads that draw board images. */
  renderWorkers: number;
  /** Boards each of them holds at once (it draws the next while the last is being encoded). */
  renderBoardsPerWorker: number;
  /** Discord shards in all; this process serves `shardIds`. */
  shardCount: number;
  shardIds: number[];
  /** How often idle job workers look for due jobs, in seconds. */
  jobPollSeconds: number;
  logLevel: 'debug' | 'info' | 'warn' | 'error';
  /** One JSON object per line, or readable colour lines. */
  logFormat: 'json' | 'pretty';
  /** Port of the bot's HTTP server (health, readiness, metrics); null: no server. 0: any free port. */
  httpPort: number | null;
  httpHost: string;
  /** Where the host exposes the HTTP server to the world, without a trailing slash; null: not exposed. */
  publicUrl: string | null;
  /** Port of the operators' listener (/healthz, /readyz, /metrics); null: none. 0: any free port. */
  metricsPort: number | null;
  /** Address the operators' listener listens on. */
  metricsHost: string;
  /**
   * Whose X-Forwarded-For (and X-Forwarded-Host) to believe, as fastify's `trustProxy` takes it:
   * false (nobody), true (everybody), a hop count, or addresses and CIDR ranges.
   */
  trustProxy: TrustProxy;
  /** Event streams (live watch and play pages) open at once, all visitors together. */
  webMaxStreams: number;
  /** Connections of the bot's Prisma pool, per process. */
  databasePoolSize: number;
  /** Connections of the job queue (pg-boss), per process. */
  jobPoolSize: number;
  /**
   * ACTIVITY=on: the board inside Discord as an Activity (README, "Activity"): boards offer "Play on
   * the board", and the web front serves /activity for Discord's client to frame. Absent: off.
   */
  activity?: boolean;
  /** For tests and benchmarks: new games get the seeds `<prefix>-0`, `<prefix>-1`… instead of random ones. */
  gameSeedPrefix: string | null;
};

/** fastify's `trustProxy`: nobody, everybody, a hop count, or addresses and CIDR ranges (and proxy-addr's names). */
export type TrustProxy = boolean | number | string[];

export class ConfigError extends Error {}

/** One row per setting: the README's settings table is written from the same facts. */
export const SETTINGS = [
  ['DISCORD_TOKEN', 'yes, for Discord', 'The bot token (Developer Portal → your application → Bot → Reset Token). Without it the bot serves local play on http://127.0.0.1:HTTP_PORT/ only.'],
  ['DISCORD_APPLICATION_ID', 'no', 'The application id; learnt from the token when absent.'],
  ['DISCORD_GUILD_ID', 'no', '`npm run deploy-commands` deploys to this server only (instant); global when absent.'],
  ['DISCORD_API_URL', 'no', 'Base URL for REST and gateway discovery (a rate-limit proxy, or the test fake). Default: Discord.'],
  ['DISCORD_CLIENT_ID', 'no', 'OAuth2 client id (Developer Portal → your application → OAuth2), with DISCORD_CLIENT_SECRET: players log in with Discord on a game\'s watch page and play their seat there. Register `<PUBLIC_URL>/login/callback` as a redirect. Absent: watch pages are watch-only.'],
  ['DISCORD_CLIENT_SECRET', 'no', 'OAuth2 client secret (Developer Portal → OAuth2 → Reset Secret), with DISCORD_CLIENT_ID. Never sent to a browser.'],
  ['DATABASE_URL', 'no', 'PostgreSQL connection string. Absent: an embedded PostgreSQL is started.'],
  ['EMBEDDED_PG_DIR', 'no', 'Data folder of the embedded PostgreSQL. Default `.data/postgres` (run as root from a folder the `postgres` user cannot enter, such as /root, the default data lives under /var/lib/siege instead).'],
  ['EMBEDDED_PG_PORT', 'no', 'Loopback port of the embedded PostgreSQL. Default `54329`.'],
  ['CHALLENGE_EXPIRY', 'no', 'How long a challenge stays open, e.g. `24h`, `30m`, `90s`. Default `24h`.'],
  ['AI_WORKERS', 'no', 'Worker threads for AI players, started with the first AI move. Default `1`.'],
  ['RENDER_WORKERS', 'no', 'Worker threads that draw board images (1 to 16). Default: the number of CPU cores less one, at least 1. Replays get one more, at a lower priority, while one is being made.'],
  ['RENDER_BOARDS_PER_WORKER', 'no', 'Boards a render worker holds at once (1 to 4): it draws the next while libvips compresses the last on another thread. Default `2`.'],
  ['SHARD_COUNT', 'no', 'How many Discord shards the bot has in all, across its processes. Default `1`.'],
  ['SHARD_IDS', 'no', 'The shards this process serves, e.g. `0,1` or `2`. Default: all of them. Run one process per set; they share DATABASE_URL.'],
  ['JOB_POLL_SECONDS', 'no', 'How often idle job workers look for due reminders and timeouts (0.5 to 60). Default `2`.'],
  ['LOG_LEVEL', 'no', '`debug`, `info`, `warn` or `error`. Default `info`.'],
  ['LOG_FORMAT', 'no', '`json` (one JSON object per line, for a log collector) or `pretty` (readable colour lines). Default: `pretty` when the output is a terminal, `json` otherwise.'],
  ['HTTP_PORT', 'no', 'Port of the bot\'s HTTP server: the watch pages (or local play) and `/healthz`. `off`: no server. Default `8080`; processes sharing a machine each need their own.'],
  ['HTTP_HOST', 'no', 'Address the HTTP server listens on. Default `127.0.0.1` (this machine only); `0.0.0.0` for every interface, e.g. in a container.'],
  ['PUBLIC_URL', 'no', 'The http(s) URL where the host exposes the HTTP server to others, e.g. `https://siege.example.org`. Default: none.'],
  ['METRICS_PORT', 'no', 'Port of the operators\' listener: `/healthz`, `/readyz` (ready for traffic), `/metrics` (Prometheus). `off`: none. Default `9464`; processes sharing a machine each need their own.'],
  ['METRICS_HOST', 'no', 'Address the operators\' listener listens on. Default `127.0.0.1`; `0.0.0.0` for a Prometheus or a probe on another machine.'],
  ['TRUST_PROXY', 'no', 'Whose `X-Forwarded-For` to believe for the per-address limits: `false` (default: nobody), `true`, a hop count, or addresses and CIDR ranges such as `127.0.0.1,10.0.0.0/8`.'],
  ['WEB_MAX_STREAMS', 'no', 'Live watch and play pages (event streams) open at once, all visitors together (1 to 100000). Default `1000`.'],
  ['DATABASE_POOL_SIZE', 'no', 'Database connections of the bot, per process (1 to 100). Default `10`. With several processes, keep their total under the server\'s `max_connections`.'],
  ['JOB_POOL_SIZE', 'no', 'Database connections of the job queue, per process, on top of DATABASE_POOL_SIZE (1 to 50). Default `4`.'],
  ['ACTIVITY', 'no', '`on`: the board inside Discord as an Activity (boards get a "Play on the board" button; the web front serves `/activity`). Needs an https `PUBLIC_URL`, `DISCORD_CLIENT_ID` and `DISCORD_CLIENT_SECRET`, and the Activity set up in the Developer Portal (README, "Activity"). Default `off`.'],
  ['GAME_SEED_PREFIX', 'no', 'For tests and benchmarks only: new games get the seeds `<prefix>-0`, `<prefix>-1`… so that a run can be replayed. Default: random seeds.'],
] as const;

export const TOKEN_HELP =
  'DISCORD_TOKEN is not set. Create an application at https://discord.com/developers/applications, ' +
  'open Bot → Reset Token, and put `DISCORD_TOKEN=<the token>` in the file .env in ' +
  `${PROJECT_ROOT} (copy .env.example to start). See README.md, "Creating the Discord application".`;

export function parseDuration(text: string): number | null {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)\s*$/i.exec(text);
  if (!m) return null;
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[m[2]!.toLowerCase() as 'ms'];
  const ms = Number(m[1]) * unit;
  return ms > 0 ? ms : null;
}

/** `stdoutIsTTY` chooses the default log format: readable lines for a person at a terminal. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, stdoutIsTTY = process.stdout.isTTY === true): Config {
  const get = (name: string) => {
    const v = env[name]?.trim();
    return v ? v : null;
  };
  const token = get('DISCORD_TOKEN');
  if (token !== null && (/\s/.test(token) || token.length < 20)) {
    throw new ConfigError('DISCORD_TOKEN does not look like a bot token (it should be one long string with no spaces).');
  }
  const snowflake = (name: string) => {
    const v = get(name);
    if (v !== null && !/^\d{15,21}$/.test(v)) throw new ConfigError(`${name} must be a Discord id (digits only), got "${v}".`);
    return v;
  };
  const url = (name: string, protocols: string[]) => {
    const v = get(name);
    if (v === null) return null;
    // The value is echoed in the error, which is printed: never with a password in it.
    const shown = redactUrlPasswords(v);
    let parsed: URL;
    try {
      parsed = new URL(v);
    } catch {
      throw new ConfigError(`${name} is not a valid URL: "${shown}".`);
    }
    if (!protocols.includes(parsed.protocol)) {
      throw new ConfigError(`${name} must start with ${protocols.map((p) => p + '//').join(' or ')}, got "${shown}".`);
    }
    return v.replace(/\/+$/, '');
  };
  const int = (name: string, dflt: number, min: number, max: number) => {
    const v = get(name);
    if (v === null) return dflt;
    const n = Number(v);
    if (!Number.isInteger(n) || n < min || n > max) throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${v}".`);
    return n;
  };
  const expiryText = get('CHALLENGE_EXPIRY') ?? '24h';
  const challengeExpiryMs = parseDuration(expiryText);
  if (challengeExpiryMs === null) throw new ConfigError(`CHALLENGE_EXPIRY must be a duration like 24h, 30m or 90s, got "${expiryText}".`);
  const shardCount = int('SHARD_COUNT', 1, 1, 4096);
  const shardIdsText = get('SHARD_IDS');
  let shardIds = Array.from({ length: shardCount }, (_, i) => i);
  if (shardIdsText !== null) {
    const ids = shardIdsText.split(/[\s,]+/).filter(Boolean).map(Number);
    if (!ids.length || ids.some((n) => !Number.isInteger(n) || n < 0 || n >= shardCount)) {
      throw new ConfigError(`SHARD_IDS must list shard numbers from 0 to ${shardCount - 1} (SHARD_COUNT is ${shardCount}), got "${shardIdsText}".`);
    }
    shardIds = [...new Set(ids)].sort((a, b) => a - b);
  }
  const pollText = get('JOB_POLL_SECONDS');
  const jobPollSeconds = pollText === null ? 2 : Number(pollText);
  if (!(jobPollSeconds >= 0.5 && jobPollSeconds <= 60)) throw new ConfigError(`JOB_POLL_SECONDS must be a number from 0.5 to 60, got "${pollText}".`);
  const logLevel = (get('LOG_LEVEL') ?? 'info').toLowerCase();
  if (!['debug', 'info', 'warn', 'error'].includes(logLevel)) throw new ConfigError(`LOG_LEVEL must be debug, info, warn or error, got "${logLevel}".`);
  const logFormat = (get('LOG_FORMAT') ?? (stdoutIsTTY ? 'pretty' : 'json')).toLowerCase();
  if (logFormat !== 'json' && logFormat !== 'pretty') throw new ConfigError(`LOG_FORMAT must be json or pretty, got "${logFormat}".`);
  const httpPortText = get('HTTP_PORT');
  const httpPort = httpPortText === null ? 8080 : httpPortText.toLowerCase() === 'off' ? null : Number(httpPortText);
  if (httpPort !== null && !(Number.isInteger(httpPort) && httpPort >= 0 && httpPort <= 65535)) {
    throw new ConfigError(`HTTP_PORT must be a port number from 0 to 65535, or off, got "${httpPortText}".`);
  }
  const httpHost = get('HTTP_HOST') ?? '127.0.0.1';
  if (!isHostName(httpHost)) {
    throw new ConfigError(`HTTP_HOST must be an IP address or a host name such as 127.0.0.1, 0.0.0.0 or localhost, got "${httpHost}".`);
  }
  const metricsPortText = get('METRICS_PORT');
  const metricsPort = metricsPortText === null ? 9464 : metricsPortText.toLowerCase() === 'off' ? null : Number(metricsPortText);
  if (metricsPort !== null && !(Number.isInteger(metricsPort) && metricsPort >= 0 && metricsPort <= 65535)) {
    throw new ConfigError(`METRICS_PORT must be a port number from 0 to 65535, or off, got "${metricsPortText}".`);
  }
  const metricsHost = get('METRICS_HOST') ?? '127.0.0.1';
  if (!isHostName(metricsHost)) {
    throw new ConfigError(`METRICS_HOST must be an IP address or a host name such as 127.0.0.1 or 0.0.0.0, got "${metricsHost}".`);
  }
  const activityText = (get('ACTIVITY') ?? 'off').toLowerCase();
  if (activityText !== 'on' && activityText !== 'off') throw new ConfigError(`ACTIVITY must be on or off, got "${activityText}".`);
  const activity = activityText === 'on';
  const publicUrl = url('PUBLIC_URL', ['http:', 'https:']);
  // Discord frames the Activity through its proxy, which reaches the bot over https only, and the
  // Activity's sign-in exchanges its code with the application's own id and secret.
  if (activity && !publicUrl?.startsWith('https://')) throw new ConfigError('ACTIVITY=on needs PUBLIC_URL, the https address Discord\'s URL mapping points at (README, "Activity").');
  if (activity && (!get('DISCORD_CLIENT_ID') || !get('DISCORD_CLIENT_SECRET'))) throw new ConfigError('ACTIVITY=on needs DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET (Developer Portal → OAuth2), to sign players in (README, "Activity").');
  return {
    discordToken: token,
    applicationId: snowflake('DISCORD_APPLICATION_ID'),
    deployGuildId: snowflake('DISCORD_GUILD_ID'),
    discordApiUrl: url('DISCORD_API_URL', ['http:', 'https:']),
    ...oauthClient(snowflake('DISCORD_CLIENT_ID'), get('DISCORD_CLIENT_SECRET')),
    databaseUrl: url('DATABASE_URL', ['postgres:', 'postgresql:']),
    embeddedPgDir: path.resolve(PROJECT_ROOT, get('EMBEDDED_PG_DIR') ?? '.data/postgres'),
    embeddedPgDirChosen: get('EMBEDDED_PG_DIR') !== null,
    embeddedPgPort: int('EMBEDDED_PG_PORT', 54329, 1024, 65535),
    challengeExpiryMs,
    aiWorkers: int('AI_WORKERS', 1, 1, 16),
    renderWorkers: int('RENDER_WORKERS', Math.max(1, availableParallelism() - 1), 1, 16),
    renderBoardsPerWorker: int('RENDER_BOARDS_PER_WORKER', 2, 1, 4),
    shardCount,
    shardIds,
    jobPollSeconds,
    logLevel: logLevel as Config['logLevel'],
    logFormat,
    httpPort,
    httpHost,
    publicUrl,
    metricsPort,
    metricsHost,
    trustProxy: parseTrustProxy(get('TRUST_PROXY')),
    webMaxStreams: int('WEB_MAX_STREAMS', 1000, 1, 100_000),
    databasePoolSize: int('DATABASE_POOL_SIZE', 10, 1, 100),
    jobPoolSize: int('JOB_POOL_SIZE', 4, 1, 50),
    gameSeedPrefix: get('GAME_SEED_PREFIX'),
    activity,
  };
}

/** The web login's OAuth2 client: both settings or neither, a secret with no spaces. */
function oauthClient(clientId: string | null, clientSecret: string | null): Pick<Config, 'discordClientId' | 'discordClientSecret'> {
  if ((clientId === null) !== (clientSecret === null)) {
    throw new ConfigError(`${clientId === null ? 'DISCORD_CLIENT_ID' : 'DISCORD_CLIENT_SECRET'} must be set too: logging in on the web needs both DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET (Developer Portal → OAuth2).`);
  }
  if (clientSecret !== null && (/\s/.test(clientSecret) || clientSecret.length < 8)) {
    throw new ConfigError('DISCORD_CLIENT_SECRET does not look like a client secret (it should be one string with no spaces).');
  }
  return { discordClientId: clientId, discordClientSecret: clientSecret };
}

/** An IP address or a DNS name, as a listener's address. */
function isHostName(text: string): boolean {
  return isIP(text) !== 0 || /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i.test(text);
}

/** The names proxy-addr (fastify's trustProxy) knows for ranges of addresses. */
const PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY as fastify's `trustProxy` takes it: `false` (or nothing), `true`, a hop count, or a
 * comma-separated list of addresses, CIDR ranges and proxy-addr's names (loopback, linklocal,
 * uniquelocal). Anything else stops the bot naming the variable.
 */
export function parseTrustProxy(text: string | null): TrustProxy {
  if (text === null) return false;
  const lower = text.toLowerCase();
  if (lower === 'false' || lower === 'off') return false;
  if (lower === 'true' || lower === 'on') return true;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops >= 1 && hops <= 100) return hops;
    throw new ConfigError(`TRUST_PROXY as a hop count must be from 1 to 100, got "${text}".`);
  }
  const parts = text.split(',').map((p) => p.trim()).filter(Boolean);
  const wrong = parts.find((p) => !PROXY_RANGES.has(p.toLowerCase()) && !isAddressOrRange(p));
  if (!parts.length || wrong !== undefined) {
    throw new ConfigError(
      `TRUST_PROXY must be true, false, a hop count, or addresses and CIDR ranges separated by commas (e.g. 127.0.0.1,10.0.0.0/8), got "${wrong ?? text}".`,
    );
  }
  return parts.map((p) => (PROXY_RANGES.has(p.toLowerCase()) ? p.toLowerCase() : p));
}

/** "10.0.0.1", "10.0.0.0/8", "::1", "fd00::/8" (a prefix within the address's length). */
function isAddressOrRange(text: string): boolean {
  const [address = '', prefix, ...rest] = text.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}
