// The buttons a board offers besides its moves: Undo (solo) or Take back? (two members) after a
// move, and under a result Rematch (two members) and Replay (made when first asked for).
import { ActionRowBuilder, ButtonBuilder, ButtonStyle, type MessageActionRowComponentBuilder } from 'discord.js';
import type { Speaker } from '../../i18n/index.js';
import type { BoardOffers } from '../../services/records/takebacks.js';
import type { GameSnapshot } from '../../services/types.js';
import { encodeCustomId } from '../customId.js';
import type { Row } from './moveComponents.js';

const label = (sp: Speaker, key: string) => sp.t(`discord:buttons.${key}`).slice(0, 80);

/** The row of Undo / Take back? under a board, or none. */
export function offerRows(sp: Speaker, game: GameSnapshot, offers: BoardOffers | undefined): Row[] {
  const buttons: ButtonBuilder[] = [];
  if (offers?.undo) {
    buttons.push(new ButtonBuilder().setCustomId(encodeCustomId({ kind: 'undo', gameId: game.id, version: game.version })).setLabel(label(sp, 'undo')).setEmoji('↩️').setStyle(ButtonStyle.Secondary));
  }
  if (offers?.takeback) {
    buttons.push(new ButtonBuilder().setCustomId(encodeCustomId({ kind: 'takeback-ask', gameId: game.id, version: game.version })).setLabel(label(sp, 'takeBack')).setEmoji('↩️').setStyle(ButtonStyle.Secondary));
  }
  return buttons.length ? [new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(buttons)] : [];
}

/** Games with at least one move have something to replay. */
export function offersReplay(game: GameSnapshot): boolean {
  return game.status === 'FINISHED' && game.version > 0;
}

export function replayButton(sp: Speaker, gameId: number): ButtonBuilder {
  return new ButtonBuilder().setCustomId(encodeCustomId({ kind: 'replay', gameId })).setLabel(label(sp, 'replay')).setEmoji('🎞️').setStyle(ButtonStyle.Secondary);
}

/** The Rematch button of a finished two-member game's board. */
export function rematchRow(sp: Speaker, gameId: number): ActionRowBuilder<MessageActionRowComponentBuilder> {
  return new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(
    new ButtonBuilder().setCustomId(encodeCustomId({ kind: 'rematch', gameId })).setLabel(label(sp, 'rematch')).setEmoji('🔁').setStyle(ButtonStyle.Primary),
  );
}

/** Two members played it (a rematch is for them). */
export const isMemberGame = (game: GameSnapshot) => game.seats.length === 2 && game.seats.every((s) => s.kind === 'human');

/** Under a result: Rematch (two members) and Replay. */
export function resultRows(sp: Speaker, game: GameSnapshot): Row[] {
  const row = isMemberGame(game) ? rematchRow(sp, game.id) : new ActionRowBuilder<MessageActionRowComponentBuilder>();
  if (offersReplay(game)) row.addComponents(replayButton(sp, game.id));
  return row.components.length ? [row] : [];
}
