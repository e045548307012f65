// A position in words, as Discord shows it privately (the Describe button, `/siege board
// text:true`, and beside a step panel or a turn's direct message for a member who asked for
// boards as text): embeds in the reader's language, each part under its heading, then the choices
// of the current step. Long descriptions are cut between parts and lines into several embeds, and
// those into several messages, within Discord's limits (4,096 characters an embed, 6,000 a message).
import { ButtonBuilder, ButtonStyle, EmbedBuilder } from 'discord.js';
import type { GameDefinition, Seat } from '../../engine/contract.js';
import type { Speaker } from '../../i18n/index.js';
import { partText } from '../../render/describe.js';
import { boardDescription } from '../../services/boardAlt.js';
import { choiceLevel, choiceText } from '../../services/moveChoices.js';
import type { GameSnapshot } from '../../services/types.js';
import { encodeCustomId } from '../customId.js';
import { bold, gameTitle, seatWho } from './words.js';

/** Discord's limits, with room to spare: an embed's description, and all the embeds of a message. */
const EMBED_TEXT_MAX = 4000;
const MESSAGE_TEXT_MAX = 5800;
const TITLE_MAX = 256;
const COLOUR = 0x5b6770;

/** The Describe button of a board at `version`. */
export function describeButton(sp: Speaker, gameId: number, version: number): ButtonBuilder {
  return new ButtonBuilder()
    .setCustomId(encodeCustomId({ kind: 'describe', gameId, version }))
    .setLabel(sp.t('discord:buttons.describe').slice(0, 80))
    .setEmoji('📝')
    .setStyle(ButtonStyle.Secondary);
}

/** Cuts text into pieces of at most `max` characters: between paragraphs, else lines, else words. */
export function splitText(text: string, max = EMBED_TEXT_MAX): string[] {
  const pieces: string[] = [];
  let rest = text.trim();
  while (rest.length > max) {
    const window = rest.slice(0, max);
    const paragraph = window.lastIndexOf('\n\n');
    const line = window.lastIndexOf('\n');
    const word = window.lastIndexOf(' ');
    const at = paragraph > max / 2 ? paragraph : line > max / 2 ? line : word > max / 2 ? word : max;
    pieces.push(rest.slice(0, at).trimEnd());
    rest = rest.slice(at).trimStart();
  }
  if (rest) pieces.push(rest);
  return pieces;
}

/** Embeds grouped into messages, as many a message as Discord's total allows. */
export function intoMessages(embeds: EmbedBuilder[], max = MESSAGE_TEXT_MAX): EmbedBuilder[][] {
  const size = (e: EmbedBuilder) => (e.data.description?.length ?? 0) + (e.data.title?.length ?? 0);
  const messages: EmbedBuilder[][] = [];
  for (const embed of embeds) {
    const last = messages.at(-1);
    if (last && last.length < 10 && last.reduce((n, e) => n + size(e), 0) + size(embed) <= max) last.push(embed);
    else messages.push([embed]);
  }
  return messages;
}

/**
 * The choices of the step the game waits for, as its buttons say them: the reader's own when it
 * is their turn (`seat`), else those of whoever must act. Empty when nobody must act.
 */
export function stepChoicesText(sp: Speaker, def: GameDefinition, game: GameSnapshot, seat: Seat | undefined): string {
  if (game.status !== 'ACTIVE') return '';
  const toAct = def.toAct(game.state);
  const seats = seat !== undefined && toAct.includes(seat) ? [seat] : toAct;
  return seats.map((s) => {
    const level = choiceLevel(def, game.state, s, []);
    if (!level.options.length) return '';
    const mine = s === seat;
    const heading = mine
      ? sp.t('discord:describe.yourChoices', { count: level.options.length })
      : sp.t('discord:describe.choicesOf', { count: level.options.length, seat: seatWho(sp, def, game, s) });
    const prompt = sp.sayOr(level.promptPhrase, def.id, level.prompt);
    const choices = level.options.map((o) => `${choiceText(o, undefined, { sp, gameId: def.id })}${o.completes ? '' : ' …'}`);
    const moves = def.legalMoves(game.state, s).length;
    const typed = sp.t('discord:describe.typed', { count: moves, command: '`/siege move`' });
    return [bold(heading), prompt, sp.list(choices), typed].join('\n');
  }).filter(Boolean).join('\n\n');
}

