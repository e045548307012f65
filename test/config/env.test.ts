// Settings are read once at start-up; a bad value stops the bot with one line naming the variable.
import { describe, expect, it } from 'vitest';
import { ConfigError, TOKEN_HELP, SETTINGS, loadConfig } from '../../src/config/env.js';

const TOKEN = 'MTIzNDU2Nzg5MDEyMzQ1Njc4.GhIjKl.abcdefghijklmnopqrstuvwxyz0123456';

function load(vars: Record<string, string> = {}, stdoutIsTTY = false) {
  return loadConfig({ DISCORD_TOKEN: TOKEN, ...vars }, stdoutIsTTY);
}

/** The one-line message loadConfig stops with, for these variables. */
function refusal(vars: Record<string, string>): string {
  try {
    load(vars);
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    const message = (e as Error).message;
    expect(message).not.toContain('\n');
    return message;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(vars)}`);
}

describe('the token', () => {
  it('given no DISCORD_TOKEN, starts without Discord (local play), and the help says how to get one', () => {
    expect(loadConfig({}, false).discordToken).toBeNull();
    expect(TOKEN_HELP).toMatch(/DISCORD_TOKEN is not set/);
    expect(TOKEN_HELP).toMatch(/\.env/);
  });

  it('given a DISCORD_TOKEN that is no token, stops with one line naming it', () => {
    expect(() => loadConfig({ DISCORD_TOKEN: 'short' }, false)).toThrow(/DISCORD_TOKEN does not look like a bot token/);
  });
});

describe('the HTTP server', () => {
  it('given nothing, listens on 127.0.0.1:8080 with no public URL', () => {
    expect(load()).toMatchObject({ httpPort: 8080, httpHost: '127.0.0.1', publicUrl: null });
  });

  it('given HTTP_PORT off (any case), has no server; given 0, any free port', () => {
    expect(load({ HTTP_PORT: 'off' }).httpPort).toBeNull();
    expect(load({ HTTP_PORT: 'OFF' }).httpPort).toBeNull();
    expect(load({ HTTP_PORT: '0' }).httpPort).toBe(0);
    expect(load({ HTTP_PORT: '9464' }).httpPort).toBe(9464);
  });

  it('given a port that is not one, stops naming HTTP_PORT', () => {
    for (const value of ['70000', '-1', '80.5', 'eighty', 'no']) expect(refusal({ HTTP_PORT: value })).toMatch(/^HTTP_PORT must be a port number from 0 to 65535, or off/);
  });

  it('given HTTP_HOST an address or a host name, listens there', () => {
    for (const host of ['0.0.0.0', '::', '::1', 'localhost', 'siege-bot.internal']) expect(load({ HTTP_HOST: host }).httpHost).toBe(host);
  });

  it('given HTTP_HOST with a scheme, a port or a space, stops naming HTTP_HOST', () => {
    for (const value of ['http://0.0.0.0', '127.0.0.1:8080', 'my host', '-bad-']) expect(refusal({ HTTP_HOST: value })).toMatch(/^HTTP_HOST /);
  });

  it('given PUBLIC_URL, keeps it without its trailing slash; anything but http(s) stops naming PUBLIC_URL', () => {
    expect(load({ PUBLIC_URL: 'https://siege.example.org/' }).publicUrl).toBe('https://siege.example.org');
    expect(load({ PUBLIC_URL: 'http://10.0.0.2:8080/bot' }).publicUrl).toBe('http://10.0.0.2:8080/bot');
    expect(refusal({ PUBLIC_URL: 'siege.example.org' })).toMatch(/^PUBLIC_URL /);
    expect(refusal({ PUBLIC_URL: 'ftp://siege.example.org' })).toMatch(/^PUBLIC_URL /);
  });
});

describe("the operators' listener, the proxy and the web front's streams", () => {
  it('given nothing, serves /readyz and /metrics on 127.0.0.1:9464, believes no X-Forwarded-For, and keeps 1000 streams open at most', () => {
    expect(load()).toMatchObject({ metricsPort: 9464, metricsHost: '127.0.0.1', trustProxy: false, webMaxStreams: 1000 });
  });

  it('given METRICS_PORT off, 0 or a port, and METRICS_HOST an address, uses them; anything else stops naming the variable', () => {
    expect(load({ METRICS_PORT: 'off' }).metricsPort).toBeNull();
    expect(load({ METRICS_PORT: '0' }).metricsPort).toBe(0);
    expect(load({ METRICS_PORT: '9100', METRICS_HOST: '0.0.0.0' })).toMatchObject({ metricsPort: 9100, metricsHost: '0.0.0.0' });
    for (const value of ['70000', 'nine', '80.5']) expect(refusal({ METRICS_PORT: value })).toMatch(/^METRICS_PORT must be a port number from 0 to 65535, or off/);
    expect(refusal({ METRICS_HOST: 'http://0.0.0.0' })).toMatch(/^METRICS_HOST /);
  });

  it('given TRUST_PROXY true or false, a hop count, or addresses and ranges, takes it as fastify does', () => {
    expect(load({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(load({ TRUST_PROXY: 'TRUE' }).trustProxy).toBe(true);
    expect(load({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(load({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,fd00::/8' }).trustProxy).toEqual(['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8']);
    expect(load({ TRUST_PROXY: 'loopback,Uniquelocal' }).trustProxy).toEqual(['loopback', 'uniquelocal']);
  });

  it('given a TRUST_PROXY that is none of those, stops with one line naming it and what it takes', () => {
    expect(refusal({ TRUST_PROXY: 'yes please' })).toBe(
      'TRUST_PROXY must be true, false, a hop count, or addresses and CIDR ranges separated by commas (e.g. 127.0.0.1,10.0.0.0/8), got "yes please".',
    );
    for (const value of ['10.0.0.0/33', '10.0.0.300', 'proxy.internal', '127.0.0.1,,nginx', '::1/129', '10.0.0.0/8/8']) expect(refusal({ TRUST_PROXY: value })).toMatch(/^TRUST_PROXY must be /);
    expect(refusal({ TRUST_PROXY: '0' })).toBe('TRUST_PROXY as a hop count must be from 1 to 100, got "0".');
  });

  it('given WEB_MAX_STREAMS within bounds, uses it; out of bounds, stops naming it', () => {
    expect(load({ WEB_MAX_STREAMS: '50' }).webMaxStreams).toBe(50);
    expect(refusal({ WEB_MAX_STREAMS: '0' })).toBe('WEB_MAX_STREAMS must be a whole number from 1 to 100000, got "0".');
    expect(refusal({ WEB_MAX_STREAMS: 'many' })).toMatch(/^WEB_MAX_STREAMS /);
  });
});

describe('the log format', () => {
  it('given nothing, is pretty at a terminal and JSON otherwise', () => {
    expect(load({}, true).logFormat).toBe('pretty');
    expect(load({}, false).logFormat).toBe('json');
  });

  it('given LOG_FORMAT, it wins over the terminal', () => {
    expect(load({ LOG_FORMAT: 'json' }, true).logFormat).toBe('json');
    expect(load({ LOG_FORMAT: 'Pretty' }, false).logFormat).toBe('pretty');
    expect(refusal({ LOG_FORMAT: 'yaml' })).toMatch(/^LOG_FORMAT must be json or pretty/);
  });
});

describe('connection pools', () => {
  it('given nothing, the bot has 10 connections and the job queue 4', () => {
    expect(load()).toMatchObject({ databasePoolSize: 10, jobPoolSize: 4 });
  });

  it('given sizes within bounds, uses them', () => {
    expect(load({ DATABASE_POOL_SIZE: '1', JOB_POOL_SIZE: '50' })).toMatchObject({ databasePoolSize: 1, jobPoolSize: 50 });
    expect(load({ DATABASE_POOL_SIZE: '100', JOB_POOL_SIZE: '1' })).toMatchObject({ databasePoolSize: 100, jobPoolSize: 1 });
  });

  it('given sizes out of bounds or not whole, stops naming the variable and its bounds', () => {
    expect(refusal({ DATABASE_POOL_SIZE: '0' })).toBe('DATABASE_POOL_SIZE must be a whole number from 1 to 100, got "0".');
    expect(refusal({ DATABASE_POOL_SIZE: '101' })).toMatch(/^DATABASE_POOL_SIZE /);
    expect(refusal({ JOB_POOL_SIZE: '51' })).toBe('JOB_POOL_SIZE must be a whole number from 1 to 50, got "51".');
    expect(refusal({ JOB_POOL_SIZE: '2.5' })).toMatch(/^JOB_POOL_SIZE /);
  });
});

describe('errors that quote a value', () => {
  it('given a DATABASE_URL with a password and a wrong scheme, the message names it without the password', () => {
    const message = refusal({ DATABASE_URL: 'mysql://siege:hunter2secret@db.example/siege' });
    expect(message).toMatch(/^DATABASE_URL must start with postgres:\/\//);
    expect(message).not.toContain('hunter2secret');
  });
});

describe('the settings table', () => {
  it('lists every new setting once, as optional', () => {
    const names = SETTINGS.map(([name]) => name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of ['HTTP_PORT', 'HTTP_HOST', 'LOG_FORMAT', 'DATABASE_POOL_SIZE', 'JOB_POOL_SIZE', 'PUBLIC_URL', 'METRICS_PORT', 'METRICS_HOST', 'TRUST_PROXY', 'WEB_MAX_STREAMS']) {
      expect(SETTINGS.find(([n]) => n === name)?.[1]).toBe('no');
    }
  });
});
