// A tournament's round and standings as its channel shows them, in the server's language: one
// pairings message per round (its boards, each game's link, its result once decided; it pings the
// round's players once, when it is posted), one standings message edited after every result, and
// the final standings with the podium. Scores are written as results are everywhere ("1–0", "½–½").
import { EmbedBuilder } from 'discord.js';
import type { GameDefinition } from '../../engine/contract.js';
import type { Speaker } from '../../i18n/index.js';
import type { Standing } from '../../tournaments/pairing/index.js';
import type { BoardView, RoundView, TournamentView } from '../../tournaments/index.js';
import { jumpLink } from './links.js';
import { tournamentPageRows } from './tournamentLinks.js';
import { nameText, nameTitle, TOURNAMENT_COLOUR, TROPHY } from './tournament.js';
import { bold, seatName, unix } from './words.js';

const DESCRIPTION_MAX = 4000;
const mention = (id: string) => `<@${id}>`;
const SCORES = { white: '1–0', black: '0–1', draw: '½–½' } as const;

/** Where a board's game is played: its thread, else its board in the channel, else that it is being started. */
function whereText(sp: Speaker, guildId: string, b: BoardView): string {
  const place = b.place;
  if (!place) return sp.t('tournaments:round.starting');
  if (place.threadId) return `<#${place.threadId}>`;
  return place.boardMessageId ? jumpLink(guildId, place.channelId, place.boardMessageId) : `<#${place.channelId}>`;
}

function boardLine(sp: Speaker, t: TournamentView, b: BoardView): string {
  if (b.black === null) return sp.t('tournaments:round.bye', { board: b.board, player: mention(b.white) });
  const players = { board: b.board, white: mention(b.white), black: mention(b.black) };
  if (b.result === 'pending' || b.result === 'bye') return sp.t('tournaments:round.pending', { ...players, where: whereText(sp, t.guildId, b) });
  const line = sp.t('tournaments:round.decided', { ...players, score: SCORES[b.result] });
  if (b.forfeit) return `${line} ${sp.t('tournaments:round.forfeit')}`;
  return b.place ? `${line} · ${whereText(sp, t.guildId, b)}` : line;
}

/** Lines that fit a description, the first ones kept, with how many more there are. */
function fitted(sp: Speaker, lines: string[], room = DESCRIPTION_MAX): string {
  const kept: string[] = [];
  let used = 0;
  for (const [i, line] of lines.entries()) {
    const more = lines.length - i;
    if (used + line.length + 40 > room && more > 1) {
      kept.push(sp.t('tournaments:more', { count: more, n: sp.number(more) }));
      break;
    }
    kept.push(line);
    used += line.length + 1;
  }
  return kept.join('\n');
}

const isOver = (round: RoundView) => round.boards.every((b) => b.result !== 'pending');

/**
 * A round's pairings: who plays whom (the first named moves first), where, and each result as it
 * comes. `ping`: the round's players, mentioned once in the text when the message is posted; an
 * edit mentions nobody.
 */
export function roundMessage(sp: Speaker, def: GameDefinition, t: TournamentView, round: RoundView, ping: boolean, pageUrl: string | null = null) {
  const players = round.boards.flatMap((b) => (b.black === null ? [b.white] : [b.white, b.black]));
  const rounds = t.roundCount ?? round.round;
  const head = { name: nameText(t), round: round.round, rounds };
  const content = isOver(round)
    ? sp.t('tournaments:round.overContent', head)
    : sp.t('tournaments:round.content', { ...head, icon: '⚔️', players: players.map(mention).join(' ') });
  const closing = isOver(round)
    ? sp.t('tournaments:round.over', { round: round.round })
    : sp.t('tournaments:round.deadline', { when: `<t:${unix(round.deadlineAt)}:f>`, relative: `<t:${unix(round.deadlineAt)}:R>` });
  const embed = new EmbedBuilder()
    .setTitle(sp.t('tournaments:round.title', { name: nameTitle(t), round: round.round, rounds }).slice(0, 256))
    .setColor(TOURNAMENT_COLOUR)
    .setDescription(fitted(sp, [...round.boards.map((b) => boardLine(sp, t, b)), '', closing], DESCRIPTION_MAX))
    .setFooter({ text: sp.t('tournaments:round.footer', { first: seatName(sp, def, 0), second: seatName(sp, def, 1) }).slice(0, 2048) });
  const text = content.slice(0, 2000);
  // Only whom the text mentions whole, and at most Discord's 100 (a field past the sign-up's cap,
  // as a bench writes it, would otherwise be refused whole).
  const pinged = ping ? players.filter((id) => text.includes(mention(id))).slice(0, 100) : [];
  return { content: text, embeds: [embed], components: tournamentPageRows(sp, pageUrl), allowedMentions: { users: pinged } };
}

