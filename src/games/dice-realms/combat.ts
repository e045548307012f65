// Combat: initiative, strikes with their damage caps, and the two kinds of attack.
import type { GameEvent, Phrase, Seat } from '../../engine/index.js';
import { rollDie } from './dice.js';
import { change, phrase, said, seatPhrase, type Said } from './phrases.js';
import { MAX, NAME, other, seatName, type DiceRealmsState, type Territory, type UnitKind } from './types.js';

/** Who strikes first when `attacker` attacks `defender` in the army: the seed's initiative table. */
export function initiative(attacker: UnitKind, defender: UnitKind): 'attacker' | 'defender' | 'both' {
  if (attacker === defender) return 'both';
  if (attacker === 'ranged' || defender === 'ranged') return 'attacker';
  const first = (a: UnitKind, b: UnitKind): UnitKind | null => {
    const pair = [a, b].sort().join('+');
    if (pair === 'infantry+siege') return 'infantry';
    if (pair === 'cavalry+siege') return 'siege';
    if (pair === 'cavalry+infantry') return 'cavalry';
    return null;
  };
  return first(attacker, defender) === attacker ? 'attacker' : 'defender';
}

/** A strike's roll and the damage it deals to a unit and, when it hits one, to a territory. */
interface Strike {
  seat: Seat;
  unit: UnitKind;
  value: number;
  face: number | null;
  toUnit: number;
  toTerritory: number;
}

/**
 * Rolls a strike. Classic: damage is the roll capped at the striker's value, except Siege against a
 * territory, which deals the full roll. A striker at 1 deals 1 without a roll wherever it is capped,
 * as in the seed's example. Fast: every roll counts in full and Siege adds 1 against territories.
 */
function strike(s: DiceRealmsState, seat: Seat, unit: UnitKind, purpose: string, hitsTerritory: boolean): Strike {
  const value = s.realms[seat]![unit];
  const fast = s.variant === 'fast';
  const siegeOnLand = unit === 'siege' && hitsTerritory;
  if (!fast && value === 1 && !siegeOnLand) {
    return { seat, unit, value, face: null, toUnit: 1, toTerritory: hitsTerritory ? 1 : 0 };
  }
  const face = rollDie(s, seat, MAX[unit], `${unit}-${purpose}`).face;
  const toUnit = fast ? face : Math.min(face, value);
  let toTerritory = 0;
  if (hitsTerritory) {
    if (siegeOnLand) toTerritory = fast ? face + 1 : face;
    else toTerritory = fast ? face : Math.min(face, value);
  }
  return { seat, unit, value, face, toUnit, toTerritory };
}

function strikeHead(st: Strike): string {
  const who = `${seatName(st.seat)}'s ${NAME[st.unit]} (${st.value})`;
  return st.face === null ? `${who} deals 1 without a roll` : `${who} rolls d${MAX[st.unit]} = ${st.face}`;
}

/**
 * A value's change as an effect says it: "4 → 0", or "4 → 0, felled" with the word in a phrase,
 * which agrees with the unit or territory it describes in some languages (its context).
 */
function changeSaid(before: number, after: number, fell: 'felled' | 'destroyed' | 'fallen' | null, what: UnitKind | Territory): Phrase | string {
  return fell ? phrase(`effects.${fell}`, { change: change(before, after), context: what }) : change(before, after);
}

/** Applies damage to a unit on the working state; returns the effect. */
function hurtUnit(s: DiceRealmsState, seat: Seat, unit: UnitKind, damage: number, st: Strike): Said {
  const realm = s.realms[seat]!;
  const before = realm[unit];
  const after = Math.max(0, before - damage);
  realm[unit] = after;
  if (after === 0 && !realm.felled.includes(unit)) realm.felled.push(unit);
  const isCapped = st.face !== null && damage < st.face;
  const capped = isCapped ? ` (capped at ${st.value})` : '';
  return said(`${seatName(seat)}'s ${NAME[unit]} ${before} → ${after}${after === 0 ? ', felled' : ''}${capped}`, isCapped ? 'effects.unitCapped' : 'effects.unit', {
    seat: seatPhrase(seat),
    unit,
    change: changeSaid(before, after, after === 0 ? 'felled' : null, unit),
    ...(isCapped ? { max: st.value } : {}),
  });
}

function hurtTerritory(s: DiceRealmsState, seat: Seat, territory: Territory, damage: number, st: Strike): Said {
  const realm = s.realms[seat]!;
  const before = realm[territory];
  const after = Math.max(0, before - damage);
  realm[territory] = after;
  let note = '';
  let key = 'effects.territory';
  if (st.face !== null && damage < st.face) {
    note = ` (capped at ${st.value})`;
    key = 'effects.territoryCapped';
  } else if (st.face !== null && damage > st.face) {
    note = ' (+1 for Siege)';
    key = 'effects.territorySiege';
  }
  const fell = after === 0 ? (territory === 'keep' ? 'fallen' : 'destroyed') : null;
  return said(`${seatName(seat)}'s ${NAME[territory]} ${before} → ${after}${fell ? `, ${fell}` : ''}${note}`, key, {
    seat: seatPhrase(seat),
    territory,
    change: changeSaid(before, after, fell, territory),
    ...(key === 'effects.territoryCapped' ? { max: st.value } : {}),
  });
}

