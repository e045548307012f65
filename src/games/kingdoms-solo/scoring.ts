// The Solo Variant's score: the base lines, +1 VP per meeple on the other kingdom's card, and the
// level-5 research bonus for both sides (the AI's included, though it uses no other research power).
import { baseScore, countIn, factionById, line, phrase, territory, totalOf } from '../kingdoms-base/index.js';
import { AI, PLAYER, SIDE_NAME, type SideScore, type SoloState } from './types.js';

/** Meeples of `side` on the card the other side owns (Ruins included). */
export function meeplesAbroad(s: SoloState, side: number): number {
  const slot = s.board.cards.findIndex((c) => c.owner !== side);
  const card = s.board.cards[slot]!;
  return territory(card.id, card.side).regions.reduce((n, r) => n + countIn(s.board, r.id, side), 0);
}

export function sideScore(s: SoloState, side: number): SideScore {
  const base = baseScore(s.board, side, s.kingdoms[side]!, factionById(s.factions[side]!));
  const abroad = meeplesAbroad(s, side);
  const abroadLine = side === PLAYER ? line('abroad', "Meeples on the AI's card", abroad, abroad, phrase('score.abroadYours')) : line('abroad', 'Meeples on your card', abroad, abroad, phrase('score.abroadAi'));
  const lines = [...base.lines, abroadLine];
  return { side, name: SIDE_NAME[side]!, namePhrase: phrase(side === PLAYER ? 'board.you' : 'board.ai'), lines, total: totalOf(lines) };
}

export const finalScore = (s: SoloState): SideScore[] => [sideScore(s, PLAYER), sideScore(s, AI)];
