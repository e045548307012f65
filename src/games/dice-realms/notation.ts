// The text notation: short phrases such as "attack cavalry army infantry" or "repair city 2".
import { clipped, err, formatNotAMove, movesNowHint, unknownNotation, type Result, type Seat } from '../../engine/index.js';
import { phrase } from './phrases.js';
import { checkMove, legalMoves, policyIsASetting, readMove } from './rules.js';
import type { DiceRealmsMove, DiceRealmsState, Territory, UnitKind } from './types.js';

export function formatMove(_state: DiceRealmsState, _seat: Seat, move: DiceRealmsMove): string {
  const read = readMove(move);
  if (!read.ok) return formatNotAMove(move);
  const m = read.value;
  switch (m.type) {
    case 'gather':
      return `gather ${m.territory}`;
    case 'attack':
      return m.target === 'army' ? `attack ${m.unit} army ${m.enemy}` : `attack ${m.unit} ${m.target}`;
    case 'repair':
      return `repair ${m.territory} ${m.points}`;
    case 'train':
      return `train ${m.unit} ${m.count}`;
    case 'defend':
      return `defend ${m.unit ?? 'none'}`;
    case 'done':
      return 'done';
  }
}

const UNIT_WORDS: Record<string, UnitKind> = {
  infantry: 'infantry', inf: 'infantry', foot: 'infantry', footmen: 'infantry', soldiers: 'infantry',
  ranged: 'ranged', range: 'ranged', archers: 'ranged', archer: 'ranged', bow: 'ranged', bows: 'ranged', bowmen: 'ranged',
  cavalry: 'cavalry', calvary: 'cavalry', cav: 'cavalry', horse: 'cavalry', horses: 'cavalry', horsemen: 'cavalry', riders: 'cavalry',
  siege: 'siege', catapult: 'siege', catapults: 'siege', engines: 'siege',
};
const TERRITORY_WORDS: Record<string, Territory> = {
  farms: 'farms', farm: 'farms', food: 'farms',
  city: 'city', population: 'city', pop: 'city',
  keep: 'keep', castle: 'keep', military: 'keep', mil: 'keep',
};
const NOBODY = new Set(['none', 'nobody', 'no', 'nothing', 'noone', 'defender']);
const FILLER = new Set(['with', 'the', 'on', 'at', 'against', 'vs', 'versus', 'to', 'my', 'your', 'their', 'enemy', 'a', 'an', 'of', 'red', 'blue', 's', 'units', 'unit', 'points', 'point', 'pts', 'turn', 'by', 'x']);
const VERBS: Record<string, DiceRealmsMove['type'] | 'policy'> = {
  gather: 'gather', collect: 'gather', harvest: 'gather',
  attack: 'attack', atk: 'attack', hit: 'attack', strike: 'attack',
  repair: 'repair', fix: 'repair', rebuild: 'repair',
  train: 'train', recruit: 'train', hire: 'train',
  defend: 'defend', block: 'defend', guard: 'defend', no: 'defend', none: 'defend', nobody: 'defend',
  done: 'done', end: 'done', finish: 'done', stop: 'done',
  // Not a move: read so that the answer can say what it is instead.
  defence: 'policy', defense: 'policy', policy: 'policy',
};

const lookup = <T>(table: Record<string, T>, word: string | undefined): T | undefined =>
  word !== undefined && Object.prototype.hasOwnProperty.call(table, word) ? table[word] : undefined;

/** Reads a phrase into a move, without judging whether it is legal now ('policy': a setting, not a move). */
function readPhrase(text: string): DiceRealmsMove | 'policy' | null {
  const words = text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .split(' ')
    .filter((w) => w && !FILLER.has(w));
  const verb = lookup(VERBS, words[0]);
  const rest = words.slice(1);
  const numbers = rest.filter((w) => /^\d{1,3}$/.test(w)).map(Number);
  const named = rest.filter((w) => !/^\d+$/.test(w));
  switch (verb) {
    case 'gather': {
      const territory = lookup(TERRITORY_WORDS, rest[0]);
      return territory && rest.length === 1 ? { type: 'gather', territory } : null;
    }
    case 'attack': {
      const unit = lookup(UNIT_WORDS, rest[0]);
      if (!unit) return null;
      const target = rest.slice(1).filter((w) => w !== 'army');
      if (target.length !== 1) return null;
      const enemy = lookup(UNIT_WORDS, target[0]);
      if (enemy) return { type: 'attack', unit, target: 'army', enemy };
      const territory = lookup(TERRITORY_WORDS, target[0]);
      return territory && rest.length === 2 ? { type: 'attack', unit, target: territory } : null;
    }
    case 'repair': {
      const territory = lookup(TERRITORY_WORDS, named[0]);
      return territory && named.length === 1 && numbers.length === 1 ? { type: 'repair', territory, points: numbers[0]! } : null;
    }
    case 'train': {
      const unit = lookup(UNIT_WORDS, named[0]);
      return unit && named.length === 1 && numbers.length === 1 ? { type: 'train', unit, count: numbers[0]! } : null;
    }
    case 'defend': {
      if (rest.length === 0) return words[0] === 'none' || words[0] === 'nobody' ? { type: 'defend', unit: null } : null;
      if (rest.every((w) => NOBODY.has(w))) return { type: 'defend', unit: null };
      const unit = lookup(UNIT_WORDS, rest[0]);
      return unit && rest.length === 1 && ['defend', 'block', 'guard'].includes(words[0]!) ? { type: 'defend', unit } : null;
    }
    case 'done':
      return rest.length === 0 ? { type: 'done' } : null;
    case 'policy':
      return 'policy';
    default:
      return null;
  }
}

/** How many moves the hint spells out before it counts the rest (as movesNowHint does). */
const HINT_NAMED = 8;

/** The refusal of text that reads as no move, with the moves open now, in English and as a phrase. */
function notAMove(state: DiceRealmsState, seat: Seat, text: string): Result<never> {
  const moves = legalMoves(state, seat).map((m) => formatMove(state, seat, m));
  const english = unknownNotation(text, movesNowHint(moves, { named: HINT_NAMED }));
  if (english.ok) return english;
  // The moves are notation: typed in English in every language, so they travel as they are.
  const listed = moves.slice(0, HINT_NAMED).join(', ');
  const hint =
    moves.length === 0
      ? phrase('errors.noMoveNow')
      : moves.length > HINT_NAMED
        ? phrase('errors.movesNowMore', { moves: listed, count: moves.length - HINT_NAMED })
        : phrase('errors.movesNow', { moves: listed });
  return err(english.error.code, english.error.message, phrase('errors.unknownMove', { text: clipped(text), hint }));
}

/** Accepts what `formatMove` writes and friendly variants ("train 2 cav", "no defender"). */
export function parseMove(state: DiceRealmsState, seat: Seat, text: string): Result<DiceRealmsMove> {
  if (typeof text !== 'string') return err('bad-notation', 'Type a move as text, such as "gather keep".', phrase('errors.notText'));
  const move = text.length <= 200 ? readPhrase(text) : null;
  if (move === 'policy') return policyIsASetting();
  if (!move) return notAMove(state, seat, text);
  return checkMove(state, seat, move);
}
