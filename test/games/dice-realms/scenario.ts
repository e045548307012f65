// Scenarios: positions built with the game's own builder, dice fixed through the stored RNG.
import { expect } from 'vitest';
import type { GameEvent, Seat } from '../../../src/engine/index.js';
import game, {
  buildPosition,
  rngForFaces,
  type DefencePolicy,
  type DiceRealmsState,
  type PositionSpec,
} from '../../../src/games/dice-realms/index.js';

export { game };

/** Dice as "d4=3" strings, the order in which the engine will roll them. */
export function dice(...faces: string[]) {
  return rngForFaces(
    faces.map((f) => {
      const m = /^d(\d+)=(\d+)$/.exec(f);
      if (!m) throw new Error(`write a die as d6=4, not ${f}`);
      return { sides: Number(m[1]), face: Number(m[2]) };
    }),
  );
}

/** A position, and the dice it will roll next. */
export function given(spec: PositionSpec, ...faces: string[]): DiceRealmsState {
  return buildPosition({ ...spec, rng: faces.length ? dice(...faces) : spec.rng ?? 'scenario' });
}

/** Plays a typed move that must be legal; returns the new state and the events. */
export function act(state: DiceRealmsState, seat: Seat, text: string): { state: DiceRealmsState; events: GameEvent[] } {
  const parsed = game.parseMove(state, seat, text);
  if (!parsed.ok) throw new Error(`${text}: ${parsed.error.message}`);
  const played = game.play(state, seat, parsed.value);
  if (!played.ok) throw new Error(`${text}: ${played.error.message}`);
  return played.value;
}

/**
 * Plays a typed move, then what the seats' standing defence policies answer at once, as the
 * platform does (the answers are ordinary `defend` moves).
 */
export function actSettled(state: DiceRealmsState, seat: Seat, text: string, policies: [DefencePolicy, DefencePolicy]) {
  const first = act(state, seat, text);
  let s = first.state;
  const events = [...first.events];
  const answers: string[] = [];
  for (let guard = 0; guard < 4; guard++) {
    const d = game.toAct(s)[0];
    const move = d === undefined ? null : game.settledMove!(s, d, { defence: policies[d]! });
    if (d === undefined || !move) break;
    const played = game.play(s, d, move);
    if (!played.ok) throw new Error(played.error.message);
    answers.push(game.formatMove(s, d, move));
    events.push(...played.value.events);
    s = played.value.state;
  }
  return { state: s, events, answers };
}

/** The error a move gets, as a sentence. */
export function refusal(state: DiceRealmsState, seat: Seat, text: string): string {
  const parsed = game.parseMove(state, seat, text);
  expect(parsed.ok).toBe(false);
  return parsed.ok ? '' : parsed.error.message;
}

export const texts = (events: GameEvent[]) => events.map((e) => e.text);
export const legal = (state: DiceRealmsState, seat: Seat) =>
  game.legalMoves(state, seat).map((m) => game.formatMove(state, seat, m));

/** The rolls made this turn and last turn, as the view reports them. */
export function rollsSeen(state: DiceRealmsState) {
  const v = game.view(state) as { rolls: { thisTurn: unknown[]; lastTurn: { rolls: unknown[] } | null } };
  return [...(v.rolls.lastTurn?.rolls ?? []), ...v.rolls.thisTurn];
}

/** The move a typed phrase stands for; the phrase must be legal. */
export function moveOf(state: DiceRealmsState, seat: Seat, text: string) {
  const parsed = game.parseMove(state, seat, text);
  if (!parsed.ok) throw new Error(`${text}: ${parsed.error.message}`);
  return parsed.value;
}
