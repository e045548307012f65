// Picking a move with buttons and menus: the steps leading to each move, and the question at each.
import type { MoveChoice, Phrase, PhraseValue, Seat } from '../../engine/index.js';
import {
  ACTION_NAME,
  actionNumber,
  actionTerm,
  amountPhrase,
  bonusPhrase,
  bonusText,
  buildCost,
  collectGains,
  countIn,
  expandCost,
  factionById,
  factionTerm,
  findRegion,
  kingdomsPhrase,
  maxCommitment,
  paidPhrase,
  paymentsFor,
  phrase,
  REGION_TYPE_NAME,
  regionTypeTerm,
  RESOURCE_NAME,
  researchCost,
  resourcesPhrase,
  resourcesText,
  resourceTerm,
  territory,
  YIELD,
  type Action,
} from '../kingdoms-base/index.js';
import { startTotal } from './rules.js';
import { AI, PLAYER, type SoloMove, type SoloState } from './types.js';

/** A text in English beside its phrase. */
type Said = { text: string; phrase: Phrase };
const said = (text: string, key: string, values?: Record<string, PhraseValue>): Said => ({ text, phrase: phrase(key, values) });

const cut = (text: string, n = 100) => (text.length <= n ? text : `${text.slice(0, n - 1)}…`);
const choice = (key: string, label: Said, description?: Said): MoveChoice =>
  description
    ? { key, label: cut(label.text, 80), description: cut(description.text), phrase: label.phrase, descriptionPhrase: description.phrase }
    : { key, label: cut(label.text, 80), phrase: label.phrase };

function regionText(s: SoloState, id: string): { name: string; about: Said } {
  const found = findRegion(s.board, id);
  if (!found) return { name: id, about: said(id, 'choices.name', { name: id }) };
  const r = found.region;
  const y = YIELD[r.type];
  const gives = y === 'choice' ? 'any resource (does not score)' : y ? RESOURCE_NAME[y] : '2 VP held alone';
  const givesPhrase = y === 'choice' ? phrase('choices.region.givesAny') : y ? resourceTerm(y) : phrase('choices.region.givesCapital');
  const mine = s.board.cards[found.slot]!.owner === PLAYER;
  const whose = mine ? 'your card' : "AI's card";
  return {
    name: r.name,
    about: said(`${REGION_TYPE_NAME[r.type]} on ${whose}, gives ${gives}`, mine ? 'choices.region.aboutYours' : 'choices.region.aboutAi', { type: regionTypeTerm(r.type), gives: givesPhrase }),
  };
}

const ACTION_ABOUT: Record<Action, (s: SoloState) => Said> = {
  patrol: () => said('Move a meeple to a neighbouring region of the same card', 'choices.about.patrol'),
  quest: () => said('Move a meeple from a border region to a border region of the other card', 'choices.about.quest'),
  build: (s) => {
    const c = buildCost(s.kingdoms[PLAYER]);
    const k = s.kingdoms[PLAYER];
    return c === null
      ? said('Your tower is complete', 'choices.about.buildDone')
      : said(`Tower level ${k.tower + 1} costs ${c} Ore (you have ${k.ore})`, 'choices.about.build', { level: k.tower + 1, cost: amountPhrase('ore', c), has: k.ore });
  },
  research: (s) => {
    const c = researchCost(s.kingdoms[PLAYER]);
    const k = s.kingdoms[PLAYER];
    return c === null
      ? said('Your magic is complete', 'choices.about.researchDone')
      : said(`Magic level ${k.magic + 1} costs ${c} Mana (you have ${k.mana})`, 'choices.about.research', { level: k.magic + 1, cost: amountPhrase('mana', c), has: k.mana });
  },
  expand: (s) =>
    said(`A new meeple where you have one; costs ${expandCost(s.board, PLAYER)} Food (you have ${s.kingdoms[PLAYER].food})`, 'choices.about.expand', {
      cost: amountPhrase('food', expandCost(s.board, PLAYER)),
      has: s.kingdoms[PLAYER].food,
    }),
  trade: () => said('Swap any amount of one resource for another, 1 for 1 (the AI never trades)', 'choices.about.trade'),
};

