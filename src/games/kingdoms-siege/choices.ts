// Picking a move with buttons and menus: the steps leading to each move, and the question at each.
import type { MoveChoice, Phrase, Seat } from '../../engine/index.js';
import {
  ACTION_NAME,
  actionTerm,
  actionVerb,
  amountPhrase,
  paidPhrase,
  phrase,
  regionTypeTerm,
  resourcesPhrase,
  resourceTerm,
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
// The region's type in the words of the map's tiles (a Capital City is named in full there too).
const regionType = (s: SiegeState, id: string) => {
  const r = findRegion(s.board, id)?.region;
  return r ? { plains: 'Plains', forest: 'Forest', mountain: 'Mountain', ruins: 'Ruins', capital: 'Capital City' }[r.type] : '';
};
const regionTypePhrase = (s: SiegeState, id: string): Phrase | string => {
  const r = findRegion(s.board, id)?.region;
  return r ? regionTypeTerm(r.type) : '';
};

/** A choice with its label and description, each beside its phrase. */
const choice = (key: string, label: string, labelPhrase: Phrase, description?: string, descriptionPhrase?: Phrase): MoveChoice =>
  description !== undefined && descriptionPhrase
    ? { key, label, description, phrase: labelPhrase, descriptionPhrase }
    : { key, label, phrase: labelPhrase };

/** The war's stakes, shown before the commitment is chosen. */
export function warStakes(s: SiegeState): string {
  const e = s.kingdoms[ENEMY];
  return `Enemy has ${e.mana} Mana, ${e.ore} Ore: commits 2d6, at most ${maxCommitment(e)}; ties to it`;
}
export function warStakesPhrase(s: SiegeState): Phrase {
  const e = s.kingdoms[ENEMY];
  return phrase('choices.war.stakes', { mana: amountPhrase('mana', e.mana), ore: amountPhrase('ore', e.ore), max: maxCommitment(e) });
}

function actionStep(s: SiegeState, a: Action): MoveChoice {
  const k = s.kingdoms[PLAYER];
  const following = s.phase === 'follow';
  const label = following ? `${ACTION_NAME[a]} too` : ACTION_NAME[a];
  const labelPhrase = following ? phrase('choices.action.follow', { action: actionTerm(a) }) : actionTerm(a);
  const detail: Record<Action, [string, Phrase]> = {
    patrol: ['Move a meeple to a neighbouring region', phrase('choices.action.about.patrol')],
    quest: ['Move a meeple from a border region to a border region of the other card', phrase('choices.action.about.quest')],
    build:
      k.tower < VALUES.towerMax
        ? [`Tower level ${k.tower + 1} costs ${k.tower + 1} Ore (you have ${k.ore})`, phrase('choices.action.about.build', { level: k.tower + 1, cost: amountPhrase('ore', k.tower + 1), has: k.ore })]
        : ['Your tower is complete', phrase('choices.action.about.buildDone')],
    research:
      k.magic < VALUES.magicMax
        ? [`Magic level ${k.magic + 1} costs ${k.magic + 1} Mana (you have ${k.mana})`, phrase('choices.action.about.research', { level: k.magic + 1, cost: amountPhrase('mana', k.magic + 1), has: k.mana })]
        : ['Your magic is complete', phrase('choices.action.about.researchDone')],
    expand: [
      `A new meeple beside a lone one, for ${expandCost(s.board, PLAYER)} Food (you have ${k.food})`,
      phrase('choices.action.about.expand', { cost: amountPhrase('food', expandCost(s.board, PLAYER)), has: k.food }),
    ],
    trade: ['Turn one resource into another, 1 for 1', phrase('choices.action.about.trade')],
  };
  return choice(a, label, labelPhrase, ...detail[a]);
}

const skipStep = (a: Action): MoveChoice =>
  choice('skip', 'Skip it', phrase('choices.skip.label'), `Place your shield on ${ACTION_NAME[a]} and do nothing`, phrase('choices.skip.about', { action: actionTerm(a) }));

/** The choices, in order, that lead to `move`. */
export function choicePath(s: SiegeState, _seat: Seat, move: SiegeMove): MoveChoice[] {
  const k = s.kingdoms[PLAYER];
  switch (move?.type) {
    case 'split':
      return [
        choice(
          `f${move.food}`,
          `Food ${move.food}`,
          phrase('choices.split.food', { food: move.food }),
          `Mana and Ore share the other ${VALUES.startResources - move.food}`,
          phrase('choices.split.foodAbout', { rest: VALUES.startResources - move.food }),
        ),
        choice(
          `m${move.mana}`,
          `Mana ${move.mana}, Ore ${move.ore}`,
          phrase('choices.split.manaOre', { mana: move.mana, ore: move.ore }),
          `Start with ${move.food} Food, ${move.mana} Mana, ${move.ore} Ore`,
          phrase('choices.split.manaOreAbout', { food: move.food, mana: move.mana, ore: move.ore }),
        ),
      ];
    case 'place': {
      const r = findRegion(s.board, move.region)?.region;
      const noted: [boolean, string, string][] = [
        [r?.home === true, 'home region', 'home'],
        [r?.border === true, 'border region', 'border'],
        [r?.type === 'ruins', 'meeples in Ruins score 0', 'ruins'],
      ];
      const notes = noted.filter(([on]) => on).map(([, text]) => text);
      const notePhrases = noted.filter(([on]) => on).map(([, , key]) => phrase(`choices.place.note.${key}`));
      const about = notePhrases.length
        ? phrase('choices.place.aboutNoted', { notes: notePhrases.slice(1).reduce<Phrase>((head, last) => phrase('choices.place.noteList', { head, last }), notePhrases[0]!) })
        : phrase('choices.place.about');
      return [
        choice(
          move.region,
          `${regionName(s, move.region)} (${regionType(s, move.region)})`,
          phrase('choices.region.typed', { region: regionName(s, move.region), type: regionTypePhrase(s, move.region) }),
          `Your first 2 meeples start here${notes.length ? `: ${notes.join(', ')}` : ''}`,
          about,
        ),
      ];
    }
    case 'skip':
      return [actionStep(s, move.action), skipStep(move.action)];
    case 'collect': {
      const gains = collectGains(s.board, PLAYER, move.ruins ?? 'food');
      const first = move.ruins
        ? choice('collect', 'Collect', phrase('choices.collect.label'), "1 of each region's resource; the Ruins give your choice", phrase('choices.collect.aboutRuins'))
        : choice('collect', 'Collect', phrase('choices.collect.label'), `Gain ${resourcesText(gains)}`, phrase('choices.collect.gain', { gains: resourcesPhrase(gains) }));
      if (!move.ruins) return [first];
      return [
        first,
        choice(
          move.ruins,
          `Ruins give ${RESOURCE_NAME[move.ruins]}`,
          phrase('choices.collect.ruins', { resource: resourceTerm(move.ruins) }),
          `Gain ${resourcesText(gains)}`,
          phrase('choices.collect.gain', { gains: resourcesPhrase(gains) }),
        ),
      ];
    }
    case 'build':
      return [
        actionStep(s, 'build'),
        choice(
          'go',
          `Build level ${k.tower + 1}`,
          phrase('choices.build.label', { level: k.tower + 1 }),
          `Pay ${k.tower + 1} Ore: tower VP ${VALUES.towerVp[k.tower]} to ${VALUES.towerVp[k.tower + 1]}`,
          phrase('choices.build.about', { cost: amountPhrase('ore', k.tower + 1), from: VALUES.towerVp[k.tower]!, to: VALUES.towerVp[k.tower + 1]! }),
        ),
      ];
    case 'research': {
      const last = k.magic + 1 === VALUES.magicMax;
      return [
        actionStep(s, 'research'),
        choice(
          'go',
          `Research level ${k.magic + 1}`,
          phrase('choices.research.label', { level: k.magic + 1 }),
          `Pay ${k.magic + 1} Mana: +1 VP${last ? ', your faction bonus, and the end is triggered' : ''}`,
          phrase(last ? 'choices.research.aboutLast' : 'choices.research.about', { cost: amountPhrase('mana', k.magic + 1) }),
        ),
      ];
    }
    case 'expand':
      return [
        actionStep(s, 'expand'),
        choice(
          move.region,
          `${regionName(s, move.region)}`,
          phrase('choices.region.name', { region: regionName(s, move.region) }),
          `A second meeple in ${regionName(s, move.region)} for ${expandCost(s.board, PLAYER)} Food`,
          phrase('choices.expand.about', { region: regionName(s, move.region), cost: amountPhrase('food', expandCost(s.board, PLAYER)) }),
        ),
      ];
    case 'trade': {
      const limit = tradeLimit(k, move.from, move.to);
      const [from, to] = [resourceTerm(move.from), resourceTerm(move.to)];
      return [
        actionStep(s, 'trade'),
        choice(
          `${move.from}-${move.to}`,
          `${RESOURCE_NAME[move.from]} for ${RESOURCE_NAME[move.to]}`,
          phrase('choices.trade.pair', { from, to }),
          `Up to ${limit}: you have ${k[move.from]} ${RESOURCE_NAME[move.from]}, ${k[move.to]} ${RESOURCE_NAME[move.to]}`,
          phrase('choices.trade.pairAbout', { limit, has: amountPhrase(move.from, k[move.from]), hasOther: amountPhrase(move.to, k[move.to]) }),
        ),
        choice(
          `n${move.amount}`,
          `Trade ${move.amount}`,
          phrase('choices.trade.amount', { amount: move.amount }),
          `${RESOURCE_NAME[move.from]} ${k[move.from]} to ${k[move.from] - move.amount}, ${RESOURCE_NAME[move.to]} ${k[move.to]} to ${k[move.to] + move.amount}`,
          phrase('choices.trade.amountAbout', { from, fromBefore: k[move.from], fromAfter: k[move.from] - move.amount, to, toBefore: k[move.to], toAfter: k[move.to] + move.amount }),
        ),
      ];
    }
    case 'patrol':
    case 'quest': {
      const from = regionName(s, move.from);
      const to = regionName(s, move.to);
      const steps: MoveChoice[] = [
        actionStep(s, move.type),
        choice(
          move.from,
          `From ${from}`,
          phrase('choices.move.from', { region: from }),
          `Move a meeple out of ${from} (${regionType(s, move.from)})`,
          phrase('choices.move.fromAbout', { region: from, type: regionTypePhrase(s, move.from) }),
        ),
        move.war
          ? choice(move.to, `${from} to ${to} (war)`, phrase('choices.move.toWar', { from, to }), warStakes(s), warStakesPhrase(s))
          : choice(move.to, `${from} to ${to}`, phrase('choices.move.to', { from, to }), `${to} (${regionType(s, move.to)})`, phrase('choices.region.typed', { region: to, type: regionTypePhrase(s, move.to) })),
      ];
      if (!move.war) return steps;
      const value = warValue(move.war);
      const ways = paymentsFor(value, k);
      const parts = [move.war.mana ? `${move.war.mana} Mana` : '', move.war.ore ? `${move.war.ore} Ore` : ''].filter(Boolean).join(' + ');
      const max = maxCommitment(s.kingdoms[ENEMY]);
      const when = value <= 2 ? (max < 11 ? `only if 2d6 shows over ${max}` : 'never: 2d6 always ties or beats it') : `if 2d6 shows ${value - 1} or less${max < 11 ? ` or over ${max}` : ''}`;
      const whenPhrase =
        value <= 2
          ? max < 11
            ? phrase('choices.war.whenOnlyOver', { max })
            : phrase('choices.war.whenNever')
          : phrase(max < 11 ? 'choices.war.whenBelowOrOver' : 'choices.war.whenBelow', { below: value - 1, max });
      const pays = ways.length > 1 ? '' : ` Pay ${parts}.`;
      const chance = warWinChance(s, value);
      steps.push(
        choice(
          `v${value}`,
          `Commit ${value}`,
          phrase('choices.war.commit', { value }),
          `Win ${chance}%: ${when}.${pays}`,
          ways.length > 1
            ? phrase('choices.war.chance', { chance, when: whenPhrase })
            : phrase('choices.war.chancePay', { chance, when: whenPhrase, paid: paidPhrase(move.war) }),
        ),
      );
      if (ways.length > 1) {
        steps.push(
          choice(
            `${move.war.mana}m${move.war.ore}o`,
            parts,
            paidPhrase(move.war),
            `Leaves you ${k.mana - move.war.mana} Mana, ${k.ore - move.war.ore} Ore`,
            phrase('choices.war.leaves', { mana: amountPhrase('mana', k.mana - move.war.mana), ore: amountPhrase('ore', k.ore - move.war.ore) }),
          ),
        );
      }
      return steps;
    }
    default:
      return [{ key: 'move', label: 'Move', phrase: phrase('choices.move.label') }];
  }
}

const ACTIONS_SET = new Set(['patrol', 'quest', 'build', 'research', 'expand', 'trade']);

type Asked = { text: string; phrase: Phrase };
const asked = (text: string, key: string, values?: Parameters<typeof phrase>[1]): Asked => ({ text, phrase: phrase(key, values) });

/** The question asked after the keys `chosen` have been picked, in English and as a phrase. */
function question(s: SiegeState, chosen: string[]): Asked {
  const k = s.kingdoms[PLAYER];
  const [first, second, third, fourth] = chosen;
  switch (s.phase) {
    case 'over':
      return asked('The siege is over', 'prompts.over');
    case 'split':
      return first
        ? asked(`Choose your Mana; Ore takes the rest (${VALUES.startResources - Number(first.slice(1))} left)`, 'prompts.splitMana', { left: VALUES.startResources - Number(first.slice(1)) })
        : asked(`Split your ${VALUES.startResources} starting resources: choose your Food`, 'prompts.splitFood', { total: VALUES.startResources });
    case 'place':
      return asked('Choose the region of your card for your first 2 meeples', 'prompts.place', { count: VALUES.startMeeples });
    default:
      break;
  }
  const shield = shieldsPlaced(s.card) + (s.phase === 'turn' ? 1 : 0);
  if (!first) {
    return s.phase === 'follow'
      ? asked(`The Enemy chose ${ACTION_NAME[s.follow!]}: ${s.follow} too, or collect`, 'prompts.follow', { action: actionTerm(s.follow!), verb: actionVerb(s.follow!) })
      : asked(`Your turn (round ${s.round}, shield ${shield} of ${VALUES.shieldsPerRound}): choose an action`, 'prompts.turn', { round: s.round, shield, shields: VALUES.shieldsPerRound });
  }
  if (first === 'collect') return asked('Choose what your Ruins give', 'prompts.ruins');
  if (!ACTIONS_SET.has(first)) return asked('Choose', 'prompts.choose');
  const action = first as Action;
  const skippable = s.phase === 'turn';
  const orSkip = skippable ? ', or skip it' : '';
  // Each question comes in two forms: with "or skip it" on the player's own turn, without when following.
  const q = (text: string, key: string, values?: Parameters<typeof phrase>[1]) => asked(`${text}${orSkip}`, `${key}${skippable ? 'OrSkip' : ''}`, values);
  switch (action) {
    case 'build':
      return q(`Build your tower to level ${k.tower + 1}`, 'prompts.build', { level: k.tower + 1 });
    case 'research':
      return q(`Research magic level ${k.magic + 1}`, 'prompts.research', { level: k.magic + 1 });
    case 'expand':
      return q(`Choose where to expand (${expandCost(s.board, PLAYER)} Food)`, 'prompts.expand', { cost: amountPhrase('food', expandCost(s.board, PLAYER)) });
    case 'trade':
      if (!second) return q('Choose what to trade for what', 'prompts.tradePair');
      {
        const [from, to] = second.split('-');
        const name = (r: string | undefined) => (r && r in RESOURCE_NAME ? RESOURCE_NAME[r as Resource] : r ?? '');
        const term = (r: string | undefined) => (r && r in RESOURCE_NAME ? resourceTerm(r as Resource) : r ?? '');
        return asked(`Choose how much ${name(from)} to trade for ${name(to)}`, 'prompts.tradeAmount', { from: term(from), to: term(to) });
      }
    default:
      if (!second) return q(`${ACTION_NAME[action]}: choose the meeple that moves`, 'prompts.moveFrom', { action: actionTerm(action) });
      if (!third) return asked(`${ACTION_NAME[action]} from ${regionName(s, second)}: choose where to`, 'prompts.moveTo', { action: actionTerm(action), region: regionName(s, second) });
      if (!fourth) {
        return asked(`War for ${regionName(s, third)}! Commit Mana (2 each) and Ore (1 each): ${warStakes(s)}`, 'prompts.war', { region: regionName(s, third), stakes: warStakesPhrase(s) });
      }
      return asked(`Pay ${fourth.slice(1)} with which Mana and Ore?`, 'prompts.warPay', { value: fourth.slice(1) });
  }
}

/** The question asked after the keys `chosen` have been picked. */
export const choicePrompt = (s: SiegeState, _seat: Seat, chosen: string[]): string => question(s, chosen).text;
/** The same question in the player's language. */
export const choicePromptPhrase = (s: SiegeState, _seat: Seat, chosen: string[]): Phrase => question(s, chosen).phrase;
