// `/siege help`: how to play, privately, in the reader's language; the games with the command that
// starts each, as the reader's client names it.
import { EmbedBuilder, MessageFlags } from 'discord.js';
import { allGames } from '../src/games/index.js';
import type { Speaker } from '../src/i18n/index.js';
import { VACATION_MAX_DAYS, VACATION_WINDOW_DAYS } from '../src/services/timekeeping.js';
import { localized } from './localize.js';
import { gameText, gameTitle, startCommandText } from './speech.js';
import type { Subcommand } from './types.js';

/** The help's sections, in the order they are read (commands.json `help.sections.<name>`). */
export const HELP_SECTIONS = ['start', 'play', 'boards', 'resign', 'clocks', 'away', 'dms', 'limits', 'admins', 'records', 'takeBack', 'daily', 'tournaments', 'rules'] as const;
/** An embed field holds 1024 characters. */
const FIELD_MAX = 1024;

/** The help as one embed: the sections in its description, the games in fields. */
export function helpEmbed(sp: Speaker): EmbedBuilder {
  const values = { max: VACATION_MAX_DAYS, window: VACATION_WINDOW_DAYS };
  const text = HELP_SECTIONS.map((s) => `**${sp.t(`commands:help.sections.${s}.heading`)}** ${sp.t(`commands:help.sections.${s}.text`, values)}`).join('\n');
  const lines = allGames().map((g) => {
    const players = sp.t(g.seats.max === 1 ? 'commands:help.solo' : 'commands:help.twoPlayers');
    const summary = gameText(sp, g, 'summary', g.summary ?? '');
    const head = sp.t('commands:help.game', { game: `**${gameTitle(sp, g)}**`, command: `\`${startCommandText(sp, g)}\``, players });
    return `• ${summary ? sp.t('commands:help.gameWithSummary', { game: head, summary }) : head}`;
  });
  const fields: string[] = [];
  for (const line of lines) {
    const last = fields.length - 1;
    if (last >= 0 && fields[last]!.length + line.length + 1 <= FIELD_MAX) fields[last] += `\n${line}`;
    else fields.push(line.slice(0, FIELD_MAX));
  }
  return new EmbedBuilder()
    .setTitle(sp.t('commands:help.title'))
    .setDescription(text)
    .addFields(fields.map((value, n) => ({ name: n === 0 ? sp.t('commands:help.games') : '\u200b', value })))
    .setColor(0xc9a227);
}

export const help: Subcommand = {
  name: 'help',
  define: (sub) => localized(sub.setName('help'), 'commands:help'),
  async execute(ctx, i) {
    await i.reply({ embeds: [helpEmbed(ctx.locales.reader(i))], flags: MessageFlags.Ephemeral });
  },
};
