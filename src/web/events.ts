// Server-sent events of a game: `hello` with its version as the stream opens (and reopens), then
// `version` at each change. The watch page and the local play page follow their game by them.
// A stream holds a connection (a file descriptor) for as long as it is open, so they are bounded:
// a few per address and WEB_MAX_STREAMS in all; each is ended after a while (the page's
// EventSource opens a new one by itself, `retry:` says when); a reader that does not read while
// events pile up for it is dropped; and a server's streams end once it turns its pages off
// (`/siege config web:off`), whichever process it was told to.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Speaker } from '../i18n/index.js';
import type { GameSnapshot } from '../services/types.js';
import { refusal } from './common.js';
import type { GameNews, WebPublisher } from './publisher.js';

/** More for a stream's `version` event (a watch page's new part), or nothing. */
export type NewsExtra = (news: GameNews) => Promise<Record<string, unknown> | null>;

/**
 * What a stream follows besides a game: a thing told in versions (a tournament's page), its
 * server's `web` setting deciding as a game's does, and where its news comes from.
 */
export type StreamSubject = { id: number; version: number; status: string; guildId: string | null };
export type StreamNews = { version: number; status: string };
export type NewsSource<N extends StreamNews> = { subscribe(id: number, listener: (news: N) => void): () => void };

export type StreamLimits = {
  /** Streams one address may hold open (a tab each; a browser opens at most six to a host anyway). */
  perAddress: number;
  /** Streams open in all (WEB_MAX_STREAMS). */
  total: number;
  /** A stream is ended after about this long; the page opens a new one by itself. */
  lifetimeMs: number;
  /** A reader with this many bytes waiting that it has not taken is dropped. */
  maxBufferedBytes: number;
  /** How often the servers of open streams are asked whether they still show their pages. */
  sweepMs: number;
};

export const DEFAULT_STREAM_LIMITS: StreamLimits = {
  perAddress: 8,
  total: 1000,
  lifetimeMs: 10 * 60_000,
  // A watch page's event carries its new part (at most 100 KB): a reader some versions behind.
  maxBufferedBytes: 1024 * 1024,
  sweepMs: 5_000,
};

/** A comment now and then keeps proxies from closing a quiet stream. */
const BEAT_MS = 25_000;
/** How long the page waits before it opens a stream again (after an end, or a failure). */
const RETRY_MS = 3_000;
/** What a refused stream is told to wait before asking again, in seconds. */
const RETRY_AFTER_S = 30;

export type EventStreamDeps = {
  /** Where a game's news comes from (the web publisher). */
  publisher: () => Pick<WebPublisher, 'subscribe'>;
  /** Whether a server still shows its games' pages (its `web` setting). */
  webEnabled: (guildId: string) => Promise<boolean>;
  /** The Cross-Origin-Resource-Policy of the site (src/web/guard.ts). */
  resourcePolicy: string;
  limits?: Partial<StreamLimits>;
};

export type EventStreams = {
  /**
   * Answers `request` with the event stream of `game`, open until the reader leaves, its time is
   * up, or its server turns its pages off; `extra` adds to each version's event. Past a limit it
   * answers 429 (this address) or 503 (everyone), with when to try again.
   */
  stream(request: FastifyRequest, reply: FastifyReply, game: GameSnapshot, extra?: NewsExtra): FastifyReply | undefined;
  /** The same for another subject, within the same bounds: its news from `source`. */
  follow<N extends StreamNews>(request: FastifyRequest, reply: FastifyReply, subject: StreamSubject, source: NewsSource<N>, extra?: (news: N) => Promise<Record<string, unknown> | null>): FastifyReply | undefined;
  /** Streams open now. */
  readonly open: number;
  /** Ends every open stream (the server is stopping). */
  endAll(): void;
};

type OpenStream = { address: string; guildId: string | null; end: () => void };

