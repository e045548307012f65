// Server-sent events of a game: `hello` with its version as the stream opens (and reopens), then
// `version` at each change. The watch page and the local play page follow their game by them.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { GameSnapshot } from '../services/types.js';
import type { WebDeps } from './common.js';

/** A comment now and then keeps proxies from closing a quiet stream. */
const BEAT_MS = 25_000;

export type EventStreams = {
  /** Answers `request` with the event stream of `game`, open until the reader leaves. */
  stream(request: FastifyRequest, reply: FastifyReply, game: GameSnapshot): void;
  /** Ends every open stream (the server is stopping). */
  endAll(): void;
};

export function createEventStreams(web: () => WebDeps): EventStreams {
  const open = new Set<FastifyReply>();
  return {
    stream(request, reply, game) {
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
      const stop = web().publisher.subscribe(game.id, (news) => send('version', { version: news.version, status: news.status }));
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
