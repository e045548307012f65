// Who acts, which moves are legal, and why a move is not: one checker behind play and legalMoves.
import { err, ok, type Result, type Seat } from '../../engine/index.js';
import {
  attackCost,
  isTerritory,
  isUnit,
  MAX,
  NAME,
  other,
  REPAIR_COST,
  seatName,
  TERRITORIES,
  TRAIN_COST,
  UNITS,
  type AttackTarget,
  type DiceRealmsMove,
  type DiceRealmsState,
  type Territory,
  type UnitKind,
} from './types.js';

export function toAct(s: DiceRealmsState): Seat[] {
  if (s.phase === 'over') return [];
  if (s.phase === 'defend') return [other(s.active)];
  return [s.active];
}

const isSeat = (seat: unknown): seat is Seat => seat === 0 || seat === 1;
const isCount = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 1;
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The answer to anything that treats the defence policy as a move. */
export const POLICY_IS_A_SETTING =
  'The defence policy (ask, strongest or none) is a setting each player changes at any time, not a move.';

export const territoryIs = (t: Territory) => (t === 'farms' ? 'are' : 'is');

export function targetText(s: DiceRealmsState, target: AttackTarget, enemy: UnitKind | null): string {
  const foe = seatName(other(s.active));
  if (target === 'army') return enemy ? `${foe}'s ${NAME[enemy]}` : `${foe}'s army`;
  return `${foe}'s ${NAME[target]}`;
}

/** Checks the shape of a move given as JSON, and returns it in its canonical form. */
export function readMove(move: unknown): Result<DiceRealmsMove> {
  const bad = (message: string) => err<DiceRealmsMove>('bad-move', message);
  if (move === null || typeof move !== 'object' || Array.isArray(move)) {
    return bad('A move must be an object with a type, such as {"type":"gather","territory":"keep"}.');
  }
  const m = move as Record<string, unknown>;
  switch (m.type) {
    case 'gather':
      return isTerritory(m.territory) ? ok({ type: 'gather', territory: m.territory }) : bad('Gather at farms, city or keep.');
    case 'attack': {
      if (!isUnit(m.unit)) return bad('Attack with infantry, ranged, cavalry or siege.');
      if (m.target === 'army') {
        return isUnit(m.enemy)
          ? ok({ type: 'attack', unit: m.unit, target: 'army', enemy: m.enemy })
          : bad('An attack on the army names the enemy unit: infantry, ranged, cavalry or siege.');
      }
      return isTerritory(m.target)
        ? ok({ type: 'attack', unit: m.unit, target: m.target })
        : bad('Attack the army, the farms, the city or the keep.');
    }
    case 'repair':
      if (!isTerritory(m.territory)) return bad('Repair the farms, the city or the keep.');
      return isCount(m.points) ? ok({ type: 'repair', territory: m.territory, points: m.points }) : bad('Repair at least 1 point, a whole number.');
    case 'train':
      if (!isUnit(m.unit)) return bad('Train infantry, ranged, cavalry or siege.');
      return isCount(m.count) ? ok({ type: 'train', unit: m.unit, count: m.count }) : bad('Train at least 1 unit, a whole number.');
    case 'defend':
      if (m.unit === null || m.unit === 'none') return ok({ type: 'defend', unit: null });
      return isUnit(m.unit) ? ok({ type: 'defend', unit: m.unit }) : bad('Defend with infantry, ranged, cavalry or siege, or with none.');
    case 'done':
      return ok({ type: 'done' });
    case 'policy':
      return err('setting', POLICY_IS_A_SETTING);
    default:
      return bad('A move is gather, attack, repair, train, defend or done.');
  }
}

function wrongSpend(s: DiceRealmsState): Result<never> {
  return s.phase === 'attack'
    ? err('wrong-spend', 'You are spending Food this turn: attack again or say done.')
    : err('wrong-spend', 'You are spending Military this turn: train another unit type or say done.');
}

