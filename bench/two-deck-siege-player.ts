// A heuristic defender for Two Deck Siege, for the balance bench: it scores every legal move with
// a quick look at the board (hits and kills, threatened walls, empty walls, repairs, rest) and
// plays the best one; it ends the turn when nothing scores. No search, so 1,000 games take seconds.
import { distance, parseCell, wallsOf } from '../src/games/two-deck-siege/geometry.js';
import { attackPreview, effectOf, orderActions, orderBonus, repairPoints } from '../src/games/two-deck-siege/orders.js';
import { apply } from '../src/games/two-deck-siege/turn.js';
import { cardOf, defendersAt, enemyCard, exhausted, stamina } from '../src/games/two-deck-siege/units.js';
import {
  COURTYARD,
  DEFENDER,
  ORDER,
  RULES,
  SIDES,
  keyOf,
  type Defender,
  type Enemy,
  type OrderInProgress,
  type Question,
  type TwoDeckSiegeMove,
  type TwoDeckSiegeState,
} from '../src/games/two-deck-siege/types.js';
import { legalMoves } from '../src/games/two-deck-siege/rules.js';
import { nextSide } from '../src/games/two-deck-siege/geometry.js';
import { Rng } from '../src/engine/index.js';

const RESERVE = 3;

/** How dangerous an enemy is: its swords, its wall icons, and how close it stands. */
function threat(e: Enemy): number {
  const c = enemyCard(e);
  const band = e.at === COURTYARD ? 0 : parseCell(e.at)!.band;
  const active = band <= c.range;
  const near = band === 0 ? 12 : band === 1 ? 5 : band === 2 ? 2.5 : 1;
  return (1 + c.swords * 0.6) * near + c.wall * (active ? 6 : 2);
}

let needs: Map<string, number> | null = null;

/** What a wall needs: enemies heading for it, weighted by how close they are (cached per decision). */
function wallNeed(s: TwoDeckSiegeState, wall: string): number {
  needs ??= new Map();
  let v = needs.get(wall);
  if (v === undefined) {
    v = computeNeed(s, wall);
    needs.set(wall, v);
  }
  return v;
}

function computeNeed(s: TwoDeckSiegeState, wall: string): number {
  const w = parseCell(`${wall}-1`)!;
  let need = 0;
  for (const e of s.enemies) {
    if (e.at === COURTYARD) continue;
    const c = parseCell(e.at)!;
    if (c.side !== w.side) continue;
    const same = c.wall === wall;
    need += (same ? 1 : 0.4) * (c.band === 1 ? 6 : c.band === 2 ? 3 : 1.5);
  }
  // The deck's side and the next receive the next enemies.
  if (w.side === s.deckSide) need += 2;
  if (w.side === nextSide(s.deckSide)) need += 1;
  return need;
}

/** The worth of unit `d` standing at `place` (the rest of the board as it is). */
function placeValue(s: TwoDeckSiegeState, d: Defender, place: string, others: number): number {
  const c = cardOf(d);
  const support = c.caster !== undefined || (c.repair && c.swords < 2);
  if (place === COURTYARD) {
    let v = others < RESERVE ? 14 - others * 3 : 0;
    if (support) v += 10;
    const inside = s.enemies.filter((e) => e.at === COURTYARD).length;
    if (inside > 0 && !support) v += 8 + inside * 3 + (others < inside + 2 ? 10 : 0);
    if (exhausted(d)) v += 10;
    else v += Math.max(0, d.tired - stamina(d) + 1) * 3;
    return v;
  }
  if (exhausted(d)) return -4;
  const ranged = c.range >= 2;
  if (/^[NESW][NESW]$/.test(place)) {
    const sides = SIDES.filter((sd) => place.includes(sd));
    const need = sides.reduce((sum, sd) => sum + wallsOf(s.layout, sd).reduce((a, w) => a + wallNeed(s, w), 0), 0);
    return (ranged ? 8 + need * 0.5 : 1 + need * 0.1) * (c.range >= 3 ? 1.3 : 1);
  }
  const need = wallNeed(s, place);
  // An empty wall with enemies touching it lets them climb in: its first defender matters most.
  const touching = s.enemies.filter((e) => e.at === `${place}-1`).length;
  const coming = s.enemies.filter((e) => e.at === `${place}-2`).length;
  const first = others === 0 ? 12 + need * 3 + touching * 30 + coming * 12 : 0;
  const fighter = (c.swords + c.shields) / 4;
  return first + 6 + need * (ranged ? 0.9 : 0.7) * fighter;
}

