// An arena (the solo games' tournament) as its channel shows it, in the server's language: one
// message that opens it (what it is, when it ends, a button per deal; it pings its players once,
// when it is posted), one standings message edited after every deal begun or finished (total
// score, deals scored, time taken, and each deal's score), and the final standings with the
// podium. The name was typed by the organiser: escaped (`nameText`, `nameTitle`).
import { ActionRowBuilder, ButtonBuilder, ButtonStyle, EmbedBuilder, type MessageActionRowComponentBuilder } from 'discord.js';
import type { GameDefinition } from '../../engine/contract.js';
import type { Speaker } from '../../i18n/index.js';
import type { ArenaDeal, ArenaStanding, TournamentView } from '../../tournaments/index.js';
import { encodeCustomId } from '../customId.js';
import type { Row } from './moveComponents.js';
import { nameText, nameTitle, TOURNAMENT_COLOUR, TROPHY } from './tournament.js';
import { bold, gameTitle, unix } from './words.js';

const mention = (id: string) => `<@${id}>`;
const MEDALS = ['🥇', '🥈', '🥉'];
/** How a deal not scored shows in a player's row: being played, over without a score, not begun. */
const MARKS = { playing: '…', unscored: '✗', unplayed: '–' } as const;
const BUTTONS_PER_ROW = 5;

/** A score as the language writes it (a margin over the AI can be negative). */
const scoreText = (sp: Speaker, n: number) => new Intl.NumberFormat(sp.locale, { maximumFractionDigits: 1 }).format(n);

/** The time the scored deals took: "1 d 3 h", "2 h 5 min", "12 min" (at least a minute). */
export function takenText(sp: Speaker, ms: number): string {
  const minutes = Math.max(1, Math.round(ms / 60_000));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  const parts = [
    days ? sp.t('commands:time.days', { n: sp.number(days) }) : '',
    hours ? sp.t('commands:time.hours', { n: sp.number(hours) }) : '',
    !days && rest ? sp.t('commands:time.minutes', { n: sp.number(rest) }) : '',
  ].filter(Boolean);
  return parts.join(' ');
}

/** The deal buttons, five to a row (at most ten deals: two rows). */
function dealButtons(sp: Speaker, t: TournamentView): Row[] {
  const deals = Array.from({ length: t.roundCount ?? 0 }, (_, i) => i + 1);
  const rows: Row[] = [];
  for (let i = 0; i < deals.length; i += BUTTONS_PER_ROW) {
    rows.push(new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(
      deals.slice(i, i + BUTTONS_PER_ROW).map((deal) => new ButtonBuilder()
        .setCustomId(encodeCustomId({ kind: 'tournament-play', tournamentId: t.id, deal }))
        .setLabel(sp.t('tournaments:arena.deal', { deal }).slice(0, 80))
        .setStyle(ButtonStyle.Primary)),
    ));
  }
  return rows;
}

/**
 * The arena's opening message: what it is and how it is played, when it ends, and a button per
 * deal while it runs. `ping`: its players, mentioned once when it is posted; an edit pings nobody.
 */
export function arenaMessage(sp: Speaker, def: GameDefinition, t: TournamentView, players: string[], endsAt: Date, ping: boolean) {
  const open = t.status === 'RUNNING';
  const deals = t.roundCount ?? 0;
  const content = open
    ? sp.t('tournaments:arena.content', { icon: TROPHY, name: nameText(t), players: players.map(mention).join(' ') })
    : sp.t('tournaments:arena.overContent', { icon: TROPHY, name: nameText(t) });
  const when = open
    ? sp.t('tournaments:arena.ends', { when: `<t:${unix(endsAt)}:f>`, relative: `<t:${unix(endsAt)}:R>` })
    : sp.t('tournaments:arena.ended', { when: `<t:${unix(t.finishedAt ?? endsAt)}:f>` });
  const embed = new EmbedBuilder()
    .setTitle(sp.t('tournaments:arena.title', { name: nameTitle(t), game: gameTitle(sp, def) }).slice(0, 256))
    .setColor(TOURNAMENT_COLOUR)
    .setDescription([sp.t('tournaments:arena.how', { count: deals, n: sp.number(deals), game: gameTitle(sp, def) }), '', when].join('\n').slice(0, 4000));
  return {
    content: content.slice(0, 2000),
    embeds: [embed],
    components: open ? dealButtons(sp, t) : [],
    allowedMentions: { users: ping && open ? players : [] },
  };
}

