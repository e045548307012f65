// `/siege stats [member] [game]`: a member's records on this server, per game, and the tournaments
// they finished here (played, won, on the podium). The answer is public: the server's language.
import { EmbedBuilder, type GuildMember } from 'discord.js';
import { replyPrivately } from '../src/discord/handlers/replies.js';
import { memberText } from '../src/discord/views/memberText.js';
import { tournamentRecordField } from '../src/discord/views/tournamentRecord.js';
import { speaker, SOURCE_LOCALE, type Speaker } from '../src/i18n/index.js';
import { formatRating } from '../src/services/records/glicko.js';
import type { GameStats, PastGame, Tally } from '../src/services/records/stats.js';
import { gameById } from '../src/games/index.js';
import { gameTypeOption, suggestGames } from './recordsShared.js';
import { localized } from './localize.js';
import { gameTitle, opponentText, unix } from './speech.js';
import type { Subcommand } from './types.js';

const MARK = { win: '✅', loss: '❌', draw: '➖' } as const;

const tallyText = (sp: Speaker, t: Tally) => sp.t('commands:stats.tally', { wins: sp.number(t.wins), losses: sp.number(t.losses), draws: sp.number(t.draws) });
const result = (sp: Speaker, r: PastGame['result'], count = 1) => sp.t(`commands:stats.result.${r}`, { count });
/** A score or an average: whole numbers as they are, others to one decimal, as the language writes them. */
const number = (sp: Speaker, n: number | null) => (n === null ? '–' : sp.number(Number.isInteger(n) ? n : Math.round(n * 10) / 10));

function pastLine(sp: Speaker, g: PastGame, solo: boolean): string {
  const game = g.link ? `[#${g.id}](${g.link})` : `#${g.id}`;
  const when = g.finishedAt ? ` · <t:${unix(g.finishedAt)}:R>` : '';
  if (solo) {
    const what = g.score !== null ? sp.t('commands:stats.withScore', { result: result(sp, g.result), score: number(sp, g.score) }) : result(sp, g.result);
    return `${MARK[g.result]} ${what} · ${game}${when}`;
  }
  const delta = g.ratingDelta !== null ? ` (${g.ratingDelta >= 0 ? '+' : ''}${Math.round(g.ratingDelta)})` : '';
  const against = sp.t('commands:stats.versus', { result: result(sp, g.result), opponents: g.opponents.map((o) => opponentText(sp, o)).join(', ') });
  return `${MARK[g.result]} ${against}${delta} · ${game}${when}`;
}

/** One embed field's text for one game (at most 1024 characters). */
export function statsText(s: GameStats, sp: Speaker = speaker(SOURCE_LOCALE)): string {
  const lines: string[] = [];
  if (s.solo) {
    lines.push(sp.t('commands:stats.played', { count: s.played, n: `**${sp.number(s.played)}**`, tally: tallyText(sp, s.results) }));
    lines.push(sp.t('commands:stats.scores', { best: `**${number(sp, s.best)}**`, average: `**${number(sp, s.average)}**` }));
  } else {
    lines.push(s.rating
      ? sp.t('commands:stats.rating', { rating: `**${formatRating(s.rating)}**`, count: s.rating.games, n: sp.number(s.rating.games) })
      : sp.t('commands:stats.unrated'));
    lines.push(sp.t('commands:stats.versusTallies', { members: tallyText(sp, s.vsMembers), ai: tallyText(sp, s.vsAi) }));
  }
  if (s.streak) lines.push(sp.t('commands:stats.streak', { streak: `${sp.number(s.streak.length)} ${result(sp, s.streak.result, s.streak.length)}` }));
  if (s.last.length) lines.push(sp.t('commands:stats.lastGames'), ...s.last.map((g) => pastLine(sp, g, s.solo)));
  let text = '';
  for (const line of lines) {
    if (text.length + line.length + 1 > 1024) break;
    text += (text ? '\n' : '') + line;
  }
  return text;
}

export const stats: Subcommand = {
  name: 'stats',
  define: (sub) =>
    localized(sub.setName('stats'), 'commands:stats')
      .addUserOption((o) => localized(o.setName('member'), 'commands:stats.member'))
      .addStringOption((o) => gameTypeOption(o, 'commands:stats.game', false)),
  autocomplete: (ctx, i) => suggestGames(i, ctx.locales.reader(i)),
  async execute(ctx, i) {
    const reader = ctx.locales.reader(i);
    if (!i.guildId) return replyPrivately(i, reader.t('commands:stats.notInServer'));
    const gameType = i.options.getString('game') ?? undefined;
    if (gameType !== undefined && !gameById(gameType)) return replyPrivately(i, reader.t('commands:noGameType', { game: gameType.slice(0, 40) }));
    await i.deferReply();
    const sp = await ctx.locales.server(i.guildId);
    const user = i.options.getUser('member') ?? i.user;
    const member = i.options.getMember('member') as GuildMember | null;
    const name = member?.displayName ?? (user.id === i.user.id ? ((i.member as GuildMember | null)?.displayName ?? user.username) : user.username);
    const all = await ctx.services.records.memberStats(i.guildId, user.id, gameType);
    const embed = new EmbedBuilder().setTitle(sp.t('commands:stats.title', { name: memberText(name) }).slice(0, 256)).setColor(0xc9a227);
    const shown = all.filter((s) => s.played + s.vsMembers.wins + s.vsMembers.losses + s.vsMembers.draws + s.vsAi.wins + s.vsAi.losses + s.vsAi.draws > 0 || s.rating);
    if (!shown.length) embed.setDescription(sp.t(gameType ? 'commands:stats.noneOfGame' : 'commands:stats.none', { member: `<@${user.id}>` }));
    let total = embed.data.title!.length;
    for (const s of shown.slice(0, 25)) {
      const def = gameById(s.gameType);
      const title = def ? gameTitle(sp, def) : s.title;
      const value = statsText(s, sp);
      if (total + value.length + title.length > 5800) break;
      total += value.length + title.length;
      embed.addFields({ name: title.slice(0, 256), value });
    }
    // Finished tournaments here (of the game asked for): played, won, on the podium.
    const tournaments = tournamentRecordField(sp, await ctx.tournaments.record({ guildId: i.guildId, userId: user.id, gameType, recent: 0 }));
    if (tournaments && total + tournaments.name.length + tournaments.value.length <= 5800 && (embed.data.fields?.length ?? 0) < 25) {
      if (!shown.length) embed.setDescription(null);
      embed.addFields(tournaments);
    }
    const dailyStreak = await ctx.services.daily.streakNow(user.id);
    if (dailyStreak > 0) embed.setFooter({ text: `🔥 ${sp.t('commands:stats.dailyStreak', { count: dailyStreak, n: sp.number(dailyStreak) })}` });
    await i.editReply({ embeds: [embed], allowedMentions: { parse: [] } });
  },
};
