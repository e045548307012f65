// Channel routes: messages, threads, thread members, DM channels; and the attachment URLs.

import type { ServerResponse } from 'node:http';
import { checkOutgoingMessage, type Harness } from './context.js';
import { FormErrors, MessageFlag, describeErrors, isObject } from './limits.js';
import { ApiError, type RestServer, type RouteContext } from './rest.js';
import { ChannelType, Permission, isTextBased, isThread, type Store } from './store.js';
import type { FakeChannel, FakeMessage, JsonObject } from './types.js';

const ARCHIVE_DURATIONS = [60, 1440, 4320, 10080];
/** How long Discord remembers an enforce_nonce nonce. */
const NONCE_WINDOW_MS = 5 * 60_000;

export function registerChannelRoutes(rest: RestServer, h: Harness): void {
  rest.add('POST', '/users/@me/channels', (ctx) => {
    const body = isObject(ctx.body) ? ctx.body : {};
    const recipient = typeof body.recipient_id === 'string' ? h.store.users.get(body.recipient_id) : undefined;
    if (!recipient) throw new ApiError(400, 50035, 'Invalid Form Body', { errors: [{ path: ['recipient_id'], code: 'NUMBER_TYPE_COERCE', message: 'Unknown user' }] });
    return { status: 200, body: h.store.apiChannel(h.store.dmChannel(recipient.id)) };
  });

  rest.add('GET', '/channels/:channelId', (ctx) => ({ status: 200, body: h.store.apiChannel(channelOr404(h, ctx.params.channelId!)) }));
  rest.add('PATCH', '/channels/:channelId', (ctx) => patchChannel(h, ctx));
  rest.add('DELETE', '/channels/:channelId', (ctx) => {
    const channel = channelOr404(h, ctx.params.channelId!);
    const needed = isThread(channel) ? Permission.ManageThreads : 1n << 4n;
    requirePermission(h, channel, needed);
    channel.deleted = true;
    h.channelEvent(isThread(channel) ? 'THREAD_DELETE' : 'CHANNEL_DELETE', channel);
    return { status: 200, body: h.store.apiChannel(channel) };
  });

  rest.add('GET', '/channels/:channelId/messages', (ctx) => {
    const channel = channelOr404(h, ctx.params.channelId!);
    const limit = Math.min(100, Math.max(1, Number(ctx.query.get('limit') ?? 50)));
    let list = h.store.channelMessages(channel.id).filter((m) => !m.ephemeral);
    const before = ctx.query.get('before');
    const after = ctx.query.get('after');
    if (before) list = list.filter((m) => BigInt(m.id) < BigInt(before));
    if (after) list = list.filter((m) => BigInt(m.id) > BigInt(after));
    list = after ? list.slice(0, limit) : list.slice(-limit);
    return { status: 200, body: list.reverse().map((m) => h.store.apiMessage(m)) };
  });
  rest.add('POST', '/channels/:channelId/messages', (ctx) => createChannelMessage(h, ctx));
  rest.add('GET', '/channels/:channelId/messages/:messageId', (ctx) => ({ status: 200, body: h.store.apiMessage(channelMessageOr404(h, ctx)) }));
  rest.add('PATCH', '/channels/:channelId/messages/:messageId', (ctx) => {
    const message = channelMessageOr404(h, ctx);
    if (message.authorId !== h.store.botUser.id) throw new ApiError(403, 50005, 'Cannot edit a message authored by another user');
    const body = checkOutgoingMessage(h, ctx.body, ctx.files, { prefix: [], creating: false, current: message });
    h.store.editMessage(message, body, ctx.files);
    h.messageEvent('MESSAGE_UPDATE', message);
    return { status: 200, body: h.store.apiMessage(message) };
  });
  rest.add('DELETE', '/channels/:channelId/messages/:messageId', (ctx) => {
    const message = channelMessageOr404(h, ctx);
    const channel = channelOr404(h, message.channelId);
    if (message.authorId !== h.store.botUser.id) requirePermission(h, channel, Permission.ManageMessages);
    h.store.deleteMessage(message);
    h.messageEvent('MESSAGE_DELETE', message);
    return { status: 204 };
  });
  rest.add('PUT', '/channels/:channelId/messages/:messageId/reactions/:emoji/@me', (ctx) => {
    channelMessageOr404(h, ctx);
    return { status: 204 };
  });
  rest.add('POST', '/channels/:channelId/typing', (ctx) => {
    channelOr404(h, ctx.params.channelId!);
    return { status: 204 };
  });

  rest.add('POST', '/channels/:channelId/threads', (ctx) => createThread(h, ctx, null));
  rest.add('POST', '/channels/:channelId/messages/:messageId/threads', (ctx) => createThread(h, ctx, channelMessageOr404(h, ctx)));
  rest.add('GET', '/channels/:channelId/thread-members', (ctx) => {
    const thread = threadOr400(h, ctx.params.channelId!);
    return { status: 200, body: [...thread.threadMemberIds].map((id) => h.store.apiThreadMember(thread, id)) };
  });
  rest.add('GET', '/channels/:channelId/thread-members/:userId', (ctx) => {
    const thread = threadOr400(h, ctx.params.channelId!);
    const userId = ctx.params.userId === '@me' ? h.store.botUser.id : ctx.params.userId!;
    if (!thread.threadMemberIds.has(userId)) throw new ApiError(404, 10007, 'Unknown Member');
    return { status: 200, body: h.store.apiThreadMember(thread, userId) };
  });
  rest.add('PUT', '/channels/:channelId/thread-members/:userId', (ctx) => {
    const thread = threadOr400(h, ctx.params.channelId!);
    const userId = ctx.params.userId === '@me' ? h.store.botUser.id : ctx.params.userId!;
    if (!h.store.users.has(userId)) throw new ApiError(404, 10013, 'Unknown User');
    if (!h.store.member(thread.guildId!, userId)) throw new ApiError(404, 10007, 'Unknown Member');
    if (thread.thread?.archived) throw new ApiError(400, 50083, 'Thread is archived');
    thread.threadMemberIds.add(userId);
    return { status: 204 };
  });
  rest.add('DELETE', '/channels/:channelId/thread-members/:userId', (ctx) => {
    const thread = threadOr400(h, ctx.params.channelId!);
    thread.threadMemberIds.delete(ctx.params.userId === '@me' ? h.store.botUser.id : ctx.params.userId!);
    return { status: 204 };
  });
}

