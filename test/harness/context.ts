// What the REST route modules share: the world, the gateway, options and the rule checks that every
// message-producing route applies.

import type { ChannelEventName, MessageEventName } from './events.js';
import type { Gateway } from './gateway.js';
import type { InteractionRecord } from './interactions.js';
import { FormErrors, MessageFlag, describeErrors, isObject, validateMessageBody, type FieldPath } from './limits.js';
import { ApiError } from './rest.js';
import type { Store, UploadedFile } from './store.js';
import type { FakeChannel, FakeMessage, JsonObject, Violation } from './types.js';

export interface FakeDiscordOptions {
  /** Shard count recommended by GET /gateway/bot (the client may still pick its own). Default 1. */
  shardCount?: number;
  /** session_start_limit.max_concurrency; identifies per 5 s. Default 16 so shards start at once. */
  maxConcurrency?: number;
  /** The token tests should log in with. Default 'test-token'. */
  botToken?: string;
  /** Reject any other token (REST 401, gateway close 4004). Default false: any `Bot <token>` works. */
  strictToken?: boolean;
  botUsername?: string;
  /** HELLO heartbeat_interval. Default 41250 like Discord. */
  heartbeatIntervalMs?: number;
  /** Initial-response window. Default 3000 ms. */
  ackDeadlineMs?: number;
  /** Interaction token lifetime for follow-ups and edits. Default 15 minutes. */
  tokenLifetimeMs?: number;
  /** Per-file upload limit. Default 10 MiB. */
  maxFileBytes?: number;
  /**
   * How long the REST server keeps an idle connection. Default 1000 ms, which undici (discord.js's
   * HTTP client) treats as too short to reuse: every request then opens a new connection. Real
   * Discord keeps connections, so benchmarks set this above undici's 2 s threshold.
   */
  keepAliveTimeoutMs?: number;
  /**
   * The application has Activities enabled (Developer Portal → Activities): it may answer with
   * LAUNCH_ACTIVITY (callback type 12) and own a PRIMARY_ENTRY_POINT command. Default false.
   */
  activity?: boolean;
}

export type ResolvedOptions = Required<FakeDiscordOptions>;

export interface Harness {
  readonly store: Store;
  readonly gateway: Gateway;
  readonly options: ResolvedOptions;
  readonly interactions: Map<string, InteractionRecord>;
  readonly gatewayUrl: string;
  recordViolation(violation: Omit<Violation, 'at'>): void;
  messageEvent(t: MessageEventName, message: FakeMessage): void;
  channelEvent(t: ChannelEventName, channel: FakeChannel, extra?: JsonObject): void;
}

/**
 * Checks a message body against Discord's limits before it is stored: form errors (400 50035),
 * oversized files (413 40005) and, when creating, empty messages (400 50006). Each is a violation.
 */
export function checkOutgoingMessage(
  h: Harness,
  body: unknown,
  files: UploadedFile[],
  opts: { prefix: FieldPath; creating: boolean; interactionId?: string; current?: FakeMessage },
): JsonObject {
  const payload = isObject(body) ? body : {};
  const errors = new FormErrors();
  validateMessageBody(payload, opts.prefix, files.length, errors);
  const interactionId = opts.interactionId;
  if (!errors.empty) {
    throw new ApiError(400, 50035, 'Invalid Form Body', { errors: errors.list, violation: 'invalid-form-body', detail: describeErrors(errors.list), ...(interactionId ? { interactionId } : {}) });
  }
  for (const file of files) {
    if (file.data.length > h.options.maxFileBytes) {
      throw new ApiError(413, 40005, 'Request entity too large', {
        violation: 'attachment-too-large',
        detail: `${file.filename} is ${file.data.length} bytes; the limit is ${h.options.maxFileBytes}`,
        ...(interactionId ? { interactionId } : {}),
      });
    }
  }
  if (wouldBeEmpty(payload, files, opts.creating ? undefined : opts.current)) {
    throw new ApiError(400, 50006, 'Cannot send an empty message', { violation: 'empty-message', ...(interactionId ? { interactionId } : {}) });
  }
  return payload;
}

function wouldBeEmpty(body: JsonObject, files: UploadedFile[], current: FakeMessage | undefined): boolean {
  if (current && (current.flags & MessageFlag.Loading) !== 0 && Object.keys(body).length === 0 && files.length === 0) return false;
  const pick = <T>(key: string, fallback: T): unknown => (key in body ? body[key] : fallback);
  const content = pick('content', current?.content ?? '');
  const embeds = pick('embeds', current?.embeds ?? []);
  const components = pick('components', current?.components ?? []);
  const attachments = pick('attachments', current?.attachments ?? []);
  if (typeof content === 'string' && content.length > 0) return false;
  if (Array.isArray(embeds) && embeds.length > 0) return false;
  if (Array.isArray(components) && components.length > 0) return false;
  if (files.length > 0 || (Array.isArray(attachments) && attachments.length > 0)) return false;
  if (body.sticker_ids !== undefined || body.poll !== undefined) return false;
  // An edit that touches nothing message-visible (e.g. only flags) is fine.
  if (current && !('content' in body) && !('embeds' in body) && !('components' in body) && !('attachments' in body)) return false;
  return true;
}
