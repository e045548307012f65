// Records on Discord: the move history paged with buttons, and the private review viewer
// (⏮ ◀ ▶ ⏭ and a move counter). Both are private messages whose buttons carry the whole state
// (game, page or position), so they work after a restart like every other button.
import {
  ActionRowBuilder,
  AttachmentBuilder,
  ButtonBuilder,
  ButtonStyle,
  EmbedBuilder,
  type MessageActionRowComponentBuilder,
} from 'discord.js';
import type { GameDefinition } from '../../engine/contract.js';
import { moveCounts, type HistoryEntry, type ReviewPosition } from '../../services/records/history.js';
import type { GameSnapshot } from '../../services/types.js';
import { encodeCustomId, type ReviewButton } from '../customId.js';
import { offersReplay, replayButton } from './offers.js';

type Row = ActionRowBuilder<MessageActionRowComponentBuilder>;

export const HISTORY_PAGE = 20;
const unix = (d: Date) => Math.floor(d.getTime() / 1000);

function entryLine(e: HistoryEntry): string {
  if (e.kind !== 'move') return `↩ ${e.who}: ${e.kind === 'undo' ? 'undo' : 'takeback accepted'} of move ${e.number} · <t:${unix(e.at)}:f>`;
  const text = `${e.number}. ${e.who}: **${e.notation}** · <t:${unix(e.at)}:f>`;
  return e.cancelled ? `~~${text}~~` : text;
}

/** "35 moves", "35 moves (1 taken back)": the moves standing, as the board and the review count them. */
function countText(game: GameSnapshot, entries: HistoryEntry[]): string {
  const { standing, cancelled } = moveCounts(entries);
  const moves = `${standing} ${standing === 1 ? 'move' : 'moves'}`;
  return cancelled ? `${moves} (${cancelled} ${game.seats.length === 1 ? 'undone' : 'taken back'})` : moves;
}

/** Page `page` of the move list (null: the last page, where the newest moves are). */
export function historyMessage(def: GameDefinition, game: GameSnapshot, entries: HistoryEntry[], page: number | null) {
  const pages = Math.max(1, Math.ceil(entries.length / HISTORY_PAGE));
  const at = Math.max(0, Math.min(page ?? pages - 1, pages - 1));
  const lines = entries.slice(at * HISTORY_PAGE, (at + 1) * HISTORY_PAGE).map(entryLine);
  const state = game.status === 'FINISHED' ? `finished${game.outcome ? `: ${game.outcome.reason}` : ''}` : 'still being played';
  const embed = new EmbedBuilder()
    .setTitle(`${def.title} · game #${game.id} · moves`.slice(0, 256))
    .setDescription((lines.length ? lines.join('\n') : 'No moves yet.').slice(0, 4000))
    .setFooter({ text: `Page ${at + 1} of ${pages} · ${countText(game, entries)} · ${state}`.slice(0, 2048) })
    .setColor(0xc9a227);
  const button = (label: string, target: number, disabled: boolean) =>
    new ButtonBuilder().setCustomId(encodeCustomId({ kind: 'history', gameId: game.id, page: target })).setLabel(label).setStyle(ButtonStyle.Secondary).setDisabled(disabled);
  const components: Row[] = pages > 1
    ? [new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(
        button('◀ Earlier', Math.max(0, at - 1), at === 0),
        button('Later ▶', Math.min(pages - 1, at + 1), at >= pages - 1),
      )]
    : [];
  return { embeds: [embed], components, allowedMentions: { parse: [] as never[] } };
}

/** The review of position `p` with its drawn board (null: the game has none): the move that led there, and the four buttons. */
export function reviewMessage(def: GameDefinition, game: GameSnapshot, p: ReviewPosition, png: Buffer | null) {
  const fileName = `review-${game.id}-${p.index}.png`;
  const what = p.move ? `${p.move.who} played **${p.move.notation}** · <t:${unix(p.move.at)}:f>` : 'The start of the game.';
  const embed = new EmbedBuilder()
    .setTitle(`${def.title} · game #${game.id} · review`.slice(0, 256))
    .setDescription(`${what}${png ? '' : '\n(This game has no board image.)'}`.slice(0, 4000))
    .setFooter({ text: game.status === 'FINISHED' ? 'Finished game' : 'Running game, up to the moment this review opened; your own view.' })
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
  if (png && offersReplay(game)) row.addComponents(replayButton(game.id));
  return {
    content: `Move ${p.index} of ${p.last}`,
    embeds: [embed],
    files: png ? [new AttachmentBuilder(png, { name: fileName })] : [],
    components: [row],
    allowedMentions: { parse: [] as never[] },
  };
}
