// The daily siege on Discord: `/siege daily play` deals today's game in a private thread with only
// its player and the bot. The day's deal is the same for everyone, so until the day's daily
// closes nothing of it is shown anywhere else (services/visibility.ts): where private threads are
// not allowed, the player is told so privately, and where the daily can be played, and nothing is
// dealt or spent. The master takes the day's one attempt and gives it back when no game could be
// dealt.
import {
  ChannelType,
  DiscordAPIError,
  MessageFlags,
  PermissionFlagsBits,
  RESTJSONErrorCodes,
  type ButtonInteraction,
  type ChatInputCommandInteraction,
  type GuildMember,
  type TextChannel,
} from 'discord.js';
import type { GameDefinition } from '../../engine/contract.js';
import type { Speaker } from '../../i18n/index.js';
import { dailyGame } from '../../services/dailyRules.js';
import type { DailyPlace } from '../../master/index.js';
import type { BotContext } from '../context.js';
import { DISCORD } from '../publish/publisher.js';
import { dailyThreadName, noPrivateThreadHere, readPracticeButton } from '../views/daily.js';
import { refusal } from '../views/refusal.js';
import { gameTitle, unix } from '../views/words.js';
import { replyPrivately } from './replies.js';

export const isDailyCustomId = (customId: string) => customId.startsWith('daily:');

/** Discord refused for want of a permission (or of access): private threads are not allowed here. */
function refused(e: unknown): boolean {
  return e instanceof DiscordAPIError && (e.code === RESTJSONErrorCodes.MissingPermissions || e.code === RESTJSONErrorCodes.MissingAccess);
}

/** The channel a daily belongs to: the channel itself, or the parent of the thread it was run in. */
function homeChannelId(i: ChatInputCommandInteraction | ButtonInteraction): string {
  return i.channel?.isThread() ? (i.channel.parentId ?? i.channelId) : i.channelId;
}

/** "You have had today's daily already", with when the next one opens, or null. */
async function playedToday(ctx: BotContext, sp: Speaker, userId: string, def: GameDefinition, day: string): Promise<string | null> {
  if (!(await ctx.services.daily.attemptOf(userId, def.id, day))) return null;
  const next = new Date(`${day}T00:00:00Z`).getTime() / 1000 + 86_400;
  return sp.t('discord:daily.playedToday', { game: gameTitle(sp, def), when: `<t:${next}:R>` });
}

/** What the bot needs in a channel to play a daily there: a private thread it can make and post in. */
const DAILY_PERMISSIONS = [
  PermissionFlagsBits.ViewChannel,
  PermissionFlagsBits.CreatePrivateThreads,
  PermissionFlagsBits.SendMessagesInThreads,
];

/** The channel itself when the bot may make a daily's private thread there. */
function dailyParent(ctx: BotContext, channel: unknown): TextChannel | null {
  const text = channel as TextChannel | null;
  if (!text || text.type !== ChannelType.GuildText) return null;
  const me = ctx.client.user;
  return me && text.permissionsFor(me)?.has(DAILY_PERMISSIONS) ? text : null;
}

/**
 * The server's text channels where the member could play the daily instead (the bot may make
 * private threads there, games may start there, and the member sees it), the daily channel first.
 */
async function dailyChannels(ctx: BotContext, i: ChatInputCommandInteraction | ButtonInteraction): Promise<string[]> {
  const guild = i.guild;
  if (!guild) return [];
  const server = await ctx.services.settings.guild(guild.id);
  const member = i.member as GuildMember | null;
  const fits = (id: string) => {
    const channel = dailyParent(ctx, guild.channels.cache.get(id) ?? null);
    if (!channel || (server.allowedChannelIds.length && !server.allowedChannelIds.includes(id))) return false;
    return !member?.permissionsIn || member.permissionsIn(channel).has(PermissionFlagsBits.ViewChannel);
  };
  const ids = [...(server.dailyChannelId ? [server.dailyChannelId] : []), ...guild.channels.cache.filter((c) => c.type === ChannelType.GuildText).map((c) => c.id)];
  return [...new Set(ids)].filter(fits).slice(0, 5);
}

/** Said privately where a daily cannot be played: why, and where it can. */
async function cannotPlayHere(ctx: BotContext, i: ChatInputCommandInteraction | ButtonInteraction, def: GameDefinition): Promise<string> {
  return noPrivateThreadHere(ctx.locales.reader(i), def, homeChannelId(i), await dailyChannels(ctx, i));
}

/** `/siege daily play`: today's deal in a private thread, or where that cannot be, why and where it can be. */
export async function playDaily(ctx: BotContext, i: ChatInputCommandInteraction, def: GameDefinition): Promise<void> {
  await i.deferReply({ flags: MessageFlags.Ephemeral });
  const sp = ctx.locales.reader(i);
  const day = ctx.services.daily.today();
  const already = await playedToday(ctx, sp, i.user.id, def, day);
  if (already) return replyPrivately(i, already);
  const parentId = homeChannelId(i);
  // Private threads exist only under text channels, and only where the bot may make them.
  const parent = dailyParent(ctx, await ctx.client.channels.fetch(parentId).catch(() => null));
  if (!parent) return replyPrivately(i, await cannotPlayHere(ctx, i, def));
  const name = await ctx.publisher.places.memberName(i.guildId, i.user.id, await ctx.locales.server(i.guildId));
  // A thread's name is seen in the server's channel list: the server's language.
  const threadName = dailyThreadName(await ctx.locales.server(i.guildId), def, day, true, name);
  const openPlace = async (): Promise<DailyPlace> => {
    let thread;
    try {
      thread = await parent.threads.create({
        name: threadName,
        type: ChannelType.PrivateThread,
        invitable: false,
        autoArchiveDuration: 10080,
        reason: (await ctx.locales.server(i.guildId)).t('discord:audit.dailyThread', { day }),
      });
    } catch (e) {
      if (refused(e)) return { refused: true };
      throw e;
    }
    await thread.members.add(i.user.id);
    return { threadId: thread.id, discard: async () => void (await thread.delete()) };
  };
  const started = await ctx.master.startDaily({ userId: i.user.id, guildId: i.guildId!, channelId: parentId, name, def, ranked: true, day, openPlace, origin: { front: DISCORD } });
  if (!started.ok) {
    if (started.error.code === 'no-private-place') return replyPrivately(i, await cannotPlayHere(ctx, i, def));
    return replyPrivately(i, refusal(sp, started.error, def.id));
  }
  const { game, attempt } = started.value;
  await i.editReply(sp.t('discord:daily.ready', { game: gameTitle(sp, def), day, thread: `<#${game.threadId}>`, when: `<t:${unix(attempt.closesAt)}:R>` }));
}

/**
 * The Practice button of an older version, which offered the day's deal as a game others could
 * see where private threads were not allowed: no such game is dealt any more; the player is told
 * where the daily can be played. An old offer (a private message) loses its button.
 */
export async function handleDailyComponent(ctx: BotContext, i: ButtonInteraction): Promise<void> {
  const read = readPracticeButton(i.customId);
  const def = read ? dailyGame(read.gameType) : null;
  if (!read || !def || !i.guildId) return replyPrivately(i, ctx.locales.reader(i).t('discord:press.unknownButton', { command: '`/siege board`' }));
  const content = await cannotPlayHere(ctx, i, def);
  if (i.message.flags.has(MessageFlags.Ephemeral)) return void (await i.update({ content, components: [], allowedMentions: { parse: [] } }));
  return replyPrivately(i, content);
}
