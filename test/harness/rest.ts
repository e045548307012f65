// HTTP side: routing under /api/v10, body parsing (JSON or multipart), Bot-token auth, the request
// log, injected failures (429/5xx) and Discord's error bodies.
//
// @discordjs/rest builds URLs as `${rest.api}/v${version}${route}`, so the bot gets
// `rest: { api: 'http://127.0.0.1:PORT/api' }` and requests arrive as /api/v10/....

import type { IncomingMessage, ServerResponse } from 'node:http';
import { errorTree, isObject, type FieldError } from './formErrors.js';
import { multipartBoundary, parseMultipart } from './multipart.js';
import type { UploadedFile } from './store.js';
import type { FailureRule, JsonObject, RequestLogEntry, Violation } from './types.js';

export const API_VERSION = 10;
const MAX_BODY = 64 * 1024 * 1024;

/** A Discord error response; `violation` also records it as a broken rule. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    readonly extra: { errors?: FieldError[]; violation?: string; detail?: string; interactionId?: string } = {},
  ) {
    super(message);
  }

  body(): JsonObject {
    return {
      message: this.message,
      code: this.code,
      ...(this.extra.errors ? { errors: errorTree(this.extra.errors) } : {}),
    };
  }
}

export interface RouteContext {
  readonly method: string;
  readonly path: string;
  readonly params: Record<string, string>;
  readonly query: URLSearchParams;
  /** The JSON body (or multipart payload_json); null when there was none. */
  readonly body: JsonObject | unknown[] | null;
  readonly files: UploadedFile[];
  readonly token: string | null;
  /** An OAuth2 access token (`Authorization: Bearer …`), for routes registered with `bearer`. */
  readonly bearer: string | null;
  /** The raw Authorization header (HTTP Basic at the OAuth2 token endpoint). */
  readonly authorization: string | null;
  /** A form-encoded body's fields (OAuth2's token endpoint); null for any other body. */
  readonly form: URLSearchParams | null;
  readonly entry: RequestLogEntry;
}

export interface RouteResult {
  status: number;
  body?: unknown;
}

export type RouteHandler = (ctx: RouteContext) => RouteResult | Promise<RouteResult>;

interface Route {
  method: string;
  template: string;
  pattern: RegExp;
  keys: string[];
  auth: boolean;
  /** Served to an OAuth2 Bearer token (a user's), not to the bot's token. */
  bearer: boolean;
  handler: RouteHandler;
}

interface ActiveFailure extends FailureRule {
  remaining: number;
}

export interface HoldRule {
  method?: string;
  route?: RegExp;
}

export interface RequestHold {
  /** Resolves with the request once it has arrived and is being held. */
  reached: Promise<RequestLogEntry>;
  /** Lets the held request go on (it is then handled as usual). */
  release(): void;
  /** Drops the held request unhandled: its connection is closed and nothing it asked for happens. */
  drop(): void;
}

interface ActiveHold extends HoldRule {
  reached: Promise<RequestLogEntry>;
  /** True: handle the request; false: drop it. */
  released: Promise<boolean>;
  reach(entry: RequestLogEntry): void;
}

export interface RestOptions {
  acceptToken: (token: string) => boolean;
  recordViolation: (violation: Omit<Violation, 'at'>) => void;
  /** Serves non-API paths (attachments); return false when not handled. */
  serveStatic: (path: string, res: ServerResponse, query: URLSearchParams) => boolean;
}

export class RestServer {
  readonly requests: RequestLogEntry[] = [];
  private readonly routes: Route[] = [];
  private readonly failures: ActiveFailure[] = [];
  private readonly holds: ActiveHold[] = [];
  private seq = 0;

  constructor(private readonly options: RestOptions) {}

  /** Registers a route; `:name` segments become params (`@me`, `@original` are literal values). */
  add(method: string, template: string, handler: RouteHandler, opts: { auth?: boolean; bearer?: boolean } = {}): void {
    const keys: string[] = [];
    const source = template
      .split('/')
      .map((segment) => {
        if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        keys.push(segment.slice(1));
        return '([^/]+)';
      })
      .join('/');
    this.routes.push({ method, template, pattern: new RegExp(`^${source}/?$`), keys, auth: !opts.bearer && (opts.auth ?? true), bearer: opts.bearer ?? false, handler });
  }

