import { ChannelType, EmbedBuilder, MessageFlags, PermissionFlagsBits } from 'discord.js';
import { replyPrivately } from '../src/discord/handlers/replies.js';
import { LOCALE_NAMES, LOCALES } from '../src/i18n/index.js';
import { CLOCK_CHOICES } from '../src/services/clocks.js';
import { GAMES_PER_HOUR_LIMITS, MAX_GAMES_LIMITS, PENDING_CHALLENGES_LIMITS, type GuildConfig, type GuildConfigInput } from '../src/services/settings.js';
import type { Subcommand } from './types.js';

function durationText(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes % 1440 === 0) return `${minutes / 1440} d`;
  if (minutes % 60 === 0) return `${minutes / 60} h`;
  return `${minutes} min`;
}

export function configEmbed(c: GuildConfig, changed: string[]): EmbedBuilder {
  const mark = (name: string) => (changed.includes(name) ? ' ✏️' : '');
  return new EmbedBuilder()
    .setTitle('Siege settings for this server')
    .setColor(0xc9a227)
    .addFields(
      { name: `Channels${mark('channels')}`, value: c.allowedChannelIds.length ? c.allowedChannelIds.map((id) => `<#${id}>`).join(', ').slice(0, 1024) : 'all channels', inline: false },
      { name: `Threads${mark('threads')}`, value: c.threadMode ? 'on: each game gets its own thread' : 'off: games are played in the channel', inline: true },
      { name: `Default clock${mark('clock')}`, value: c.defaultClock === 'none' ? 'none' : `${c.defaultClock.slice(0, -1)} day(s) per move`, inline: true },
      { name: `Timeout grace${mark('grace')}`, value: durationText(c.timeoutGraceHours * 3_600_000), inline: true },
      { name: `Max active games per member${mark('max-games')}`, value: String(c.maxActiveGames), inline: true },
      { name: `Challenge expiry${mark('challenge-expiry')}`, value: durationText(c.challengeExpiryMs), inline: true },
      { name: `Max pending challenges per member${mark('max-pending-challenges')}`, value: String(c.maxPendingChallenges), inline: true },
      { name: `New games per member and hour${mark('games-per-hour')}`, value: `${c.gamesPerHour} (starts, challenges, dailies; accepting costs nothing)`, inline: true },
      {
        name: `Daily siege${changed.some((n) => n.startsWith('daily')) ? ' ✏️' : ''}`,
        value: c.dailyEnabled ? `on; results in ${c.dailyChannelId ? `<#${c.dailyChannelId}>` : 'the channel where each is played'}` : 'off',
        inline: false,
      },
      { name: `Language${mark('language')}`, value: c.language ? LOCALE_NAMES[c.language] : "the server's own (its community language)", inline: true },
      { name: `Watch pages${mark('web')}`, value: c.webEnabled ? 'on: each game has a page on the web, linked from its boards when the host publishes one' : 'off: no game of this server is shown on the web', inline: false },
    )
    .setFooter({ text: changed.length ? 'Saved. New settings apply to games and challenges started from now on.' : 'Change a setting with its option, e.g. /siege config clock:2d' });
}

export const config: Subcommand = {
  name: 'config',
  define: (sub) =>
    sub
      .setName('config')
      .setDescription('Server settings (Manage Server)')
      .addStringOption((o) => o.setName('channels').setDescription('Channels for games (mentions), or "all"').setMaxLength(1000))
      .addStringOption((o) => o.setName('threads').setDescription('A thread for each game').addChoices({ name: 'on', value: 'on' }, { name: 'off', value: 'off' }))
      .addStringOption((o) => o.setName('clock').setDescription('Default move clock of new games').addChoices(...CLOCK_CHOICES.map((c) => ({ name: c, value: c }))))
      .addStringOption((o) => o.setName('grace').setDescription('Time to claim after a timeout, e.g. 24h').setMaxLength(20))
      .addIntegerOption((o) => o.setName('max-games').setDescription('Active games per member').setMinValue(MAX_GAMES_LIMITS.min).setMaxValue(MAX_GAMES_LIMITS.max))
      .addStringOption((o) => o.setName('challenge-expiry').setDescription('How long a challenge stays open, e.g. 24h').setMaxLength(20))
      .addIntegerOption((o) => o.setName('max-pending-challenges').setDescription('Unanswered challenges per member').setMinValue(PENDING_CHALLENGES_LIMITS.min).setMaxValue(PENDING_CHALLENGES_LIMITS.max))
      .addIntegerOption((o) => o.setName('games-per-hour').setDescription('New games per member and hour').setMinValue(GAMES_PER_HOUR_LIMITS.min).setMaxValue(GAMES_PER_HOUR_LIMITS.max))
      .addBooleanOption((o) => o.setName('daily').setDescription('Daily siege'))
      .addChannelOption((o) => o.setName('daily-channel').setDescription('Daily results').addChannelTypes(ChannelType.GuildText))
      .addStringOption((o) => o.setName('web').setDescription("Watch pages of this server's games on the web").addChoices({ name: 'on', value: 'on' }, { name: 'off', value: 'off' }))
      .addStringOption((o) =>
        o.setName('language').setDescription('Language of public messages and boards')
          .addChoices({ name: "The server's own", value: 'auto' }, ...LOCALES.map((l) => ({ name: LOCALE_NAMES[l], value: l }))),
      ),
  async execute(ctx, i) {
    if (!i.inGuild() || !i.guildId) return replyPrivately(i, 'Server settings are changed in a server.');
    if (!i.memberPermissions?.has(PermissionFlagsBits.ManageGuild)) {
      return replyPrivately(i, 'Only members with the Manage Server permission can change Siege settings.');
    }
    const input: GuildConfigInput = {};
    const changed: string[] = [];
    const text = (name: string) => i.options.getString(name);
    if (text('channels') !== null) { input.channels = text('channels')!; changed.push('channels'); }
    if (text('threads') !== null) { input.threads = text('threads') === 'on'; changed.push('threads'); }
    if (text('clock') !== null) { input.clock = text('clock')!; changed.push('clock'); }
    if (text('grace') !== null) { input.grace = text('grace')!; changed.push('grace'); }
    if (i.options.getInteger('max-games') !== null) { input.maxGames = i.options.getInteger('max-games')!; changed.push('max-games'); }
    if (text('challenge-expiry') !== null) { input.challengeExpiry = text('challenge-expiry')!; changed.push('challenge-expiry'); }
    const whole = (name: string) => i.options.getInteger(name);
    if (whole('max-pending-challenges') !== null) { input.maxPendingChallenges = whole('max-pending-challenges')!; changed.push('max-pending-challenges'); }
    if (whole('games-per-hour') !== null) { input.gamesPerHour = whole('games-per-hour')!; changed.push('games-per-hour'); }
    if (i.options.getBoolean('daily') !== null) { input.daily = i.options.getBoolean('daily')!; changed.push('daily'); }
    if (text('web') !== null) { input.web = text('web') === 'on'; changed.push('web'); }
    if (text('language') !== null) { input.language = text('language')!; changed.push('language'); }
    const dailyChannel = i.options.getChannel('daily-channel');
    if (dailyChannel) { input.dailyChannelId = dailyChannel.id; changed.push('daily-channel'); }
    await i.deferReply({ flags: MessageFlags.Ephemeral });
    const saved = await ctx.services.settings.updateGuild(i.guildId, input);
    if (!saved.ok) return replyPrivately(i, `Nothing was changed: ${saved.error.message}`);
    await i.editReply({ embeds: [configEmbed(saved.value, changed)], allowedMentions: { parse: [] } });
  },
};
