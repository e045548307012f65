// Scenarios: positions built with the game's own builder, the AI's combat die fixed through the
// stored generator.
import type { GameEvent } from '../../../src/engine/index.js';
import game, { buildPosition, rngForRolls, type DieFace, type PositionSpec, type SoloState } from '../../../src/games/kingdoms-solo/index.js';

export { game };

/** The player's card (Thornmoor, side A) and the AI's (Frostpeak, side B: Palegate is Plains). */
export const FROST: Pick<PositionSpec, 'cards' | 'factions'> = { cards: ['thornmoor', 'frostpeak'], factions: ['verdant', 'ashen'] };
/** The player's card (Thornmoor, side A) and the AI's (Ashfen Vale, side B: Barrow is Plains). */
export const ASH: Pick<PositionSpec, 'cards' | 'factions'> = { cards: ['thornmoor', 'ashfen'], factions: ['verdant', 'ashen'] };

/** A position, and the combat-die rolls it will give next. */
export function given(spec: PositionSpec, ...rolls: DieFace[]): SoloState {
  return buildPosition({ ...spec, rng: rolls.length ? rngForRolls(rolls) : spec.rng ?? 'scenario' });
}

/** Plays a typed move that must be legal; returns the new state and the events. */
export function act(state: SoloState, text: string): { state: SoloState; events: GameEvent[] } {
  const parsed = game.parseMove(state, 0, text);
  if (!parsed.ok) throw new Error(`${text}: ${parsed.error.message}`);
  const played = game.play(state, 0, parsed.value);
  if (!played.ok) throw new Error(`${text}: ${played.error.message}`);
  return played.value;
}

/** Plays several moves in a row; returns the last state and every event. */
export function acts(state: SoloState, ...texts: string[]): { state: SoloState; events: GameEvent[] } {
  let s = state;
  const events: GameEvent[] = [];
  for (const t of texts) {
    const r = act(s, t);
    s = r.state;
    events.push(...r.events);
  }
  return { state: s, events };
}

export const ofType = (events: GameEvent[], type: string) => events.filter((e) => e.type === type);
/** The AI's first action event (patrol, quest, build, research, expand or collect). */
export const aiAction = (events: GameEvent[]) => events.find((e) => e.type === 'enemy-action' && e.action !== 'refill')!;
export const legal = (state: SoloState) => game.legalMoves(state, 0).map((m) => game.formatMove(state, 0, m));
export const count = (s: SoloState, region: string) => s.board.occupants[region]!;

/** The AI's answer when the player places a shield on `action` and skips it. */
export function aiFollows(spec: PositionSpec, action: string): { state: SoloState; events: GameEvent[]; ai: GameEvent } {
  const r = act(given(spec), `skip ${action}`);
  return { ...r, ai: aiAction(r.events) };
}
