// The fake's world: users, guilds, roles, members, channels, threads, messages and commands,
// with Discord's permission arithmetic. store.ts adds their API v10 JSON shapes.

import { ComponentType, MessageFlag, isObject } from './limits.js';
import { NO_PINGS, pingFields, resolvePings, type Pings } from './mentions.js';
import { SnowflakeFactory } from './snowflake.js';
import type {
  FakeAttachment,
  FakeChannel,
  FakeGuild,
  FakeMember,
  FakeMessage,
  FakeRole,
  FakeUser,
  JsonObject,
  StoredCommand,
} from './types.js';

export const Permission = {
  CreateInstantInvite: 1n << 0n,
  Administrator: 1n << 3n,
  AddReactions: 1n << 6n,
  ViewChannel: 1n << 10n,
  SendMessages: 1n << 11n,
  ManageMessages: 1n << 13n,
  EmbedLinks: 1n << 14n,
  AttachFiles: 1n << 15n,
  ReadMessageHistory: 1n << 16n,
  UseExternalEmojis: 1n << 18n,
  ChangeNickname: 1n << 26n,
  UseApplicationCommands: 1n << 31n,
  ManageThreads: 1n << 34n,
  CreatePublicThreads: 1n << 35n,
  CreatePrivateThreads: 1n << 36n,
  SendMessagesInThreads: 1n << 38n,
  UseExternalApps: 1n << 50n,
} as const;

const EVERYONE_PERMISSIONS =
  Permission.CreateInstantInvite | Permission.AddReactions | Permission.ViewChannel | Permission.SendMessages |
  Permission.EmbedLinks | Permission.AttachFiles | Permission.ReadMessageHistory | Permission.UseExternalEmojis |
  Permission.ChangeNickname | Permission.UseApplicationCommands | Permission.CreatePublicThreads |
  Permission.CreatePrivateThreads | Permission.SendMessagesInThreads | Permission.UseExternalApps;
const BOT_ROLE_PERMISSIONS = EVERYONE_PERMISSIONS | Permission.ManageThreads | Permission.ManageMessages;
const ALL_PERMISSIONS = (1n << 53n) - 1n;
/** What Discord reports as app_permissions in a DM with the bot. */
const DM_PERMISSIONS =
  Permission.AddReactions | Permission.ViewChannel | Permission.SendMessages | Permission.EmbedLinks |
  Permission.AttachFiles | Permission.ReadMessageHistory | Permission.UseExternalEmojis | Permission.UseApplicationCommands;

export const ChannelType = {
  GuildText: 0,
  DM: 1,
  GuildVoice: 2,
  GuildCategory: 4,
  GuildAnnouncement: 5,
  AnnouncementThread: 10,
  PublicThread: 11,
  PrivateThread: 12,
  GuildForum: 15,
} as const;

export function isThread(channel: FakeChannel): boolean {
  return channel.type === 10 || channel.type === 11 || channel.type === 12;
}

export function isTextBased(channel: FakeChannel): boolean {
  return channel.type === 0 || channel.type === 1 || channel.type === 5 || isThread(channel) || channel.type === 2;
}

/** Everything a user would read in a message: content, embed text and components v2 text displays. */
export function messageText(message: FakeMessage): string {
  const parts: string[] = [];
  if (message.content) parts.push(message.content);
  for (const embed of message.embeds) {
    for (const key of ['title', 'description'] as const) if (typeof embed[key] === 'string') parts.push(embed[key]);
    if (Array.isArray(embed.fields)) {
      for (const field of embed.fields) if (isObject(field)) parts.push(`${String(field.name)}: ${String(field.value)}`);
    }
    if (isObject(embed.footer) && typeof embed.footer.text === 'string') parts.push(embed.footer.text);
  }
  const walk = (components: unknown[]): void => {
    for (const c of components) {
      if (!isObject(c)) continue;
      if (c.type === ComponentType.TextDisplay && typeof c.content === 'string') parts.push(c.content);
      if (Array.isArray(c.components)) walk(c.components);
    }
  };
  walk(message.components);
  return parts.join('\n');
}

