// What the attacker's turn tells the player, in English and as phrases: each event with its
// structured fields, and each "player's choice" question. attacker.ts keeps the rules.
import type { GameEvent } from '../../engine/index.js';
import { cardName, cardText, defenderName, enemyName as unitName, event, said, shields, sideName, swords, where } from './phrases.js';
import { cardOf, enemyCard } from './units.js';
import { EVENT, SIDE_NAME, enemyName, keyOf, type Defender, type Enemy, type Question, type Side } from './types.js';

type Ask = Omit<Question, 'options'>;

export const deckEmpty = (): GameEvent => event('enemy-deck-empty', said('The enemy deck is empty.', 'events.enemyDeckEmpty'));

/** A drawn card: an event waits for after the attacks, a unit is placed. */
export function drawn(id: string, held: boolean): GameEvent {
  const card = cardName(keyOf(id));
  const told = held
    ? said(`🂠 The enemy draws ${card.text}: it will be played after the attacks.`, 'events.enemyDrawsEvent', { icon: '🂠', card: card.phrase })
    : said(`🂠 The enemy draws ${card.text}.`, 'events.enemyDraws', { icon: '🂠', card: card.phrase });
  return event('enemy-draw', told, { card: enemyName(id), id, revealed: true });
}

export function returned(id: string): GameEvent {
  const card = cardName(keyOf(id));
  const text = `Every band-3 place is full: ${card.text} goes to the bottom of the enemy deck.`;
  return event('enemy-returned', said(text, 'events.enemyReturned', { card: card.phrase }), { card: enemyName(id) });
}

export function whereToPlace(id: string): Ask {
  const card = cardName(keyOf(id));
  return {
    kind: 'place',
    enemy: id,
    text: `Where does the new ${card.text} stand? Choose a wall: it is placed in band 3 in front of it.`,
    phrase: { key: 'prompts.place', values: { card: card.phrase } },
  };
}

export function placed(e: Enemy, wall: string): GameEvent {
  const who = unitName(e);
  const text = `${who.text} takes position at ${e.at} (band 3 before ${wall}).`;
  return event('enemy-place', said(text, 'events.enemyPlaced', { enemy: who.phrase, cell: e.at, wall }), { card: enemyName(e.id), to: e.at });
}

export const whichFirst = (cell: string): Ask => ({
  kind: 'order',
  enemy: null,
  text: `Two enemies at ${cell} cannot both get ahead: which moves first?`,
  phrase: { key: 'prompts.order', values: { cell } },
});

/** An advance: one event, or on entering the courtyard the climb and the alarm. */
export function moved(e: Enemy, from: string, to: string, wall: string | null, breach: boolean): GameEvent[] {
  const who = unitName(e);
  const fields = { card: enemyCard(e).name, id: e.id, from, to };
  if (wall === null) return [event('enemy-move', said(`${who.text} advances ${from} → ${to}.`, 'events.enemyAdvances', { enemy: who.phrase, step: `${from} → ${to}` }), fields)];
  const how = breach ? `through the breach at ${wall}` : `over the undefended wall ${wall}`;
  return [
    event('enemy-move', said(`${who.text} climbs ${how}.`, breach ? 'events.enemyClimbsBreach' : 'events.enemyClimbsWall', { enemy: who.phrase, wall }), fields),
    event('courtyard', said(`⚠ ${who.text} is in the courtyard!`, 'events.enemyInside', { icon: '⚠', enemy: who.phrase }), { card: enemyCard(e).name, id: e.id }),
  ];
}

export const moraleSurge = (): GameEvent =>
  event('morale-surge', said('📯 The walls are scaled! The enemy’s morale surges: three more cards join the attack.', 'events.moraleSurge', { icon: '📯' }));

/** Killed enemies back into the deck: after the morale surge, or by Reinforcements. */
export function recycled(back: string[], surge: boolean): GameEvent {
  const n = back.length;
  const told = surge
    ? said(`${n} killed ${n === 1 ? 'enemy returns' : 'enemies return'} to the enemy deck, which is shuffled.`, 'events.surgeRecycle', { count: n })
    : n
      ? said(`${n} killed ${n === 1 ? 'enemy rejoins' : 'enemies rejoin'} the enemy deck.`, 'events.reinforceRecycle', { count: n })
      : said('No killed enemy to bring back.', 'events.reinforceNone');
  return event('recycle', told, { cards: back.map(enemyName) });
}

