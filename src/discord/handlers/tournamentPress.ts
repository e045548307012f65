// Presses on a tournament's controls: Join and Leave on its sign-up message, an arena's deal
// buttons (the deal dealt in a private thread), and the private confirmations of a withdrawal (a player leaving a running tournament) and of a cancellation (its
// organiser). Each answers privately, in the presser's language; the public messages follow from
// the tournaments' events (publish/tournaments.ts).
import {
  ChannelType,
  DiscordAPIError,
  MessageFlags,
  PermissionFlagsBits,
  RESTJSONErrorCodes,
  type ButtonInteraction,
  type Interaction,
  type StringSelectMenuInteraction,
  type TextChannel,
} from 'discord.js';
import type { Speaker } from '../../i18n/index.js';
import type { Organiser, TournamentView } from '../../tournaments/index.js';
import type { BotContext } from '../context.js';
import type { TournamentAction } from '../customId.js';
import { memberLine } from '../views/memberText.js';
import { nameText } from '../views/tournament.js';
import { unix } from '../views/words.js';
import { replyPrivately } from './replies.js';

/** A refusal of the tournaments (or the services) in the reader's language. */
export const refusalText = (sp: Speaker, error: { message: string; phrase?: { key: string } }) => sp.sayOr(error.phrase as never, 'tournaments', error.message);

/** The member's role ids, as the interaction gives them (a cached member, or the raw one). */
function roleIds(i: Interaction): string[] {
  const roles = (i.member as { roles?: unknown } | null)?.roles;
  if (Array.isArray(roles)) return roles as string[];
  const cache = (roles as { cache?: Map<string, unknown> } | undefined)?.cache;
  return cache ? [...cache.keys()] : [];
}

/** Whether the member may organise tournaments here: Manage Server, or the server's organisers' role. */
export async function mayOrganise(ctx: BotContext, i: Interaction): Promise<boolean> {
  if (i.memberPermissions?.has(PermissionFlagsBits.ManageGuild)) return true;
  const role = (await ctx.services.settings.guild(i.guildId)).tournamentRoleId;
  // The @everyone role (the server's own id): every member may.
  return role !== null && (role === i.guildId || roleIds(i).includes(role));
}

export async function organiserOf(ctx: BotContext, i: Interaction): Promise<Organiser> {
  return { userId: i.user.id, mayOrganise: await mayOrganise(ctx, i) };
}

/** A `/siege` command as the reader's client names it (commands.json): `['tournament', 'tournament.leave']` → "/siege tournament leave". */
export const commandIn = (sp: Speaker, ...path: string[]) => `\`${['/siege', ...path.map((key) => sp.t(`commands:${key}.name`))].join(' ')}\``;

/** The answer to a member who joined: when the sign-up closes, and that a vacation pauses their clocks but not a round's deadline. */
export function joinedText(sp: Speaker, t: TournamentView): string {
  return sp.t('tournaments:press.joined', { name: nameText(t), when: `<t:${unix(t.signupClosesAt)}:R>`, command: commandIn(sp, 'vacation') });
}

/** What the bot needs in the arena's channel to deal there: a private thread it can make and post in. */
const ARENA_PERMISSIONS = [PermissionFlagsBits.ViewChannel, PermissionFlagsBits.CreatePrivateThreads, PermissionFlagsBits.SendMessagesInThreads];

/**
 * An arena's deal button: the member's deal, dealt in a private thread of the arena's channel with
 * only them and the bot (nobody else sees it until the arena is over). Checked before the thread
 * is made; the thread is removed when the deal could not be dealt after all (pressed twice).
 */
