// Picking a move with buttons and menus: card, how it is played, the unit by where it stands, and
// the target with its distance and expected hit; and the question asked at each step.
import type { MoveChoice, Seat } from '../../engine/index.js';
import { castleCard, distance, placeName } from './geometry.js';
import { attackPreview, casterOf, effectOf, orderBonus, repairPoints } from './orders.js';
import { cardOf, defenderLabel, enemyCard, enemyLabel } from './units.js';
import {
  COURTYARD,
  DEFENDER,
  ORDER,
  RULES,
  enemyName,
  playerCardName,
  type TwoDeckSiegeMove,
  type TwoDeckSiegeState,
} from './types.js';

const placeKey = (p: string) => (p === COURTYARD ? 'courtyard' : p);
const placeLabel = (p: string) => (p === COURTYARD ? 'Courtyard' : p);
const clip = (t: string, n = 100) => (t.length <= n ? t : `${t.slice(0, n - 1)}…`);

function cardText(key: string): string {
  const o = ORDER[key];
  if (o) return o.text;
  const d = DEFENDER[key];
  return d ? `${d.name}: ${d.swords}⚔ ${d.shields}🛡 ${d.hearts}♥ range ${d.range}` : key;
}

function unitStep(s: TwoDeckSiegeState, id: string): MoveChoice {
  const d = s.defenders.find((x) => x.id === id)!;
  const c = cardOf(d);
  return {
    key: id,
    label: clip(`${c.short} ${id}`, 80),
    description: clip(`${c.swords}⚔ ${c.shields}🛡 ${c.hearts - d.wounds}/${c.hearts}♥ range ${c.range}, tired ${d.tired}${c.repair ? ', mends walls' : ''}`),
  };
}

export function choicePath(s: TwoDeckSiegeState, _seat: Seat, move: TwoDeckSiegeMove): MoveChoice[] {
  switch (move?.type) {
    case 'thick':
      return [{ key: move.wall, label: `Thick wall at ${move.wall}`, description: 'A thick wall takes more damage before it is breached' }];
    case 'discard':
      return move.cards.map((k) => ({ key: k, label: `Discard ${playerCardName(k)}`, description: clip(cardText(k)) }));
    case 'play': {
      const card = { key: move.card, label: playerCardName(move.card), description: clip(cardText(move.card)) };
      const mode =
        move.as === 'order'
          ? { key: 'order', label: ORDER[move.card]?.effect.kind === 'summon' ? 'Summon (2 plays)' : 'As written', description: clip(cardText(move.card)) }
          : move.as === 'attack'
            ? { key: 'attack', label: 'Generic attack', description: 'One or two units on one wall or tower, or one courtyard unit, attack' }
            : { key: 'move', label: 'Generic move', description: 'One or two units on one wall or tower, or one courtyard unit, move together' };
      return [card, mode];
    }
    case 'act': {
      const d = s.defenders.find((x) => x.id === move.unit);
      if (!d) return [{ key: 'act', label: 'Act' }];
      const where = { key: placeKey(d.at), label: placeLabel(d.at), description: `Units ${d.at === COURTYARD ? 'in the courtyard' : `on ${d.at}`}` };
      let target: MoveChoice;
      if (move.do === 'attack') {
        const e = s.enemies.find((x) => x.id === move.target)!;
        const p = attackPreview(s, d, e, orderBonus(s.order));
        const c = enemyCard(e);
        target = {
          key: e.id,
          label: clip(`${p.hit ? '🎯' : '✖'} ${c.short} ${e.at === COURTYARD ? 'courtyard' : e.at} (${c.hearts - e.wounds}♥)`, 80),
          description: clip(`Distance ${p.distance}: ${p.strength}⚔ against ${p.shields}🛡, ${p.hit ? 'a hit: 1 wound' : 'no effect'}${c.hearts - e.wounds === 1 && p.hit ? ', kills it' : ''}`),
        };
      } else if (move.do === 'repair') {
        const c = castleCard(s, move.target)!;
        const pts = Math.min(repairPoints(d, move.target), c.damage);
        target = { key: `rep-${move.target}`, label: `Repair ${move.target} (+${pts})`, description: `${c.rating - c.damage} of ${c.rating} now; the unit gets a tired token` };
      } else if (move.do === 'move') {
        target = { key: placeKey(move.target), label: `→ ${placeLabel(move.target)}`, description: `Move ${defenderLabel(d)} from ${placeName(d.at)} to ${placeName(move.target)}` };
      } else {
        target = { key: 'rest', label: 'Rest', description: `Tired ${d.tired} → ${Math.max(0, d.tired - RULES.restTokens)}` };
      }
      return [where, unitStep(s, d.id), target];
    }
    case 'cast': {
      const spellName: Record<string, string> = { fireball: 'Fireball', lightning: 'Lightning', mend: 'Stone Mend', heal: 'Heal', refresh: 'Vigil', revive: 'Revive' };
      const caster = { key: move.caster, label: `${move.caster === 'wizard' ? 'Wizard' : 'Priest'}: ${spellName[move.spell] ?? move.spell}`, description: 'The caster gets a tired token' };
      return [caster, spellTarget(s, move.spell, move.target)];
    }
    case 'done':
      return [{ key: 'done', label: `Done with ${s.order ? playerCardName(s.order.card) : 'the order'}`, description: 'Units that have not acted stay as they are' }];
    case 'end':
      return [{ key: 'end', label: 'End turn', description: 'Idle courtyard units rest; the enemy draws, advances and attacks' }];
    case 'choose':
      return [chooseStep(s, move.pick)];
    default:
      return [{ key: 'move', label: 'Move' }];
  }
}

