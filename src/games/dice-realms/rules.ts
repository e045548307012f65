// Who acts, which moves are legal, and why a move is not: one checker behind play and legalMoves.
import { err, ok, type Result, type Seat } from '../../engine/index.js';
import { phrase, said, seatPhrase, type Said } from './phrases.js';
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

export const policyIsASetting = <T>(): Result<T> => err('setting', POLICY_IS_A_SETTING, phrase('errors.policyIsSetting'));

export const territoryIs = (t: Territory) => (t === 'farms' ? 'are' : 'is');

/** What an attack aims at, as the object of "attack": "Blue's Infantry", "Blue's Farms". */
export function targetText(s: DiceRealmsState, target: AttackTarget, enemy: UnitKind | null): string {
  return targetSaid(s, target, enemy).text;
}

export function targetSaid(s: DiceRealmsState, target: AttackTarget, enemy: UnitKind | null): Said {
  const foe = other(s.active);
  const seat = seatPhrase(foe);
  if (target === 'army') {
    return enemy
      ? said(`${seatName(foe)}'s ${NAME[enemy]}`, 'targets.unit', { seat, unit: enemy })
      : said(`${seatName(foe)}'s army`, 'targets.army', { seat });
  }
  return said(`${seatName(foe)}'s ${NAME[target]}`, 'targets.territory', { seat, territory: target });
}

/** Checks the shape of a move given as JSON, and returns it in its canonical form. */
export function readMove(move: unknown): Result<DiceRealmsMove> {
  const bad = (message: string, key: string) => err<DiceRealmsMove>('bad-move', message, phrase(`errors.badMove.${key}`));
  if (move === null || typeof move !== 'object' || Array.isArray(move)) {
    return bad('A move must be an object with a type, such as {"type":"gather","territory":"keep"}.', 'object');
  }
  const m = move as Record<string, unknown>;
  switch (m.type) {
    case 'gather':
      return isTerritory(m.territory) ? ok({ type: 'gather', territory: m.territory }) : bad('Gather at farms, city or keep.', 'gather');
    case 'attack': {
      if (!isUnit(m.unit)) return bad('Attack with infantry, ranged, cavalry or siege.', 'attackUnit');
      if (m.target === 'army') {
        return isUnit(m.enemy)
          ? ok({ type: 'attack', unit: m.unit, target: 'army', enemy: m.enemy })
          : bad('An attack on the army names the enemy unit: infantry, ranged, cavalry or siege.', 'attackEnemy');
      }
      return isTerritory(m.target)
        ? ok({ type: 'attack', unit: m.unit, target: m.target })
        : bad('Attack the army, the farms, the city or the keep.', 'attackTarget');
    }
    case 'repair':
      if (!isTerritory(m.territory)) return bad('Repair the farms, the city or the keep.', 'repairTerritory');
      return isCount(m.points)
        ? ok({ type: 'repair', territory: m.territory, points: m.points })
        : bad('Repair at least 1 point, a whole number.', 'repairPoints');
    case 'train':
      if (!isUnit(m.unit)) return bad('Train infantry, ranged, cavalry or siege.', 'trainUnit');
      return isCount(m.count) ? ok({ type: 'train', unit: m.unit, count: m.count }) : bad('Train at least 1 unit, a whole number.', 'trainCount');
    case 'defend':
      if (m.unit === null || m.unit === 'none') return ok({ type: 'defend', unit: null });
      return isUnit(m.unit) ? ok({ type: 'defend', unit: m.unit }) : bad('Defend with infantry, ranged, cavalry or siege, or with none.', 'defendUnit');
    case 'done':
      return ok({ type: 'done' });
    case 'policy':
      return policyIsASetting();
    default:
      return bad('A move is gather, attack, repair, train, defend or done.', 'type');
  }
}

function wrongSpend(s: DiceRealmsState): Result<never> {
  return s.phase === 'attack'
    ? err('wrong-spend', 'You are spending Food this turn: attack again or say done.', phrase('errors.spendingFood'))
    : err('wrong-spend', 'You are spending Military this turn: train another unit type or say done.', phrase('errors.spendingMilitary'));
}

