// A board image's alt text, for every front end (Discord's attachment description, the web's img
// alt): the game, which position, whose turn or the result, the last move, and what stands on the
// board (render/describe.ts), in the reader's language. Discord reads up to 1,024 characters: the
// position is said as briefly as it takes to fit, the most important first, and an alt text that
// leaves something out ends by saying how to get the whole position (the Describe button). The
// same description, whole, is what Describe answers (boardDescription).
import type { GameDefinition, Seat } from '../engine/contract.js';
import { hasText, type Speaker } from '../i18n/index.js';
import { briefWithin, describePosition, type PositionDescription } from '../render/describe.js';
import { resultHeadline, resultReason, seatNameIn, withoutMentions } from './boardPicture.js';
import type { GameSnapshot } from './types.js';

export const MAX_ALT_CHARS = 1024;

export type AltPosition = {
  /** The position shown (0: the start) and the last one; the current one when equal. */
  index: number;
  last: number;
  /** The move that led to the position shown, as its reader reads it (`sayMove`: its words, else its notation). */
  lastMove?: string | null;
  /** The view the image is drawn from. */
  view: object;
  /** Display names per seat, when the front end has them. */
  players?: string[];
  /** A sentence said first, within the same 1,024 characters (a preview's: what its numbers mean). */
  lead?: string;
};

/** "Red (alice)", or "Red" without a name. */
function seatWithName(sp: Speaker, def: GameDefinition, seat: Seat, players?: string[]): string {
  const name = players?.[seat];
  return name ? sp.t('services:seat.withPlayer', { seat: seatNameIn(sp, def, seat), player: name }) : seatNameIn(sp, def, seat);
}

/** Whose turn it is, or the result with its reason, as one sentence. */
export function statusSentence(sp: Speaker, def: GameDefinition, game: GameSnapshot, players?: string[]): string {
  if (game.status === 'FINISHED') {
    const reason = withoutMentions(resultReason(def, game, sp));
    const headline = resultHeadline(def, game, players, sp);
    return reason ? sp.t('services:alt.resultWithReason', { result: headline, reason: reason.replace(/[.!]$/, '') }) : sp.t('services:alt.result', { result: headline });
  }
  const toAct = def.toAct(game.state);
  if (!toAct.length) return sp.t('services:alt.waiting');
  // A solo game's one player is the reader: "Your move", not a seat's name.
  if (game.seats.length === 1) return sp.t('services:alt.yourMove');
  return sp.t('services:alt.toMove', { count: toAct.length, who: sp.list(toAct.map((s) => seatWithName(sp, def, s, players))) });
}

/** The seats as a position's description names them: each seat's name in the reader's language. */
const seatNames = (sp: Speaker, def: GameDefinition, game: GameSnapshot) => game.seats.map((_, seat) => seatNameIn(sp, def, seat));

/** The sentences before the position: the game and which position, whose turn or the result, the last move. */
function altHeader(sp: Speaker, def: GameDefinition, game: GameSnapshot, at: AltPosition): string[] {
  const title = hasText(`${def.id}:title`) ? sp.t(`${def.id}:title`) : def.title;
  const current = at.index === at.last;
  return [
    at.lead ?? '',
    current ? sp.t('services:alt.current', { game: title, move: at.index }) : sp.t('services:alt.position', { game: title, move: at.index, last: at.last }),
    current ? statusSentence(sp, def, game, at.players) : '',
    at.lastMove ? sp.t('services:alt.lastMove', { move: at.lastMove }) : '',
  ].filter(Boolean);
}

/** The alt text of a board image of `game` at `at`, within Discord's 1,024 characters. */
export function boardAlt(sp: Speaker, def: GameDefinition, game: GameSnapshot, at: AltPosition): string {
  const header = altHeader(sp, def, game, at).join(' ');
  const position = describePosition(game.gameType, at.view, sp.locale, seatNames(sp, def, game));
  if (!position) return header.length <= MAX_ALT_CHARS ? header : `${header.slice(0, MAX_ALT_CHARS - 1)}…`;
  const more = sp.t('render:describe.more');
  // Room for the position after the header, keeping room for the pointer to the rest.
  const room = MAX_ALT_CHARS - header.length - more.length - 2;
  const brief = briefWithin(position, Math.max(0, room));
  const text = [header, brief.text, brief.whole ? '' : more].filter(Boolean).join(' ');
  return text.length <= MAX_ALT_CHARS ? text : `${text.slice(0, MAX_ALT_CHARS - 1)}…`;
}

/**
 * The whole position of `game` as the view `at.view` shows it, in the reader's language, for the
 * Describe answer and the web: the header's sentences (which position, whose turn or the result,
 * the last move) and the description's parts; null for a game that has no describer.
 */
export function boardDescription(sp: Speaker, def: GameDefinition, game: GameSnapshot, at: AltPosition): { header: string[]; position: PositionDescription } | null {
  const position = describePosition(game.gameType, at.view, sp.locale, seatNames(sp, def, game));
  return position ? { header: altHeader(sp, def, game, at), position } : null;
}
