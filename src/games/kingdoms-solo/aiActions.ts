// The AI kingdom's side of a turn: the action it takes by its rules or the collecting it falls back
// on, and the upkeep after every step (the Home Space refill, alliances ended, objectives reached).
import type { Phrase } from '../../engine/index.js';
import {
  addMeeples,
  amountPhrase,
  build,
  buildCost,
  canBuild,
  canResearch,
  collectGains,
  countIn,
  expand,
  expandCost,
  findRegion,
  gain,
  hasRoom,
  moveMeeple,
  onMap,
  phrase,
  research,
  researchCost,
  resourcesPhrase,
  resourcesText,
  VALUES,
  type Action,
  type Resources,
} from '../kingdoms-base/index.js';
import { aiExpand, aiHome, aiPatrol, aiQuest, said, type Said } from './ai.js';
import { adjustments, AI, PLAYER, SOLO, type Ctx } from './types.js';

const regionName = (s: Ctx['s'], id: string): string => findRegion(s.board, id)?.region.name ?? id;

/** The Home Space keeps two AI meeples while the reserve lasts; alliances end where a side left. */
export function settle(c: Ctx): void {
  const s = c.s;
  s.alliances = s.alliances.filter((r) => countIn(s.board, r, PLAYER) > 0 && countIn(s.board, r, AI) > 0);
  const home = aiHome(s).id;
  while (
    countIn(s.board, home, AI) < SOLO.homeMeeples &&
    s.kingdoms[AI].meeplesInSupply > 0 &&
    countIn(s.board, home, PLAYER) === 0 &&
    hasRoom(s.board, home)
  ) {
    s.board = addMeeples(s.board, home, AI, 1);
    s.kingdoms[AI] = { ...s.kingdoms[AI], meeplesInSupply: s.kingdoms[AI].meeplesInSupply - 1 };
    c.events.push({
      type: 'enemy-action',
      action: 'refill',
      to: home,
      rule: 'home.refill',
      why: 'its Home Space always keeps two meeples while it has reserves, free of cost',
      revealed: true,
      text: `A new AI meeple appears in ${regionName(s, home)}, its Home Space (free: it always keeps two there while it has reserves).`,
      phrase: phrase('events.ai.refill', { region: regionName(s, home) }),
    });
  }
  const k = s.kingdoms[AI];
  const reached = s.aiReached;
  s.aiReached = {
    meeples: reached.meeples || onMap(s.board, AI) >= VALUES.meeples,
    tower: reached.tower || k.tower >= VALUES.towerMax,
    magic: reached.magic || k.magic >= VALUES.magicMax,
  };
}

