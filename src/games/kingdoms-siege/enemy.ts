// The Enemy's turn: a d6 on the action card (re-rolling actions already taken), its own version of
// the action, and the population it loses when it cannot pay an upkeep.
import { draw, type GameEvent, type Phrase, type PhraseValue } from '../../engine/index.js';
import {
  ACTION_NAME,
  actionTerm,
  amountPhrase,
  commaList,
  kingdomsPhrase,
  phrase,
  resourcesPhrase,
  actionNumbered,
  build,
  buildCost,
  canBuild,
  collectGains,
  distancesFrom,
  findRegion,
  gain,
  homeRegion,
  occupiedBy,
  onMap,
  placeShield,
  RESOURCE_NAME,
  resourcesText,
  territory,
  YIELD,
  type Action,
  type Region,
  type Resource,
} from '../kingdoms-base/index.js';
import { ENEMY, PLAYER, type SiegeState } from './types.js';

/** When balance cannot decide, Ore goes before Mana, and Mana before Food. */
const LOSS_ORDER: Resource[] = ['ore', 'mana', 'food'];

/**
 * The regions whose cubes the Enemy loses, one cube at a time: each time from the resource it
 * gathers from the most regions (ties: Ore, Mana, Food), within it the region farthest from its
 * home region (ties: the higher region number). Its Capital City, which gathers nothing, goes last.
 */
export function populationLoss(s: SiegeState, cubes: number): string[] {
  const enemyCard = territory(s.board.cards[1]!.id, s.board.cards[1]!.side);
  const dist = distancesFrom(enemyCard, homeRegion(enemyCard).id);
  let held: Region[] = occupiedBy(s.board, ENEMY);
  const lost: string[] = [];
  for (let i = 0; i < cubes && held.length > 0; i++) {
    const count = (r: Resource) => held.filter((h) => YIELD[h.type] === r).length;
    const resource = LOSS_ORDER.reduce<Resource | null>((best, r) => (count(r) > 0 && (best === null || count(r) > count(best)) ? r : best), null);
    const pool = resource ? held.filter((h) => YIELD[h.type] === resource) : held;
    const pick = pool.reduce((a, b) => ((dist[b.id] ?? 0) > (dist[a.id] ?? 0) || ((dist[b.id] ?? 0) === (dist[a.id] ?? 0) && b.number > a.number) ? b : a));
    lost.push(pick.id);
    held = held.filter((h) => h.id !== pick.id);
  }
  return lost;
}

/** Removes the Enemy's cubes for an unpaid upkeep (of its Research or its Expand) and reports it. */
export function losePopulation(s: SiegeState, cubes: number, upkeep: 'research' | 'expand', events: GameEvent[]): void {
  const regions = populationLoss(s, cubes);
  for (const id of regions) s.board.occupants[id]![ENEMY] = 0;
  const names = regions.map((id) => findRegion(s.board, id)!.region.name);
  const left = onMap(s.board, ENEMY);
  const why = upkeep === 'research' ? 'its Research' : 'its Expand';
  events.push({
    type: 'population-lost',
    text: `Short of ${cubes} for ${why}, the Enemy loses ${regions.length} ${regions.length === 1 ? 'cube' : 'cubes'}: ${names.join(', ') || 'none left'}. ${left} ${left === 1 ? 'cube remains' : 'cubes remain'}.`,
    phrase: phrase(`events.populationLost.${upkeep}`, {
      shortfall: cubes,
      lost: kingdomsPhrase('terms.cubes', { count: regions.length }),
      regions: names.length ? commaList(names) : phrase('events.populationLost.noneLeft'),
      left: phrase('events.populationLost.left', { count: left }),
    }),
    regions,
    shortfall: cubes,
    revealed: true,
  });
}

