// Dice Realms for the AI: the rules again, but as exact probability distributions over the dice
// instead of one roll, and the judgment of a position (shared/games/dice-realms.md).
//
// A position here is any object with the fields of the game state the rules read (`Pos`), so the
// real state is one, and the outcomes of a move are light copies that share what did not change.
import type { Seat } from '../../../engine/contract.js';
import {
  attackCost as rulesAttackCost,
  initiative as rulesInitiative,
  MAX as RULES_MAX,
  TERRITORIES as RULES_TERRITORIES,
  TRAIN_COST as RULES_TRAIN_COST,
  UNITS as RULES_UNITS,
  YIELD as RULES_YIELD,
  type DiceRealmsMove,
  type PendingAttack,
  type Phase,
  type Realm,
  type Territory,
  type UnitKind,
  type Variant,
} from '../../../games/dice-realms/index.js';

// The rules' tables and helpers, held here: the test runner (vitest) reads an imported binding
// through a getter at every use, and the judgment reads these in its innermost loops millions of
// times a game (a seventh of the AI tests' search time went to those getters). The bot itself
// runs native ES modules, where this changes nothing.
const attackCost = rulesAttackCost;
const initiative = rulesInitiative;
const MAX = RULES_MAX;
const TERRITORIES = RULES_TERRITORIES;
const TRAIN_COST = RULES_TRAIN_COST;
const UNITS = RULES_UNITS;
const YIELD = RULES_YIELD;

/** The parts of the game state that the rules and the judgment read. */
export interface Pos {
  variant: Variant;
  realms: [Realm, Realm];
  active: Seat;
  phase: Phase;
  attacked: UnitKind[];
  trained: UnitKind[];
  pending: PendingAttack | null;
  winner: Seat | null;
}

/** A distribution: outcomes with their probabilities, which sum to 1. */
export type Dist<T> = { p: number; v: T }[];

const foeOf = (seat: Seat): Seat => (seat === 0 ? 1 : 0);

/** The realm of a seat. */
export const realmOf = (s: Pos, seat: Seat): Realm => s.realms[seat === 0 ? 0 : 1];

// ---- Strikes ----------------------------------------------------------------------------------

/** Damage a unit at `value` deals to a unit: the roll capped at its value (classic), or the full roll (fast). */
function unitStrike(variant: Variant, unit: UnitKind, value: number): Dist<number> {
  const sides = MAX[unit];
  if (variant === 'classic' && value === 1) return [{ p: 1, v: 1 }];
  const counts = new Map<number, number>();
  for (let face = 1; face <= sides; face++) {
    const d = variant === 'fast' ? face : Math.min(face, value);
    counts.set(d, (counts.get(d) ?? 0) + 1);
  }
  return [...counts].map(([v, n]) => ({ p: n / sides, v }));
}

/** An attacker's strike on a territory: [damage to a defending unit, damage to the territory]. */
function landStrike(variant: Variant, unit: UnitKind, value: number): Dist<[number, number]> {
  const sides = MAX[unit];
  const fast = variant === 'fast';
  if (unit !== 'siege' && !fast && value === 1) return [{ p: 1, v: [1, 1] }];
  const out: Dist<[number, number]> = [];
  for (let face = 1; face <= sides; face++) {
    const toUnit = fast ? face : Math.min(face, value);
    const toLand = unit === 'siege' ? (fast ? face + 1 : face) : toUnit;
    out.push({ p: 1 / sides, v: [toUnit, toLand] });
  }
  return out;
}

const strikeCache = new Map<string, Dist<number>>();
const landCache = new Map<string, Dist<[number, number]>>();

export function unitStrikeOf(variant: Variant, unit: UnitKind, value: number): Dist<number> {
  const key = `${variant}${unit}${value}`;
  let d = strikeCache.get(key);
  if (!d) strikeCache.set(key, (d = unitStrike(variant, unit, value)));
  return d;
}

