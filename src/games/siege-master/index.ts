// Siege Master: place straight armies of 4 hexes on a map and capture fortresses by enclosing them
// in areas too small for another army.
import type { GameDefinition } from '../../engine/index.js';
import { adjudicate } from './adjudication.js';
import { choicePath, choicePrompt, choicePromptPhrase } from './choices.js';
import { legalMoves, outcome, play } from './moves.js';
import { formatMove, parseMove } from './notation.js';
import { movePhrase } from './movePhrase.js';
import { toAct } from './rules.js';
import { rulesText } from './rulesText.js';
import { defaultOptions, optionSpecs, parseOptions, settleOptions, setup } from './setup.js';
import { SEAT_NAMES, type SiegeMasterMove, type SiegeMasterOptions, type SiegeMasterState } from './types.js';
import { view } from './view.js';

const siegeMaster: GameDefinition<SiegeMasterState, SiegeMasterMove, SiegeMasterOptions> = {
  id: 'siege-master',
  title: 'Siege Master',
  summary: 'Place four-hex armies on a map to besiege fortresses',
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
  settleOptions,
  choicePath,
  choicePrompt,
  choicePromptPhrase,
  adjudicate,
};

export default siegeMaster;

export { boardFor, buildBoard, cellIndex, type Board } from './board.js';
export { fortressCandidates, randomFortresses } from './fortresses.js';
export { MAPS } from './maps.js';
export { boardText, playMoves, positionFromAscii, type AsciiPosition } from './positions.js';
export { canSwap, capturedCounts, placementChoice, readOccupancy } from './rules.js';
export { allRegions, siegeCaptures } from './sieges.js';
export type { SiegeMasterView } from './view.js';
export * from './types.js';
