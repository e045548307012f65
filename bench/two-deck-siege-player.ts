// A heuristic defender for Two Deck Siege, for the balance bench. It plays like a careful human:
// every wall gets a defender before enemies reach it (an empty wall is climbed), tough melee units
// hold the walls, archers and crossbows shoot from the towers, wounded and dangerous enemies are
// shot first, walls under siege are repaired, tired units rest in the courtyard, and intruders in
// the courtyard are killed before anything else.
// Each card in hand (as written, and the cheapest one as a generic attack or move) is played on a
// copy of the state, its actions chosen greedily one by one with the action scores below. The few
// most promising plays then face the enemy's turn, played by the engine's own rules on the copy
// without drawing (the deck is hidden), and the position left is weighed; the best play, or ending
// the turn, wins, and its whole plan is then played move by move.
import { apply } from '../src/games/two-deck-siege/turn.js';
import { runAttackerTurn } from '../src/games/two-deck-siege/attacker.js';
import { castleCard, distance, isTower, parseCell, towerWalls, wallsOf } from '../src/games/two-deck-siege/geometry.js';
import { attackPreview, orderActions, orderBonus, repairPoints } from '../src/games/two-deck-siege/orders.js';
import { cardOf, enemyCard, exhausted, reach, stamina, strength } from '../src/games/two-deck-siege/units.js';
import { legalMoves } from '../src/games/two-deck-siege/rules.js';
import {
  COURTYARD,
  ORDER,
  RULES,
  keyOf,
  type Defender,
  type Enemy,
  type OrderInProgress,
  type Question,
  type Side,
  type TwoDeckSiegeMove,
  type TwoDeckSiegeState,
} from '../src/games/two-deck-siege/types.js';
import type { Rng } from '../src/engine/index.js';

// ---------------------------------------------------------------------------------------------
// Reading the board (cached per state object until it changes)

interface Board {
  s: TwoDeckSiegeState;
  /** Enemies and the danger each stands for. */
  enemies: Enemy[];
  danger: number[];
  /** Distance from each place to each enemy (null: out of sight). */
  dist: Map<string, (number | null)[]>;
  occ: Map<string, number>;
  inside: number;
  /** Wall points the siege enemies in front of each wall take per turn. */
  siege: Map<string, number>;
  shieldsMin: number;
  /** The worth of each unit where it stands. */
  from: Map<string, number>;
}

let board: Board | null = null;
/** The board's state has since changed by the defender's own actions only (no enemy moved). */
let stale = false;

function occupancy(s: TwoDeckSiegeState): Map<string, number> {
  const occ = new Map<string, number>();
  for (const d of s.defenders) occ.set(d.at, (occ.get(d.at) ?? 0) + 1);
  return occ;
}

function read(s: TwoDeckSiegeState): Board {
  if (board && board.s === s) {
    if (!stale) return board;
    stale = false;
    // Defender actions never move an enemy, and a kill replaces the enemies array: while it is the
    // same array, the distances and dangers read before still hold; the defenders are read again.
    if (board.enemies === s.enemies) {
      board.occ = occupancy(s);
      board.shieldsMin = Math.min(...s.defenders.map((d) => cardOf(d).shields), 9);
      board.from = new Map();
      return board;
    }
  }
  stale = false;
  const enemies = s.enemies;
  const occ = occupancy(s);
  const siege = new Map<string, number>();
  for (const e of enemies) {
    const c = enemyCard(e);
    if (c.wall === 0 || e.at === COURTYARD) continue;
    const cell = parseCell(e.at)!;
    if (cell.band <= c.range) siege.set(cell.wall, (siege.get(cell.wall) ?? 0) + c.wall);
  }
  const b: Board = {
    s,
    enemies,
    danger: enemies.map((e) => danger(e)),
    dist: new Map(),
    occ,
    inside: enemies.filter((e) => e.at === COURTYARD).length,
    siege,
    shieldsMin: Math.min(...s.defenders.map((d) => cardOf(d).shields), 9),
    from: new Map(),
  };
  board = b;
  return b;
}

/** The board changed in place: forget what was read. */
const touched = () => {
  board = null;
  stale = false;
};
/** The board changed in place by a defender's action (a card play, an action, a spell). */
const acted = () => {
  stale = true;
};

