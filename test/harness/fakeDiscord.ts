// A fake Discord (REST API v10 + gateway) on 127.0.0.1 for end-to-end tests with the real
// discord.js client:
//
//   const fake = await FakeDiscord.start();
//   const client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: fake.apiUrl } });
//   await client.login(fake.botToken);
//
// `fake.apiUrl` is `http://127.0.0.1:PORT/api`: @discordjs/rest appends `/v10` itself, and the client
// finds the gateway (`ws://127.0.0.1:PORT/gateway`) through GET /api/v10/gateway/bot.
//
// Tests act as users (slashCommand, clickButton, ...), read what the bot produced (messages,
// threads, DM inboxes, interaction records) and assert `fake.violations` is empty: every broken
// Discord rule (limits, 3-second window, double acknowledgement, unknown routes) lands there.

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FakeDiscordOptions, Harness, ResolvedOptions } from './context.js';
import { GatewayEvents } from './events.js';
import { Gateway, Intent, type GatewaySession } from './gateway.js';
import { validateCommands } from './interactionLimits.js';
import { InteractionRecord } from './interactions.js';
import { FormErrors, describeErrors } from './limits.js';
import { notifiedUserIds } from './mentions.js';
import { resolveContext, type CommandInput } from './payloads.js';
import { RestServer, type HoldRule, type RequestHold } from './rest.js';
import { registerAppRoutes } from './routesApp.js';
import { registerChannelRoutes, serveAttachment } from './routesChannels.js';
import { registerInteractionRoutes } from './routesInteractions.js';
import { FakeOAuth, registerOAuthRoutes } from './routesOAuth.js';
import { ChannelType, Permission, Store, isThread, messageText } from './store.js';
import {
  autocompleteInteraction,
  buttonInteraction,
  modalSubmitInteraction,
  selectInteraction,
  slashCommandInteraction,
  type AutocompleteInput,
  type BuiltInteraction,
  type ComponentInput,
  type ModalInput,
  type SelectInput,
 forgedComponentInteraction, forgedSlashCommandInteraction } from './userActions.js';
import type {
  FailureRule,
  FakeChannel,
  FakeGuild,
  FakeMember,
  FakeMessage,
  FakeRole,
  FakeUser,
  JsonObject,
  RequestLogEntry,
  StoredCommand,
  Violation,
} from './types.js';

export type { FakeDiscordOptions } from './context.js';
export type { CallbackRecord, InteractionKind } from './interactions.js';
export type { CommandInput } from './payloads.js';
export type { AutocompleteInput, ComponentInput, ModalInput, SelectInput } from './userActions.js';
export { InteractionRecord } from './interactions.js';
export { messageText } from './store.js';
export type { GatewaySession } from './gateway.js';
export type * from './types.js';

export interface AddChannelOptions {
  name: string;
  /** Discord channel type; default 0 (text). */
  type?: number;
  parentId?: string;
  topic?: string;
  /** false: the bot lacks CREATE_PUBLIC/PRIVATE_THREADS here (thread creation answers 403 50013). */
  allowThreads?: boolean;
  /** false: the bot lacks only CREATE_PRIVATE_THREADS here (public threads still work). */
  allowPrivateThreads?: boolean;
  /** false: the bot lacks SEND_MESSAGES here (posting answers 403 50013). */
  botCanSend?: boolean;
}

export class FakeDiscord {
  /** `http://127.0.0.1:PORT` */
  readonly url: string;
  /** `http://127.0.0.1:PORT/api`, the value for discord.js `rest.api` (DISCORD_API_URL). */
  readonly apiUrl: string;
  /** `ws://127.0.0.1:PORT/gateway`, as returned by GET /gateway/bot. */
  readonly gatewayUrl: string;
  /** The token tests should log in with (any `Bot <token>` is accepted unless strictToken). */
  readonly botToken: string;
  /** Every token the bot presented, over REST or the gateway. */
  readonly tokensSeen = new Set<string>();
  /** Broken Discord rules, in order. A passing end-to-end test ends with this empty. */
  readonly violations: Violation[] = [];
  readonly options: ResolvedOptions;

