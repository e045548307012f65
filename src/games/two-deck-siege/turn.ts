// Applying the defender's moves: thick walls, discards, card plays, unit actions, spells, the end
// of the turn (rest, then the attacker's turn), and the answers to the attacker's questions.
import type { GameEvent } from '../../engine/index.js';
import { runAttackerTurn, type AttackerResult, type Decide } from './attacker.js';
import { castleCard } from './geometry.js';
import { attackPreview, casterOf, effectOf, enemyInCourtyard, orderActions, orderBonus, repairPoints } from './orders.js';
import { checkEnd } from './outcome.js';
import { startTurn } from './setup.js';
import { cardOf, defenderLabel, defendersAt, enemyLabel, whereText, woundEnemy } from './units.js';
import {
  COURTYARD,
  DATA,
  DEFENDER,
  ORDER,
  RULES,
  cloneState,
  keyOf,
  playerCardName,
  type TwoDeckSiegeMove,
  type TwoDeckSiegeState,
} from './types.js';

type Events = GameEvent[];

function takeFromHand(s: TwoDeckSiegeState, key: string): string {
  const i = s.hand.findIndex((c) => keyOf(c) === key);
  const [card] = s.hand.splice(i, 1);
  return card!;
}

/**
 * Applies a move already known to be legal. `decide`, given by tools only, answers the attacker's
 * questions at once instead of stopping the turn at them.
 */
export function apply(s: TwoDeckSiegeState, m: TwoDeckSiegeMove, events: Events, decide: Decide | null = null): void {
  switch (m.type) {
    case 'thick': {
      const c = castleCard(s, m.wall)!;
      c.thick = true;
      c.rating = DATA.castle.thick.rating;
      s.thickLeft -= 1;
      events.push({ type: 'thick-wall', text: `🧱 A thick wall (${c.rating} points) goes up at ${m.wall}.`, wall: m.wall });
      if (s.thickLeft === 0) startTurn(s, events);
      return;
    }
    case 'discard': {
      for (const key of m.cards) s.playerDiscard.push(takeFromHand(s, key));
      events.push({ type: 'discard', text: `You discard ${m.cards.map(playerCardName).join(' and ')}.`, cards: m.cards });
      s.phase = 'orders';
      return;
    }
    case 'play':
      return playCard(s, m.card, m.as, events);
    case 'act':
      return act(s, m, events);
    case 'cast':
      return cast(s, m, events);
    case 'done':
      events.push({ type: 'order-done', text: `${playerCardName(s.order!.card)} is done.` });
      s.order = null;
      return;
    case 'end':
      return endTurn(s, events, decide);
    case 'choose':
      return answer(s, m.pick, events);
  }
}

function playCard(s: TwoDeckSiegeState, key: string, as: 'order' | 'attack' | 'move', events: Events): void {
  const order = ORDER[key];
  if (as === 'order' && order?.effect.kind === 'summon') {
    const special = order.effect.special;
    s.playerDiscard.push(takeFromHand(s, key));
    const id = takeFromHand(s, special);
    s.plays += 2;
    s.defenders.push({ id, key: special, at: COURTYARD, wounds: 0, tired: 0 });
    s.acted.push(id);
    const card = DEFENDER[special]!;
    events.push({ type: 'summon', text: `✨ ${order.name}: the ${card.name} ${card.plural ? 'enter' : 'enters'} the courtyard.`, card: order.name, unit: id });
    return;
  }
  s.playerDiscard.push(takeFromHand(s, key));
  s.plays += 1;
  s.order = { card: key, mode: as, acted: [], group: null, dest: null, cast: [] };
  const what = as === 'order' ? order!.text : as === 'attack' ? 'generic Attack: one or two units on one wall or tower, or one unit in the courtyard, attack' : 'generic Move: one or two units on one wall or tower, or one unit in the courtyard, move to one place';
  events.push({ type: 'play', text: `🂡 You play ${playerCardName(key)}${as === 'order' ? '' : ' as a generic order'}: ${what}`, card: playerCardName(key), as });
  closeOrderIfSpent(s);
}

