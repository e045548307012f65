// A move said in words (the contract's `movePhrase`, shared/ENGINE.md): keys `moves.*` of the
// game's catalog, with the cards, units, spells and castle parts by their names there. Walls,
// towers and band cells (N1, NE, N1-2) stay as the board labels them.
import type { Phrase, Seat } from '../../engine/index.js';
import { castleCard } from './geometry.js';
import { castleCardName, cardName, phrase, unitIdName } from './phrases.js';
import { readMove } from './rules.js';
import { COURTYARD, type TwoDeckSiegeMove, type TwoDeckSiegeState } from './types.js';

/** Where a unit goes: "to the courtyard", "to N1". */
const destination = (at: string): Phrase => (at === COURTYARD ? phrase('terms.to.courtyard') : phrase('terms.to.place', { place: at }));

/** A unit by its name ("Pikeman 3"), a wall or tower by its card ("wall N1"), else the label as it is. */
function target(s: TwoDeckSiegeState, id: string): Phrase | string {
  if (/^[a-z]/.test(id)) return unitIdName(id).phrase;
  return castleCard(s, id) ? castleCardName(id).phrase : id;
}

/** "discard Volley", "Archer 2: attack Goblin Stabber 3", "Wizard: Fireball on N1-2"; null for what is no move. */
export function movePhrase(s: TwoDeckSiegeState, _seat: Seat, move: TwoDeckSiegeMove): Phrase | null {
  const read = readMove(s, move);
  if (!read.ok) return null;
  const m = read.value;
  switch (m.type) {
    case 'thick':
      return phrase('moves.thick', { wall: m.wall });
    case 'discard':
      return phrase('moves.discard', { cards: m.cards.map((k) => cardName(k).phrase) });
    case 'play':
      return phrase(m.as === 'order' ? 'moves.play' : m.as === 'attack' ? 'moves.playAttack' : 'moves.playMove', { card: cardName(m.card).phrase });
    case 'act': {
      const unit = unitIdName(m.unit).phrase;
      if (m.do === 'attack') return phrase('moves.attack', { unit, enemy: unitIdName(m.target).phrase });
      if (m.do === 'repair') return phrase('moves.repair', { unit, wall: target(s, m.target) });
      if (m.do === 'move') return phrase('moves.move', { unit, to: destination(m.target) });
      return phrase('moves.rest', { unit });
    }
    case 'cast': {
      const values = { caster: phrase(`terms.casters.${m.caster}`), spell: phrase(`terms.spells.${m.spell}`) };
      return m.target === COURTYARD ? phrase('moves.castCourtyard', values) : phrase('moves.cast', { ...values, target: target(s, m.target) });
    }
    case 'done':
      return s.order ? phrase('moves.done', { card: cardName(s.order.card).phrase }) : phrase('moves.doneOrder');
    case 'end':
      return phrase('moves.end');
    case 'choose':
      return s.pending?.question.kind === 'place' ? phrase('moves.bandBefore', { wall: m.pick }) : phrase('moves.choose', { pick: target(s, m.pick) });
  }
}
