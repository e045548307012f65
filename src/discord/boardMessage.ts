// The message that carries a board: who did what, whose turn it is (with a mention), the board
// image, and the components for the next move.
import { AttachmentBuilder, EmbedBuilder } from 'discord.js';
import type { GameDefinition, GameEvent, Seat } from '../engine/contract.js';
import { hasBoardRenderer, renderBoardPng } from '../render/index.js';
import { describeSeat, seatName } from '../services/games.js';
import type { GameSnapshot } from '../services/types.js';
import { buildMoveComponents, disableRows, type Row } from './components/moveComponents.js';
import { offerRows } from './components/recordsTakebacks.js';
import type { BoardOffers } from '../services/records/takebacks.js';

const SEAT_COLOURS = [0xd64541, 0x3a6fd8, 0x3aa655, 0xd9a400];
const DESCRIPTION_MAX = 4000;

export type BoardNews = {
  /** "Red (<@1>) played F7 E", or null for a first or reposted board. */
  headline?: string | null;
  events?: GameEvent[];
};

export function mentionsToAct(game: GameSnapshot, def: GameDefinition): string[] {
  return def
    .toAct(game.state)
    .flatMap((s) => {
      const seat = game.seats[s];
      return seat?.kind === 'human' ? [seat.userId] : [];
    });
}

/** What the board says besides the game: who is away. */
export type BoardExtras = {
  /** Players on vacation now, and when they are back. */
  vacations?: Map<string, Date>;
  /** Undo (solo) or Take back? (two members), when the move just made allows it. */
  offers?: BoardOffers;
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

/** " Score: 87." for a solo game, " Scores: Red 12, Blue 9." for more seats; nothing without scores. */
function scoreText(def: GameDefinition, game: GameSnapshot, scores: number[] | undefined): string {
  if (!scores?.length) return '';
  if (game.seats.length === 1) return ` Score: **${scores.join(' to ')}**.`;
  return ` Scores: ${scores.map((v, seat) => `${seatName(def, seat)} ${v}`).join(', ')}.`;
}

function turnLine(def: GameDefinition, game: GameSnapshot): string {
  if (game.status === 'FINISHED' && game.outcome) {
    const o = game.outcome;
    const result = o.draw
      ? 'Draw'
      : o.winners.length
        ? `${o.winners.map((w) => describeSeat(def, game, w)).join(' and ')} won`
        : 'Game over';
    return `**${result}.** ${o.reason}${scoreText(def, game, o.scores)}`;
  }
  const toAct = def.toAct(game.state);
  return toAct.length ? `${toAct.map((s) => describeSeat(def, game, s)).join(' and ')} to move` : 'Waiting';
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
  }).rows;
}

/** A message holds at most five rows: the moves come first. */
const withOffers = (rows: Row[], offers: Row[]) => [...rows, ...offers].slice(0, 5);

/** The components a board had when it was current, disabled. */
export function staleRows(def: GameDefinition, game: GameSnapshot): Row[] {
  return disableRows(liveRows(def, game));
}

/** Fits both a new channel message and an edited interaction reply. */
export type BoardPayload = {
  content: string;
  embeds: EmbedBuilder[];
  files: AttachmentBuilder[];
  components: Row[];
  allowedMentions: { users: string[] };
};

export async function buildBoardMessage(
  def: GameDefinition,
  game: GameSnapshot,
  news: BoardNews = {},
  extras: BoardExtras = {},
): Promise<BoardPayload> {
  const fileName = `board-${game.id}-${game.version}.png`;
  // A solo game's only player sees the board as their own seat (their hand, say); others see the public view.
  const viewer = def.seats.max === 1 ? 0 : undefined;
  const png = hasBoardRenderer(game.gameType) ? await renderBoardPng(game.gameType, def.view(game.state, viewer) as object) : null;
  const lines: string[] = [];
  if (news.headline) lines.push(`**${news.headline}**`);
  for (const e of news.events ?? []) if (e.text) lines.push(`• ${e.text}`);
  let description = lines.join('\n');
  if (description.length > DESCRIPTION_MAX) description = description.slice(0, DESCRIPTION_MAX - 1) + '…';
  const toAct = def.toAct(game.state);
  const colourSeat: Seat = game.status === 'FINISHED' ? (game.outcome?.winners[0] ?? 0) : (toAct[0] ?? 0);
  const embed = new EmbedBuilder()
    .setTitle(`${def.title} · game #${game.id}`.slice(0, 256))
    .setColor(SEAT_COLOURS[colourSeat % SEAT_COLOURS.length]!)
    .addFields({ name: game.status === 'FINISHED' ? 'Result' : 'Turn', value: [turnLine(def, game), ...clockLines(game, extras)].join('\n').slice(0, 1024) })
    .setFooter({ text: `Move ${game.version} · ${game.seats.map((_, i) => seatName(def, i)).join(' vs ')}` });
  if (description) embed.setDescription(description);
  if (png) embed.setImage(`attachment://${fileName}`);
  const mentions = game.status === 'ACTIVE' ? mentionsToAct(game, def) : game.seats.flatMap((s) => (s.kind === 'human' ? [s.userId] : []));
  const unique = [...new Set(mentions)];
  const content =
    game.status === 'ACTIVE'
      ? unique.length ? `${unique.map((u) => `<@${u}>`).join(' ')}, your move.` : 'The AI is thinking…'
      : `Game over. ${unique.map((u) => `<@${u}>`).join(' ')}`;
  return {
    content,
    embeds: [embed],
    files: png ? [new AttachmentBuilder(png, { name: fileName })] : [],
    components: withOffers(liveRows(def, game), offerRows(game, extras.offers)),
    allowedMentions: { users: unique },
  };
}

export function jumpLink(guildId: string | null, channelId: string, messageId: string): string {
  return `https://discord.com/channels/${guildId ?? '@me'}/${channelId}/${messageId}`;
}