/** The Enemy rolls for its action, takes it its own way, and the player is asked to follow. */
export function enemyTurn(s: SiegeState, events: GameEvent[]): void {
  const [rolls, rng] = draw(s.rng, (r) => {
    const out: number[] = [];
    for (;;) {
      const roll = r.die(6);
      out.push(roll);
      if (s.card[actionNumbered(roll)] === null) return out;
    }
  });
  s.rng = rng;
  const roll = rolls[rolls.length - 1]!;
  const action = actionNumbered(roll);
  s.card = placeShield(s.card, action, ENEMY);
  const rerolled = rolls.slice(0, -1).map((r) => `${r} (${ACTION_NAME[actionNumbered(r)]}, taken)`);
  const head = `The Enemy rolls ${rerolled.length ? `${rerolled.join(', then ')}, then ` : ''}${roll}: ${ACTION_NAME[action]}.`;
  // "1 (Patrol, taken), then 3 (Build, taken), then 2", built from the last roll backwards.
  const rollsSaid = rolls
    .slice(0, -1)
    .reduceRight<PhraseValue>((rest, r) => phrase('events.enemyRolls.then', { taken: phrase('events.enemyRolls.taken', { roll: r, action: actionTerm(actionNumbered(r)) }), rest }), roll);
  const headPhrase = phrase('events.enemyRolls.head', { rolls: rollsSaid, action: actionTerm(action) });
  const told = (text: string, effect: Phrase) => ({ text: `${head} ${text}`, phrase: kingdomsPhrase('terms.sentences', { first: headPhrase, next: effect }) });
  const base = { type: 'enemy-action', action, roll, rolls, revealed: true };
  const k = s.kingdoms[ENEMY];
  switch (action) {
    case 'patrol':
    case 'quest':
    case 'trade': {
      const gains = collectGains(s.board, ENEMY);
      const { kingdom, lost } = gain(k, gains);
      s.kingdoms[ENEMY] = kingdom;
      const over = lost.food + lost.mana + lost.ore > 0;
      const capped = over ? ` (${resourcesText(lost)} lost at the cap of 9)` : '';
      const effect = over
        ? phrase('events.enemy.collectCapped', { gains: resourcesPhrase(gains), lost: resourcesPhrase(lost) })
        : phrase('events.enemy.collect', { gains: resourcesPhrase(gains) });
      events.push({ ...base, effect: 'collect', gained: gains, ...told(`It collects ${resourcesText(gains)}${capped}.`, effect) });
      break;
    }
    case 'research': {
      const cost = s.kingdoms[PLAYER].magic;
      const paid = Math.min(cost, k.mana);
      s.kingdoms[ENEMY] = { ...k, mana: k.mana - paid };
      const what = cost === 0 ? 'It burns no Mana: your magic level is 0.' : `It burns ${paid} Mana for your magic level ${cost}.`;
      const effect = cost === 0 ? phrase('events.enemy.burnNone') : phrase('events.enemy.burn', { paid: amountPhrase('mana', paid), level: cost });
      events.push({ ...base, effect: 'burn', cost, paid, ...told(what, effect) });
      if (paid < cost) losePopulation(s, cost - paid, 'research', events);
      break;
    }
    case 'expand': {
      const cost = onMap(s.board, ENEMY);
      const paid = Math.min(cost, k.food);
      s.kingdoms[ENEMY] = { ...k, food: k.food - paid };
      const effect = phrase('events.enemy.feed', { count: cost, paid: amountPhrase('food', paid) });
      events.push({ ...base, effect: 'feed', cost, paid, ...told(`It feeds its ${cost} ${cost === 1 ? 'cube' : 'cubes'} with ${paid} Food.`, effect) });
      if (paid < cost) losePopulation(s, cost - paid, 'expand', events);
      break;
    }
    case 'build': {
      const cost = buildCost(k);
      if (canBuild(k)) {
        s.kingdoms[ENEMY] = build(k);
        const effect = phrase('events.enemy.build', { level: k.tower + 1, cost: amountPhrase('ore', cost!) });
        events.push({ ...base, effect: 'build', cost, ...told(`It builds its tower to level ${k.tower + 1} for ${cost} Ore.`, effect) });
      } else {
        const why = cost === null ? 'its tower is complete' : `level ${cost} needs ${cost} Ore and it has ${k.ore}`;
        const effect =
          cost === null
            ? phrase('events.enemy.cannotBuildComplete')
            : phrase('events.enemy.cannotBuild', { level: cost, cost: amountPhrase('ore', cost), has: k.ore });
        events.push({ ...base, effect: 'none', cost, ...told(`It cannot build (${why}), so it does nothing.`, effect) });
      }
      break;
    }
  }
  s.phase = 'follow';
  s.follow = action;
}

export { RESOURCE_NAME };
