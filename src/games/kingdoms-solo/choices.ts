// Picking a move with buttons and menus: the steps leading to each move, and the question at each.
import type { MoveChoice, Seat } from '../../engine/index.js';
import {
  ACTION_NAME,
  actionNumber,
  bonusText,
  buildCost,
  collectGains,
  countIn,
  expandCost,
  factionById,
  findRegion,
  maxCommitment,
  paymentsFor,
  REGION_TYPE_NAME,
  RESOURCE_NAME,
  researchCost,
  resourcesText,
  territory,
  YIELD,
  type Action,
} from '../kingdoms-base/index.js';
import { startTotal } from './rules.js';
import { AI, PLAYER, type SoloMove, type SoloState } from './types.js';

const cut = (text: string, n = 100) => (text.length <= n ? text : `${text.slice(0, n - 1)}…`);
const choice = (key: string, label: string, description?: string): MoveChoice =>
  description ? { key, label: cut(label, 80), description: cut(description) } : { key, label: cut(label, 80) };

function regionText(s: SoloState, id: string): { name: string; about: string } {
  const found = findRegion(s.board, id);
  if (!found) return { name: id, about: '' };
  const r = found.region;
  const y = YIELD[r.type];
  const gives = y === 'choice' ? 'any resource (does not score)' : y ? RESOURCE_NAME[y] : '2 VP held alone';
  const whose = s.board.cards[found.slot]!.owner === PLAYER ? 'your card' : "AI's card";
  return { name: r.name, about: `${REGION_TYPE_NAME[r.type]} on ${whose}, gives ${gives}` };
}

const ACTION_ABOUT: Record<Action, (s: SoloState) => string> = {
  patrol: () => 'Move a meeple to a neighbouring region of the same card',
  quest: () => 'Move a meeple from a border region to a border region of the other card',
  build: (s) => {
    const c = buildCost(s.kingdoms[PLAYER]);
    return c === null ? 'Your tower is complete' : `Tower level ${s.kingdoms[PLAYER].tower + 1} costs ${c} Ore (you have ${s.kingdoms[PLAYER].ore})`;
  },
  research: (s) => {
    const c = researchCost(s.kingdoms[PLAYER]);
    return c === null ? 'Your magic is complete' : `Magic level ${s.kingdoms[PLAYER].magic + 1} costs ${c} Mana (you have ${s.kingdoms[PLAYER].mana})`;
  },
  expand: (s) => `A new meeple where you have one; costs ${expandCost(s.board, PLAYER)} Food (you have ${s.kingdoms[PLAYER].food})`,
  trade: () => 'Swap any amount of one resource for another, 1 for 1 (the AI never trades)',
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
        choice(m.from, `From ${from.name}`, `${here} of your meeples there; ${from.about}`),
        choice(m.to, `${to.name}${war ? ' (war)' : ''}`, `${war ? 'An AI meeple stands there: war. ' : ''}${to.about}`),
      ];
    }
    case 'build':
    case 'research':
      return following ? [] : [choice('do', m.type === 'build' ? `Build level ${s.kingdoms[PLAYER].tower + 1}` : `Research level ${s.kingdoms[PLAYER].magic + 1}`, ACTION_ABOUT[m.type](s))];
    case 'expand': {
      const r = regionText(s, m.region);
      return [choice(m.region, `Into ${r.name}`, `Costs ${expandCost(s.board, PLAYER)} Food; ${r.about}`)];
    }
    case 'trade':
      return [
        choice(`${m.from}-${m.to}`, `${RESOURCE_NAME[m.from]} → ${RESOURCE_NAME[m.to]}`, `You have ${s.kingdoms[PLAYER][m.from]} ${RESOURCE_NAME[m.from]} and ${s.kingdoms[PLAYER][m.to]} ${RESOURCE_NAME[m.to]}`),
        choice(String(m.amount), `${m.amount}`, `Give ${m.amount} ${RESOURCE_NAME[m.from]}, take ${m.amount} ${RESOURCE_NAME[m.to]}`),
      ];
    case 'skip':
      return [choice('skip', 'Skip it', 'Place the shield without acting; the AI still follows or collects')];
    default:
      return [];
  }
}

const actionOf = (m: SoloMove): Action | null => (m.type === 'skip' ? m.action : ['patrol', 'quest', 'build', 'research', 'expand', 'trade'].includes(m.type) ? (m.type as Action) : null);

