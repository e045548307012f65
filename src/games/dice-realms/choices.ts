// Picking a move with buttons and menus: the steps leading to each move, and the question at each.
import type { MoveChoice, Phrase, Seat } from '../../engine/index.js';
import { saidChoice as choice } from '../../engine/index.js';
import { said, seatPhrase, type Said } from './phrases.js';
import {
  attackCost,
  isTerritory,
  isUnit,
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
const unitSaid = (s: DiceRealmsState, seat: Seat, unit: UnitKind) => said(unitLabel(s, seat, unit), 'choices.unit', { unit, value: s.realms[seat]![unit] });


/** The spend step offered before the first attack, repair or training of a turn. */
function spendStep(s: DiceRealmsState, seat: Seat, type: 'attack' | 'repair' | 'train'): MoveChoice[] {
  const realm = s.realms[seat]!;
  const resource = (r: 'food' | 'population' | 'military') => said(NAME[r], `terms.resource.${r}`);
  if (type === 'attack') {
    if (s.phase !== 'spend') return [];
    return [choice('food', resource('food'), said(`Attack with your units (Food ${realm.food}/${MAX.food})`, 'choices.spendFood', { value: realm.food, max: MAX.food }))];
  }
  if (type === 'repair') {
    const description = said(`Repair a territory (Population ${realm.population}/${MAX.population})`, 'choices.spendPopulation', { value: realm.population, max: MAX.population });
    return [choice('population', resource('population'), description)];
  }
  if (s.phase !== 'spend') return [];
  return [choice('military', resource('military'), said(`Train units (Military ${realm.military}/${MAX.military})`, 'choices.spendMilitary', { value: realm.military, max: MAX.military }))];
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
      const ruined = realm[t] === 0;
      const half = ruined ? ', half: destroyed' : '';
      const values = { resource: r, value: realm[r], max: MAX[r], sides: MAX[r] };
      return [choice(t, said(NAME[t], `terms.territory.${t}`), said(`Gather ${NAME[r]} ${realm[r]}/${MAX[r]} + d${MAX[r]}${half}`, ruined ? 'choices.gatherRuined' : 'choices.gather', values))];
    }
    case 'attack': {
      const cost = attackCost(move.unit, move.target);
      const target =
        move.target === 'army'
          ? choice(
              `army-${move.enemy}`,
              said(`${seatName(foeSeat)}'s ${unitLabel(s, foeSeat, move.enemy)}`, 'choices.enemyUnit', { seat: seatPhrase(foeSeat), unit: move.enemy, value: foe[move.enemy] }),
              said(`Army, costs ${cost} Food`, 'choices.armyCost', { cost }),
            )
          : choice(
              move.target,
              said(`${NAME[move.target]} ${foe[move.target]}/${MAX[move.target]}`, 'choices.territoryHealth', { territory: move.target, health: foe[move.target], max: MAX[move.target] }),
              said(`Territory, costs ${cost} Food`, 'choices.territoryCost', { cost }),
            );
      return [
        ...spendStep(s, seat, 'attack'),
        choice(move.unit, unitSaid(s, seat, move.unit), said(`Attack with ${NAME[move.unit]}, d${MAX[move.unit]}`, 'choices.attackWith', { unit: move.unit, sides: MAX[move.unit] })),
        target,
      ];
    }
    case 'repair': {
      const t = move.territory;
      return [
        ...spendStep(s, seat, 'repair'),
        choice(t, said(`${NAME[t]} ${realm[t]}/${MAX[t]}`, 'choices.territoryHealth', { territory: t, health: realm[t], max: MAX[t] }), said(`Repair the ${NAME[t]}`, 'choices.repairTerritory', { territory: t })),
        choice(
          String(move.points),
          said(`Repair ${move.points}`, 'choices.repairPoints', { count: move.points }),
          said(`Costs ${REPAIR_COST * move.points} Population`, 'choices.costPopulation', { cost: REPAIR_COST * move.points }),
        ),
      ];
    }
    case 'train': {
      const u = move.unit;
      return [
        ...spendStep(s, seat, 'train'),
        choice(u, said(`${NAME[u]} ${realm[u]}/${MAX[u]}`, 'choices.unitStrength', { unit: u, value: realm[u], max: MAX[u] }), said(`Train ${NAME[u]}, ${TRAIN_COST[u]} Military each`, 'choices.trainUnit', { unit: u, cost: TRAIN_COST[u] })),
        choice(
          String(move.count),
          said(`Train ${move.count}`, 'choices.trainCount', { count: move.count }),
          said(`Costs ${TRAIN_COST[u] * move.count} Military`, 'choices.costMilitary', { cost: TRAIN_COST[u] * move.count }),
        ),
      ];
    }
    case 'defend':
      return move.unit
        ? [choice(move.unit, unitSaid(s, seat, move.unit), said(`Defend with ${NAME[move.unit]}, d${MAX[move.unit]}`, 'choices.defendWith', { unit: move.unit, sides: MAX[move.unit] }))]
        : [choice('none', said('No defender', 'choices.noDefender'), said('The attack hits the territory alone', 'choices.noDefenderHint'))];
    case 'done':
      return [choice('done', said('Done', 'choices.done'), said('End the turn', 'choices.doneHint'))];
    default:
      return [choice('move', said('Move', 'choices.move'))];
  }
}

