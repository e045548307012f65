// The daily siege on Discord: `/siege daily play` deals today's game in a private thread with only
// its player and the bot; where private threads are not allowed, the same deal is offered as an
// unranked practice game that others can see (the Practice button). The master takes the day's
// one attempt and gives it back when no game could be dealt.
import { ChannelType, DiscordAPIError, MessageFlags, RESTJSONErrorCodes, type ButtonInteraction, type ChatInputCommandInteraction } from 'discord.js';
import type { GameDefinition } from '../../engine/contract.js';
import { dailyGame } from '../../services/dailyRules.js';
import type { DailyPlace } from '../../services/master/index.js';
import type { BotContext } from '../context.js';
import { DISCORD } from '../publish/publisher.js';
import { practiceOffer, readPracticeButton } from '../views/daily.js';
import { memberLine } from '../views/memberText.js';
import { replyPrivately } from './replies.js';

const unix = (d: Date) => Math.floor(d.getTime() / 1000);

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
async function playedToday(ctx: BotContext, userId: string, def: GameDefinition, day: string): Promise<string | null> {
  if (!(await ctx.services.daily.attemptOf(userId, def.id, day))) return null;
  const next = new Date(`${day}T00:00:00Z`).getTime() / 1000 + 86_400;
  return `You have had today's ${def.title} daily siege already (one attempt a day). The next one opens <t:${next}:R>.`;
}

/** `/siege daily play`: today's deal in a private thread, or the practice offer where that is not allowed. */
export async function playDaily(ctx: BotContext, i: ChatInputCommandInteraction, def: GameDefinition): Promise<void> {
  await i.deferReply({ flags: MessageFlags.Ephemeral });
  const day = ctx.services.daily.today();
  const already = await playedToday(ctx, i.user.id, def, day);
  if (already) return replyPrivately(i, already);
  const parentId = homeChannelId(i);
  const parent = await ctx.client.channels.fetch(parentId).catch(() => null);
  // Private threads exist only under text channels.
  if (!parent || parent.type !== ChannelType.GuildText) return void (await i.editReply(practiceOffer(def, day)));
  const name = await ctx.publisher.places.memberName(i.guildId, i.user.id);
  const openPlace = async (): Promise<DailyPlace> => {
    let thread;
    try {
      thread = await parent.threads.create({
        name: `Daily ${def.title} ${day}: ${memberLine(name)}`.slice(0, 100),
        type: ChannelType.PrivateThread,
        invitable: false,
        autoArchiveDuration: 10080,
        reason: `Siege daily siege of ${day}`,
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
    if (started.error.code === 'no-private-place') return void (await i.editReply(practiceOffer(def, day)));
    return replyPrivately(i, started.error.message);
  }
  const { game, attempt } = started.value;
  await i.editReply(
    `Your ${def.title} daily siege of ${day} is ready in <#${game.threadId}>, a private thread for you and me. ` +
      `No clock, no undo; it closes <t:${unix(attempt.closesAt)}:R>. Your result goes on this server's board for the day.`,
  );
}

/** The practice button: the same deal, unranked, where everyone can see it. */
export async function handleDailyComponent(ctx: BotContext, i: ButtonInteraction): Promise<void> {
  const read = readPracticeButton(i.customId);
  const def = read ? dailyGame(read.gameType) : null;
  if (!read || !def || !i.guildId) return replyPrivately(i, 'This button is not one I know (perhaps from an older version of the bot).');
  await i.deferUpdate();
  const day = ctx.services.daily.today();
  const answer = (content: string) => i.editReply({ content, components: [], allowedMentions: { parse: [] } }).then(() => undefined);
  if (read.day !== day) return answer(`That offer was for the deal of ${read.day}. Run \`/siege daily play\` for today's.`);
  const name = await ctx.publisher.places.memberName(i.guildId, i.user.id);
  const started = await ctx.master.startDaily({ userId: i.user.id, guildId: i.guildId, channelId: homeChannelId(i), name, def, ranked: false, day, origin: { front: DISCORD } });
  if (!started.ok) return answer(started.error.message);
  return answer(`Your unranked practice of today's ${def.title} daily siege is in ${started.value.receipt.where ?? 'this channel'}.`);
}
