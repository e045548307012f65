// Applying the defender's moves: thick walls, discards, card plays, unit actions, spells, the end
// of the turn (rest, then the attacker's turn), and the answers to the attacker's questions.
import type { GameEvent } from '../../engine/index.js';
import { runAttackerTurn, type AttackerResult, type Decide } from './attacker.js';
import { castleCard } from './geometry.js';
import { attackPreview, casterOf, effectOf, enemyInCourtyard, orderActions, orderBonus, repairPoints } from './orders.js';
import { checkEnd } from './outcome.js';
import { startTurn } from './setup.js';
import { agree, cardName, cardText, castleCardName, defenderName, englishList, enemyName, event, said, shields, swords, where, type Said } from './phrases.js';
import { cardOf, defendersAt, woundEnemy } from './units.js';
import {
  COURTYARD,
  DATA,
  DEFENDER,
  ORDER,
  RULES,
  cloneState,
  keyOf,
  type Question,
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
      const text = `🧱 A thick wall (${c.rating} ${c.rating === 1 ? 'point' : 'points'}) goes up at ${m.wall}.`;
      events.push(event('thick-wall', said(text, 'events.thickWall', { icon: '🧱', count: c.rating, wall: m.wall }), { wall: m.wall }));
      if (s.thickLeft === 0) startTurn(s, events);
      return;
    }
    case 'discard': {
      for (const key of m.cards) s.playerDiscard.push(takeFromHand(s, key));
      const names = m.cards.map(cardName);
      events.push(event('discard', said(`You discard ${englishList(names.map((c) => c.text))}.`, 'events.discard', { cards: names.map((c) => c.phrase) }), { cards: m.cards }));
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
      const card = cardName(s.order!.card);
      events.push(event('order-done', said(`${card.text} is done.`, 'events.orderDone', { card: card.phrase })));
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
    const text = `✨ ${order.name}: the ${card.name} ${card.plural ? 'enter' : 'enters'} the courtyard.`;
    events.push(event('summon', said(text, `events.summon.${special}`, { icon: '✨', card: cardName(key).phrase }), { card: order.name, unit: id }));
    return;
  }
  s.playerDiscard.push(takeFromHand(s, key));
  s.plays += 1;
  s.order = { card: key, mode: as, acted: [], group: null, dest: null, cast: [] };
  const card = cardName(key);
  const what: Said =
    as === 'order'
      ? cardText(key)
      : as === 'attack'
        ? said('generic Attack: one or two units on one wall or tower, or one unit in the courtyard, attack', 'terms.generic.attack')
        : said('generic Move: one or two units on one wall or tower, or one unit in the courtyard, move to one place', 'terms.generic.move');
  const text = `🂡 You play ${card.text}${as === 'order' ? '' : ' as a generic order'}: ${what.text}`;
  events.push(event('play', said(text, as === 'order' ? 'events.play' : 'events.playGeneric', { icon: '🂡', card: card.phrase, what: what.phrase }), { card: card.text, as }));
  closeOrderIfSpent(s);
}

function closeOrderIfSpent(s: TwoDeckSiegeState): void {
  if (s.order && orderActions(s, s.order, 1).length === 0) s.order = null;
}

