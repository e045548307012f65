// The end of the siege: the win, the two losses, and the score records rank by.
import type { GameEvent, Outcome, Phrase } from '../../engine/index.js';
import { event, said } from './phrases.js';
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
  const reason = reasonPhrase(result.reason, false);
  const told = result.won
    ? said(`🏆 The siege is broken: ${result.reason}! Score ${score(s)}.`, 'events.won', { icon: '🏆', reason, score: score(s) })
    : said(`🏳 The castle falls: ${result.reason}. Score ${score(s)}.`, 'events.lost', { icon: '🏳', reason, score: score(s) });
  events.push(event('game-over', told, { won: result.won, score: score(s) }));
  return true;
}

/** The reasons the siege ends, by the clause the state keeps (games saved before phrases keep only it). */
const REASONS: [RegExp, string][] = [
  [/^every defender is dead$/, 'defendersDead'],
  [/^the enemy holds the courtyard and no defender is left there$/, 'courtyardTaken'],
  [/^the enemy deck is empty and every enemy is dead$/, 'enemiesDead'],
  [/^the siege outlasted the castle's stores \((\d+) turns\)$/, 'storesOut'],
];

/** The reason as a clause ("every defender is dead") or, `sentence`, as the result shows it. */
export function reasonPhrase(reason: string, sentence: boolean): Phrase {
  for (const [pattern, name] of REASONS) {
    const m = pattern.exec(reason);
    if (!m) continue;
    const key = `outcomes.${sentence ? 'sentences' : 'clauses'}.${name}`;
    return m[1] ? { key, values: { count: Number(m[1]) } } : { key };
  }
  const text = sentence ? sentenceCase(reason) : reason;
  return { key: 'terms.typed', values: { text } };
}

/** Enemy units killed, 2 per defender alive, the standing wall points, and 50 for a win. */
export function score(s: TwoDeckSiegeState): number {
  return s.killed + 2 * s.defenders.length + wallPoints(s) + (s.result?.won ? WIN_BONUS : 0);
}

/** A win is surviving the deck (seat 0 wins); every other end is a loss (no winner, no draw). */
export function outcome(s: TwoDeckSiegeState): Outcome | null {
  if (s.phase !== 'over' || !s.result) return null;
  return { winners: s.result.won ? [0] : [], draw: false, scores: [score(s)], reason: sentenceCase(s.result.reason), reasonPhrase: reasonPhrase(s.result.reason, true) };
}

/** The state keeps the reason as the game-over event's clause ("every defender is dead"); the result shows it as a sentence. */
const sentenceCase = (clause: string) => clause.charAt(0).toUpperCase() + clause.slice(1);
