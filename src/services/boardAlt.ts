// A board image's alt text, for every front end (Discord's attachment description, the web's img
// alt): the game, which position, whose turn or the result, the last move, and what stands on the
// board (render/describe.ts), in the reader's language. Discord reads up to 1,024 characters.
import type { GameDefinition, Seat } from '../engine/contract.js';
import { hasText, type Speaker } from '../i18n/index.js';
import { describeView } from '../render/describe.js';
import { resultHeadline, resultReason, seatNameIn, withoutMentions } from './boardPicture.js';
import type { GameSnapshot } from './types.js';

export const MAX_ALT_CHARS = 1024;

export type AltPosition = {
  /** The position shown (0: the start) and the last one; the current one when equal. */
  index: number;
  last: number;
  /** The notation of the move that led to the position shown. */
  lastMove?: string | null;
  /** The view the image is drawn from. */
  view: object;
  /** Display names per seat, when the front end has them. */
  players?: string[];
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

/** The alt text of a board image of `game` at `at`, within Discord's 1,024 characters. */
export function boardAlt(sp: Speaker, def: GameDefinition, game: GameSnapshot, at: AltPosition): string {
  const title = hasText(`${def.id}:title`) ? sp.t(`${def.id}:title`) : def.title;
  const current = at.index === at.last;
  const parts = [
    current ? sp.t('services:alt.current', { game: title, move: at.index }) : sp.t('services:alt.position', { game: title, move: at.index, last: at.last }),
    current ? statusSentence(sp, def, game, at.players) : '',
    at.lastMove ? sp.t('services:alt.lastMove', { move: at.lastMove }) : '',
    describeView(game.gameType, at.view, sp.locale, game.seats.map((_, seat) => seatWithName(sp, def, seat, at.players))),
  ];
  const text = parts.filter(Boolean).join(' ');
  return text.length <= MAX_ALT_CHARS ? text : `${text.slice(0, MAX_ALT_CHARS - 1)}…`;
}
