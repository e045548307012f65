// The daily siege in Discord: the game in a private thread with only its player and the bot (or,
// where private threads are not allowed, the offer of the same deal as an unranked practice game),
// the spoiler-free result line in the channel, the day's leaderboard message edited in place, and
// the close of an unfinished game a day after its own day.
import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  ChannelType,
  DiscordAPIError,
  EmbedBuilder,
  MessageFlags,
  RESTJSONErrorCodes,
  type ButtonInteraction,
  type ChatInputCommandInteraction,
  type MessageActionRowComponentBuilder,
  type SendableChannels,
} from 'discord.js';
import type { Logger } from '../config/logger.js';
import type { GameDefinition } from '../engine/contract.js';
import { isDailyGame } from '../services/daily.js';
import { closesAt, dailyGame, dailyRules, leaderboardLines, resultLine, type BoardEntry } from '../services/dailyRules.js';
import type { Services } from '../services/index.js';
import type { GameSnapshot } from '../services/types.js';
import { displayName } from './components/challengeComponents.js';
import type { BotContext } from './context.js';
import { replyPrivately } from './replies.js';

const PRACTICE = 'daily:practice:';
const unix = (d: Date) => Math.floor(d.getTime() / 1000);

/** What posting a result needs: the services and a way to reach a channel. */
export type DailyEnv = { services: Services; log: Logger; sendable(channelId: string): Promise<SendableChannels | null> };

export const isDailyCustomId = (customId: string) => customId.startsWith('daily:');

/** Discord refused for want of a permission (or of access): private threads are not allowed here. */
function refused(e: unknown): boolean {
  return e instanceof DiscordAPIError && (e.code === RESTJSONErrorCodes.MissingPermissions || e.code === RESTJSONErrorCodes.MissingAccess);
}

/** The channel a daily belongs to: the channel itself, or the parent of the thread it was run in. */
function homeChannelId(i: ChatInputCommandInteraction | ButtonInteraction): string {
  return i.channel?.isThread() ? (i.channel.parentId ?? i.channelId) : i.channelId;
}

/** Runs due closes that a lost job left behind (a crash between a start and its arming). */
export async function closeOverdueDailies(ctx: BotContext): Promise<void> {
  for (const g of await ctx.services.daily.overdueGames()) {
    if (ctx.scheduler.servesGuild(g.guildId)) await closeDailyGame(ctx, g.gameId);
  }
}

/** `/siege daily play`: today's deal in a private thread, or the practice offer where that is not allowed. */
export async function playDaily(ctx: BotContext, i: ChatInputCommandInteraction, def: GameDefinition): Promise<void> {
  const { services } = ctx;
  await i.deferReply({ flags: MessageFlags.Ephemeral });
  await closeOverdueDailies(ctx);
  const day = services.daily.today();
  if (await services.daily.attemptOf(i.user.id, def.id, day)) {
    const next = new Date(`${day}T00:00:00Z`).getTime() / 1000 + 86_400;
    return replyPrivately(i, `You have had today's ${def.title} daily siege already (one attempt a day). The next one opens <t:${next}:R>.`);
  }
  const full = await services.settings.gameLimitReached(i.guildId!, [i.user.id]);
  if (full) return replyPrivately(i, full);
  const parentId = homeChannelId(i);
  const parent = await ctx.client.channels.fetch(parentId).catch(() => null);
  // Private threads exist only under text channels.
  if (!parent || parent.type !== ChannelType.GuildText) return offerPractice(i, def, day);
  const name = await displayName(ctx, i.guildId, i.user.id);
  const claimed = await services.daily.claim({ userId: i.user.id, guildId: i.guildId!, channelId: parentId, name, gameType: def.id, ranked: true, day });
  if (!claimed.ok) return replyPrivately(i, claimed.error.message);
  const attempt = claimed.value;
  let thread;
  try {
    thread = await parent.threads.create({
      name: `Daily ${def.title} ${day}: ${name}`.slice(0, 100),
      type: ChannelType.PrivateThread,
      invitable: false,
      autoArchiveDuration: 10080,
      reason: `Siege daily siege of ${day}`,
    });
  } catch (e) {
    await services.daily.release(attempt.id);
    if (refused(e)) return offerPractice(i, def, day);
    throw e;
  }
  await thread.members.add(i.user.id);
  const started = await services.daily.start(attempt, thread.id);
  if (!started.ok) {
    await services.daily.release(attempt.id);
    await thread.delete().catch(() => {});
    return replyPrivately(i, started.error.message);
  }
  const game = started.value;
  await ctx.scheduler.armDailyClose(game, attempt.closesAt);
  await ctx.flow.postBoard(game, { headline: `Daily siege of ${day}: ${def.title}. The same deal for everyone today.` });
  await i.editReply(
    `Your ${def.title} daily siege of ${day} is ready in <#${thread.id}>, a private thread for you and me. ` +
      `No clock, no undo; it closes <t:${unix(attempt.closesAt)}:R>. Your result goes on this server's board for the day.`,
  );
  await ctx.flow.settle(game);
}