/** Serves uploaded files at the attachment URLs the fake hands out (`/attachments/:channel/:id/:name`). */
export function serveAttachment(store: Store, path: string, res: ServerResponse): boolean {
  const match = /^\/attachments\/(\d+)\/(\d+)\//.exec(path);
  if (!match) return false;
  for (const message of store.messages.values()) {
    const attachment = message.channelId === match[1] ? message.attachments.find((a) => a.id === match[2]) : undefined;
    if (attachment) {
      res.writeHead(200, { 'Content-Type': attachment.contentType ?? 'application/octet-stream', 'Content-Length': attachment.size });
      res.end(attachment.data);
      return true;
    }
  }
  return false;
}

export function channelOr404(h: Harness, channelId: string): FakeChannel {
  const channel = h.store.channels.get(channelId);
  if (!channel || channel.deleted) throw new ApiError(404, 10003, 'Unknown Channel');
  return channel;
}

function threadOr400(h: Harness, channelId: string): FakeChannel {
  const channel = channelOr404(h, channelId);
  if (!isThread(channel)) throw new ApiError(400, 50024, 'Cannot execute action on this channel type');
  return channel;
}

function channelMessageOr404(h: Harness, ctx: RouteContext): FakeMessage {
  channelOr404(h, ctx.params.channelId!);
  const message = h.store.messages.get(ctx.params.messageId!);
  // Ephemeral messages are not part of the channel's history.
  if (!message || message.deleted || message.ephemeral || message.channelId !== ctx.params.channelId) {
    throw new ApiError(404, 10008, 'Unknown Message');
  }
  return message;
}