  failNext(rule: FailureRule): void {
    this.failures.push({ ...rule, remaining: rule.count ?? 1 });
  }

  /** The next request matching method/route waits, unanswered, until released (see FakeDiscord.holdNext). */
  holdNext(rule: HoldRule): RequestHold {
    let reach!: (entry: RequestLogEntry) => void;
    let release!: (carryOut: boolean) => void;
    const hold: ActiveHold = {
      ...rule,
      reached: new Promise((resolve) => (reach = resolve)),
      released: new Promise((resolve) => (release = resolve)),
      reach: (entry) => reach(entry),
    };
    this.holds.push(hold);
    return { reached: hold.reached, release: () => release(true), drop: () => release(false) };
  }

  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const method = (req.method ?? 'GET').toUpperCase();
    let raw: Buffer;
    try {
      raw = await readBody(req);
    } catch {
      respond(res, 413, { message: 'Request entity too large', code: 40005 });
      return;
    }
    if (!url.pathname.startsWith('/api/')) {
      if (!this.options.serveStatic(url.pathname, res, url.searchParams)) respond(res, 404, { message: '404: Not Found', code: 0 });
      return;
    }
    const versioned = /^\/api\/v(\d+)(\/.*)?$/.exec(url.pathname);
    // Decoded per segment: discord.js sends `@original` as `%40original`.
    const path = (versioned ? versioned[2] ?? '/' : url.pathname.slice(4)).split('/').map(safeDecode).join('/');
    const authHeader = req.headers.authorization ?? null;
    const token = authHeader?.startsWith('Bot ') ? authHeader.slice(4) : null;
    const bearer = authHeader?.startsWith('Bearer ') ? authHeader.slice(7) : null;
    const isForm = (req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
    const form = isForm ? new URLSearchParams(raw.toString('utf8')) : null;
    let parsed: { body: JsonObject | unknown[] | null; files: UploadedFile[] };
    let parseError: ApiError | null = null;
    try {
      parsed = isForm ? { body: Object.fromEntries(form!), files: [] } : parseBody(raw, req.headers['content-type'] ?? '');
    } catch (error) {
      parsed = { body: null, files: [] };
      parseError = error instanceof ApiError ? error : new ApiError(400, 50109, 'The request body contains invalid JSON.');
    }
    const entry: RequestLogEntry = {
      seq: ++this.seq,
      method,
      path,
      route: null,
      query: Object.fromEntries(url.searchParams),
      at: Date.now(),
      body: parsed.body,
      files: parsed.files.map((f) => ({ field: f.field, filename: f.filename, contentType: f.contentType, size: f.data.length })),
      token,
      status: 0,
      error: null,
      injected: false,
      interactionId: null,
    };
    this.requests.push(entry);

    const finish = (status: number, body?: unknown, headers: Record<string, string> = {}): void => {
      entry.status = status;
      if (status >= 400) entry.error = body;
      respond(res, status, body, headers);
    };
    const violation = (kind: string, message: string, details?: unknown): void => {
      this.options.recordViolation({ kind, message, method, path, details, ...(entry.interactionId ? { interactionId: entry.interactionId } : {}) });
    };

    if (!versioned || Number(versioned[1]) !== API_VERSION) {
      violation('api-version', `${method} ${url.pathname}: the bot must call /api/v${API_VERSION}`);
      finish(404, { message: '404: Not Found', code: 0 });
      return;
    }
    const matches = this.routes.filter((r) => r.pattern.test(path));
    // A user's Bearer token reaches the routes served to it (GET /users/@me as that user); the bot's, the others.
    const route = matches.find((r) => r.method === method && r.bearer === (bearer !== null)) ?? matches.find((r) => r.method === method && !r.bearer);
    if (!route) {
      const status = matches.length > 0 ? 405 : 404;
      violation('unknown-route', `${method} ${path} is not a route the fake Discord knows`);
      finish(status, { message: `${status}: ${status === 404 ? 'Not Found' : 'Method Not Allowed'}`, code: 0 });
      return;
    }
    entry.route = route.template;
    if (route.auth) {
      if (token === null) {
        finish(401, { message: '401: Unauthorized', code: 0 });
        return;
      }
      if (!this.options.acceptToken(token)) {
        finish(401, { message: '401: Unauthorized', code: 0 });
        return;
      }
    }
    const held = this.holds.findIndex((h) => (!h.method || h.method.toUpperCase() === method) && (!h.route || h.route.test(path)));
    if (held >= 0) {
      const hold = this.holds.splice(held, 1)[0]!;
      hold.reach(entry);
      if (!(await hold.released)) {
        entry.status = -1;
        res.destroy();
        return;
      }
    }
    const failure = this.failures.find(
      (f) => f.remaining > 0 && (!f.method || f.method.toUpperCase() === method) && (!f.route || f.route.test(path)),
    );
    if (failure) {
      failure.remaining -= 1;
      entry.injected = true;
      if (failure.status === 429) {
        const retryAfter = failure.retryAfter ?? 0.2;
        finish(429, { message: 'You are being rate limited.', retry_after: retryAfter, global: failure.global ?? false }, {
          'Retry-After': String(retryAfter),
          'X-RateLimit-Limit': '5',
          'X-RateLimit-Remaining': '0',
          'X-RateLimit-Reset-After': String(retryAfter),
          'X-RateLimit-Scope': failure.global ? 'global' : 'user',
          ...(failure.global ? { 'X-RateLimit-Global': 'true' } : {}),
        });
      } else {
        finish(failure.status, { message: `${failure.status}: ${failure.status === 500 ? 'Internal Server Error' : 'Bad Gateway'}`, code: 0 });
      }
      return;
    }
    if (parseError) {
      finish(parseError.status, parseError.body());
      return;
    }
    const match = route.pattern.exec(path)!;
    const params: Record<string, string> = {};
    route.keys.forEach((key, i) => {
      params[key] = match[i + 1] ?? '';
    });
    try {
      const result = await route.handler({ method, path, params, query: url.searchParams, body: parsed.body, files: parsed.files, token, bearer, authorization: authHeader, form, entry });
      finish(result.status, result.body);
    } catch (error) {
      if (error instanceof ApiError) {
        if (error.extra.interactionId) entry.interactionId = error.extra.interactionId;
        if (error.extra.violation) {
          violation(error.extra.violation, `${method} ${path}: ${error.extra.detail ?? error.message}`, error.extra.errors);
        }
        finish(error.status, error.body());
      } else {
        violation('fake-crash', `${method} ${path}: the fake Discord threw ${String(error)}`, error instanceof Error ? error.stack : undefined);
        finish(500, { message: '500: Internal Server Error', code: 0 });
      }
    }
  }
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function respond(res: ServerResponse, status: number, body?: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent) return;
  if (body === undefined || status === 204) {
    res.writeHead(status, headers);
    res.end();
    return;
  }
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        reject(new Error('body too large'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function parseBody(raw: Buffer, contentType: string): { body: JsonObject | unknown[] | null; files: UploadedFile[] } {
  if (raw.length === 0) return { body: null, files: [] };
  if (contentType.startsWith('multipart/form-data')) {
    const boundary = multipartBoundary(contentType);
    if (!boundary) throw new ApiError(400, 50035, 'Invalid Form Body');
    const files: UploadedFile[] = [];
    let body: JsonObject | unknown[] | null = null;
    for (const part of parseMultipart(raw, boundary)) {
      if (part.name === 'payload_json') {
        body = parseJson(part.data.toString('utf8'));
      } else if (part.filename !== null) {
        files.push({ field: part.name, filename: part.filename, contentType: part.contentType, data: part.data });
      } else {
        // Plain form fields (appendToFormData): merge into the body.
        body = { ...(isObject(body) ? body : {}), [part.name]: part.data.toString('utf8') };
      }
    }
    return { body, files };
  }
  return { body: parseJson(raw.toString('utf8')), files: [] };
}

function parseJson(text: string): JsonObject | unknown[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ApiError(400, 50109, 'The request body contains invalid JSON.');
  }
  if (!isObject(value) && !Array.isArray(value)) throw new ApiError(400, 50109, 'The request body contains invalid JSON.');
  return value;
}