async function playDeal(ctx: BotContext, i: ButtonInteraction, t: TournamentView, deal: number): Promise<void> {
  const sp = ctx.locales.reader(i);
  await i.deferReply({ flags: MessageFlags.Ephemeral });
  const allowed = await ctx.tournaments.arenaCheck(t.id, i.user.id, deal);
  if (!allowed.ok) return replyPrivately(i, refusalText(sp, allowed.error));
  const parent = (await ctx.client.channels.fetch(t.channelId).catch(() => null)) as TextChannel | null;
  const me = ctx.client.user;
  if (!parent || parent.type !== ChannelType.GuildText || !me || !parent.permissionsFor(me)?.has(ARENA_PERMISSIONS)) {
    return replyPrivately(i, sp.t('tournaments:arena.noPrivateThread', { channel: `<#${t.channelId}>` }));
  }
  // A thread's name is seen in the server's channel list: the server's language, the names as one plain line.
  const server = await ctx.locales.server(t.guildId);
  const player = await ctx.publisher.places.memberName(t.guildId, i.user.id, server);
  let thread;
  try {
    thread = await parent.threads.create({
      name: server.t('tournaments:arena.thread', { name: memberLine(t.name), deal, player: memberLine(player) }).slice(0, 100),
      type: ChannelType.PrivateThread,
      invitable: false,
      autoArchiveDuration: 10080,
      reason: server.t('tournaments:arena.audit', { deal }),
    });
  } catch (e) {
    if (e instanceof DiscordAPIError && (e.code === RESTJSONErrorCodes.MissingPermissions || e.code === RESTJSONErrorCodes.MissingAccess)) {
      return replyPrivately(i, sp.t('tournaments:arena.noPrivateThread', { channel: `<#${t.channelId}>` }));
    }
    throw e;
  }
  await thread.members.add(i.user.id);
  const dealt = await ctx.tournaments.playArena(t.id, i.user.id, deal, thread.id);
  if (!dealt.ok) {
    await thread.delete().catch(() => {});
    return replyPrivately(i, refusalText(sp, dealt.error));
  }
  await i.editReply({ content: sp.t('tournaments:arena.ready', { deal, name: nameText(t), thread: `<#${thread.id}>`, when: `<t:${unix(dealt.value.endsAt)}:R>` }).slice(0, 2000), allowedMentions: { parse: [] } });
}

export async function handleTournamentComponent(ctx: BotContext, i: ButtonInteraction | StringSelectMenuInteraction, action: TournamentAction): Promise<void> {
  const sp = ctx.locales.reader(i);
  const id = action.tournamentId;
  const found = await ctx.tournaments.get(id);
  if (!found || found.guildId !== i.guildId) return replyPrivately(i, sp.t('tournaments:refusals.noTournament'));
  switch (action.kind) {
    case 'tournament-join': {
      await i.deferReply({ flags: MessageFlags.Ephemeral });
      const joined = await ctx.tournaments.join(id, i.user.id);
      return replyPrivately(i, joined.ok ? joinedText(sp, joined.value) : refusalText(sp, joined.error));
    }
    case 'tournament-leave': {
      // On the sign-up message: off the roster at once. Once the tournament runs, leaving is a withdrawal, asked first.
      if (found.status === 'RUNNING') return replyPrivately(i, sp.t('tournaments:press.useLeave', { command: commandIn(sp, 'tournament', 'tournament.leave') }));
      await i.deferReply({ flags: MessageFlags.Ephemeral });
      const left = await ctx.tournaments.leave(id, i.user.id);
      return replyPrivately(i, left.ok ? sp.t('tournaments:press.left', { name: nameText(found) }) : refusalText(sp, left.error));
    }
    case 'tournament-withdraw': {
      // The confirmation's own message says how it ended.
      await i.deferUpdate();
      const left = await ctx.tournaments.leave(id, i.user.id);
      const withdrew = found.format === 'arena' ? 'tournaments:press.arenaWithdrawn' : 'tournaments:press.withdrawn';
      const text = left.ok ? sp.t(left.value.withdrawn ? withdrew : 'tournaments:press.left', { name: nameText(found) }) : refusalText(sp, left.error);
      await i.editReply({ content: text.slice(0, 2000), components: [], allowedMentions: { parse: [] } });
      return;
    }
    case 'tournament-play':
      return playDeal(ctx, i as ButtonInteraction, found, action.deal);
    case 'tournament-cancel': {
      await i.deferUpdate();
      const cancelled = await ctx.tournaments.cancel(id, await organiserOf(ctx, i));
      const text = cancelled.ok ? sp.t('tournaments:press.cancelled', { name: nameText(found) }) : refusalText(sp, cancelled.error);
      await i.editReply({ content: text.slice(0, 2000), components: [], allowedMentions: { parse: [] } });
      return;
    }
  }
}
