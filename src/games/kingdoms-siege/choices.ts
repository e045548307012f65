// Picking a move with buttons and menus: the steps leading to each move, and the question at each.
import type { MoveChoice, Seat } from '../../engine/index.js';
import {
  ACTION_NAME,
  collectGains,
  expandCost,
  findRegion,
  maxCommitment,
  paymentsFor,
  RESOURCE_NAME,
  resourcesText,
  shieldsPlaced,
  tradeLimit,
  VALUES,
  warValue,
  type Action,
  type Resource,
} from '../kingdoms-base/index.js';
import { ENEMY, PLAYER, type SiegeMove, type SiegeState } from './types.js';

/** Ways 2d6 (12s re-rolled) make each sum 2..11, out of 35. */
const TWO_D6: Record<number, number> = { 2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 7: 6, 8: 5, 9: 4, 10: 3, 11: 2 };

/** Chance, in whole percent, that committing `value` wins against the Enemy now. */
export function warWinChance(s: SiegeState, value: number): number {
  const max = maxCommitment(s.kingdoms[ENEMY]);
  let wins = 0;
  for (const [sum, ways] of Object.entries(TWO_D6)) if (Number(sum) < value || Number(sum) > max) wins += ways;
  return Math.round((wins / 35) * 100);
}

const regionName = (s: SiegeState, id: string) => findRegion(s.board, id)?.region.name ?? id;
const regionType = (s: SiegeState, id: string) => {
  const r = findRegion(s.board, id)?.region;
  return r ? { plains: 'Plains', forest: 'Forest', mountain: 'Mountain', ruins: 'Ruins', capital: 'Capital' }[r.type] : '';
};

/** The war's stakes, shown before the commitment is chosen. */
export function warStakes(s: SiegeState): string {
  const e = s.kingdoms[ENEMY];
  return `Enemy has ${e.mana} Mana, ${e.ore} Ore: commits 2d6, at most ${maxCommitment(e)}; ties to it`;
}

function actionStep(s: SiegeState, a: Action): MoveChoice {
  const k = s.kingdoms[PLAYER];
  const following = s.phase === 'follow';
  const label = following ? `${ACTION_NAME[a]} too` : ACTION_NAME[a];
  const detail: Record<Action, string> = {
    patrol: 'Move a meeple to a neighbouring region',
    quest: 'Move a meeple from a border region to a border region of the other card',
    build: k.tower < VALUES.towerMax ? `Tower level ${k.tower + 1} costs ${k.tower + 1} Ore (you have ${k.ore})` : 'Your tower is complete',
    research: k.magic < VALUES.magicMax ? `Magic level ${k.magic + 1} costs ${k.magic + 1} Mana (you have ${k.mana})` : 'Your magic is complete',
    expand: `A new meeple beside a lone one, for ${expandCost(s.board, PLAYER)} Food (you have ${k.food})`,
    trade: 'Turn one resource into another, 1 for 1',
  };
  return { key: a, label, description: detail[a] };
}

const skipStep = (a: Action): MoveChoice => ({ key: 'skip', label: 'Skip it', description: `Place your shield on ${ACTION_NAME[a]} and do nothing` });

