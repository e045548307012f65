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
import { checkEnd } from './outcome.js';
import { cardName, cardText, castleCardName, defenderName, enemyName as enemyUnitName, event, said, shields, sideName, swords, where } from './phrases.js';
import {
  cardOf,
  damageCastle,
  defendersAt,
  enemiesAt,
  enemyCard,
  woundDefender,
  woundEnemy,
} from './units.js';
import {
  COURTYARD,
  EVENT,
  RULES,
  SIDE_NAME,
  enemyName,
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

function ask(ctx: Ctx, q: Question): string {
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
      ctx.events.push(event('enemy-deck-empty', said('The enemy deck is empty.', 'events.enemyDeckEmpty')));
      return;
    }
    const card = cardName(keyOf(id));
    if (isEvent(id)) {
      held.push(id);
      const text = `🂠 The enemy draws ${card.text}: it will be played after the attacks.`;
      ctx.events.push(event('enemy-draw', said(text, 'events.enemyDrawsEvent', { icon: '🂠', card: card.phrase }), { card: enemyName(id), id, revealed: true }));
      continue;
    }
    ctx.events.push(event('enemy-draw', said(`🂠 The enemy draws ${card.text}.`, 'events.enemyDraws', { icon: '🂠', card: card.phrase }), { card: enemyName(id), id, revealed: true }));
    placeEnemy(ctx, id, surge);
  }
}

/** Band 3 on the deck's side, the player's choice of wall; else band 3 anywhere; else the deck's bottom. */
function placeEnemy(ctx: Ctx, id: string, surge: boolean): void {
  const s = ctx.s;
  const open = (walls: string[]) => walls.filter((w) => count(s, cellId(w, 3)) < 2);
  let walls = open(wallsOf(s.layout, s.deckSide));
  if (walls.length === 0) walls = open(allWalls(s.layout));
  const card = cardName(keyOf(id));
  if (walls.length === 0) {
    s.enemyDeck.push(id);
    const text = `Every band-3 place is full: ${card.text} goes to the bottom of the enemy deck.`;
    ctx.events.push(event('enemy-returned', said(text, 'events.enemyReturned', { card: card.phrase }), { card: enemyName(id) }));
    return;
  }
  const wall = ask(ctx, {
    kind: 'place',
    enemy: id,
    options: walls,
    text: `Where does the new ${card.text} stand? Choose a wall: it is placed in band 3 in front of it.`,
    phrase: { key: 'prompts.place', values: { card: card.phrase } },
  });
  const e: Enemy = { id, key: keyOf(id), at: cellId(wall, 3), wounds: 0 };
  s.enemies.push(e);
  if (surge) ctx.resting.add(id);
  const who = enemyUnitName(e);
  const text = `${who.text} takes position at ${e.at} (band 3 before ${wall}).`;
  ctx.events.push(event('enemy-place', said(text, 'events.enemyPlaced', { enemy: who.phrase, cell: e.at, wall }), { card: enemyName(id), to: e.at }));
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
      const first = ask(ctx, {
        kind: 'order',
        enemy: null,
        options: movers.map((e) => e.id),
        text: `Two enemies at ${cell} cannot both get ahead: which moves first?`,
        phrase: { key: 'prompts.order', values: { cell } },
      });
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
  const who = enemyUnitName(e);
  const fields = { card: enemyCard(e).name, id: e.id, from, to };
  if (to !== COURTYARD) {
    ctx.events.push(event('enemy-move', said(`${who.text} advances ${from} → ${to}.`, 'events.enemyAdvances', { enemy: who.phrase, step: `${from} → ${to}` }), fields));
    return;
  }
  const wall = parseCell(from)!.wall;
  const breach = castleCard(s, wall)!.destroyed;
  const how = breach ? `through the breach at ${wall}` : `over the undefended wall ${wall}`;
  ctx.events.push(event('enemy-move', said(`${who.text} climbs ${how}.`, breach ? 'events.enemyClimbsBreach' : 'events.enemyClimbsWall', { enemy: who.phrase, wall }), fields));
  ctx.events.push(event('courtyard', said(`⚠ ${who.text} is in the courtyard!`, 'events.enemyInside', { icon: '⚠', enemy: who.phrase }), { card: enemyCard(e).name, id: e.id }));
  endIfOver(ctx);
  if (!s.surged) moraleSurge(ctx, held);
}