export function createEventStreams(deps: EventStreamDeps): EventStreams {
  const limits = { ...DEFAULT_STREAM_LIMITS, ...deps.limits };
  const open = new Set<OpenStream>();
  const byAddress = new Map<string, number>();
  let sweeping: NodeJS.Timeout | null = null;
  let sweepRunning = false;

  /** Ends the streams of servers that turned their pages off since they opened. */
  async function sweep(): Promise<void> {
    if (sweepRunning) return;
    sweepRunning = true;
    try {
      const guilds = new Set([...open].flatMap((s) => (s.guildId ? [s.guildId] : [])));
      for (const guildId of guilds) {
        if (await deps.webEnabled(guildId).catch(() => true)) continue;
        for (const s of [...open]) if (s.guildId === guildId) s.end();
      }
    } finally {
      sweepRunning = false;
    }
  }

  function opened(s: OpenStream): void {
    open.add(s);
    byAddress.set(s.address, (byAddress.get(s.address) ?? 0) + 1);
    sweeping ??= setInterval(() => void sweep(), limits.sweepMs).unref();
  }

  function closed(s: OpenStream): void {
    if (!open.delete(s)) return;
    const left = (byAddress.get(s.address) ?? 1) - 1;
    if (left > 0) byAddress.set(s.address, left);
    else byAddress.delete(s.address);
    if (!open.size && sweeping) {
      clearInterval(sweeping);
      sweeping = null;
    }
  }

  const refuse = (request: FastifyRequest, reply: FastifyReply, status: number, text: (sp: Speaker) => string) =>
    refusal(request, reply.header('retry-after', String(RETRY_AFTER_S)), status, text);

  function follow<N extends StreamNews>(request: FastifyRequest, reply: FastifyReply, game: StreamSubject, source: NewsSource<N>, extra?: (news: N) => Promise<Record<string, unknown> | null>): FastifyReply | undefined {
    // The visitor's address, as TRUST_PROXY lets fastify read it.
    const address = request.ip;
    if (open.size >= limits.total) return refuse(request, reply, 503, (sp) => sp.t('web:refusal.streamsFull'));
    if ((byAddress.get(address) ?? 0) >= limits.perAddress) return refuse(request, reply, 429, (sp) => sp.t('web:refusal.tooManyStreams'));

    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
      'cross-origin-resource-policy': deps.resourcePolicy,
    });
    let ended = false;
    const stream: OpenStream = { address, guildId: game.guildId, end: () => finish(false) };
    /** Writes, unless the reader has left; drops a reader that lets too much wait for it. */
    const write = (text: string) => {
      if (ended || res.destroyed || res.writableEnded) return;
      res.write(text);
      if (res.writableLength > limits.maxBufferedBytes) finish(true);
    };
    const send = (event: string, data: object) => write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    let newest = game.version;
    const stop = source.subscribe(game.id, (news) => {
      const plain = { version: news.version, status: news.status };
      if (!extra) return void send('version', plain);
      void extra(news)
        .catch(() => null)
        .then((more) => {
          // Extras are made apart: one made late never follows a newer version's event.
          if (news.version < newest || ended) return;
          newest = news.version;
          send('version', { ...plain, ...(more ?? {}) });
        });
    });
    const beat = setInterval(() => write(': beat\n\n'), BEAT_MS);
    // Ended a little before or after its time, so that streams opened together do not all come back at once.
    const expiry = setTimeout(() => finish(false), limits.lifetimeMs * (0.9 + 0.2 * Math.random()));
    /** Ends the stream: politely (what is written goes first), or at once for a reader that does not read. */
    function finish(drop: boolean): void {
      if (ended) return;
      ended = true;
      clearInterval(beat);
      clearTimeout(expiry);
      stop();
      closed(stream);
      if (drop) res.destroy();
      else res.end();
    }
    request.raw.on('close', () => finish(false));
    res.on('close', () => finish(false));
    opened(stream);
    write(`retry: ${RETRY_MS}\n\n`);
    send('hello', { version: game.version, status: game.status });
    return undefined;
  }

  return {
    stream: (request, reply, game, extra) => follow(request, reply, game, deps.publisher(), extra),
    follow,
    get open() {
      return open.size;
    },
    endAll() {
      for (const s of [...open]) s.end();
    },
  };
}
