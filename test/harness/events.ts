// What the gateway tells sessions when the world changes: message and channel/thread events,
// filtered by intents the way Discord filters them.

import { Intent, type Gateway } from './gateway.js';
import type { Store } from './store.js';
import type { FakeChannel, FakeMessage, JsonObject } from './types.js';

export type MessageEventName = 'MESSAGE_CREATE' | 'MESSAGE_UPDATE' | 'MESSAGE_DELETE';
export type ChannelEventName = 'CHANNEL_CREATE' | 'CHANNEL_UPDATE' | 'CHANNEL_DELETE' | 'THREAD_CREATE' | 'THREAD_UPDATE' | 'THREAD_DELETE';

export class GatewayEvents {
  constructor(private readonly store: Store, private readonly gateway: Gateway) {}

  /**
   * Message events need GUILD_MESSAGES (guilds) or DIRECT_MESSAGES (DMs). Without MESSAGE_CONTENT,
   * content, embeds, attachments and components are blank except in the bot's own messages and
   * messages that mention it. Ephemeral messages are never dispatched.
   */
  message(t: MessageEventName, message: FakeMessage): void {
    if (message.ephemeral) return;
    const intent = message.guildId ? Intent.GuildMessages : Intent.DirectMessages;
    if (t === 'MESSAGE_DELETE') {
      this.gateway.dispatch(message.guildId, t, { id: message.id, channel_id: message.channelId, ...(message.guildId ? { guild_id: message.guildId } : {}) }, intent);
      return;
    }
    const botId = this.store.botUser.id;
    this.gateway.dispatch(message.guildId, t, (session) => {
      const data = this.store.apiMessage(message);
      const member = message.guildId ? this.store.member(message.guildId, message.authorId) : undefined;
      if (member) data.member = this.store.apiMember(member, false);
      const readable = (session.intents & Intent.MessageContent) !== 0 || message.authorId === botId || message.mentionedUserIds.includes(botId);
      if (!readable) Object.assign(data, { content: '', embeds: [], attachments: [], components: [] });
      return data;
    }, intent);
  }

  /** Channel and thread events (GUILDS intent). THREAD_DELETE carries only ids, as on Discord. */
  channel(t: ChannelEventName, channel: FakeChannel, extra: JsonObject = {}): void {
    if (channel.guildId === null) return;
    const data = t === 'THREAD_DELETE'
      ? { id: channel.id, guild_id: channel.guildId, parent_id: channel.parentId, type: channel.type }
      : { ...this.store.apiChannel(channel), ...extra };
    this.gateway.dispatch(channel.guildId, t, data);
  }
}
