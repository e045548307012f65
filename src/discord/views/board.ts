// The message that carries a board: whose turn it is and the clock (in its text, the only part
// that pings), the log of the turn it shows, the board image, and the components for the next
// move; and what a board becomes when a newer one replaces it.
import { ActionRowBuilder, AttachmentBuilder, ButtonBuilder, ButtonStyle, EmbedBuilder, type MessageActionRowComponentBuilder } from 'discord.js';
import type { GameDefinition, GameEvent, Seat } from '../../engine/contract.js';
import { hasBoardRenderer, type RenderOptions } from '../../render/index.js';
import { describeSeat, seatName } from '../../services/games.js';
import type { GameSnapshot } from '../../services/types.js';
import type { BoardOffers } from '../../services/records/takebacks.js';
import { soloResult } from '../../services/records/results.js';
import { boardPicture, soloScoreText } from '../../services/boardPicture.js';
import { memberLine } from './memberText.js';
import { buildMoveComponents, type Row } from './moveComponents.js';
import { offerRows, resultRows } from './offers.js';

const SEAT_COLOURS = [0xd64541, 0x3a6fd8, 0x3aa655, 0xd9a400];
const DESCRIPTION_MAX = 4000;

export type BoardNews = {
  /** A line above the turn's log: "Game #4 begins", "Red (<@1>) resigned." */
  headline?: string | null;
  /** The moves shown on this board: the steps of the turn it follows, or of the turn in progress. */
  steps?: TurnStep[];
  /** Events of a change that is not in the move log. */
  events?: GameEvent[];
};

/** One saved move, as a board's log shows it. */
export type TurnStep = { seat: number; notation: string; kind: string; eventTexts: string[]; eventPhrases?: unknown };

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
};

const unix = (d: Date) => Math.floor(d.getTime() / 1000);

/** The clock of the turn, and vacation markers: "⏰ Move by … (in 2 days)", "🌴 <@1> on vacation until …". */
function clockLines(game: GameSnapshot, extras: BoardExtras): string[] {
  if (game.status !== 'ACTIVE') return [];
  const lines: string[] = [];
  if (game.timedOutAt) lines.push(`⌛ Time ran out <t:${unix(game.timedOutAt)}:R>: the opponent may claim the win.`);
  else if (game.deadlineAt) lines.push(`⏰ Move by <t:${unix(game.deadlineAt)}:f> (<t:${unix(game.deadlineAt)}:R>)`);
  for (const seat of game.seats) {
    const back = seat.kind === 'human' ? extras.vacations?.get(seat.userId) : undefined;
    if (back) lines.push(`🌴 <@${seat.kind === 'human' ? seat.userId : ''}> is on vacation until <t:${unix(back)}:f>; their clock is paused.`);
  }
  return lines;
}

/** " Scores: Red 12, Blue 9." for a game of several seats; nothing without scores. */
function scoreText(def: GameDefinition, game: GameSnapshot, scores: number[] | undefined): string {
  if (!scores?.length) return '';
  return ` Scores: ${scores.map((v, seat) => `${seatName(def, seat)} ${v}`).join(', ')}.`;
}

/** "Blue (<@2>) won", "Draw", "Game over"; a solo game's says won or lost, and the score: "You lost: −1 point". */
export function resultTitle(def: GameDefinition, game: GameSnapshot): string {
  const o = game.outcome;
  if (!o) return 'Game over';
  if (game.seats.length === 1) {
    // A solo game has no winner seat to name: seat 0 won, or it drew, or (no winner) it lost.
    const verdict = { win: 'You won', draw: 'Draw', loss: 'You lost' }[soloResult(o, 0)];
    const score = soloScoreText(o.scores);
    return score ? `${verdict}: ${score}` : verdict;
  }
  return o.draw ? 'Draw' : o.winners.length ? `${o.winners.map((w) => describeSeat(def, game, w)).join(' and ')} won` : 'Game over';
}

function resultLine(def: GameDefinition, game: GameSnapshot): string {
  const o = game.outcome;
  const reason = (o?.reason ?? '').trim();
  const sentence = reason && !/[.!?]$/.test(reason) ? `${reason}.` : reason;
  // A solo game's title already carries its score.
  const scores = game.seats.length === 1 ? '' : scoreText(def, game, o?.scores);
  return `**${resultTitle(def, game)}.** ${sentence}${scores}`.trim();
}

/** Whose move it is, said once in the message text (the only part that pings). */
function turnText(def: GameDefinition, game: GameSnapshot): string {
  const toAct = def.toAct(game.state);
  const humans = toAct.filter((s) => game.seats[s]?.kind === 'human');
  if (!toAct.length) return 'Waiting.';
  if (!humans.length) return `${toAct.map((s) => describeSeat(def, game, s)).join(' and ')} to move: the AI is thinking…`;
  const solo = game.seats.length === 1;
  return humans
    .map((s) => {
      const seat = game.seats[s] as { userId: string };
      return solo ? `<@${seat.userId}>, your move.` : `<@${seat.userId}>, your move as **${seatName(def, s)}**.`;
    })
    .join(' ');
}

/**
 * The board's log: the turn's moves by seat ("**Red (<@1>)**: gather Keep · train 2"), then
 * what they showed, newest kept when it is long.
 */