/** Whether `seat` may play `move` now; the error says why not in a sentence a player understands. */
export function checkMove(s: DiceRealmsState, seat: Seat, move: unknown): Result<DiceRealmsMove> {
  if (!isSeat(seat)) return err('bad-seat', 'Dice Realms has two seats: 0 (Red) and 1 (Blue).');
  const read = readMove(move);
  if (!read.ok) return read;
  const m = read.value;
  if (s.phase === 'over') return err('game-over', `The game is over: ${s.endReason ?? 'a Keep has fallen'}.`);
  if (!toAct(s).includes(seat)) {
    return s.phase === 'defend'
      ? err('not-your-turn', `${seatName(other(s.active))} must choose a defender first.`)
      : err('not-your-turn', `It is ${seatName(s.active)}'s turn.`);
  }
  const realm = s.realms[seat]!;
  const foe = s.realms[other(seat)]!;
  if (s.phase === 'defend') {
    const p = s.pending!;
    if (m.type !== 'defend') {
      return err('defend-first', `Choose a defender against ${seatName(s.active)}'s ${NAME[p.unit]} first: defend <unit> or defend none.`);
    }
    if (m.unit !== null && realm[m.unit] === 0) return err('unit-absent', `Your ${NAME[m.unit]} is not on the field.`);
    return ok(m);
  }
  if (m.type === 'defend') return err('no-attack', 'No attack on your territories is waiting for a defender.');
  if (m.type === 'gather') {
    return s.phase === 'gather' ? ok(m) : err('already-gathered', 'You have already gathered this turn.');
  }
  if (s.phase === 'gather') return err('gather-first', 'Gather first: farms, city or keep.');
  switch (m.type) {
    case 'attack': {
      if (s.phase === 'train') return wrongSpend(s);
      const u = NAME[m.unit];
      if (realm[m.unit] === 0) {
        return err('unit-absent', `Your ${u} ${realm.felled.includes(m.unit) ? 'has been felled' : 'has not been trained'}, so it cannot attack.`);
      }
      if (s.attacked.includes(m.unit)) return err('already-attacked', `${u} already attacked this turn.`);
      const enemy = m.target === 'army' ? m.enemy : null;
      if (enemy && foe[enemy] === 0) return err('no-target', `${targetText(s, 'army', enemy)} is not on the field.`);
      if (m.target !== 'army' && foe[m.target] === 0) {
        return err('destroyed', `${targetText(s, m.target, null)} ${territoryIs(m.target)} already destroyed.`);
      }
      const cost = attackCost(m.unit, m.target);
      if (realm.food < cost) {
        return err('no-food', `${u} needs ${cost} Food to attack ${targetText(s, m.target, enemy)}, you have ${realm.food}.`);
      }
      return ok(m);
    }
    case 'repair': {
      if (s.phase !== 'spend') return wrongSpend(s);
      const t = NAME[m.territory];
      const now = realm[m.territory];
      const missing = MAX[m.territory] - now;
      if (missing === 0) return err('full', `Your ${t} ${territoryIs(m.territory)} at full health (${now}/${MAX[m.territory]}).`);
      if (m.points > missing) {
        return err('too-much', `Your ${t} can take at most ${plural(missing, 'point')} of repair (${now}/${MAX[m.territory]}).`);
      }
      const cost = REPAIR_COST * m.points;
      if (realm.population < cost) {
        return err('no-population', `You need ${cost} Population to repair ${plural(m.points, 'point')}, you have ${realm.population}.`);
      }
      return ok(m);
    }
    case 'train': {
      if (s.phase === 'attack') return wrongSpend(s);
      const u = NAME[m.unit];
      const now = realm[m.unit];
      if (s.trained.includes(m.unit)) return err('already-trained', `You already trained ${u} this turn.`);
      const room = MAX[m.unit] - now;
      if (room === 0) return err('full', `${u} is at full strength (${now}/${MAX[m.unit]}).`);
      if (m.count > room) return err('too-many', `${u} can take at most ${room} more (${now}/${MAX[m.unit]}).`);
      const cost = TRAIN_COST[m.unit] * m.count;
      if (realm.military < cost) {
        return err('no-military', `You need ${cost} Military to train ${m.count} ${u}, you have ${realm.military}.`);
      }
      return ok(m);
    }
    case 'done':
      return s.phase === 'spend'
        ? err('must-spend', 'You must spend a resource this turn: attack, repair or train.')
        : ok(m);
  }
}

