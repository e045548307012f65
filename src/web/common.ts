// What the web front's routes share: what they are given, the answer for what is not there, and
// the reader's language.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { localeOf } from '../i18n/index.js';
import type { Logger } from '../config/logger.js';
import type { RenderPool } from '../render/pool.js';
import type { Services } from '../services/index.js';
import type { GameMaster } from '../services/master/index.js';
import type { NameSource } from './gameModel.js';
import type { WebPublisher } from './publisher.js';

export type WebDeps = {
  services: Services;
  master: GameMaster;
  render: RenderPool;
  publisher: WebPublisher;
  names: NameSource;
  log: Logger;
  /** Local play is served (no Discord): the home page and the play pages. */
  local: boolean;
};

/** The reader's language, from their browser's first choice. */
export const readerLocale = (request: FastifyRequest) => localeOf(String(request.headers['accept-language'] ?? '').split(',')[0]?.split(';')[0]?.trim());

export function notFound(reply: FastifyReply, what = 'There is nothing here.'): FastifyReply {
  return reply.code(404).header('cache-control', 'no-store').type('text/html; charset=utf-8')
    .send(`<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Not found · Siege</title><link rel="icon" href="/static/icon.svg" type="image/svg+xml"><link rel="stylesheet" href="/static/style.css"></head><body><main class="message"><h1>Not found</h1><p>${what.replace(/[&<>"']/g, '')}</p></main></body></html>\n`);
}