function distances(b: Board, place: string): (number | null)[] {
  let row = b.dist.get(place);
  if (!row) {
    row = b.enemies.map((e) => distance(b.s.layout, place, e.at));
    b.dist.set(place, row);
  }
  return row;
}

const bandOf = (e: Enemy) => (e.at === COURTYARD ? 0 : parseCell(e.at)!.band);

/** What an enemy is likely to cost us if it lives: wounds it deals, walls it breaks, and how near it is. */
function danger(e: Enemy): number {
  const c = enemyCard(e);
  const band = bandOf(e);
  const hurts = (c.swords > 2 ? 3 : c.swords > 1 ? 1 : 0) + (c.swords > 3 ? 4 : 0);
  const base = 2 + hurts + c.wall * 5 + (c.raise ? 30 : 0);
  const near = band === 0 ? 3 : band === 1 ? 1.4 : band === 2 ? 1.1 : 0.9;
  return base * near;
}

/** A defender's worth, used for wounds it may take. */
function worth(d: Defender): number {
  const c = cardOf(d);
  return 6 + c.swords * 2 + c.shields + c.hearts * 2 + (c.special ? 4 : 0) + (c.caster ? 8 : 0) + (c.repair ? 3 : 0);
}

/** What a wound on enemy `e` (index `i`) is worth: a share of its danger, and a bonus for the kill. */
function woundValue(b: Board, i: number, wounds = 1): number {
  const e = b.enemies[i]!;
  const c = enemyCard(e);
  const left = c.hearts - e.wounds;
  const k = 4 + b.danger[i]! * 2;
  const dealt = Math.min(wounds, left);
  return (k * dealt) / c.hearts + (dealt >= left ? k * 0.6 + 3 : 0);
}

/** The cost of one more tired token on a unit. */
function tiring(d: Defender, inside = 0): number {
  const st = stamina(d);
  // With an enemy inside nobody may rest: an exhausted unit stays useless until the courtyard is clear.
  if (d.tired + 1 >= 2 * st) return inside > 0 ? 6 : 3;
  if (d.tired + 1 > st) return 1.5;
  return 0.3;
}

// ---------------------------------------------------------------------------------------------
// Where units should stand

/** Enemies heading for wall `w` that would climb it if it stood empty, weighted by how soon. */
function guardNeed(b: Board, s: TwoDeckSiegeState, w: string): number {
  const c = castleCard(s, w);
  if (!c || c.destroyed) return 0;
  const side = parseCell(`${w}-1`)!.side;
  let need = 3;
  for (const e of b.enemies) {
    if (e.at === COURTYARD) continue;
    const cell = parseCell(e.at)!;
    if (cell.side !== side) continue;
    if (cell.wall === w) need += cell.band === 1 ? 40 : cell.band === 2 ? 16 : 5;
    else need += cell.band <= 2 ? 2 : 1;
  }
  if (side === s.deckSide) need += 4;
  return need;
}

/** The best targets a unit at `place` could hit from there, and the hits it would take there. */
function combatAt(b: Board, d: Defender, place: string, sharers: number): number {
  const c = cardOf(d);
  const row = distances(b, place);
  const r = c.range + (isTower(place) ? 1 : 0);
  const str = exhausted(d) ? 0 : strength(d);
  const best: number[] = [];
  let exposure = 0;
  for (let i = 0; i < b.enemies.length; i++) {
    const dist = row[i];
    if (dist === null || dist === undefined) continue;
    const e = b.enemies[i]!;
    const ec = enemyCard(e);
    if (str > 0 && dist <= r && str > ec.shields) best.push(woundValue(b, i));
    if (ec.swords > c.shields && dist <= ec.range) {
      const lethal = c.hearts - d.wounds <= 1;
      // In front (distance 1) it strikes the most wounded there; from further, anyone in reach.
      exposure += ((worth(d) / c.hearts) * (lethal ? 2 : 1)) / (dist === 1 ? 1 + sharers : 1.5 + sharers);
    }
  }
  best.sort((x, y) => y - x);
  // Once the deck is empty the last enemies must be hunted down: reaching them counts for more.
  const hunt = b.s.enemyDeck.length === 0 ? 3 : 1;
  return ((best[0] ?? 0) * 0.35 + (best[1] ?? 0) * 0.15) * hunt - exposure;
}

