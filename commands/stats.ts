// `/siege stats [member] [game]`: a member's records on this server, per game.
import { EmbedBuilder, type GuildMember } from 'discord.js';
import { replyPrivately } from '../src/discord/handlers/replies.js';
import { memberText } from '../src/discord/views/memberText.js';
import { formatRating } from '../src/services/records/glicko.js';
import type { GameStats, PastGame, Tally } from '../src/services/records/stats.js';
import { gameById } from '../src/games/index.js';
import { gameTypeOption, suggestGameTypes, unix } from './recordsShared.js';
import type { Subcommand } from './types.js';

const MARK = { win: '✅', loss: '❌', draw: '➖' } as const;
const WORD = { win: 'win', loss: 'loss', draw: 'draw' } as const;
const PLURAL = { win: 'wins', loss: 'losses', draw: 'draws' } as const;

const tallyText = (t: Tally) => `${t.wins} W · ${t.losses} L · ${t.draws} D`;
const number = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

function pastLine(g: PastGame, solo: boolean): string {
  const game = g.link ? `[#${g.id}](${g.link})` : `#${g.id}`;
  const when = g.finishedAt ? ` · <t:${unix(g.finishedAt)}:R>` : '';
  if (solo) return `${MARK[g.result]} ${WORD[g.result]}${g.score !== null ? `, score ${number(g.score)}` : ''} · ${game}${when}`;
  const delta = g.ratingDelta !== null ? ` (${g.ratingDelta >= 0 ? '+' : ''}${Math.round(g.ratingDelta)})` : '';
  return `${MARK[g.result]} ${WORD[g.result]} vs ${g.opponents.join(', ')}${delta} · ${game}${when}`;
}

/** One embed field's text for one game (at most 1024 characters). */
export function statsText(s: GameStats): string {
  const lines: string[] = [];
  if (s.solo) {
    lines.push(`Played **${s.played}**: ${tallyText(s.results)}`);
    lines.push(`Best score **${s.best !== null ? number(s.best) : '–'}** · average **${s.average !== null ? number(s.average) : '–'}**`);
  } else {
    lines.push(s.rating ? `Rating **${formatRating(s.rating)}** (${s.rating.games} rated game${s.rating.games === 1 ? '' : 's'})` : 'Unrated: finish a game against a member to get a rating.');
    lines.push(`vs members: ${tallyText(s.vsMembers)} · vs AI: ${tallyText(s.vsAi)}`);
  }
  if (s.streak) lines.push(`Streak: ${s.streak.length} ${s.streak.length === 1 ? WORD[s.streak.result] : PLURAL[s.streak.result]}`);
  if (s.last.length) lines.push('Last games:', ...s.last.map((g) => pastLine(g, s.solo)));
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
    sub
      .setName('stats')
      .setDescription("A member's rating, results, streak and last games on this server")
      .addUserOption((o) => o.setName('member').setDescription('Whose records (default: yours)'))
      .addStringOption((o) => gameTypeOption(o, 'Only this game (default: every game played)', false)),
  autocomplete: (_ctx, i) => suggestGameTypes(i),
  async execute(ctx, i) {
    if (!i.guildId) return replyPrivately(i, 'Records are kept per server: run this in a server.');
    const gameType = i.options.getString('game') ?? undefined;
    if (gameType !== undefined && !gameById(gameType)) return replyPrivately(i, `There is no game "${gameType.slice(0, 40)}": pick one from the list.`);
    await i.deferReply();
    const user = i.options.getUser('member') ?? i.user;
    const member = i.options.getMember('member') as GuildMember | null;
    const name = member?.displayName ?? (user.id === i.user.id ? ((i.member as GuildMember | null)?.displayName ?? user.username) : user.username);
    const all = await ctx.services.records.memberStats(i.guildId, user.id, gameType);
    const embed = new EmbedBuilder().setTitle(`Records of ${memberText(name)}`.slice(0, 256)).setColor(0xc9a227);
    const shown = all.filter((s) => s.played + s.vsMembers.wins + s.vsMembers.losses + s.vsMembers.draws + s.vsAi.wins + s.vsAi.losses + s.vsAi.draws > 0 || s.rating);
    if (!shown.length) embed.setDescription(`<@${user.id}> has no finished ${gameType ? 'game of this kind' : 'games'} on this server yet.`);
    let total = embed.data.title!.length;
    for (const s of shown.slice(0, 25)) {
      const value = statsText(s);
      if (total + value.length + s.title.length > 5800) break;
      total += value.length + s.title.length;
      embed.addFields({ name: s.title.slice(0, 256), value });
    }
    const dailyStreak = await ctx.services.daily.streakNow(user.id);
    if (dailyStreak > 0) embed.setFooter({ text: `🔥 Daily siege streak: ${dailyStreak} day${dailyStreak === 1 ? '' : 's'}` });
    await i.editReply({ embeds: [embed], allowedMentions: { parse: [] } });
  },
};
