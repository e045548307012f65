// Every interaction enters here: parsed, routed to its handler, and answered on every path.
import { ComponentType, type ButtonInteraction, type Interaction, type StringSelectMenuInteraction } from 'discord.js';
import { buildSiegeCommand, subcommandByName } from '../../commands/index.js';
import { wrongOption } from './optionCheck.js';
import { allGames } from '../games/index.js';
import { handleChallengeComponent, handleRematch } from './components/challengeComponents.js';
import { handleGameComponent, replyUnknownComponent } from './components/gameComponents.js';
import type { BotContext } from './context.js';
import { decodeCustomId } from './customId.js';
import { handleClaimComponent } from './jobs.js';
import { handleRecordsComponent, isRecordsAction } from './components/recordsComponents.js';
import { handleReplay } from './components/recordsReplay.js';
import { replyPrivately, replyUnexpected } from './replies.js';
import { handleDailyComponent, isDailyCustomId } from './daily.js';
import { handleSettingsComponent } from './components/settingsComponents.js';

let definition: { games: string; json: ReturnType<ReturnType<typeof buildSiegeCommand>['toJSON']> } | null = null;
/**
 * The `/siege` command as registered: what options each subcommand takes. Built once per set of
 * games offered (a test may offer one more).
 */
function siegeDefinition() {
  const games = allGames().map((g) => g.id).join();
  if (definition?.games !== games) definition = { games, json: buildSiegeCommand().toJSON() };
  return definition.json;
}

export async function routeInteraction(ctx: BotContext, i: Interaction): Promise<void> {
  try {
    if (i.isAutocomplete()) {
      if (i.commandName !== 'siege') return await i.respond([]);
      const sub = subcommandByName(i.options.getSubcommandGroup(false) ?? i.options.getSubcommand(false) ?? '');
      if (!sub?.autocomplete) return await i.respond([]);
      await sub.autocomplete(ctx, i);
      return;
    }
    if (i.isChatInputCommand()) {
      const sub = i.commandName === 'siege' ? subcommandByName(i.options.getSubcommandGroup(false) ?? i.options.getSubcommand(false) ?? '') : undefined;
      if (!sub) return await replyPrivately(i, 'I do not know that command. Try `/siege help`.');
      const wrong = wrongOption(siegeDefinition(), i);
      if (wrong) return await replyPrivately(i, wrong);
      await sub.execute(ctx, i);
      return;
    }
    // Every handler is awaited inside this `try`: a failure (the database down) must reach the
    // private error reply below, never end as an unhandled rejection with the press unanswered.
    // A forged press (a customId the message never showed) must not act on, or edit, the message it names.
    if ((i.isButton() || i.isStringSelectMenu()) && !carriesPressedComponent(i)) return await replyUnknownComponent(i);
    if (i.isButton() && isDailyCustomId(i.customId)) return await handleDailyComponent(ctx, i);
    if (i.isButton() || i.isStringSelectMenu()) {
      const action = decodeCustomId(i.customId);
      if (!action) return await replyUnknownComponent(i);
      if (action.kind === 'accept' || action.kind === 'decline') return await handleChallengeComponent(ctx, i, action);
      if (action.kind === 'rematch') return i.isButton() ? await handleRematch(ctx, i, action.gameId) : await replyUnknownComponent(i);
      if (action.kind === 'replay') return i.isButton() ? await handleReplay(ctx, i, action.gameId) : await replyUnknownComponent(i);
      if (isRecordsAction(action)) return await handleRecordsComponent(ctx, i, action);
      if (action.kind === 'settings') return await handleSettingsComponent(ctx, i, action);
      if (action.kind === 'claim') {
        if (!i.isButton()) return await replyUnknownComponent(i);
        return await handleClaimComponent(ctx, i, action);
      }
      return await handleGameComponent(ctx, i, action);
    }
    if (i.isRepliable()) await replyPrivately(i, 'I cannot handle that kind of interaction.');
  } catch (e) {
    if (i.isAutocomplete()) {
      ctx.log.error('autocomplete failed', { err: e });
      if (!i.responded) await i.respond([]).catch(() => {});
      return;
    }
    await replyUnexpected(i.isRepliable() ? i : null, ctx.log, e, `interaction ${i.id}`);
  }
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
