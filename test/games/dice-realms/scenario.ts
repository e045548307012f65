// Scenarios: positions built with the game's own builder, dice fixed through the stored RNG.
import { expect } from 'vitest';
import type { GameEvent, Seat } from '../../../src/engine/index.js';
import game, {
  buildPosition,
  rngForFaces,
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

/** The error a move gets, as a sentence. */
export function refusal(state: DiceRealmsState, seat: Seat, text: string): string {
  const parsed = game.parseMove(state, seat, text);
  expect(parsed.ok).toBe(false);
  return parsed.ok ? '' : parsed.error.message;
}

export const texts = (events: GameEvent[]) => events.map((e) => e.text);
export const legal = (state: DiceRealmsState, seat: Seat, withPolicy = false) =>
  game
    .legalMoves(state, seat)
    .filter((m) => withPolicy || m.type !== 'policy')
    .map((m) => game.formatMove(state, seat, m));

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
