// Every interaction enters here: parsed, routed to its handler, and answered on every path.
import type { Interaction } from 'discord.js';
import { subcommandByName } from '../../commands/index.js';
import { handleChallengeComponent, handleRematch } from './components/challengeComponents.js';
import { handleGameComponent, replyUnknownComponent } from './components/gameComponents.js';
import type { BotContext } from './context.js';
import { decodeCustomId } from './customId.js';
import { handleClaimComponent } from './jobs.js';
import { handleRecordsComponent, isRecordsAction } from './components/recordsComponents.js';
import { replyPrivately, replyUnexpected } from './replies.js';
import { handleDailyComponent, isDailyCustomId } from './daily.js';
import { handleSettingsComponent } from './components/settingsComponents.js';

export async function routeInteraction(ctx: BotContext, i: Interaction): Promise<void> {
  try {
    if (i.isAutocomplete()) {
      if (i.commandName !== 'siege') return i.respond([]);
      const sub = subcommandByName(i.options.getSubcommandGroup(false) ?? i.options.getSubcommand(false) ?? '');
      if (!sub?.autocomplete) return i.respond([]);
      await sub.autocomplete(ctx, i);
      return;
    }
    if (i.isChatInputCommand()) {
      const sub = i.commandName === 'siege' ? subcommandByName(i.options.getSubcommandGroup(false) ?? i.options.getSubcommand(false) ?? '') : undefined;
      if (!sub) return replyPrivately(i, 'I do not know that command. Try `/siege help`.');
      await sub.execute(ctx, i);
      return;
    }
    if (i.isButton() && isDailyCustomId(i.customId)) return handleDailyComponent(ctx, i);
    if (i.isButton() || i.isStringSelectMenu()) {
      const action = decodeCustomId(i.customId);
      if (!action) return replyUnknownComponent(i);
      if (action.kind === 'accept' || action.kind === 'decline') return handleChallengeComponent(ctx, i, action);
      if (action.kind === 'rematch') return i.isButton() ? handleRematch(ctx, i, action.gameId) : replyUnknownComponent(i);
      if (isRecordsAction(action)) return handleRecordsComponent(ctx, i, action);
      if (action.kind === 'settings') return handleSettingsComponent(ctx, i, action);
      if (action.kind === 'claim') {
        if (!i.isButton()) return replyUnknownComponent(i);
        return handleClaimComponent(ctx, i, action);
      }
      return handleGameComponent(ctx, i, action);
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