export type DescribeInput = {
  def: GameDefinition;
  game: GameSnapshot;
  /** The view to describe (the board's, or the reader's seat's). */
  view: object;
  /** The reader's seat, when they play: their choices are listed as theirs. */
  seat?: Seat;
  /** With the current step's choices (the Describe answer); a panel has them as buttons already. */
  withChoices: boolean;
  /** Display names per seat, said beside the seats. */
  players?: string[];
};

/** The whole position as text: the header's sentences, each part under its heading, the step's choices. */
export function describedText(sp: Speaker, input: DescribeInput): string | null {
  const { def, game } = input;
  const described = boardDescription(sp, def, game, { index: game.moveCount, last: game.moveCount, view: input.view, players: input.players });
  if (!described) return null;
  const blocks = [described.header.join(' '), ...described.position.parts.map((p) => partText(p, bold))];
  const choices = input.withChoices ? stepChoicesText(sp, def, game, input.seat) : '';
  if (choices) blocks.push(choices);
  return blocks.filter(Boolean).join('\n\n');
}

/** The described position as embeds, titled with the game, cut within Discord's limits. */
export function describeEmbeds(sp: Speaker, input: DescribeInput): EmbedBuilder[] {
  const text = describedText(sp, input) ?? sp.t('discord:describe.none');
  const title = (part: number, parts: number) => sp.t(parts > 1 ? 'discord:describe.titlePart' : 'discord:describe.title', { game: gameTitle(sp, input.def), id: input.game.id, part, parts }).slice(0, TITLE_MAX);
  const pieces = splitText(text);
  return pieces.map((piece, n) => new EmbedBuilder().setTitle(title(n + 1, pieces.length)).setDescription(piece).setColor(COLOUR));
}

/** The described position as private messages: embeds grouped within Discord's total per message. */
export function describeMessages(sp: Speaker, input: DescribeInput): EmbedBuilder[][] {
  return intoMessages(describeEmbeds(sp, input));
}

/**
 * The description for one message beside other content (a step panel, a turn's DM): the embeds
 * that fit within `room` characters, and a last line saying where the rest is when not all do.
 */
export function describeWithin(sp: Speaker, input: DescribeInput, room = MESSAGE_TEXT_MAX): EmbedBuilder[] {
  const embeds = describeEmbeds(sp, input);
  const kept: EmbedBuilder[] = [];
  let used = 0;
  for (const e of embeds) {
    const size = (e.data.description?.length ?? 0) + (e.data.title?.length ?? 0);
    if (used + size > room || kept.length >= 9) break;
    kept.push(e);
    used += size;
  }
  if (kept.length < embeds.length) kept.push(new EmbedBuilder().setDescription(sp.t('render:describe.more')).setColor(COLOUR));
  return kept;
}

/**
 * `button` beside a message's last buttons where that row has room (a menu fills its row), else
 * in a row of its own; left out only when five rows leave no room (a board has at most four).
 */
export function withButton<R extends { components: unknown[] }>(rows: R[], button: ButtonBuilder, newRow: (buttons: ButtonBuilder[]) => R): R[] {
  const last = rows.at(-1);
  if (last && last.components.length < 5 && last.components.every((c) => c instanceof ButtonBuilder)) {
    return [...rows.slice(0, -1), newRow([...(last.components as ButtonBuilder[]), button])];
  }
  return rows.length < 5 ? [...rows, newRow([button])] : rows;
}
