// The attacker's turn, resolved by the rules: draw and place, the deck moves clockwise, advance,
// attacks, the morale surge, then the special cards in the order drawn. A "player's choice" stops
// the turn with a question; the answer resumes it by replaying the turn from its start with every
// answer so far, which keeps the whole turn one deterministic function of state and answers.
import { draw, type GameEvent } from '../../engine/index.js';
import {
  allWalls,
  castleCard,
  cellId,
  cellsInOrder,
  distance,
  nextSide,
  nextWall,
  parseCell,
  sidesFrom,
  wallsOf,
} from './geometry.js';
import * as told from './attackerTold.js';
import { checkEnd } from './outcome.js';
import { enemyName as enemyUnitName } from './phrases.js';
import {
  cardOf,
  damageCastle,
  defendersAt,
  enemiesAt,
  enemyCard,
  woundDefender,
} from './units.js';
import {
  COURTYARD,
  EVENT,
  RULES,
  isEvent,
  keyOf,
  cloneState,
  type Defender,
  type Enemy,
  type Question,
  type TwoDeckSiegeState,
} from './types.js';

/** Thrown to stop the turn at a question; never leaves this module. */
class Suspend {
  constructor(readonly question: Question) {}
}
/** Thrown when the game ends in the middle of the turn. */
class Over {}

interface Ctx {
  s: TwoDeckSiegeState;
  events: GameEvent[];
  answers: string[];
  used: number;
  auto: boolean;
  /** A chooser answering questions at once (benchmarks and tools); without it a question suspends. */
  decide: Decide | null;
  /** Cards placed by the morale surge do not advance in the turn they arrive. */
  resting: Set<string>;
}

export type Decide = (s: TwoDeckSiegeState, q: Question) => string;

function ask(ctx: Ctx, question: Omit<Question, 'options'>, options: string[]): string {
  const q: Question = { ...question, options };
  if (q.options.length === 1 || ctx.auto) return q.options[0]!;
  if (ctx.decide) {
    const a = ctx.decide(ctx.s, q);
    return q.options.includes(a) ? a : q.options[0]!;
  }
  if (ctx.used < ctx.answers.length) {
    const a = ctx.answers[ctx.used++]!;
    if (q.options.includes(a)) return a;
  }
  throw new Suspend(q);
}

/** Stops the turn when the castle falls; a win is judged only once the turn is complete. */
function endIfOver(ctx: Ctx, win = false): void {
  if (checkEnd(ctx.s, ctx.events, win)) throw new Over();
}

const count = (s: TwoDeckSiegeState, cell: string) => enemiesAt(s, cell).length;

// ---------------------------------------------------------------------------------------------
// Drawing and placing

/** Draws up to `n` enemy cards: units are placed at band 3, events are held in `held`. */
function drawEnemies(ctx: Ctx, n: number, held: string[], surge: boolean): void {
  const s = ctx.s;
  for (let i = 0; i < n; i++) {
    const id = s.enemyDeck.shift();
    if (id === undefined) {
      ctx.events.push(told.deckEmpty());
      return;
    }
    ctx.events.push(told.drawn(id, isEvent(id)));
    if (isEvent(id)) held.push(id);
    else placeEnemy(ctx, id, surge);
  }
}

/** Band 3 on the deck's side, the player's choice of wall; else band 3 anywhere; else the deck's bottom. */
function placeEnemy(ctx: Ctx, id: string, surge: boolean): void {
  const s = ctx.s;
  const open = (walls: string[]) => walls.filter((w) => count(s, cellId(w, 3)) < 2);
  let walls = open(wallsOf(s.layout, s.deckSide));
  if (walls.length === 0) walls = open(allWalls(s.layout));
  if (walls.length === 0) {
    s.enemyDeck.push(id);
    ctx.events.push(told.returned(id));
    return;
  }
  const wall = ask(ctx, told.whereToPlace(id), walls);
  const e: Enemy = { id, key: keyOf(id), at: cellId(wall, 3), wounds: 0 };
  s.enemies.push(e);
  if (surge) ctx.resting.add(id);
  ctx.events.push(told.placed(e, wall));
}

