// What each order lets which units do: the defender's legal actions, card by card.
import { castleCard, distance, isTower, parseCell, towerWalls } from './geometry.js';
import { cardOf, defendersAt, enemiesAt, enemyCard, exhausted, hasRoom, reach, strength } from './units.js';
import {
  COURTYARD,
  DEFENDER,
  ORDER,
  keyOf,
  type Caster,
  type Defender,
  type Enemy,
  type OrderEffect,
  type OrderInProgress,
  type TwoDeckSiegeMove,
  type TwoDeckSiegeState,
} from './types.js';

/** Units alike in every respect that matters are one choice: the first of them stands for all. */
export function representatives(s: TwoDeckSiegeState, list: Defender[], order: OrderInProgress | null): Defender[] {
  // Compared field by field with the few kept so far: the legal moves ask this for every unit at
  // every step, and a key string built per unit was the costliest part of listing them.
  const kept: Defender[] = [];
  const keptActed: boolean[] = [];
  const keptInOrder: boolean[] = [];
  for (const d of list) {
    const acted = s.acted.includes(d.id);
    const inOrder = order?.acted.includes(d.id) ?? false;
    let alike = false;
    for (let i = 0; i < kept.length && !alike; i++) {
      const r = kept[i]!;
      alike = r.key === d.key && r.at === d.at && r.wounds === d.wounds && r.tired === d.tired && keptActed[i] === acted && keptInOrder[i] === inOrder;
    }
    if (alike) continue;
    kept.push(d);
    keptActed.push(acted);
    keptInOrder.push(inOrder);
  }
  return kept;
}

