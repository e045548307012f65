// The end of the siege: the win, the two losses, and the score records rank by.
import type { GameEvent, Outcome } from '../../engine/index.js';
import { defendersAt, enemiesAt, wallPoints } from './units.js';
import { COURTYARD, type TwoDeckSiegeState } from './types.js';

export const WIN_BONUS = 50;

/**
 * Ends the game when it is decided: lost when every defender is dead, or when an enemy stands in
 * the courtyard with no defender there; won when the enemy deck is empty and every enemy is dead
 * (checked only where `win` allows, so that held enemy cards are played first).
 */
export function checkEnd(s: TwoDeckSiegeState, events: GameEvent[], win = true): boolean {
  if (s.phase === 'over') return true;
  let result: TwoDeckSiegeState['result'] = null;
  if (s.defenders.length === 0) result = { won: false, reason: 'every defender is dead' };
  else if (enemiesAt(s, COURTYARD).length > 0 && defendersAt(s, COURTYARD).length === 0) {
    result = { won: false, reason: 'the enemy holds the courtyard and no defender is left there' };
  } else if (win && s.enemyDeck.length === 0 && s.enemies.length === 0) {
    result = { won: true, reason: 'the enemy deck is empty and every enemy is dead' };
  }
  if (!result) return false;
  s.result = result;
  s.phase = 'over';
  s.order = null;
  s.pending = null;
  events.push({
    type: 'game-over',
    text: result.won ? `🏆 The siege is broken: ${result.reason}! Score ${score(s)}.` : `🏳 The castle falls: ${result.reason}. Score ${score(s)}.`,
    won: result.won,
    score: score(s),
  });
  return true;
}

/** Enemy units killed, 2 per defender alive, the standing wall points, and 50 for a win. */
export function score(s: TwoDeckSiegeState): number {
  return s.killed + 2 * s.defenders.length + wallPoints(s) + (s.result?.won ? WIN_BONUS : 0);
}

/** A win is surviving the deck (seat 0 wins); every other end is a loss (no winner, no draw). */
export function outcome(s: TwoDeckSiegeState): Outcome | null {
  if (s.phase !== 'over' || !s.result) return null;
  return { winners: s.result.won ? [0] : [], draw: false, scores: [score(s)], reason: sentenceCase(s.result.reason) };
}

/** The state keeps the reason as the game-over event's clause ("every defender is dead"); the result shows it as a sentence. */
const sentenceCase = (clause: string) => clause.charAt(0).toUpperCase() + clause.slice(1);
