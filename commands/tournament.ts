// `/siege tournament create|start|cancel|remove|leave|list`: organising a tournament (Manage
// Server, or the server's organisers' role), closing its sign-up now, cancelling it, withdrawing a
// member; leaving one; the server's tournaments. Each parses, calls the tournaments, and answers
// privately; what everyone sees follows from the tournaments' events.
import { ActionRowBuilder, ButtonBuilder, ButtonStyle, MessageFlags, type MessageActionRowComponentBuilder, type SlashCommandSubcommandBuilder } from 'discord.js';
import { encodeCustomId } from '../src/discord/customId.js';
import { replyPrivately } from '../src/discord/handlers/replies.js';
import { organiserOf, refusalText } from '../src/discord/handlers/tournamentPress.js';
import { nameText, tournamentList } from '../src/discord/views/tournament.js';
import { gameById } from '../src/games/index.js';
import type { Speaker } from '../src/i18n/index.js';
import type { TournamentView } from '../src/tournaments/index.js';
import { createTournament, defineCreate, gameOptionChoices } from './tournamentCreate.js';
import { localized } from './localize.js';
import { clockChoices, commandText } from './speech.js';
import type { Subcommand } from './types.js';

type Context = Parameters<Subcommand['execute']>[0];
type Command = Parameters<Subcommand['execute']>[1];

/** The `tournament:` option of every subcommand that acts on one: offered by autocomplete. */
const withTournament = (sub: SlashCommandSubcommandBuilder) =>
  sub.addIntegerOption((o) => localized(o.setName('tournament'), 'commands:tournament.which').setMinValue(1).setAutocomplete(true));

/** The tournaments a subcommand may act on for this member: theirs to organise, or to leave. */
async function candidates(ctx: Context, i: Command | Parameters<NonNullable<Subcommand['autocomplete']>>[1], action: string): Promise<TournamentView[]> {
  if (!i.guildId) return [];
  if (action === 'leave') return ctx.tournaments.joinedBy(i.guildId, i.user.id);
  const all = (await ctx.tournaments.list(i.guildId)).filter((t) => (action === 'start' ? t.status === 'SIGNUP' : t.status === 'SIGNUP' || t.status === 'RUNNING'));
  const by = await organiserOf(ctx, i);
  return all.filter((t) => by.mayOrganise || t.organiserId === i.user.id);
}

/** The tournament named by `tournament:`, else the only one the member may act on; null after saying why not. */
async function chosen(ctx: Context, i: Command, sp: Speaker, action: string): Promise<TournamentView | null> {
  const id = i.options.getInteger('tournament');
  if (id !== null) {
    const t = await ctx.tournaments.get(id);
    if (t && t.guildId === i.guildId) return t;
    await replyPrivately(i, sp.t('tournaments:refusals.noTournament'));
    return null;
  }
  const open = await candidates(ctx, i, action);
  if (open.length === 1) return open[0]!;
  await replyPrivately(i, sp.t(open.length ? 'tournaments:command.whichOne' : 'tournaments:command.noneHere', { option: `\`${sp.t('commands:tournament.which.name')}:\`` }));
  return null;
}

const confirmRow = (customId: string, label: string) =>
  new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(new ButtonBuilder().setCustomId(customId).setLabel(label.slice(0, 80)).setStyle(ButtonStyle.Danger));