export function landStrikeOf(variant: Variant, unit: UnitKind, value: number): Dist<[number, number]> {
  const key = `${variant}${unit}${value}`;
  let d = landCache.get(key);
  if (!d) landCache.set(key, (d = landStrike(variant, unit, value)));
  return d;
}

/** Expected damage to a territory from one attack by `unit` at `value`. */
export function landDamage(variant: Variant, unit: UnitKind, value: number): number {
  if (value <= 0) return 0;
  let e = 0;
  for (const o of landStrikeOf(variant, unit, value)) e += o.p * o.v[1];
  return e;
}

// ---- The turn's flow --------------------------------------------------------------------------

export function canAttack(s: Pos): boolean {
  const me = realmOf(s, s.active);
  const foe = realmOf(s, foeOf(s.active));
  const foeUnits = UNITS.some((u) => foe[u] > 0);
  for (const u of UNITS) {
    if (me[u] === 0 || s.attacked.includes(u)) continue;
    if (foeUnits && me.food >= 1) return true;
    for (const t of TERRITORIES) if (foe[t] > 0 && me.food >= attackCost(u, t)) return true;
  }
  return false;
}

function canRepair(s: Pos): boolean {
  const me = realmOf(s, s.active);
  return me.population >= 2 && TERRITORIES.some((t) => me[t] < MAX[t]);
}

function canTrain(s: Pos): boolean {
  const me = realmOf(s, s.active);
  return UNITS.some((u) => !s.trained.includes(u) && me[u] < MAX[u] && me.military >= TRAIN_COST[u]);
}

function endTurn(s: Pos): void {
  s.active = foeOf(s.active);
  s.phase = 'gather';
  s.attacked = [];
  s.trained = [];
  s.pending = null;
}

/** A realm's copy, field by field in the rules' order (a spread of the object took twice as long); `felled` is shared until it changes. */
const copyRealm = (r: Realm): Realm => ({
  food: r.food,
  population: r.population,
  military: r.military,
  farms: r.farms,
  city: r.city,
  keep: r.keep,
  infantry: r.infantry,
  ranged: r.ranged,
  cavalry: r.cavalry,
  siege: r.siege,
  felled: r.felled,
});

/** A light copy: the realms are copied, lists are shared until they change. */
function copy(s: Pos): Pos {
  return {
    variant: s.variant,
    realms: [copyRealm(s.realms[0]), copyRealm(s.realms[1])],
    active: s.active,
    phase: s.phase,
    attacked: s.attacked,
    trained: s.trained,
    pending: s.pending,
    winner: s.winner,
  };
}

function afterAttack(s: Pos): void {
  s.phase = 'attack';
  s.pending = null;
  if (!canAttack(s)) endTurn(s);
}

// ---- Outcomes of a move -----------------------------------------------------------------------

/** The outcomes of an attack on a territory once the defender is known. */
export function resolveLand(s: Pos, unit: UnitKind, target: Territory, defender: UnitKind | null): Dist<Pos> {
  const a = s.active;
  const d = foeOf(a);
  const va = realmOf(s, a)[unit];
  const land = landStrikeOf(s.variant, unit, va);
  const counter = defender ? unitStrikeOf(s.variant, defender, realmOf(s, d)[defender]) : [{ p: 1, v: 0 }];
  const out: Dist<Pos> = [];
  const seen = new Map<string, number>();
  for (const sa of land) {
    for (const sd of counter) {
      const p = sa.p * sd.p;
      const tLeft = Math.max(0, realmOf(s, d)[target] - sa.v[1]);
      const dLeft = defender ? Math.max(0, realmOf(s, d)[defender] - sa.v[0]) : 0;
      const aLeft = Math.max(0, va - sd.v);
      const key = `${tLeft},${dLeft},${aLeft}`;
      const at = seen.get(key);
      if (at !== undefined) {
        out[at]!.p += p;
        continue;
      }
      const n = copy(s);
      realmOf(n, d)[target] = tLeft;
      if (defender) realmOf(n, d)[defender] = dLeft;
      realmOf(n, a)[unit] = aLeft;
      if (target === 'keep' && tLeft === 0) {
        n.winner = a;
        n.phase = 'over';
        n.pending = null;
      } else {
        afterAttack(n);
      }
      seen.set(key, out.length);
      out.push({ p, v: n });
    }
  }
  return out;
}

