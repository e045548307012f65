// Who acts, every legal move, and why a move is not legal: one list behind play and legalMoves.
import { err, ok, type Phrase, type PhraseValue, type Result, type Seat } from '../../engine/index.js';
import {
  ACTION_NAME,
  actionTerm,
  actionVerb,
  amountPhrase,
  phrase,
  resourceTerm,
  buildCost,
  canBuild,
  canResearch,
  commitments,
  expandCost,
  expandRegions,
  findRegion,
  freeActions,
  isAction,
  isResource,
  patrolSteps,
  questSteps,
  researchCost,
  RESOURCES,
  ruinsHeld,
  territory,
  tradeLimit,
  VALUES,
  type Action,
  type Step,
} from '../kingdoms-base/index.js';
import { ENEMY, PLAYER, type SiegeMove, type SiegeState } from './types.js';

export function toAct(s: SiegeState): Seat[] {
  return s.phase === 'over' ? [] : [PLAYER];
}

/** Every split of the 6 starting resources, Food then Mana ascending. */
function splits(): SiegeMove[] {
  const out: SiegeMove[] = [];
  const n = VALUES.startResources;
  for (let food = 0; food <= n; food++) for (let mana = 0; mana <= n - food; mana++) out.push({ type: 'split', food, mana, ore: n - food - mana });
  return out;
}

function meepleMoves(s: SiegeState, type: 'patrol' | 'quest', steps: Step[]): SiegeMove[] {
  const out: SiegeMove[] = [];
  const pay = commitments(s.kingdoms[PLAYER]);
  for (const st of steps) {
    if (st.opponents.includes(ENEMY)) for (const war of pay) out.push({ type, from: st.from, to: st.to, war });
    else out.push({ type, from: st.from, to: st.to });
  }
  return out;
}

/** The moves that carry out `action` for the player now (not skipping, not collecting). */
export function actionMoves(s: SiegeState, action: Action): SiegeMove[] {
  const k = s.kingdoms[PLAYER];
  switch (action) {
    case 'patrol':
      return meepleMoves(s, 'patrol', patrolSteps(s.board, PLAYER));
    case 'quest':
      return meepleMoves(s, 'quest', questSteps(s.board, PLAYER));
    case 'build':
      return canBuild(k) ? [{ type: 'build' }] : [];
    case 'research':
      return canResearch(k) ? [{ type: 'research' }] : [];
    case 'expand':
      return expandRegions(s.board, PLAYER, k).map((region) => ({ type: 'expand', region }));
    case 'trade': {
      const out: SiegeMove[] = [];
      for (const from of RESOURCES) {
        for (const to of RESOURCES) {
          for (let amount = 1; amount <= tradeLimit(k, from, to); amount++) out.push({ type: 'trade', from, to, amount });
        }
      }
      return out;
    }
  }
}

export function collectMoves(s: SiegeState): SiegeMove[] {
  return ruinsHeld(s.board, PLAYER) > 0 ? RESOURCES.map((ruins) => ({ type: 'collect', ruins })) : [{ type: 'collect' }];
}

export function legalMoves(s: SiegeState, seat: Seat): SiegeMove[] {
  if (seat !== PLAYER) return [];
  switch (s.phase) {
    case 'split':
      return splits();
    case 'place':
      return territory(s.board.cards[0]!.id, 'A').regions.map((r) => ({ type: 'place', region: r.id }));
    case 'turn':
      return freeActions(s.card).flatMap((a) => [...actionMoves(s, a), { type: 'skip', action: a } as SiegeMove]);
    case 'follow':
      return s.follow ? [...actionMoves(s, s.follow), ...collectMoves(s)] : [];
    case 'over':
      return [];
  }
}

const int = (n: unknown, min: number, max: number): n is number => typeof n === 'number' && Number.isInteger(n) && n >= min && n <= max;
const regionId = (r: unknown): r is string => typeof r === 'string' && r.length > 0 && r.length <= 40;