// ---------------------------------------------------------------------------------------------
// Advance

/** Where an enemy goes when it moves now; its own place when it stays. */
export function destination(s: TwoDeckSiegeState, e: Enemy, occupied = (cell: string) => count(s, cell)): string {
  if (e.at === COURTYARD) return e.at;
  const c = parseCell(e.at)!;
  const card = enemyCard(e);
  const breachSeen = wallsOf(s.layout, c.side).some((w) => castleCard(s, w)?.destroyed);
  if (card.range >= 2 && !breachSeen && c.band <= card.range) return e.at;
  if (c.band === 1) {
    const wall = castleCard(s, c.wall)!;
    return wall.destroyed || defendersAt(s, c.wall).length === 0 ? COURTYARD : e.at;
  }
  const front = cellId(c.wall, c.band - 1);
  if (occupied(front) <= 1) return front;
  const diagonal = cellId(nextWall(s.layout, c.wall), c.band - 1);
  if (occupied(diagonal) <= 1) return diagonal;
  return e.at;
}

/** The places two movers in one cell would reach, in the order given. */
function outcomeOf(s: TwoDeckSiegeState, first: Enemy, second: Enemy): string {
  const moved = new Map<string, string>();
  const occ = (cell: string) => enemiesAt(s, cell).filter((e) => !moved.has(e.id)).length + [...moved.values()].filter((v) => v === cell).length;
  for (const e of [first, second]) moved.set(e.id, destination(s, e, occ));
  return [first, second].map((e) => `${e.key}/${e.wounds}@${moved.get(e.id)}`).sort().join(',');
}

/** The enemies of each band cell, in the order they stand in `s.enemies`. */
function byCell(s: TwoDeckSiegeState): Map<string, Enemy[]> {
  const map = new Map<string, Enemy[]>();
  for (const e of s.enemies) {
    const list = map.get(e.at);
    if (list) list.push(e);
    else map.set(e.at, [e]);
  }
  return map;
}

function advance(ctx: Ctx, held: string[]): void {
  const s = ctx.s;
  const done = new Set<string>();
  // Movers only go nearer (a lower band), to cells already passed: each cell is met with the
  // enemies it held when the advance began.
  const cells = byCell(s);
  for (const cell of cellsInOrder(s.layout, s.deckSide)) {
    const here = cells.get(cell);
    if (!here) continue;
    let movers = here.filter((e) => !done.has(e.id) && !ctx.resting.has(e.id) && e.at === cell && s.enemies.includes(e));
    if (movers.length === 2 && outcomeOf(s, movers[0]!, movers[1]!) !== outcomeOf(s, movers[1]!, movers[0]!)) {
      const first = ask(ctx, told.whichFirst(cell), movers.map((e) => e.id));
      movers = [...movers].sort((a, b) => (a.id === first ? -1 : b.id === first ? 1 : 0));
    }
    for (const e of movers) {
      done.add(e.id);
      moveEnemy(ctx, e, held);
    }
  }
}

function moveEnemy(ctx: Ctx, e: Enemy, held: string[]): void {
  const s = ctx.s;
  const to = destination(s, e);
  if (to === e.at) return;
  const from = e.at;
  e.at = to;
  if (to !== COURTYARD) {
    ctx.events.push(...told.moved(e, from, to, null, false));
    return;
  }
  const wall = parseCell(from)!.wall;
  ctx.events.push(...told.moved(e, from, to, wall, castleCard(s, wall)!.destroyed));
  endIfOver(ctx);
  if (!s.surged) moraleSurge(ctx, held);
}

/** The first enemy inside: draw and place three cards, then three killed enemies rejoin the deck. */
function moraleSurge(ctx: Ctx, held: string[]): void {
  const s = ctx.s;
  s.surged = true;
  ctx.events.push(told.moraleSurge());
  drawEnemies(ctx, RULES.moraleSurge.draw, held, true);
  const back = s.enemyDiscard.splice(Math.max(0, s.enemyDiscard.length - RULES.moraleSurge.recycle));
  shuffleIntoDeck(s, back);
  if (back.length) ctx.events.push(told.recycled(back, true));
}

