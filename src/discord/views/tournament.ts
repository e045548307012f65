// A tournament's sign-up as posted in its channel (what it is, its roster, Join and Leave), what
// that message becomes once the sign-up closes or the tournament is cancelled, the notices said in
// its channel besides (a withdrawal, a cancellation), and a server's list of tournaments. Public
// messages speak the server's language; the list, its reader's. The tournament's name was typed by
// its organiser: escaped wherever it lands in Markdown (`memberText`), one plain line elsewhere.
import { ActionRowBuilder, ButtonBuilder, ButtonStyle, EmbedBuilder, type MessageActionRowComponentBuilder } from 'discord.js';
import type { GameDefinition } from '../../engine/contract.js';
import type { Speaker } from '../../i18n/index.js';
import type { Entrant, TournamentView, WithdrawalReason } from '../../tournaments/index.js';
import { encodeCustomId } from '../customId.js';
import { clockText, optionsAsPlayed } from './challenge.js';
import { memberText } from './memberText.js';
import type { Row } from './moveComponents.js';
import { tournamentPageButton, tournamentPageRows } from './tournamentLinks.js';
import { bold, gameTitle, unix } from './words.js';

export const TOURNAMENT_COLOUR = 0x8e44ad;
/** Icons are values of the texts: the catalogs hold only what the board font draws. */
export const TROPHY = '🏆';
const mention = (id: string) => `<@${id}>`;

/** The name in Markdown: as typed, inert. */
export const nameText = (t: Pick<TournamentView, 'name'>) => bold(memberText(t.name));
/** The name in an embed's title (Markdown there too): as typed, inert, not bold. */
export const nameTitle = (t: Pick<TournamentView, 'name'>) => memberText(t.name);

/** "Swiss", "Round-robin (everyone meets everyone once)". */
export function formatText(sp: Speaker, t: Pick<TournamentView, 'format'>): string {
  return sp.t(`tournaments:format.${t.format}`);
}

/** The rounds to play: as fixed, or how a Swiss's number will be fixed. */
export function roundsText(sp: Speaker, t: Pick<TournamentView, 'format' | 'roundCount'>): string {
  if (t.format === 'arena') return sp.t('tournaments:signup.deals', { count: t.roundCount ?? 0, n: sp.number(t.roundCount ?? 0) });
  if (t.roundCount !== null) return sp.t('tournaments:signup.rounds', { count: t.roundCount, n: sp.number(t.roundCount) });
  return sp.t(t.format === 'swiss' ? 'tournaments:signup.roundsSwiss' : 'tournaments:signup.roundsRoundRobin');
}

/** What the tournament is: its game and options, format, rounds, round length, clock, close, organiser. */
function aboutLines(sp: Speaker, def: GameDefinition, t: TournamentView): string[] {
  return [
    sp.t('tournaments:signup.game', { game: bold(gameTitle(sp, def)), options: optionsAsPlayed(sp, def, t.options) }),
    sp.t('tournaments:signup.format', { format: formatText(sp, t), rounds: roundsText(sp, t) }),
    sp.t(t.format === 'arena' ? 'tournaments:signup.arenaDays' : 'tournaments:signup.roundDays', { count: t.roundDays, n: sp.number(t.roundDays) }),
    sp.t('tournaments:signup.clock', { clock: clockText(sp, t.clockSeconds) }),
  ];
}

/** The roster: everyone who joined, in the order they joined (mentions show as names and ping nobody). */
function rosterText(sp: Speaker, players: Entrant[]): string {
  if (!players.length) return sp.t('tournaments:signup.nobody');
  const names = players.map((p) => (p.withdrawn ? sp.t('tournaments:signup.withdrawnPlayer', { player: mention(p.userId) }) : mention(p.userId)));
  return names.join(', ').slice(0, 1024);
}

function signupEmbed(sp: Speaker, def: GameDefinition, t: TournamentView, players: Entrant[], closing: string[]): EmbedBuilder {
  return new EmbedBuilder()
    .setTitle(sp.t('tournaments:signup.title', { name: nameTitle(t), game: gameTitle(sp, def) }).slice(0, 256))
    .setColor(TOURNAMENT_COLOUR)
    .setDescription([...aboutLines(sp, def, t), ...closing].join('\n').slice(0, 4000))
    .addFields({ name: sp.t('tournaments:signup.players', { count: players.length, n: sp.number(players.length) }).slice(0, 256), value: rosterText(sp, players) });
}

/**
 * The sign-up message: while it is open, with Join and Leave; once closed, what came of it (the
 * tournament began, or was cancelled), without buttons. It pings nobody. `pageUrl`: the
 * tournament's web page, linked beside them.
 */