/** A fight between two units, in initiative order: the values they are left with, as `attacker * 16 + defender`. */
function fight(variant: Variant, unit: UnitKind, va: number, enemy: UnitKind, vd: number): Dist<number> {
  const order = initiative(unit, enemy);
  const acc = new Map<number, number>();
  const add = (aLeft: number, dLeft: number, p: number) => {
    const k = aLeft * 16 + dLeft;
    acc.set(k, (acc.get(k) ?? 0) + p);
  };
  if (order === 'both') {
    for (const sa of unitStrikeOf(variant, unit, va)) {
      for (const sd of unitStrikeOf(variant, enemy, vd)) add(Math.max(0, va - sd.v), Math.max(0, vd - sa.v), sa.p * sd.p);
    }
  } else if (order === 'attacker') {
    for (const sa of unitStrikeOf(variant, unit, va)) {
      const dLeft = Math.max(0, vd - sa.v);
      if (dLeft === 0) add(va, 0, sa.p);
      else for (const sd of unitStrikeOf(variant, enemy, dLeft)) add(Math.max(0, va - sd.v), dLeft, sa.p * sd.p);
    }
  } else {
    for (const sd of unitStrikeOf(variant, enemy, vd)) {
      const aLeft = Math.max(0, va - sd.v);
      if (aLeft === 0) add(0, vd, sd.p);
      else for (const sa of unitStrikeOf(variant, unit, aLeft)) add(aLeft, Math.max(0, vd - sa.v), sd.p * sa.p);
    }
  }
  return [...acc].map(([v, p]) => ({ p, v }));
}

const fightCache = new Map<string, Dist<number>>();

export function fightOf(variant: Variant, unit: UnitKind, va: number, enemy: UnitKind, vd: number): Dist<number> {
  const key = `${variant}${unit}${va}${enemy}${vd}`;
  let d = fightCache.get(key);
  if (!d) fightCache.set(key, (d = fight(variant, unit, va, enemy, vd)));
  return d;
}

/** The outcomes of a fight between the active unit and an enemy unit, in initiative order. */
function resolveArmy(s: Pos, unit: UnitKind, enemy: UnitKind): Dist<Pos> {
  const a = s.active;
  const d = foeOf(a);
  const out: Dist<Pos> = [];
  for (const o of fightOf(s.variant, unit, realmOf(s, a)[unit], enemy, realmOf(s, d)[enemy])) {
    const n = copy(s);
    realmOf(n, a)[unit] = o.v >> 4;
    realmOf(n, d)[enemy] = o.v & 15;
    afterAttack(n);
    out.push({ p: o.p, v: n });
  }
  return out;
}

/**
 * The outcomes of `move` by the seat to act. An attack on a territory stops at the defender's
 * choice (phase `defend`) when the defender has a unit; `defend` then resolves it.
 */
