// The world's JSON shapes as Discord API v10 sends them (users, members, roles, channels,
// threads, messages, GUILD_CREATE).

import { ChannelType, World } from './world.js';
import type { FakeAttachment, FakeChannel, FakeGuild, FakeMember, FakeMessage, FakeRole, FakeUser, JsonObject } from './types.js';

export { ChannelType, Permission, isTextBased, isThread, messageText } from './world.js';
export type { MessageListener, NewMessage, UploadedFile } from './world.js';

export class Store extends World {

  apiUser(user: FakeUser): JsonObject {
    return {
      id: user.id,
      username: user.username,
      discriminator: '0',
      global_name: user.globalName,
      avatar: null,
      bot: user.bot || undefined,
      public_flags: 0,
      flags: 0,
      banner: null,
      accent_color: null,
      avatar_decoration_data: null,
    };
  }

  apiUserById(id: string): JsonObject {
    const user = this.users.get(id);
    return user ? this.apiUser(user) : { id, username: 'unknown-user', discriminator: '0', global_name: null, avatar: null };
  }

  apiMember(member: FakeMember, withUser = true): JsonObject {
    return {
      ...(withUser ? { user: this.apiUserById(member.userId) } : {}),
      nick: member.nick,
      avatar: null,
      banner: null,
      roles: member.roles,
      joined_at: member.joinedAt,
      premium_since: null,
      deaf: false,
      mute: false,
      flags: 0,
      pending: false,
      communication_disabled_until: null,
    };
  }

  apiRole(role: FakeRole): JsonObject {
    return {
      id: role.id,
      name: role.name,
      color: 0,
      colors: { primary_color: 0, secondary_color: null, tertiary_color: null },
      hoist: false,
      icon: null,
      unicode_emoji: null,
      position: role.position,
      permissions: role.permissions.toString(),
      managed: role.managed,
      mentionable: false,
      flags: 0,
      ...(role.botId ? { tags: { bot_id: role.botId } } : {}),
    };
  }

  apiChannel(channel: FakeChannel): JsonObject {
    if (channel.type === ChannelType.DM) {
      const recipient = channel.recipientId ? this.apiUserById(channel.recipientId) : null;
      return { id: channel.id, type: 1, last_message_id: channel.lastMessageId, flags: 0, recipients: recipient ? [recipient] : [] };
    }
    const base: JsonObject = {
      id: channel.id,
      type: channel.type,
      guild_id: channel.guildId,
      name: channel.name,
      parent_id: channel.parentId,
      last_message_id: channel.lastMessageId,
      rate_limit_per_user: 0,
      flags: 0,
    };
    if (channel.thread) {
      return {
        ...base,
        owner_id: channel.ownerId,
        message_count: channel.messageCount,
        total_message_sent: channel.messageCount,
        member_count: channel.threadMemberIds.size,
        applied_tags: [],
        thread_metadata: {
          archived: channel.thread.archived,
          auto_archive_duration: channel.thread.autoArchiveDuration,
          archive_timestamp: channel.thread.archiveTimestamp,
          locked: channel.thread.locked,
          create_timestamp: channel.thread.createTimestamp,
          ...(channel.type === ChannelType.PrivateThread ? { invitable: channel.thread.invitable } : {}),
        },
      };
    }
    return {
      ...base,
      position: channel.position,
      permission_overwrites: this.overwrites(channel),
      topic: channel.topic,
      nsfw: false,
      default_auto_archive_duration: 4320,
      default_thread_rate_limit_per_user: 0,
    };
  }

  apiThreadMember(channel: FakeChannel, userId: string): JsonObject {
    return { id: channel.id, user_id: userId, join_timestamp: new Date(channel.createdAt).toISOString(), flags: 0 };
  }

  apiAttachment(a: FakeAttachment): JsonObject {
    return {
      id: a.id,
      filename: a.filename,
      size: a.size,
      url: a.url,
      proxy_url: a.url,
      content_type: a.contentType ?? undefined,
      description: a.description ?? undefined,
      width: a.width ?? undefined,
      height: a.height ?? undefined,
    };
  }

  apiMessage(message: FakeMessage): JsonObject {
    const channel = this.channels.get(message.channelId);
    const metadata = this.interactionMetadata.get(message.id);
    const thread = message.threadId ? this.channels.get(message.threadId) : undefined;
    return {
      id: message.id,
      channel_id: message.channelId,
      ...(message.guildId ? { guild_id: message.guildId } : {}),
      author: this.apiUserById(message.authorId),
      content: message.content,
      timestamp: new Date(message.createdAt).toISOString(),
      edited_timestamp: message.editedAt ? new Date(message.editedAt).toISOString() : null,
      tts: false,
      // Discord sets mention_everyone for @here too.
      mention_everyone: message.mentionedEveryone || message.mentionedHere,
      mentions: message.mentionedUserIds.map((id) => this.apiUserById(id)),
      mention_roles: message.mentionedRoleIds,
      attachments: message.attachments.map((a) => this.apiAttachment(a)),
      embeds: message.embeds,
      components: message.components,
      pinned: false,
      type: message.type,
      flags: message.flags,
      ...(message.webhookId ? { webhook_id: message.webhookId, application_id: this.applicationId } : {}),
      ...(metadata ? { interaction_metadata: metadata } : {}),
      ...(message.nonce !== null ? { nonce: message.nonce } : {}),
      ...(message.messageReference ? { message_reference: { ...message.messageReference, channel_id: message.channelId, guild_id: message.guildId ?? undefined } } : {}),
      ...(thread && channel ? { thread: this.apiChannel(thread) } : {}),
    };
  }

  /** GUILD_CREATE payload. Without the GUILD_MEMBERS intent Discord only includes the bot's own member. */
  apiGuildCreate(guild: FakeGuild, includeAllMembers: boolean): JsonObject {
    const members = [...this.guildMembers(guild.id).values()];
    return {
      ...this.apiGuild(guild),
      joined_at: guild.joinedAt,
      large: false,
      unavailable: false,
      member_count: members.length,
      voice_states: [],
      members: members.filter((m) => includeAllMembers || m.userId === this.botUser.id).map((m) => this.apiMember(m)),
      channels: this.guildChannels(guild.id).map((c) => this.apiChannel(c)),
      threads: this.activeThreads(guild.id).map((c) => this.apiChannel(c)),
      presences: [],
      stage_instances: [],
      guild_scheduled_events: [],
      soundboard_sounds: [],
    };
  }

  apiGuild(guild: FakeGuild): JsonObject {
    return {
      id: guild.id,
      name: guild.name,
      icon: null,
      splash: null,
      discovery_splash: null,
      owner_id: guild.ownerId,
      afk_channel_id: null,
      afk_timeout: 300,
      verification_level: 0,
      default_message_notifications: 1,
      explicit_content_filter: 0,
      roles: this.guildRoles(guild.id).map((r) => this.apiRole(r)),
      emojis: [],
      stickers: [],
      features: [],
      mfa_level: 0,
      application_id: null,
      system_channel_id: null,
      system_channel_flags: 0,
      rules_channel_id: null,
      vanity_url_code: null,
      description: null,
      banner: null,
      premium_tier: 0,
      premium_subscription_count: 0,
      preferred_locale: guild.preferredLocale,
      public_updates_channel_id: null,
      safety_alerts_channel_id: null,
      nsfw_level: 0,
      premium_progress_bar_enabled: false,
      max_members: 500000,
      max_video_channel_users: 25,
    };
  }
}