/** The worth of unit `d` standing at `place` with `others` other defenders there. */
function placeValue(b: Board, d: Defender, place: string, others: number): number {
  const s = b.s;
  const c = cardOf(d);
  const support = c.caster !== undefined || (c.repair && c.swords <= 1);
  const tiredNeed = exhausted(d) ? 8 : d.tired > stamina(d) ? 3 + d.tired - stamina(d) : d.tired > 0 ? d.tired * 0.6 : 0;
  if (place === COURTYARD) {
    let v = support ? 7 : 0;
    if (b.inside > 0) {
      if (!support) v += combatAt(b, d, place, others) + (others < b.inside + 2 ? 12 : 0);
    } else {
      v += tiredNeed;
    }
    if (others < 2) v += 12;
    return v;
  }
  let v = combatAt(b, d, place, others);
  if (exhausted(d)) v = Math.min(v, 0) - 4;
  if (isTower(place)) {
    v += c.range >= 2 ? 4 + c.range : 0.5;
    return v;
  }
  // A wall: its first defender keeps the enemy from climbing in.
  if (others === 0) v += guardNeed(b, s, place) * (c.shields >= 3 ? 1 : 0.7);
  else if (others === 1) {
    // A lone guard that the enemy in front can wound needs a partner before it falls.
    const guard = s.defenders.find((x) => x.at === place && x.id !== d.id);
    const front = b.enemies.filter((e) => e.at === `${place}-1` || e.at === `${place}-2`);
    const hurt = guard ? front.filter((e) => enemyCard(e).swords > cardOf(guard).shields).length : 0;
    if (hurt > 0) v += guardNeed(b, s, place) * 0.2 * (c.shields >= 3 ? 1 : 0.7);
    v += c.range === 1 && !support ? 1 : 0;
  }
  if (support) v -= 3;
  return v;
}

// ---------------------------------------------------------------------------------------------
// Scoring single actions

function repairUrgency(b: Board, s: TwoDeckSiegeState, id: string): number {
  const c = castleCard(s, id)!;
  const left = c.rating - c.damage;
  const siege = c.kind === 'wall' ? (b.siege.get(id) ?? 0) : 0;
  const holders = b.occ.get(id) ?? 0;
  const front = c.kind === 'wall' ? b.enemies.filter((e) => e.at === `${id}-1`).length : 0;
  let u = c.kind === 'wall' ? 1.5 : 0.4;
  if (siege > 0) u += 2 + siege * 1.5;
  if (left <= 3 * Math.max(1, siege)) u += 5;
  if (left <= 2) u += 6;
  if (front > 0 || holders > 0) u += 0.5;
  return u;
}

function scoreAction(s: TwoDeckSiegeState, m: TwoDeckSiegeMove, order: OrderInProgress): number {
  const b = read(s);
  if (m.type === 'cast') return scoreCast(b, s, m) - castTiring(b, s, m);
  if (m.type !== 'act') return 0;
  const d = s.defenders.find((x) => x.id === m.unit)!;
  switch (m.do) {
    case 'attack': {
      const i = b.enemies.findIndex((e) => e.id === m.target);
      const p = attackPreview(s, d, b.enemies[i]!, orderBonus(order));
      if (!p.hit) return -1;
      return woundValue(b, i) - tiring(d, b.inside) - (isTower(d.at) || d.at === COURTYARD ? 0 : 0.2);
    }
    case 'repair': {
      const c = castleCard(s, m.target)!;
      const pts = Math.min(repairPoints(d, m.target), c.damage);
      return pts * repairUrgency(b, s, m.target) - tiring(d, b.inside);
    }
    case 'rest':
      return Math.min(d.tired, RULES.restTokens) * 1.2 + (exhausted(d) ? 6 : d.tired > stamina(d) ? 3 : 0);
    case 'move': {
      let from = b.from.get(d.id);
      if (from === undefined) {
        from = placeValue(b, d, d.at, (b.occ.get(d.at) ?? 1) - 1);
        b.from.set(d.id, from);
      }
      const to = placeValue(b, d, m.target, b.occ.get(m.target) ?? 0);
      return to - from - 0.5;
    }
  }
}

