// The one `/siege` command, assembled from one file per subcommand.
import { ApplicationCommandType, ApplicationIntegrationType, EntryPointCommandHandlerType, InteractionContextType, SlashCommandBuilder } from 'discord.js';
import { SOURCE_LOCALE, t } from '../src/i18n/index.js';
import type { CommandSet } from '../src/discord/router.js';
import { allGames } from '../src/games/index.js';
import { board } from './board.js';
import { config } from './config.js';
import { notify } from './notify.js';
import { settings } from './settings.js';
import { vacation } from './vacation.js';
import { gamesCommand } from './games.js';
import { help } from './help.js';
import { move } from './move.js';
import { resign } from './resign.js';
import { rules } from './rules.js';
import { start } from './start.js';
import { tournament } from './tournament.js';
import { stats } from './stats.js';
import { leaderboardCommand } from './leaderboard.js';
import { history } from './history.js';
import { review } from './review.js';
import { daily } from './daily.js';
import { localizations, localized } from './localize.js';
import type { Subcommand } from './types.js';

export const subcommands: Subcommand[] = [start, move, board, gamesCommand, resign, vacation, notify, settings, config, rules, help, stats, leaderboardCommand, history, review, daily, tournament];

export function buildSiegeCommand() {
  const cmd = localized(new SlashCommandBuilder().setName('siege'), 'commands:siege').setContexts(InteractionContextType.Guild);
  for (const s of subcommands) {
    if (s.defineGroup) cmd.addSubcommandGroup((group) => s.defineGroup!(group));
    else if (s.define) cmd.addSubcommand((sub) => s.define!(sub));
  }
  return cmd;
}

/**
 * The app's Entry Point command (ACTIVITY=on; README, "Activity"): the App Launcher's way into the
 * Activity. Discord opens it itself (DISCORD_LAUNCH_ACTIVITY), so no interaction reaches the bot.
 * An app has one, global only; it is named "launch" as the one Discord makes when Activities are
 * enabled, so that deploying replaces that one rather than adding a second.
 */
export function buildEntryPointCommand() {
  const key = 'discord:activity.entryPoint';
  return {
    type: ApplicationCommandType.PrimaryEntryPoint,
    name: 'launch',
    description: t(SOURCE_LOCALE, key).slice(0, 100),
    description_localizations: localizations(key),
    handler: EntryPointCommandHandlerType.DiscordLaunchActivity,
    integration_types: [ApplicationIntegrationType.GuildInstall],
    contexts: [InteractionContextType.Guild],
  };
}

export function subcommandByName(name: string): Subcommand | undefined {
  return subcommands.find((s) => s.name === name);
}

let definition: { games: string; json: ReturnType<ReturnType<typeof buildSiegeCommand>['toJSON']> } | null = null;

/**
 * The commands as the router takes them. The registered definition (what options each
 * subcommand takes, for the option checks) is built once per set of games offered (a test may
 * offer one more).
 */
export const siegeCommands: CommandSet = {
  byName: subcommandByName,
  definition() {
    const games = allGames().map((g) => g.id).join();
    if (definition?.games !== games) definition = { games, json: buildSiegeCommand().toJSON() };
    return definition.json;
  },
};
