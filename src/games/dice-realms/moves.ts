// Applying a legal move: the turn's flow, the automatic ends of a turn, and the defender's choice.
// The rules always ask the defender (when it has a unit to send); a standing defence policy is a
// player's setting that answers for them from outside the rules (settings.ts).
import { ok, type GameEvent, type Result, type Seat } from '../../engine/index.js';
import { fightTerritory, fightUnit } from './combat.js';
import { rollDie } from './dice.js';
import { attackBlocker, spendBlocker, trainBlocker } from './blockers.js';
import { change, phrase, seatPhrase } from './phrases.js';
import { activeUnits, checkMove, openSpends, targetSaid } from './rules.js';
import {
  attackCost,
  cloneState,
  MAX,
  NAME,
  other,
  REPAIR_COST,
  seatName,
  TRAIN_COST,
  UNITS,
  YIELD,
  type DiceRealmsMove,
  type DiceRealmsState,
  type Territory,
  type UnitKind,
} from './types.js';

type Events = GameEvent[];

function endTurn(s: DiceRealmsState, events: Events): void {
  s.lastTurn = { turn: s.turn, seat: s.active, rolls: s.rolls };
  s.rolls = [];
  s.active = other(s.active);
  s.turn += 1;
  s.phase = 'gather';
  s.gathered = null;
  s.attacked = [];
  s.trained = [];
  s.pending = null;
  events.push({
    type: 'turn',
    text: `Turn ${s.turn}: ${seatName(s.active)} gathers.`,
    phrase: phrase('events.turn', { turn: s.turn, seat: seatPhrase(s.active) }),
    seat: s.active,
    turn: s.turn,
  });
}

function gather(s: DiceRealmsState, territory: Territory, events: Events): void {
  const seat = s.active;
  const realm = s.realms[seat]!;
  const resource = YIELD[territory];
  const roll = rollDie(s, seat, MAX[resource], `gather-${territory}`);
  const halved = realm[territory] === 0;
  const gained = halved ? Math.ceil(roll.face / 2) : roll.face;
  const before = realm[resource];
  const after = Math.min(MAX[resource], before + gained);
  realm[resource] = after;
  const where = halved ? `the destroyed ${NAME[territory]}` : `the ${NAME[territory]}`;
  const half = halved ? `, half is ${gained}` : '';
  const capped = before + gained > MAX[resource];
  const cap = capped ? ` (capped at ${MAX[resource]})` : '';
  const changed = capped ? phrase('events.capped', { change: change(before, after), max: MAX[resource] }) : change(before, after);
  events.push({
    type: 'gather',
    text: `${seatName(seat)} gathers at ${where}, rolls d${roll.sides} = ${roll.face}${half}: ${NAME[resource]} ${before} → ${after}${cap}`,
    phrase: phrase(halved ? 'events.gatherRuined' : 'events.gather', {
      seat: seatPhrase(seat),
      territory,
      sides: roll.sides,
      face: roll.face,
      ...(halved ? { gained } : {}),
      resource,
      change: changed,
    }),
    seat,
    territory,
    resource,
    die: roll.die,
    sides: roll.sides,
    face: roll.face,
    halved,
    before,
    after,
  });
  s.gathered = territory;
  s.phase = 'spend';
  if (openSpends(s).length === 0) {
    const why = spendBlocker(s);
    events.push({
      type: 'turn-end',
      text: `${seatName(seat)} cannot spend anything, so the turn ends: ${why.text}.`,
      phrase: phrase('events.cannotSpend', { seat: seatPhrase(seat), why: why.reasons }),
      seat,
    });
    endTurn(s, events);
  }
}

function afterAttack(s: DiceRealmsState, events: Events): void {
  s.phase = 'attack';
  s.pending = null;
  if (openSpends(s).length === 0) {
    const why = attackBlocker(s);
    events.push({
      type: 'turn-end',
      text: `${seatName(s.active)} has no further attack (${why.text}), so the turn ends.`,
      phrase: phrase('events.noFurtherAttack', { seat: seatPhrase(s.active), why: why.phrase }),
      seat: s.active,
    });
    endTurn(s, events);
  }
}

function resolveTerritory(s: DiceRealmsState, unit: UnitKind, target: Territory, defender: UnitKind | null, events: Events): void {
  events.push(...fightTerritory(s, unit, target, defender));
  const foe = other(s.active);
  if (s.realms[foe]!.keep === 0) {
    s.phase = 'over';
    s.pending = null;
    s.winner = s.active;
    s.endReason = `${seatName(foe)}'s Keep fell to ${seatName(s.active)}'s ${NAME[unit]}`;
    events.push({
      type: 'win',
      text: `${seatName(foe)}'s Keep has fallen: ${seatName(s.active)} wins!`,
      phrase: phrase('events.win', { loser: seatPhrase(foe), winner: seatPhrase(s.active) }),
      winner: s.active,
    });
    return;
  }
  afterAttack(s, events);
}

/** The defender the policy `strongest` sends: the highest value, then the bigger die, then table order. */
export function strongestUnit(s: DiceRealmsState, seat: Seat): UnitKind | null {
  const realm = s.realms[seat]!;
  const units = activeUnits(s, seat).sort((a, b) => realm[b] - realm[a] || MAX[b] - MAX[a] || UNITS.indexOf(a) - UNITS.indexOf(b));
  return units[0] ?? null;
}