/**
 * A caster exhausted while an enemy is inside cannot rest it off: the Priest's Vigil, the one way
 * out of such a deadlock, is then lost too. Vigil on the caster's own place clears its tokens first.
 */
function castTiring(b: Board, s: TwoDeckSiegeState, m: Extract<TwoDeckSiegeMove, { type: 'cast' }>): number {
  const d = s.defenders.find((x) => cardOf(x).caster === m.caster);
  if (!d) return 0;
  const after = m.spell === 'refresh' && m.target === d.at ? 1 : d.tired + 1;
  if (after < 2 * stamina(d)) return 0;
  return b.inside > 0 ? (m.caster === 'priest' ? 12 : 6) : 2;
}

function scoreCast(b: Board, s: TwoDeckSiegeState, m: Extract<TwoDeckSiegeMove, { type: 'cast' }>): number {
  switch (m.spell) {
    case 'fireball': {
      let v = 0;
      b.enemies.forEach((e, i) => {
        if (e.at === m.target) v += woundValue(b, i, 1);
      });
      return v;
    }
    case 'lightning': {
      const i = b.enemies.findIndex((e) => e.id === m.target);
      return woundValue(b, i, 2);
    }
    case 'mend': {
      const c = castleCard(s, m.target)!;
      if (c.destroyed) return c.kind === 'wall' ? 40 : 4;
      return Math.min(3, c.damage) * repairUrgency(b, s, m.target);
    }
    case 'heal': {
      const d = s.defenders.find((x) => x.id === m.target)!;
      return (Math.min(2, d.wounds) * worth(d)) / cardOf(d).hearts;
    }
    case 'refresh':
      return s.defenders.filter((d) => d.at === m.target).reduce((sum, d) => sum + d.tired * 1.2 + (exhausted(d) ? 4 : 0), 0);
    case 'revive':
      return 8 + worth({ id: '', key: m.target, at: COURTYARD, wounds: 0, tired: 0 });
    default:
      return 0;
  }
}

// ---------------------------------------------------------------------------------------------
// Cards: what keeping one is worth, and trying each one ahead

/** What a card is worth kept in hand: what it costs to spend it now. */
function keepValue(s: TwoDeckSiegeState, key: string): number {
  const o = ORDER[key];
  if (!o) return 25;
  switch (o.effect.kind) {
    case 'summon': {
      const special = o.effect.special;
      return s.lost.some((id) => keyOf(id) === special) || s.defenders.some((d) => d.key === special) ? 0.5 : 25;
    }
    case 'spell':
      return 4;
    case 'attack':
      return 1.5 + o.effect.bonus + o.effect.units * 0.4;
    case 'move':
      return 1.5 + o.effect.units * 0.6;
    case 'repair':
      return 2;
    default:
      return 2;
  }
}

type Plan = { moves: TwoDeckSiegeMove[]; value: number; after: TwoDeckSiegeState | null };

/**
 * How the board stands once the turn ends after `t`: the enemy's turn is played out by the rules
 * on the copy, without drawing (the deck is hidden), and what is left is weighed.
 */
function afterEnemy(t: TwoDeckSiegeState, deckEmpty: boolean): number {
  const hand = t.hand.reduce((a, k) => a + keepValue(t, keyOf(k)), 0);
  t.enemyDeck = [];
  // Nothing killed comes back in the look ahead (the Necromancer's raising only feeds the deck).
  t.enemyDiscard = [];
  t.eventsDone = [...t.eventsDone];
  t.order = null;
  if (t.phase === 'orders') {
    // The end of the turn as the rules play it: idle courtyard units rest, then the enemy acts.
    if (!t.enemies.some((e) => e.at === COURTYARD)) {
      for (const d of t.defenders) if (d.at === COURTYARD && d.tired > 0 && !t.acted.includes(d.id)) d.tired = Math.max(0, d.tired - RULES.restTokens);
    }
    runAttackerTurn(t, [], answerQuestion);
  }
  touched();
  return evaluate(t, deckEmpty) + hand * 0.25;
}