function closeOrderIfSpent(s: TwoDeckSiegeState): void {
  if (s.order && orderActions(s, s.order, 1).length === 0) s.order = null;
}

function act(s: TwoDeckSiegeState, m: Extract<TwoDeckSiegeMove, { type: 'act' }>, events: Events): void {
  const o = s.order!;
  const d = s.defenders.find((x) => x.id === m.unit)!;
  const from = d.at;
  switch (m.do) {
    case 'attack': {
      const e = s.enemies.find((x) => x.id === m.target)!;
      const p = attackPreview(s, d, e, orderBonus(o));
      events.push({
        type: 'attack',
        text: `🏹 ${defenderLabel(d)} ${whereText(d.at)} (${p.strength}⚔) attacks ${enemyLabel(e)} at ${e.at} (${p.shields}🛡): ${p.hit ? 'a wound!' : 'no effect.'}`,
        attacker: cardOf(d).name,
        attackerId: d.id,
        target: enemyLabel(e),
        targetId: e.id,
        hit: p.hit,
      });
      d.tired += 1;
      if (p.hit) woundEnemy(s, e, 1, events);
      break;
    }
    case 'repair': {
      const c = castleCard(s, m.target)!;
      const pts = Math.min(repairPoints(d, m.target), c.damage);
      c.damage -= pts;
      d.tired += 1;
      events.push({ type: 'repair', text: `🔨 ${defenderLabel(d)} repairs ${m.target} by ${pts} (${c.rating - c.damage} of ${c.rating}).`, wall: m.target, points: pts });
      break;
    }
    case 'move':
      d.at = m.target;
      events.push({ type: 'defender-move', text: `${defenderLabel(d)} moves ${from === COURTYARD ? 'from the courtyard' : `from ${from}`} to ${m.target === COURTYARD ? 'the courtyard' : m.target}.`, unit: d.id, from, to: m.target });
      break;
    case 'rest': {
      const before = d.tired;
      d.tired = Math.max(0, d.tired - RULES.restTokens);
      events.push({ type: 'rest', text: `${defenderLabel(d)} rests: tired ${before} → ${d.tired}.`, unit: d.id });
      break;
    }
  }
  o.acted.push(d.id);
  if (!s.acted.includes(d.id)) s.acted.push(d.id);
  if (o.mode !== 'order' || (effectOf(o).kind === 'attack' && (effectOf(o) as { who: string }).who === 'group')) o.group ??= from;
  if (o.mode === 'move') o.dest ??= m.target;
  if (checkEnd(s, events)) return;
  closeOrderIfSpent(s);
}