export function outcomes(s: Pos, move: DiceRealmsMove): Dist<Pos> {
  switch (move.type) {
    case 'gather': {
      const me = realmOf(s, s.active);
      const res = YIELD[move.territory];
      const sides = MAX[res];
      const halved = me[move.territory] === 0;
      const out: Dist<Pos> = [];
      const seen = new Map<number, number>();
      for (let face = 1; face <= sides; face++) {
        const after = Math.min(sides, me[res] + (halved ? Math.ceil(face / 2) : face));
        const at = seen.get(after);
        if (at !== undefined) {
          out[at]!.p += 1 / sides;
          continue;
        }
        const n = copy(s);
        realmOf(n, s.active)[res] = after;
        n.phase = 'spend';
        if (!canAttack(n) && !canRepair(n) && !canTrain(n)) endTurn(n);
        seen.set(after, out.length);
        out.push({ p: 1 / sides, v: n });
      }
      return out;
    }
    case 'attack': {
      const n = copy(s);
      realmOf(n, s.active).food -= attackCost(move.unit, move.target);
      n.attacked = [...s.attacked, move.unit];
      if (move.target === 'army') return resolveArmy(n, move.unit, move.enemy);
      const d = foeOf(s.active);
      const foe = realmOf(n, d);
      // The rules ask the defender whenever it has a unit to send.
      if (!UNITS.some((u) => foe[u] > 0)) return resolveLand(n, move.unit, move.target, null);
      n.phase = 'defend';
      n.pending = { unit: move.unit, target: move.target, cost: attackCost(move.unit, move.target) };
      return [{ p: 1, v: n }];
    }
    case 'defend': {
      const p = s.pending;
      if (!p) return [{ p: 1, v: s }];
      return resolveLand(s, p.unit, p.target, move.unit);
    }
    case 'repair': {
      const n = copy(s);
      const me = realmOf(n, s.active);
      me.population -= 2 * move.points;
      me[move.territory] += move.points;
      endTurn(n);
      return [{ p: 1, v: n }];
    }
    case 'train': {
      const n = copy(s);
      const me = realmOf(n, s.active);
      me.military -= TRAIN_COST[move.unit] * move.count;
      me[move.unit] += move.count;
      n.trained = [...s.trained, move.unit];
      n.phase = 'train';
      if (!canTrain(n)) endTurn(n);
      return [{ p: 1, v: n }];
    }
    case 'done': {
      const n = copy(s);
      endTurn(n);
      return [{ p: 1, v: n }];
    }
    default:
      return [{ p: 1, v: s }];
  }
}

// ---- Judgment ---------------------------------------------------------------------------------

/** Weights of the judgment, in Keep health points. */
export interface Weights {
  keep: number;
  farms: number;
  farmsStanding: number;
  city: number;
  cityStanding: number;
  food: number;
  foodIdle: number;
  population: number;
  populationSpare: number;
  military: number;
  unit: Record<UnitKind, number>;
  present: Record<UnitKind, number>;
  /** A Keep that can fall on the enemy's coming attack: this much times the chance. */
  kill: number;
  /** The same when the Keep's owner still has a turn to answer first. */
  killLater: number;
  /** Expected Keep damage the side can deal on its coming attack turn. */
  reach: number;
  /** The attacks the side to act can still make this turn: this much of their best plan's worth. */
  option: number;
  /** The same for the attacks a side can make on its coming turn, after a gather at the Farms. */
  optionNext: number;
  /** Extra worth of each point of damage on the enemy Keep, for the side that judges: a will to attack. */
  aggression: number;
}

export const WEIGHTS: Weights = {
  keep: 1,
  farms: 0.3,
  farmsStanding: 2.5,
  city: 0.2,
  cityStanding: 1.5,
  food: 0.25,
  foodIdle: 0.1,
  population: 0.25,
  populationSpare: 0.05,
  military: 0.3,
  unit: { infantry: 0.45, ranged: 0.5, cavalry: 0.8, siege: 0.9 },
  present: { infantry: 0.2, ranged: 0.2, cavalry: 0.5, siege: 0.5 },
  kill: 12,
  killLater: 6,
  reach: 0,
  option: 0.4,
  optionNext: 0.4,
  aggression: 0,
};

