// Dice Realms in words: whose turn and its step (an attack waiting for its defender included), the
// rolls shown, and both realms die by die: resources, territories' health and units, with a
// realm-by-realm table for the web. The game's own words (dice-realms:terms.*, board.*).
import { commas, type DescribeInput, type DescribedPart, type PositionDescription, type Words, wordsIn } from './shape.js';

const K = 'dice-realms';
const RESOURCES = ['food', 'population', 'military'] as const;
const TERRITORIES = ['farms', 'city', 'keep'] as const;
const UNITS = ['infantry', 'ranged', 'cavalry', 'siege'] as const;

type Die = { value?: number; health?: number; max: number };
type Unit = Die & { status: 'active' | 'felled' | 'reserve'; attackedThisTurn?: boolean; trainedThisTurn?: boolean };
type Realm = { resources: Record<string, Die>; territories: Record<string, Die & { destroyed: boolean }>; units: Record<string, Unit> };
type Roll = { seat: number; sides: number; face: number };

const term = (w: Words, kind: 'resource' | 'territory' | 'unit', key: string) => w.t(`dice-realms:terms.${kind}.${key}`);

/** A die's value and maximum, or what the die says instead ("ruined", "felled"). */
type Amount = { name: string; amount: string };

function resourceAmounts(w: Words, realm: Realm): Amount[] {
  return RESOURCES.map((r) => ({ name: term(w, 'resource', r), amount: w.d(`${K}.amount`, { value: w.n(realm.resources[r]?.value), max: w.n(realm.resources[r]?.max) }) }));
}

function territoryAmounts(w: Words, realm: Realm): Amount[] {
  return TERRITORIES.map((t) => {
    const x = realm.territories[t];
    return { name: term(w, 'territory', t), amount: x?.destroyed ? w.d(`${K}.ruined`, { max: w.n(x.max) }) : w.d(`${K}.amount`, { value: w.n(x?.health), max: w.n(x?.max) }) };
  });
}

/** "3 of 4 (attacked)", "not trained", "felled". */
function unitAmounts(w: Words, realm: Realm): Amount[] {
  return UNITS.map((u) => {
    const x = realm.units[u];
    const base = !x || x.status === 'active' ? w.d(`${K}.amount`, { value: w.n(x?.value), max: w.n(x?.max) }) : w.t(`dice-realms:board.status.${x.status}`, { context: u });
    const note = x?.attackedThisTurn ? 'attacked' : x?.trainedThisTurn ? 'trained' : null;
    return { name: term(w, 'unit', u), amount: note ? w.d(`${K}.withNote`, { amount: base, note: w.t(`dice-realms:board.status.${note}`, { context: u }) }) : base };
  });
}

const items = (w: Words, amounts: Amount[]) => commas(w, amounts.map((a) => w.d(`${K}.item`, a)));

/** Whose move it is and what they may do, or the result: the board's status bar. */
function statusLine(w: Words, v: any, seats: string[]): string {
  const seat = (s: number) => seats[s] ?? '';
  switch (v.phase) {
    case 'gather':
    case 'spend':
    case 'train':
      return w.t(`dice-realms:board.statusLine.${v.phase}`, { seat: seat(v.active) });
    case 'attack':
      return w.t('dice-realms:board.statusLine.attack', { seat: seat(v.active), food: w.n(v.realms?.[v.active]?.resources?.food?.value) });
    case 'defend':
      return w.t('dice-realms:board.statusLine.defend', { seat: seat(v.pending?.defender ?? 1 - v.active), territory: v.pending?.target ?? 'farms' });
    default:
      return '';
  }
}

function rollsText(w: Words, rolls: Roll[], seats: string[]): string {
  return commas(w, rolls.map((r) => w.d(`${K}.roll`, { seat: seats[r.seat] ?? '', sides: r.sides, face: w.n(r.face) })));
}

function turnPart(w: Words, v: any, seats: string[]): DescribedPart {
  const lines = [w.d(`${K}.turn`, { turn: w.n(v.turn) })];
  if (v.variant === 'fast') lines.push(w.d(`${K}.fast`));
  const status = statusLine(w, v, seats);
  if (status) lines.push(status);
  if (v.pending) {
    lines.push(w.d(`${K}.pending`, {
      attack: w.t('dice-realms:board.attackPending', { seat: seats[v.pending.attacker] ?? '', unit: v.pending.unit, value: w.n(v.pending.value), foe: seats[1 - v.pending.attacker] ?? '', territory: v.pending.target }),
    }));
  }
  if (v.gathered && v.phase !== 'over') lines.push(w.d(`${K}.gathered`, { seat: seats[v.active] ?? '', territory: term(w, 'territory', v.gathered) }));
  const units = (list: string[] | undefined) => w.list((list ?? []).map((u) => term(w, 'unit', u)));
  if (v.attackedThisTurn?.length) lines.push(w.d(`${K}.attackedThisTurn`, { units: units(v.attackedThisTurn) }));
  if (v.trainedThisTurn?.length) lines.push(w.d(`${K}.trainedThisTurn`, { units: units(v.trainedThisTurn) }));
  const brief = lines.join(' ');
  if (v.rolls?.thisTurn?.length) lines.push(w.d(`${K}.rollsThisTurn`, { rolls: rollsText(w, v.rolls.thisTurn, seats) }));
  if (v.rolls?.lastTurn?.rolls?.length) lines.push(w.d(`${K}.rollsLastTurn`, { rolls: rollsText(w, v.rolls.lastTurn.rolls, seats) }));
  return { id: 'turn', heading: w.d(`${K}.turnHeading`), lines, brief: [{ text: lines.join(' '), whole: true }, { text: brief, whole: false }] };
}

function realmsPart(w: Words, v: any, seats: string[]): DescribedPart {
  const realms: Realm[] = v.realms ?? [];
  const lines: string[] = [];
  const briefs: string[] = [];
  realms.forEach((realm, s) => {
    const seat = seats[s] ?? '';
    const [resources, territories, units] = [resourceAmounts(w, realm), territoryAmounts(w, realm), unitAmounts(w, realm)].map((a) => items(w, a));
    lines.push(w.d(`${K}.resources`, { seat, list: resources }), w.d(`${K}.territories`, { seat, list: territories }), w.d(`${K}.units`, { seat, list: units }));
    briefs.push(w.d(`${K}.brief`, { seat, resources, territories, units }));
  });
  // The realms side by side, one row a die.
  const rows = [resourceAmounts, territoryAmounts, unitAmounts].flatMap((amounts) => {
    const each = realms.map((r) => amounts(w, r));
    return (each[0] ?? []).map((a, k) => ({ header: a.name, cells: each.map((e) => e[k]!.amount) }));
  });
  return {
    id: 'realms',
    heading: w.d(`${K}.realmsHeading`),
    lines,
    brief: [{ text: briefs.join(' '), whole: true }],
    table: { caption: w.d(`${K}.realmsHeading`), columns: [w.d(`${K}.dieHeader`), ...realms.map((_, s) => seats[s] ?? '')], rows },
  };
}

export function describeDiceRealms({ view, locale, seats }: DescribeInput): PositionDescription {
  const w = wordsIn(locale);
  const names = (view.seatNames as string[] | undefined ?? []).map((name, s) => seats[s] ?? name);
  return { game: K, parts: [turnPart(w, view, names), realmsPart(w, view, names)] };
}