export function whichTarget(e: Enemy): Ask {
  const who = unitName(e);
  const at = where(e.at);
  return {
    kind: 'target',
    enemy: e.id,
    text: `${who.text} ${at.text} attacks: which of the equal targets does it strike?`,
    phrase: { key: 'prompts.target', values: { enemy: who.phrase, where: at.phrase } },
  };
}

export function attacked(e: Enemy, d: Defender, hit: boolean): GameEvent {
  const card = enemyCard(e);
  const who = unitName(e);
  const target = defenderName(d);
  const there = where(d.at);
  const [sw, sh] = [swords(card.swords), shields(cardOf(d).shields)];
  const text = `⚔ ${who.text} (${sw}) attacks ${target.text} ${there.text} (${sh}): ${hit ? 'a wound!' : 'no effect.'}`;
  const values = { icon: '⚔', enemy: who.phrase, swords: sw, unit: target.phrase, where: there.phrase, shields: sh };
  return event('attack', said(text, hit ? 'events.enemyAttackHits' : 'events.enemyAttackMisses', values), {
    attacker: card.name,
    attackerId: e.id,
    target: cardOf(d).name,
    targetId: d.id,
    hit,
  });
}

export function whichToBatter(e: Enemy): Ask {
  const who = unitName(e);
  const points = enemyCard(e).wall;
  return {
    kind: 'siege',
    enemy: e.id,
    text: `${who.text} in the courtyard batters the castle: which wall or tower takes ${points} damage?`,
    phrase: { key: 'prompts.siege', values: { enemy: who.phrase, count: points } },
  };
}

export function eventPlayed(id: string): GameEvent {
  const ev = EVENT[keyOf(id)]!;
  const [name, rules] = [cardName(ev.key), cardText(ev.key)];
  return event('enemy-event', said(`🃏 ${name.text}: ${rules.text}`, 'events.enemyEvent', { icon: '🃏', card: name.phrase, text: rules.phrase }), { card: ev.name, id, revealed: true });
}

export function reinforcementsArrive(n: number): GameEvent {
  const text = `📯 ${n} more enemy ${n === 1 ? 'card is' : 'cards are'} drawn at once.`;
  return event('reinforcements-arrive', said(text, 'events.reinforcementsArrive', { icon: '📯', count: n }));
}

export const whichToSap = (points: number): Ask => ({
  kind: 'sap',
  enemy: null,
  text: `Sappers dig under the most damaged wall: which of the equal walls takes ${points} damage?`,
  phrase: { key: 'prompts.sap', values: { count: points } },
});

export const sappers = () => said('Sappers', 'terms.sappers');

/** The Necromancer raises a killed enemy; `left` its rites still to come, if they are counted. */
export function raised(e: Enemy, id: string, left: number): GameEvent {
  const who = unitName(e);
  const card = cardName(keyOf(id));
  const counted = Number.isFinite(left);
  const rites = counted ? ` (${left} ${left === 1 ? 'rite' : 'rites'} left)` : '';
  const text = `🕯 ${who.text} raises a fallen ${card.text}: it rejoins the enemy deck${rites}.`;
  const values = { icon: '🕯', enemy: who.phrase, card: card.phrase, ...(counted ? { count: left } : {}) };
  return event('raise', said(text, counted ? 'events.raiseCounted' : 'events.raise', values), { card: enemyName(id) });
}

export function enemyTurn(side: Side): GameEvent {
  const told = sideName(side, SIDE_NAME[side]);
  return event('enemy-turn', said(`— The enemy's turn (deck at the ${told.text} side) —`, 'events.enemyTurn', { side: told.phrase }));
}

export function deckMoved(side: Side): GameEvent {
  const told = sideName(side, SIDE_NAME[side]);
  return event('deck-moves', said(`The enemy deck moves clockwise to the ${told.text} side.`, 'events.deckMoves', { side: told.phrase }), { side });
}
