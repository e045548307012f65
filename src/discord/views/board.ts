// The message that carries a board: whose turn it is and the clock (in its text, the only part
// that pings), the log of the turn it shows, the board image with its alt text, and the components
// for the next move; and what a board becomes when a newer one replaces it. Everything in the
// server's language (a board is public), or the reader's for a board shown privately.
import { ActionRowBuilder, AttachmentBuilder, ButtonBuilder, ButtonStyle, EmbedBuilder, type MessageActionRowComponentBuilder } from 'discord.js';
import type { GameDefinition, GameEvent, Phrase, Seat } from '../../engine/contract.js';
import { speaker, type Speaker } from '../../i18n/index.js';
import { hasBoardRenderer } from '../../render/index.js';
import { tournamentTagOf, type GameSnapshot } from '../../services/types.js';
import type { BoardOffers } from '../../services/records/takebacks.js';
import { boardAlt } from '../../services/boardAlt.js';
import { sayMove, storedPhrase } from '../../services/phrases.js';
import { boardPicture, resultHeadline, resultReason } from '../../services/boardPicture.js';
import { encodeCustomId } from '../customId.js';
import { describeButton, withButton } from './describe.js';
import { memberLine } from './memberText.js';
import { buildMoveComponents, type Row } from './moveComponents.js';
import { offerRows, resultRows } from './offers.js';
import { altNames, bold, gameTitle, occupant, seatName, seatWho, sentenceStart, unix } from './words.js';

const SEAT_COLOURS = [0xd64541, 0x3a6fd8, 0x3aa655, 0xd9a400];
const DESCRIPTION_MAX = 4000;
/** For callers outside the adapter (scripts, tests) that have no reader: the source language. */
const EN = speaker('en-US');

export type BoardNews = {
  /** A line above the turn's log, said already: "Game #4 begins", "Red (<@1>) resigned." */
  headline?: string | null;
  /** The moves shown on this board: the steps of the turn it follows, or of the turn in progress. */
  steps?: TurnStep[];
  /** Events of a change that is not in the move log. */
  events?: GameEvent[];
};

/**
 * One saved move, as a board's log shows it. `eventPhrases` (as stored: a list beside
 * `eventTexts`, null where an event had none) say the events in the reader's language.
 */
export type TurnStep = { seat: number; notation: string; notationPhrase?: unknown; kind: string; eventTexts: string[]; eventPhrases?: unknown };

/** What the board says besides the game: who is away, what it offers, who it pings. */
export type BoardExtras = {
  /** Players on vacation now, and when they are back. */
  vacations?: Map<string, Date>;
  /** Undo (solo) or Take back? (two members), when the move just made allows it. */
  offers?: BoardOffers;
  /** Who this message pings: the members the game has just been handed to. None by default. */
  ping?: string[];
  /** Display names per seat, drawn on the board image. */
  players?: string[];
  /** The game's watch page, for the "Watch on the web" button (when the host exposes the web front). */
  watchUrl?: string | null;
  /** The Activity is set up (ACTIVITY=on): a running game's board offers "Play on the board". */
  activity?: boolean;
  /** The view the image was drawn from (its alt text reads it); by default the board's own. */
  view?: object;
};

/** The clock of the turn, and vacation markers: "⏰ Move by … (in 2 days)", "🌴 <@1> on vacation until …". */
function clockLines(sp: Speaker, game: GameSnapshot, extras: BoardExtras): string[] {
  if (game.status !== 'ACTIVE') return [];
  const lines: string[] = [];
  if (game.timedOutAt) lines.push(sp.t('discord:board.timedOut', { icon: '⌛', when: `<t:${unix(game.timedOutAt)}:R>` }));
  else if (game.deadlineAt) lines.push(sp.t('discord:board.deadline', { icon: '⏰', at: `<t:${unix(game.deadlineAt)}:f>`, when: `<t:${unix(game.deadlineAt)}:R>` }));
  for (const seat of game.seats) {
    const back = seat.kind === 'human' ? extras.vacations?.get(seat.userId) : undefined;
    if (back && seat.kind === 'human') lines.push(sp.t('discord:board.vacation', { icon: '🌴', member: `<@${seat.userId}>`, at: `<t:${unix(back)}:f>` }));
  }
  return lines;
}

