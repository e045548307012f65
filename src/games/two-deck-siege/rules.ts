// Who acts, which moves are legal, and play: legalMoves is the one source of truth for play.
import { err, ok, type GameEvent, type Result, type Seat } from '../../engine/index.js';
import { effectOf, enemyRepOf, orderActions, repOf } from './orders.js';
import { cardName, said, unitIdName, where, type Said } from './phrases.js';
import { apply } from './turn.js';
import {
  cloneState,
  keyOf,
  ORDER,
  RULES,
  type OrderInProgress,
  type OrderMode,
  type TwoDeckSiegeMove,
  type TwoDeckSiegeState,
} from './types.js';

export function toAct(s: TwoDeckSiegeState): Seat[] {
  return s.phase === 'over' ? [] : [0];
}

/** Every way to pick `k` cards out of the hand, as sorted key lists, each set once. */
function discardSets(hand: string[], k: number): string[][] {
  const keys = hand.map(keyOf).sort();
  const out = new Map<string, string[]>();
  const walk = (start: number, chosen: string[]) => {
    if (chosen.length === k) {
      out.set(chosen.join(' '), chosen);
      return;
    }
    for (let i = start; i < keys.length; i++) walk(i + 1, [...chosen, keys[i]!]);
  };
  walk(0, []);
  return [...out.values()];
}

/** Whether playing `card` as `mode` would give at least one action. */
function playable(s: TwoDeckSiegeState, card: string, mode: OrderMode): boolean {
  const order: OrderInProgress = { card, mode, acted: [], group: null, dest: null, cast: [] };
  if (mode === 'order') {
    const o = ORDER[card];
    if (!o) return false;
    if (o.effect.kind === 'summon') {
      const special = o.effect.special;
      return s.plays + 2 <= RULES.plays && s.hand.some((c) => keyOf(c) === special);
    }
  }
  return orderActions(s, order, 1).length > 0;
}

export function legalMoves(s: TwoDeckSiegeState, seat: Seat): TwoDeckSiegeMove[] {
  if (seat !== 0 || s.phase === 'over') return [];
  switch (s.phase) {
    case 'thick':
      return s.castle.filter((c) => c.kind === 'wall' && !c.thick).map((c) => ({ type: 'thick', wall: c.id }));
    case 'discard':
      return discardSets(s.hand, s.hand.length - RULES.handSize).map((cards) => ({ type: 'discard', cards }));
    case 'attacker':
      return s.pending ? s.pending.question.options.map((pick) => ({ type: 'choose', pick })) : [];
    case 'orders': {
      if (s.order) return [...orderActions(s, s.order), { type: 'done' }];
      const out: TwoDeckSiegeMove[] = [];
      if (s.plays < RULES.plays) {
        const keys = [...new Set(s.hand.map(keyOf))];
        for (const card of keys) {
          for (const mode of ['order', 'attack', 'move'] as const) {
            if (playable(s, card, mode)) out.push({ type: 'play', card, as: mode });
          }
        }
      }
      out.push({ type: 'end' });
      return out;
    }
  }
}

const str = (x: unknown): x is string => typeof x === 'string' && x.length > 0 && x.length <= 40;

/** Checks a move's JSON shape and gives it its canonical form (field order, one id for alike units). */
export function readMove(s: TwoDeckSiegeState, move: unknown): Result<TwoDeckSiegeMove> {
  const bad = (message: string, key: string) => err<TwoDeckSiegeMove>('bad-move', message, { key: `errors.${key}` });
  if (move === null || typeof move !== 'object' || Array.isArray(move)) return bad('A move must be an object with a type, such as {"type":"end"}.', 'moveObject');
  const m = move as Record<string, unknown>;
  switch (m.type) {
    case 'thick':
      return str(m.wall) ? ok({ type: 'thick', wall: m.wall }) : bad('Name the wall for the thick wall, such as N1.', 'nameThickWall');
    case 'discard':
      return Array.isArray(m.cards) && m.cards.every(str) ? ok({ type: 'discard', cards: [...m.cards].sort() }) : bad('Name the cards to discard.', 'nameDiscards');
    case 'play':
      if (!str(m.card)) return bad('Name the card to play.', 'nameCard');
      if (m.as !== 'order' && m.as !== 'attack' && m.as !== 'move') return bad('Play a card as its order, or as a generic attack or move.', 'playAs');
      return ok({ type: 'play', card: m.card, as: m.as });
    case 'act': {
      if (!str(m.unit) || !str(m.target)) return bad('An action names a unit and its target.', 'actionNames');
      if (m.do !== 'attack' && m.do !== 'repair' && m.do !== 'move' && m.do !== 'rest') return bad('A unit may attack, repair, move or rest.', 'actionVerb');
      const target = m.do === 'attack' ? enemyRepOf(s, m.target) : m.target;
      return ok({ type: 'act', unit: repOf(s, m.unit), do: m.do, target });
    }
    case 'cast': {
      if ((m.caster !== 'wizard' && m.caster !== 'priest') || !str(m.spell) || !str(m.target)) return bad('A spell names its caster, the spell and a target.', 'spellNames');
      const target = m.spell === 'lightning' ? enemyRepOf(s, m.target) : m.spell === 'heal' ? repOf(s, m.target) : m.target;
      return ok({ type: 'cast', caster: m.caster, spell: m.spell, target });
    }
    case 'done':
      return ok({ type: 'done' });
    case 'end':
      return ok({ type: 'end' });
    case 'choose':
      return str(m.pick) ? ok({ type: 'choose', pick: m.pick }) : bad('Choose one of the options offered.', 'chooseOffered');
    default:
      return bad('A move is thick, discard, play, act, cast, done, end or choose.', 'moveTypes');
  }
}