/** The distribution of Keep damage from a set of attacks, summed. */
function sumDist(parts: Dist<number>[]): Dist<number> {
  let acc: Dist<number> = [{ p: 1, v: 0 }];
  for (const part of parts) {
    const m = new Map<number, number>();
    for (const x of acc) for (const y of part) m.set(x.v + y.v, (m.get(x.v + y.v) ?? 0) + x.p * y.p);
    acc = [...m].map(([v, p]) => ({ p, v }));
  }
  return acc;
}

function keepDist(variant: Variant, unit: UnitKind, value: number): Dist<number> {
  return landStrikeOf(variant, unit, value).map((o) => ({ p: o.p, v: o.v[1] }));
}

/**
 * What the attacking realm can do to the enemy Keep on one attack turn, for each Food level
 * 0..8: the chance of felling it and the expected damage, with the best affordable attacks.
 */
function keepThreat(variant: Variant, attacker: Realm, ready: readonly UnitKind[], keep: number): Threat {
  let key = variant === 'fast' ? keep + 100 : keep;
  for (const u of UNITS) key = key * 8 + (ready.includes(u) ? attacker[u] : 0);
  let t = threatCache.get(key);
  if (!t) {
    if (threatCache.size > 100_000) threatCache.clear();
    threatCache.set(key, (t = computeThreat(variant, attacker, ready, keep)));
  }
  return t;
}

type Threat = { kill: number[]; dmg: number[] };
const threatCache = new Map<number, Threat>();

function computeThreat(variant: Variant, attacker: Realm, ready: readonly UnitKind[], keep: number): Threat {
  const units = ready.filter((u) => attacker[u] > 0);
  const kill = new Array<number>(9).fill(0);
  const dmg = new Array<number>(9).fill(0);
  if (units.length === 0) return { kill, dmg };
  // Attack sets of one or two units (three cost at least 11 Food, more than a Farms die holds).
  const sets: UnitKind[][] = [];
  for (let i = 0; i < units.length; i++) {
    sets.push([units[i]!]);
    for (let j = i + 1; j < units.length; j++) sets.push([units[i]!, units[j]!]);
  }
  for (const set of sets) {
    const cost = set.reduce((c, u) => c + attackCost(u, 'keep'), 0);
    if (cost > 8) continue;
    const dist = sumDist(set.map((u) => keepDist(variant, u, attacker[u])));
    let pk = 0;
    let e = 0;
    for (const o of dist) {
      if (o.v >= keep) pk += o.p;
      e += o.p * Math.min(o.v, keep);
    }
    for (let f = cost; f <= 8; f++) {
      if (pk > kill[f]!) kill[f] = pk;
      if (e > dmg[f]!) dmg[f] = e;
    }
  }
  return { kill, dmg };
}

/** Expectation of a per-Food table after a Farms gather. */
function afterFarms(table: number[], realm: Realm): number {
  const halved = realm.farms === 0;
  let e = 0;
  for (let face = 1; face <= 8; face++) e += table[Math.min(8, realm.food + (halved ? Math.ceil(face / 2) : face))]!;
  return e / 8;
}

/** What a unit at `value` is worth to its realm. */
const unitWorth = (w: Weights, unit: UnitKind, value: number) => (value > 0 ? w.unit[unit] * value + w.present[unit] : 0);

// The worth of single fights, by weights: a flat table indexed by the kind of fight, the variant,
// both sides' types and values. NaN marks what is not yet worked out.
const tables = new WeakMap<Weights, Float64Array>();
let lastWeights: Weights | null = null;
let lastTable: Float64Array = new Float64Array(0);
const UNIT_INDEX: Record<UnitKind, number> = { infantry: 0, ranged: 1, cavalry: 2, siege: 3 };
const LAND_INDEX: Record<Territory, number> = { farms: 0, city: 1, keep: 2 };

function tableOf(w: Weights): Float64Array {
  if (w === lastWeights) return lastTable;
  let t = tables.get(w);
  if (!t) tables.set(w, (t = new Float64Array(3 * 2 * 4 * 8 * 4 * 16).fill(NaN)));
  lastWeights = w;
  lastTable = t;
  return t;
}

