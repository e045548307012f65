// The end: the higher total wins, equal totals draw; scores are [player VP, AI VP].
import type { Outcome, Phrase } from '../../engine/index.js';
import { phrase } from '../kingdoms-base/index.js';
import type { SoloState } from './types.js';

export function outcome(s: SoloState): Outcome | null {
  if (s.phase !== 'over' || !s.score) return null;
  const you = s.score[0]!.total;
  const ai = s.score[1]!.total;
  const reason = you > ai ? `You win, ${you} VP to ${ai}` : you < ai ? `The AI kingdom wins, ${ai} VP to ${you}` : `A draw at ${you} VP each`;
  const reasonPhrase: Phrase = phrase(you > ai ? 'outcomes.win' : you < ai ? 'outcomes.loss' : 'outcomes.draw', { you, ai });
  return { winners: you > ai ? [0] : [], draw: you === ai, scores: [you, ai], reason, reasonPhrase };
}
