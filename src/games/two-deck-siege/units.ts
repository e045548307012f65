// Unit arithmetic and the changes every part of the turn shares: wounds, kills, wall damage.
import type { GameEvent } from '../../engine/index.js';
import { castleCard, isTower } from './geometry.js';
import { agree, castleCardName, defenderName, enemyName, event, said, where, type Said } from './phrases.js';
import {
  COURTYARD,
  DEFENDER,
  ENEMY,
  type Defender,
  type DefenderCard,
  type Enemy,
  type EnemyCard,
  type TwoDeckSiegeState,
} from './types.js';

export const cardOf = (d: Defender): DefenderCard => DEFENDER[d.key]!;
export const enemyCard = (e: Enemy): EnemyCard => ENEMY[e.key]!;

/** Tired tokens a unit takes before it weakens: its swords, at least 1 (engineers, priests). */
export const stamina = (d: Defender): number => Math.max(1, cardOf(d).swords);

/** Exhausted: so tired its strength is gone (twice its stamina); it may only rest. */
export const exhausted = (d: Defender): boolean => d.tired >= 2 * stamina(d);

/** Swords in an attack now: each tired token beyond the stamina takes one away; bonuses add. */
export function strength(d: Defender, bonus = 0): number {
  const c = cardOf(d);
  if (c.swords === 0) return 0;
  return Math.max(0, c.swords - Math.max(0, d.tired - stamina(d))) + bonus;
}

/** A tower adds one to the range for its height. */
export const reach = (d: Defender): number => cardOf(d).range + (isTower(d.at) ? 1 : 0);

export const defendersAt = (s: TwoDeckSiegeState, place: string): Defender[] => s.defenders.filter((d) => d.at === place);
export const enemiesAt = (s: TwoDeckSiegeState, at: string): Enemy[] => s.enemies.filter((e) => e.at === at);

export const CAPACITY = 2;

/** Room for one more defender: any standing wall or tower holds two, the courtyard any number. */
export function hasRoom(s: TwoDeckSiegeState, place: string, extra = 0): boolean {
  if (place === COURTYARD) return true;
  const c = castleCard(s, place);
  return !!c && !c.destroyed && defendersAt(s, place).length + extra < CAPACITY;
}

/** One wound on a defender; at its hearts it dies (regulars to the fallen pile, specials out). */
export function woundDefender(s: TwoDeckSiegeState, d: Defender, n: number, events: GameEvent[]): void {
  d.wounds += n;
  if (d.wounds < cardOf(d).hearts) return;
  s.defenders = s.defenders.filter((x) => x.id !== d.id);
  if (cardOf(d).special) s.lost.push(d.id);
  else s.fallen.push(d.id);
  const who = defenderName(d);
  const at = where(d.at);
  const verb = cardOf(d).plural ? 'are' : 'is';
  events.push(event('defender-killed', said(`💀 ${who.text} ${verb} killed ${at.text}.`, 'events.defenderKilled', { icon: '💀', unit: who.phrase, where: at.phrase, ...agree(d.key) }), { unit: d.id, card: cardOf(d).name }));
}

export function woundEnemy(s: TwoDeckSiegeState, e: Enemy, n: number, events: GameEvent[]): void {
  e.wounds += n;
  if (e.wounds < enemyCard(e).hearts) return;
  s.enemies = s.enemies.filter((x) => x.id !== e.id);
  s.enemyDiscard.push(e.id);
  s.killed += 1;
  const who = enemyName(e);
  const at = where(e.at);
  events.push(event('enemy-killed', said(`☠ ${who.text} is killed ${at.text}.`, 'events.enemyKilled', { icon: '☠', enemy: who.phrase, where: at.phrase }), { card: enemyCard(e).name, id: e.id }));
}

/**
 * Damage to a wall or tower; at its rating it is breached and its defenders drop to the courtyard.
 * `by` names who deals it; `group` when that name is a plural one (the Sappers).
 */
export function damageCastle(s: TwoDeckSiegeState, id: string, points: number, by: Said, events: GameEvent[], group = false): void {
  const c = castleCard(s, id);
  if (!c || c.destroyed || points <= 0) return;
  const dealt = Math.min(points, c.rating - c.damage);
  c.damage += dealt;
  const target = castleCardName(id);
  const values = { icon: '🪨', by: by.phrase, count: dealt, target: target.phrase, left: c.rating - c.damage, rating: c.rating, ...(group ? { context: 'group' } : {}) };
  const text = `🪨 ${by.text} ${group ? 'deal' : 'deals'} ${dealt} damage to ${target.text} (${c.rating - c.damage} of ${c.rating} left).`;
  events.push(event('wall-damage', said(text, 'events.wallDamage', values), { wall: id, points: dealt }));
  if (c.damage < c.rating) return;
  c.destroyed = true;
  const fallen = castleCardName(id, true);
  events.push(event('breach', said(`💥 ${fallen.text} is breached and falls!`, 'events.breach', { icon: '💥', target: fallen.phrase }), { wall: id }));
  for (const d of defendersAt(s, id)) {
    d.at = COURTYARD;
    const who = defenderName(d);
    const text = `${who.text} ${cardOf(d).plural ? 'fall' : 'falls'} back into the courtyard.`;
    events.push(event('defender-falls-back', said(text, 'events.fallsBack', { unit: who.phrase, ...agree(d.key) }), { unit: d.id }));
  }
}

/** Standing wall points: what the score counts. */
export const wallPoints = (s: TwoDeckSiegeState): number =>
  s.castle.filter((c) => c.kind === 'wall' && !c.destroyed).reduce((sum, c) => sum + c.rating - c.damage, 0);