/** "Scores: Red 12, Blue 9." for a game of several seats; nothing without scores. */
function scoreText(sp: Speaker, def: GameDefinition, scores: number[] | undefined): string {
  if (!scores?.length) return '';
  return sp.t('discord:board.scores', { scores: scores.map((v, seat) => `${seatName(sp, def, seat)} ${sp.number(v)}`).join(', ') });
}

/**
 * "Blue (<@2>) won", "Draw", "Game over"; a solo game's says won or lost, and the score: "You
 * lost: −1 point".
 */
export function resultTitle(def: GameDefinition, game: GameSnapshot, sp: Speaker = EN): string {
  return resultHeadline(def, game, game.seats.map((_, seat) => occupant(sp, game, seat) ?? ''), sp);
}

/** A sentence ends with its full stop (the engines' reasons come with or without one). */
const sentence = (text: string) => (text && !/[.!?]$/.test(text) ? `${text}.` : text);

function resultLine(sp: Speaker, def: GameDefinition, game: GameSnapshot): string {
  const reason = sentence(sentenceStart(sp, resultReason(def, game, sp).trim()));
  // A solo game's title already carries its score.
  const scores = game.seats.length === 1 ? '' : scoreText(sp, def, game.outcome?.scores);
  return [bold(`${resultTitle(def, game, sp)}.`), reason, scores].filter(Boolean).join(' ');
}

/** Whose move it is, said once in the message text (the only part that pings). */
function turnText(sp: Speaker, def: GameDefinition, game: GameSnapshot): string {
  const toAct = def.toAct(game.state);
  const humans = toAct.filter((s) => game.seats[s]?.kind === 'human');
  if (!toAct.length) return sp.t('discord:board.waiting');
  if (!humans.length) return sp.t('discord:board.aiThinking', { count: toAct.length, who: sp.list(toAct.map((s) => seatWho(sp, def, game, s))) });
  const solo = game.seats.length === 1;
  return humans
    .map((s) => {
      const mention = `<@${(game.seats[s] as { userId: string }).userId}>`;
      return solo ? sp.t('discord:board.yourMove', { mention }) : sp.t('discord:board.yourMoveAs', { mention, seat: bold(seatName(sp, def, s)) });
    })
    .join(' ');
}

/** The event's stored phrase beside its English, when there is one. */
function phraseAt(phrases: unknown, k: number): Phrase | undefined {
  const p = Array.isArray(phrases) ? (phrases[k] as unknown) : undefined;
  return p && typeof p === 'object' && typeof (p as Phrase).key === 'string' ? (p as Phrase) : undefined;
}

/**
 * A step's move as the reader reads it: its words, else its notation. An undo's or takeback's row
 * keeps the words of the move it cancelled, and names it after its kind ("undo F7").
 */
export function stepMove(sp: Speaker, step: TurnStep): string {
  return sayMove(sp, storedPhrase(step.notationPhrase), step.kind === 'move' ? step.notation : step.notation.replace(new RegExp(`^${step.kind} `), ''));
}

/**
 * The board's log: the turn's moves by seat ("**Red (<@1>)**: gather Keep · train 2"), then
 * what they showed, newest kept when it is long.
 */
