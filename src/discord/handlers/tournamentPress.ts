// Presses on a tournament's controls: Join and Leave on its sign-up message, and the private
// confirmations of a withdrawal (a player leaving a running tournament) and of a cancellation (its
// organiser). Each answers privately, in the presser's language; the public messages follow from
// the tournaments' events (publish/tournaments.ts).
import { MessageFlags, PermissionFlagsBits, type ButtonInteraction, type Interaction, type StringSelectMenuInteraction } from 'discord.js';
import type { Speaker } from '../../i18n/index.js';
import type { Organiser, TournamentView } from '../../tournaments/index.js';
import type { BotContext } from '../context.js';
import type { TournamentAction } from '../customId.js';
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
      const text = left.ok ? sp.t(left.value.withdrawn ? 'tournaments:press.withdrawn' : 'tournaments:press.left', { name: nameText(found) }) : refusalText(sp, left.error);
      await i.editReply({ content: text.slice(0, 2000), components: [], allowedMentions: { parse: [] } });
      return;
    }
    case 'tournament-cancel': {
      await i.deferUpdate();
      const cancelled = await ctx.tournaments.cancel(id, await organiserOf(ctx, i));
      const text = cancelled.ok ? sp.t('tournaments:press.cancelled', { name: nameText(found) }) : refusalText(sp, cancelled.error);
      await i.editReply({ content: text.slice(0, 2000), components: [], allowedMentions: { parse: [] } });
      return;
    }
  }
}
