// A game stopped unfinished at a tournament round's deadline is decided from its position by the
// rule the rules text states ("At a tournament deadline"): the Keep with more health wins; level
// Keeps, the realm with more health in Farms, City and Keep together; level again, a draw. The
// position counts as it stands: an attack waiting for its defender is not resolved.
import type { Outcome, Seat } from '../../engine/index.js';
import { outcome } from './outcome.js';
import { phrase, seatPhrase } from './phrases.js';
import { other, seatName, type DiceRealmsState, type Realm } from './types.js';

const DEADLINE = "Adjudicated at the round's deadline";

const territoryHealth = (r: Realm): number => r.farms + r.city + r.keep;

export function adjudicate(s: DiceRealmsState): Outcome {
  // A finished game keeps the result its rules gave it.
  const finished = outcome(s);
  if (finished) return finished;
  const [red, blue] = s.realms;
  // Scores mean what they mean at a Keep's fall: each Keep's health.
  const scores = [red.keep, blue.keep];
  const totals = [territoryHealth(red), territoryHealth(blue)];
  if (red.keep !== blue.keep) {
    const winner: Seat = red.keep > blue.keep ? 0 : 1;
    const loser = other(winner);
    return {
      winners: [winner],
      draw: false,
      scores,
      reason: `${DEADLINE}: ${seatName(winner)}'s Keep has ${scores[winner]} health to ${seatName(loser)}'s ${scores[loser]}`,
      reasonPhrase: phrase('outcomes.adjudicatedKeep', { winner: seatPhrase(winner), keep: scores[winner]!, loser: seatPhrase(loser), otherKeep: scores[loser]! }),
    };
  }
  if (totals[0] !== totals[1]) {
    const winner: Seat = totals[0]! > totals[1]! ? 0 : 1;
    const loser = other(winner);
    return {
      winners: [winner],
      draw: false,
      scores,
      reason: `${DEADLINE}: both Keeps have ${red.keep} health; ${seatName(winner)}'s Farms, City and Keep have ${totals[winner]} in all to ${seatName(loser)}'s ${totals[loser]}`,
      reasonPhrase: phrase('outcomes.adjudicatedTotal', { keep: red.keep, winner: seatPhrase(winner), total: totals[winner]!, loser: seatPhrase(loser), otherTotal: totals[loser]! }),
    };
  }
  return {
    winners: [],
    draw: true,
    scores,
    reason: `${DEADLINE}: a draw, both Keeps have ${red.keep} health and both realms' Farms, City and Keep have ${totals[0]} in all`,
    reasonPhrase: phrase('outcomes.adjudicatedDraw', { keep: red.keep, total: totals[0]! }),
  };
}