/** The first enemy inside: draw and place three cards, then three killed enemies rejoin the deck. */
function moraleSurge(ctx: Ctx, held: string[]): void {
  const s = ctx.s;
  s.surged = true;
  ctx.events.push(event('morale-surge', said('📯 The walls are scaled! The enemy’s morale surges: three more cards join the attack.', 'events.moraleSurge', { icon: '📯' })));
  drawEnemies(ctx, RULES.moraleSurge.draw, held, true);
  const back = s.enemyDiscard.splice(Math.max(0, s.enemyDiscard.length - RULES.moraleSurge.recycle));
  shuffleIntoDeck(s, back);
  if (back.length) {
    const text = `${back.length} killed ${back.length === 1 ? 'enemy returns' : 'enemies return'} to the enemy deck, which is shuffled.`;
    ctx.events.push(event('recycle', said(text, 'events.surgeRecycle', { count: back.length }), { cards: back.map(enemyName) }));
  }
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
      const who = enemyUnitName(e);
      const at = where(e.at);
      const pick = ask(ctx, {
        kind: 'target',
        enemy: e.id,
        options: options.map((d) => d.id),
        text: `${who.text} ${at.text} attacks: which of the equal targets does it strike?`,
        phrase: { key: 'prompts.target', values: { enemy: who.phrase, where: at.phrase } },
      });
      const d = s.defenders.find((x) => x.id === pick)!;
      const hit = card.swords > cardOf(d).shields;
      const target = defenderName(d);
      const there = where(d.at);
      const text = `⚔ ${who.text} (${swords(card.swords)}) attacks ${target.text} ${there.text} (${shields(cardOf(d).shields)}): ${hit ? 'a wound!' : 'no effect.'}`;
      const values = { icon: '⚔', enemy: who.phrase, swords: swords(card.swords), unit: target.phrase, where: there.phrase, shields: shields(cardOf(d).shields) };
      ctx.events.push(
        event('attack', said(text, hit ? 'events.enemyAttackHits' : 'events.enemyAttackMisses', values), {
          attacker: card.name,
          attackerId: e.id,
          target: cardOf(d).name,
          targetId: d.id,
          hit,
        }),
      );
      if (hit) woundDefender(s, d, 1, ctx.events);
      endIfOver(ctx);
    }
  }
  if (walls && card.wall > 0) {
    if (e.at === COURTYARD) {
      const options = s.castle.filter((c) => !c.destroyed).map((c) => c.id);
      if (options.length === 0) return;
      const who = enemyUnitName(e);
      const pick = ask(ctx, {
        kind: 'siege',
        enemy: e.id,
        options,
        text: `${who.text} in the courtyard batters the castle: which wall or tower takes ${card.wall} damage?`,
        phrase: { key: 'prompts.siege', values: { enemy: who.phrase, count: card.wall } },
      });
      damageCastle(s, pick, card.wall, who, ctx.events);
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
  const name = cardName(ev.key);
  const rules = cardText(ev.key);
  ctx.events.push(event('enemy-event', said(`🃏 ${name.text}: ${rules.text}`, 'events.enemyEvent', { icon: '🃏', card: name.phrase, text: rules.phrase }), { card: ev.name, id, revealed: true }));
  const fx = ev.effect;
  switch (fx.kind) {
    case 'reinforce': {
      const back = s.enemyDiscard.splice(Math.max(0, s.enemyDiscard.length - fx.cards));
      shuffleIntoDeck(s, back);
      const rejoin = back.length
        ? said(`${back.length} killed ${back.length === 1 ? 'enemy rejoins' : 'enemies rejoin'} the enemy deck.`, 'events.reinforceRecycle', { count: back.length })
        : said('No killed enemy to bring back.', 'events.reinforceNone');
      ctx.events.push(event('recycle', rejoin, { cards: back.map(enemyName) }));
      if (fx.draw) {
        const text = `📯 ${fx.draw} more enemy ${fx.draw === 1 ? 'card is' : 'cards are'} drawn at once.`;
        ctx.events.push(event('reinforcements-arrive', said(text, 'events.reinforcementsArrive', { icon: '📯', count: fx.draw })));
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
      const pick = ask(ctx, {
        kind: 'sap',
        enemy: null,
        options: walls.filter((c) => c.damage === worst).map((c) => c.id),
        text: `Sappers dig under the most damaged wall: which of the equal walls takes ${fx.points} damage?`,
        phrase: { key: 'prompts.sap', values: { count: fx.points } },
      });
      damageCastle(s, pick, fx.points, said('Sappers', 'terms.sappers'), ctx.events, true);
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
      const left = (card.raiseTotal ?? Infinity) - s.raised;
      const who = enemyUnitName(e);
      const raised = cardName(keyOf(id!));
      const rites = Number.isFinite(left) ? ` (${left} ${left === 1 ? 'rite' : 'rites'} left)` : '';
      const text = `🕯 ${who.text} raises a fallen ${raised.text}: it rejoins the enemy deck${rites}.`;
      const values = { icon: '🕯', enemy: who.phrase, card: raised.phrase, ...(Number.isFinite(left) ? { count: left } : {}) };
      ctx.events.push(event('raise', said(text, Number.isFinite(left) ? 'events.raiseCounted' : 'events.raise', values), { card: enemyName(id!) }));
    }
  }
}

function attackerTurn(ctx: Ctx): void {
  const s = ctx.s;
  const held: string[] = [];
  const side = sideName(s.deckSide, SIDE_NAME[s.deckSide]);
  ctx.events.push(event('enemy-turn', said(`— The enemy's turn (deck at the ${side.text} side) —`, 'events.enemyTurn', { side: side.phrase })));
  drawEnemies(ctx, RULES.enemyDraw, held, false);
  s.deckSide = nextSide(s.deckSide);
  const next = sideName(s.deckSide, SIDE_NAME[s.deckSide]);
  ctx.events.push(event('deck-moves', said(`The enemy deck moves clockwise to the ${next.text} side.`, 'events.deckMoves', { side: next.phrase }), { side: s.deckSide }));
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
