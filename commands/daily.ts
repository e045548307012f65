// `/siege daily play game:<solo game>` and `/siege daily leaderboard game:<id> [day]`: the daily siege.
import type { AutocompleteInteraction } from 'discord.js';
import { playDaily } from '../src/discord/handlers/daily.js';
import { leaderboardEmbed } from '../src/discord/views/daily.js';
import { replyPrivately } from '../src/discord/handlers/replies.js';
import { dailyGame, dailyGames, parseDay } from '../src/services/dailyRules.js';
import { gameTypeOption } from './recordsShared.js';
import type { Subcommand } from './types.js';

async function suggestSoloGames(i: AutocompleteInteraction): Promise<void> {
  const typed = String(i.options.getFocused() ?? '').toLowerCase();
  const matching = dailyGames().filter((g) => g.id.includes(typed) || g.title.toLowerCase().includes(typed));
  await i.respond(matching.slice(0, 25).map((g) => ({ name: g.title.slice(0, 100), value: g.id })));
}

export const daily: Subcommand = {
  name: 'daily',
  defineGroup: (group) =>
    group
      .setName('daily')
      .setDescription('Daily challenge')
      .addSubcommand((sub) => sub.setName('play').setDescription("Today's deal").addStringOption((o) => gameTypeOption(o, 'Game', true)))
      .addSubcommand((sub) =>
        sub
          .setName('leaderboard')
          .setDescription('Results')
          .addStringOption((o) => gameTypeOption(o, 'Game', true))
          .addStringOption((o) => o.setName('day').setDescription('YYYY-MM-DD').setMaxLength(10)),
      ),
  autocomplete: (_ctx, i) => suggestSoloGames(i),
  async execute(ctx, i) {
    if (!i.inGuild() || !i.guildId) return replyPrivately(i, 'The daily siege is played in servers: run this in a server channel.');
    const gameType = i.options.getString('game') ?? '';
    const def = dailyGame(gameType);
    if (!def) return replyPrivately(i, `There is no daily siege of "${gameType.slice(0, 40)}": pick a solo game from the list.`);
    const action = i.options.getSubcommand(false);
    const server = await ctx.services.settings.guild(i.guildId);
    if (action === 'play') {
      if (!server.dailyEnabled) return replyPrivately(i, 'The daily siege is turned off on this server (`/siege config daily:True` turns it on).');
      const here = i.channel?.isThread() ? (i.channel.parentId ?? i.channelId) : i.channelId;
      if (server.allowedChannelIds.length && !server.allowedChannelIds.includes(here)) {
        return replyPrivately(i, `Games are started in ${server.allowedChannelIds.map((c) => `<#${c}>`).join(', ')} on this server.`);
      }
      return playDaily(ctx, i, def);
    }
    if (action === 'leaderboard') {
      const typed = i.options.getString('day');
      const today = ctx.services.daily.today();
      const day = typed === null ? today : parseDay(typed);
      if (!day) return replyPrivately(i, `"${typed!.slice(0, 20)}" is not a day: write it as YYYY-MM-DD, like ${today}.`);
      if (day > today) return replyPrivately(i, `The daily siege of ${day} has not been dealt yet: today is ${today} (UTC).`);
      await i.deferReply();
      const entries = await ctx.services.daily.leaderboard(i.guildId, def.id, day);
      await i.editReply({ embeds: [leaderboardEmbed(await ctx.locales.server(i.guildId), def, day, entries)], allowedMentions: { parse: [] } });
      return;
    }
    return replyPrivately(i, 'Use `/siege daily play` or `/siege daily leaderboard`.');
  },
};