function requirePermission(h: Harness, channel: FakeChannel, permission: bigint): void {
  const permissions = h.store.permissionsFor(h.store.botUser.id, channel);
  if ((permissions & Permission.ViewChannel) === 0n) throw new ApiError(403, 50001, 'Missing Access');
  if ((permissions & permission) === 0n) throw new ApiError(403, 50013, 'Missing Permissions');
}

function createChannelMessage(h: Harness, ctx: RouteContext): { status: number; body: unknown } {
  const channel = channelOr404(h, ctx.params.channelId!);
  if (!isTextBased(channel)) throw new ApiError(400, 50008, 'Cannot send messages in a non-text channel');
  if (channel.type === ChannelType.DM) {
    const recipient = channel.recipientId ? h.store.users.get(channel.recipientId) : undefined;
    if (!recipient || recipient.bot || recipient.dmClosed) throw new ApiError(403, 50007, 'Cannot send messages to this user');
  } else {
    requirePermission(h, channel, isThread(channel) ? Permission.SendMessagesInThreads : Permission.SendMessages);
    if (ctx.files.length > 0) requirePermission(h, channel, Permission.AttachFiles);
  }
  if (channel.thread?.archived) {
    if (channel.thread.locked) throw new ApiError(400, 50083, 'Thread is archived');
    channel.thread.archived = false;
    h.channelEvent('THREAD_UPDATE', channel);
  }
  const body = checkOutgoingMessage(h, ctx.body, ctx.files, { prefix: [], creating: true });
  if (typeof body.flags === 'number' && (body.flags & MessageFlag.Ephemeral) !== 0) {
    h.recordViolation({
      kind: 'ephemeral-on-channel-message', method: ctx.method, path: ctx.path,
      message: 'flags 64 (ephemeral) only works on interaction responses; Discord posts this message publicly',
    });
  }
  const nonce = typeof body.nonce === 'string' || typeof body.nonce === 'number' ? String(body.nonce) : null;
  if (nonce !== null && body.enforce_nonce === true) {
    const duplicate = h.store.channelMessages(channel.id).find(
      (m) => m.nonce === nonce && m.authorId === h.store.botUser.id && Date.now() - m.createdAt < NONCE_WINDOW_MS,
    );
    if (duplicate) return { status: 200, body: h.store.apiMessage(duplicate) };
  }
  const reference = isObject(body.message_reference) ? body.message_reference : null;
  if (reference && typeof reference.message_id === 'string') {
    const target = h.store.messages.get(reference.message_id);
    if ((!target || target.deleted || target.channelId !== channel.id) && reference.fail_if_not_exists !== false) {
      const errors = [{ path: ['message_reference'], code: 'MESSAGE_REFERENCE_UNKNOWN_MESSAGE', message: 'Unknown message' }];
      throw new ApiError(400, 50035, 'Invalid Form Body', { errors, violation: 'invalid-form-body', detail: describeErrors(errors) });
    }
  }
  const message = h.store.createMessage({ channel, authorId: h.store.botUser.id, body, files: ctx.files, type: reference ? 19 : 0 });
  h.messageEvent('MESSAGE_CREATE', message);
  return { status: 200, body: h.store.apiMessage(message) };
}

