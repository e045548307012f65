// Server-sent events of a game: `hello` with its version as the stream opens (and reopens), then
// `version` at each change. The watch page and the local play page follow their game by them.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { GameSnapshot } from '../services/types.js';
import type { WebDeps } from './common.js';
import type { GameNews } from './publisher.js';

/** More for a stream's `version` event (a watch page's new part), or nothing. */
export type NewsExtra = (news: GameNews) => Promise<Record<string, unknown> | null>;

/** A comment now and then keeps proxies from closing a quiet stream. */
const BEAT_MS = 25_000;

export type EventStreams = {
  /**
   * Answers `request` with the event stream of `game`, open until the reader leaves; `extra`
   * adds to each version's event.
   */
  stream(request: FastifyRequest, reply: FastifyReply, game: GameSnapshot, extra?: NewsExtra): void;
  /** Ends every open stream (the server is stopping). */
  endAll(): void;
};

export function createEventStreams(web: () => WebDeps): EventStreams {
  const open = new Set<FastifyReply>();
  return {
    stream(request, reply, game, extra) {
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
      });
      const send = (event: string, data: object) => res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      res.write('retry: 3000\n\n');
      send('hello', { version: game.version, status: game.status });
      let newest = game.version;
      const stop = web().publisher.subscribe(game.id, (news) => {
        const plain = { version: news.version, status: news.status };
        if (!extra) return void send('version', plain);
        void extra(news)
          .catch(() => null)
          .then((more) => {
            // Extras are made apart: one made late never follows a newer version's event.
            if (news.version < newest || res.writableEnded) return;
            newest = news.version;
            send('version', { ...plain, ...(more ?? {}) });
          });
      });
      const beat = setInterval(() => res.write(': beat\n\n'), BEAT_MS);
      open.add(reply);
      request.raw.on('close', () => {
        clearInterval(beat);
        stop();
        open.delete(reply);
      });
    },
    endAll() {
      for (const reply of open) reply.raw.end();
      open.clear();
    },
  };
}