function act(s: TwoDeckSiegeState, m: Extract<TwoDeckSiegeMove, { type: 'act' }>, events: Events): void {
  const o = s.order!;
  const d = s.defenders.find((x) => x.id === m.unit)!;
  const from = d.at;
  const who = defenderName(d);
  const verb = (one: string, several: string) => (cardOf(d).plural ? several : one);
  switch (m.do) {
    case 'attack': {
      const e = s.enemies.find((x) => x.id === m.target)!;
      const p = attackPreview(s, d, e, orderBonus(o));
      const target = enemyName(e);
      const [here, there] = [where(d.at), where(e.at)];
      const text = `🏹 ${who.text} ${here.text} (${swords(p.strength)}) ${verb('attacks', 'attack')} ${target.text} ${there.text} (${shields(p.shields)}): ${p.hit ? 'a wound!' : 'no effect.'}`;
      const values = { icon: '🏹', unit: who.phrase, where: here.phrase, swords: swords(p.strength), enemy: target.phrase, at: there.phrase, shields: shields(p.shields), ...agree(d.key) };
      events.push(
        event('attack', said(text, p.hit ? 'events.defenderAttackHits' : 'events.defenderAttackMisses', values), {
          attacker: cardOf(d).name,
          attackerId: d.id,
          target: target.text,
          targetId: e.id,
          hit: p.hit,
        }),
      );
      d.tired += 1;
      if (p.hit) woundEnemy(s, e, 1, events);
      break;
    }
    case 'repair': {
      const c = castleCard(s, m.target)!;
      const pts = Math.min(repairPoints(d, m.target), c.damage);
      c.damage -= pts;
      d.tired += 1;
      const text = `🔨 ${who.text} ${verb('repairs', 'repair')} ${m.target} by ${pts} (${c.rating - c.damage} of ${c.rating}).`;
      const values = { icon: '🔨', unit: who.phrase, wall: m.target, count: pts, left: c.rating - c.damage, rating: c.rating, ...agree(d.key) };
      events.push(event('repair', said(text, 'events.repair', values), { wall: m.target, points: pts }));
      break;
    }
    case 'move': {
      d.at = m.target;
      const text = `${who.text} ${verb('moves', 'move')} ${from === COURTYARD ? 'from the courtyard' : `from ${from}`} to ${m.target === COURTYARD ? 'the courtyard' : m.target}.`;
      const key = from === COURTYARD ? 'events.moveFromCourtyard' : m.target === COURTYARD ? 'events.moveToCourtyard' : 'events.move';
      events.push(event('defender-move', said(text, key, { unit: who.phrase, from, to: m.target, ...agree(d.key) }), { unit: d.id, from, to: m.target }));
      break;
    }
    case 'rest': {
      const before = d.tired;
      d.tired = Math.max(0, d.tired - RULES.restTokens);
      const text = `${who.text} ${verb('rests', 'rest')}: tired ${before} → ${d.tired}.`;
      events.push(event('rest', said(text, 'events.rest', { unit: who.phrase, change: `${before} → ${d.tired}`, ...agree(d.key) }), { unit: d.id }));
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
      const cast =
        m.target === COURTYARD
          ? said(`🔥 The ${name} casts Fireball into the courtyard.`, 'events.fireballCourtyard', { icon: '🔥' })
          : said(`🔥 The ${name} casts Fireball at ${m.target}.`, 'events.fireball', { icon: '🔥', cell: m.target });
      events.push(event('spell', cast, { spell: 'fireball', target: m.target }));
      for (const e of targets) {
        const target = enemyName(e);
        events.push(event('attack', said(`🔥 Fireball burns ${target.text}: a wound!`, 'events.fireballBurns', { icon: '🔥', enemy: target.phrase }), { attacker: name, target: target.text, targetId: e.id, hit: true }));
        woundEnemy(s, e, fx.wizard.wounds ?? 1, events);
      }
      break;
    }
    case 'lightning': {
      const e = s.enemies.find((x) => x.id === m.target)!;
      const target = enemyName(e);
      const wounds = fx.wizard.wounds ?? 2;
      const text = `⚡ The ${name} strikes ${target.text} with Lightning: ${wounds} ${wounds === 1 ? 'wound' : 'wounds'}!`;
      events.push(event('attack', said(text, 'events.lightning', { icon: '⚡', enemy: target.phrase, count: wounds }), { attacker: name, target: target.text, targetId: e.id, hit: true }));
      woundEnemy(s, e, wounds, events);
      break;
    }
    case 'mend': {
      const c = castleCard(s, m.target)!;
      if (c.destroyed) {
        c.destroyed = false;
        c.damage = c.rating - Math.ceil(c.rating / 2);
        const text = `🪄 The ${name} raises ${m.target} from its rubble (${c.rating - c.damage} of ${c.rating}).`;
        events.push(event('repair', said(text, 'events.rebuild', { icon: '🪄', wall: m.target, left: c.rating - c.damage, rating: c.rating }), { wall: m.target, points: c.rating - c.damage }));
      } else {
        const pts = Math.min(fx.wizard.points ?? 3, c.damage);
        c.damage -= pts;
        const text = `🪄 The ${name} mends ${m.target} by ${pts} (${c.rating - c.damage} of ${c.rating}).`;
        events.push(event('repair', said(text, 'events.mend', { icon: '🪄', wall: m.target, count: pts, left: c.rating - c.damage, rating: c.rating }), { wall: m.target, points: pts }));
      }
      break;
    }
    case 'heal': {
      const d = s.defenders.find((x) => x.id === m.target)!;
      const before = d.wounds;
      d.wounds = Math.max(0, d.wounds - (fx.priest.wounds ?? 2));
      const who = defenderName(d);
      const text = `✚ The ${name} heals ${who.text}: wounds ${before} → ${d.wounds}.`;
      events.push(event('spell', said(text, 'events.heal', { icon: '✚', unit: who.phrase, change: `${before} → ${d.wounds}` }), { spell: 'heal', target: d.id }));
      break;
    }
    case 'refresh': {
      const units = defendersAt(s, m.target).filter((d) => d.tired > 0);
      for (const d of units) d.tired = 0;
      const names = units.map(defenderName);
      const group = units.length > 1 || units.some((d) => cardOf(d).plural);
      const text = `✚ The ${name} keeps vigil: ${englishList(names.map((u) => u.text))} ${group ? 'are' : 'is'} no longer tired.`;
      const values = { icon: '✚', units: names.map((u) => u.phrase), ...(group ? { context: 'group' } : {}) };
      events.push(event('spell', said(text, 'events.vigil', values), { spell: 'refresh', target: m.target }));
      break;
    }
    case 'revive': {
      const i = s.fallen.findIndex((id) => keyOf(id) === m.target);
      const [id] = s.fallen.splice(i, 1);
      s.defenders.push({ id: id!, key: m.target, at: COURTYARD, wounds: 0, tired: 0 });
      s.acted.push(id!);
      const who = defenderName({ id: id!, key: m.target });
      events.push(event('spell', said(`✚ The ${name} revives ${who.text}: back in the courtyard.`, 'events.revive', { icon: '✚', unit: who.phrase }), { spell: 'revive', target: id }));
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
    if (resting.length) {
      const text = `${resting.length} idle ${resting.length === 1 ? 'unit rests' : 'units rest'} in the courtyard.`;
      events.push(event('rest', said(text, 'events.idleRest', { count: resting.length }), { units: resting.map((d) => d.id) }));
    }
  }
  events.push(event('end-turn', said(`You end turn ${s.turn}.`, 'events.endTurn', { turn: s.turn })));
  s.phase = 'attacker';
  s.pending = null;
  resume(s, decide ? s : cloneState(s), [], 0, events, decide);
}

/** An answer to the attacker's question as a player reads it: a wall, a defender, an enemy. */
export function pickName(s: TwoDeckSiegeState, q: Question, pick: string): Said {
  if (q.kind === 'target') {
    const d = s.defenders.find((x) => x.id === pick);
    if (d) return defenderName(d);
  }
  if (q.kind === 'order') {
    const e = s.enemies.find((x) => x.id === pick);
    if (e) return enemyName(e);
  }
  if (q.kind === 'siege' || q.kind === 'sap') return castleCardName(pick);
  return said(pick, 'terms.typed', { text: pick });
}

function answer(s: TwoDeckSiegeState, pick: string, events: Events): void {
  const p = s.pending!;
  const chosen = pickName(s, p.question, pick);
  events.push(event('choice', said(`You choose ${chosen.text}.`, 'events.choice', { pick: chosen.phrase }), { pick }));
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