/** Reads width and height from a PNG's IHDR chunk. */
function pngSize(data: Buffer): { width: number; height: number } | null {
  const signature = '89504e470d0a1a0a';
  if (data.length < 24 || data.subarray(0, 8).toString('hex') !== signature) return null;
  return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
}

export interface UploadedFile {
  field: string;
  filename: string;
  contentType: string | null;
  data: Buffer;
}

export interface NewMessage {
  channel: FakeChannel;
  authorId: string;
  body: JsonObject;
  files: UploadedFile[];
  type?: number;
  ephemeralFor?: string | null;
  interactionId?: string | null;
  webhookId?: string | null;
  extraFlags?: number;
}

export type MessageListener = (message: FakeMessage, change: 'create' | 'update' | 'delete') => void;

export class World {
  readonly ids = new SnowflakeFactory();
  readonly users = new Map<string, FakeUser>();
  readonly guilds = new Map<string, FakeGuild>();
  readonly roles = new Map<string, FakeRole>();
  readonly members = new Map<string, Map<string, FakeMember>>();
  readonly channels = new Map<string, FakeChannel>();
  readonly messages = new Map<string, FakeMessage>();
  private readonly channelOrder = new Map<string, string[]>();
  private readonly dmByUser = new Map<string, string>();
  readonly globalCommands: StoredCommand[] = [];
  readonly guildCommands = new Map<string, StoredCommand[]>();
  /** Per-message extra data Discord returns (interaction metadata). */
  readonly interactionMetadata = new Map<string, JsonObject>();
  private readonly listeners = new Set<MessageListener>();
  readonly botUser: FakeUser;
  baseUrl = '';

  constructor(botUsername: string) {
    this.botUser = this.addUser({ username: botUsername, bot: true });
  }

  get applicationId(): string {
    return this.botUser.id;
  }

