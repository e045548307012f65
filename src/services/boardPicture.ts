// What a board image is drawn from, for every front end: the game's view as one viewer sees it
// (a seat, or everyone), with the platform's words on it: the players' names, each member's
// standing settings, and once the game is over its result. Discord's boards and the web's watch
// and play pages draw the same picture from here.
import type { GameDefinition, Seat } from '../engine/contract.js';
import type { RenderOptions } from '../render/index.js';
import { seatName } from './games.js';
import { soloResult } from './records/results.js';
import { settingsOf } from './seatSettings.js';
import type { GameSnapshot } from './types.js';

/** "87 points", "−1 point"; two scores (yours and a rule-driven side's): "18 to 29". */
export function soloScoreText(scores: number[] | undefined): string {
  const finite = (scores ?? []).filter((v) => Number.isFinite(v));
  const shown = finite.map((v) => (v < 0 ? `−${-v}` : String(v)));
  if (finite.length === 1) return `${shown[0]} ${Math.abs(finite[0]!) === 1 ? 'point' : 'points'}`;
  return shown.join(' to ');
}

/**
 * The result as a board's headline: "Blue won", "Draw", "Game over"; a solo game's says won or
 * lost, and the score: "You lost: −1 point". Seats are named by colour (`names` adds players).
 */
export function resultHeadline(def: GameDefinition, game: Pick<GameSnapshot, 'outcome' | 'seats'>, names?: string[]): string {
  const o = game.outcome;
  if (!o) return 'Game over';
  if (game.seats.length === 1) {
    // A solo game has no winner seat to name: seat 0 won, or it drew, or (no winner) it lost.
    const verdict = { win: 'You won', draw: 'Draw', loss: 'You lost' }[soloResult(o, 0)];
    const score = soloScoreText(o.scores);
    return score ? `${verdict}: ${score}` : verdict;
  }
  const named = (s: Seat) => (names?.[s] ? `${seatName(def, s)} (${names[s]})` : seatName(def, s));
  return o.draw ? 'Draw' : o.winners.length ? `${o.winners.map(named).join(' and ')} won` : 'Game over';
}

/** Each member's standing settings ("defence: strongest") while the game runs; none for the AI. */
function seatNotes(def: GameDefinition, game: GameSnapshot): Pick<RenderOptions, 'seatNotes'> {
  const specs = def.seatSettings ?? [];
  if (!specs.length || game.status !== 'ACTIVE') return {};
  return {
    seatNotes: game.seats.map((s, seat) => (s.kind === 'human' ? specs.map((spec) => `${spec.name}: ${settingsOf(def, game, seat)[spec.name]}`).join(' · ') : '')),
  };
}

/**
 * The picture of a board: its view for `viewer` (a seat; undefined: everyone, the public view)
 * of `state` (default the game's own), and the options the renderer takes.
 */
export function boardPicture(
  def: GameDefinition,
  game: GameSnapshot,
  how: { viewer: Seat | undefined; players?: string[]; state?: unknown },
): { gameType: string; view: object; opts: RenderOptions } {
  const state = how.state ?? game.state;
  const current = how.state === undefined;
  const finished = current && game.status === 'FINISHED'
    ? { title: resultHeadline(def, game), detail: game.outcome?.reason ?? '', winners: game.outcome?.winners ?? [] }
    : undefined;
  const opts: RenderOptions = { ...(how.players ? { players: how.players } : {}), ...(finished ? { finished } : {}), ...(current ? seatNotes(def, game) : {}) };
  return { gameType: game.gameType, view: def.view(state, how.viewer) as object, opts };
}
