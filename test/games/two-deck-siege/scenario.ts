// Scenarios: positions built with the game's own builder; moves typed as a player types them.
import { expect } from 'vitest';
import type { GameEvent } from '../../../src/engine/index.js';
import game, { buildPosition, type PositionSpec, type TwoDeckSiegeState } from '../../../src/games/two-deck-siege/index.js';

export { game };

export const given = (spec: PositionSpec): TwoDeckSiegeState => buildPosition(spec);

/** Plays a typed move that must be legal; returns the new state and the events. */
export function act(state: TwoDeckSiegeState, text: string): { state: TwoDeckSiegeState; events: GameEvent[] } {
  const parsed = game.parseMove(state, 0, text);
  if (!parsed.ok) throw new Error(`${text}: ${parsed.error.message}`);
  const played = game.play(state, 0, parsed.value);
  if (!played.ok) throw new Error(`${text}: ${played.error.message}`);
  return played.value;
}

/** Plays several typed moves in turn. */
export function acts(state: TwoDeckSiegeState, ...texts: string[]): { state: TwoDeckSiegeState; events: GameEvent[] } {
  let cur = { state, events: [] as GameEvent[] };
  for (const t of texts) {
    const r = act(cur.state, t);
    cur = { state: r.state, events: [...cur.events, ...r.events] };
  }
  return cur;
}

export function refusal(state: TwoDeckSiegeState, text: string): string {
  const parsed = game.parseMove(state, 0, text);
  expect(parsed.ok).toBe(false);
  return parsed.ok ? '' : parsed.error.message;
}

export const legal = (state: TwoDeckSiegeState) => game.legalMoves(state, 0).map((m) => game.formatMove(state, 0, m));
export const texts = (events: GameEvent[]) => events.map((e) => e.text);
export const ofType = (events: GameEvent[], type: string) => events.filter((e) => e.type === type);
export const enemyAt = (s: TwoDeckSiegeState, id: string) => s.enemies.find((e) => e.id === id)?.at ?? null;
export const unit = (s: TwoDeckSiegeState, id: string) => s.defenders.find((d) => d.id === id);
