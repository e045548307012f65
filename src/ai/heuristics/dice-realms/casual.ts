// The `normal` player: a casual but sound player. It plans its turn as `hard` does, with a
// shorter look (one step after each move instead of two, fewer moves followed), and when its two
// best moves look nearly as good to it, it does not always pick the better one: now and then it
// plays the runner-up, as a person who sees two good moves might. Both are deliberate, so that
// the levels mean what they say (shared/ENGINE.md: normal loses most games to hard); `hard` plays
// the full plan and checks it by rollouts (rollouts.ts). The chance is drawn from the AI's seeded
// generator, so a game replays exactly.
import type { Seat } from '../../../engine/contract.js';
import type { Rng } from '../../../engine/rng.js';
import type { DiceRealmsMove } from '../../../games/dice-realms/index.js';
import { WEIGHTS, type Pos } from './model.js';
import { Planner, type Lookahead } from './planner.js';

type M = DiceRealmsMove;

export interface CasualStyle {
  /** How far `normal` plans its turn (planner.ts's LOOKAHEAD is hard's). */
  look: Lookahead;
  /** A runner-up within this much of the best, in the judgment's Keep points, is "nearly as good". */
  near: number;
  /** The chance of playing such a runner-up instead of the best. */
  chance: number;
}

export const CASUAL: CasualStyle = {
  look: { depth: 1, beam: 2, gatherDepth: 1, gatherBeam: 2, wide: 4 },
  near: 1.5,
  chance: 0.3,
};

/** `normal`'s move: the best by its shorter plan, or now and then a runner-up that looks nearly as good. */
export function casualMove(s: Pos, seat: Seat, moves: M[], rng: Rng, style: CasualStyle = CASUAL): M {
  if (moves.length <= 1) return moves[0]!;
  const scores = new Planner(seat, WEIGHTS).scores(s, moves, style.look);
  const order = moves.map((_, i) => i).sort((a, b) => scores[b]! - scores[a]! || a - b);
  const [best, second] = [order[0]!, order[1]!];
  if (scores[best]! - scores[second]! <= style.near && rng.next() < style.chance) return moves[second]!;
  return moves[best]!;
}
