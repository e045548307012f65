// The end: the four triggers, and the score exactly as the seed lists it.
import type { GameEvent, Outcome } from '../../engine/index.js';
import {
  factionById,
  factionLine,
  line,
  magicLine,
  meeplesLine,
  occupiedBy,
  onMap,
  totalOf,
  towerVp,
  VALUES,
  type ScoreLine,
} from '../kingdoms-base/index.js';
import { ENEMY, PLAYER, SIEGE, type SiegeState } from './types.js';

/** The first end condition that holds now, in words; null if none. */
export function endCondition(s: SiegeState): string | null {
  const me = s.kingdoms[PLAYER];
  if (me.magic >= VALUES.magicMax) return 'you reached magic level 5';
  if (me.meeplesInSupply === 0) return `all ${VALUES.meeples} of your meeples are on the map`;
  if (me.tower >= VALUES.towerMax) return 'you built the 6th level of your tower';
  if (s.kingdoms[ENEMY].tower >= VALUES.towerMax) return 'the Enemy built the 6th level of its tower';
  if (onMap(s.board, ENEMY) === 0) return "the Enemy's last cube is gone";
  // Not in the seed: with no meeple on the map none can come back (Expand needs a region holding
  // one, Patrol and Quest move those there) and Collect yields nothing; only spending what is left
  // on Build, Research and Trade remains, and no other end need ever come, so the siege ends.
  if (s.phase !== 'split' && s.phase !== 'place' && onMap(s.board, PLAYER) === 0) return 'none of your meeples is left on the map';
  return null;
}

/** Marks the end as triggered the first time a condition holds. */
export function checkEnd(s: SiegeState, events: GameEvent[]): void {
  if (s.endTrigger || s.phase === 'over') return;
  const why = endCondition(s);
  if (!why) return;
  s.endTrigger = why;
  events.push({ type: 'end-triggered', text: `The end is near: ${why}. The round is played out, then the siege is scored.`, trigger: why });
}

const enemyCardId = (s: SiegeState) => s.board.cards[1]!.id;

export function siegeScore(s: SiegeState): { lines: ScoreLine[]; total: number } {
  const me = s.kingdoms[PLAYER];
  const foe = s.kingdoms[ENEMY];
  const enemyCard = enemyCardId(s);
  const mineThere = occupiedBy(s.board, PLAYER).filter((r) => r.card === enemyCard).length;
  const theirs = occupiedBy(s.board, ENEMY).filter((r) => r.card === enemyCard).length;
  const lines: ScoreLine[] = [
    meeplesLine(s.board, PLAYER),
    line('enemy-land', 'Enemy regions you hold', mineThere, mineThere * SIEGE.enemyLandVp),
    magicLine(me),
    factionLine(factionById(s.faction), s.board, PLAYER, me),
    line('tower', `Your tower level ${me.tower}`, me.tower, towerVp(me.tower)),
    line('enemy-tower', `Enemy tower level ${foe.tower}`, foe.tower, -towerVp(foe.tower)),
    line('enemy-held', 'Enemy regions it still holds', theirs, theirs * SIEGE.enemyHeldVp),
  ];
  return { lines, total: totalOf(lines) };
}

export function resultText(total: number): string {
  if (total > 0) return `The siege succeeds with ${total} points: you win!`;
  if (total < 0) return `The Enemy holds its ground at ${total} points: you lose.`;
  return 'A stalemate at 0 points: a war of attrition. Rally the troops and play again!';
}

export function outcome(s: SiegeState): Outcome | null {
  if (s.phase !== 'over' || !s.score) return null;
  const total = s.score.total;
  return { winners: total > 0 ? [PLAYER] : [], draw: total === 0, scores: [total], reason: resultText(total) };
}