const dealCell = (sp: Speaker, d: ArenaDeal) => (d.state === 'scored' ? scoreText(sp, d.score ?? 0) : MARKS[d.state]);

/** One row: rank, player, total score, deals scored, time taken, each deal. */
function standingLine(sp: Speaker, t: TournamentView, s: ArenaStanding): string {
  const who = s.withdrawn ? sp.t('tournaments:standings.withdrawn', { player: mention(s.playerId) }) : mention(s.playerId);
  const points = sp.t('tournaments:standings.points', { count: s.score, n: scoreText(sp, s.score) });
  const scored = sp.t('tournaments:arena.scored', { scored: s.scored, deals: t.roundCount ?? s.deals.length });
  const time = s.scored ? ` · ${takenText(sp, s.timeMs)}` : '';
  return `${s.rank}. ${who} · ${bold(points)} · ${scored}${time} · ${s.deals.map((d) => dealCell(sp, d)).join(' | ')}`;
}

/** "🥇 <@1> · 🥈 <@2> · 🥉 <@3>": the first three ranks (players equal on everything share one). */
function podium(standings: ArenaStanding[]): { text: string; players: string[] } {
  const top = standings.filter((s) => s.rank <= 3).slice(0, 6);
  return { text: top.map((s) => `${MEDALS[s.rank - 1]} ${mention(s.playerId)}`).join(' · '), players: top.map((s) => s.playerId) };
}

/** Lines that fit a description, the first kept, with how many more there are. */
function fitted(sp: Speaker, lines: string[]): string {
  const kept: string[] = [];
  let used = 0;
  for (const [i, line] of lines.entries()) {
    if (used + line.length + 40 > 4000 && lines.length - i > 1) {
      kept.push(sp.t('tournaments:more', { count: lines.length - i, n: sp.number(lines.length - i) }));
      break;
    }
    kept.push(line);
    used += line.length + 1;
  }
  return kept.join('\n');
}

export function arenaStandingsEmbed(sp: Speaker, t: TournamentView, standings: ArenaStanding[], final: boolean): EmbedBuilder {
  const lines = standings.map((s) => standingLine(sp, t, s));
  const top = final ? podium(standings).text : '';
  return new EmbedBuilder()
    .setTitle(sp.t(final ? 'tournaments:standings.titleFinal' : 'tournaments:arena.standingsTitle', { name: nameTitle(t) }).slice(0, 256))
    .setColor(TOURNAMENT_COLOUR)
    .setDescription(fitted(sp, top ? [top, '', ...lines] : lines) || sp.t('tournaments:standings.none'))
    .setFooter({ text: sp.t('tournaments:arena.footer', MARKS).slice(0, 2048) });
}

/** The arena's standings message: posted once (pinging nobody), edited after every deal, final at the end. */
export function arenaStandingsMessage(sp: Speaker, t: TournamentView, standings: ArenaStanding[], final: boolean) {
  return { content: '', embeds: [arenaStandingsEmbed(sp, t, standings, final)], allowedMentions: { parse: [] as never[] } };
}

/** The end, said once: the podium, mentioned, and where the final standings are (or the standings themselves). */
export function arenaFinalMessage(sp: Speaker, t: TournamentView, standings: ArenaStanding[], standingsLink: string | null) {
  const top = podium(standings);
  const content = sp.t('tournaments:final.content', { icon: TROPHY, name: nameText(t), podium: top.text });
  return {
    content: (standingsLink ? `${content}\n${sp.t('tournaments:final.standings', { link: standingsLink })}` : content).slice(0, 2000),
    embeds: standingsLink ? [] : [arenaStandingsEmbed(sp, t, standings, true)],
    allowedMentions: { users: top.players },
  };
}