function scoreAttack(s: TwoDeckSiegeState, d: Defender, e: Enemy, bonus: number): number {
  const p = attackPreview(s, d, e, bonus);
  if (!p.hit) return -1;
  const c = enemyCard(e);
  const kill = c.hearts - e.wounds <= 1;
  const tiring = d.tired + 1 > stamina(d) ? 1.5 : 0;
  return 6 + threat(e) + (kill ? 8 + c.hearts : 0) - tiring;
}

function scoreRepair(s: TwoDeckSiegeState, d: Defender, target: string): number {
  const c = s.castle.find((x) => x.id === target)!;
  const pts = Math.min(repairPoints(d, target), c.damage);
  const left = c.rating - c.damage;
  const danger = c.kind === 'wall' ? wallNeed(s, target) : 0;
  return pts * (3 + (left <= 3 ? 6 : 0) + danger * 0.5) - (d.tired + 1 > stamina(d) ? 2 : 0);
}

function scoreAction(s: TwoDeckSiegeState, m: TwoDeckSiegeMove, order: OrderInProgress): number {
  if (m.type === 'cast') return scoreCast(s, m);
  if (m.type !== 'act') return 0;
  const d = s.defenders.find((x) => x.id === m.unit)!;
  switch (m.do) {
    case 'attack':
      return scoreAttack(s, d, s.enemies.find((e) => e.id === m.target)!, orderBonus(order));
    case 'repair':
      return scoreRepair(s, d, m.target);
    case 'rest':
      return Math.min(d.tired, 2) * 2 + (exhausted(d) ? 4 : 0);
    case 'move': {
      const from = placeValue(s, d, d.at, defendersAt(s, d.at).length - 1);
      const to = placeValue(s, d, m.target, defendersAt(s, m.target).length);
      return to - from - 0.5;
    }
  }
}

function scoreCast(s: TwoDeckSiegeState, m: Extract<TwoDeckSiegeMove, { type: 'cast' }>): number {
  switch (m.spell) {
    case 'fireball':
      return s.enemies.filter((e) => e.at === m.target).reduce((sum, e) => sum + 4 + threat(e) + (enemyCard(e).hearts - e.wounds <= 1 ? 10 : 0), 0);
    case 'lightning': {
      const e = s.enemies.find((x) => x.id === m.target)!;
      return 6 + threat(e) * 1.5 + (enemyCard(e).hearts - e.wounds <= 2 ? 10 + enemyCard(e).hearts : 0);
    }
    case 'mend': {
      const c = s.castle.find((x) => x.id === m.target)!;
      return c.destroyed ? 25 : Math.min(3, c.damage) * 4;
    }
    case 'heal': {
      const d = s.defenders.find((x) => x.id === m.target)!;
      return d.wounds * 4 + (cardOf(d).hearts - d.wounds <= 1 ? 6 : 0);
    }
    case 'refresh':
      return defendersAt(s, m.target).reduce((sum, d) => sum + d.tired * 1.5, 0);
    case 'revive':
      return 10 + (DEFENDER[m.target]?.swords ?? 0);
    default:
      return 0;
  }
}

/** What a card is worth keeping in hand, to choose discards and the card spent as a generic order. */
function keepValue(key: string): number {
  const o = ORDER[key];
  if (!o) return 30;
  switch (o.effect.kind) {
    case 'summon':
      return 30;
    case 'spell':
      return 7;
    case 'attack':
      return 4 + o.effect.bonus + o.effect.units * 0.5;
    case 'move':
      return 4 + o.effect.units * 0.5;
    case 'repair':
      return 4;
    default:
      return 2;
  }
}

/** The value of playing a card as `mode`: the best actions it allows, greedily, less the card. */
function playValue(s: TwoDeckSiegeState, card: string, mode: 'order' | 'attack' | 'move'): number {
  const o = ORDER[card];
  if (mode === 'order' && o?.effect.kind === 'summon') return 40;
  const order: OrderInProgress = { card, mode, acted: [], group: null, dest: null, cast: [] };
  const fx = effectOf(order);
  const scored = orderActions(s, order)
    .map((m) => ({ m, v: scoreAction(s, m, order) }))
    .filter((x) => x.v > 0)
    .sort((a, b) => b.v - a.v);
  let total = 0;
  const used = new Set<string>();
  const limit = fx.kind === 'spell' ? 2 : fx.kind === 'summon' ? 0 : mode === 'order' ? fx.units : 1;
  for (const { m, v } of scored) {
    const who = m.type === 'act' ? m.unit : m.type === 'cast' ? m.caster : '';
    if (used.has(who)) continue;
    used.add(who);
    total += v;
    if (used.size >= limit) break;
  }
  return total - keepValue(card) * (mode === 'order' ? 0.3 : 1);
}