function strikeEvent(st: Strike, effects: Said[], extra: Record<string, unknown>): GameEvent {
  const [first, second] = effects;
  const base = {
    type: st.face === null ? 'strike' : 'roll',
    text: `${strikeHead(st)}: ${effects.map((e) => e.text).join('; ')}`,
    // The striker is the subject: its verb agrees with it in some languages (context).
    phrase: phrase(st.face === null ? 'events.strikeFree' : 'events.strikeRoll', {
      seat: seatPhrase(st.seat),
      unit: st.unit,
      value: st.value,
      ...(st.face === null ? {} : { sides: MAX[st.unit], face: st.face }),
      effects: second ? phrase('effects.both', { first: first!.phrase, second: second.phrase }) : first!.phrase,
      context: st.unit,
    }),
    seat: st.seat,
    unit: st.unit,
    value: st.value,
    die: `d${MAX[st.unit]}`,
    sides: MAX[st.unit],
    face: st.face,
    ...extra,
  };
  return base;
}

/** The attacking unit fights one enemy unit, in initiative order. */
export function fightUnit(s: DiceRealmsState, unit: UnitKind, enemy: UnitKind): GameEvent[] {
  const a = s.active;
  const d = other(a);
  const events: GameEvent[] = [];
  const order = initiative(unit, enemy);
  if (order === 'both') {
    const sa = strike(s, a, unit, 'attack', false);
    const sd = strike(s, d, enemy, 'counter', false);
    const ea = hurtUnit(s, d, enemy, sa.toUnit, sa);
    const ed = hurtUnit(s, a, unit, sd.toUnit, sd);
    events.push({ type: 'initiative', text: `Both ${NAME[unit]} strike at once.`, phrase: phrase('events.bothStrike', { unit }), first: 'both' });
    events.push(strikeEvent(sa, [ea], { for: `${unit}-attack`, damage: sa.toUnit }));
    events.push(strikeEvent(sd, [ed], { for: `${enemy}-counter`, damage: sd.toUnit }));
    return events;
  }
  const [fs, fu, fp, ss, su, sp] =
    order === 'attacker'
      ? ([a, unit, 'attack', d, enemy, 'counter'] as const)
      : ([d, enemy, 'counter', a, unit, 'attack'] as const);
  events.push({
    type: 'initiative',
    text: `${seatName(fs)}'s ${NAME[fu]} has the initiative.`,
    phrase: phrase('events.initiative', { seat: seatPhrase(fs), unit: fu, context: fu }),
    first: order,
  });
  const first = strike(s, fs, fu, fp, false);
  events.push(strikeEvent(first, [hurtUnit(s, ss, su, first.toUnit, first)], { for: `${fu}-${fp}`, damage: first.toUnit }));
  if (s.realms[ss]![su] === 0) {
    events.push({
      type: 'no-strike',
      text: `${seatName(ss)}'s ${NAME[su]} is felled before it can strike back.`,
      phrase: phrase('events.noStrike', { seat: seatPhrase(ss), unit: su, context: su }),
      seat: ss,
      unit: su,
    });
    return events;
  }
  const second = strike(s, ss, su, sp, false);
  events.push(strikeEvent(second, [hurtUnit(s, fs, fu, second.toUnit, second)], { for: `${su}-${sp}`, damage: second.toUnit }));
  return events;
}

/**
 * The attacking unit strikes a territory, with or without a defending unit. Both strike at once:
 * the attacker's damage hits the territory and the defender, the defender's hits the attacker.
 */
export function fightTerritory(s: DiceRealmsState, unit: UnitKind, target: Territory, defender: UnitKind | null): GameEvent[] {
  const a = s.active;
  const d = other(a);
  const sa = strike(s, a, unit, 'attack', true);
  const sd = defender ? strike(s, d, defender, 'defence', false) : null;
  const effects: Said[] = [];
  if (defender) effects.push(hurtUnit(s, d, defender, sa.toUnit, sa));
  effects.push(hurtTerritory(s, d, target, sa.toTerritory, sa));
  const events: GameEvent[] = [
    strikeEvent(sa, effects, { for: `${unit}-attack`, damage: sa.toTerritory, unitDamage: defender ? sa.toUnit : 0, target }),
  ];
  if (sd && defender) {
    events.push(strikeEvent(sd, [hurtUnit(s, a, unit, sd.toUnit, sd)], { for: `${defender}-defence`, damage: sd.toUnit }));
  }
  return events;
}
