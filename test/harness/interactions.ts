// The record of one interaction sent to the bot, and of how the bot answered it.

import { performance } from 'node:perf_hooks';
import { messageText, type Store } from './store.js';
import type { FakeMessage, JsonObject } from './types.js';

export const InteractionType = { Ping: 1, ApplicationCommand: 2, MessageComponent: 3, Autocomplete: 4, ModalSubmit: 5 } as const;
export const CallbackType = {
  Pong: 1,
  ChannelMessageWithSource: 4,
  DeferredChannelMessageWithSource: 5,
  DeferredUpdateMessage: 6,
  UpdateMessage: 7,
  AutocompleteResult: 8,
  Modal: 9,
  /** Opens the app's Activity for the member who interacted (apps with Activities enabled only). */
  LaunchActivity: 12,
} as const;

export type InteractionKind = 'command' | 'autocomplete' | 'button' | 'select' | 'modal';

export interface CallbackRecord {
  type: number;
  data: JsonObject | null;
  /** Date.now() when the callback arrived. */
  at: number;
  /** Milliseconds from the interaction's creation to its callback. */
  ms: number;
  withResponse: boolean;
}

export interface RejectedCallback {
  type: number | null;
  status: number;
  code: number;
  ms: number;
}

export interface InteractionInit {
  kind: InteractionKind;
  type: number;
  userId: string;
  guildId: string | null;
  channelId: string;
  payload: JsonObject;
  ackDeadlineMs: number;
  tokenLifetimeMs: number;
  /** Component and modal-from-component interactions: the message the component is on. */
  sourceMessageId: string | null;
  /** Autocomplete: the focused option's type, to check the choices' value types. */
  focusedOptionType: number | null;
}

/** One interaction sent to the bot, and everything the bot did in answer to it. */
export class InteractionRecord {
  readonly id: string;
  readonly token: string;
  readonly kind: InteractionKind;
  readonly type: number;
  readonly userId: string;
  readonly guildId: string | null;
  readonly channelId: string;
  /** The INTERACTION_CREATE `d` payload as dispatched. */
  readonly payload: JsonObject;
  readonly sourceMessageId: string | null;
  readonly focusedOptionType: number | null;
  readonly ackDeadlineMs: number;
  readonly tokenLifetimeMs: number;
  /** Date.now() at creation; Discord's 3-second clock starts here. */
  readonly createdAt = Date.now();
  /** How many gateway sockets received the dispatch (0: no session served it, so the bot never saw it). */
  deliveredTo = 0;
  /** The accepted initial callback. */
  callback: CallbackRecord | null = null;
  /** Callbacks Discord refused (late, double, malformed). */
  readonly rejectedCallbacks: RejectedCallback[] = [];
  /** The message `@original` refers to: the reply, or the component's message for types 6/7. */
  originalMessageId: string | null = null;
  /** A deferred reply (type 5) whose "thinking..." message hasn't been replaced yet. */
  loading = false;
  /** Whether the bot said its handler finished; null when the bot does not say (a bot in another process). */
  handledByBot: boolean | null = null;
  /** Why this interaction failed for the user ('late-ack', ...), or null. */
  failure: string | null = null;
  /** Autocomplete results (type 8). */
  choices: JsonObject[] | null = null;
  /** The modal the bot showed (type 9). */
  modal: JsonObject | null = null;
  private readonly started = performance.now();
  private readonly messageIds: string[] = [];
  private lastActivity = performance.now();
  private readonly listeners = new Set<() => void>();

  constructor(private readonly store: Store, init: InteractionInit) {
    this.id = String(init.payload.id);
    this.token = String(init.payload.token);
    this.kind = init.kind;
    this.type = init.type;
    this.userId = init.userId;
    this.guildId = init.guildId;
    this.channelId = init.channelId;
    this.payload = init.payload;
    this.sourceMessageId = init.sourceMessageId;
    this.focusedOptionType = init.focusedOptionType;
    this.ackDeadlineMs = init.ackDeadlineMs;
    this.tokenLifetimeMs = init.tokenLifetimeMs;
  }

  /** Milliseconds between creation and the accepted initial callback; null until then. */
  get ackMs(): number | null {
    return this.callback?.ms ?? null;
  }