export function chooseMove(s: TwoDeckSiegeState, rng: Rng): TwoDeckSiegeMove {
  needs = null;
  if (s.phase === 'orders') return s.order ? chooseAction(s, s.order) : choosePlay(s);
  const moves = legalMoves(s, 0);
  if (moves.length === 1) return moves[0]!;
  switch (s.phase) {
    case 'thick':
      return moves[rng.int(moves.length)]!;
    case 'discard': {
      const val = (m: TwoDeckSiegeMove) => (m.type === 'discard' ? m.cards.reduce((a, k) => a + keepValue(k), 0) : 0);
      return moves.reduce((best, m) => (val(m) < val(best) ? m : best));
    }
    default:
      return chooseAnswer(s, moves);
  }
}

function chooseAction(s: TwoDeckSiegeState, order: OrderInProgress): TwoDeckSiegeMove {
  let best: TwoDeckSiegeMove = { type: 'done' };
  let bestV = 0.5;
  for (const m of orderActions(s, order)) {
    const v = scoreAction(s, m, order);
    if (v > bestV) {
      best = m;
      bestV = v;
    }
  }
  return best;
}

/** The best card to play and how, straight from the hand (the same moves legalMoves lists). */
function choosePlay(s: TwoDeckSiegeState): TwoDeckSiegeMove {
  let best: TwoDeckSiegeMove = { type: 'end' };
  if (s.plays >= RULES.plays) return best;
  let bestV = 1;
  // Cards with the same effect (every generic attack, every generic move) are worth the same.
  const worth = new Map<string, number>();
  for (const card of new Set(s.hand.map(keyOf))) {
    for (const as of ['order', 'attack', 'move'] as const) {
      const o = ORDER[card];
      if (as === 'order' && !o) continue;
      if (as === 'order' && o!.effect.kind === 'summon') {
        const special = o!.effect.special;
        if (s.plays + 2 > RULES.plays || !s.hand.some((c) => keyOf(c) === special)) continue;
      }
      const same = as === 'order' ? JSON.stringify(o!.effect) : as;
      let gain = worth.get(same);
      if (gain === undefined) {
        gain = playValue(s, card, as) + keepValue(card) * (as === 'order' ? 0.3 : 1);
        worth.set(same, gain);
      }
      const v = gain - keepValue(card) * (as === 'order' ? 0.3 : 1);
      if (v > bestV) {
        best = { type: 'play', card, as };
        bestV = v;
      }
    }
  }
  return best;
}

/** The heuristic's answer to a question of the attacker's turn. */
export function answerQuestion(s: TwoDeckSiegeState, q: Question): string {
  needs = null;
  let best = q.options[0]!;
  for (const o of q.options) if (answerValue(s, q, o) > answerValue(s, q, best)) best = o;
  return best;
}

function chooseAnswer(s: TwoDeckSiegeState, moves: TwoDeckSiegeMove[]): TwoDeckSiegeMove {
  const pick = answerQuestion(s, s.pending!.question);
  return moves.find((m) => m.type === 'choose' && m.pick === pick) ?? moves[0]!;
}

function answerValue(s: TwoDeckSiegeState, q: Question, pick: string): number {
    if (q.kind === 'target') {
      const d = s.defenders.find((x) => x.id === pick)!;
      const attacker = s.enemies.find((e) => e.id === q.enemy);
      const hit = attacker ? enemyCard(attacker).swords > cardOf(d).shields : true;
      return (hit ? 0 : 100) + (cardOf(d).hearts - d.wounds) * 5 - (cardOf(d).special ? 8 : 0);
    }
    if (q.kind === 'siege' || q.kind === 'sap') {
      const c = s.castle.find((x) => x.id === pick)!;
      return (c.kind === 'tower' ? 20 : 0) + c.rating - c.damage;
    }
    if (q.kind === 'place') {
      // Put newcomers where the defence is strongest.
      return defendersAt(s, pick).reduce((sum, d) => sum + cardOf(d).swords, 0) - wallNeed(s, pick);
    }
    return 0;
}

/** A move from legalMoves applied in place, without the legality check and the copy `play` makes. */
export function applyInPlace(s: TwoDeckSiegeState, m: TwoDeckSiegeMove): TwoDeckSiegeState {
  apply(s, m, [], answerQuestion);
  return s;
}

export { keyOf };
