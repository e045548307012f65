// Siege Mode: a solo siege against a rule-driven Enemy, on the kingdom base.
import type { GameDefinition, OptionSpec } from '../../engine/index.js';
import { FACTIONS, bonusText } from '../kingdoms-base/index.js';
import { choicePath, choicePrompt, choicePromptPhrase } from './choices.js';
import { play } from './moves.js';
import { formatMove, parseMove } from './notation.js';
import { movePhrase } from './movePhrase.js';
import { legalMoves, toAct } from './rules.js';
import { rulesText } from './rulesText.js';
import { outcome } from './scoring.js';
import { defaultOptions, parseOptions, setup } from './setup.js';
import type { SiegeMove, SiegeOptions, SiegeState } from './types.js';
import { view } from './view.js';

export const optionSpecs: OptionSpec[] = [
  {
    name: 'faction',
    description: 'Your faction and its magic-5 bonus (default: drawn at random)',
    choices: [
      { name: 'random', value: 'random' },
      ...FACTIONS.map((f) => ({ name: `${f.name}: ${bonusText(f.bonus)}`.slice(0, 100), value: f.id })),
    ],
  },
];

const kingdomsSiege: GameDefinition<SiegeState, SiegeMove, SiegeOptions> = {
  id: 'kingdoms-siege',
  title: 'Kingdoms Siege Mode',
  summary: 'Solo: besiege a rule-driven Enemy kingdom',
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
};

export default kingdomsSiege;

export { warWinChance, warStakes, warStakesPhrase } from './choices.js';
export { populationLoss } from './enemy.js';
export { actionMoves, checkMove } from './rules.js';
export { endCondition, siegeScore } from './scoring.js';
export { buildPosition, type PositionSpec } from './setup.js';
export type { SiegeView } from './view.js';
export * from './types.js';