function shuffleIntoDeck(s: TwoDeckSiegeState, cards: string[]): void {
  const [deck, rng] = draw(s.rng, (r) => r.shuffle([...s.enemyDeck, ...cards]));
  s.rng = rng;
  s.enemyDeck = deck;
}

// ---------------------------------------------------------------------------------------------
// Attacks

/** The enemies in the attacker's order: band 1 first from the deck's side clockwise, then the courtyard. */
function attackOrder(s: TwoDeckSiegeState): Enemy[] {
  const cells = byCell(s);
  const out: Enemy[] = [];
  for (const cell of cellsInOrder(s.layout, s.deckSide)) {
    const here = cells.get(cell);
    if (here) out.push(...here);
  }
  out.push(...(cells.get(COURTYARD) ?? []));
  return out;
}

/** Distinct defenders: units alike in kind, place, wounds and tiredness are one choice. */
function distinct(list: Defender[]): Defender[] {
  const seen = new Set<string>();
  return list.filter((d) => {
    const k = `${d.key}/${d.at}/${d.wounds}/${d.tired}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/**
 * The target: the defender in front (distance 1) with the most wounds, ties the player's choice;
 * else the most wounded in range, then the lowest defence, then the player's choice.
 */
export function targetCandidates(s: TwoDeckSiegeState, e: Enemy): Defender[] {
  const range = enemyCard(e).range;
  const inRange: Defender[] = [];
  const front: Defender[] = [];
  for (const d of s.defenders) {
    const dist = distance(s.layout, d.at, e.at);
    if (dist === null || dist > range) continue;
    inRange.push(d);
    if (dist === 1) front.push(d);
  }
  if (inRange.length === 0) return [];
  const most = (list: Defender[]) => {
    let top = 0;
    for (const d of list) top = Math.max(top, d.wounds);
    return list.filter((d) => d.wounds === top);
  };
  if (front.length > 0) return distinct(most(front));
  const wounded = most(inRange);
  const low = Math.min(...wounded.map((d) => cardOf(d).shields));
  return distinct(wounded.filter((d) => cardOf(d).shields === low));
}

function enemyAttack(ctx: Ctx, e: Enemy, units: boolean, walls: boolean): void {
  const s = ctx.s;
  const card = enemyCard(e);
  if (units && card.swords > 0) {
    const options = targetCandidates(s, e);
    if (options.length > 0) {
      const pick = ask(ctx, told.whichTarget(e), options.map((d) => d.id));
      const d = s.defenders.find((x) => x.id === pick)!;
      const hit = card.swords > cardOf(d).shields;
      ctx.events.push(told.attacked(e, d, hit));
      if (hit) woundDefender(s, d, 1, ctx.events);
      endIfOver(ctx);
    }
  }
  if (walls && card.wall > 0) {
    if (e.at === COURTYARD) {
      const options = s.castle.filter((c) => !c.destroyed).map((c) => c.id);
      if (options.length === 0) return;
      const pick = ask(ctx, told.whichToBatter(e), options);
      damageCastle(s, pick, card.wall, enemyUnitName(e), ctx.events);
    } else {
      const c = parseCell(e.at)!;
      if (c.band <= card.range && !castleCard(s, c.wall)!.destroyed) damageCastle(s, c.wall, card.wall, enemyUnitName(e), ctx.events);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Special cards

function resolveEvent(ctx: Ctx, id: string, held: string[]): void {
  const s = ctx.s;
  const ev = EVENT[keyOf(id)]!;
  s.eventsDone.push(id);
  ctx.events.push(told.eventPlayed(id));
  const fx = ev.effect;
  switch (fx.kind) {
    case 'reinforce': {
      const back = s.enemyDiscard.splice(Math.max(0, s.enemyDiscard.length - fx.cards));
      shuffleIntoDeck(s, back);
      ctx.events.push(told.recycled(back, false));
      if (fx.draw) {
        ctx.events.push(told.reinforcementsArrive(fx.draw));
        drawEnemies(ctx, fx.draw, held, false);
      }
      return;
    }
    case 'advance':
      ctx.resting.clear();
      advance(ctx, held);
      return;
    case 'attack':
      for (const e of attackOrder(s)) if (s.enemies.includes(e) && enemyCard(e).range >= fx.minRange) enemyAttack(ctx, e, true, true);
      return;
    case 'siege':
      for (const e of attackOrder(s)) if (s.enemies.includes(e) && enemyCard(e).wall > 0) enemyAttack(ctx, e, false, true);
      return;
    case 'sap': {
      const walls = s.castle.filter((c) => c.kind === 'wall' && !c.destroyed);
      if (walls.length === 0) return;
      const worst = Math.max(...walls.map((c) => c.damage));
      const pick = ask(ctx, told.whichToSap(fx.points), walls.filter((c) => c.damage === worst).map((c) => c.id));
      damageCastle(s, pick, fx.points, told.sappers(), ctx.events, true);
      return;
    }
  }
}

/**
 * While a raising enemy (the Necromancer) lives, the last killed enemy other than a boss goes back
 * into the deck at a random place, `raise` a turn and `raiseTotal` in the whole game.
 */
function raiseDead(ctx: Ctx): void {
  const s = ctx.s;
  for (const e of s.enemies) {
    const card = enemyCard(e);
    const n = card.raise ?? 0;
    for (let i = 0; i < n; i++) {
      if ((s.raised ?? 0) >= (card.raiseTotal ?? Infinity)) return;
      const idx = s.enemyDiscard.map((id) => !['dragon', 'necromancer'].includes(keyOf(id))).lastIndexOf(true);
      if (idx < 0) return;
      const [id] = s.enemyDiscard.splice(idx, 1);
      const [pos, rng] = draw(s.rng, (r) => r.int(s.enemyDeck.length + 1));
      s.rng = rng;
      s.enemyDeck.splice(pos, 0, id!);
      s.raised = (s.raised ?? 0) + 1;
      ctx.events.push(told.raised(e, id!, (card.raiseTotal ?? Infinity) - s.raised));
    }
  }
}

function attackerTurn(ctx: Ctx): void {
  const s = ctx.s;
  const held: string[] = [];
  ctx.events.push(told.enemyTurn(s.deckSide));
  drawEnemies(ctx, RULES.enemyDraw, held, false);
  s.deckSide = nextSide(s.deckSide);
  ctx.events.push(told.deckMoved(s.deckSide));
  advance(ctx, held);
  for (const e of attackOrder(s)) if (s.enemies.includes(e)) enemyAttack(ctx, e, true, true);
  for (let i = 0; i < held.length; i++) resolveEvent(ctx, held[i]!, held);
  raiseDead(ctx);
  endIfOver(ctx, true);
}

export type AttackerResult = { state: TwoDeckSiegeState; events: GameEvent[]; question: Question | null };

/**
 * Runs the attacker's turn from `start` (the state when the defender ended the turn) with the
 * answers given so far. Returns the state reached, every event since `start`, and the question
 * the turn stops at, if any.
 */
export function runAttackerTurn(start: TwoDeckSiegeState, answers: string[], decide: Decide | null = null): AttackerResult {
  // With a chooser the caller owns `start` and nothing is replayed, so it is worked on in place.
  const ctx: Ctx = { s: decide ? start : cloneState(start), events: [], answers, used: 0, auto: start.options.autoChoose, decide, resting: new Set() };
  try {
    attackerTurn(ctx);
    return { state: ctx.s, events: ctx.events, question: null };
  } catch (e) {
    if (e instanceof Suspend) return { state: ctx.s, events: ctx.events, question: e.question };
    if (e instanceof Over) return { state: ctx.s, events: ctx.events, question: null };
    throw e;
  }
}

export { sidesFrom };