export const tournament: Subcommand = {
  name: 'tournament',
  defineGroup: (group) =>
    localized(group.setName('tournament'), 'commands:tournament')
      .addSubcommand(defineCreate)
      .addSubcommand((sub) => withTournament(localized(sub.setName('start'), 'commands:tournament.start')))
      .addSubcommand((sub) => withTournament(localized(sub.setName('cancel'), 'commands:tournament.cancel')))
      .addSubcommand((sub) => withTournament(localized(sub.setName('remove'), 'commands:tournament.remove')
        .addUserOption((o) => localized(o.setName('member'), 'commands:tournament.remove.member').setRequired(true))))
      .addSubcommand((sub) => withTournament(localized(sub.setName('leave'), 'commands:tournament.leave')))
      .addSubcommand((sub) => localized(sub.setName('list'), 'commands:tournament.list')),

  async autocomplete(ctx, i) {
    const sp = ctx.locales.reader(i);
    const focused = i.options.getFocused(true);
    const typed = String(focused.value ?? '').toLowerCase();
    let choices: { name: string; value: string | number }[];
    if (focused.name === 'tournament') {
      choices = (await candidates(ctx, i, i.options.getSubcommand(false) ?? '')).map((t) => ({ name: `${t.name} (#${t.id})`, value: t.id }));
    } else if (focused.name === 'clock') {
      choices = clockChoices(sp);
    } else {
      choices = gameOptionChoices(sp, focused.name);
    }
    const matching = choices.filter((c) => String(c.value).toLowerCase().includes(typed) || c.name.toLowerCase().includes(typed));
    await i.respond(matching.slice(0, 25).map((c) => ({ name: c.name.slice(0, 100), value: typeof c.value === 'string' ? c.value.slice(0, 100) : c.value })));
  },

  async execute(ctx, i) {
    const sp = ctx.locales.reader(i);
    if (!i.inGuild() || !i.guildId) return replyPrivately(i, sp.t('tournaments:command.notInServer'));
    const action = i.options.getSubcommand(false) ?? '';
    if (action === 'create') return createTournament(ctx, i);
    if (action === 'list') {
      const all = await ctx.tournaments.list(i.guildId);
      const rows = await Promise.all(all.map(async (t) => ({ t, def: gameById(t.gameType)!, players: (await ctx.tournaments.players(t.id)).length })));
      await i.reply({ embeds: [tournamentList(sp, rows.filter((r) => r.def), commandText(sp, 'tournament', 'tournament.create'))], flags: MessageFlags.Ephemeral, allowedMentions: { parse: [] } });
      return;
    }
    const t = await chosen(ctx, i, sp, action);
    if (!t) return;
    const name = nameText(t);
    switch (action) {
      case 'start': {
        await i.deferReply({ flags: MessageFlags.Ephemeral });
        const started = await ctx.tournaments.start(t.id, await organiserOf(ctx, i));
        if (!started.ok) return replyPrivately(i, refusalText(sp, started.error));
        return replyPrivately(i, sp.t(started.value === 'started' ? 'tournaments:command.started' : 'tournaments:command.startCancelled', { name }));
      }
      case 'cancel': {
        const by = await organiserOf(ctx, i);
        if (t.organiserId !== by.userId && !by.mayOrganise) return replyPrivately(i, sp.t('tournaments:refusals.notOrganiser'));
        await i.reply({
          content: sp.t('tournaments:press.cancelAsk', { name }),
          components: [confirmRow(encodeCustomId({ kind: 'tournament-cancel', tournamentId: t.id }), sp.t('tournaments:buttons.cancel'))],
          flags: MessageFlags.Ephemeral,
          allowedMentions: { parse: [] },
        });
        return;
      }
      case 'remove': {
        const member = i.options.getUser('member', true);
        await i.deferReply({ flags: MessageFlags.Ephemeral });
        const removed = await ctx.tournaments.remove(t.id, member.id, await organiserOf(ctx, i));
        if (!removed.ok) return replyPrivately(i, refusalText(sp, removed.error));
        return replyPrivately(i, sp.t(removed.value.withdrawn ? 'tournaments:command.removedWithdrawn' : 'tournaments:command.removed', { member: `<@${member.id}>`, name }));
      }
      case 'leave': {
        if (t.status !== 'RUNNING') {
          await i.deferReply({ flags: MessageFlags.Ephemeral });
          const left = await ctx.tournaments.leave(t.id, i.user.id);
          return replyPrivately(i, left.ok ? sp.t('tournaments:press.left', { name }) : refusalText(sp, left.error));
        }
        // Withdrawing forfeits the games still to play: asked first.
        await i.reply({
          content: sp.t(t.format === 'arena' ? 'tournaments:press.arenaWithdrawAsk' : 'tournaments:press.withdrawAsk', { name }),
          components: [confirmRow(encodeCustomId({ kind: 'tournament-withdraw', tournamentId: t.id }), sp.t('tournaments:buttons.withdraw'))],
          flags: MessageFlags.Ephemeral,
          allowedMentions: { parse: [] },
        });
        return;
      }
    }
    return replyPrivately(i, sp.t('discord:router.unknownCommand', { command: '`/siege help`' }));
  },
};