export function signupMessage(sp: Speaker, def: GameDefinition, t: TournamentView, players: Entrant[], pageUrl: string | null = null) {
  const open = t.status === 'SIGNUP';
  const closes = sp.t('tournaments:signup.closes', { when: `<t:${unix(t.signupClosesAt)}:f>`, relative: `<t:${unix(t.signupClosesAt)}:R>`, max: t.maxPlayers, organiser: mention(t.organiserId) });
  const content = open
    ? sp.t('tournaments:signup.open', { icon: TROPHY, name: nameText(t), game: gameTitle(sp, def) })
    : t.status === 'CANCELLED'
      ? sp.t('tournaments:signup.cancelled', { icon: TROPHY, name: nameText(t) })
      : sp.t('tournaments:signup.closed', { icon: TROPHY, name: nameText(t), count: players.length, n: sp.number(players.length), rounds: roundsText(sp, t) });
  const components: Row[] = open
    ? [new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(
        new ButtonBuilder().setCustomId(encodeCustomId({ kind: 'tournament-join', tournamentId: t.id })).setLabel(sp.t('tournaments:buttons.join').slice(0, 80)).setStyle(ButtonStyle.Success),
        new ButtonBuilder().setCustomId(encodeCustomId({ kind: 'tournament-leave', tournamentId: t.id })).setLabel(sp.t('tournaments:buttons.leave').slice(0, 80)).setStyle(ButtonStyle.Secondary),
        ...(pageUrl ? [tournamentPageButton(sp, pageUrl)] : []),
      )]
    : tournamentPageRows(sp, pageUrl);
  return {
    content: content.slice(0, 2000),
    embeds: [signupEmbed(sp, def, t, players, open ? [closes] : [])],
    components,
    allowedMentions: { parse: [] as never[] },
  };
}

/** A player is paired no more: said in the tournament's channel; it pings them when it is news to them (they did not leave themselves). */
export function withdrawnNotice(sp: Speaker, t: TournamentView, userId: string, why: WithdrawalReason, by: string | null) {
  const values = { player: mention(userId), name: nameText(t), by: by ? mention(by) : '' };
  return {
    // An arena's player forfeits no games: their deals not yet finished score nothing.
    content: sp.t(t.format === 'arena' && why !== 'timeouts' ? `tournaments:arenaWithdrawn.${why}` : `tournaments:withdrawn.${why}`, values).slice(0, 2000),
    allowedMentions: { users: why === 'left' ? [] : [userId] },
  };
}

/** A cancellation, said to everyone who had joined (one message): too few players, or its organiser cancelled it. */
export function cancelledNotice(sp: Speaker, t: TournamentView, players: Entrant[], why: 'too-few' | 'organiser', by: string | null, min: number) {
  const told = players.map((p) => p.userId).filter((id) => id !== by);
  const values = { name: nameText(t), by: by ? mention(by) : '', min, players: told.map(mention).join(' ') };
  return {
    content: sp.t(why === 'too-few' ? 'tournaments:cancelled.tooFew' : 'tournaments:cancelled.organiser', values).trim().slice(0, 2000),
    allowedMentions: { users: told },
  };
}

/** Where a tournament stands, for the list: its sign-up's close, its round, or its end. */
function stateText(sp: Speaker, t: TournamentView): string {
  switch (t.status) {
    case 'SIGNUP': return sp.t('tournaments:list.signup', { when: `<t:${unix(t.signupClosesAt)}:R>` });
    case 'RUNNING': return t.format === 'arena' ? sp.t('tournaments:list.arena') : sp.t('tournaments:list.running', { round: t.round, rounds: t.roundCount ?? '?' });
    case 'FINISHED': return sp.t('tournaments:list.finished');
    case 'CANCELLED': return sp.t('tournaments:list.cancelled');
  }
}

/** A server's tournaments, those under way first (privately, in the reader's language). */
export function tournamentList(sp: Speaker, tournaments: { t: TournamentView; def: GameDefinition; players: number }[], howTo: string): EmbedBuilder {
  const lines = tournaments.map(({ t, def, players }) => sp.t('tournaments:list.line', {
    id: t.id, name: nameText(t), game: gameTitle(sp, def), format: formatText(sp, t), state: stateText(sp, t), count: players, n: sp.number(players),
  }));
  return new EmbedBuilder()
    .setTitle(sp.t('tournaments:list.title'))
    .setColor(TOURNAMENT_COLOUR)
    .setDescription((lines.length ? lines.join('\n') : sp.t('tournaments:list.none', { command: howTo })).slice(0, 4000));
}
