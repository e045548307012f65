import { ChannelType, EmbedBuilder, MessageFlags, PermissionFlagsBits } from 'discord.js';
import { replyPrivately } from '../src/discord/handlers/replies.js';
import { LOCALE_NAMES, LOCALES, type Speaker } from '../src/i18n/index.js';
import { CLOCK_CHOICES } from '../src/services/clocks.js';
import { GAMES_PER_HOUR_LIMITS, MAX_GAMES_LIMITS, MAX_TOURNAMENTS_LIMITS, PENDING_CHALLENGES_LIMITS, type GuildConfig, type GuildConfigInput } from '../src/services/settings.js';
import { localized, localizedChoice } from './localize.js';
import { clockName, commandText, durationText, refusal } from './speech.js';
import type { Subcommand } from './types.js';

const ON_OFF = [localizedChoice('commands:onOff.on', 'on'), localizedChoice('commands:onOff.off', 'off')];

/** The server's settings as `/siege config` shows them, privately, in the reader's language; ✏️ marks what was just changed. */
export function configEmbed(sp: Speaker, c: GuildConfig, changed: string[]): EmbedBuilder {
  const field = (key: string, marked: boolean) => `${sp.t(`commands:config.fields.${key}.name`)}${marked ? ' ✏️' : ''}`;
  const mark = (name: string) => changed.includes(name);
  const says = (key: string, values: Record<string, unknown> = {}) => sp.t(`commands:config.fields.${key}`, values);
  const channels = c.allowedChannelIds.length ? sp.list(c.allowedChannelIds.map((id) => `<#${id}>`)).slice(0, 1024) : says('channels.all');
  const daily = c.dailyEnabled
    ? (c.dailyChannelId ? says('daily.onIn', { channel: `<#${c.dailyChannelId}>` }) : says('daily.onWherePlayed'))
    : says('daily.off');
  return new EmbedBuilder()
    .setTitle(sp.t('commands:config.title'))
    .setColor(0xc9a227)
    .addFields(
      { name: field('channels', mark('channels')), value: channels, inline: false },
      { name: field('threads', mark('threads')), value: says(c.threadMode ? 'threads.on' : 'threads.off'), inline: true },
      { name: field('clock', mark('clock')), value: clockName(sp, c.defaultClock), inline: true },
      { name: field('grace', mark('grace')), value: durationText(sp, c.timeoutGraceHours * 3_600_000), inline: true },
      { name: field('maxGames', mark('max-games')), value: sp.number(c.maxActiveGames), inline: true },
      { name: field('challengeExpiry', mark('challenge-expiry')), value: durationText(sp, c.challengeExpiryMs), inline: true },
      { name: field('maxPendingChallenges', mark('max-pending-challenges')), value: sp.number(c.maxPendingChallenges), inline: true },
      { name: field('gamesPerHour', mark('games-per-hour')), value: says('gamesPerHour.value', { n: sp.number(c.gamesPerHour) }), inline: true },
      { name: field('daily', changed.some((n) => n.startsWith('daily'))), value: daily, inline: false },
      { name: field('language', mark('language')), value: c.language ? LOCALE_NAMES[c.language] : says('language.auto'), inline: true },
      { name: field('web', mark('web')), value: says(c.webEnabled ? 'web.on' : 'web.off'), inline: false },
      {
        name: field('tournaments', mark('tournament-role') || mark('max-tournaments')),
        value: says(c.tournamentRoleId ? 'tournaments.role' : 'tournaments.managers', { role: `<@&${c.tournamentRoleId}>`, count: c.maxTournaments, n: sp.number(c.maxTournaments) }),
        inline: false,
      },
    )
    .setFooter({
      text: changed.length
        ? sp.t('commands:config.saved')
        : sp.t('commands:config.howTo', { example: `${commandText(sp, 'config')} ${sp.t('commands:config.clock.name')}:2d` }),
    });
}