/** Tie-breaks run in quarters (a half of a half): written to two places, as the reader's language writes numbers. */
const number = (sp: Speaker, x: number) => new Intl.NumberFormat(sp.locale, { maximumFractionDigits: 2 }).format(x);

/** One row of the standings: rank, player, points, the format's tie-breaks. */
function standingLine(sp: Speaker, t: TournamentView, s: Standing): string {
  const points = sp.t('tournaments:standings.points', { count: s.points, n: number(sp, s.points) });
  const breaks = t.format === 'swiss'
    ? sp.t('tournaments:standings.swiss', { buchholz: number(sp, s.buchholzCut1), sb: number(sp, s.sonnebornBerger), wins: s.wins })
    : sp.t('tournaments:standings.roundRobin', { sb: number(sp, s.sonnebornBerger), wins: s.wins });
  const who = s.withdrawn ? sp.t('tournaments:standings.withdrawn', { player: mention(s.playerId) }) : mention(s.playerId);
  return `${s.rank}. ${who} · ${bold(points)} · ${breaks}`;
}

/** "🥇 <@1> · 🥈 <@2> · 🥉 <@3>": the first three ranks (players tied on every tie-break share one). */
function podiumText(standings: Standing[]): { text: string; players: string[] } {
  const podium = standings.filter((s) => s.rank <= 3).slice(0, 6);
  return { text: podium.map((s) => `${MEDALS[s.rank - 1]} ${mention(s.playerId)}`).join(' · '), players: podium.map((s) => s.playerId) };
}

/** The standings as they stand after `round` (`final`: the tournament is over, its podium first). */
export function standingsEmbed(sp: Speaker, t: TournamentView, standings: Standing[], round: RoundView | null, final: boolean): EmbedBuilder {
  const title = final
    ? sp.t('tournaments:standings.titleFinal', { name: nameTitle(t) })
    : round && isOver(round)
      ? sp.t('tournaments:standings.titleAfter', { name: nameTitle(t), round: round.round })
      : sp.t('tournaments:standings.titleDuring', { name: nameTitle(t), round: round?.round ?? t.round });
  const lines = standings.map((s) => standingLine(sp, t, s));
  const podium = final ? podiumText(standings).text : '';
  return new EmbedBuilder()
    .setTitle(title.slice(0, 256))
    .setColor(TOURNAMENT_COLOUR)
    .setDescription(fitted(sp, podium ? [podium, '', ...lines] : lines) || sp.t('tournaments:standings.none'))
    .setFooter({ text: sp.t(t.format === 'swiss' ? 'tournaments:standings.footerSwiss' : 'tournaments:standings.footerRoundRobin').slice(0, 2048) });
}

/** The standings message: posted once (pinging nobody), edited after every result, and at the end the final standings with the podium. */
export function standingsMessage(sp: Speaker, t: TournamentView, standings: Standing[], round: RoundView | null, final: boolean, pageUrl: string | null = null) {
  return { content: '', embeds: [standingsEmbed(sp, t, standings, round, final)], components: tournamentPageRows(sp, pageUrl), allowedMentions: { parse: [] as never[] } };
}

const MEDALS = ['🥇', '🥈', '🥉'];

/**
 * The end, said once: the podium, mentioned (news to them), and where the final standings are
 * (the standings message, edited to them); with the standings themselves when there is no such message.
 */
export function finalMessage(sp: Speaker, t: TournamentView, standings: Standing[], standingsLink: string | null) {
  const podium = podiumText(standings);
  const content = sp.t('tournaments:final.content', { icon: TROPHY, name: nameText(t), podium: podium.text });
  return {
    content: (standingsLink ? `${content}\n${sp.t('tournaments:final.standings', { link: standingsLink })}` : content).slice(0, 2000),
    embeds: standingsLink ? [] : [standingsEmbed(sp, t, standings, null, true)],
    allowedMentions: { users: podium.players },
  };
}