/** A static look at a position at the start of the defender's turn. */
function evaluate(s: TwoDeckSiegeState, deckEmpty: boolean): number {
  if (s.phase === 'over' && s.result && !s.result.won) return -1e5 + s.killed;
  let v = 0;
  if (s.phase === 'over' && s.result?.won && deckEmpty) v += 1e5;
  for (const d of s.defenders) {
    const c = cardOf(d);
    v += worth(d) * (1 - (0.45 * d.wounds) / c.hearts);
    const over = d.tired - stamina(d);
    v -= d.tired * 0.4 + (over > 0 ? over * 1.2 : 0) + (exhausted(d) ? 3 : 0);
  }
  let inside = 0;
  for (const e of s.enemies) {
    const c = enemyCard(e);
    const left = c.hearts - e.wounds;
    const hurts = (c.swords > 2 ? 3 : c.swords > 1 ? 1 : 0) + (c.swords > 3 ? 4 : 0);
    const base = 6 + hurts * 1.5 + c.wall * 5 + (c.raise ? 45 : 0);
    const band = bandOf(e);
    if (band === 0) inside += 1;
    v -= base * (0.3 + (0.7 * left) / c.hearts) * (band === 0 ? 2.5 : band === 1 ? 1.2 : 1) * (deckEmpty ? 2 : 1);
  }
  // Units placed where they can strike next turn; once the deck is empty every enemy left must be
  // hunted down, so an enemy nobody can reach (even with a bonus order) weighs heavily.
  const covered = new Set<Enemy>();
  for (const d of s.defenders) {
    if (exhausted(d) || (d.at === COURTYARD && inside === 0)) continue;
    const str = strength(d);
    const r = reach(d);
    let n = 0;
    for (const e of s.enemies) {
      const dist = distance(s.layout, d.at, e.at);
      if (dist === null || dist > r) continue;
      const shields = enemyCard(e).shields;
      if (str > shields) n += 1;
      if (str + 1 > shields) covered.add(e);
    }
    if (n > 0) v += 2.5 + Math.min(n, 3) * 0.5;
  }
  if (deckEmpty) v -= 25 * (s.enemies.length - covered.size);
  v += s.killed * 2;
  for (const c of s.castle) {
    if (c.kind !== 'wall') {
      v += c.destroyed ? -6 : (c.rating - c.damage) * 0.3;
      continue;
    }
    if (c.destroyed) {
      v -= 45;
      continue;
    }
    const left = c.rating - c.damage;
    v += Math.min(left, 8) * 2.5 + left * 0.5;
    const held = s.defenders.some((d) => d.at === c.id);
    if (!held) {
      const n1 = s.enemies.filter((e) => e.at === `${c.id}-1`).length;
      const n2 = s.enemies.filter((e) => e.at === `${c.id}-2`).length;
      v -= n1 * 40 + n2 * 12 + (parseCell(`${c.id}-1`)!.side === s.deckSide ? 4 : 0);
    }
  }
  if (inside > 0) {
    const guards = s.defenders.filter((d) => d.at === COURTYARD).length;
    v -= guards < inside + 2 ? 30 : 0;
    if (!s.surged) v -= 40;
  }
  return v;
}

/** A special defender joins: worth it when the turn has nothing more pressing (it uses two plays). */
function summonValue(s: TwoDeckSiegeState): number {
  const b = read(s);
  return 14 + (b.inside > 0 ? 10 : 0) + (s.turn > 3 ? 4 : 0);
}