// Candidates are pruned to what could pass; the checker still decides, so the two never disagree.
function attackCandidates(s: DiceRealmsState): DiceRealmsMove[] {
  const out: DiceRealmsMove[] = [];
  const foe = s.realms[other(s.active)]!;
  for (const unit of activeUnits(s, s.active)) {
    if (s.attacked.includes(unit)) continue;
    for (const enemy of UNITS) if (foe[enemy] > 0) out.push({ type: 'attack', unit, target: 'army', enemy });
    for (const target of TERRITORIES) if (foe[target] > 0) out.push({ type: 'attack', unit, target });
  }
  return out;
}

function repairCandidates(s: DiceRealmsState): DiceRealmsMove[] {
  const realm = s.realms[s.active]!;
  const most = (t: Territory) => Math.min(MAX[t] - realm[t], Math.floor(realm.population / REPAIR_COST));
  return TERRITORIES.flatMap((territory) =>
    Array.from({ length: Math.max(0, most(territory)) }, (_, i): DiceRealmsMove => ({ type: 'repair', territory, points: i + 1 })),
  );
}

function trainCandidates(s: DiceRealmsState): DiceRealmsMove[] {
  const realm = s.realms[s.active]!;
  const most = (u: UnitKind) => (s.trained.includes(u) ? 0 : Math.min(MAX[u] - realm[u], Math.floor(realm.military / TRAIN_COST[u])));
  return UNITS.flatMap((unit) =>
    Array.from({ length: Math.max(0, most(unit)) }, (_, i): DiceRealmsMove => ({ type: 'train', unit, count: i + 1 })),
  );
}

/** The moves the acting seat could try in the current phase, before the checker filters them. */
function phaseCandidates(s: DiceRealmsState): DiceRealmsMove[] {
  switch (s.phase) {
    case 'gather':
      return TERRITORIES.map((territory): DiceRealmsMove => ({ type: 'gather', territory }));
    case 'spend':
      return [...attackCandidates(s), ...repairCandidates(s), ...trainCandidates(s)];
    case 'attack':
      return [...attackCandidates(s), { type: 'done' }];
    case 'train':
      return [...trainCandidates(s), { type: 'done' }];
    case 'defend':
      return [...UNITS.map((unit): DiceRealmsMove => ({ type: 'defend', unit })), { type: 'defend', unit: null }];
    case 'over':
      return [];
  }
}

/** Every legal move of `seat`, in a stable order: none unless the seat must act now. */
export function legalMoves(s: DiceRealmsState, seat: Seat): DiceRealmsMove[] {
  if (!isSeat(seat) || !toAct(s).includes(seat)) return [];
  return phaseCandidates(s).filter((m) => checkMove(s, seat, m).ok);
}

/** The spends still open to the active player in this phase (attacks, repairs or trainings). */
export function openSpends(s: DiceRealmsState): DiceRealmsMove[] {
  return phaseCandidates(s).filter((m) => m.type !== 'done' && checkMove(s, s.active, m).ok);
}

export function activeUnits(s: DiceRealmsState, seat: Seat): UnitKind[] {
  return UNITS.filter((u) => s.realms[seat]![u] > 0);
}

/** Why the active player can attack no more: part of the event that ends the turn. */
export function attackBlocker(s: DiceRealmsState): string {
  const food = s.realms[s.active]!.food;
  const ready = activeUnits(s, s.active).filter((u) => !s.attacked.includes(u));
  if (activeUnits(s, s.active).length === 0) return 'no unit is on the field to attack with';
  if (ready.length === 0) return 'every unit on the field has attacked';
  return `Food ${food} pays for no attack`;
}

function repairBlocker(s: DiceRealmsState): string {
  const realm = s.realms[s.active]!;
  if (TERRITORIES.every((t) => realm[t] === MAX[t])) return 'every territory is at full health';
  return `Population ${realm.population} pays for no repair (2 a point)`;
}

export function trainBlocker(s: DiceRealmsState): string {
  const realm = s.realms[s.active]!;
  const open = UNITS.filter((u) => !s.trained.includes(u));
  if (open.every((u) => realm[u] === MAX[u])) {
    return s.trained.length ? 'every other unit type is at full strength' : 'every unit is at full strength';
  }
  return `Military ${realm.military} pays for no ${s.trained.length ? 'further ' : ''}training`;
}

/** Why no spend at all is possible this turn, for the event that ends it. */
export function spendBlocker(s: DiceRealmsState): string {
  return `${attackBlocker(s)}, ${repairBlocker(s)}, and ${trainBlocker(s)}`;
}
