// The end: the four triggers, and the score exactly as the seed lists it.
import type { GameEvent, Outcome, Phrase } from '../../engine/index.js';
import {
  phrase,
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

/** The first end condition that holds now, in words and as a phrase; null if none. */
function endReached(s: SiegeState): { text: string; phrase: Phrase } | null {
  const me = s.kingdoms[PLAYER];
  const said = (key: string, text: string, values?: Record<string, number>) => ({ text, phrase: phrase(`events.end.${key}`, values) });
  if (me.magic >= VALUES.magicMax) return said('magic', 'you reached magic level 5');
  if (me.meeplesInSupply === 0) return said('meeples', `all ${VALUES.meeples} of your meeples are on the map`, { count: VALUES.meeples });
  if (me.tower >= VALUES.towerMax) return said('tower', 'you built the 6th level of your tower');
  if (s.kingdoms[ENEMY].tower >= VALUES.towerMax) return said('enemyTower', 'the Enemy built the 6th level of its tower');
  if (onMap(s.board, ENEMY) === 0) return said('enemyGone', "the Enemy's last cube is gone");
  // Not in the seed: with no meeple on the map none can come back (Expand needs a region holding
  // one, Patrol and Quest move those there) and Collect yields nothing; only spending what is left
  // on Build, Research and Trade remains, and no other end need ever come, so the siege ends.
  if (s.phase !== 'split' && s.phase !== 'place' && onMap(s.board, PLAYER) === 0) return said('noMeeples', 'none of your meeples is left on the map');
  return null;
}

/** The first end condition that holds now, in words; null if none. */
export const endCondition = (s: SiegeState): string | null => endReached(s)?.text ?? null;

/** Marks the end as triggered the first time a condition holds. */
export function checkEnd(s: SiegeState, events: GameEvent[]): void {
  if (s.endTrigger || s.phase === 'over') return;
  const reached = endReached(s);
  if (!reached) return;
  const why = reached.text;
  s.endTrigger = why;
  events.push({
    type: 'end-triggered',
    text: `The end is near: ${why}. The round is played out, then the siege is scored.`,
    phrase: phrase('events.end.near', { why: reached.phrase }),
    trigger: why,
  });
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
    line('enemy-land', 'Enemy regions you hold', mineThere, mineThere * SIEGE.enemyLandVp, phrase('score.enemyLand')),
    magicLine(me),
    factionLine(factionById(s.faction), s.board, PLAYER, me),
    line('tower', `Your tower level ${me.tower}`, me.tower, towerVp(me.tower), phrase('score.tower', { level: me.tower })),
    line('enemy-tower', `Enemy tower level ${foe.tower}`, foe.tower, -towerVp(foe.tower), phrase('score.enemyTower', { level: foe.tower })),
    line('enemy-held', 'Enemy regions it still holds', theirs, theirs * SIEGE.enemyHeldVp, phrase('score.enemyHeld')),
  ];
  return { lines, total: totalOf(lines) };
}

// The total is the player's own score: the sentence says so before it says who holds the field.
export function resultText(total: number): string {
  const points = Math.abs(total) === 1 ? 'point' : 'points';
  if (total > 0) return `You score ${total} ${points}: the siege succeeds. You win!`;
  if (total < 0) return `You score ${total} ${points}: the Enemy holds its ground. You lose.`;
  return 'You score 0 points: a stalemate, a war of attrition. Rally the troops and play again!';
}

export function resultPhrase(total: number): Phrase {
  return total === 0 ? phrase('outcomes.stalemate') : phrase(total > 0 ? 'outcomes.win' : 'outcomes.loss', { count: total });
}

export function outcome(s: SiegeState): Outcome | null {
  if (s.phase !== 'over' || !s.score) return null;
  const total = s.score.total;
  return { winners: total > 0 ? [PLAYER] : [], draw: total === 0, scores: [total], reason: resultText(total), reasonPhrase: resultPhrase(total) };
}