/** Plays `card` as `as` on a copy and fills its actions greedily; the moves and their worth. */
function tryCard(s: TwoDeckSiegeState, card: string, as: 'order' | 'attack' | 'move'): Plan {
  const play: TwoDeckSiegeMove = { type: 'play', card, as };
  const o = ORDER[card];
  if (as === 'order' && o?.effect.kind === 'summon') {
    return { moves: [play], value: 0, after: null };
  }
  const t = quickCopy(s);
  apply(t, play, []);
  touched();
  const moves: TwoDeckSiegeMove[] = [play];
  let value = 0;
  for (let step = 0; step < 12 && t.order && t.phase === 'orders'; step++) {
    const order = t.order;
    let best: TwoDeckSiegeMove | null = null;
    let bestV = 0.4;
    for (const m of orderActions(t, order)) {
      const v = scoreAction(t, m, order);
      if (v > bestV) {
        best = m;
        bestV = v;
      }
    }
    if (!best) {
      moves.push({ type: 'done' });
      break;
    }
    moves.push(best);
    value += bestV;
    apply(t, best, []);
    acted();
  }
  return { moves, value, after: t };
}

/** How many of the best-looking card plays are tried against the enemy's turn. */
const LOOK = 3;

/**
 * A copy good enough for the defender's own card plays, which never touch the decks, the rng or a
 * pending attacker turn: the mutable parts are copied, the rest shared.
 */
function quickCopy(s: TwoDeckSiegeState): TwoDeckSiegeState {
  return {
    ...s,
    castle: s.castle.map((c) => ({ ...c })),
    defenders: s.defenders.map((d) => ({ ...d })),
    enemies: s.enemies.map((e) => ({ ...e })),
    fallen: [...s.fallen],
    lost: [...s.lost],
    enemyDiscard: [...s.enemyDiscard],
    hand: [...s.hand],
    playerDiscard: [...s.playerDiscard],
    acted: [...s.acted],
    order: s.order ? { ...s.order, acted: [...s.order.acted], cast: [...s.order.cast] } : null,
  };
}

let plan: TwoDeckSiegeMove[] = [];
let planFor: TwoDeckSiegeState | null = null;

/** The best card to play now with its whole plan, or the end of the turn. */
function choosePlay(s: TwoDeckSiegeState): TwoDeckSiegeMove[] {
  if (s.plays >= RULES.plays) return [{ type: 'end' }];
  const keys = [...new Set(s.hand.map(keyOf))];
  // A generic order does the same whatever the card: spend the card least worth keeping.
  const cheapest = keys.filter((k) => ORDER[k]).sort((a, b) => keepValue(s, a) - keepValue(s, b))[0];
  const deckEmpty = s.enemyDeck.length === 0;
  let best = { moves: [{ type: 'end' }] as TwoDeckSiegeMove[], value: afterEnemy(quickCopy(s), deckEmpty) + 0.5 };
  // Every card is first played out greedily on a copy; the most promising few then face the
  // enemy's turn on that copy, and the best outcome (or ending the turn) is played.
  const tried: { moves: TwoDeckSiegeMove[]; after: TwoDeckSiegeState; value: number; guess: number }[] = [];
  const consider = (card: string, as: 'order' | 'attack' | 'move') => {
    const p = tryCard(s, card, as);
    if (p.moves.length < 2 || p.value <= 0) return;
    tried.push({ moves: p.moves, after: p.after!, value: p.value, guess: p.value - keepValue(s, card) });
  };
  for (const key of keys) {
    const o = ORDER[key];
    if (!o) continue;
    if (o.effect.kind === 'summon') {
      const special = o.effect.special;
      if (s.plays + 2 > RULES.plays || !s.hand.some((c) => keyOf(c) === special)) continue;
      const t = quickCopy(s);
      apply(t, { type: 'play', card: key, as: 'order' }, []);
      tried.push({ moves: [{ type: 'play', card: key, as: 'order' }], after: t, value: 0, guess: summonValue(s) });
      continue;
    }
    if (legalPlay(s, key, 'order')) consider(key, 'order');
  }
  if (cheapest) {
    for (const as of ['attack', 'move'] as const) if (legalPlay(s, cheapest, as)) consider(cheapest, as);
  }
  tried.sort((a, b) => b.guess - a.guess);
  for (const p of tried.slice(0, LOOK)) {
    const v = afterEnemy(p.after, deckEmpty) + p.value * 0.15;
    if (v > best.value) best = { moves: p.moves, value: v };
  }
  touched();
  return best.moves;
}