export function turnLog(def: GameDefinition, game: GameSnapshot, news: BoardNews, sp: Speaker = EN): string {
  const lines: string[] = [];
  if (news.headline) lines.push(bold(news.headline));
  const steps = news.steps ?? [];
  const groups: { seat: number; items: string[] }[] = [];
  for (const step of steps) {
    const item = step.kind === 'move' ? stepMove(sp, step) : sp.t(step.kind === 'undo' ? 'discord:log.undid' : 'discord:log.tookBack', { move: stepMove(sp, step) });
    const last = groups[groups.length - 1];
    if (last && last.seat === step.seat) last.items.push(item);
    else groups.push({ seat: step.seat, items: [item] });
  }
  // A long solo stretch on one board keeps its newest steps.
  for (const g of groups.slice(-4)) {
    const items = g.items.length > 12 ? ['…', ...g.items.slice(-12)] : g.items;
    lines.push(`${bold(seatWho(sp, def, game, g.seat))}: ${items.join(' · ')}`);
  }
  // The newest events first in mind: the latest step's (an enemy's whole turn, say) in full when they fit.
  const bullets = [
    ...steps.flatMap((s) => s.eventTexts.map((text, k) => sp.sayOr(phraseAt(s.eventPhrases, k), def.id, text))),
    ...(news.events ?? []).flatMap((e) => (e.text ? [sp.sayOr(e.phrase, def.id, e.text)] : [])),
  ];
  const kept: string[] = [];
  let room = DESCRIPTION_MAX - lines.join('\n').length - 8;
  for (let k = bullets.length - 1; k >= 0 && kept.length < 40; k--) {
    const line = `• ${bullets[k]}`;
    if (line.length + 1 > room) break;
    kept.unshift(line);
    room -= line.length + 1;
  }
  if (kept.length < bullets.length) lines.push('• …');
  lines.push(...kept);
  const description = lines.join('\n');
  return description.slice(0, DESCRIPTION_MAX);
}

/** Rows for the seat that must act now, or none (AI to move, game over). */
export function liveRows(sp: Speaker, def: GameDefinition, game: GameSnapshot): Row[] {
  if (game.status !== 'ACTIVE') return [];
  const seat = def.toAct(game.state).find((s) => game.seats[s]?.kind === 'human');
  if (seat === undefined) return [];
  return buildMoveComponents({
    sp,
    def,
    gameId: game.id,
    version: game.version,
    state: game.state,
    seat,
    chosen: [],
    withResign: true,
    withSettings: true,
  }).rows;
}

/** A message holds at most five rows: the moves come first. */
const withOffers = (rows: Row[], offers: Row[]) => [...rows, ...offers].slice(0, 5);

/** The components of a board of `game` as it stands: its moves, then what it offers besides them. */
export function boardComponents(sp: Speaker, def: GameDefinition, game: GameSnapshot, offers: BoardOffers | undefined, watchUrl?: string | null, activity = false): Row[] {
  const played = game.status === 'FINISHED' ? resultRows(sp, game) : withOffers(liveRows(sp, def, game), offerRows(sp, game, offers));
  // Every board can be had in words, for whoever cannot see its picture.
  let rows = withButton(played, describeButton(sp, game.id, game.version), (buttons) => new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(buttons));
  // A running game can be played on its board inside Discord (README, "Activity").
  if (activity && game.status === 'ACTIVE') {
    rows = withLastButton(rows, new ButtonBuilder().setStyle(ButtonStyle.Primary).setCustomId(encodeCustomId({ kind: 'activity', gameId: game.id })).setLabel(sp.t('discord:buttons.activity').slice(0, 80)).setEmoji('🎲'));
  }
  return watchUrl ? withLastButton(rows, new ButtonBuilder().setStyle(ButtonStyle.Link).setURL(watchUrl).setLabel(sp.t('discord:buttons.watch').slice(0, 80)).setEmoji('🌐')) : rows;
}

/**
 * A button ("Play on the board", "Watch on the web") beside the board's last buttons, where a row
 * has room (a menu fills its row), else in a row of its own; left out when five rows of moves
 * leave no room.
 */
function withLastButton(rows: Row[], button: ButtonBuilder): Row[] {
  const last = rows.at(-1);
  const roomy = last && last.components.length < 5 && last.components.every((c) => c instanceof ButtonBuilder);
  if (roomy) return [...rows.slice(0, -1), new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(...(last.components as ButtonBuilder[]), button)];
  return rows.length < 5 ? [...rows, new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(button)] : rows;
}

/** "Move 35 · Red alice vs Blue bob", and the tournament and round of a tournament's game ("· Spring Cup, round 2"). */
function footerText(sp: Speaker, game: GameSnapshot, names: string[]): string {
  const footer = sp.t('discord:board.footer', { number: game.moveCount, players: names.join(` ${sp.t('discord:board.versus')} `) });
  const tag = tournamentTagOf(game);
  return tag ? sp.t('tournaments:boardFooter', { footer, name: memberLine(tag.name), round: tag.round }) : footer;
}