  get elapsedMs(): number {
    return performance.now() - this.started;
  }

  /** Current state (after edits) of every message this interaction created or edited, in order. */
  get replies(): FakeMessage[] {
    return this.messageIds.map((id) => this.store.messages.get(id)).filter((m): m is FakeMessage => !!m && !m.deleted);
  }

  /** Text of the replies only the invoking user can see. */
  ephemeralText(): string {
    return this.replies.filter((m) => m.ephemeral).map(messageText).join('\n');
  }

  /** Text of all replies. */
  text(): string {
    return this.replies.map(messageText).join('\n');
  }

  /** Resolves with the initial callback; rejects if none is accepted within the 3-second window. */
  response(): Promise<CallbackRecord> {
    if (this.callback) return Promise.resolve(this.callback);
    return new Promise((resolve, reject) => {
      const check = (): boolean => {
        if (this.callback) {
          resolve(this.callback);
          return true;
        }
        if (this.failure) {
          const why = this.failure === 'no-ack' ? `got no response within ${this.ackDeadlineMs} ms` : `failed: ${this.failure}`;
          reject(new Error(`interaction ${this.id} (${this.kind}) ${why}`));
          return true;
        }
        return false;
      };
      if (check()) return;
      const timer = setTimeout(() => {
        off();
        if (!check()) reject(new Error(`interaction ${this.id} (${this.kind}) got no response within ${this.ackDeadlineMs} ms`));
        // The fake marks the interaction failed when the window closes; this is only a fallback.
      }, Math.max(0, this.ackDeadlineMs - this.elapsedMs) + 50);
      timer.unref();
      const off = this.subscribe(() => {
        if (check()) {
          clearTimeout(timer);
          off();
        }
      });
    });
  }

  /**
   * Waits until the interaction has settled: acknowledged, a deferred reply replaced, the bot's
   * handler finished (when the bot says so: `handledByBot`), and no request tied to it (callback,
   * follow-up, @original edit) for `quietMs`. Rejects on failure or
   * after `timeoutMs`. Messages the bot posts through channel routes are not tied to the
   * interaction: wait for those with `fake.waitForMessage`.
   */
  done(opts: { timeoutMs?: number; quietMs?: number } = {}): Promise<this> {
    const timeoutMs = opts.timeoutMs ?? 10_000;
    const quietMs = opts.quietMs ?? 50;
    const deadline = performance.now() + timeoutMs;
    return new Promise((resolve, reject) => {
      const timer = setInterval(() => {
        if (this.failure) {
          clearInterval(timer);
          reject(new Error(`interaction ${this.id} (${this.kind}) failed: ${this.failure}`));
        } else if (this.callback && !this.loading && this.handledByBot !== false && performance.now() - this.lastActivity >= quietMs) {
          clearInterval(timer);
          resolve(this);
        } else if (performance.now() > deadline) {
          clearInterval(timer);
          const state = this.callback ? (this.loading ? 'deferred but never edited' : this.handledByBot === false ? 'its handler still running' : 'still active') : 'never acknowledged';
          reject(new Error(`interaction ${this.id} (${this.kind}) did not settle within ${timeoutMs} ms: ${state}`));
        }
      }, 10);
      timer.unref();
    });
  }

  // Internal bookkeeping, used by the REST handlers.

  acknowledge(callback: Omit<CallbackRecord, 'ms' | 'at'>): CallbackRecord {
    this.callback = { ...callback, at: Date.now(), ms: this.elapsedMs };
    this.touch();
    return this.callback;
  }

  reject(type: number | null, status: number, code: number): void {
    this.rejectedCallbacks.push({ type, status, code, ms: this.elapsedMs });
    this.touch();
  }

  fail(reason: string): void {
    if (!this.failure) this.failure = reason;
    this.touch();
  }

  markHandled(): void {
    this.handledByBot = true;
    this.touch();
  }

  addMessage(id: string): void {
    if (!this.messageIds.includes(id)) this.messageIds.push(id);
    this.touch();
  }

  touch(): void {
    this.lastActivity = performance.now();
    for (const listener of [...this.listeners]) listener();
  }

  private subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
