// Dice Realms: the shapes of state and moves, and the fixed numbers of a realm.
import type { RngState, Seat } from '../../engine/index.js';

export type Territory = 'farms' | 'city' | 'keep';
export type Resource = 'food' | 'population' | 'military';
export type UnitKind = 'infantry' | 'ranged' | 'cavalry' | 'siege';
export type Stat = Territory | Resource | UnitKind;
export type DefencePolicy = 'ask' | 'strongest' | 'none';
export type Variant = 'classic' | 'fast';
export type AttackTarget = 'army' | Territory;

/**
 * Where the turn stands. `spend`: gathered, no resource chosen yet. `attack` and `train`: the
 * active player has made at least one attack or training and may go on or say `done`.
 * `defend`: an attack on a territory waits for the defender's choice.
 */
export type Phase = 'gather' | 'spend' | 'attack' | 'train' | 'defend' | 'over';

/** One realm: every value is the face a die shows. Felled lists units knocked to 0 in combat. */
export interface Realm {
  food: number;
  population: number;
  military: number;
  farms: number;
  city: number;
  keep: number;
  infantry: number;
  ranged: number;
  cavalry: number;
  siege: number;
  felled: UnitKind[];
}

/** A die roll, as the view and events report it. */
export interface Roll {
  seat: Seat;
  die: string;
  sides: number;
  face: number;
  for: string;
}

export interface PendingAttack {
  unit: UnitKind;
  target: Territory;
  cost: number;
}

export interface DiceRealmsState {
  game: 'dice-realms';
  variant: Variant;
  realms: [Realm, Realm];
  turn: number;
  active: Seat;
  phase: Phase;
  gathered: Territory | null;
  attacked: UnitKind[];
  trained: UnitKind[];
  pending: PendingAttack | null;
  rolls: Roll[];
  lastTurn: { turn: number; seat: Seat; rolls: Roll[] } | null;
  winner: Seat | null;
  endReason: string | null;
  rng: RngState;
}

export type DiceRealmsMove =
  | { type: 'gather'; territory: Territory }
  | { type: 'attack'; unit: UnitKind; target: 'army'; enemy: UnitKind }
  | { type: 'attack'; unit: UnitKind; target: Territory }
  | { type: 'repair'; territory: Territory; points: number }
  | { type: 'train'; unit: UnitKind; count: number }
  | { type: 'defend'; unit: UnitKind | null }
  | { type: 'done' };

export interface DiceRealmsOptions {
  variant: Variant;
  /**
   * Each seat's standing defence policy at the start. A policy is a player's setting, kept by the
   * platform and never part of the state (settings.ts): the rules always ask the defender.
   */
  defence: [DefencePolicy, DefencePolicy];
}

export const SEAT_NAMES = ['Red', 'Blue'] as const;
export const TERRITORIES: readonly Territory[] = ['farms', 'city', 'keep'];
export const RESOURCES: readonly Resource[] = ['food', 'population', 'military'];
export const UNITS: readonly UnitKind[] = ['infantry', 'ranged', 'cavalry', 'siege'];
export const POLICIES: readonly DefencePolicy[] = ['ask', 'strongest', 'none'];
export const VARIANTS: readonly Variant[] = ['classic', 'fast'];

/** The die of each thing: its size is also its maximum value. */
export const MAX: Record<Stat, number> = {
  food: 8,
  population: 10,
  military: 12,
  farms: 8,
  city: 10,
  keep: 12,
  infantry: 4,
  ranged: 4,
  cavalry: 6,
  siege: 6,
};

export const START: Record<Stat, number> = {
  food: 4,
  population: 5,
  military: 6,
  farms: 8,
  city: 10,
  keep: 12,
  infantry: 0,
  ranged: 0,
  cavalry: 0,
  siege: 0,
};

/** The resource each territory yields when gathered there. */
export const YIELD: Record<Territory, Resource> = { farms: 'food', city: 'population', keep: 'military' };

export const ATTACK_COST: Record<AttackTarget, number> = { army: 1, farms: 2, city: 3, keep: 4 };
export const TRAIN_COST: Record<UnitKind, number> = { infantry: 1, ranged: 1, cavalry: 2, siege: 3 };
export const REPAIR_COST = 2;

export const NAME: Record<Stat | 'army', string> = {
  food: 'Food',
  population: 'Population',
  military: 'Military',
  farms: 'Farms',
  city: 'City',
  keep: 'Keep',
  infantry: 'Infantry',
  ranged: 'Ranged',
  cavalry: 'Cavalry',
  siege: 'Siege',
  army: 'army',
};

export const other = (seat: Seat): Seat => (seat === 0 ? 1 : 0);
export const seatName = (seat: Seat): string => SEAT_NAMES[seat] ?? `Seat ${seat}`;
export const dieName = (stat: Stat): string => `d${MAX[stat]}`;

/** What a unit pays to attack a target: Cavalry pays one Food less against a territory. */
export function attackCost(unit: UnitKind, target: AttackTarget): number {
  const base = ATTACK_COST[target];
  return unit === 'cavalry' && target !== 'army' ? base - 1 : base;
}

export const isTerritory = (x: unknown): x is Territory =>
  typeof x === 'string' && (TERRITORIES as readonly string[]).includes(x);
export const isUnit = (x: unknown): x is UnitKind =>
  typeof x === 'string' && (UNITS as readonly string[]).includes(x);
export const isPolicy = (x: unknown): x is DefencePolicy =>
  typeof x === 'string' && (POLICIES as readonly string[]).includes(x);
export const isVariant = (x: unknown): x is Variant =>
  typeof x === 'string' && (VARIANTS as readonly string[]).includes(x);

/** A deep copy of a state; play works on one so that its input is never touched. */
export function cloneState(s: DiceRealmsState): DiceRealmsState {
  const realm = (r: Realm): Realm => ({ ...r, felled: [...r.felled] });
  const rolls = (list: Roll[]) => list.map((r) => ({ ...r }));
  return {
    ...s,
    realms: [realm(s.realms[0]), realm(s.realms[1])],
    attacked: [...s.attacked],
    trained: [...s.trained],
    pending: s.pending ? { ...s.pending } : null,
    rolls: rolls(s.rolls),
    lastTurn: s.lastTurn ? { ...s.lastTurn, rolls: rolls(s.lastTurn.rolls) } : null,
    rng: { i: s.rng.i, j: s.rng.j, S: [...s.rng.S] },
  };
}
