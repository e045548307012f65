// Every interaction enters here: parsed, routed to its handler, and answered on every path. The
// slash commands (commands/, at the top of the project) are handed in where the app is composed.
import {
  ComponentType,
  type AutocompleteInteraction,
  type ButtonInteraction,
  type ChatInputCommandInteraction,
  type Interaction,
  type SlashCommandSubcommandBuilder,
  type SlashCommandSubcommandGroupBuilder,
  type StringSelectMenuInteraction,
} from 'discord.js';
import type { BotContext } from './context.js';
import { decodeCustomId } from './customId.js';
import { handleChallengeComponent, handleRematch } from './handlers/challengePress.js';
import { handleClaimComponent } from './handlers/claimPress.js';
import { handleDailyComponent, isDailyCustomId } from './handlers/daily.js';
import { handleDescribeComponent } from './handlers/describePress.js';
import { handleGameComponent, replyUnknownComponent } from './handlers/gamePress.js';
import { handleRecordsComponent, handleReplay } from './handlers/recordsPress.js';
import { replyPrivately, replyUnexpected } from './handlers/replies.js';
import { handleSettingsComponent } from './handlers/settingsPress.js';
import { handleTakebackComponent } from './handlers/takebackPress.js';
import { handleTournamentComponent } from './handlers/tournamentPress.js';
import { wrongOption } from './optionCheck.js';

/**
 * One `/siege` subcommand (or subcommand group, such as `/siege vacation start|end`): its
 * definition and a thin handler that calls the master or the services.
 */
export type Subcommand = {
  name: string;
  define?(sub: SlashCommandSubcommandBuilder): SlashCommandSubcommandBuilder;
  defineGroup?(group: SlashCommandSubcommandGroupBuilder): SlashCommandSubcommandGroupBuilder;
  execute(ctx: BotContext, i: ChatInputCommandInteraction): Promise<void>;
  autocomplete?(ctx: BotContext, i: AutocompleteInteraction): Promise<void>;
};

/** The `/siege` command: its subcommands by name, and its registered definition (for option checks). */
export type CommandSet = {
  byName(name: string): Subcommand | undefined;
  definition(): Parameters<typeof wrongOption>[1];
};

export function createRouter(commands: CommandSet) {
  const subcommandOf = (i: ChatInputCommandInteraction | AutocompleteInteraction) =>
    i.commandName === 'siege' ? commands.byName(i.options.getSubcommandGroup(false) ?? i.options.getSubcommand(false) ?? '') : undefined;

  return async function routeInteraction(ctx: BotContext, i: Interaction): Promise<void> {
    // Their direct messages speak the language their client speaks (written only when it changed).
    void ctx.locales.remember(i).catch((e) => ctx.log.warn('could not note a member\'s language', { err: e }));
    try {
      if (i.isAutocomplete()) {
        const sub = subcommandOf(i);
        if (!sub?.autocomplete) return await i.respond([]);
        await sub.autocomplete(ctx, i);
        return;
      }
      if (i.isChatInputCommand()) {
        const sub = subcommandOf(i);
        if (!sub) return await replyPrivately(i, ctx.locales.reader(i).t('discord:router.unknownCommand', { command: '`/siege help`' }));
        const wrong = wrongOption(ctx.locales.reader(i), commands.definition(), i);
        if (wrong) return await replyPrivately(i, wrong);
        await sub.execute(ctx, i);
        return;
      }
      // Every handler is awaited inside this `try`: a failure (the database down) must reach the
      // private error reply below, never end as an unhandled rejection with the press unanswered.
      // A forged press (a customId the message never showed) must not act on, or edit, the message it names.
      if ((i.isButton() || i.isStringSelectMenu()) && !carriesPressedComponent(i)) return await replyUnknownComponent(ctx, i);
      if (i.isButton() && isDailyCustomId(i.customId)) return await handleDailyComponent(ctx, i);
      if (i.isButton() || i.isStringSelectMenu()) {
        const action = decodeCustomId(i.customId);
        if (!action) return await replyUnknownComponent(ctx, i);
        switch (action.kind) {
          case 'accept':
          case 'decline':
            return await handleChallengeComponent(ctx, i, action);
          case 'rematch':
            return i.isButton() ? await handleRematch(ctx, i, action.gameId) : await replyUnknownComponent(ctx, i);
          case 'replay':
            return i.isButton() ? await handleReplay(ctx, i, action.gameId) : await replyUnknownComponent(ctx, i);
          case 'history':
          case 'review':
            return await handleRecordsComponent(ctx, i, action);
          case 'undo':
          case 'takeback-ask':
          case 'takeback-accept':
          case 'takeback-decline':
            return await handleTakebackComponent(ctx, i, action);
          case 'settings':
            return await handleSettingsComponent(ctx, i, action);
          case 'claim':
            return i.isButton() ? await handleClaimComponent(ctx, i, action) : await replyUnknownComponent(ctx, i);
          case 'tournament-join':
          case 'tournament-leave':
          case 'tournament-withdraw':
          case 'tournament-cancel':
          case 'tournament-play':
            return i.isButton() ? await handleTournamentComponent(ctx, i, action) : await replyUnknownComponent(ctx, i);
          case 'describe':
            return i.isButton() ? await handleDescribeComponent(ctx, i, action) : await replyUnknownComponent(ctx, i);
          // "Play on the board": Discord opens the Activity in this thread, which finds the game itself (README, "Activity").
          case 'activity':
            return i.isButton() ? void (await i.launchActivity()) : await replyUnknownComponent(ctx, i);
          default:
            return await handleGameComponent(ctx, i, action);
        }
      }
      if (i.isRepliable()) await replyPrivately(i, ctx.locales.reader(i).t('discord:router.unknownInteraction'));
    } catch (e) {
      // The line says whose interaction failed, where: the guild, its shard, the member.
      const log = ctx.log.child({ guildId: i.guildId ?? undefined, shardId: i.guild?.shardId, userId: i.user.id });
      if (i.isAutocomplete()) {
        log.error('autocomplete failed', { err: e });
        if (!i.responded) await i.respond([]).catch(() => {});
        return;
      }
      await replyUnexpected(i.isRepliable() ? i : null, log, e, `interaction ${i.id}`);
    }
  };
}

/** A real press comes from a component the message shows: its customId, and its kind, are on the message. */
function carriesPressedComponent(i: ButtonInteraction | StringSelectMenuInteraction): boolean {
  const kind = i.isButton() ? ComponentType.Button : ComponentType.StringSelect;
  const carries = (c: unknown): boolean => {
    const node = c as { type?: number; custom_id?: string; components?: unknown[]; accessory?: unknown } | null;
    if (!node || typeof node !== 'object') return false;
    if (node.custom_id === i.customId && node.type === kind) return true;
    return (node.components ?? []).some(carries) || carries(node.accessory);
  };
  return i.message.components.some((c) => carries(c.toJSON()));
}
