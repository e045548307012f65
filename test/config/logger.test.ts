// The logger writes one JSON object per line that a log collector can parse, with errors whole,
// and never lets the Discord token or the database password through, whatever carries them.
import { describe, expect, it } from 'vitest';
import { createLogger, type LoggerOptions } from '../../src/config/logger.js';
import { REDACTED, secretsOf } from '../../src/config/secrets.js';

const TOKEN = 'MTIzNDU2Nzg5MDEyMzQ1Njc4.GhIjKl.abcdefghijklmnopqrstuvwxyz0123456';
// Characters that JSON escapes and URLs percent-encode, so every written form is tried.
const DB_PASSWORD = 'p@ss"w\\rd/5ecret';
const DATABASE_URL = `postgres://siege:${encodeURIComponent(DB_PASSWORD)}@db.example:5432/siege`;

function collect(level: Parameters<typeof createLogger>[0] = 'debug', options: LoggerOptions = {}) {
  const lines: string[] = [];
  const log = createLogger(level, { sink: (line) => lines.push(line), ...options });
  const parsed = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  return { log, lines, parsed };
}

describe('JSON lines', () => {
  it('given a message with extra fields, writes one JSON object per line with level, time, message and the fields', () => {
    const { log, lines, parsed } = collect();
    log.info('game started', { gameId: 'g1', players: 2 });
    log.warn('slow render', { ms: 812 });
    expect(lines).toHaveLength(2);
    expect(lines.every((line) => !line.includes('\n'))).toBe(true);
    const [started, slow] = parsed();
    expect(started).toMatchObject({ level: 'info', msg: 'game started', gameId: 'g1', players: 2 });
    expect(new Date(started!.time as string).toISOString()).toBe(started!.time);
    expect(slow).toMatchObject({ level: 'warn', msg: 'slow render', ms: 812 });
  });

  it('given the older form createLogger(level, sink), still collects lines below the level out', () => {
    const lines: string[] = [];
    const log = createLogger('warn', (line) => lines.push(line));
    log.debug('hidden');
    log.info('hidden too');
    log.warn('shown');
    log.error('shown too');
    expect(lines.map((line) => JSON.parse(line).msg)).toEqual(['shown', 'shown too']);
  });

  it('given a child with bindings, every line of the child carries them and the parent stays as it was', () => {
    const { log, parsed } = collect();
    const game = log.child({ gameId: 'g7', guildId: '123456789012345678', shardId: 1 });
    game.child({ userId: '876543210987654321' }).info('moved', { move: 'a1-b2' });
    log.info('unbound');
    const [moved, unbound] = parsed();
    expect(moved).toMatchObject({ gameId: 'g7', guildId: '123456789012345678', shardId: 1, userId: '876543210987654321', move: 'a1-b2' });
    expect(unbound).not.toHaveProperty('gameId');
  });
});

describe('errors', () => {
  it('given extra.err an Error, writes its type, message and stack, and the message of its cause', () => {
    const { log, parsed } = collect();
    class SaveConflict extends Error {}
    log.error('save failed', { err: new SaveConflict('version 3 is stale', { cause: new Error('row changed') }), gameId: 'g2' });
    const [line] = parsed();
    const err = line!.err as Record<string, unknown>;
    expect(err.type).toBe('SaveConflict');
    expect(err.message).toContain('version 3 is stale');
    expect(err.message).toContain('row changed');
    expect(err.stack).toMatch(/version 3 is stale\n\s+at .*logger\.test\.ts/);
    expect(line!.gameId).toBe('g2');
  });

  it('given extra.err something thrown that is not an Error, still says what it was', () => {
    const { log, parsed } = collect();
    log.error('rejected', { err: 'just a string' });
    log.error('rejected', { err: { code: 50013 } });
    log.error('rejected', { err: null });
    const [text, object, nothing] = parsed();
    expect(text!.err).toEqual({ type: 'string', message: 'just a string' });
    expect(object!.err).toMatchObject({ type: 'object', message: expect.stringContaining('50013') });
    expect(nothing!.err).toEqual({ type: 'null', message: 'null' });
  });

  it('given an error carrying an uploaded image, writes its size, not its bytes', () => {
    const { log, lines, parsed } = collect();
    const err = Object.assign(new Error('Request entity too large'), {
      requestBody: { files: [{ name: 'board.png', data: Buffer.alloc(50_000, 7) }], json: { content: 'hi' } },
    });
    log.error('post failed', { err });
    expect(lines[0]!.length).toBeLessThan(5_000);
    const file = ((parsed()[0]!.err as { requestBody: { files: { data: unknown }[] } }).requestBody.files[0])!;
    expect(file.data).toBe('<50000 bytes>');
  });
});

