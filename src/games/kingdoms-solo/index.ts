// Kingdoms, Solo Variant: the player against a rule-driven AI kingdom (seed 001).
import { rngFromSeed, type GameDefinition, type OptionSpec } from '../../engine/index.js';
import { choicePath, choicePrompt, choicePromptPhrase } from './choices.js';
import { play } from './flow.js';
import { formatMove, parseMove } from './notation.js';
import { movePhrase } from './movePhrase.js';
import { outcome } from './outcome.js';
import { legalMoves, toAct } from './rules.js';
import { rulesText } from './rulesText.js';
import { defaultOptions, parseOptions, setup } from './setup.js';
import { cloneState, type SoloMove, type SoloOptions, type SoloState } from './types.js';
import { view } from './view.js';

export const optionSpecs: OptionSpec[] = [
  {
    name: 'difficulty',
    description: 'easier: a weaker AI; harder: you start with 3 resources and the AI never allies',
    default: 'standard',
    choices: [
      { name: 'easier', value: 'easier' },
      { name: 'standard', value: 'standard' },
      { name: 'harder', value: 'harder' },
    ],
  },
];

const kingdomsSolo: GameDefinition<SoloState, SoloMove, SoloOptions> = {
  id: 'kingdoms-solo',
  title: 'Kingdoms Solo Variant',
  summary: 'Solo: your kingdom against a rule-driven AI kingdom',
  seats: { min: 1, max: 1 },
  defaultOptions,
  parseOptions,
  setup,
  toAct,
  legalMoves,
  play,
  outcome,
  formatMove,
  movePhrase,
  parseMove,
  view,
  seatNames: ['You'],
  rulesText,
  optionSpecs,
  choicePath,
  choicePrompt,
  choicePromptPhrase,
  // The AI's combat die is the only unknown: a search re-draws it from its own seed.
  determinize: (state, _seat, seed) => ({ ...cloneState(state), rng: rngFromSeed(seed) }),
  // Records and daily leaderboards rank by the margin over the AI kingdom.
  recordScore: (o) => (o.scores && o.scores.length >= 2 ? o.scores[0]! - o.scores[1]! : null),
};

export default kingdomsSolo;

export { aiExpand, aiPatrol, aiQuest, distanceFromHome, landHeld, pickBest, resourceToGain, resourceToGiveUp } from './ai.js';
export { checkMove } from './rules.js';
export { finalScore, meeplesAbroad, sideScore } from './scoring.js';
export { buildPosition, facesFrom, rngForRolls, type PositionSpec } from './setup.js';
export { aiWarPayment, rollCombatDie, type DieFace } from './war.js';
export * from './types.js';