/** Why the game is over, as the outcome and the refusals after it say it. */
export function endReasonSaid(s: DiceRealmsState): Said {
  const winner = s.winner;
  const unit = s.attacked.at(-1);
  if (winner === 0 || winner === 1) {
    const loser = other(winner);
    const text = unit ? `${seatName(loser)}'s Keep fell to ${seatName(winner)}'s ${NAME[unit]}` : '';
    if (unit && s.endReason === text) return said(text, 'outcomes.keepFell', { loser: seatPhrase(loser), winner: seatPhrase(winner), unit });
  }
  if (s.endReason === null) return said('a Keep has fallen', 'outcomes.keepFallen');
  // A reason this engine did not write (a hand-made position): said as it is, in every language.
  return said(s.endReason, 'outcomes.other', { reason: s.endReason });
}

/** Whether `seat` may play `move` now; the error says why not in a sentence a player understands. */
export function checkMove(s: DiceRealmsState, seat: Seat, move: unknown): Result<DiceRealmsMove> {
  if (!isSeat(seat)) return err('bad-seat', 'Dice Realms has two seats: 0 (Red) and 1 (Blue).', phrase('errors.badSeat', { red: seatPhrase(0), blue: seatPhrase(1) }));
  const read = readMove(move);
  if (!read.ok) return read;
  const m = read.value;
  if (s.phase === 'over') {
    const reason = endReasonSaid(s);
    return err('game-over', `The game is over: ${reason.text}.`, phrase('errors.gameOver', { reason: reason.phrase }));
  }
  if (!toAct(s).includes(seat)) {
    return s.phase === 'defend'
      ? err('not-your-turn', `${seatName(other(s.active))} must choose a defender first.`, phrase('errors.defenderChoosesFirst', { seat: seatPhrase(other(s.active)) }))
      : err('not-your-turn', `It is ${seatName(s.active)}'s turn.`, phrase('errors.notYourTurn', { seat: seatPhrase(s.active) }));
  }
  const realm = s.realms[seat]!;
  const foe = s.realms[other(seat)]!;
  if (s.phase === 'defend') {
    const p = s.pending!;
    if (m.type !== 'defend') {
      return err(
        'defend-first',
        `Choose a defender against ${seatName(s.active)}'s ${NAME[p.unit]} first: defend <unit> or defend none.`,
        phrase('errors.defendFirst', { seat: seatPhrase(s.active), unit: p.unit }),
      );
    }
    if (m.unit !== null && realm[m.unit] === 0) {
      return err('unit-absent', `Your ${NAME[m.unit]} is not on the field.`, phrase('errors.defenderAbsent', { unit: m.unit }));
    }
    return ok(m);
  }
  if (m.type === 'defend') return err('no-attack', 'No attack on your territories is waiting for a defender.', phrase('errors.noAttackWaiting'));
  if (m.type === 'gather') {
    return s.phase === 'gather' ? ok(m) : err('already-gathered', 'You have already gathered this turn.', phrase('errors.alreadyGathered'));
  }
  if (s.phase === 'gather') return err('gather-first', 'Gather first: farms, city or keep.', phrase('errors.gatherFirst'));
  switch (m.type) {
    case 'attack':
      return checkAttack(s, realm, foe, m);
    case 'repair':
      return checkRepair(s, realm, m);
    case 'train':
      return checkTrain(s, realm, m);
    case 'done':
      return s.phase === 'spend'
        ? err('must-spend', 'You must spend a resource this turn: attack, repair or train.', phrase('errors.mustSpend'))
        : ok(m);
  }
}

type Realm = DiceRealmsState['realms'][number];