function patchChannel(h: Harness, ctx: RouteContext): { status: number; body: unknown } {
  const channel = channelOr404(h, ctx.params.channelId!);
  const body = isObject(ctx.body) ? ctx.body : {};
  const errors = new FormErrors();
  if ('name' in body) errors.length(['name'], body.name, 1, 100);
  if ('auto_archive_duration' in body && !ARCHIVE_DURATIONS.includes(Number(body.auto_archive_duration))) {
    errors.add(['auto_archive_duration'], 'BASE_TYPE_CHOICES', `Value must be one of {${ARCHIVE_DURATIONS.join(', ')}}.`);
  }
  if (!errors.empty) throw new ApiError(400, 50035, 'Invalid Form Body', { errors: errors.list, violation: 'invalid-form-body', detail: describeErrors(errors.list) });
  if (typeof body.name === 'string') channel.name = body.name;
  if (channel.thread) {
    if (channel.ownerId !== h.store.botUser.id || 'locked' in body) requirePermission(h, channel, Permission.ManageThreads);
    if (typeof body.archived === 'boolean') {
      channel.thread.archived = body.archived;
      channel.thread.archiveTimestamp = new Date().toISOString();
    }
    if (typeof body.locked === 'boolean') channel.thread.locked = body.locked;
    if (typeof body.auto_archive_duration === 'number') channel.thread.autoArchiveDuration = body.auto_archive_duration;
    h.channelEvent('THREAD_UPDATE', channel);
  } else {
    if ('topic' in body) channel.topic = typeof body.topic === 'string' ? body.topic : null;
    h.channelEvent('CHANNEL_UPDATE', channel);
  }
  return { status: 200, body: h.store.apiChannel(channel) };
}

function createThread(h: Harness, ctx: RouteContext, starter: FakeMessage | null): { status: number; body: unknown } {
  const parent = channelOr404(h, ctx.params.channelId!);
  if (parent.type !== ChannelType.GuildText && parent.type !== ChannelType.GuildAnnouncement) {
    throw new ApiError(400, 50024, 'Cannot execute action on this channel type');
  }
  const body = isObject(ctx.body) ? ctx.body : {};
  const errors = new FormErrors();
  errors.length(['name'], body.name, 1, 100);
  if (body.auto_archive_duration !== undefined && !ARCHIVE_DURATIONS.includes(Number(body.auto_archive_duration))) {
    errors.add(['auto_archive_duration'], 'BASE_TYPE_CHOICES', `Value must be one of {${ARCHIVE_DURATIONS.join(', ')}}.`);
  }
  let type: number;
  if (starter) {
    type = parent.type === ChannelType.GuildAnnouncement ? ChannelType.AnnouncementThread : ChannelType.PublicThread;
  } else if (typeof body.type === 'number') {
    type = body.type;
    const allowed = parent.type === ChannelType.GuildAnnouncement ? [10] : [11, 12];
    if (!allowed.includes(type)) errors.add(['type'], 'BASE_TYPE_CHOICES', `Value must be one of {${allowed.join(', ')}}.`);
  } else {
    // API v10 made `type` required for threads without a starter message.
    errors.add(['type'], 'BASE_TYPE_REQUIRED', 'This field is required');
    type = ChannelType.PublicThread;
  }
  if (!errors.empty) throw new ApiError(400, 50035, 'Invalid Form Body', { errors: errors.list, violation: 'invalid-form-body', detail: describeErrors(errors.list) });
  requirePermission(h, parent, type === ChannelType.PrivateThread ? Permission.CreatePrivateThreads : Permission.CreatePublicThreads);
  if (starter) {
    if (starter.threadId) throw new ApiError(400, 160004, 'A thread has already been created for this message');
  }
  const now = new Date().toISOString();
  const thread = h.store.addChannel({
    ...(starter ? { id: starter.id } : {}),
    type,
    guildId: parent.guildId,
    name: String(body.name),
    parentId: parent.id,
    ownerId: h.store.botUser.id,
    thread: {
      archived: false,
      locked: false,
      autoArchiveDuration: typeof body.auto_archive_duration === 'number' ? body.auto_archive_duration : 4320,
      archiveTimestamp: now,
      invitable: body.invitable !== false,
      createTimestamp: now,
    },
    threadMemberIds: new Set([h.store.botUser.id]),
  });
  if (starter) {
    starter.threadId = thread.id;
    starter.flags |= MessageFlag.HasThread;
  }
  const payload: JsonObject = { ...h.store.apiChannel(thread), member: h.store.apiThreadMember(thread, h.store.botUser.id) };
  h.channelEvent('THREAD_CREATE', thread, { newly_created: true });
  if (starter) h.messageEvent('MESSAGE_UPDATE', starter);
  return { status: 201, body: payload };
}