export function turnLog(def: GameDefinition, game: GameSnapshot, news: BoardNews): string {
  const lines: string[] = [];
  if (news.headline) lines.push(`**${news.headline}**`);
  const steps = news.steps ?? [];
  const groups: { seat: number; items: string[] }[] = [];
  for (const step of steps) {
    const item = step.kind === 'move' ? step.notation : `${step.kind === 'undo' ? 'undid' : 'took back'} ${step.notation}`;
    const last = groups[groups.length - 1];
    if (last && last.seat === step.seat) last.items.push(item);
    else groups.push({ seat: step.seat, items: [item] });
  }
  // A long solo stretch on one board keeps its newest steps.
  for (const g of groups.slice(-4)) {
    const items = g.items.length > 12 ? ['…', ...g.items.slice(-12)] : g.items;
    lines.push(`**${describeSeat(def, game, g.seat)}**: ${items.join(' · ')}`);
  }
  // The newest events first in mind: the latest step's (an enemy's whole turn, say) in full when they fit.
  const bullets = [...steps.flatMap((s) => s.eventTexts), ...(news.events ?? []).flatMap((e) => (e.text ? [e.text] : []))];
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
export function liveRows(def: GameDefinition, game: GameSnapshot): Row[] {
  if (game.status !== 'ACTIVE') return [];
  const seat = def.toAct(game.state).find((s) => game.seats[s]?.kind === 'human');
  if (seat === undefined) return [];
  return buildMoveComponents({
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
export function boardComponents(def: GameDefinition, game: GameSnapshot, offers: BoardOffers | undefined, watchUrl?: string | null): Row[] {
  const rows = game.status === 'FINISHED' ? resultRows(game) : withOffers(liveRows(def, game), offerRows(game, offers));
  return watchUrl ? withWatchLink(rows, watchUrl) : rows;
}

/**
 * "Watch on the web" beside the board's last buttons, where a row has room (a menu fills its
 * row), else in a row of its own; left out when five rows of moves leave no room.
 */
function withWatchLink(rows: Row[], url: string): Row[] {
  const link = new ButtonBuilder().setStyle(ButtonStyle.Link).setURL(url).setLabel('Watch on the web').setEmoji('🌐');
  const last = rows.at(-1);
  const roomy = last && last.components.length < 5 && last.components.every((c) => c instanceof ButtonBuilder);
  if (roomy) return [...rows.slice(0, -1), new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(...(last.components as ButtonBuilder[]), link)];
  return rows.length < 5 ? [...rows, new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(link)] : rows;
}

/** Fits both a new channel message and an edited interaction reply. */
export type BoardPayload = {
  content: string;
  embeds: EmbedBuilder[];
  files: AttachmentBuilder[];
  components: Row[];
  allowedMentions: { users: string[] };
};

/** What a board's image is drawn from (in a render worker), or null for a game without one. */
export function boardImageRequest(def: GameDefinition, game: GameSnapshot, players?: string[]): ReturnType<typeof boardPicture> | null {
  if (!hasBoardRenderer(game.gameType)) return null;
  // A solo game's only player sees the board as their own seat (their hand, say); others see the public view.
  return boardPicture(def, game, { viewer: def.seats.max === 1 ? 0 : undefined, players });
}

/** The board message of `game` with its drawn image (`png`, null when it could not be drawn). */
export function buildBoardMessage(def: GameDefinition, game: GameSnapshot, png: Buffer | null, news: BoardNews = {}, extras: BoardExtras = {}): BoardPayload {
  const fileName = `board-${game.id}-${game.version}.png`;
  const description = turnLog(def, game, news);
  const toAct = def.toAct(game.state);
  const colourSeat: Seat = game.status === 'FINISHED' ? (game.outcome?.winners[0] ?? 0) : (toAct[0] ?? 0);
  // The footer is plain text (no Markdown): names as written, on one line.
  const names = game.seats.map((_, i) => (extras.players?.[i] ? `${seatName(def, i)} ${memberLine(extras.players[i])}` : seatName(def, i)));
  const embed = new EmbedBuilder()
    .setTitle(`${def.title} · game #${game.id}`.slice(0, 256))
    .setColor(SEAT_COLOURS[colourSeat % SEAT_COLOURS.length]!)
    .setFooter({ text: `Move ${game.moveCount} · ${names.join(' vs ')}`.slice(0, 2048) });
  if (game.status === 'FINISHED') embed.addFields({ name: 'Result', value: resultLine(def, game).slice(0, 1024) });
  if (description) embed.setDescription(description);
  if (png) embed.setImage(`attachment://${fileName}`);
  const content = game.status === 'ACTIVE'
    ? [turnText(def, game), ...clockLines(game, extras)].join('\n')
    : `Game over: **${resultTitle(def, game)}.**`;
  const ping = [...new Set(extras.ping ?? [])];
  return {
    content: content.slice(0, 2000),
    embeds: [embed],
    files: png ? [new AttachmentBuilder(png, { name: fileName })] : [],
    components: boardComponents(def, game, extras.offers, extras.watchUrl),
    allowedMentions: { users: ping },
  };
}

/**
 * A board that a newer one replaced: it says what happened to it and nothing more, so that no
 * old message still claims it is anyone's move. Its embed and image stay as they were.
 */
export function supersededEdit(text: string): { content: string; components: Row[]; allowedMentions: { parse: never[] } } {
  return { content: `↪ ${text}`.slice(0, 2000), components: [], allowedMentions: { parse: [] } };
}
