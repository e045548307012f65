// The end of the game: a Keep at 0 loses at once.
import type { Outcome } from '../../engine/index.js';
import { endReasonSaid } from './rules.js';
import type { DiceRealmsState } from './types.js';

export function outcome(s: DiceRealmsState): Outcome | null {
  if (s.phase !== 'over' || s.winner === null) return null;
  const reason = endReasonSaid(s);
  return {
    winners: [s.winner],
    draw: false,
    scores: [s.realms[0].keep, s.realms[1].keep],
    reason: reason.text,
    reasonPhrase: reason.phrase,
  };
}