function legalPlay(s: TwoDeckSiegeState, card: string, as: 'order' | 'attack' | 'move'): boolean {
  const order: OrderInProgress = { card, mode: as, acted: [], group: null, dest: null, cast: [] };
  if (as === 'order' && ORDER[card]?.effect.kind === 'summon') return false;
  return orderActions(s, order, 1).length > 0;
}

export function chooseMove(s: TwoDeckSiegeState, rng: Rng): TwoDeckSiegeMove {
  touched();
  if (s.phase === 'orders') {
    if (planFor === s && plan.length > 0) return plan.shift()!;
    if (s.order) {
      // Not from a plan (a tool handed us a half-played order): finish it greedily.
      const order = s.order;
      let best: TwoDeckSiegeMove = { type: 'done' };
      let bestV = 0.4;
      for (const m of orderActions(s, order)) {
        const v = scoreAction(s, m, order);
        if (v > bestV) {
          best = m;
          bestV = v;
        }
      }
      return best;
    }
    plan = choosePlay(s);
    planFor = s;
    return plan.shift()!;
  }
  const moves = legalMoves(s, 0);
  if (moves.length === 1) return moves[0]!;
  switch (s.phase) {
    case 'thick':
      return chooseThick(s, moves, rng);
    case 'discard': {
      const val = (m: TwoDeckSiegeMove) => (m.type === 'discard' ? m.cards.reduce((a, k) => a + keepValue(s, k), 0) : 0);
      return moves.reduce((best, m) => (val(m) < val(best) ? m : best));
    }
    default: {
      const pick = answerQuestion(s, s.pending!.question);
      return moves.find((m) => m.type === 'choose' && m.pick === pick) ?? moves[0]!;
    }
  }
}

/** Thick walls go on the North side first: the enemy deck starts there. */
function chooseThick(s: TwoDeckSiegeState, moves: TwoDeckSiegeMove[], rng: Rng): TwoDeckSiegeMove {
  const order: Side[] = ['N', 'E', 'S', 'W'];
  for (const side of order) {
    for (const w of wallsOf(s.layout, side)) {
      const m = moves.find((x) => x.type === 'thick' && x.wall === w);
      if (m) return m;
    }
  }
  return moves[rng.int(moves.length)]!;
}

/** The heuristic's answer to a question of the attacker's turn. */
export function answerQuestion(s: TwoDeckSiegeState, q: Question): string {
  touched();
  let best = q.options[0]!;
  let bestV = -Infinity;
  for (const o of q.options) {
    const v = answerValue(s, q, o);
    if (v > bestV) {
      best = o;
      bestV = v;
    }
  }
  return best;
}

function answerValue(s: TwoDeckSiegeState, q: Question, pick: string): number {
  if (q.kind === 'target') {
    const d = s.defenders.find((x) => x.id === pick)!;
    const attacker = s.enemies.find((e) => e.id === q.enemy);
    const hit = attacker ? enemyCard(attacker).swords > cardOf(d).shields : true;
    return (hit ? 0 : 100) + (cardOf(d).hearts - d.wounds) * 5 - worth(d) * 0.2;
  }
  if (q.kind === 'siege' || q.kind === 'sap') {
    const c = castleCard(s, pick)!;
    return (c.kind === 'tower' ? 20 : 0) + c.rating - c.damage;
  }
  if (q.kind === 'place') {
    // Newcomers go where the defence is strongest and the wall least damaged.
    const b = read(s);
    const held = s.defenders.filter((d) => d.at === pick);
    const c = castleCard(s, pick)!;
    const towers = s.defenders.filter((d) => isTower(d.at) && towerWalls(s.layout, d.at).includes(pick) && cardOf(d).range >= 2).length;
    return held.length * 4 + held.reduce((a, d) => a + cardOf(d).shields, 0) + towers * 2 + (c.rating - c.damage) * 0.3 - b.enemies.filter((e) => e.at.startsWith(`${pick}-`)).length;
  }
  return 0;
}

/** A move from legalMoves applied in place, without the legality check and the copy `play` makes. */
export function applyInPlace(s: TwoDeckSiegeState, m: TwoDeckSiegeMove): TwoDeckSiegeState {
  apply(s, m, [], answerQuestion);
  touched();
  if (planFor !== null && plan.length > 0) planFor = s;
  return s;
}

export { keyOf };