function spellTarget(s: TwoDeckSiegeState, spell: string, target: string): MoveChoice {
  switch (spell) {
    case 'fireball': {
      const here = s.enemies.filter((e) => e.at === target);
      return { key: placeKey(target), label: `🔥 ${placeLabel(target)}`, description: clip(`1 wound to each: ${here.map((e) => `${enemyCard(e).short} (${enemyCard(e).hearts - e.wounds}♥)`).join(', ')}`) };
    }
    case 'lightning': {
      const e = s.enemies.find((x) => x.id === target)!;
      return { key: target, label: `⚡ ${enemyCard(e).short} ${placeLabel(e.at)}`, description: `2 wounds to ${enemyLabel(e)} (${enemyCard(e).hearts - e.wounds}♥ left)` };
    }
    case 'mend': {
      const c = castleCard(s, target)!;
      return { key: target, label: c.destroyed ? `Rebuild ${target}` : `Mend ${target}`, description: c.destroyed ? `Raise ${target} at ${Math.ceil(c.rating / 2)} of ${c.rating}` : `${c.rating - c.damage} of ${c.rating} now, +3` };
    }
    case 'heal': {
      const d = s.defenders.find((x) => x.id === target)!;
      return { key: target, label: `Heal ${cardOf(d).short} ${target}`, description: `${d.wounds} wounds ${placeName(d.at)}: 2 removed` };
    }
    case 'refresh':
      return { key: placeKey(target), label: `Vigil ${placeLabel(target)}`, description: 'Every tired unit there loses all its tired tokens' };
    default:
      return { key: target, label: `Revive ${DEFENDER[target]?.name ?? target}`, description: 'Back in the courtyard, unwounded and rested' };
  }
}

function chooseStep(s: TwoDeckSiegeState, pick: string): MoveChoice {
  const q = s.pending?.question;
  const d = s.defenders.find((x) => x.id === pick);
  const e = s.enemies.find((x) => x.id === pick);
  if (q?.kind === 'place') return { key: pick, label: `Band 3 before ${pick}`, description: clip(`${enemyName(q.enemy ?? '')} is placed in band 3 in front of ${pick}`) };
  if (d) {
    const c = cardOf(d);
    const attacker = q?.enemy ? s.enemies.find((x) => x.id === q.enemy) : undefined;
    const hit = attacker ? enemyCard(attacker).swords > c.shields : false;
    return { key: pick, label: `${c.short} ${pick} at ${placeName(d.at)}`, description: `${c.shields}🛡, ${c.hearts - d.wounds}♥ left: ${hit ? 'takes a wound' : 'no effect'}` };
  }
  if (e) return { key: pick, label: `${enemyCard(e).short} ${pick} first`, description: `${enemyLabel(e)} moves first` };
  const c = castleCard(s, pick);
  if (c) return { key: pick, label: `${c.kind === 'tower' ? 'Tower' : 'Wall'} ${pick}`, description: `${c.rating - c.damage} of ${c.rating} left` };
  return { key: pick, label: pick };
}

export function choicePrompt(s: TwoDeckSiegeState, _seat: Seat, chosen: string[]): string {
  switch (s.phase) {
    case 'over':
      return 'The siege is over';
    case 'thick':
      return `Choose a wall card for a thick wall (${s.thickLeft} left to place)`;
    case 'discard':
      return chosen.length === 0 ? `Your hand is over ${RULES.handSize}: choose a card to discard` : 'Choose the next card to discard';
    case 'attacker':
      return s.pending?.question.text ?? 'Choose';
    default:
      break;
  }
  if (s.order) {
    const fx = effectOf(s.order);
    const name = playerCardName(s.order.card);
    if (fx.kind === 'spell') {
      if (chosen.length === 0) return `${name}: choose who casts next, or done`;
      return chosen[0] === 'wizard' ? `${name}: choose the Wizard's target` : `${name}: choose the Priest's target`;
    }
    if (chosen.length === 0) return `${name}: choose where the next unit stands, or done`;
    if (chosen.length === 1) return `${name}: choose the unit ${chosen[0] === 'courtyard' ? 'in the courtyard' : `on ${chosen[0]}`}`;
    const d = s.defenders.find((x) => x.id === chosen[1]);
    const verb = fx.kind === 'attack' ? 'target' : fx.kind === 'move' ? 'destination' : fx.kind === 'repair' ? 'wall to repair' : 'action';
    return `${name}: choose the ${verb} for ${d ? defenderLabel(d) : chosen[1]}`;
  }
  if (chosen.length === 0) {
    const left = RULES.plays - s.plays;
    return left > 0 ? `Turn ${s.turn}: choose a card to play (${left} of ${RULES.plays} left), or end the turn` : `Turn ${s.turn}: no plays left, end the turn`;
  }
  return `${playerCardName(chosen[0]!)}: play it as written, or as a generic attack or move`;
}

export { casterOf };