export function enemyRepresentatives(list: Enemy[]): Enemy[] {
  const seen = new Set<string>();
  return list.filter((e) => {
    const k = `${e.key}/${e.at}/${e.wounds}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** The rep standing for a unit id, so that any of several identical units may be named. */
export function repOf(s: TwoDeckSiegeState, id: string): string {
  const d = s.defenders.find((x) => x.id === id);
  if (!d) return id;
  return representatives(s, s.defenders, s.order).find((r) => sameUnit(s, r, d))?.id ?? id;
}
function sameUnit(s: TwoDeckSiegeState, a: Defender, b: Defender): boolean {
  const acted = (d: Defender) => `${s.acted.includes(d.id)}/${s.order?.acted.includes(d.id) ?? false}`;
  return a.key === b.key && a.at === b.at && a.wounds === b.wounds && a.tired === b.tired && acted(a) === acted(b);
}
export function enemyRepOf(s: TwoDeckSiegeState, id: string): string {
  const e = s.enemies.find((x) => x.id === id);
  if (!e) return id;
  return s.enemies.find((x) => x.key === e.key && x.at === e.at && x.wounds === e.wounds)?.id ?? id;
}

export const enemyInCourtyard = (s: TwoDeckSiegeState) => enemiesAt(s, COURTYARD).length > 0;

/** Enemies a unit could attack now: in sight, within its reach, in band `band` if the order says so. */
export function attackTargets(s: TwoDeckSiegeState, d: Defender, band?: number): Enemy[] {
  if (cardOf(d).swords === 0 || exhausted(d)) return [];
  return enemyRepresentatives(
    s.enemies.filter((e) => {
      const dist = distance(s.layout, d.at, e.at);
      if (dist === null || dist > reach(d)) return false;
      return band === undefined || parseCell(e.at)?.band === band;
    }),
  );
}

/** Nobody repairs with an enemy next to them: at band 1 before their wall, or in the courtyard. */
export function enemyAdjacent(s: TwoDeckSiegeState, d: Defender): boolean {
  if (enemyInCourtyard(s)) return true;
  return !isTower(d.at) && d.at !== COURTYARD && enemiesAt(s, `${d.at}-1`).length > 0;
}

/** What a unit may repair: its own wall or tower (a tower also its two walls), from the courtyard any. */
export function repairTargets(s: TwoDeckSiegeState, d: Defender): string[] {
  if (exhausted(d) || enemyAdjacent(s, d)) return [];
  const damaged = (id: string) => {
    const c = castleCard(s, id);
    return !!c && !c.destroyed && c.damage > 0;
  };
  if (d.at === COURTYARD) return s.castle.filter((c) => damaged(c.id)).map((c) => c.id);
  const own = [d.at, ...(isTower(d.at) ? towerWalls(s.layout, d.at) : [])];
  return own.filter(damaged);
}

/** One point, and one more for a unit with the stone icon mending the card it stands on. */
export const repairPoints = (d: Defender, target: string): number => 1 + (cardOf(d).repair && d.at === target ? 1 : 0);

export function moveDestinations(s: TwoDeckSiegeState, d: Defender): string[] {
  if (exhausted(d)) return [];
  const places = [...s.castle.filter((c) => !c.destroyed).map((c) => c.id), COURTYARD];
  return places.filter((p) => p !== d.at && hasRoom(s, p));
}

/** The effect a card has when played in `mode`: its own, or a generic attack or move. */
export function effectOf(order: OrderInProgress): OrderEffect {
  if (order.mode === 'attack') return { kind: 'attack', units: 2, who: 'any', bonus: 0 };
  if (order.mode === 'move') return { kind: 'move', units: 2 };
  return ORDER[order.card]!.effect;
}

export const casterOf = (s: TwoDeckSiegeState, caster: Caster): Defender | null =>
  s.defenders.find((d) => DEFENDER[d.key]?.caster === caster) ?? null;

function who(d: Defender, w: string): boolean {
  switch (w) {
    case 'ranged':
      return cardOf(d).range >= 2;
    case 'melee':
      return cardOf(d).range === 1;
    case 'courtyard':
      return d.at === COURTYARD;
    case 'group':
      return d.at !== COURTYARD;
    default:
      return true;
  }
}

/** The units that may still act under the order, before their targets are looked at. */
function actors(s: TwoDeckSiegeState, o: OrderInProgress, fx: OrderEffect): Defender[] {
  if (fx.kind === 'spell' || fx.kind === 'summon') return [];
  if (o.acted.length >= fx.units) return [];
  let list = s.defenders.filter((d) => !o.acted.includes(d.id));
  if (o.mode !== 'order') {
    // Generic: one or two units on one wall or tower, or one unit in the courtyard.
    if (o.group === COURTYARD) return [];
    if (o.group) list = list.filter((d) => d.at === o.group);
  } else if (fx.kind === 'attack') {
    list = list.filter((d) => who(d, fx.who));
    if (fx.who === 'group' && o.group) list = list.filter((d) => d.at === o.group);
  }
  return representatives(s, list, o);
}

/** Every action the order in progress still allows, without `done`; the first `limit` of them. */
export function orderActions(s: TwoDeckSiegeState, o: OrderInProgress, limit = Infinity): TwoDeckSiegeMove[] {
  const fx = effectOf(o);
  const out: TwoDeckSiegeMove[] = [];
  if (fx.kind === 'spell') {
    const wizard = casterOf(s, 'wizard');
    if (wizard && !exhausted(wizard) && !o.cast.includes('wizard')) {
      for (const target of spellTargets(s, fx.wizard.spell)) out.push({ type: 'cast', caster: 'wizard', spell: fx.wizard.spell, target });
    }
    const priest = casterOf(s, 'priest');
    if (priest && !exhausted(priest) && !o.cast.includes('priest')) {
      for (const target of spellTargets(s, fx.priest.spell)) out.push({ type: 'cast', caster: 'priest', spell: fx.priest.spell, target });
    }
    return out;
  }
  for (const d of actors(s, o, fx)) {
    if (out.length >= limit) break;
    switch (fx.kind) {
      case 'attack': {
        for (const e of attackTargets(s, d, fx.band)) out.push({ type: 'act', unit: d.id, do: 'attack', target: e.id });
        if (cardOf(d).repair) for (const w of repairTargets(s, d)) out.push({ type: 'act', unit: d.id, do: 'repair', target: w });
        break;
      }
      case 'move': {
        const dests = moveDestinations(s, d).filter((p) => o.mode !== 'move' || !o.dest || p === o.dest);
        for (const p of dests) out.push({ type: 'act', unit: d.id, do: 'move', target: p });
        break;
      }
      case 'repair':
        for (const w of repairTargets(s, d)) out.push({ type: 'act', unit: d.id, do: 'repair', target: w });
        break;
      case 'rest':
        if (d.tired > 0 && !enemyInCourtyard(s)) out.push({ type: 'act', unit: d.id, do: 'rest', target: d.at });
        break;
    }
  }
  return out;
}

export function spellTargets(s: TwoDeckSiegeState, spell: string): string[] {
  switch (spell) {
    case 'fireball':
      return [...new Set(s.enemies.map((e) => e.at))];
    case 'lightning':
      return enemyRepresentatives(s.enemies).map((e) => e.id);
    case 'mend':
      return s.castle.filter((c) => c.destroyed || c.damage > 0).map((c) => c.id);
    case 'heal':
      return representatives(s, s.defenders.filter((d) => d.wounds > 0), s.order).map((d) => d.id);
    case 'refresh':
      return [...new Set(s.defenders.filter((d) => d.tired > 0).map((d) => d.at))];
    case 'revive':
      return [...new Set(s.fallen.map(keyOf))];
    default:
      return [];
  }
}

/** The hit an attack would make: strength against shields, one wound when it is higher. */
export function attackPreview(s: TwoDeckSiegeState, d: Defender, e: Enemy, bonus: number) {
  const str = strength(d, bonus);
  const shields = enemyCard(e).shields;
  return { strength: str, shields, hit: str > shields, distance: distance(s.layout, d.at, e.at) ?? 0 };
}

/** The sword bonus of the order in progress. */
export const orderBonus = (o: OrderInProgress | null): number => {
  if (!o) return 0;
  const fx = effectOf(o);
  return fx.kind === 'attack' ? fx.bonus : 0;
};

export const groupOf = (s: TwoDeckSiegeState, place: string) => defendersAt(s, place);