function cast(s: TwoDeckSiegeState, m: Extract<TwoDeckSiegeMove, { type: 'cast' }>, events: Events): void {
  const o = s.order!;
  const caster = casterOf(s, m.caster)!;
  const fx = effectOf(o);
  if (fx.kind !== 'spell') return;
  const name = cardOf(caster).name;
  switch (m.spell) {
    case 'fireball': {
      const targets = s.enemies.filter((e) => e.at === m.target);
      events.push({ type: 'spell', text: `🔥 The ${name} casts Fireball at ${m.target}.`, spell: 'fireball', target: m.target });
      for (const e of targets) {
        events.push({ type: 'attack', text: `🔥 Fireball burns ${enemyLabel(e)}: a wound!`, attacker: name, target: enemyLabel(e), targetId: e.id, hit: true });
        woundEnemy(s, e, fx.wizard.wounds ?? 1, events);
      }
      break;
    }
    case 'lightning': {
      const e = s.enemies.find((x) => x.id === m.target)!;
      events.push({ type: 'attack', text: `⚡ The ${name} strikes ${enemyLabel(e)} with Lightning: ${fx.wizard.wounds ?? 2} wounds!`, attacker: name, target: enemyLabel(e), targetId: e.id, hit: true });
      woundEnemy(s, e, fx.wizard.wounds ?? 2, events);
      break;
    }
    case 'mend': {
      const c = castleCard(s, m.target)!;
      if (c.destroyed) {
        c.destroyed = false;
        c.damage = c.rating - Math.ceil(c.rating / 2);
        events.push({ type: 'repair', text: `🪄 The ${name} raises ${m.target} from its rubble (${c.rating - c.damage} of ${c.rating}).`, wall: m.target, points: c.rating - c.damage });
      } else {
        const pts = Math.min(fx.wizard.points ?? 3, c.damage);
        c.damage -= pts;
        events.push({ type: 'repair', text: `🪄 The ${name} mends ${m.target} by ${pts} (${c.rating - c.damage} of ${c.rating}).`, wall: m.target, points: pts });
      }
      break;
    }
    case 'heal': {
      const d = s.defenders.find((x) => x.id === m.target)!;
      const before = d.wounds;
      d.wounds = Math.max(0, d.wounds - (fx.priest.wounds ?? 2));
      events.push({ type: 'spell', text: `✚ The ${name} heals ${defenderLabel(d)}: wounds ${before} → ${d.wounds}.`, spell: 'heal', target: d.id });
      break;
    }
    case 'refresh': {
      const units = defendersAt(s, m.target).filter((d) => d.tired > 0);
      for (const d of units) d.tired = 0;
      events.push({ type: 'spell', text: `✚ The ${name} keeps vigil: ${units.map(defenderLabel).join(', ')} ${units.length === 1 ? 'is' : 'are'} no longer tired.`, spell: 'refresh', target: m.target });
      break;
    }
    case 'revive': {
      const i = s.fallen.findIndex((id) => keyOf(id) === m.target);
      const [id] = s.fallen.splice(i, 1);
      s.defenders.push({ id: id!, key: m.target, at: COURTYARD, wounds: 0, tired: 0 });
      s.acted.push(id!);
      events.push({ type: 'spell', text: `✚ The ${name} revives ${DEFENDER[m.target]!.short} ${id}: back in the courtyard.`, spell: 'revive', target: id });
      break;
    }
  }
  caster.tired += 1;
  o.cast.push(m.caster);
  if (!s.acted.includes(caster.id)) s.acted.push(caster.id);
  if (checkEnd(s, events)) return;
  closeOrderIfSpent(s);
}

/** Idle courtyard units rest (unless an enemy is inside), then the attacker takes its turn. */
function endTurn(s: TwoDeckSiegeState, events: Events, decide: Decide | null): void {
  s.order = null;
  if (!enemyInCourtyard(s)) {
    const resting = defendersAt(s, COURTYARD).filter((d) => !s.acted.includes(d.id) && d.tired > 0);
    for (const d of resting) d.tired = Math.max(0, d.tired - RULES.restTokens);
    if (resting.length) events.push({ type: 'rest', text: `${resting.length} idle ${resting.length === 1 ? 'unit rests' : 'units rest'} in the courtyard.`, units: resting.map((d) => d.id) });
  }
  events.push({ type: 'end-turn', text: `You end turn ${s.turn}.` });
  s.phase = 'attacker';
  s.pending = null;
  resume(s, decide ? s : cloneState(s), [], 0, events, decide);
}

function answer(s: TwoDeckSiegeState, pick: string, events: Events): void {
  const p = s.pending!;
  events.push({ type: 'choice', text: `You choose ${pick}.`, pick });
  resume(s, p.snapshot, [...p.answers, pick], p.events, events);
}

/** Runs the attacker's turn with the answers so far and copies what it reached into `s`. */
function resume(s: TwoDeckSiegeState, snapshot: TwoDeckSiegeState, answers: string[], seen: number, events: Events, decide: Decide | null = null): void {
  const r: AttackerResult = runAttackerTurn(snapshot, answers, decide);
  events.push(...r.events.slice(seen));
  Object.assign(s, r.state);
  if (r.question) {
    s.phase = 'attacker';
    s.pending = { snapshot, answers, events: r.events.length, question: r.question };
    return;
  }
  s.pending = null;
  if (s.phase !== 'over') startTurn(s, events);
}