function checkAttack(s: DiceRealmsState, realm: Realm, foe: Realm, m: Extract<DiceRealmsMove, { type: 'attack' }>): Result<DiceRealmsMove> {
  if (s.phase === 'train') return wrongSpend(s);
  const u = NAME[m.unit];
  const unit = { unit: m.unit, context: m.unit };
  if (realm[m.unit] === 0) {
    return realm.felled.includes(m.unit)
      ? err('unit-absent', `Your ${u} has been felled, so it cannot attack.`, phrase('errors.unitFelled', unit))
      : err('unit-absent', `Your ${u} has not been trained, so it cannot attack.`, phrase('errors.unitUntrained', unit));
  }
  if (s.attacked.includes(m.unit)) return err('already-attacked', `${u} already attacked this turn.`, phrase('errors.alreadyAttacked', { unit: m.unit }));
  const enemy = m.target === 'army' ? m.enemy : null;
  if (enemy && foe[enemy] === 0) {
    return err('no-target', `${targetText(s, 'army', enemy)} is not on the field.`, phrase('errors.enemyAbsent', { seat: seatPhrase(other(s.active)), unit: enemy }));
  }
  if (m.target !== 'army' && foe[m.target] === 0) {
    return err(
      'destroyed',
      `${targetText(s, m.target, null)} ${territoryIs(m.target)} already destroyed.`,
      phrase('errors.alreadyDestroyed', { seat: seatPhrase(other(s.active)), territory: m.target, context: m.target }),
    );
  }
  const cost = attackCost(m.unit, m.target);
  if (realm.food < cost) {
    const target = targetSaid(s, m.target, enemy);
    return err('no-food', `${u} needs ${cost} Food to attack ${target.text}, you have ${realm.food}.`, phrase('errors.noFood', { unit: m.unit, cost, target: target.phrase, food: realm.food }));
  }
  return ok(m);
}

function checkRepair(s: DiceRealmsState, realm: Realm, m: Extract<DiceRealmsMove, { type: 'repair' }>): Result<DiceRealmsMove> {
  if (s.phase !== 'spend') return wrongSpend(s);
  const t = NAME[m.territory];
  const now = realm[m.territory];
  const max = MAX[m.territory];
  const missing = max - now;
  const territory = { territory: m.territory, health: now, max };
  if (missing === 0) {
    return err('full', `Your ${t} ${territoryIs(m.territory)} at full health (${now}/${max}).`, phrase('errors.territoryFull', { ...territory, context: m.territory }));
  }
  if (m.points > missing) {
    return err('too-much', `Your ${t} can take at most ${plural(missing, 'point')} of repair (${now}/${max}).`, phrase('errors.repairTooMuch', { ...territory, count: missing }));
  }
  const cost = REPAIR_COST * m.points;
  if (realm.population < cost) {
    return err(
      'no-population',
      `You need ${cost} Population to repair ${plural(m.points, 'point')}, you have ${realm.population}.`,
      phrase('errors.noPopulation', { cost, count: m.points, population: realm.population }),
    );
  }
  return ok(m);
}

function checkTrain(s: DiceRealmsState, realm: Realm, m: Extract<DiceRealmsMove, { type: 'train' }>): Result<DiceRealmsMove> {
  if (s.phase === 'attack') return wrongSpend(s);
  const u = NAME[m.unit];
  const now = realm[m.unit];
  const max = MAX[m.unit];
  const unit = { unit: m.unit };
  if (s.trained.includes(m.unit)) return err('already-trained', `You already trained ${u} this turn.`, phrase('errors.alreadyTrained', unit));
  const room = max - now;
  if (room === 0) return err('full', `${u} is at full strength (${now}/${max}).`, phrase('errors.unitFull', { ...unit, value: now, max }));
  if (m.count > room) return err('too-many', `${u} can take at most ${room} more (${now}/${max}).`, phrase('errors.trainTooMany', { ...unit, count: room, value: now, max }));
  const cost = TRAIN_COST[m.unit] * m.count;
  if (realm.military < cost) {
    return err(
      'no-military',
      `You need ${cost} Military to train ${m.count} ${u}, you have ${realm.military}.`,
      phrase('errors.noMilitary', { ...unit, cost, count: m.count, military: realm.military }),
    );
  }
  return ok(m);
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
