// A member's tournaments as /siege stats and /siege history show them: how many finished
// tournaments they played, won and ended on the podium of (a field of the stats, in the server's
// language), and their latest with their place and a link to the final standings (privately, in
// the reader's language). Tournament names are escaped (`nameText`).
import { EmbedBuilder } from 'discord.js';
import { gameById } from '../../games/index.js';
import type { Speaker } from '../../i18n/index.js';
import type { TournamentRecord } from '../../tournaments/index.js';
import { jumpLink } from './links.js';
import { formatText, nameText, TOURNAMENT_COLOUR, TROPHY } from './tournament.js';
import { bold, gameTitle, unix } from './words.js';

const MEDALS = ['🥇', '🥈', '🥉'];

/** The stats' field: played, won, on the podium. Null when the member finished none. */
export function tournamentRecordField(sp: Speaker, record: TournamentRecord): { name: string; value: string } | null {
  if (!record.played) return null;
  const n = (x: number) => bold(sp.number(x));
  return {
    name: `${TROPHY} ${sp.t('tournaments:record.field')}`.slice(0, 256),
    value: sp.t('tournaments:record.counts', { played: n(record.played), won: n(record.won), podiums: n(record.podiums) }).slice(0, 1024),
  };
}

/** One finished tournament: medal, name (a link to its final standings when they were posted), game, format, place, when. */
function recordLine(sp: Speaker, entry: TournamentRecord['recent'][number]): string {
  const { tournament: t, place, players } = entry;
  const def = gameById(t.gameType);
  const standings = t.standingsMessageId ? ` · [${sp.t('tournaments:record.standings')}](${jumpLink(t.guildId, t.channelId, t.standingsMessageId)})` : '';
  return sp.t('tournaments:record.line', {
    medal: place !== null && place <= 3 ? `${MEDALS[place - 1]} ` : '',
    name: nameText(t),
    game: def ? gameTitle(sp, def) : t.gameType,
    format: formatText(sp, t),
    place: place !== null ? sp.t('tournaments:record.place', { place: sp.number(place), count: players }) : sp.t('tournaments:record.noPlace', { count: players }),
    when: t.finishedAt ? `<t:${unix(t.finishedAt)}:R>` : '',
  }) + standings;
}

/** The member's latest finished tournaments here, newest first, with the counts above them. */
export function tournamentHistoryEmbed(sp: Speaker, record: TournamentRecord, listCommand: string): EmbedBuilder {
  const embed = new EmbedBuilder().setTitle(sp.t('tournaments:record.title').slice(0, 256)).setColor(TOURNAMENT_COLOUR);
  if (!record.played) return embed.setDescription(sp.t('tournaments:record.none', { command: listCommand }).slice(0, 4000));
  const lines = [sp.t('tournaments:record.counts', { played: bold(sp.number(record.played)), won: bold(sp.number(record.won)), podiums: bold(sp.number(record.podiums)) }), ''];
  let used = lines[0]!.length;
  for (const entry of record.recent) {
    const line = recordLine(sp, entry);
    if (used + line.length + 1 > 4000) break;
    used += line.length + 1;
    lines.push(line);
  }
  return embed.setDescription(lines.join('\n'));
}