/** The choices, in order, that lead to `move`. */
export function choicePath(s: SiegeState, _seat: Seat, move: SiegeMove): MoveChoice[] {
  const k = s.kingdoms[PLAYER];
  switch (move?.type) {
    case 'split':
      return [
        { key: `f${move.food}`, label: `Food ${move.food}`, description: `Mana and Ore share the other ${VALUES.startResources - move.food}` },
        { key: `m${move.mana}`, label: `Mana ${move.mana}, Ore ${move.ore}`, description: `Start with ${move.food} Food, ${move.mana} Mana, ${move.ore} Ore` },
      ];
    case 'place': {
      const r = findRegion(s.board, move.region)?.region;
      const notes = [r?.home ? 'home region' : '', r?.border ? 'border region' : '', r?.type === 'ruins' ? 'meeples in Ruins score 0' : ''].filter(Boolean);
      return [{ key: move.region, label: `${regionName(s, move.region)} (${regionType(s, move.region)})`, description: `Your first 2 meeples start here${notes.length ? `: ${notes.join(', ')}` : ''}` }];
    }
    case 'skip':
      return [actionStep(s, move.action), skipStep(move.action)];
    case 'collect': {
      const gains = collectGains(s.board, PLAYER, move.ruins ?? 'food');
      const first: MoveChoice = {
        key: 'collect',
        label: 'Collect',
        description: move.ruins ? '1 of each region\'s resource; the Ruins give your choice' : `Gain ${resourcesText(gains)}`,
      };
      if (!move.ruins) return [first];
      return [first, { key: move.ruins, label: `Ruins give ${RESOURCE_NAME[move.ruins]}`, description: `Gain ${resourcesText(gains)}` }];
    }
    case 'build':
      return [actionStep(s, 'build'), { key: 'go', label: `Build level ${k.tower + 1}`, description: `Pay ${k.tower + 1} Ore: tower VP ${VALUES.towerVp[k.tower]} → ${VALUES.towerVp[k.tower + 1]}` }];
    case 'research':
      return [actionStep(s, 'research'), { key: 'go', label: `Research level ${k.magic + 1}`, description: `Pay ${k.magic + 1} Mana: +1 VP${k.magic + 1 === VALUES.magicMax ? ', your faction bonus, and the end is triggered' : ''}` }];
    case 'expand':
      return [
        actionStep(s, 'expand'),
        { key: move.region, label: `${regionName(s, move.region)}`, description: `A second meeple in ${regionName(s, move.region)} for ${expandCost(s.board, PLAYER)} Food` },
      ];
    case 'trade': {
      const limit = tradeLimit(k, move.from, move.to);
      return [
        actionStep(s, 'trade'),
        { key: `${move.from}-${move.to}`, label: `${RESOURCE_NAME[move.from]} → ${RESOURCE_NAME[move.to]}`, description: `Up to ${limit}: you have ${k[move.from]} ${RESOURCE_NAME[move.from]}, ${k[move.to]} ${RESOURCE_NAME[move.to]}` },
        { key: `n${move.amount}`, label: `Trade ${move.amount}`, description: `${RESOURCE_NAME[move.from]} ${k[move.from]} → ${k[move.from] - move.amount}, ${RESOURCE_NAME[move.to]} ${k[move.to]} → ${k[move.to] + move.amount}` },
      ];
    }
    case 'patrol':
    case 'quest': {
      const from = regionName(s, move.from);
      const to = regionName(s, move.to);
      const steps: MoveChoice[] = [
        actionStep(s, move.type),
        { key: move.from, label: `From ${from}`, description: `Move a meeple out of ${from} (${regionType(s, move.from)})` },
        move.war
          ? { key: move.to, label: `${from} → ${to} (war)`, description: warStakes(s) }
          : { key: move.to, label: `${from} → ${to}`, description: `${to} (${regionType(s, move.to)})` },
      ];
      if (!move.war) return steps;
      const value = warValue(move.war);
      const ways = paymentsFor(value, k);
      const parts = [move.war.mana ? `${move.war.mana} Mana` : '', move.war.ore ? `${move.war.ore} Ore` : ''].filter(Boolean).join(' + ');
      const max = maxCommitment(s.kingdoms[ENEMY]);
      const when = value <= 2 ? (max < 11 ? `only if 2d6 shows over ${max}` : 'never: 2d6 always ties or beats it') : `if 2d6 shows ${value - 1} or less${max < 11 ? ` or over ${max}` : ''}`;
      const pays = ways.length > 1 ? '' : ` Pay ${parts}.`;
      steps.push({ key: `v${value}`, label: `Commit ${value}`, description: `Win ${warWinChance(s, value)}%: ${when}.${pays}` });
      if (ways.length > 1) {
        steps.push({ key: `${move.war.mana}m${move.war.ore}o`, label: parts, description: `Leaves you ${k.mana - move.war.mana} Mana, ${k.ore - move.war.ore} Ore` });
      }
      return steps;
    }
    default:
      return [{ key: 'move', label: 'Move' }];
  }
}

const ACTIONS_SET = new Set(['patrol', 'quest', 'build', 'research', 'expand', 'trade']);

/** The question asked after the keys `chosen` have been picked. */
export function choicePrompt(s: SiegeState, _seat: Seat, chosen: string[]): string {
  const k = s.kingdoms[PLAYER];
  const [first, second, third, fourth] = chosen;
  switch (s.phase) {
    case 'over':
      return 'The siege is over';
    case 'split':
      return first ? `Choose your Mana; Ore takes the rest (${VALUES.startResources - Number(first.slice(1))} left)` : `Split your ${VALUES.startResources} starting resources: choose your Food`;
    case 'place':
      return 'Choose the region of your card for your first 2 meeples';
    default:
      break;
  }
  const shield = shieldsPlaced(s.card) + (s.phase === 'turn' ? 1 : 0);
  if (!first) {
    return s.phase === 'follow'
      ? `The Enemy chose ${ACTION_NAME[s.follow!]}: ${s.follow} too, or collect`
      : `Your turn (round ${s.round}, shield ${shield} of ${VALUES.shieldsPerRound}): choose an action`;
  }
  if (first === 'collect') return 'Choose what your Ruins give';
  if (!ACTIONS_SET.has(first)) return 'Choose';
  const action = first as Action;
  const orSkip = s.phase === 'turn' ? ', or skip it' : '';
  switch (action) {
    case 'build':
      return `Build your tower to level ${k.tower + 1}${orSkip}`;
    case 'research':
      return `Research magic level ${k.magic + 1}${orSkip}`;
    case 'expand':
      return `Choose where to expand (${expandCost(s.board, PLAYER)} Food)${orSkip}`;
    case 'trade':
      if (!second) return `Choose what to trade for what${orSkip}`;
      {
        const [from, to] = second.split('-');
        const name = (r: string | undefined) => (r && r in RESOURCE_NAME ? RESOURCE_NAME[r as Resource] : r ?? '');
        return `Choose how much ${name(from)} to trade for ${name(to)}`;
      }
    default:
      if (!second) return `${ACTION_NAME[action]}: choose the meeple that moves${orSkip}`;
      if (!third) return `${ACTION_NAME[action]} from ${regionName(s, second)}: choose where to`;
      if (!fourth) return `War for ${regionName(s, third)}! Commit Mana (2 each) and Ore (1 each): ${warStakes(s)}`;
      return `Pay ${fourth.slice(1)} with which Mana and Ore?`;
  }
}
