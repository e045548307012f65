// What a board image is drawn from, for every front end: the game's view as one viewer sees it
// (a seat, or everyone), with the platform's words on it: the players' names, each member's
// standing settings, and once the game is over its result. Discord's boards and the web's watch
// and play pages draw the same picture from here.
import type { GameDefinition, Seat } from '../engine/contract.js';
import { hasText, speaker, type Speaker } from '../i18n/index.js';
import type { RenderOptions } from '../render/index.js';
import { soloResult } from './records/results.js';
import { settingsOf } from './seatSettings.js';
import type { GameSnapshot } from './types.js';
import { withoutMentions } from './phrases.js';

const EN = speaker('en-US');

/** A seat's name in the reader's language ("Red", "Rot"), from the game's catalog. */
export function seatNameIn(sp: Speaker, def: GameDefinition, seat: Seat): string {
  const key = `${def.id}:seats.${seat}`;
  if (hasText(key)) return sp.t(key);
  return def.seatNames?.[seat] ?? sp.t('services:seat.numbered', { number: seat + 1 });
}

/** A number with a true minus sign, as the language writes it. */
const signed = (sp: Speaker, v: number) => (v < 0 ? `−${sp.number(-v)}` : sp.number(v));

/** "87 points", "−1 point"; two scores (yours and a rule-driven side's): "18 to 29". */
export function soloScoreText(scores: number[] | undefined, sp: Speaker = EN): string {
  const finite = (scores ?? []).filter((v) => Number.isFinite(v));
  if (finite.length === 1) return sp.t('services:result.points', { count: Math.abs(finite[0]!), value: signed(sp, finite[0]!) });
  if (finite.length === 2) return sp.t('services:result.scoreTo', { mine: signed(sp, finite[0]!), theirs: signed(sp, finite[1]!) });
  return finite.map((v) => signed(sp, v)).join(' · ');
}

/**
 * The result as a board's headline: "Blue won", "Draw", "Game over"; a solo game's says won or
 * lost, and the score: "You lost: −1 point". Seats are named by colour (`names` adds players).
 */
export function resultHeadline(def: GameDefinition, game: Pick<GameSnapshot, 'outcome' | 'seats'>, names?: string[], sp: Speaker = EN): string {
  const o = game.outcome;
  if (!o) return sp.t('services:result.gameOver');
  if (game.seats.length === 1) {
    // A solo game has no winner seat to name: seat 0 won, or it drew, or (no winner) it lost.
    const verdict = sp.t(`services:result.solo.${soloResult(o, 0)}`);
    const score = soloScoreText(o.scores, sp);
    return score ? sp.t('services:result.withScore', { verdict, score }) : verdict;
  }
  const named = (s: Seat) => (names?.[s] ? sp.t('services:seat.withPlayer', { seat: seatNameIn(sp, def, s), player: names[s] }) : seatNameIn(sp, def, s));
  if (o.draw) return sp.t('services:result.draw');
  return o.winners.length ? sp.t('services:result.won', { count: o.winners.length, winners: sp.list(o.winners.map(named)) }) : sp.t('services:result.gameOver');
}

/** Why the game ended, in the reader's language: the engine's or the platform's phrase, else its English. */
export function resultReason(def: GameDefinition, game: Pick<GameSnapshot, 'outcome'>, sp: Speaker = EN): string {
  const o = game.outcome;
  return o ? sp.sayOr(o.reasonPhrase, def.id, o.reason) : '';
}

/**
 * Each member's standing settings ("Defence policy: Strongest unit") while the game runs, in the
 * reader's language from the game's catalog; none for the AI, which is asked nothing.
 */
function seatNotes(def: GameDefinition, game: GameSnapshot, sp: Speaker): Pick<RenderOptions, 'seatNotes'> {
  const specs = def.seatSettings ?? [];
  if (!specs.length || game.status !== 'ACTIVE') return {};
  const text = (key: string, english: string) => (hasText(`${def.id}:${key}`) ? sp.t(`${def.id}:${key}`) : english);
  const note = (seat: Seat) =>
    specs.map((spec) => {
      const value = settingsOf(def, game, seat)[spec.name];
      const choice = spec.choices.find((c) => c.value === value);
      const said = choice ? text(`settings.${spec.name}.choices.${choice.value}.label`, choice.label) : String(value);
      return sp.t('services:seat.note', { setting: text(`settings.${spec.name}.label`, spec.label), value: said });
    }).join(' · ');
  return { seatNotes: game.seats.map((s, seat) => (s.kind === 'human' ? note(seat) : '')) };
}

/** A board cannot show a mention: "Red (<@1>) resigned" reads "Red resigned" there (one home: phrases.ts). */
export { withoutMentions };

/**
 * The picture of a board: its view for `viewer` (a seat; undefined: everyone, the public view)
 * of `state` (default the game's own), and the options the renderer takes.
 */
export function boardPicture(
  def: GameDefinition,
  game: GameSnapshot,
  how: { viewer: Seat | undefined; players?: string[]; state?: unknown; speaker?: Speaker },
): { gameType: string; view: object; opts: RenderOptions } {
  const sp = how.speaker ?? EN;
  const state = how.state ?? game.state;
  const current = how.state === undefined;
  const finished = current && game.status === 'FINISHED'
    ? { title: resultHeadline(def, game, undefined, sp), detail: withoutMentions(resultReason(def, game, sp)), winners: game.outcome?.winners ?? [] }
    : undefined;
  const opts: RenderOptions = {
    locale: sp.locale,
    ...(how.players ? { players: how.players } : {}),
    ...(finished ? { finished } : {}),
    ...(current ? seatNotes(def, game, sp) : {}),
  };
  return { gameType: game.gameType, view: def.view(state, how.viewer) as object, opts };
}
