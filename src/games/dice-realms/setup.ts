// Options, the opening position, and a builder for positions used by scenarios and fixtures.
import { err, ok, rngFromSeed, type Result, type RngState, type Seat, type SeatSpec } from '../../engine/index.js';
import { phrase } from './phrases.js';
import {
  isPolicy,
  isTerritory,
  isUnit,
  isVariant,
  START,
  UNITS,
  type DefencePolicy,
  type DiceRealmsOptions,
  type DiceRealmsState,
  type PendingAttack,
  type Phase,
  type Realm,
  type Stat,
  type UnitKind,
  type Variant,
} from './types.js';

export const defaultOptions: DiceRealmsOptions = { variant: 'classic', defence: ['ask', 'ask'] };

const OPTION_KEYS: Record<string, 'variant' | 'defence' | 'red' | 'blue'> = {
  variant: 'variant',
  defence: 'defence',
  defense: 'defence',
  'defence-red': 'red',
  defence_red: 'red',
  defenceRed: 'red',
  'defense-red': 'red',
  'defence-blue': 'blue',
  defence_blue: 'blue',
  defenceBlue: 'blue',
  'defense-blue': 'blue',
};

function readPolicy(name: string, value: unknown): Result<DefencePolicy> {
  const v = typeof value === 'string' ? value.trim().toLowerCase() : value;
  if (isPolicy(v)) return ok(v);
  const given = String(JSON.stringify(value));
  return err('bad-option', `Option ${name} must be ask, strongest or none, not ${given}.`, phrase('errors.options.policy', { name, value: given }));
}

/** Reads user options: `variant` (classic | fast), `defence` for both seats, or one per seat. */
export function parseOptions(raw: Record<string, unknown>): Result<DiceRealmsOptions> {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    return err('bad-option', 'Options must be given as name and value pairs.', phrase('errors.options.pairs'));
  }
  let variant: Variant = defaultOptions.variant;
  const defence: [DefencePolicy, DefencePolicy] = [...defaultOptions.defence];
  const perSeat: Partial<Record<'red' | 'blue', DefencePolicy>> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (value === undefined || value === null) continue;
    const name = OPTION_KEYS[key];
    if (!name) {
      const given = JSON.stringify(key);
      return err('bad-option', `Dice Realms has no option ${given}; its options are variant, defence, defence-red and defence-blue.`, phrase('errors.options.unknown', { name: given }));
    }
    if (name === 'variant') {
      const v = typeof value === 'string' ? value.trim().toLowerCase() : value;
      if (!isVariant(v)) {
        const given = String(JSON.stringify(value));
        return err('bad-option', `Option variant must be classic or fast, not ${given}.`, phrase('errors.options.variant', { value: given }));
      }
      variant = v;
    } else if (name === 'defence') {
      if (Array.isArray(value)) {
        if (value.length !== 2) return err('bad-option', 'Option defence takes one policy, or one for each of the two seats.', phrase('errors.options.perSeat'));
        for (const seat of [0, 1] as const) {
          const p = readPolicy('defence', value[seat]);
          if (!p.ok) return p;
          defence[seat] = p.value;
        }
      } else {
        const p = readPolicy('defence', value);
        if (!p.ok) return p;
        defence[0] = p.value;
        defence[1] = p.value;
      }
    } else {
      const p = readPolicy(`defence-${name}`, value);
      if (!p.ok) return p;
      perSeat[name] = p.value;
    }
  }
  if (perSeat.red) defence[0] = perSeat.red;
  if (perSeat.blue) defence[1] = perSeat.blue;
  return ok({ variant, defence });
}

export function startingRealm(): Realm {
  return { ...(START as Record<Stat, number>), felled: [] } as Realm;
}

/** The opening position. The defence policies in the options are the players' settings, not state. */
export function setup(seed: string, _seats: SeatSpec[], options: DiceRealmsOptions): DiceRealmsState {
  const variant = isVariant(options?.variant) ? options.variant : 'classic';
  return {
    game: 'dice-realms',
    variant,
    realms: [startingRealm(), startingRealm()],
    turn: 1,
    active: 0,
    phase: 'gather',
    gathered: null,
    attacked: [],
    trained: [],
    pending: null,
    rolls: [],
    lastTurn: null,
    winner: null,
    endReason: null,
    rng: rngFromSeed(String(seed)),
  };
}

/** A position described by what differs from the opening: used by scenarios and fixtures. */
export interface PositionSpec {
  variant?: Variant;
  red?: Partial<Omit<Realm, 'felled'>> & { felled?: UnitKind[] };
  blue?: Partial<Omit<Realm, 'felled'>> & { felled?: UnitKind[] };
  turn?: number;
  active?: Seat;
  phase?: Phase;
  gathered?: DiceRealmsState['gathered'];
  attacked?: UnitKind[];
  trained?: UnitKind[];
  pending?: PendingAttack | null;
  /** A seed string for the dice, or a generator state (see `rngForFaces`). */
  rng?: string | RngState;
}

function realmFrom(spec: PositionSpec['red']): Realm {
  const realm = startingRealm();
  for (const [k, v] of Object.entries(spec ?? {})) {
    if (k === 'felled') realm.felled = UNITS.filter((u) => (v as UnitKind[]).includes(u));
    else if (k in START && typeof v === 'number') (realm as unknown as Record<string, number>)[k] = v;
    else throw new Error(`a realm has no ${k}`);
  }
  return realm;
}

export function buildPosition(spec: PositionSpec): DiceRealmsState {
  const s = setup('position', [], { variant: spec.variant ?? 'classic', defence: ['ask', 'ask'] });
  s.realms = [realmFrom(spec.red), realmFrom(spec.blue)];
  s.turn = spec.turn ?? 1;
  s.active = spec.active ?? 0;
  s.phase = spec.phase ?? 'gather';
  s.gathered = spec.gathered ?? (s.phase === 'gather' ? null : 'keep');
  s.attacked = spec.attacked ?? [];
  s.trained = spec.trained ?? [];
  s.pending = spec.pending ?? null;
  if (spec.pending && !isTerritory(spec.pending.target)) throw new Error('a pending attack targets a territory');
  if (spec.attacked && !spec.attacked.every(isUnit)) throw new Error('attacked lists unit kinds');
  s.rng = typeof spec.rng === 'string' ? rngFromSeed(spec.rng) : spec.rng ?? rngFromSeed('position');
  return s;
}
