// `/siege daily play game:<solo game>` and `/siege daily leaderboard game:<id> [day]`: the daily siege.
import { playDaily } from '../src/discord/handlers/daily.js';
import { leaderboardEmbed } from '../src/discord/views/daily.js';
import { replyPrivately } from '../src/discord/handlers/replies.js';
import { dailyGame, dailyGames, parseDay } from '../src/services/dailyRules.js';
import { gameTypeOption, suggestGames } from './recordsShared.js';
import { localized } from './localize.js';
import { commandText } from './speech.js';
import type { Subcommand } from './types.js';

export const daily: Subcommand = {
  name: 'daily',
  defineGroup: (group) =>
    localized(group.setName('daily'), 'commands:daily')
      .addSubcommand((sub) => localized(sub.setName('play'), 'commands:daily.play').addStringOption((o) => gameTypeOption(o, 'commands:daily.game', true)))
      .addSubcommand((sub) =>
        localized(sub.setName('leaderboard'), 'commands:daily.leaderboard')
          .addStringOption((o) => gameTypeOption(o, 'commands:daily.game', true))
          .addStringOption((o) => localized(o.setName('day'), 'commands:daily.leaderboard.day').setMaxLength(10)),
      ),
  autocomplete: (ctx, i) => suggestGames(i, ctx.locales.reader(i), dailyGames()),
  async execute(ctx, i) {
    const sp = ctx.locales.reader(i);
    const say = (key: string, values: Record<string, unknown> = {}) => replyPrivately(i, sp.t(`commands:daily.${key}`, values));
    if (!i.inGuild() || !i.guildId) return say('notInServer');
    const gameType = i.options.getString('game') ?? '';
    const def = dailyGame(gameType);
    if (!def) return say('noDaily', { game: gameType.slice(0, 40) });
    const action = i.options.getSubcommand(false);
    const server = await ctx.services.settings.guild(i.guildId);
    if (action === 'play') {
      if (!server.dailyEnabled) return say('off', { command: `${commandText(sp, 'config')} ${sp.t('commands:config.daily.name')}:True` });
      const here = i.channel?.isThread() ? (i.channel.parentId ?? i.channelId) : i.channelId;
      if (server.allowedChannelIds.length && !server.allowedChannelIds.includes(here)) {
        return replyPrivately(i, sp.t('commands:channelsOnly', { channels: sp.list(server.allowedChannelIds.map((c) => `<#${c}>`)) }));
      }
      return playDaily(ctx, i, def);
    }
    if (action === 'leaderboard') {
      const typed = i.options.getString('day');
      const today = ctx.services.daily.today();
      const day = typed === null ? today : parseDay(typed);
      if (!day) return say('badDay', { typed: typed!.slice(0, 20), today });
      if (day > today) return say('notYet', { day, today });
      await i.deferReply();
      // The day's board is public: the server's language (a view of the adapter).
      const entries = await ctx.services.daily.leaderboard(i.guildId, def.id, day);
      await i.editReply({ embeds: [leaderboardEmbed(await ctx.locales.server(i.guildId), def, day, entries)], allowedMentions: { parse: [] } });
      return;
    }
    return say('which', { play: commandText(sp, 'daily', 'daily.play'), leaderboard: commandText(sp, 'daily', 'daily.leaderboard') });
  },
};
