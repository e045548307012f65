// Picking a move with buttons and menus: the steps leading to each move, and the question at each.
import type { MoveChoice, Seat } from '../../engine/index.js';
import {
  attackCost,
  MAX,
  NAME,
  other,
  REPAIR_COST,
  seatName,
  TRAIN_COST,
  YIELD,
  type DiceRealmsMove,
  type DiceRealmsState,
  type UnitKind,
} from './types.js';

const unitLabel = (s: DiceRealmsState, seat: Seat, unit: UnitKind) => `${NAME[unit]} (${s.realms[seat]![unit]})`;

/** The spend step offered before the first attack, repair or training of a turn. */
function spendStep(s: DiceRealmsState, seat: Seat, type: 'attack' | 'repair' | 'train'): MoveChoice[] {
  const realm = s.realms[seat]!;
  if (type === 'attack') {
    if (s.phase !== 'spend') return [];
    return [{ key: 'food', label: 'Food', description: `Attack with your units (Food ${realm.food}/${MAX.food})` }];
  }
  if (type === 'repair') {
    return [{ key: 'population', label: 'Population', description: `Repair a territory (Population ${realm.population}/${MAX.population})` }];
  }
  if (s.phase !== 'spend') return [];
  return [{ key: 'military', label: 'Military', description: `Train units (Military ${realm.military}/${MAX.military})` }];
}

/** The choices, in order, that lead to `move`: each key is short and has no colon. */
export function choicePath(s: DiceRealmsState, seat: Seat, move: DiceRealmsMove): MoveChoice[] {
  const realm = s.realms[seat === 1 ? 1 : 0]!;
  const foeSeat = other(seat === 1 ? 1 : 0);
  const foe = s.realms[foeSeat]!;
  switch (move?.type) {
    case 'gather': {
      const t = move.territory;
      const r = YIELD[t];
      const half = realm[t] === 0 ? ', half: destroyed' : '';
      return [{ key: t, label: NAME[t], description: `Gather ${NAME[r]} ${realm[r]}/${MAX[r]} + d${MAX[r]}${half}` }];
    }
    case 'attack': {
      const cost = attackCost(move.unit, move.target);
      const target: MoveChoice =
        move.target === 'army'
          ? { key: `army-${move.enemy}`, label: `${seatName(foeSeat)}'s ${unitLabel(s, foeSeat, move.enemy)}`, description: `Army, costs ${cost} Food` }
          : { key: move.target, label: `${NAME[move.target]} ${foe[move.target]}/${MAX[move.target]}`, description: `Territory, costs ${cost} Food` };
      return [
        ...spendStep(s, seat, 'attack'),
        { key: move.unit, label: unitLabel(s, seat, move.unit), description: `Attack with ${NAME[move.unit]}, d${MAX[move.unit]}` },
        target,
      ];
    }
    case 'repair': {
      const t = move.territory;
      return [
        ...spendStep(s, seat, 'repair'),
        { key: t, label: `${NAME[t]} ${realm[t]}/${MAX[t]}`, description: `Repair the ${NAME[t]}` },
        { key: String(move.points), label: `Repair ${move.points}`, description: `Costs ${REPAIR_COST * move.points} Population` },
      ];
    }
    case 'train': {
      const u = move.unit;
      return [
        ...spendStep(s, seat, 'train'),
        { key: u, label: `${NAME[u]} ${realm[u]}/${MAX[u]}`, description: `Train ${NAME[u]}, ${TRAIN_COST[u]} Military each` },
        { key: String(move.count), label: `Train ${move.count}`, description: `Costs ${TRAIN_COST[u] * move.count} Military` },
      ];
    }
    case 'defend':
      return move.unit
        ? [{ key: move.unit, label: unitLabel(s, seat, move.unit), description: `Defend with ${NAME[move.unit]}, d${MAX[move.unit]}` }]
        : [{ key: 'none', label: 'No defender', description: 'The attack hits the territory alone' }];
    case 'done':
      return [{ key: 'done', label: 'Done', description: 'End the turn' }];
    default:
      return [{ key: 'move', label: 'Move' }];
  }
}

/** The question asked after the keys `chosen` have been picked. */
export function choicePrompt(s: DiceRealmsState, seat: Seat, chosen: string[]): string {
  const [first, second] = chosen;
  if (s.phase === 'over') return 'The game is over';
  const acting = s.phase === 'defend' ? other(s.active) : s.active;
  if (seat !== acting) {
    return s.phase === 'defend' ? `Waiting for ${seatName(acting)} to choose a defender` : `Waiting for ${seatName(acting)}`;
  }
  const realm = s.realms[seat]!;
  const unitNamed = (key: string | undefined) => (key && key in NAME ? NAME[key as UnitKind] : key ?? '');
  const spendChosen = s.phase === 'spend' ? first : s.phase === 'attack' ? 'food' : s.phase === 'train' ? 'military' : undefined;
  const rest = s.phase === 'spend' ? chosen.slice(1) : chosen;
  switch (s.phase) {
    case 'gather':
      return 'Choose what to gather';
    case 'defend': {
      const p = s.pending!;
      return `Choose the defender of your ${NAME[p.target]} against ${seatName(s.active)}'s ${NAME[p.unit]} (${s.realms[s.active]![p.unit]})`;
    }
    default:
      break;
  }
  if (s.phase === 'spend' && !first) return 'Choose a resource to spend';
  if (spendChosen === 'food') {
    if (rest.length === 0) return s.phase === 'attack' ? `Choose the next attacker, or done (Food ${realm.food})` : 'Choose the attacking unit';
    return `Choose the target for ${unitNamed(rest[0])} (Food ${realm.food})`;
  }
  if (spendChosen === 'population') {
    if (rest.length === 0) return `Choose the territory to repair (${REPAIR_COST} Population a point, you have ${realm.population})`;
    return `Choose how many points to repair on the ${unitNamed(rest[0])}`;
  }
  if (spendChosen === 'military') {
    if (rest.length === 0) {
      return s.phase === 'train' ? `Choose another unit type to train, or done (Military ${realm.military})` : 'Choose the unit type to train';
    }
    return `Choose how many ${unitNamed(rest[0])} to train (Military ${realm.military})`;
  }
  return second ? 'Choose' : 'Choose your move';
}