  onMessage(listener: MessageListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  notify(message: FakeMessage, change: 'create' | 'update' | 'delete'): void {
    for (const listener of this.listeners) listener(message, change);
  }

  // -------------------------------------------------------------------------------------------
  // Entities

  addUser(opts: { username: string; bot?: boolean; globalName?: string | null; locale?: string }): FakeUser {
    const user: FakeUser = {
      id: this.ids.next(),
      username: opts.username,
      globalName: opts.globalName ?? null,
      bot: opts.bot ?? false,
      locale: opts.locale ?? 'en-US',
      dmClosed: false,
    };
    this.users.set(user.id, user);
    return user;
  }

  addGuild(opts: { name: string; ownerId: string; id: string; preferredLocale?: string }): FakeGuild {
    const guild: FakeGuild = {
      id: opts.id,
      name: opts.name,
      ownerId: opts.ownerId,
      preferredLocale: opts.preferredLocale ?? 'en-US',
      everyoneRoleId: opts.id,
      botRoleId: this.ids.next(),
      joinedAt: new Date().toISOString(),
    };
    this.guilds.set(guild.id, guild);
    this.roles.set(guild.id, { id: guild.id, guildId: guild.id, name: '@everyone', permissions: EVERYONE_PERMISSIONS, position: 0, managed: false, botId: null });
    this.roles.set(guild.botRoleId, { id: guild.botRoleId, guildId: guild.id, name: this.botUser.username, permissions: BOT_ROLE_PERMISSIONS, position: 1, managed: true, botId: this.botUser.id });
    this.members.set(guild.id, new Map());
    this.addMember(guild.id, this.botUser.id, [guild.botRoleId]);
    if (opts.ownerId !== this.botUser.id) this.addMember(guild.id, opts.ownerId, []);
    return guild;
  }

  addMember(guildId: string, userId: string, roles: string[] = [], nick: string | null = null): FakeMember {
    const member: FakeMember = { guildId, userId, nick, roles, joinedAt: new Date().toISOString() };
    this.guildMembers(guildId).set(userId, member);
    return member;
  }

  guildMembers(guildId: string): Map<string, FakeMember> {
    const members = this.members.get(guildId);
    if (!members) throw new Error(`unknown guild ${guildId}`);
    return members;
  }

  member(guildId: string, userId: string): FakeMember | undefined {
    return this.members.get(guildId)?.get(userId);
  }

  guildRoles(guildId: string): FakeRole[] {
    return [...this.roles.values()].filter((r) => r.guildId === guildId);
  }

  addRole(guildId: string, opts: { name: string; permissions?: bigint }): FakeRole {
    if (!this.guilds.has(guildId)) throw new Error(`unknown guild ${guildId}`);
    const position = Math.max(...this.guildRoles(guildId).map((r) => r.position)) + 1;
    const role: FakeRole = { id: this.ids.next(), guildId, name: opts.name, permissions: opts.permissions ?? 0n, position, managed: false, botId: null };
    this.roles.set(role.id, role);
    return role;
  }

  addChannel(init: Partial<FakeChannel> & { type: number; guildId: string | null }): FakeChannel {
    const channel: FakeChannel = {
      id: init.id ?? this.ids.next(),
      type: init.type,
      guildId: init.guildId,
      name: init.name ?? null,
      parentId: init.parentId ?? null,
      position: init.position ?? this.guildChannels(init.guildId).length,
      topic: init.topic ?? null,
      allowThreads: init.allowThreads ?? true,
      allowPrivateThreads: init.allowPrivateThreads ?? true,
      botCanSend: init.botCanSend ?? true,
      recipientId: init.recipientId ?? null,
      ownerId: init.ownerId ?? null,
      thread: init.thread ?? null,
      threadMemberIds: init.threadMemberIds ?? new Set(),
      messageCount: 0,
      lastMessageId: null,
      deleted: false,
      createdAt: Date.now(),
    };
    this.channels.set(channel.id, channel);
    this.channelOrder.set(channel.id, []);
    return channel;
  }

  guildChannels(guildId: string | null): FakeChannel[] {
    if (guildId === null) return [];
    return [...this.channels.values()].filter((c) => c.guildId === guildId && !c.deleted && !isThread(c));
  }

  activeThreads(guildId: string): FakeChannel[] {
    return [...this.channels.values()].filter((c) => c.guildId === guildId && !c.deleted && isThread(c) && !c.thread?.archived);
  }

  threadsOf(parentId: string): FakeChannel[] {
    return [...this.channels.values()].filter((c) => c.parentId === parentId && isThread(c) && !c.deleted);
  }

  /** The DM channel between the bot and `userId`, created on first use like POST /users/@me/channels. */
  dmChannel(userId: string): FakeChannel {
    const existing = this.dmByUser.get(userId);
    if (existing) return this.channels.get(existing)!;
    const channel = this.addChannel({ type: ChannelType.DM, guildId: null, recipientId: userId, position: 0 });
    this.dmByUser.set(userId, channel.id);
    return channel;
  }

  // -------------------------------------------------------------------------------------------
  // Permissions (role permissions, then channel overwrites; threads use their parent's overwrites)

  permissionsFor(userId: string, channel: FakeChannel): bigint {
    if (channel.guildId === null) return DM_PERMISSIONS;
    const guild = this.guilds.get(channel.guildId);
    const member = this.member(channel.guildId, userId);
    if (!guild || !member) return 0n;
    if (guild.ownerId === userId) return ALL_PERMISSIONS;
    let permissions = this.roles.get(guild.everyoneRoleId)?.permissions ?? 0n;
    for (const roleId of member.roles) permissions |= this.roles.get(roleId)?.permissions ?? 0n;
    if (permissions & Permission.Administrator) return ALL_PERMISSIONS;
    for (const overwrite of this.overwrites(channel)) {
      const applies = overwrite.id === guild.everyoneRoleId || overwrite.id === userId || member.roles.includes(overwrite.id);
      if (applies) permissions = (permissions & ~BigInt(overwrite.deny)) | BigInt(overwrite.allow);
    }
    // A private thread is seen by its members, and by those who may manage threads.
    if (channel.type === ChannelType.PrivateThread && !channel.threadMemberIds.has(userId) && (permissions & Permission.ManageThreads) === 0n) {
      permissions &= ~Permission.ViewChannel;
    }
    return permissions;
  }

  /** Permission overwrites derived from the channel's switches (allowThreads, allowPrivateThreads, botCanSend). */
  overwrites(channel: FakeChannel): { id: string; type: number; allow: string; deny: string }[] {
    const source = isThread(channel) && channel.parentId ? this.channels.get(channel.parentId) ?? channel : channel;
    const guild = source.guildId ? this.guilds.get(source.guildId) : undefined;
    if (!guild) return [];
    const result: { id: string; type: number; allow: string; deny: string }[] = [];
    if (!source.allowThreads) {
      result.push({ id: guild.everyoneRoleId, type: 0, allow: '0', deny: String(Permission.CreatePublicThreads | Permission.CreatePrivateThreads) });
      result.push({ id: guild.botRoleId, type: 0, allow: '0', deny: String(Permission.CreatePublicThreads | Permission.CreatePrivateThreads) });
    }
    if (source.allowThreads && !source.allowPrivateThreads) {
      result.push({ id: guild.botRoleId, type: 0, allow: '0', deny: String(Permission.CreatePrivateThreads) });
    }
    if (!source.botCanSend) {
      result.push({ id: this.botUser.id, type: 1, allow: '0', deny: String(Permission.SendMessages | Permission.SendMessagesInThreads) });
    }
    return result;
  }

  // -------------------------------------------------------------------------------------------
  // Messages

  channelMessages(channelId: string): FakeMessage[] {
    return (this.channelOrder.get(channelId) ?? []).map((id) => this.messages.get(id)!).filter((m) => !m.deleted);
  }

  createMessage(input: NewMessage): FakeMessage {
    const flags = (typeof input.body.flags === 'number' ? input.body.flags : 0) | (input.extraFlags ?? 0);
    const ephemeralFor = input.ephemeralFor ?? null;
    const id = this.ids.next();
    const message: FakeMessage = {
      id,
      channelId: input.channel.id,
      guildId: input.channel.guildId,
      authorId: input.authorId,
      type: input.type ?? 0,
      content: typeof input.body.content === 'string' ? input.body.content : '',
      embeds: Array.isArray(input.body.embeds) ? (input.body.embeds as JsonObject[]) : [],
      components: Array.isArray(input.body.components) ? (input.body.components as JsonObject[]) : [],
      attachments: this.resolveAttachments(input.channel.id, [], input.body.attachments, input.files),
      flags: ephemeralFor ? flags | MessageFlag.Ephemeral : flags & ~MessageFlag.Ephemeral,
      ephemeral: ephemeralFor !== null,
      visibleTo: ephemeralFor,
      interactionId: input.interactionId ?? null,
      webhookId: input.webhookId ?? null,
      ...pingFields(NO_PINGS),
      nonce: typeof input.body.nonce === 'string' || typeof input.body.nonce === 'number' ? String(input.body.nonce) : null,
      messageReference: isObject(input.body.message_reference) ? input.body.message_reference : null,
      threadId: null,
      createdAt: Date.now(),
      editedAt: null,
      revisions: 0,
      deleted: false,
    };
    Object.assign(message, pingFields(this.pings(message, input.body.allowed_mentions)));
    this.messages.set(id, message);
    this.channelOrder.get(input.channel.id)?.push(id);
    if (!message.ephemeral) {
      input.channel.lastMessageId = id;
      input.channel.messageCount += 1;
    }
    this.notify(message, 'create');
    return message;
  }

  /** Applies a PATCH body: present keys replace, null clears, `attachments` lists what is kept. */
  editMessage(message: FakeMessage, body: JsonObject, files: UploadedFile[]): FakeMessage {
    if ('content' in body) message.content = typeof body.content === 'string' ? body.content : '';
    if ('embeds' in body) message.embeds = Array.isArray(body.embeds) ? (body.embeds as JsonObject[]) : [];
    if ('components' in body) message.components = Array.isArray(body.components) ? (body.components as JsonObject[]) : [];
    if ('attachments' in body || files.length > 0) {
      message.attachments = this.resolveAttachments(message.channelId, message.attachments, body.attachments, files);
    }
    if (typeof body.flags === 'number') {
      // Only SUPPRESS_EMBEDS and IS_COMPONENTS_V2 can change on edit.
      const mutable = MessageFlag.SuppressEmbeds | MessageFlag.IsComponentsV2;
      message.flags = (message.flags & ~mutable) | (body.flags & mutable);
    }
    if ('content' in body || 'allowed_mentions' in body) Object.assign(message, pingFields(this.pings(message, body.allowed_mentions)));
    message.flags &= ~MessageFlag.Loading;
    message.editedAt = Date.now();
    message.revisions += 1;
    this.notify(message, 'update');
    return message;
  }

  deleteMessage(message: FakeMessage): void {
    message.deleted = true;
    this.notify(message, 'delete');
  }

  private resolveAttachments(
    channelId: string,
    existing: FakeAttachment[],
    listed: unknown,
    files: UploadedFile[],
  ): FakeAttachment[] {
    const uploaded = (file: UploadedFile, description: string | null): FakeAttachment => {
      const id = this.ids.next();
      const size = pngSize(file.data);
      return {
        id,
        filename: file.filename,
        contentType: file.contentType,
        size: file.data.length,
        data: file.data,
        description,
        width: size?.width ?? null,
        height: size?.height ?? null,
        url: `${this.baseUrl}/attachments/${channelId}/${id}/${encodeURIComponent(file.filename)}`,
      };
    };
    const fileByIndex = new Map<string, UploadedFile>();
    for (const file of files) {
      const match = /^files\[(\d+)\]$/.exec(file.field) ?? /^file(\d*)$/.exec(file.field);
      fileByIndex.set(match?.[1] || '0', file);
    }
    if (!Array.isArray(listed)) {
      // No attachments array: keep what exists and add every upload.
      return [...existing, ...files.map((f) => uploaded(f, null))];
    }
    const result: FakeAttachment[] = [];
    const used = new Set<UploadedFile>();
    for (const entry of listed) {
      if (!isObject(entry)) continue;
      const id = String(entry.id);
      const kept = existing.find((a) => a.id === id);
      const description = typeof entry.description === 'string' ? entry.description : null;
      if (kept) {
        result.push(kept);
      } else if (fileByIndex.has(id)) {
        const file = fileByIndex.get(id)!;
        used.add(file);
        const attachment = uploaded(file, description);
        if (typeof entry.filename === 'string') attachment.filename = entry.filename;
        result.push(attachment);
      }
    }
    for (const file of files) if (!used.has(file)) result.push(uploaded(file, null));
    return result;
  }

  /** What a message pings: the mentions in its content that allowed_mentions lets through (mentions.ts). */
  private pings(message: FakeMessage, allowed: unknown): Pings {
    const guild = message.guildId ? this.guilds.get(message.guildId) : undefined;
    const repliedId = message.messageReference?.message_id;
    return resolvePings({
      content: message.content,
      allowedMentions: allowed,
      authorId: message.authorId,
      repliedAuthorId: typeof repliedId === 'string' ? this.messages.get(repliedId)?.authorId ?? null : null,
      isUser: (id) => this.users.has(id),
      guildRoleIds: guild ? new Set(this.guildRoles(guild.id).map((r) => r.id).filter((id) => id !== guild.everyoneRoleId)) : null,
    });
  }
}