  /** OAuth2 for web logins: registered redirect URIs, the browser's logged-in user, codes and tokens (routesOAuth.ts). */
  readonly oauth: FakeOAuth;

  private readonly store: Store;
  private readonly gateway: Gateway;
  private readonly rest: RestServer;
  private readonly records = new Map<string, InteractionRecord>();
  private readonly events: GatewayEvents;
  private readonly timers = new Set<NodeJS.Timeout>();

  private constructor(private readonly server: Server, options: ResolvedOptions) {
    this.options = options;
    const { port } = server.address() as AddressInfo;
    this.url = `http://127.0.0.1:${port}`;
    this.apiUrl = `${this.url}/api`;
    this.gatewayUrl = `ws://127.0.0.1:${port}/gateway`;
    this.botToken = options.botToken;
    this.store = new Store(options.botUsername);
    this.store.baseUrl = this.url;
    const acceptToken = (token: string): boolean => {
      this.tokensSeen.add(token);
      return !options.strictToken || token === options.botToken;
    };
    this.gateway = new Gateway(this.store, {
      heartbeatIntervalMs: options.heartbeatIntervalMs,
      gatewayUrl: () => this.gatewayUrl,
      acceptToken,
      onViolation: (kind, message, details) => this.recordViolation({ kind, message, details }),
    });
    this.events = new GatewayEvents(this.store, this.gateway);
    this.rest = new RestServer({
      acceptToken,
      recordViolation: (v) => this.recordViolation(v),
      serveStatic: (path, res, query) => this.oauth.authorizePage(path, query, res) || serveAttachment(this.store, path, res),
    });
    const harness = this.harness();
    this.oauth = new FakeOAuth(harness);
    registerOAuthRoutes(this.rest, this.oauth);
    registerAppRoutes(this.rest, harness);
    registerInteractionRoutes(this.rest, harness);
    registerChannelRoutes(this.rest, harness);
    server.on('request', (req, res) => void this.rest.handle(req, res));
    server.on('upgrade', (req, socket, head: Buffer) => this.gateway.handleUpgrade(req, socket, head));
  }

  /** Starts the fake on 127.0.0.1 with a random free port. */
  static async start(options: FakeDiscordOptions = {}): Promise<FakeDiscord> {
    const server = createServer();
    server.keepAliveTimeout = options.keepAliveTimeoutMs ?? 1000;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    return new FakeDiscord(server, {
      shardCount: options.shardCount ?? 1,
      maxConcurrency: options.maxConcurrency ?? 16,
      botToken: options.botToken ?? 'test-token',
      strictToken: options.strictToken ?? false,
      botUsername: options.botUsername ?? 'Siege',
      heartbeatIntervalMs: options.heartbeatIntervalMs ?? 41_250,
      ackDeadlineMs: options.ackDeadlineMs ?? 3000,
      tokenLifetimeMs: options.tokenLifetimeMs ?? 15 * 60_000,
      maxFileBytes: options.maxFileBytes ?? 10 * 1024 * 1024,
      keepAliveTimeoutMs: options.keepAliveTimeoutMs ?? 1000,
      activity: options.activity ?? false,
    });
  }