describe('secrets', () => {
  const secrets = secretsOf({ discordToken: TOKEN, databaseUrl: DATABASE_URL });
  const forbidden = [TOKEN, DB_PASSWORD, encodeURIComponent(DB_PASSWORD), JSON.stringify(DB_PASSWORD).slice(1, -1)];

  it('given the configuration, the secrets are the token and the password in both written forms', () => {
    expect(secrets).toEqual(expect.arrayContaining([TOKEN, DB_PASSWORD, encodeURIComponent(DB_PASSWORD)]));
  });

  it('given the token and the password in messages, error messages, stacks, nested fields and bindings, no line contains them', () => {
    const { log, lines, parsed } = collect('debug', { secrets });
    log.info(`logging in with ${TOKEN}`);
    log.error('could not connect', { err: new Error(`password authentication failed for ${DATABASE_URL} (${DB_PASSWORD})`) });
    log.warn('request', { headers: { authorization: `Bot ${TOKEN}` }, nested: { deeper: [{ url: DATABASE_URL, raw: DB_PASSWORD }] } });
    log.child({ connection: DATABASE_URL }).debug('pool opened');
    log.error('rejected', { err: `unhandled: ${TOKEN}` });
    expect(lines).toHaveLength(5);
    for (const line of lines) {
      for (const secret of forbidden) expect(line).not.toContain(secret);
    }
    // Still JSON, and still saying what happened.
    const [login, connect, request, pool] = parsed();
    expect(login!.msg).toBe(`logging in with ${REDACTED}`);
    expect((connect!.err as { message: string }).message).toContain(`postgres://siege:${REDACTED}@db.example:5432/siege`);
    expect(JSON.stringify(request)).toContain(`Bot ${REDACTED}`);
    expect(pool!.connection).toBe(`postgres://siege:${REDACTED}@db.example:5432/siege`);
  });

  it('given a connection string no one declared, hides its password all the same', () => {
    const { log, lines, parsed } = collect();
    log.error('replica down', { url: 'postgresql://reader:hunter2secret@10.0.0.5/siege', err: new Error('at redis://:topsecret@cache:6379') });
    expect(lines[0]).not.toContain('hunter2secret');
    expect(lines[0]).not.toContain('topsecret');
    expect(parsed()[0]!.url).toBe(`postgresql://reader:${REDACTED}@10.0.0.5/siege`);
  });

  it('given a password of a few characters, hides it in a URL and leaves every other word whole', () => {
    const url = 'postgres://siege:p@127.0.0.1:5432/siege';
    const { log, lines } = collect('debug', { secrets: secretsOf({ discordToken: TOKEN, databaseUrl: url }) });
    log.error('could not connect', { err: new Error(`connect ECONNREFUSED to ${url}`), pid: 42, type: 'pool' });
    expect(lines[0]).not.toContain(':p@');
    expect(lines[0]).toContain('"pid":42');
    expect(lines[0]).toContain('"type":"pool"');
  });

  it('given a URL with a port and no password, leaves it as it is', () => {
    const { log, parsed } = collect();
    log.info('listening', { url: 'http://127.0.0.1:8080/metrics', at: 'http://user@host:99/x' });
    expect(parsed()[0]).toMatchObject({ url: 'http://127.0.0.1:8080/metrics', at: 'http://user@host:99/x' });
  });
});

describe('pretty format', () => {
  it('given format pretty, writes readable text, not JSON, with the message, the fields and the stack', () => {
    const { log, lines } = collect('info', { format: 'pretty', colorize: false, secrets: [TOKEN] });
    log.warn('board posted late', { gameId: 'g9', err: new Error(`boom ${TOKEN}`) });
    expect(lines).toHaveLength(1);
    expect(() => JSON.parse(lines[0]!)).toThrow();
    expect(lines[0]).toContain('WARN');
    expect(lines[0]).toContain('board posted late');
    expect(lines[0]).toContain('g9');
    expect(lines[0]).toMatch(/Error: boom \[REDACTED\]\n\s+at /);
    expect(lines[0]).not.toContain(TOKEN);
  });

  it('given format json with a sink, writes JSON even where pretty would be the default', () => {
    const { log, parsed } = collect('info', { format: 'json' });
    log.info('plain');
    expect(parsed()[0]!.msg).toBe('plain');
  });
});