/** Checks the shape of a move given as JSON and returns it in its canonical form. */
export function readMove(move: unknown): Result<SiegeMove> {
  const bad = (message: string, key: string, values?: Record<string, PhraseValue>) => err<SiegeMove>('bad-move', message, phrase(`errors.badMove.${key}`, values));
  if (move === null || typeof move !== 'object' || Array.isArray(move)) return bad('A move must be an object with a type, such as {"type":"build"}.', 'object');
  const m = move as Record<string, unknown>;
  switch (m.type) {
    case 'split':
      return int(m.food, 0, 9) && int(m.mana, 0, 9) && int(m.ore, 0, 9)
        ? ok({ type: 'split', food: m.food, mana: m.mana, ore: m.ore })
        : bad('A split names whole numbers of Food, Mana and Ore, such as split 3 2 1.', 'split');
    case 'place':
    case 'expand':
      return regionId(m.region) ? ok({ type: m.type, region: m.region }) : bad(`Say which region, such as ${m.type === 'place' ? 'start' : 'expand'} oakhold.`, 'region', { example: `${m.type === 'place' ? 'start' : 'expand'} oakhold` });
    case 'patrol':
    case 'quest': {
      if (!regionId(m.from) || !regionId(m.to)) return bad(`Say where from and where to, such as ${m.type} oakhold greyfen.`, 'fromTo', { example: `${m.type} oakhold greyfen` });
      if (m.war === undefined || m.war === null) return ok({ type: m.type, from: m.from, to: m.to });
      const w = m.war as Record<string, unknown>;
      if (typeof w !== 'object' || !int(w.mana, 0, 9) || !int(w.ore, 0, 9)) return bad('A war commitment is some Mana and Ore, such as war 2 mana 1 ore.', 'war');
      return ok({ type: m.type, from: m.from, to: m.to, war: { mana: w.mana, ore: w.ore } });
    }
    case 'build':
    case 'research':
      return ok({ type: m.type });
    case 'trade':
      if (!isResource(m.from) || !isResource(m.to)) return bad('Trade names two resources, such as trade 2 food mana.', 'tradeResources');
      return int(m.amount, 1, 9) ? ok({ type: 'trade', from: m.from, to: m.to, amount: m.amount }) : bad('Trade at least 1, a whole number.', 'tradeAmount');
    case 'skip':
      return isAction(m.action) ? ok({ type: 'skip', action: m.action }) : bad('Skip names an action: patrol, quest, build, research, expand or trade.', 'skip');
    case 'collect':
      if (m.ruins === undefined || m.ruins === null) return ok({ type: 'collect' });
      return isResource(m.ruins) ? ok({ type: 'collect', ruins: m.ruins }) : bad('The Ruins give Food, Mana or Ore.', 'ruins');
    default:
      return bad('A move is split, start, patrol, quest, build, research, expand, trade, skip or collect.', 'type');
  }
}

export const moveKey = (m: SiegeMove): string => JSON.stringify(m);

const ACTION_OF: Partial<Record<SiegeMove['type'], Action>> = {
  patrol: 'patrol', quest: 'quest', build: 'build', research: 'research', expand: 'expand', trade: 'trade',
};

type Why = { text: string; phrase: Phrase };
const why = (text: string, key: string, values?: Record<string, PhraseValue>): Why => ({ text, phrase: phrase(`errors.illegal.${key}`, values) });

