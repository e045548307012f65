// A game stopped unfinished at a tournament round's deadline is decided from its position by the
// rule the rules text states ("At a tournament deadline"): more fortresses held wins, equal counts
// draw. Captured fortresses never change hands, so the count is what the game has settled so far.
import type { Outcome } from '../../engine/index.js';
import { phrase, seatPhrase } from './phrases.js';
import { capturedCounts } from './rules.js';
import { seatName, type SiegeMasterState } from './types.js';

const DEADLINE = "Adjudicated at the round's deadline";

const fortresses = (n: number) => `${n} ${n === 1 ? 'fortress' : 'fortresses'}`;

export function adjudicate(state: SiegeMasterState): Outcome {
  // A finished game keeps the result its rules gave it.
  if (state.outcome) return state.outcome;
  const counts = capturedCounts(state);
  const [red, blue] = [counts[0]!, counts[1]!];
  if (red === blue) {
    return {
      winners: [],
      draw: true,
      scores: counts,
      reason: `${DEADLINE}: a draw at ${fortresses(red)} each`,
      reasonPhrase: phrase('outcomes.adjudicatedDraw', { count: red }),
    };
  }
  const winner = red > blue ? 0 : 1;
  const loser = 1 - winner;
  return {
    winners: [winner],
    draw: false,
    scores: counts,
    reason: `${DEADLINE}: ${seatName(winner)} holds ${fortresses(counts[winner]!)}, ${seatName(loser)} ${counts[loser]}`,
    reasonPhrase: phrase('outcomes.adjudicated', { seat: seatPhrase(winner), count: counts[winner]!, other: seatPhrase(loser), fewer: counts[loser]! }),
  };
}