/** The AI takes `action` by its rules, or collects. True when it starts a war. */
export function aiDoes(c: Ctx, action: Action, ownTurn: boolean): boolean {
  const s = c.s;
  const k = s.kingdoms[AI];
  const event = (fields: Record<string, unknown>, text: string, told: Phrase) => c.events.push({ type: 'enemy-action', ...fields, revealed: true, text, phrase: told });
  switch (action) {
    case 'patrol':
    case 'quest': {
      const pick = action === 'patrol' ? aiPatrol(s) : aiQuest(s);
      if (!pick.ok) return aiCollects(c, ownTurn, said(`it cannot ${action}: ${pick.why}`, `ai.cannot.${action}`, { why: pick.whyPhrase }), `${action}.none`);
      const { from, to, rule, why, whyPhrase } = pick.value;
      const war = countIn(s.board, to, PLAYER) > 0;
      s.board = moveMeeple(s.board, AI, from, to);
      const verb = action === 'patrol' ? 'patrols' : 'quests';
      const told = phrase(`events.ai.${action}${war ? 'War' : ''}`, { from: regionName(s, from), to: regionName(s, to), why: whyPhrase });
      event({ action, from, to, rule, why }, `AI ${verb} from ${regionName(s, from)} to ${regionName(s, to)}${war ? ': war!' : '.'} Why: ${why}.`, told);
      if (war) s.wars.push({ region: to, attacker: 'ai', defender: 'player', cause: action });
      settle(c);
      return war;
    }
    case 'build': {
      if (!canBuild(k)) {
        const cost = buildCost(k);
        const why =
          cost === null
            ? said('its tower is complete', 'ai.cannot.buildComplete')
            : said(`it has ${k.ore} Ore and tower level ${k.tower + 1} costs ${cost}`, 'ai.cannot.build', { has: amountPhrase('ore', k.ore), level: k.tower + 1, cost });
        return aiCollects(c, ownTurn, why, 'build.none');
      }
      const cost = buildCost(k)!;
      s.kingdoms[AI] = build(k);
      const told = phrase('events.ai.build', { level: k.tower + 1, cost: amountPhrase('ore', cost) });
      event({ action, rule: 'build.has-ore', why: `it has the ${cost} Ore needed` }, `AI builds tower level ${k.tower + 1} for ${cost} Ore (it has the Ore needed).`, told);
      settle(c);
      return false;
    }
    case 'research': {
      if (!canResearch(k)) {
        const cost = researchCost(k);
        const why =
          cost === null
            ? said('its research track is complete', 'ai.cannot.researchComplete')
            : said(`it has ${k.mana} Mana and magic level ${k.magic + 1} costs ${cost}`, 'ai.cannot.research', { has: amountPhrase('mana', k.mana), level: k.magic + 1, cost });
        return aiCollects(c, ownTurn, why, 'research.none');
      }
      const cost = researchCost(k)!;
      s.kingdoms[AI] = research(k);
      const told = phrase('events.ai.research', { level: k.magic + 1, cost: amountPhrase('mana', cost) });
      event({ action, rule: 'research.has-mana', why: `it has the ${cost} Mana needed` }, `AI researches magic level ${k.magic + 1} for ${cost} Mana (it has the Mana needed).`, told);
      settle(c);
      return false;
    }
    case 'expand': {
      const pick = aiExpand(s);
      if (!pick.ok) return aiCollects(c, ownTurn, said(`it cannot expand: ${pick.why}`, 'ai.cannot.expand', { why: pick.whyPhrase }), 'expand.none');
      const cost = expandCost(s.board, AI);
      const r = expand(s.board, AI, k, pick.value.region);
      s.board = r.board;
      s.kingdoms[AI] = r.kingdom;
      event(
        { action, to: pick.value.region, rule: pick.value.rule, why: pick.value.why },
        `AI expands into ${regionName(s, pick.value.region)} for ${cost} Food. Why: ${pick.value.why}.`,
        phrase('events.ai.expand', { region: regionName(s, pick.value.region), cost: amountPhrase('food', cost), why: pick.value.whyPhrase }),
      );
      settle(c);
      return false;
    }
    case 'trade':
      return aiCollects(c, ownTurn, said('it never trades', 'ai.cannot.trade'), 'trade.never');
  }
}

/** The AI collects instead of an action it cannot take. Easier: nothing on its own turn. */
function aiCollects(c: Ctx, ownTurn: boolean, reason: Said, rule: string): false {
  const why = reason.text;
  const s = c.s;
  const adj = adjustments(s.difficulty);
  if (ownTurn && adj.noGainOnFailedAction) {
    c.events.push({
      type: 'enemy-action',
      action: 'collect',
      gains: { food: 0, mana: 0, ore: 0 },
      rule,
      why: `${why}; easier: it gains nothing when it cannot take its action`,
      revealed: true,
      text: `AI gains nothing: ${why} (easier game).`,
      phrase: phrase('events.ai.gainsNothing', { why: reason.phrase }),
    });
    return false;
  }
  const gains: Resources = collectGains(s.board, AI, 'food');
  if (adj.gainOneEach) for (const r of ['food', 'mana', 'ore'] as const) gains[r] = Math.min(1, gains[r]);
  s.kingdoms[AI] = gain(s.kingdoms[AI], gains).kingdom;
  c.events.push({
    type: 'enemy-action',
    action: 'collect',
    gains,
    rule,
    why,
    revealed: true,
    text: `AI collects ${resourcesText(gains)}: ${why}.`,
    phrase: phrase('events.ai.collects', { gains: resourcesPhrase(gains), why: reason.phrase }),
  });
  return false;
}