  /** Closes every socket and the server. Destroy the discord.js clients first, or they keep reconnecting. */
  async stop(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await this.gateway.close();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  get applicationId(): string {
    return this.store.applicationId;
  }

  get botUser(): FakeUser {
    return this.store.botUser;
  }

  /** Every REST request, in arrival order (including refused and injected ones). */
  get requests(): RequestLogEntry[] {
    return this.rest.requests;
  }

  /** Every interaction sent, in order. */
  get interactions(): InteractionRecord[] {
    return [...this.records.values()];
  }

  /** Gateway sessions (one per IDENTIFY) with their shard, intents and connection state. */
  get sessions(): GatewaySession[] {
    return this.gateway.sessions;
  }

  /**
   * Set when the bot under test says when it has finished handling each interaction (an in-process
   * bot: test/helpers/scene.ts): `done()` then also waits for that, not only for a quiet spell,
   * so a follow-up sent after the first answer is never missed on a busy machine.
   */
  tracksHandling = false;

  /** The bot finished handling this interaction (its handler returned). */
  interactionHandled(id: string): void {
    this.records.get(id)?.markHandled();
  }

  /** Returns the violations so far and forgets them (for tests that provoke some on purpose). */
  takeViolations(): Violation[] {
    return this.violations.splice(0, this.violations.length);
  }

  // -------------------------------------------------------------------------------------------
  // World set-up

  addUser(opts: { username: string; bot?: boolean; globalName?: string; locale?: string }): FakeUser {
    return this.store.addUser(opts);
  }

  /**
   * Adds a guild the bot is in (with @everyone, the bot's managed role and an owner user). With
   * `shardId`, its id is picked so that (id >> 22) % options.shardCount === shardId.
   */
  addGuild(opts: { name: string; shardId?: number; ownerId?: string; locale?: string }): FakeGuild {
    const id = opts.shardId === undefined ? this.store.ids.next() : this.store.ids.nextForShard(opts.shardId, this.options.shardCount);
    const ownerId = opts.ownerId ?? this.store.addUser({ username: `${opts.name}-owner` }).id;
    const guild = this.store.addGuild({ id, name: opts.name, ownerId, ...(opts.locale ? { preferredLocale: opts.locale } : {}) });
    this.gateway.dispatch(guild.id, 'GUILD_CREATE', (s) => this.store.apiGuildCreate(guild, (s.intents & Intent.GuildMembers) !== 0));
    return guild;
  }

  addChannel(guildId: string, opts: AddChannelOptions): FakeChannel {
    if (!this.store.guilds.has(guildId)) throw new Error(`unknown guild ${guildId}`);
    const channel = this.store.addChannel({
      type: opts.type ?? ChannelType.GuildText,
      guildId,
      name: opts.name,
      parentId: opts.parentId ?? null,
      topic: opts.topic ?? null,
      allowThreads: opts.allowThreads ?? true,
      allowPrivateThreads: opts.allowPrivateThreads ?? true,
      botCanSend: opts.botCanSend ?? true,
    });
    this.events.channel('CHANNEL_CREATE', channel);
    return channel;
  }

  addMember(guildId: string, userId: string, opts: { nick?: string; roles?: string[] } = {}): FakeMember {
    if (!this.store.users.has(userId)) throw new Error(`unknown user ${userId}`);
    const member = this.store.addMember(guildId, userId, opts.roles ?? [], opts.nick ?? null);
    this.gateway.dispatch(guildId, 'GUILD_MEMBER_ADD', { ...this.store.apiMember(member), guild_id: guildId }, Intent.GuildMembers);
    return member;
  }

  /** A role members can be given (addMember's `roles`) and messages can mention as <@&id>. */
  addRole(guildId: string, opts: { name: string; permissions?: bigint }): FakeRole {
    const role = this.store.addRole(guildId, opts);
    this.gateway.dispatch(guildId, 'GUILD_ROLE_CREATE', { guild_id: guildId, role: this.store.apiRole(role) });
    return role;
  }

  /** The member leaves; GUILD_MEMBER_REMOVE goes to sessions with the GUILD_MEMBERS intent, as on Discord. */
  removeMember(guildId: string, userId: string): void {
    const members = this.store.guildMembers(guildId);
    if (!members.delete(userId)) throw new Error(`user ${userId} is not in guild ${guildId}`);
    for (const channel of this.store.channels.values()) if (channel.guildId === guildId) channel.threadMemberIds.delete(userId);
    this.gateway.dispatch(guildId, 'GUILD_MEMBER_REMOVE', { guild_id: guildId, user: this.store.apiUserById(userId) }, Intent.GuildMembers);
  }

  /** Deletes a channel or thread (and a channel's threads), dispatching CHANNEL_DELETE / THREAD_DELETE. */
  deleteChannel(channelId: string): void {
    const channel = this.store.channels.get(channelId);
    if (!channel || channel.deleted) throw new Error(`unknown channel ${channelId}`);
    channel.deleted = true;
    for (const thread of this.store.threadsOf(channelId)) thread.deleted = true;
    this.events.channel(isThread(channel) ? 'THREAD_DELETE' : 'CHANNEL_DELETE', channel);
  }

  /** Archives (or unarchives) a thread as Discord's auto-archive would; dispatches THREAD_UPDATE. */
  archiveThread(threadId: string, archived = true): void {
    const thread = this.store.channels.get(threadId);
    if (!thread?.thread) throw new Error(`${threadId} is not a thread`);
    thread.thread.archived = archived;
    thread.thread.archiveTimestamp = new Date().toISOString();
    this.events.channel('THREAD_UPDATE', thread);
  }

  /** The user's DM channel with the bot: the context for interactions outside guilds. */
  dmChannel(userId: string): FakeChannel {
    if (!this.store.users.has(userId)) throw new Error(`unknown user ${userId}`);
    return this.store.dmChannel(userId);
  }

  /** When closed, the bot's DMs to this user fail with 403 50007 "Cannot send messages to this user". */
  setDmClosed(userId: string, closed = true): void {
    const user = this.store.users.get(userId);
    if (!user) throw new Error(`unknown user ${userId}`);
    user.dmClosed = closed;
  }

  /** Registers commands as if the bot had deployed them (bulk overwrite), validated like the API does. */
  registerCommands(definitions: readonly object[], guildId?: string): StoredCommand[] {
    const commands = definitions as JsonObject[];
    const errors = new FormErrors();
    const list = guildId ? this.store.guildCommands.get(guildId) ?? [] : this.store.globalCommands;
    validateCommands(commands, errors, { global: !guildId, activity: this.options.activity, existing: list });
    if (!errors.empty) throw new Error(`invalid commands: ${describeErrors(errors.list)}`);
    const stored = commands.map((def) => ({
      ...def,
      id: list.find((c) => c.name === def.name)?.id ?? this.store.ids.next(),
      application_id: this.applicationId,
      version: this.store.ids.next(),
      type: typeof def.type === 'number' ? def.type : 1,
      name: String(def.name),
      description: String(def.description ?? ''),
      ...(guildId ? { guild_id: guildId } : {}),
    })) as StoredCommand[];
    list.splice(0, list.length, ...stored);
    if (guildId) this.store.guildCommands.set(guildId, list);
    return stored;
  }

  /** Registered commands: global ones, or a guild's. */
  commands(guildId?: string): StoredCommand[] {
    return guildId ? this.store.guildCommands.get(guildId) ?? [] : this.store.globalCommands;
  }

  // -------------------------------------------------------------------------------------------
  // Acting as users

  /** A user runs a slash command. Throws if a real user couldn't (unregistered command, bad options, ...). */
  async slashCommand(input: CommandInput): Promise<InteractionRecord> {
    return this.send(slashCommandInteraction(this.store, this.options.maxFileBytes, input));
  }

  /** A user types into an autocomplete option. */
  async autocomplete(input: AutocompleteInput): Promise<InteractionRecord> {
    return this.send(autocompleteInteraction(this.store, this.options.maxFileBytes, input));
  }

  /** A user presses a button. Throws unless the message shows this user an enabled button with that custom_id. */
  async clickButton(input: ComponentInput): Promise<InteractionRecord> {
    return this.send(buttonInteraction(this.store, this.options.maxFileBytes, input));
  }

  /** A user picks values in a select menu; the values must be valid picks for that menu. */
  async selectMenu(input: SelectInput): Promise<InteractionRecord> {
    return this.send(selectInteraction(this.store, this.options.maxFileBytes, input));
  }

  /** A forged component press (any custom_id and values): for fuzzing, beyond what Discord lets users do. */
  async forgeComponent(input: { messageId: string; userId: string; customId: string; values?: string[] }): Promise<InteractionRecord> {
    return this.send(forgedComponentInteraction(this.store, this.options.maxFileBytes, input));
  }

  /**
   * A forged slash command: options given raw (`{ type, name, value }`) with any types and values,
   * as a tampered client could send them. For fuzzing, beyond what Discord lets users do.
   */
  async forgeSlashCommand(input: { guildId?: string; channelId?: string; userId: string; name: string; group?: string; subcommand?: string; options: JsonObject[] }): Promise<InteractionRecord> {
    return this.send(forgedSlashCommandInteraction(this.store, this.options.maxFileBytes, input));
  }

  /** A user submits a modal the bot showed them. */
  async submitModal(input: ModalInput): Promise<InteractionRecord> {
    return this.send(modalSubmitInteraction(this.store, this.options.maxFileBytes, input, this.interactions));
  }

  /** A user posts a plain message (MESSAGE_CREATE goes to sessions with the message intents). */
  userMessage(opts: { channelId: string; userId: string; content: string }): FakeMessage {
    const ctx = resolveContext(this.store, { channelId: opts.channelId, userId: opts.userId });
    const message = this.store.createMessage({ channel: ctx.channel, authorId: opts.userId, body: { content: opts.content }, files: [] });
    this.events.message('MESSAGE_CREATE', message);
    return message;
  }

  // -------------------------------------------------------------------------------------------
  // Reading what the bot did

  message(messageId: string): FakeMessage | undefined {
    return this.store.messages.get(messageId);
  }

  /** A channel's messages (current state after edits), oldest first; ephemeral ones only when asked. */
  messages(channelId: string, opts: { includeEphemeral?: boolean } = {}): FakeMessage[] {
    return this.store.channelMessages(channelId).filter((m) => opts.includeEphemeral || !m.ephemeral);
  }

  /** What `userId` sees in a channel: public messages plus ephemeral ones meant for them. */
  visibleMessages(channelId: string, userId: string): FakeMessage[] {
    return this.store.channelMessages(channelId).filter((m) => !m.ephemeral || m.visibleTo === userId);
  }

  /**
   * Every user a message notifies, sorted: those it pings by name (mentionedUserIds), the members
   * of the roles it pings, and every member who can see the channel for @everyone or @here.
   */
  notifiedUserIds(message: FakeMessage): string[] {
    const channel = this.store.channels.get(message.channelId);
    const members = message.guildId ? [...this.store.guildMembers(message.guildId).values()] : [];
    const canSee = (userId: string) => !!channel && (this.store.permissionsFor(userId, channel) & Permission.ViewChannel) !== 0n;
    return notifiedUserIds(message, members, canSee);
  }

  /** Every message in every channel (including ephemeral and deleted ones), in creation order. */
  allMessages(): FakeMessage[] {
    return [...this.store.messages.values()];
  }

  /** Messages the bot sent to a user's DMs. */
  dmInbox(userId: string): FakeMessage[] {
    return this.store.channelMessages(this.store.dmChannel(userId).id);
  }

  /** Active (non-deleted) threads under a channel, oldest first. */
  threads(parentId: string): FakeChannel[] {
    return this.store.threadsOf(parentId);
  }

  channel(channelId: string): FakeChannel | undefined {
    return this.store.channels.get(channelId);
  }

  /** Resolves with the first existing or future (created or edited) non-deleted message matching `predicate`. */
  waitForMessage(predicate: (message: FakeMessage) => boolean, timeoutMs = 5000): Promise<FakeMessage> {
    const existing = [...this.store.messages.values()].find((m) => !m.deleted && predicate(m));
    if (existing) return Promise.resolve(existing);
    return new Promise((resolve, reject) => {
      const off = this.store.onMessage((message, change) => {
        if (change !== 'delete' && predicate(message)) {
          clearTimeout(timer);
          off();
          resolve(message);
        }
      });
      const timer = setTimeout(() => {
        off();
        const recent = [...this.store.messages.values()].slice(-5).map((m) => `[${m.id}] ${JSON.stringify(messageText(m).slice(0, 80))}`);
        reject(new Error(`no message matched within ${timeoutMs} ms; latest: ${recent.join(' | ') || 'none'}`));
      }, timeoutMs);
      timer.unref();
    });
  }

  /**
   * Waits (up to `timeoutMs`, default 5 s) until every interaction has been answered or has failed
   * and no deferred reply is still "thinking". Deferrals still open then are recorded as
   * 'deferral-never-completed'. Call before asserting that `violations` is empty.
   */
  async settle(opts: { timeoutMs?: number } = {}): Promise<void> {
    const deadline = Date.now() + (opts.timeoutMs ?? 5000);
    const pending = (): InteractionRecord[] => this.interactions.filter((r) => (!r.callback && !r.failure) || (r.loading && !r.failure));
    while (pending().length > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    for (const rec of pending()) {
      if (!rec.loading) continue;
      rec.fail('deferral-never-completed');
      this.recordViolation({
        kind: 'deferral-never-completed',
        interactionId: rec.id,
        message: `${rec.kind} interaction ${rec.id} was deferred but its reply was never edited or followed up (the user sees "thinking..." until it times out)`,
      });
    }
  }

  /** Resolves at the next READY or RESUMED sent to any session. */
  nextSessionReady(timeoutMs = 20_000): Promise<GatewaySession> {
    return new Promise((resolve, reject) => {
      const off = this.gateway.onSessionReady((session) => {
        clearTimeout(timer);
        off();
        resolve(session);
      });
      const timer = setTimeout(() => {
        off();
        reject(new Error(`no gateway session became ready within ${timeoutMs} ms`));
      }, timeoutMs);
      timer.unref();
    });
  }

  // -------------------------------------------------------------------------------------------
  // Fault injection

  /** The next `count` (default 1) requests matching method/route fail with 429 (Retry-After) or 5xx. */
  failNext(rule: FailureRule): void {
    this.rest.failNext(rule);
  }

  /**
   * The next request matching method/route is held unanswered until `release()` (a slow Discord,
   * or one that never answers a process killed meanwhile): tests use it to place a request
   * exactly between two others, or a kill exactly before a request completes.
   */
  holdNext(rule: HoldRule): RequestHold {
    return this.rest.holdNext(rule);
  }

  /**
   * Closes every gateway socket. By default with code 4000 and the sessions kept, so discord.js
   * RESUMEs and gets the missed events replayed. `resumable: false` invalidates the sessions (the
   * client re-identifies); `viaReconnectOpcode` sends op 7 instead of closing.
   */
  dropGatewayConnections(opts: { code?: number; resumable?: boolean; viaReconnectOpcode?: boolean } = {}): void {
    this.gateway.drop(opts);
  }

  // -------------------------------------------------------------------------------------------
  // Internals

  private send({ ctx, payload, init }: BuiltInteraction): InteractionRecord {
    const rec = new InteractionRecord(this.store, {
      ...init,
      userId: ctx.user.id,
      guildId: ctx.guildId,
      channelId: ctx.channel.id,
      payload,
      ackDeadlineMs: this.options.ackDeadlineMs,
      tokenLifetimeMs: this.options.tokenLifetimeMs,
    });
    if (this.tracksHandling) rec.handledByBot = false;
    this.records.set(rec.id, rec);
    rec.deliveredTo = this.gateway.dispatch(ctx.guildId, 'INTERACTION_CREATE', payload, null).length;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (rec.callback || rec.failure) return;
      rec.fail('no-ack');
      this.recordViolation({
        kind: 'no-ack',
        interactionId: rec.id,
        message: `${rec.kind} interaction ${rec.id} got no initial response within ${rec.ackDeadlineMs} ms ("This interaction failed")${rec.deliveredTo === 0 ? '; no connected gateway session received it' : ''}`,
      });
    }, this.options.ackDeadlineMs);
    timer.unref();
    this.timers.add(timer);
    return rec;
  }

  private recordViolation(violation: Omit<Violation, 'at'>): void {
    if (violation.kind === 'late-ack' && violation.interactionId) {
      // A late callback upgrades the "no response" violation recorded when the window closed.
      const earlier = this.violations.find((v) => v.kind === 'no-ack' && v.interactionId === violation.interactionId);
      if (earlier) {
        Object.assign(earlier, violation);
        return;
      }
    }
    this.violations.push({ ...violation, at: Date.now() });
  }

  private harness(): Harness {
    return {
      store: this.store,
      gateway: this.gateway,
      options: this.options,
      interactions: this.records,
      gatewayUrl: this.gatewayUrl,
      recordViolation: (v) => this.recordViolation(v),
      messageEvent: (t, m) => this.events.message(t, m),
      channelEvent: (t, c, extra) => this.events.channel(t, c, extra),
    };
  }
}
