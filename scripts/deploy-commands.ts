// `npm run deploy-commands`: registers /siege with Discord, for one server (DISCORD_GUILD_ID,
// instant) or globally (can take up to an hour to appear everywhere).
import 'dotenv/config';
import { REST, Routes } from 'discord.js';
import { buildSiegeCommand } from '../commands/index.js';
import { ConfigError, loadConfig, TOKEN_HELP } from '../src/config/env.js';

try {
  const config = loadConfig();
  if (!config.discordToken) throw new ConfigError(TOKEN_HELP);
  const rest = new REST(config.discordApiUrl ? { api: config.discordApiUrl } : {}).setToken(config.discordToken);
  const appId = config.applicationId ?? ((await rest.get(Routes.currentApplication())) as { id: string }).id;
  const body = [buildSiegeCommand().toJSON()];
  if (config.deployGuildId) {
    await rest.put(Routes.applicationGuildCommands(appId, config.deployGuildId), { body });
    console.log(`Deployed /siege to server ${config.deployGuildId}.`);
  } else {
    await rest.put(Routes.applicationCommands(appId), { body });
    console.log('Deployed /siege globally (it may take a while to appear in every server).');
  }
} catch (e) {
  console.error(e instanceof ConfigError ? `Cannot deploy: ${e.message}` : e);
  process.exit(1);
}