const slot = (kind: number, variant: Variant, unit: UnitKind, va: number, other: number, vo: number) =>
  ((((kind * 2 + (variant === 'fast' ? 1 : 0)) * 4 + UNIT_INDEX[unit]) * 8 + va) * 4 + other) * 16 + vo;

/** What an attack by `unit` on the enemy `enemy` gains the attacker in unit worth, on average. */
function armyGain(w: Weights, variant: Variant, unit: UnitKind, va: number, enemy: UnitKind, vd: number): number {
  const t = tableOf(w);
  const i = slot(0, variant, unit, va, UNIT_INDEX[enemy], vd);
  let e = t[i]!;
  if (!Number.isNaN(e)) return e;
  e = 0;
  const before = unitWorth(w, enemy, vd) - unitWorth(w, unit, va);
  for (const o of fightOf(variant, unit, va, enemy, vd)) {
    e += o.p * (before - unitWorth(w, enemy, o.v & 15) + unitWorth(w, unit, o.v >> 4));
  }
  t[i] = e;
  return e;
}

/** What defending with `defender` against `unit` gains the defender in unit worth (the territory suffers alike). */
function defenceGain(w: Weights, variant: Variant, unit: UnitKind, va: number, defender: UnitKind, vd: number): number {
  const t = tableOf(w);
  const i = slot(1, variant, unit, va, UNIT_INDEX[defender], vd);
  let e = t[i]!;
  if (!Number.isNaN(e)) return e;
  e = 0;
  for (const sa of landStrikeOf(variant, unit, va)) {
    for (const sd of unitStrikeOf(variant, defender, vd)) {
      const p = sa.p * sd.p;
      e += p * (unitWorth(w, unit, va) - unitWorth(w, unit, Math.max(0, va - sd.v)));
      e -= p * (unitWorth(w, defender, vd) - unitWorth(w, defender, Math.max(0, vd - sa.v[0])));
    }
  }
  t[i] = e;
  return e;
}

/** What an undefended attack on a territory at `health` takes from it, in the judgment's worth. */
function landGain(w: Weights, variant: Variant, unit: UnitKind, va: number, target: Territory, health: number): number {
  const t = tableOf(w);
  const i = slot(2, variant, unit, va, LAND_INDEX[target], health);
  let e = t[i]!;
  if (!Number.isNaN(e)) return e;
  const per = target === 'keep' ? w.keep : target === 'farms' ? w.farms : w.city;
  const standing = target === 'farms' ? w.farmsStanding : target === 'city' ? w.cityStanding : 0;
  e = 0;
  for (const o of landStrikeOf(variant, unit, va)) {
    const dmg = Math.min(o.v[1], health);
    e += o.p * (per * dmg + (dmg === health ? standing : 0));
  }
  t[i] = e;
  return e;
}

const optionMemo = new WeakMap<Weights, Map<number, number>>();

/**
 * The worth of the attacks the side to act can still make this turn: the best plan of at most
 * one attack per ready unit that its Food pays for, each judged on its own.
 */
function attackOption(variant: Variant, me: Realm, foe: Realm, attacked: readonly UnitKind[], food: number, w: Weights): number {
  if (food <= 0) return 0;
  // Everything the plan reads, packed into one whole number (45 bits).
  let key = variant === 'fast' ? 1 : 0;
  for (const u of UNITS) key = key * 8 + (attacked.includes(u) ? 0 : me[u]);
  for (const u of UNITS) key = key * 8 + foe[u];
  key = (((key * 16 + foe.farms) * 16 + foe.city) * 16 + foe.keep) * 16 + food;
  let memo = optionMemo.get(w);
  if (!memo) optionMemo.set(w, (memo = new Map()));
  let v = memo.get(key);
  if (v === undefined) {
    if (memo.size > 200_000) memo.clear();
    memo.set(key, (v = planAttacks(variant, me, foe, attacked, food, w)));
  }
  return v;
}