/** Why a well-formed move is not legal now, in words a player understands (and as a phrase). */
function reason(s: SiegeState, m: SiegeMove): Why {
  const k = s.kingdoms[PLAYER];
  const name = (id: string) => findRegion(s.board, id)?.region.name ?? `"${id}"`;
  if (s.phase === 'split') return why(`First split your ${VALUES.startResources} resources into Food, Mana and Ore, such as split 3 2 1.`, 'splitFirst', { total: VALUES.startResources });
  if (s.phase === 'place') {
    const example = `start ${territory(s.board.cards[0]!.id, 'A').regions[0]!.id}`;
    return why(`Now choose the region of your card for your first 2 meeples, such as ${example}.`, 'placeFirst', { count: VALUES.startMeeples, example });
  }
  if (m.type === 'split' || m.type === 'place') return why('The setup is done.', 'setupDone');
  const action = m.type === 'skip' ? m.action : ACTION_OF[m.type];
  if (s.phase === 'follow') {
    const followed = { action: actionTerm(s.follow!), verb: actionVerb(s.follow!) };
    if (m.type === 'skip') return why(`After the Enemy's ${ACTION_NAME[s.follow!]}, you ${s.follow} too or collect; there is no skipping.`, 'noSkipWhenFollowing', followed);
    if (m.type !== 'collect' && action !== s.follow) return why(`The Enemy chose ${ACTION_NAME[s.follow!]}: you may ${s.follow} too or collect.`, 'followOrCollect', followed);
  } else {
    if (m.type === 'collect') return why('You collect only after an Enemy action, instead of following it.', 'collectOnlyFollowing');
    if (action && s.card[action] !== null) return why(`${ACTION_NAME[action]} already holds a shield this round.`, 'shieldTaken', { action: actionTerm(action) });
  }
  switch (m.type) {
    case 'build': {
      const c = buildCost(k);
      return c === null
        ? why('Your tower is already at level 6.', 'towerComplete')
        : why(`Tower level ${c} costs ${c} Ore; you have ${k.ore}.`, 'towerCost', { level: c, cost: amountPhrase('ore', c), has: k.ore });
    }
    case 'research': {
      const c = researchCost(k);
      return c === null
        ? why('Your magic is already at level 5.', 'magicComplete')
        : why(`Magic level ${c} costs ${c} Mana; you have ${k.mana}.`, 'magicCost', { level: c, cost: amountPhrase('mana', c), has: k.mana });
    }
    case 'expand':
      if (k.meeplesInSupply === 0) return why('All your meeples are on the map.', 'allOnMap');
      if (k.food < expandCost(s.board, PLAYER)) {
        return why(`Expanding costs ${expandCost(s.board, PLAYER)} Food; you have ${k.food}.`, 'expandCost', { cost: amountPhrase('food', expandCost(s.board, PLAYER)), has: k.food });
      }
      return why(`You can expand only where you have exactly one meeple and there is room, not in ${name(m.region)}.`, 'expandWhere', { region: name(m.region) });
    case 'trade':
      return m.from === m.to
        ? why('Trade one resource for another.', 'tradeSame')
        : why(
            `You can trade at most ${tradeLimit(k, m.from, m.to)} ${m.from} for ${m.to} (you have ${k[m.from]}, and ${m.to} stops at 9).`,
            'tradeLimit',
            { limit: tradeLimit(k, m.from, m.to), from: phrase(`errors.resourceWord.${m.from}`), to: phrase(`errors.resourceWord.${m.to}`), has: k[m.from] },
          );
    case 'patrol':
    case 'quest': {
      const from = findRegion(s.board, m.from);
      const to = findRegion(s.board, m.to);
      if (!from) return why(`There is no region "${m.from}" on the map.`, 'noRegion', { region: m.from });
      if (!to) return why(`There is no region "${m.to}" on the map.`, 'noRegion', { region: m.to });
      if ((s.board.occupants[m.from]?.[PLAYER] ?? 0) === 0) return why(`You have no meeple in ${from.region.name}.`, 'noMeeple', { region: from.region.name });
      if (m.type === 'patrol' && !(from.territory.adjacency[m.from] ?? []).includes(m.to)) {
        return why(`${to.region.name} does not border ${from.region.name}.`, 'notNeighbour', { to: to.region.name, from: from.region.name });
      }
      if (m.type === 'quest' && (!from.region.border || !to.region.border || from.slot === to.slot)) {
        return why('A quest goes from a border region to a border region of the other card.', 'questBorders');
      }
      const there = s.board.occupants[m.to] ?? [];
      if ((there[0] ?? 0) + (there[1] ?? 0) >= VALUES.regionCapacity) return why(`${to.region.name} is full (2 pieces).`, 'full', { region: to.region.name });
      if ((there[ENEMY] ?? 0) > 0 && !m.war) {
        return why(`${to.region.name} holds an Enemy cube: entering means war, so commit Mana and Ore (such as war 2 mana 1 ore).`, 'warNeeded', { region: to.region.name });
      }
      if ((there[ENEMY] ?? 0) === 0 && m.war) return why(`There is no Enemy in ${to.region.name}: no war to commit to.`, 'noWar', { region: to.region.name });
      if (m.war) {
        return why(`You can commit 1 to 11, paid with Mana (2 each) and Ore (1 each) that you have (${k.mana} Mana, ${k.ore} Ore).`, 'commitRange', {
          mana: amountPhrase('mana', k.mana),
          ore: amountPhrase('ore', k.ore),
        });
      }
      return why('That move is not possible now.', 'notNow');
    }
    case 'collect':
      return ruinsHeld(s.board, PLAYER) > 0
        ? why('You hold Ruins: say which resource they give, such as collect ruins mana.', 'ruinsChoice')
        : why('You hold no Ruins: just collect.', 'noRuins');
    default:
      return why('That move is not possible now.', 'notNow');
  }
}

/** A move is legal exactly when it is listed; the error says why not. */
export function checkMove(s: SiegeState, seat: Seat, move: unknown): Result<SiegeMove> {
  if (s.phase === 'over') return err('game-over', 'The siege is over.', phrase('errors.over'));
  if (seat !== PLAYER) return err('not-your-turn', 'Siege Mode has one player; the Enemy acts by its own rules.', phrase('errors.notYourTurn'));
  const read = readMove(move);
  if (!read.ok) return read;
  const key = moveKey(read.value);
  if (legalMoves(s, seat).some((m) => moveKey(m) === key)) return read;
  const refused = reason(s, read.value);
  return err('illegal-move', refused.text, refused.phrase);
}