/** The steps after the action itself: where from, where to, how many. */
function details(s: SoloState, m: SoloMove, following: boolean): MoveChoice[] {
  switch (m.type) {
    case 'patrol':
    case 'quest': {
      const from = regionText(s, m.from);
      const to = regionText(s, m.to);
      const war = countIn(s.board, m.to, AI) > 0;
      const here = countIn(s.board, m.from, PLAYER);
      return [
        choice(m.from, said(`From ${from.name}`, 'choices.move.from', { region: from.name }), said(`${here} of your meeples there; ${from.about.text}`, 'choices.move.fromAbout', { count: here, about: from.about.phrase })),
        war
          ? choice(m.to, said(`${to.name} (war)`, 'choices.move.toWar', { region: to.name }), said(`An AI meeple stands there: war. ${to.about.text}`, 'choices.move.toWarAbout', { about: to.about.phrase }))
          : choice(m.to, said(to.name, 'choices.move.to', { region: to.name }), to.about),
      ];
    }
    case 'build':
    case 'research': {
      if (following) return [];
      const k = s.kingdoms[PLAYER];
      const label = m.type === 'build' ? said(`Build level ${k.tower + 1}`, 'choices.build', { level: k.tower + 1 }) : said(`Research level ${k.magic + 1}`, 'choices.research', { level: k.magic + 1 });
      return [choice('do', label, ACTION_ABOUT[m.type](s))];
    }
    case 'expand': {
      const r = regionText(s, m.region);
      const cost = expandCost(s.board, PLAYER);
      return [choice(m.region, said(`Into ${r.name}`, 'choices.expand', { region: r.name }), said(`Costs ${cost} Food; ${r.about.text}`, 'choices.expandAbout', { cost: amountPhrase('food', cost), about: r.about.phrase }))];
    }
    case 'trade': {
      const k = s.kingdoms[PLAYER];
      const [from, to] = [resourceTerm(m.from), resourceTerm(m.to)];
      return [
        choice(
          `${m.from}-${m.to}`,
          said(`${RESOURCE_NAME[m.from]} for ${RESOURCE_NAME[m.to]}`, 'choices.trade.pair', { from, to }),
          said(`You have ${k[m.from]} ${RESOURCE_NAME[m.from]} and ${k[m.to]} ${RESOURCE_NAME[m.to]}`, 'choices.trade.pairAbout', { has: amountPhrase(m.from, k[m.from]), hasOther: amountPhrase(m.to, k[m.to]) }),
        ),
        choice(
          String(m.amount),
          said(`${m.amount}`, 'choices.trade.amount', { amount: m.amount }),
          said(`Give ${m.amount} ${RESOURCE_NAME[m.from]}, take ${m.amount} ${RESOURCE_NAME[m.to]}`, 'choices.trade.amountAbout', { given: amountPhrase(m.from, m.amount), taken: amountPhrase(m.to, m.amount) }),
        ),
      ];
    }
    case 'skip':
      return [choice('skip', said('Skip it', 'choices.skip'), said('Place the shield without acting; the AI still follows or collects', 'choices.skipAbout'))];
    default:
      return [];
  }
}

const actionOf = (m: SoloMove): Action | null => (m.type === 'skip' ? m.action : ['patrol', 'quest', 'build', 'research', 'expand', 'trade'].includes(m.type) ? (m.type as Action) : null);

function payText(mana: number, ore: number): string {
  const parts = [mana ? `${mana} Mana` : '', ore ? `${ore} Ore` : ''].filter(Boolean);
  return parts.join(' + ') || 'nothing';
}