function planAttacks(variant: Variant, me: Realm, foe: Realm, attacked: readonly UnitKind[], food: number, w: Weights): number {
  const foodWorth = w.food;
  let best = new Array<number>(food + 1).fill(0);
  for (const u of UNITS) {
    const va = me[u];
    if (va === 0 || attacked.includes(u)) continue;
    const options: { cost: number; gain: number }[] = [];
    let defence = 0;
    for (const d of UNITS) if (foe[d] > 0) defence = Math.max(defence, defenceGain(w, variant, u, va, d, foe[d]));
    for (const e of UNITS) if (foe[e] > 0) options.push({ cost: 1, gain: armyGain(w, variant, u, va, e, foe[e]) });
    for (const t of TERRITORIES) {
      if (foe[t] === 0) continue;
      options.push({ cost: attackCost(u, t), gain: landGain(w, variant, u, va, t, foe[t]) - defence });
    }
    const next = best.slice();
    for (const o of options) {
      const gain = o.gain - foodWorth * o.cost;
      if (gain <= 0) continue;
      for (let f = o.cost; f <= food; f++) next[f] = Math.max(next[f]!, best[f - o.cost]! + gain);
    }
    best = next;
  }
  return best[food]!;
}

/** The Food a realm can expect to hold on its next attack turn, after a gather at the Farms. */
const nextFood = (r: Realm) => Math.min(MAX.food, Math.round(r.food + (r.farms > 0 ? 4.5 : 2.75)));

/**
 * A quick worth of one move of the side to act, from the same tables as `attackOption`, with no
 * look at the dice one by one: for ranking moves before weighing the best of them in full.
 */
export function quickGain(s: Pos, move: DiceRealmsMove, w: Weights = WEIGHTS): number {
  const me = realmOf(s, s.active);
  const foe = realmOf(s, foeOf(s.active));
  switch (move.type) {
    case 'attack': {
      const va = me[move.unit];
      const cost = attackCost(move.unit, move.target) * w.food;
      if (move.target === 'army') return armyGain(w, s.variant, move.unit, va, move.enemy, foe[move.enemy]) - cost;
      let defence = 0;
      for (const d of UNITS) if (foe[d] > 0) defence = Math.max(defence, defenceGain(w, s.variant, move.unit, va, d, foe[d]));
      return landGain(w, s.variant, move.unit, va, move.target, foe[move.target]) - defence - cost;
    }
    case 'train':
      return unitWorth(w, move.unit, me[move.unit] + move.count) - unitWorth(w, move.unit, me[move.unit]) - w.military * TRAIN_COST[move.unit] * move.count;
    case 'repair': {
      const t = move.territory;
      const per = t === 'keep' ? w.keep : t === 'farms' ? w.farms : w.city;
      const standing = me[t] === 0 ? (t === 'farms' ? w.farmsStanding : t === 'city' ? w.cityStanding : 0) : 0;
      return per * move.points + standing - w.population * 2 * move.points;
    }
    default:
      return 0;
  }
}

/** The value of one realm's health, stores and army, without regard to whose turn it is. */
function realmValue(r: Realm, w: Weights): number {
  let v = w.keep * r.keep;
  v += w.farms * r.farms + (r.farms > 0 ? w.farmsStanding : 0);
  v += w.city * r.city + (r.city > 0 ? w.cityStanding : 0);
  let army = false;
  for (const u of UNITS) {
    if (r[u] > 0) {
      army = true;
      v += w.unit[u] * r[u] + w.present[u];
    }
  }
  v += (army ? w.food : w.foodIdle) * r.food;
  const missing = 2 * (MAX.farms - r.farms + MAX.city - r.city + MAX.keep - r.keep);
  const useful = Math.min(r.population, missing);
  v += w.population * useful + w.populationSpare * (r.population - useful);
  v += w.military * r.military;
  return v;
}