/** Fits both a new channel message and an edited interaction reply. */
export type BoardPayload = {
  content: string;
  embeds: EmbedBuilder[];
  files: AttachmentBuilder[];
  components: Row[];
  allowedMentions: { users: string[] };
};

/** Who a board's image is drawn for: a solo game's only player sees their own seat (their hand, say); others the public view. */
const boardViewer = (def: GameDefinition) => (def.seats.max === 1 ? 0 : undefined);

/** What a board's image is drawn from (in a render worker), in `sp`'s language, or null for a game without one. */
export function boardImageRequest(def: GameDefinition, game: GameSnapshot, players?: string[], sp: Speaker = EN): ReturnType<typeof boardPicture> | null {
  if (!hasBoardRenderer(game.gameType)) return null;
  return boardPicture(def, game, { viewer: boardViewer(def), players, speaker: sp });
}

/** The board message of `game` with its drawn image (`png`, null when it could not be drawn), in `sp`'s language. */
export function buildBoardMessage(def: GameDefinition, game: GameSnapshot, png: Buffer | null, news: BoardNews = {}, extras: BoardExtras = {}, sp: Speaker = EN): BoardPayload {
  const fileName = `board-${game.id}-${game.version}.png`;
  const description = turnLog(def, game, news, sp);
  const toAct = def.toAct(game.state);
  const colourSeat: Seat = game.status === 'FINISHED' ? (game.outcome?.winners[0] ?? 0) : (toAct[0] ?? 0);
  // The footer is plain text (no Markdown): names as written, on one line.
  const names = game.seats.map((_, i) => (extras.players?.[i] ? `${seatName(sp, def, i)} ${memberLine(extras.players[i])}` : seatName(sp, def, i)));
  // Given as data: the builder's setters type-check each value again and build an error object
  // for every alternative they reject, on every board. Each text is cut to its limit here.
  const embed = new EmbedBuilder({
    title: sp.t('discord:board.title', { game: gameTitle(sp, def), id: game.id }).slice(0, 256),
    color: SEAT_COLOURS[colourSeat % SEAT_COLOURS.length]!,
    footer: { text: footerText(sp, game, names).slice(0, 2048) },
    ...(game.status === 'FINISHED' ? { fields: [{ name: sp.t('discord:board.result').slice(0, 256), value: resultLine(sp, def, game).slice(0, 1024) }] } : {}),
    ...(description ? { description } : {}),
    ...(png ? { image: { url: `attachment://${fileName}` } } : {}),
  });
  const content = game.status === 'ACTIVE'
    ? [turnText(sp, def, game), ...clockLines(sp, game, extras)].join('\n')
    : sp.t('discord:board.gameOver', { result: bold(`${resultTitle(def, game, sp)}.`) });
  const ping = [...new Set(extras.ping ?? [])];
  const lastStep = (news.steps ?? []).filter((s) => s.kind === 'move').at(-1);
  const lastMove = lastStep ? stepMove(sp, lastStep) : null;
  const alt = png
    ? boardAlt(sp, def, game, { index: game.moveCount, last: game.moveCount, lastMove, view: extras.view ?? (def.view(game.state, boardViewer(def)) as object), players: altNames(sp, game, extras.players) })
    : '';
  return {
    content: content.slice(0, 2000),
    embeds: [embed],
    files: png ? [new AttachmentBuilder(png, { name: fileName, description: alt })] : [],
    components: boardComponents(sp, def, game, extras.offers, extras.watchUrl, extras.activity),
    allowedMentions: { users: ping },
  };
}

/**
 * A board that a newer one replaced: it says what happened to it (`text`, said already in the
 * board's language) and nothing more, so that no old message still claims it is anyone's move.
 * Its embed and image stay as they were.
 */
export function supersededEdit(text: string): { content: string; components: Row[]; allowedMentions: { parse: never[] } } {
  return { content: `↪ ${text}`.slice(0, 2000), components: [], allowedMentions: { parse: [] } };
}
