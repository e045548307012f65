// `npm run deploy-commands`: registers /siege with Discord, for one server (DISCORD_GUILD_ID,
// instant) or globally (can take up to an hour to appear everywhere). With ACTIVITY=on it also
// registers the app's Entry Point command, which Discord allows only globally and only once
// (README, "Activity").
import 'dotenv/config';
import { ApplicationCommandType, REST, Routes } from 'discord.js';
import { buildEntryPointCommand, buildSiegeCommand } from '../commands/index.js';
import { ConfigError, loadConfig, TOKEN_HELP } from '../src/config/env.js';

try {
  const config = loadConfig();
  if (!config.discordToken) throw new ConfigError(TOKEN_HELP);
  const rest = new REST(config.discordApiUrl ? { api: config.discordApiUrl } : {}).setToken(config.discordToken);
  const appId = config.applicationId ?? ((await rest.get(Routes.currentApplication())) as { id: string }).id;
  const siege = buildSiegeCommand().toJSON();
  const entryPoint = config.activity ? buildEntryPointCommand() : null;
  if (config.deployGuildId) {
    await rest.put(Routes.applicationGuildCommands(appId, config.deployGuildId), { body: [siege] });
    console.log(`Deployed /siege to server ${config.deployGuildId}.`);
    if (entryPoint) {
      // Discord made one when Activities were enabled: it is changed into ours, never doubled.
      const global = (await rest.get(Routes.applicationCommands(appId))) as { id: string; type: number }[];
      const existing = global.find((c) => c.type === ApplicationCommandType.PrimaryEntryPoint);
      if (existing) await rest.patch(Routes.applicationCommand(appId, existing.id), { body: entryPoint });
      else await rest.post(Routes.applicationCommands(appId), { body: entryPoint });
      console.log('Deployed the Activity\'s Entry Point command globally.');
    }
  } else {
    // A bulk overwrite must keep the app's Entry Point command: Discord refuses one that drops it.
    await rest.put(Routes.applicationCommands(appId), { body: entryPoint ? [siege, entryPoint] : [siege] });
    console.log(`Deployed /siege${entryPoint ? ' and the Activity\'s Entry Point command' : ''} globally (it may take a while to appear in every server).`);
  }
} catch (e) {
  console.error(e instanceof ConfigError ? `Cannot deploy: ${e.message}` : e);
  process.exit(1);
}