/** The question the attacker's turn waits on, in any language (a game saved before phrases shows its English). */
export function questionText(q: { text: string; phrase?: Said['phrase'] }): Said {
  return { text: q.text, phrase: q.phrase ?? { key: 'terms.typed', values: { text: q.text } } };
}

/** What a refused action aims at, as a player names it: an enemy by its name (never its id), a wall as written, where a unit goes or rests. */
function targetName(verb: string, target: string): Said {
  if (verb === 'move') return target === 'courtyard' ? said('to the courtyard', 'terms.to.courtyard') : said(`to ${target}`, 'terms.to.place', { place: target });
  if (verb === 'rest') return where(target);
  return unitIdName(target);
}

/** Why a well-formed move cannot be played now, in words. */
export function whyNot(s: TwoDeckSiegeState, m: TwoDeckSiegeMove): Said {
  if (s.phase === 'over') return said('The siege is over.', 'errors.over');
  if (s.phase === 'thick') return said('First place the thick walls: choose a wall card for each.', 'errors.thickFirst');
  if (s.phase === 'discard') {
    const n = s.hand.length - RULES.handSize;
    return said(`Discard down to ${RULES.handSize} cards first: choose ${n}.`, 'errors.discardFirst', { size: RULES.handSize, count: n });
  }
  if (s.phase === 'attacker') {
    const q = s.pending ? questionText(s.pending.question) : said('', 'terms.typed', { text: '' });
    return said(`The enemy's turn waits for your choice: ${q.text}`, 'errors.answerFirst', { question: q.phrase });
  }
  if (s.order && m.type !== 'act' && m.type !== 'cast' && m.type !== 'done') {
    const card = cardName(s.order.card);
    return said(`Finish ${card.text} first (or say done).`, 'errors.finishOrder', { card: card.phrase });
  }
  if (m.type === 'play' && s.plays >= RULES.plays) return said(`You have played ${RULES.plays} cards this turn: end the turn.`, 'errors.playsUsed', { count: RULES.plays });
  if (m.type === 'play' && !s.hand.some((c) => keyOf(c) === m.card)) {
    const card = cardName(m.card);
    return said(`${card.text} is not in your hand.`, 'errors.notInHand', { card: card.phrase });
  }
  if (m.type === 'play' && m.as === 'order' && ORDER[m.card]?.effect.kind === 'summon') {
    return said('A summoning order needs its special defender card in hand and two plays left.', 'errors.summonNeeds');
  }
  if (m.type === 'play') {
    const card = cardName(m.card);
    const how = m.as === 'order' ? 'as an order' : `as a generic ${m.as}`;
    return said(`Nobody could carry out ${card.text} ${how} now.`, `errors.nobodyCan.${m.as}`, { card: card.phrase });
  }
  if (m.type === 'act' && s.order) {
    const fx = effectOf(s.order);
    if (fx.kind !== m.do && !(fx.kind === 'attack' && m.do === 'repair')) return said(`This order is not ${m.do === 'attack' ? 'an' : 'a'} ${m.do} order.`, `errors.notThisOrder.${m.do}`);
    const unit = unitIdName(m.unit);
    const target = targetName(m.do, m.target);
    const text = `${unit.text} cannot ${m.do} ${target.text} under this order (out of reach or sight, exhausted, no room, or already acted).`;
    return said(text, `errors.cannotAct.${m.do}`, { unit: unit.phrase, target: target.phrase });
  }
  return said('That move is not open now.', 'errors.notOpen');
}

export function play(s: TwoDeckSiegeState, seat: Seat, move: TwoDeckSiegeMove): Result<{ state: TwoDeckSiegeState; events: GameEvent[] }> {
  if (seat !== 0) return err('wrong-seat', 'Two Deck Siege has one player, seat 0.', { key: 'errors.oneSeat' });
  if (s.phase === 'over') return err('game-over', 'The siege is over.', { key: 'errors.over' });
  const read = readMove(s, move);
  if (!read.ok) return read;
  const m = read.value;
  const key = JSON.stringify(m);
  if (!legalMoves(s, 0).some((x) => JSON.stringify(x) === key)) {
    const why = whyNot(s, m);
    return err('illegal-move', why.text, why.phrase);
  }
  const next = cloneState(s);
  const events: GameEvent[] = [];
  apply(next, m, events);
  return ok({ state: next, events });
}