/**
 * How good `s` is for `seat`, in Keep health points. Counts health, stores and armies on both
 * sides, and the Keep race: what each side's army can do to the other's Keep on its coming
 * attack turn, and above all the chance that the Keep falls then.
 */
export function judge(s: Pos, seat: Seat, w: Weights = WEIGHTS): number {
  if (s.winner !== null) return s.winner === seat ? 100 : -100;
  const foe = foeOf(seat);
  let v = realmValue(realmOf(s, seat), w) - realmValue(realmOf(s, foe), w) - w.aggression * realmOf(s, foe).keep;
  const a = s.active;
  const b = foeOf(a);
  const ra = realmOf(s, a);
  const rb = realmOf(s, b);
  // The side to act attacks now (spend, attack) or after a gather; the other side next turn.
  let aKill = 0;
  let aDmg = 0;
  if (s.phase === 'spend' || s.phase === 'attack') {
    const ready = UNITS.filter((u) => !s.attacked.includes(u));
    const t = keepThreat(s.variant, ra, ready, rb.keep);
    aKill = t.kill[ra.food]!;
    aDmg = t.dmg[ra.food]!;
  } else if (s.phase === 'gather') {
    const t = keepThreat(s.variant, ra, UNITS, rb.keep);
    aKill = afterFarms(t.kill, ra);
    aDmg = afterFarms(t.dmg, ra);
  }
  const tb = keepThreat(s.variant, rb, UNITS, ra.keep);
  const bKill = afterFarms(tb.kill, rb);
  const bDmg = afterFarms(tb.dmg, rb);
  // Before its own gather the side to act can still repair or strike first; after it, less so.
  const answer = s.phase === 'gather' ? w.killLater : (w.kill + w.killLater) / 2;
  let forA = w.kill * aKill + w.reach * aDmg - answer * bKill - w.reach * bDmg;
  if (w.option > 0 && (s.phase === 'spend' || s.phase === 'attack')) forA += w.option * attackOption(s.variant, ra, rb, s.attacked, ra.food, w);
  if (w.optionNext > 0) {
    if (s.phase === 'gather') forA += w.optionNext * attackOption(s.variant, ra, rb, [], nextFood(ra), w);
    forA -= w.optionNext * attackOption(s.variant, rb, ra, [], nextFood(rb), w);
  }
  v += a === seat ? forA : -forA;
  return v;
}

/** The defender's best answer to the attack waiting in `s`, by the judgment: its outcomes and their value for the defender. */
export function bestDefence(s: Pos, w: Weights = WEIGHTS): { unit: UnitKind | null; value: number; dist: Dist<Pos> } {
  const d = foeOf(s.active);
  const pending = s.pending!;
  let best: { unit: UnitKind | null; value: number; dist: Dist<Pos> } | null = null;
  for (const unit of [null, ...UNITS.filter((u) => realmOf(s, d)[u] > 0)]) {
    const dist = resolveLand(s, pending.unit, pending.target, unit);
    let e = 0;
    for (const o of dist) e += o.p * judge(o.v, d, w);
    if (!best || e > best.value) best = { unit, value: e, dist };
  }
  return best!;
}

/** The judgment of a position in which a defender is still to be chosen: the defender's best. */
export function judgeAny(s: Pos, seat: Seat, w: Weights = WEIGHTS): number {
  if (s.phase !== 'defend' || !s.pending) return judge(s, seat, w);
  const best = bestDefence(s, w).value;
  return seat === foeOf(s.active) ? best : -best;
}

/** Expected judgment after `move`, with the defender answering as best it can. */
export function expectedAfter(s: Pos, seat: Seat, move: DiceRealmsMove, w: Weights = WEIGHTS): number {
  let e = 0;
  for (const o of outcomes(s, move)) e += o.p * judgeAny(o.v, seat, w);
  return e;
}