/** The question asked after the keys `chosen` have been picked. */
export function choicePrompt(s: DiceRealmsState, seat: Seat, chosen: string[]): string {
  return promptSaid(s, seat, chosen).text;
}

/** The same question in the player's language. */
export function choicePromptPhrase(s: DiceRealmsState, seat: Seat, chosen: string[]): Phrase {
  return promptSaid(s, seat, chosen).phrase;
}

function promptSaid(s: DiceRealmsState, seat: Seat, chosen: string[]): Said {
  const [first, second] = chosen;
  if (s.phase === 'over') return said('The game is over', 'prompts.over');
  const acting = s.phase === 'defend' ? other(s.active) : s.active;
  if (seat !== acting) {
    return s.phase === 'defend'
      ? said(`Waiting for ${seatName(acting)} to choose a defender`, 'prompts.waitingForDefender', { seat: seatPhrase(acting) })
      : said(`Waiting for ${seatName(acting)}`, 'prompts.waiting', { seat: seatPhrase(acting) });
  }
  const realm = s.realms[seat]!;
  const spendChosen = s.phase === 'spend' ? first : s.phase === 'attack' ? 'food' : s.phase === 'train' ? 'military' : undefined;
  const rest = s.phase === 'spend' ? chosen.slice(1) : chosen;
  // A key picked earlier names a unit or a territory; anything else is repeated as it came.
  const named = (key: string | undefined) => (key && key in NAME ? NAME[key as UnitKind] : key ?? '');
  switch (s.phase) {
    case 'gather':
      return said('Choose what to gather', 'prompts.gather');
    case 'defend': {
      const p = s.pending!;
      const value = s.realms[s.active]![p.unit];
      return said(
        `Choose the defender of your ${NAME[p.target]} against ${seatName(s.active)}'s ${NAME[p.unit]} (${value})`,
        'prompts.defender',
        { territory: p.target, seat: seatPhrase(s.active), unit: p.unit, value },
      );
    }
    default:
      break;
  }
  if (s.phase === 'spend' && !first) return said('Choose a resource to spend', 'prompts.spend');
  if (spendChosen === 'food') {
    if (rest.length === 0) {
      return s.phase === 'attack'
        ? said(`Choose the next attacker, or done (Food ${realm.food})`, 'prompts.nextAttacker', { food: realm.food })
        : said('Choose the attacking unit', 'prompts.attacker');
    }
    const text = `Choose the target for ${named(rest[0])} (Food ${realm.food})`;
    return isUnit(rest[0])
      ? said(text, 'prompts.target', { unit: rest[0], food: realm.food })
      : said(text, 'prompts.targetFor', { name: named(rest[0]), food: realm.food });
  }
  if (spendChosen === 'population') {
    if (rest.length === 0) {
      return said(`Choose the territory to repair (${REPAIR_COST} Population a point, you have ${realm.population})`, 'prompts.repairWhere', { cost: REPAIR_COST, population: realm.population });
    }
    const text = `Choose how many points to repair on the ${named(rest[0])}`;
    return isTerritory(rest[0]) ? said(text, 'prompts.repairHowMuch', { territory: rest[0] }) : said(text, 'prompts.repairHowMuchOn', { name: named(rest[0]) });
  }
  if (spendChosen === 'military') {
    if (rest.length === 0) {
      return s.phase === 'train'
        ? said(`Choose another unit type to train, or done (Military ${realm.military})`, 'prompts.trainAnother', { military: realm.military })
        : said('Choose the unit type to train', 'prompts.trainWhich');
    }
    const text = `Choose how many ${named(rest[0])} to train (Military ${realm.military})`;
    return isUnit(rest[0])
      ? said(text, 'prompts.trainHowMany', { unit: rest[0], military: realm.military })
      : said(text, 'prompts.trainHowManyOf', { name: named(rest[0]), military: realm.military });
  }
  return second ? said('Choose', 'prompts.choose') : said('Choose your move', 'prompts.move');
}