export const config: Subcommand = {
  name: 'config',
  define: (sub) =>
    localized(sub.setName('config'), 'commands:config')
      .addStringOption((o) => localized(o.setName('channels'), 'commands:config.channels').setMaxLength(1000))
      .addStringOption((o) => localized(o.setName('threads'), 'commands:config.threads').addChoices(...ON_OFF))
      .addStringOption((o) => localized(o.setName('clock'), 'commands:config.clock').addChoices(...CLOCK_CHOICES.map((c) => clockChoice(c))))
      .addStringOption((o) => localized(o.setName('grace'), 'commands:config.grace').setMaxLength(20))
      .addIntegerOption((o) => localized(o.setName('max-games'), 'commands:config.maxGames').setMinValue(MAX_GAMES_LIMITS.min).setMaxValue(MAX_GAMES_LIMITS.max))
      .addStringOption((o) => localized(o.setName('challenge-expiry'), 'commands:config.challengeExpiry').setMaxLength(20))
      .addIntegerOption((o) => localized(o.setName('max-pending-challenges'), 'commands:config.maxPendingChallenges').setMinValue(PENDING_CHALLENGES_LIMITS.min).setMaxValue(PENDING_CHALLENGES_LIMITS.max))
      .addIntegerOption((o) => localized(o.setName('games-per-hour'), 'commands:config.gamesPerHour').setMinValue(GAMES_PER_HOUR_LIMITS.min).setMaxValue(GAMES_PER_HOUR_LIMITS.max))
      .addBooleanOption((o) => localized(o.setName('daily'), 'commands:config.daily'))
      .addChannelOption((o) => localized(o.setName('daily-channel'), 'commands:config.dailyChannel').addChannelTypes(ChannelType.GuildText))
      .addStringOption((o) => localized(o.setName('web'), 'commands:config.web').addChoices(...ON_OFF))
      .addRoleOption((o) => localized(o.setName('tournament-role'), 'commands:config.tournamentRole'))
      .addBooleanOption((o) => localized(o.setName('tournament-role-clear'), 'commands:config.tournamentRoleClear'))
      .addIntegerOption((o) => localized(o.setName('max-tournaments'), 'commands:config.maxTournaments').setMinValue(MAX_TOURNAMENTS_LIMITS.min).setMaxValue(MAX_TOURNAMENTS_LIMITS.max))
      .addStringOption((o) =>
        // The languages by their own names: whoever picks one reads it in its language.
        localized(o.setName('language'), 'commands:config.language')
          .addChoices(localizedChoice('commands:config.language.auto', 'auto'), ...LOCALES.map((l) => ({ name: LOCALE_NAMES[l], value: l }))),
      ),
  async execute(ctx, i) {
    const sp = ctx.locales.reader(i);
    if (!i.inGuild() || !i.guildId) return replyPrivately(i, sp.t('commands:config.notInServer'));
    if (!i.memberPermissions?.has(PermissionFlagsBits.ManageGuild)) {
      return replyPrivately(i, sp.t('commands:config.notAllowed'));
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
    const role = i.options.getRole('tournament-role');
    // Cleared: only members with Manage Server organise tournaments again.
    const clearRole = i.options.getBoolean('tournament-role-clear') === true;
    if (role && clearRole) {
      const name = (key: string) => `\`${sp.t(`commands:config.${key}.name`)}\``;
      return replyPrivately(i, sp.t('commands:config.tournamentRoleBoth', { role: name('tournamentRole'), clear: name('tournamentRoleClear') }));
    }
    if (role) { input.tournamentRoleId = role.id; changed.push('tournament-role'); }
    if (clearRole) { input.tournamentRoleId = 'none'; changed.push('tournament-role'); }
    if (whole('max-tournaments') !== null) { input.maxTournaments = whole('max-tournaments')!; changed.push('max-tournaments'); }
    const dailyChannel = i.options.getChannel('daily-channel');
    if (dailyChannel) { input.dailyChannelId = dailyChannel.id; changed.push('daily-channel'); }
    await i.deferReply({ flags: MessageFlags.Ephemeral });
    const saved = await ctx.services.settings.updateGuild(i.guildId, input);
    if (!saved.ok) return replyPrivately(i, sp.t('commands:config.notChanged', { reason: refusal(sp, saved.error) }));
    await i.editReply({ embeds: [configEmbed(sp, saved.value, changed)], allowedMentions: { parse: [] } });
  },
};

/** A clock choice with its name in every language ("2 days per move"), each in the plural form its language needs. */
function clockChoice(c: string) {
  if (c === 'none') return localizedChoice('commands:clock.none', c);
  const days = Number.parseInt(c, 10);
  return localizedChoice('commands:clock.days', c, undefined, { count: days, days });
}
