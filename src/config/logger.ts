// The bot's logger (pino): one JSON object per line for the host's log collector, or readable
// colour lines for a person at a terminal. The call shape `log.info(msg, extra)` is the project's
// own, not pino's `(extra, msg)`, because every call site is written that way.
import { inspect } from 'node:util';
import { pino, type DestinationStream, type Logger as PinoLogger } from 'pino';
import { prettyFactory } from 'pino-pretty';
import { createRedactor } from './secrets.js';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export type LogFormat = 'json' | 'pretty';

/** Fields fixed on every line of a child logger: which game, guild, shard or member it is about. */
export type LogBindings = {
  gameId?: string;
  guildId?: string;
  shardId?: number;
  userId?: string;
  [field: string]: unknown;
};

export type Logger = {
  /** `extra`'s fields become fields of the line; `extra.err` (an Error or anything) gets its type, message and stack. */
  debug(msg: string, extra?: object): void;
  info(msg: string, extra?: object): void;
  warn(msg: string, extra?: object): void;
  error(msg: string, extra?: object): void;
  /** A logger whose every line also carries `bindings`. */
  child(bindings: LogBindings): Logger;
};

export type LoggerOptions = {
  /** Receives each line (no trailing newline), synchronously. Absent: standard output. */
  sink?: (line: string) => void;
  /** Absent: `json` with a sink, otherwise `pretty` when standard output is a terminal, else `json`. */
  format?: LogFormat;
  /** Values that never appear in a line (see `secretsOf`); URL passwords are always removed. */
  secrets?: readonly string[];
  /** Colours in the pretty format. Absent: when writing to a terminal. */
  colorize?: boolean;
};

/**
 * `createLogger(level, sink)` is the older form, kept for tests that collect lines:
 * `createLogger('warn', (line) => logs.push(line))`.
 */
export function createLogger(level: LogLevel = 'info', options: LoggerOptions | ((line: string) => void) = {}): Logger {
  const opts: LoggerOptions = typeof options === 'function' ? { sink: options } : options;
  const toTerminal = !opts.sink && process.stdout.isTTY === true;
  const format = opts.format ?? (opts.sink || !toTerminal ? 'json' : 'pretty');
  const redact = createRedactor(opts.secrets);
  const root = pino(
    {
      level,
      timestamp: pino.stdTimeFunctions.isoTime,
      // Level names rather than pino's numbers: a line is read by people and by queries alike.
      formatters: { level: (label) => ({ level: label }) },
      serializers: { err: serializeError },
      // The last step before a line is written: nothing logged can carry a secret past it.
      hooks: { streamWrite: redact },
    },
    destination(format, opts.sink, opts.colorize ?? toTerminal),
  );
  return wrap(root);
}

function wrap(p: PinoLogger): Logger {
  const at =
    (level: LogLevel) =>
    (msg: string, extra?: object): void => {
      if (extra) p[level](extra, msg);
      else p[level](msg);
    };
  return {
    debug: at('debug'),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    child: (bindings) => wrap(p.child(bindings)),
  };
}

function destination(format: LogFormat, sink: ((line: string) => void) | undefined, colorize: boolean): DestinationStream {
  // Synchronous writes: the line before a `process.exit` (a failed start) must not be lost.
  const out = sink ? (line: string) => sink(line.replace(/\n$/, '')) : stdoutWriter();
  if (format === 'json') return { write: out };
  const pretty = prettyFactory({ colorize, translateTime: 'SYS:yyyy-mm-dd HH:MM:ss.l', ignore: 'pid,hostname', singleLine: true });
  return { write: (line: string) => out(pretty(line)) };
}

// One stream for every logger of the process (tests make dozens).
let stdout: DestinationStream | null = null;

function stdoutWriter(): (line: string) => void {
  stdout ??= pino.destination({ dest: 1, sync: true });
  const stream = stdout;
  return (line) => stream.write(line);
}

/**
 * pino's error serializer (type, message and stack, causes included) for anything thrown, Error or
 * not, with binary payloads cut out: a failed Discord upload carries the whole image in its error.
 */
export function serializeError(value: unknown): unknown {
  if (isErrorLike(value)) {
    const { raw: _raw, ...serialized } = pino.stdSerializers.err(value) as unknown as Record<string, unknown>;
    return withoutBinary(serialized, 6);
  }
  if (typeof value === 'string') return { type: 'string', message: value };
  return { type: value === null ? 'null' : typeof value, message: inspect(value, { depth: 3, breakLength: Infinity }) };
}

function isErrorLike(value: unknown): value is Error {
  if (value instanceof Error) return true;
  const v = value as { message?: unknown; stack?: unknown } | null;
  return typeof v === 'object' && v !== null && typeof v.message === 'string' && typeof v.stack === 'string';
}

function withoutBinary(value: unknown, depth: number): unknown {
  if (value instanceof ArrayBuffer || ArrayBuffer.isView(value)) return `<${value.byteLength} bytes>`;
  // Dates and the like say themselves how they are written.
  if (typeof value !== 'object' || value === null || typeof (value as { toJSON?: unknown }).toJSON === 'function') return value;
  if (depth === 0) return Array.isArray(value) ? '[…]' : '{…}';
  if (Array.isArray(value)) return value.map((v) => withoutBinary(v, depth - 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) out[key] = withoutBinary(v, depth - 1);
  return out;
}