/** The choices, in order, that lead to `move`: each key is short and has no colon. */
export function choicePath(s: SoloState, _seat: Seat, move: SoloMove): MoveChoice[] {
  const m = move;
  switch (m?.type) {
    case 'faction': {
      const f = factionById(m.faction);
      return [choice(f.id, f.name, `At magic level 5: ${bonusText(f.bonus)}`)];
    }
    case 'territory': {
      const t = territory(m.card, 'A');
      const kinds = ['plains', 'forest', 'mountain'].map((k) => `${t.regions.filter((r) => r.type === k).length} ${REGION_TYPE_NAME[k as 'plains']}`);
      return [choice(m.card, t.name, `${t.regions.length} regions: ${kinds.join(', ')}, Ruins, Capital City`)];
    }
    case 'split': {
      const rest = startTotal(s) - m.food;
      return [choice(`food${m.food}`, `${m.food} Food`, `Mana and Ore share the other ${rest}`), choice(`mana${m.mana}`, `${m.mana} Mana, ${m.ore} Ore`, `Start with ${m.food} Food, ${m.mana} Mana, ${m.ore} Ore`)];
    }
    case 'place': {
      const r = regionText(s, m.region);
      return [choice(m.region, r.name, r.about)];
    }
    case 'collect': {
      const gains = collectGains(s.board, PLAYER, m.ruins ?? 'food');
      const first = choice('collect', 'Collect', `Gain 1 from each region you hold: ${resourcesText(collectGains(s.board, PLAYER, 'food'))}${m.ruins ? ' (Ruins: your choice)' : ''}`);
      return m.ruins ? [first, choice(m.ruins, `Ruins give ${RESOURCE_NAME[m.ruins]}`, `You gain ${resourcesText(gains)}`)] : [first];
    }
    case 'war': {
      const v = m.mana * 2 + m.ore;
      const ways = paymentsFor(v, s.kingdoms[PLAYER]);
      const first = choice(`v${v}`, `Commit ${v}`, ways.length === 1 ? `Pay ${payText(m.mana, m.ore)}` : `Pay it in Mana (2 each) and Ore (1 each): ${ways.length} ways`);
      return ways.length > 1 ? [first, choice(`m${m.mana}o${m.ore}`, payText(m.mana, m.ore), `Mana counts 2, Ore 1: ${v} in all`)] : [first];
    }
    case 'flag':
      return [choice('flag', 'White flag', 'Pay nothing; you lose unless the AI also shows the flag (then: alliance)')];
    case 'defeat': {
      const c = s.flagCommit ?? { mana: 0, ore: 0 };
      return [choice('defeat', 'Defeat the AI', `You win the war and pay ${payText(c.mana, c.ore)}; its meeple leaves`)];
    }
    case 'alliance':
      return [choice('alliance', 'Form an alliance', 'Nobody pays; both meeples share the region in peace')];
    default:
      break;
  }
  const action = m ? actionOf(m) : null;
  if (!action) return [choice('move', 'Move')];
  if (s.phase === 'follow') {
    const first = choice('follow', `${ACTION_NAME[action]} too`, ACTION_ABOUT[action](s));
    return [first, ...details(s, m, true)];
  }
  return [choice(action, `${actionNumber(action)}. ${ACTION_NAME[action]}`, ACTION_ABOUT[action](s)), ...details(s, m, false)];
}

function payText(mana: number, ore: number): string {
  const parts = [mana ? `${mana} Mana` : '', ore ? `${ore} Ore` : ''].filter(Boolean);
  return parts.join(' + ') || 'nothing';
}

/** The question asked after the keys `chosen` have been picked. */
export function choicePrompt(s: SoloState, seat: Seat, chosen: string[]): string {
  if (s.phase === 'over') return 'The game is over';
  if (seat !== PLAYER) return 'The AI kingdom plays by its rules: only you choose';
  const [first, second] = chosen;
  switch (s.phase) {
    case 'faction':
      return 'Choose your faction; the AI takes the other one';
    case 'territory':
      return 'Choose your territory card; the AI takes the other (side B, no Ruins)';
    case 'split':
      return first ? 'How much Mana? The rest is Ore' : `Split your ${startTotal(s)} starting resources: how much Food?`;
    case 'place':
      return 'Choose the region of your card for your first two meeples';
    case 'war': {
      const w = s.wars[0]!;
      const where = findRegion(s.board, w.region)?.region.name ?? w.region;
      if (first) return 'Pay it with which cubes?';
      const who = w.cause === 'alliance' ? 'the alliance is broken' : w.attacker === 'player' ? 'you attack' : 'the AI attacks';
      return `War in ${where} (${who}): commit a number or raise the white flag. The AI rolls 1–11 or a flag and can commit ${maxCommitment(s.kingdoms[AI])}`;
    }
    case 'flag':
      return 'The AI showed the white flag: defeat it, or form an alliance?';
    default:
      break;
  }
  const action = s.phase === 'follow' ? s.action : (first as Action | undefined);
  const steps = chosen.slice(1);
  if (!first) {
    return s.phase === 'follow'
      ? `The AI chose ${ACTION_NAME[s.action!]}: take it too, or collect`
      : `Your turn (round ${s.round}): choose an action; the AI follows it if it can, else collects`;
  }
  if (first === 'collect') return 'What do your Ruins give?';
  switch (action) {
    case 'patrol':
    case 'quest':
      return steps.length === 0 ? `${ACTION_NAME[action]} from which region?` : `${ACTION_NAME[action]} from ${findRegion(s.board, second!)?.region.name ?? second} to where?`;
    case 'trade':
      return steps.length === 0 ? 'Trade what for what?' : 'How many?';
    case 'expand':
      return 'Expand into which region?';
    case 'build':
    case 'research':
      return `${ACTION_NAME[action]} now, or skip it?`;
    default:
      return 'Choose';
  }
}

