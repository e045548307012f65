// Shapes of what the fake Discord stores and exposes to tests. API payloads (embeds, components)
// are kept exactly as the bot sent them, as plain JSON.

export type JsonObject = Record<string, unknown>;

export interface FakeUser {
  readonly id: string;
  username: string;
  globalName: string | null;
  bot: boolean;
  /** The user's client language, sent as `locale` in their interactions. */
  locale: string;
  /** When true, messages to this user's DM channel fail with 50007 "Cannot send messages to this user". */
  dmClosed: boolean;
}

export interface FakeRole {
  readonly id: string;
  readonly guildId: string;
  name: string;
  permissions: bigint;
  position: number;
  managed: boolean;
  /** Set on the role Discord creates for a bot when it joins. */
  botId: string | null;
}

export interface FakeGuild {
  readonly id: string;
  name: string;
  ownerId: string;
  preferredLocale: string;
  readonly everyoneRoleId: string;
  readonly botRoleId: string;
  readonly joinedAt: string;
}

export interface FakeMember {
  readonly guildId: string;
  readonly userId: string;
  nick: string | null;
  roles: string[];
  readonly joinedAt: string;
}

export interface FakeThreadMetadata {
  archived: boolean;
  locked: boolean;
  autoArchiveDuration: number;
  archiveTimestamp: string;
  invitable: boolean;
  createTimestamp: string;
}

export interface FakeChannel {
  readonly id: string;
  /** Discord channel type: 0 text, 1 DM, 4 category, 5 announcement, 11 public thread, 12 private thread, 15 forum. */
  type: number;
  readonly guildId: string | null;
  name: string | null;
  parentId: string | null;
  position: number;
  topic: string | null;
  /** Whether the bot may create threads here (false denies CREATE_PUBLIC/PRIVATE_THREADS to the bot). */
  allowThreads: boolean;
  /** Whether the bot may create private threads here (false denies CREATE_PRIVATE_THREADS alone). */
  allowPrivateThreads: boolean;
  /** Whether the bot may post here (false denies SEND_MESSAGES / SEND_MESSAGES_IN_THREADS to the bot). */
  botCanSend: boolean;
  /** DM channels: the user on the other side of the bot. */
  recipientId: string | null;
  /** Threads: who created it. */
  ownerId: string | null;
  thread: FakeThreadMetadata | null;
  /** Threads: ids of users who joined it. */
  threadMemberIds: Set<string>;
  messageCount: number;
  lastMessageId: string | null;
  deleted: boolean;
  readonly createdAt: number;
}

export interface FakeAttachment {
  readonly id: string;
  filename: string;
  contentType: string | null;
  size: number;
  data: Buffer;
  description: string | null;
  /** Pixel size for PNG uploads, read from the IHDR chunk. */
  width: number | null;
  height: number | null;
  url: string;
}

export interface FakeMessage {
  readonly id: string;
  readonly channelId: string;
  readonly guildId: string | null;
  readonly authorId: string;
  /** Discord message type: 0 default, 19 reply, 20 chat input command response. */
  type: number;
  content: string;
  embeds: JsonObject[];
  components: JsonObject[];
  attachments: FakeAttachment[];
  flags: number;
  /** Ephemeral (flags & 64): seen only by `visibleTo`, never part of the channel's history. */
  readonly ephemeral: boolean;
  readonly visibleTo: string | null;
  /** The interaction whose response or follow-up created this message. */
  readonly interactionId: string | null;
  readonly webhookId: string | null;
  /** Users this message actually pings by name (the replied author included), after allowed_mentions. */
  mentionedUserIds: string[];
  /** Roles this message actually pings, after allowed_mentions. */
  mentionedRoleIds: string[];
  /** Whether it actually pings @everyone, after allowed_mentions. */
  mentionedEveryone: boolean;
  /** Whether it actually pings @here, after allowed_mentions. */
  mentionedHere: boolean;
  nonce: string | null;
  messageReference: JsonObject | null;
  /** A thread started from this message (its id equals the message id). */
  threadId: string | null;
  readonly createdAt: number;
  editedAt: number | null;
  /** How many edits have been applied. */
  revisions: number;
  deleted: boolean;
}

export interface Violation {
  /** Short machine-readable category, e.g. 'invalid-form-body', 'late-ack', 'double-ack', 'unknown-route'. */
  kind: string;
  message: string;
  at: number;
  method?: string;
  path?: string;
  interactionId?: string;
  details?: unknown;
}

export interface LoggedFile {
  field: string;
  filename: string;
  contentType: string | null;
  size: number;
}

export interface RequestLogEntry {
  readonly seq: number;
  readonly method: string;
  /** Path below the versioned API root, e.g. `/channels/123/messages`. */
  readonly path: string;
  /** Route template, e.g. `/channels/:channelId/messages`, or null when no route matched. */
  route: string | null;
  readonly query: Record<string, string>;
  /** Date.now() when the request body had been fully received. */
  readonly at: number;
  /** Parsed JSON body, or the parsed payload_json of a multipart body. */
  readonly body: unknown;
  readonly files: LoggedFile[];
  /** The token after `Bot `, when an Authorization header was sent. */
  readonly token: string | null;
  status: number;
  /** The error body returned, if any. */
  error: unknown;
  /** True when the response was produced by failNext(). */
  injected: boolean;
  interactionId: string | null;
}

export interface FailureRule {
  method?: string;
  route?: RegExp;
  status: 429 | 500 | 502;
  /** Seconds, for 429 (Retry-After header and retry_after field). Default 0.2. */
  retryAfter?: number;
  /** Mark the 429 as a global rate limit. */
  global?: boolean;
  /** How many matching requests fail. Default 1. */
  count?: number;
}

export interface CommandOptionDefinition extends JsonObject {
  type: number;
  name: string;
  description?: string;
  required?: boolean;
  autocomplete?: boolean;
  choices?: { name: string; value: string | number }[];
  options?: CommandOptionDefinition[];
}

export interface StoredCommand extends JsonObject {
  id: string;
  application_id: string;
  version: string;
  type: number;
  name: string;
  description: string;
  options?: CommandOptionDefinition[];
  guild_id?: string;
}