async function offerPractice(i: ChatInputCommandInteraction, def: GameDefinition, day: string): Promise<void> {
  const row = new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(
    new ButtonBuilder().setCustomId(`${PRACTICE}${def.id}:${day}`).setLabel('Practice (unranked)').setStyle(ButtonStyle.Secondary),
  );
  await i.editReply({
    content:
      `I may not create private threads here (that needs the Create Private Threads permission), so today's ${def.title} daily siege cannot be ranked here. ` +
      `You can play the same deal as an unranked practice game that others here can see. It uses today's attempt at ${def.title}.`,
    components: [row],
    allowedMentions: { parse: [] },
  });
}

/** The practice button: the same deal, unranked, where everyone can see it. */
export async function handleDailyComponent(ctx: BotContext, i: ButtonInteraction): Promise<void> {
  const m = /^daily:practice:([a-z0-9-]{1,40}):(\d{4}-\d{2}-\d{2})$/.exec(i.customId);
  const def = m ? dailyGame(m[1]!) : null;
  if (!m || !def || !i.guildId) return replyPrivately(i, 'This button is not one I know (perhaps from an older version of the bot).');
  await i.deferUpdate();
  const { services } = ctx;
  const day = services.daily.today();
  const answer = (content: string) => i.editReply({ content, components: [], allowedMentions: { parse: [] } }).then(() => undefined);
  if (m[2] !== day) return answer(`That offer was for the deal of ${m[2]}. Run \`/siege daily play\` for today's.`);
  const name = await displayName(ctx, i.guildId, i.user.id);
  const claimed = await services.daily.claim({ userId: i.user.id, guildId: i.guildId, channelId: homeChannelId(i), name, gameType: def.id, ranked: false, day });
  if (!claimed.ok) return answer(claimed.error.message);
  const started = await services.daily.start(claimed.value);
  if (!started.ok) {
    await services.daily.release(claimed.value.id);
    return answer(started.error.message);
  }
  const game = await ctx.flow.openGameThread(started.value, `Daily ${def.title} ${day} (practice): ${name}`);
  await ctx.scheduler.armDailyClose(game, claimed.value.closesAt);
  const board = await ctx.flow.postBoard(game, { headline: `Unranked practice of the daily siege of ${day}: ${def.title}` });
  await answer(`Your unranked practice of today's ${def.title} daily siege is in ${game.threadId ? `<#${game.threadId}>` : (board?.url ?? 'this channel')}.`);
  await ctx.flow.settle(game);
}

// -------------------------------------------------------------------------------------------
// Results and leaderboards

/** The day's leaderboard of one game on one server. */
export function leaderboardEmbed(def: GameDefinition, day: string, entries: BoardEntry[]): EmbedBuilder {
  const lines = leaderboardLines(dailyRules(def.id), entries);
  let text = '';
  for (const line of lines) {
    if (text.length + line.length + 1 > 3800) break;
    text += `${line}\n`;
  }
  return new EmbedBuilder()
    .setTitle(`Daily siege · ${def.title} · ${day}`)
    .setColor(0xc9a227)
    .setDescription(`${text || 'No results yet.\n'}\nThe same deal for everyone on ${day}. Ties go to fewer turns, then to who finished first. Open until <t:${unix(closesAt(day))}:f>.`)
    .setFooter({ text: `Play it: /siege daily play game:${def.id}` });
}

const boardQueues = new Map<string, Promise<void>>();

/** Edits the day's leaderboard message in place, or posts it the first time (one at a time per board). */
export async function refreshLeaderboard(env: DailyEnv, guildId: string, def: GameDefinition, day: string, channelId: string): Promise<void> {
  const key = `${guildId}:${def.id}:${day}`;
  const run = (boardQueues.get(key) ?? Promise.resolve()).then(async () => {
    const payload = { embeds: [leaderboardEmbed(def, day, await env.services.daily.leaderboard(guildId, def.id, day))], allowedMentions: { parse: [] as never[] } };
    const known = await env.services.daily.boardMessage(guildId, def.id, day);
    if (known) {
      const channel = await env.sendable(known.channelId);
      try {
        if (channel) {
          await channel.messages.edit(known.messageId, payload);
          return;
        }
      } catch (e) {
        if (!(e instanceof DiscordAPIError && e.code === RESTJSONErrorCodes.UnknownMessage)) throw e;
      }
      // The message (or its channel) is gone: post it afresh below.
    }
    const channel = await env.sendable(channelId);
    if (!channel) return;
    const message = await channel.send(payload);
    await env.services.daily.setBoardMessage(guildId, def.id, day, channel.id, message.id);
  });
  const tracked = run.catch((e) => env.log.warn(`the daily leaderboard ${key} could not be updated`, { err: e }));
  boardQueues.set(key, tracked);
  await tracked;
  if (boardQueues.get(key) === tracked) boardQueues.delete(key);
}

/** After a game ended: a ranked daily's result line in the channel, and its leaderboard updated. */
export async function announceDailyResult(env: DailyEnv, game: GameSnapshot): Promise<void> {
  if (game.status !== 'FINISHED' || !isDailyGame(game)) return;
  const result = await env.services.daily.recordResult(game);
  const a = result?.attempt;
  if (!result?.recorded || !a || !a.ranked || a.score === null || a.turns === null) return;
  const def = env.services.games.defOf(game);
  const channelId = (await env.services.settings.guild(a.guildId)).dailyChannelId ?? a.channelId;
  const line = resultLine({ title: def.title, name: a.name, rules: dailyRules(def.id), outcome: game.outcome, score: a.score, turns: a.turns, streak: await env.services.daily.streakAt(a.userId, a.day) });
  const channel = await env.sendable(channelId);
  await channel?.send({ content: line, allowedMentions: { parse: [] } });
  await refreshLeaderboard(env, a.guildId, def, a.day, channelId);
}

/** The close job (and the read-time sweep): an unfinished daily ends, scoring nothing. */
export async function closeDailyGame(ctx: BotContext, gameId: number): Promise<void> {
  const closed = await ctx.services.daily.closeIfDue(gameId);
  if (!closed) {
    // Run early (clocks apart by a moment): armed again for its close.
    const attempt = await ctx.services.daily.attemptOfGame(gameId);
    const game = attempt ? await ctx.services.games.load(gameId) : null;
    if (attempt && game?.status === 'ACTIVE') await ctx.scheduler.armDailyClose(game, attempt.closesAt);
    return;
  }
  await ctx.flow
    .postBoard(closed.game, { headline: closed.game.outcome?.reason ?? 'The daily siege closed' }, closed.previous)
    .catch((e) => ctx.log.warn(`the final board of daily game ${gameId} could not be posted`, { err: e }));
}
