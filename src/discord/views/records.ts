// Records on Discord: the move history paged with buttons, and the private review viewer
// (⏮ ◀ ▶ ⏭ and a move counter). Both are private messages, in the reader's language, whose
// buttons carry the whole state (game, page or position), so they work after a restart like
// every other button.
import {
  ActionRowBuilder,
  AttachmentBuilder,
  ButtonBuilder,
  ButtonStyle,
  EmbedBuilder,
  type MessageActionRowComponentBuilder,
} from 'discord.js';
import type { GameDefinition } from '../../engine/contract.js';
import { speaker, type Speaker } from '../../i18n/index.js';
import { boardAlt } from '../../services/boardAlt.js';
import { sayMove } from '../../services/phrases.js';
import { resultReason } from '../../services/boardPicture.js';
import { moveCounts, type HistoryEntry, type ReviewPosition } from '../../services/records/history.js';
import type { GameSnapshot } from '../../services/types.js';
import { encodeCustomId, type ReviewButton } from '../customId.js';
import { offersReplay, replayButton } from './offers.js';
import { bold, gameTitle, seatWho, unix } from './words.js';

type Row = ActionRowBuilder<MessageActionRowComponentBuilder>;

export const HISTORY_PAGE = 20;

function entryLine(sp: Speaker, def: GameDefinition, game: GameSnapshot, e: HistoryEntry): string {
  const values = { who: seatWho(sp, def, game, e.seat), number: e.number, move: bold(sayMove(sp, e.notationPhrase, e.notation)), at: `<t:${unix(e.at)}:f>` };
  if (e.kind !== 'move') return `↩ ${sp.t(e.kind === 'undo' ? 'discord:history.undone' : 'discord:history.takenBack', values)}`;
  const text = sp.t('discord:history.move', values);
  return e.cancelled ? `~~${text}~~` : text;
}

/** "35 moves", "35 moves (1 taken back)": the moves standing, as the board and the review count them. */
function countText(sp: Speaker, game: GameSnapshot, entries: HistoryEntry[]): string {
  const { standing, cancelled } = moveCounts(entries);
  const moves = sp.t('discord:history.moves', { count: standing });
  if (!cancelled) return moves;
  return sp.t(game.seats.length === 1 ? 'discord:history.withUndone' : 'discord:history.withTakenBack', { moves, count: cancelled });
}

/** Page `page` of the move list (null: the last page, where the newest moves are), in `sp`'s language. */
export function historyMessage(sp: Speaker, def: GameDefinition, game: GameSnapshot, entries: HistoryEntry[], page: number | null) {
  const pages = Math.max(1, Math.ceil(entries.length / HISTORY_PAGE));
  const at = Math.max(0, Math.min(page ?? pages - 1, pages - 1));
  const lines = entries.slice(at * HISTORY_PAGE, (at + 1) * HISTORY_PAGE).map((e) => entryLine(sp, def, game, e));
  const reason = game.status === 'FINISHED' ? resultReason(def, game, sp).trim() : '';
  const state = game.status !== 'FINISHED'
    ? sp.t('discord:history.running')
    : reason ? sp.t('discord:history.finishedWhy', { reason }) : sp.t('discord:history.finished');
  const embed = new EmbedBuilder()
    .setTitle(sp.t('discord:history.title', { game: gameTitle(sp, def), id: game.id }).slice(0, 256))
    .setDescription((lines.length ? lines.join('\n') : sp.t('discord:history.none')).slice(0, 4000))
    .setFooter({ text: sp.t('discord:history.footer', { page: at + 1, pages, moves: countText(sp, game, entries), state }).slice(0, 2048) })
    .setColor(0xc9a227);
  const button = (label: string, target: number, disabled: boolean) =>
    new ButtonBuilder().setCustomId(encodeCustomId({ kind: 'history', gameId: game.id, page: target })).setLabel(label.slice(0, 80)).setStyle(ButtonStyle.Secondary).setDisabled(disabled);
  const components: Row[] = pages > 1
    ? [new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(
        button(`◀ ${sp.t('discord:buttons.earlier')}`, Math.max(0, at - 1), at === 0),
        button(`${sp.t('discord:buttons.later')} ▶`, Math.min(pages - 1, at + 1), at >= pages - 1),
      )]
    : [];
  return { embeds: [embed], components, allowedMentions: { parse: [] as never[] } };
}

/** How a review is said and described: its reader, and the players' names for its image's alt text. */
export type ReviewReader = { sp?: Speaker; players?: string[] };

/**
 * The review of position `p` with its drawn board (null: the game has none): the move that led
 * there, and the four buttons; the image described for a screen reader.
 */
export function reviewMessage(def: GameDefinition, game: GameSnapshot, p: ReviewPosition, png: Buffer | null, reader: ReviewReader = {}) {
  const sp = reader.sp ?? speaker('en-US');
  const fileName = `review-${game.id}-${p.index}.png`;
  const played = p.move ? sayMove(sp, p.move.notationPhrase, p.move.notation) : null;
  // A solo game's player is "you" in the sentence, not a name.
  const what = p.move
    ? game.seats.length === 1
      ? sp.t('discord:review.playedYou', { move: bold(played!), at: `<t:${unix(p.move.at)}:f>` })
      : sp.t('discord:review.played', { who: seatWho(sp, def, game, p.move.seat), move: bold(played!), at: `<t:${unix(p.move.at)}:f>` })
    : sp.t('discord:review.start');
  const embed = new EmbedBuilder()
    .setTitle(sp.t('discord:review.title', { game: gameTitle(sp, def), id: game.id }).slice(0, 256))
    .setDescription(`${what}${png ? '' : `\n${sp.t('discord:review.noImage')}`}`.slice(0, 4000))
    .setFooter({ text: sp.t(game.status === 'FINISHED' ? 'discord:review.finished' : 'discord:review.running').slice(0, 2048) })
    .setColor(0xc9a227);
  if (png) embed.setImage(`attachment://${fileName}`);
  const button = (label: string, target: number, key: ReviewButton, disabled: boolean) =>
    new ButtonBuilder()
      .setCustomId(encodeCustomId({ kind: 'review', gameId: game.id, upTo: p.last, index: target, button: key }))
      .setLabel(label)
      .setStyle(ButtonStyle.Secondary)
      .setDisabled(disabled);
  const row = new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(
    button('⏮', 0, 'f', p.index === 0),
    button('◀', Math.max(0, p.index - 1), 'p', p.index === 0),
    button('▶', Math.min(p.last, p.index + 1), 'n', p.index >= p.last),
    button('⏭', p.last, 'l', p.index >= p.last),
  );
  // A finished game can also be watched as one animation.
  if (png && offersReplay(game)) row.addComponents(replayButton(sp, game.id));
  const alt = png ? boardAlt(sp, def, game, { index: p.index, last: p.last, lastMove: played, view: p.view, players: reader.players }) : '';
  return {
    content: sp.t('discord:review.counter', { index: p.index, last: p.last }),
    embeds: [embed],
    files: png ? [new AttachmentBuilder(png, { name: fileName, description: alt })] : [],
    components: [row],
    allowedMentions: { parse: [] as never[] },
  };
}