function attack(s: DiceRealmsState, m: Extract<DiceRealmsMove, { type: 'attack' }>, events: Events): void {
  const seat = s.active;
  const realm = s.realms[seat]!;
  const cost = attackCost(m.unit, m.target);
  const enemy = m.target === 'army' ? m.enemy : null;
  const foe = other(seat);
  const before = realm.food;
  realm.food -= cost;
  s.attacked.push(m.unit);
  const target = targetSaid(s, m.target, enemy);
  const targetValue = s.realms[foe]![m.target === 'army' ? m.enemy : m.target];
  events.push({
    type: 'attack',
    text: `${seatName(seat)}'s ${NAME[m.unit]} (${realm[m.unit]}) attacks ${target.text} (${targetValue}) for ${cost} Food (Food ${before} → ${realm.food}).`,
    phrase: phrase('events.attack', {
      seat: seatPhrase(seat),
      unit: m.unit,
      value: realm[m.unit],
      target: target.phrase,
      targetValue,
      cost,
      food: change(before, realm.food),
    }),
    seat,
    unit: m.unit,
    target: m.target,
    enemy,
    cost,
  });
  if (m.target === 'army') {
    events.push(...fightUnit(s, m.unit, m.enemy));
    afterAttack(s, events);
    return;
  }
  s.pending = { unit: m.unit, target: m.target, cost };
  if (activeUnits(s, foe).length === 0) {
    events.push({
      type: 'defend',
      text: `${seatName(foe)} has no unit on the field to defend the ${NAME[m.target]}.`,
      phrase: phrase('events.noDefender', { seat: seatPhrase(foe), territory: m.target }),
      seat: foe,
      unit: null,
      target: m.target,
    });
    resolveTerritory(s, m.unit, m.target, null, events);
  } else {
    s.phase = 'defend';
    events.push({
      type: 'await-defender',
      text: `${seatName(foe)} chooses a defender for the ${NAME[m.target]}, or none.`,
      phrase: phrase('events.awaitDefender', { seat: seatPhrase(foe), territory: m.target }),
      seat: foe,
      target: m.target,
    });
  }
}

function defend(s: DiceRealmsState, unit: UnitKind | null, events: Events): void {
  const d = other(s.active);
  const p = s.pending!;
  const text = unit
    ? `${seatName(d)} defends the ${NAME[p.target]} with ${NAME[unit]} (${s.realms[d]![unit]}).`
    : `${seatName(d)} sends no defender to the ${NAME[p.target]}.`;
  const said = unit
    ? phrase('events.defend', { seat: seatPhrase(d), territory: p.target, unit, value: s.realms[d]![unit] })
    : phrase('events.defendNone', { seat: seatPhrase(d), territory: p.target });
  events.push({ type: 'defend', text, phrase: said, seat: d, unit, target: p.target });
  resolveTerritory(s, p.unit, p.target, unit, events);
}

function repair(s: DiceRealmsState, territory: Territory, points: number, events: Events): void {
  const seat = s.active;
  const realm = s.realms[seat]!;
  const cost = REPAIR_COST * points;
  const [b, pb] = [realm[territory], realm.population];
  realm.population -= cost;
  realm[territory] += points;
  events.push({
    type: 'repair',
    text: `${seatName(seat)} repairs the ${NAME[territory]} by ${points} for ${cost} Population: ${NAME[territory]} ${b} → ${realm[territory]} (Population ${pb} → ${realm.population}).`,
    phrase: phrase('events.repair', {
      seat: seatPhrase(seat),
      territory,
      count: points,
      cost,
      health: change(b, realm[territory]),
      population: change(pb, realm.population),
    }),
    seat,
    territory,
    points,
    cost,
  });
  endTurn(s, events);
}

function train(s: DiceRealmsState, unit: UnitKind, count: number, events: Events): void {
  const seat = s.active;
  const realm = s.realms[seat]!;
  const cost = TRAIN_COST[unit] * count;
  const [b, mb] = [realm[unit], realm.military];
  realm.military -= cost;
  realm[unit] += count;
  realm.felled = realm.felled.filter((u) => u !== unit);
  s.trained.push(unit);
  events.push({
    type: 'train',
    text: `${seatName(seat)} trains ${count} ${NAME[unit]} for ${cost} Military: ${NAME[unit]} ${b} → ${realm[unit]} (Military ${mb} → ${realm.military}).`,
    phrase: phrase('events.train', {
      seat: seatPhrase(seat),
      count,
      unit,
      cost,
      strength: change(b, realm[unit]),
      military: change(mb, realm.military),
    }),
    seat,
    unit,
    count,
    cost,
  });
  s.phase = 'train';
  if (openSpends(s).length === 0) {
    const why = trainBlocker(s);
    events.push({
      type: 'turn-end',
      text: `${seatName(seat)} can train no more (${why.text}), so the turn ends.`,
      phrase: phrase('events.trainNoMore', { seat: seatPhrase(seat), why: why.phrase }),
      seat,
    });
    endTurn(s, events);
  }
}

export function play(
  state: DiceRealmsState,
  seat: Seat,
  move: unknown,
): Result<{ state: DiceRealmsState; events: GameEvent[] }> {
  const checked = checkMove(state, seat, move);
  if (!checked.ok) return checked;
  const m = checked.value;
  const s = cloneState(state);
  const events: Events = [];
  switch (m.type) {
    case 'gather':
      gather(s, m.territory, events);
      break;
    case 'attack':
      attack(s, m, events);
      break;
    case 'defend':
      defend(s, m.unit, events);
      break;
    case 'repair':
      repair(s, m.territory, m.points, events);
      break;
    case 'train':
      train(s, m.unit, m.count, events);
      break;
    case 'done':
      events.push({ type: 'turn-end', text: `${seatName(s.active)} ends the turn.`, phrase: phrase('events.endTurn', { seat: seatPhrase(s.active) }), seat: s.active });
      endTurn(s, events);
      break;
  }
  return ok({ state: s, events });
}
