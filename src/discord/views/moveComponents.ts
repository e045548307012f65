// Turns one level of a game's move tree into Discord components: buttons when the choices are
// few, otherwise a select menu paged by 25, with page buttons labelled by the range they show.
// Every label in the reader's language: the choices' own phrases, the game's question.
import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  StringSelectMenuBuilder,
  type MessageActionRowComponentBuilder,
} from 'discord.js';
import type { GameDefinition, Seat } from '../../engine/contract.js';
import type { Speaker } from '../../i18n/index.js';
import { choiceLevel, choiceText, stepPrompt as sayStepPrompt, type ChoiceLevel } from '../../services/moveChoices.js';
import { encodeCustomId } from '../customId.js';
import { choiceWords, gameText } from './words.js';

export type Row = ActionRowBuilder<MessageActionRowComponentBuilder>;

const PAGE_SIZE = 25;
const MAX_BUTTONS = 10;

export type MoveComponentsInput = {
  /** Who reads the labels: the server on a public board, the presser on a private step. */
  sp: Speaker;
  def: GameDefinition;
  gameId: number;
  version: number;
  state: unknown;
  seat: Seat;
  chosen: string[];
  page?: number;
  /** On the public board a Resign button sits beside the moves. */
  withResign?: boolean;
  /** On the public board of a game with player settings, a button to see and change one's own. */
  withSettings?: boolean;
  /** The choices are numbered 1, 2, 3… as on a preview picture. */
  numbered?: boolean;
};

const LABEL_MAX = 80;

/** A button's text (services/moveChoices.ts `choiceText`), within Discord's 80 characters. */
export function buttonLabel(o: { label: string; description?: string }, number?: number): string {
  return choiceText(o, number).slice(0, LABEL_MAX);
}

/** The question asked at a step, in the reader's language (one home with the web's: services/moveChoices.ts). */
export function stepPrompt(sp: Speaker, def: GameDefinition, state: unknown, seat: Seat, chosen: string[], _english?: string): string {
  return sayStepPrompt(sp, def, state, seat, chosen);
}

export function buildMoveComponents(input: MoveComponentsInput): { rows: Row[]; level: ChoiceLevel; pageInfo: string } {
  const { sp, def, gameId, version, chosen } = input;
  const found = choiceLevel(def, input.state, input.seat, chosen);
  // The level as the reader reads it: each choice's label and meaning, and the question.
  const level: ChoiceLevel = {
    ...found,
    prompt: stepPrompt(sp, def, input.state, input.seat, chosen, found.prompt),
    options: found.options.map((o) => ({ ...o, ...choiceWords(sp, def, o) })),
  };
  const rows: Row[] = [];
  const nav: MessageActionRowComponentBuilder[] = [];
  let pageInfo = '';
  const useButtons = level.options.length <= MAX_BUTTONS;

  if (level.options.length === 0) {
    // nothing to choose at this level; only navigation
  } else if (useButtons) {
    for (let i = 0; i < level.options.length; i += 5) {
      rows.push(
        new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(
          level.options.slice(i, i + 5).map((o, k) =>
            new ButtonBuilder()
              .setCustomId(encodeCustomId({ kind: 'move', gameId, version, path: [...chosen, o.key] }))
              .setLabel(buttonLabel(o, input.numbered ? i + k + 1 : undefined))
              .setStyle(o.completes ? ButtonStyle.Primary : ButtonStyle.Secondary),
          ),
        ),
      );
    }
  } else {
    const pages = Math.ceil(level.options.length / PAGE_SIZE);
    const page = Math.min(Math.max(input.page ?? 0, 0), pages - 1);
    const slice = level.options.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE);
    const range = (p: number) => {
      const s = level.options.slice(p * PAGE_SIZE, (p + 1) * PAGE_SIZE);
      return `${s[0]!.label}–${s[s.length - 1]!.label}`.slice(0, 60);
    };
    pageInfo = pages > 1 ? ` (${sp.t('discord:moves.page', { page: page + 1, pages, range: range(page) })})` : '';
    rows.push(
      new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(
        new StringSelectMenuBuilder()
          .setCustomId(encodeCustomId({ kind: 'move', gameId, version, path: chosen }))
          .setPlaceholder(`${level.prompt}${pageInfo}`.slice(0, 150))
          .addOptions(
            slice.map((o) => ({
              label: o.label.slice(0, 100),
              value: o.key,
              ...(o.description ? { description: o.description.slice(0, 100) } : {}),
            })),
          ),
      ),
    );
    if (page > 0) {
      nav.push(
        new ButtonBuilder()
          .setCustomId(encodeCustomId({ kind: 'page', gameId, version, page: page - 1, path: chosen }))
          .setLabel(`◀ ${range(page - 1)}`.slice(0, 80))
          .setStyle(ButtonStyle.Secondary),
      );
    }
    if (page < pages - 1) {
      nav.push(
        new ButtonBuilder()
          .setCustomId(encodeCustomId({ kind: 'page', gameId, version, page: page + 1, path: chosen }))
          .setLabel(`${range(page + 1)} ▶`.slice(0, 80))
          .setStyle(ButtonStyle.Secondary),
      );
    }
  }
  if (chosen.length > 0) {
    nav.push(
      new ButtonBuilder()
        .setCustomId(encodeCustomId({ kind: 'move', gameId, version, path: chosen.slice(0, -1) }))
        .setLabel(sp.t('discord:buttons.back').slice(0, LABEL_MAX))
        .setStyle(ButtonStyle.Secondary),
    );
  }
  const settings = def.seatSettings ?? [];
  if (input.withSettings && settings.length > 0) {
    nav.push(
      new ButtonBuilder()
        .setCustomId(encodeCustomId({ kind: 'settings', gameId }))
        .setLabel(`⚙ ${settings.length === 1 ? gameText(sp, def, `settings.${settings[0]!.name}.label`, settings[0]!.label) : sp.t('discord:buttons.settings')}`.slice(0, LABEL_MAX))
        .setStyle(ButtonStyle.Secondary),
    );
  }
  if (input.withResign) {
    nav.push(
      new ButtonBuilder()
        .setCustomId(encodeCustomId({ kind: 'resign', gameId, version }))
        .setLabel(sp.t('discord:buttons.resign').slice(0, LABEL_MAX))
        .setStyle(ButtonStyle.Danger),
    );
  }
  if (nav.length) rows.push(new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(nav));
  return { rows: rows.slice(0, 5), level, pageInfo };
}