/** The choices, in order, that lead to `move`: each key is short and has no colon. */
export function choicePath(s: SoloState, _seat: Seat, move: SoloMove): MoveChoice[] {
  const m = move;
  switch (m?.type) {
    case 'faction': {
      const f = factionById(m.faction);
      return [choice(f.id, { text: f.name, phrase: factionTerm(f.id) }, said(`At magic level 5: ${bonusText(f.bonus)}`, 'choices.faction', { bonus: bonusPhrase(f.bonus) }))];
    }
    case 'territory': {
      const t = territory(m.card, 'A');
      const count = (k: 'plains' | 'forest' | 'mountain') => t.regions.filter((r) => r.type === k).length;
      const kinds = (['plains', 'forest', 'mountain'] as const).map((k) => `${count(k)} ${REGION_TYPE_NAME[k]}`);
      const about = said(`${t.regions.length} regions: ${kinds.join(', ')}, Ruins, Capital City`, 'choices.territory', {
        count: t.regions.length,
        plains: kingdomsPhrase('terms.regionCount.plains', { count: count('plains') }),
        forest: kingdomsPhrase('terms.regionCount.forest', { count: count('forest') }),
        mountain: kingdomsPhrase('terms.regionCount.mountain', { count: count('mountain') }),
      });
      return [choice(m.card, said(t.name, 'choices.name', { name: t.name }), about)];
    }
    case 'split': {
      const rest = startTotal(s) - m.food;
      return [
        choice(`food${m.food}`, said(`${m.food} Food`, 'choices.split.food', { food: amountPhrase('food', m.food) }), said(`Mana and Ore share the other ${rest}`, 'choices.split.foodAbout', { rest })),
        choice(
          `mana${m.mana}`,
          said(`${m.mana} Mana, ${m.ore} Ore`, 'choices.split.manaOre', { mana: amountPhrase('mana', m.mana), ore: amountPhrase('ore', m.ore) }),
          said(`Start with ${m.food} Food, ${m.mana} Mana, ${m.ore} Ore`, 'choices.split.manaOreAbout', { food: m.food, mana: m.mana, ore: m.ore }),
        ),
      ];
    }
    case 'place': {
      const r = regionText(s, m.region);
      return [choice(m.region, said(r.name, 'choices.name', { name: r.name }), r.about)];
    }
    case 'collect': {
      const gains = collectGains(s.board, PLAYER, m.ruins ?? 'food');
      const each = collectGains(s.board, PLAYER, 'food');
      const first = choice(
        'collect',
        said('Collect', 'choices.collect'),
        m.ruins
          ? said(`Gain 1 from each region you hold: ${resourcesText(each)} (Ruins: your choice)`, 'choices.collectAboutRuins', { gains: resourcesPhrase(each) })
          : said(`Gain 1 from each region you hold: ${resourcesText(each)}`, 'choices.collectAbout', { gains: resourcesPhrase(each) }),
      );
      if (!m.ruins) return [first];
      return [first, choice(m.ruins, said(`Ruins give ${RESOURCE_NAME[m.ruins]}`, 'choices.ruins', { resource: resourceTerm(m.ruins) }), said(`You gain ${resourcesText(gains)}`, 'choices.ruinsAbout', { gains: resourcesPhrase(gains) }))];
    }
    case 'war': {
      const v = m.mana * 2 + m.ore;
      const ways = paymentsFor(v, s.kingdoms[PLAYER]);
      const paid = paidPhrase(m);
      const first = choice(
        `v${v}`,
        said(`Commit ${v}`, 'choices.war.commit', { value: v }),
        ways.length === 1
          ? said(`Pay ${payText(m.mana, m.ore)}`, 'choices.war.pay', { paid })
          : said(`Pay it in Mana (2 each) and Ore (1 each): ${ways.length} ways`, 'choices.war.ways', { count: ways.length }),
      );
      return ways.length > 1 ? [first, choice(`m${m.mana}o${m.ore}`, { text: payText(m.mana, m.ore), phrase: paid }, said(`Mana counts 2, Ore 1: ${v} in all`, 'choices.war.counts', { value: v }))] : [first];
    }
    case 'flag':
      return [choice('flag', said('White flag', 'choices.flag'), said('Pay nothing; you lose unless the AI also shows the flag (then: alliance)', 'choices.flagAbout'))];
    case 'defeat': {
      const c = s.flagCommit ?? { mana: 0, ore: 0 };
      return [choice('defeat', said('Defeat the AI', 'choices.defeat'), said(`You win the war and pay ${payText(c.mana, c.ore)}; its meeple leaves`, 'choices.defeatAbout', { paid: paidPhrase(c) }))];
    }
    case 'alliance':
      return [choice('alliance', said('Form an alliance', 'choices.alliance'), said('Nobody pays; both meeples share the region in peace', 'choices.allianceAbout'))];
    default:
      break;
  }
  const action = m ? actionOf(m) : null;
  if (!action) return [choice('move', said('Move', 'choices.move.label'))];
  if (s.phase === 'follow') {
    const first = choice('follow', said(`${ACTION_NAME[action]} too`, 'choices.follow', { action: actionTerm(action) }), ACTION_ABOUT[action](s));
    return [first, ...details(s, m, true)];
  }
  return [choice(action, said(`${actionNumber(action)}. ${ACTION_NAME[action]}`, 'choices.action', { number: actionNumber(action), action: actionTerm(action) }), ACTION_ABOUT[action](s)), ...details(s, m, false)];
}

