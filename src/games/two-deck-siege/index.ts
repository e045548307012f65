// Two Deck Siege: hold a castle of wall cards against an enemy deck that advances band by band.
import type { GameDefinition, OptionSpec } from '../../engine/index.js';
import { choicePath, choicePrompt, choicePromptPhrase } from './choices.js';
import { formatMove, parseMove } from './notation.js';
import { movePhrase } from './movePhrase.js';
import { outcome } from './outcome.js';
import { legalMoves, play, toAct } from './rules.js';
import { rulesText } from './rulesText.js';
import { defaultOptions, parseOptions, setup } from './setup.js';
import type { TwoDeckSiegeMove, TwoDeckSiegeOptions, TwoDeckSiegeState } from './types.js';
import { view } from './view.js';

export const optionSpecs: OptionSpec[] = [
  {
    name: 'castle',
    description: 'square (easier, default) or rectangle (harder, with thick walls)',
    choices: [
      { name: 'square', value: 'square' },
      { name: 'rectangle', value: 'rectangle' },
    ],
  },
  {
    name: 'thick-walls',
    description: 'Square only: place two thick walls first (default off)',
    choices: [
      { name: 'on', value: 'on' },
      { name: 'off', value: 'off' },
    ],
  },
  {
    name: 'reinforcements',
    description: 'Enemy cards that bring back the killed and fresh troops at once (default 0)',
    choices: [
      { name: '0', value: '0' },
      { name: '1', value: '1' },
      { name: '2', value: '2' },
    ],
  },
  {
    name: 'auto-choose',
    description: 'on: enemy ties and placements are decided for you (default off)',
    choices: [
      { name: 'on', value: 'on' },
      { name: 'off', value: 'off' },
    ],
  },
];

const twoDeckSiege: GameDefinition<TwoDeckSiegeState, TwoDeckSiegeMove, TwoDeckSiegeOptions> = {
  id: 'two-deck-siege',
  title: 'Two Deck Siege',
  summary: 'Solo: hold the castle against the enemy deck',
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
  seatNames: ['Defender'],
  rulesText,
  optionSpecs,
  choicePath,
  choicePrompt,
  choicePromptPhrase,
};

export default twoDeckSiege;

export { destination, runAttackerTurn, targetCandidates } from './attacker.js';
export { distance, nextWall } from './geometry.js';
export { score } from './outcome.js';
export { buildPosition, layoutFor, type PositionSpec } from './setup.js';
export { exhausted, strength } from './units.js';
export type { TwoDeckSiegeView } from './view.js';
export * from './types.js';
