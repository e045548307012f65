// Dice Realms: two kingdoms of dice gather, attack, repair and train until a Keep falls.
import { rngFromSeed, type GameDefinition, type OptionSpec } from '../../engine/index.js';
import { adjudicate } from './adjudication.js';
import { choicePath, choicePrompt, choicePromptPhrase } from './choices.js';
import { play } from './moves.js';
import { movePhrase } from './movePhrase.js';
import { formatMove, parseMove } from './notation.js';
import { outcome } from './outcome.js';
import { legalMoves, toAct } from './rules.js';
import { rulesText } from './rulesText.js';
import { parseSetting, seatSettings, settledMove, startingSettings } from './settings.js';
import { defaultOptions, parseOptions, setup } from './setup.js';
import { cloneState, SEAT_NAMES, type DiceRealmsMove, type DiceRealmsOptions, type DiceRealmsState } from './types.js';
import { view } from './view.js';

const policyChoices = [
  { name: 'ask me', value: 'ask' },
  { name: 'strongest unit', value: 'strongest' },
  { name: 'never', value: 'none' },
];

export const optionSpecs: OptionSpec[] = [
  {
    name: 'variant',
    description: 'classic (damage capped by unit value) or fast (full rolls, Siege +1 on territories)',
    default: 'classic',
    choices: [
      { name: 'classic', value: 'classic' },
      { name: 'fast', value: 'fast' },
    ],
  },
  { name: 'defence', description: 'Who defends, for both players: ask me each time (default), the strongest unit, or never', choices: policyChoices, default: 'ask' },
  { name: 'defence-red', description: "Red's standing defence policy, if different (ask me, strongest unit, never)", choices: policyChoices },
  { name: 'defence-blue', description: "Blue's standing defence policy, if different (ask me, strongest unit, never)", choices: policyChoices },
];

const diceRealms: GameDefinition<DiceRealmsState, DiceRealmsMove, DiceRealmsOptions> = {
  id: 'dice-realms',
  title: 'Dice Realms',
  summary: 'Kingdoms of dice raid each other until a Keep falls',
  seats: { min: 2, max: 2 },
  defaultOptions,
  parseOptions,
  setup,
  toAct,
  legalMoves,
  play,
  outcome,
  formatMove,
  parseMove,
  movePhrase,
  view,
  seatNames: [...SEAT_NAMES],
  rulesText,
  optionSpecs,
  choicePath,
  choicePrompt,
  choicePromptPhrase,
  seatSettings,
  startingSettings,
  parseSetting,
  settledMove,
  adjudicate,
  // The dice still to be rolled are the only unknown: a search re-draws them from its own seed.
  determinize: (state, _seat, seed) => ({ ...cloneState(state), rng: rngFromSeed(seed) }),
};

export default diceRealms;

export { initiative } from './combat.js';
export { facesFrom, rngForFaces } from './dice.js';
export { strongestUnit } from './moves.js';
export { checkMove } from './rules.js';
export { policyOf, POLICY_TEXT } from './settings.js';
export { buildPosition, type PositionSpec } from './setup.js';
export * from './types.js';