/** The question asked after the keys `chosen` have been picked, in English and as a phrase. */
function question(s: SoloState, seat: Seat, chosen: string[]): Said {
  if (s.phase === 'over') return said('The game is over', 'prompts.over');
  if (seat !== PLAYER) return said('The AI kingdom plays by its rules: only you choose', 'prompts.notYou');
  const [first, second] = chosen;
  switch (s.phase) {
    case 'faction':
      return said('Choose your faction; the AI takes the other one', 'prompts.faction');
    case 'territory':
      return said('Choose your territory card; the AI takes the other (side B, no Ruins)', 'prompts.territory');
    case 'split':
      return first ? said('How much Mana? The rest is Ore', 'prompts.splitMana') : said(`Split your ${startTotal(s)} starting resources: how much Food?`, 'prompts.splitFood', { total: startTotal(s) });
    case 'place':
      return said('Choose the region of your card for your first two meeples', 'prompts.place');
    case 'war': {
      const w = s.wars[0]!;
      const where = findRegion(s.board, w.region)?.region.name ?? w.region;
      if (first) return said('Pay it with which cubes?', 'prompts.warPay');
      const cause = w.cause === 'alliance' ? 'allianceBroken' : w.attacker === 'player' ? 'youAttack' : 'aiAttacks';
      const who = { allianceBroken: 'the alliance is broken', youAttack: 'you attack', aiAttacks: 'the AI attacks' }[cause];
      const max = maxCommitment(s.kingdoms[AI]);
      return said(`War in ${where} (${who}): commit a number or raise the white flag. The AI rolls 1–11 or a flag and can commit ${max}`, `prompts.war.${cause}`, { region: where, max });
    }
    case 'flag':
      return said('The AI showed the white flag: defeat it, or form an alliance?', 'prompts.flag');
    default:
      break;
  }
  const action = s.phase === 'follow' ? s.action : (first as Action | undefined);
  const steps = chosen.slice(1);
  if (!first) {
    return s.phase === 'follow'
      ? said(`The AI chose ${ACTION_NAME[s.action!]}: take it too, or collect`, 'prompts.follow', { action: actionTerm(s.action!) })
      : said(`Your turn (round ${s.round}): choose an action; the AI follows it if it can, else collects`, 'prompts.turn', { round: s.round });
  }
  if (first === 'collect') return said('What do your Ruins give?', 'prompts.ruins');
  switch (action) {
    case 'patrol':
    case 'quest':
      if (steps.length === 0) return said(`${ACTION_NAME[action]} from which region?`, 'prompts.moveFrom', { action: actionTerm(action) });
      {
        const from = findRegion(s.board, second!)?.region.name ?? second!;
        return said(`${ACTION_NAME[action]} from ${from} to where?`, 'prompts.moveTo', { action: actionTerm(action), region: from });
      }
    case 'trade':
      return steps.length === 0 ? said('Trade what for what?', 'prompts.tradePair') : said('How many?', 'prompts.tradeAmount');
    case 'expand':
      return said('Expand into which region?', 'prompts.expand');
    case 'build':
    case 'research':
      return said(`${ACTION_NAME[action]} now, or skip it?`, 'prompts.nowOrSkip', { action: actionTerm(action) });
    default:
      return said('Choose', 'prompts.choose');
  }
}

/** The question asked after the keys `chosen` have been picked. */
export const choicePrompt = (s: SoloState, seat: Seat, chosen: string[]): string => question(s, seat, chosen).text;
/** The same question in the player's language. */
export const choicePromptPhrase = (s: SoloState, seat: Seat, chosen: string[]): Phrase => question(s, seat, chosen).phrase;
