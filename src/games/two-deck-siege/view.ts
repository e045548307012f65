// The JSON a renderer draws: the castle ring with its defenders, every band cell with its enemies,
// the courtyard, the hand, the decks as counts (never their order) and what the player is asked.
import type { Seat } from '../../engine/index.js';
import { choicePromptSaid } from './choices.js';
import { allWalls, BANDS, cellId, parseWall, SIDE_TOWERS, TOWERS } from './geometry.js';
import { enemyInCourtyard } from './orders.js';
import { outcome, score } from './outcome.js';
import { questionText, toAct } from './rules.js';
import { cardOf, enemiesAt, enemyCard, exhausted, stamina, strength } from './units.js';
import {
  COURTYARD,
  DEFENDER,
  ORDER,
  RULES,
  enemyName,
  keyOf,
  playerCardName,
  type Defender,
  type Enemy,
  type TwoDeckSiegeState,
} from './types.js';

function unitView(s: TwoDeckSiegeState, d: Defender) {
  const c = cardOf(d);
  return {
    id: d.id,
    key: d.key,
    name: c.name,
    short: c.short,
    swords: c.swords,
    shields: c.shields,
    hearts: c.hearts,
    range: c.range,
    repair: c.repair,
    special: c.special,
    wounds: d.wounds,
    tired: d.tired,
    stamina: stamina(d),
    strength: strength(d),
    exhausted: exhausted(d),
    acted: s.acted.includes(d.id),
  };
}

function enemyView(e: Enemy) {
  const c = enemyCard(e);
  return { id: e.id, key: e.key, name: c.name, short: c.short, swords: c.swords, shields: c.shields, hearts: c.hearts, range: c.range, wall: c.wall, wounds: e.wounds };
}

function handCard(id: string) {
  const key = keyOf(id);
  const order = ORDER[key];
  if (order) return { key, name: order.name, kind: 'order' as const, effect: order.effect.kind, text: order.text };
  const d = DEFENDER[key]!;
  return { key, name: d.name, kind: 'special' as const, effect: 'defender', text: `${d.swords}⚔ ${d.shields}🛡 ${d.hearts}♥ range ${d.range}: enters with its summoning order.` };
}

export function view(s: TwoDeckSiegeState, seat?: Seat) {
  const units = (place: string) => s.defenders.filter((d) => d.at === place).map((d) => unitView(s, d));
  const q = s.pending?.question ?? null;
  const prompt = (seat === 0 || seat === undefined) && s.phase !== 'over' ? choicePromptSaid(s, 0, []) : null;
  return {
    game: 'two-deck-siege',
    options: { ...s.options },
    turn: s.turn,
    phase: s.phase,
    layout: { ...s.layout },
    castle: s.castle.map((c) => ({
      id: c.id,
      kind: c.kind,
      side: c.kind === 'wall' ? parseWall(c.id)!.side : null,
      sides: c.kind === 'tower' ? (Object.entries(SIDE_TOWERS).filter(([, t]) => t.includes(c.id)).map(([side]) => side)) : [],
      thick: c.thick,
      rating: c.rating,
      damage: c.damage,
      left: c.destroyed ? 0 : c.rating - c.damage,
      destroyed: c.destroyed,
      defenders: units(c.id),
    })),
    walls: allWalls(s.layout),
    towers: [...TOWERS],
    field: allWalls(s.layout).flatMap((wall) =>
      BANDS.map((band) => ({ cell: cellId(wall, band), wall, side: parseWall(wall)!.side, band, enemies: enemiesAt(s, cellId(wall, band)).map(enemyView) })),
    ),
    courtyard: { defenders: units(COURTYARD), enemies: enemiesAt(s, COURTYARD).map(enemyView), noRest: enemyInCourtyard(s) },
    hand: s.hand.map(handCard),
    enemyDeck: { side: s.deckSide, size: s.enemyDeck.length },
    playerDeck: { size: s.playerDeck.length },
    discard: {
      player: s.playerDiscard.map((c) => playerCardName(keyOf(c))),
      enemy: s.enemyDiscard.map(enemyName),
      events: s.eventsDone.map(enemyName),
      fallen: s.fallen.map((id) => DEFENDER[keyOf(id)]!.name),
      lost: s.lost.map((id) => DEFENDER[keyOf(id)]!.name),
    },
    killed: s.killed,
    plays: { used: s.plays, max: RULES.plays },
    order: s.order
      ? { card: s.order.card, name: playerCardName(s.order.card), mode: s.order.mode, acted: [...s.order.acted], cast: [...s.order.cast] }
      : null,
    question: q
      ? { kind: q.kind, text: q.text, phrase: questionText(q).phrase, enemy: q.enemy, enemyName: q.enemy ? enemyName(q.enemy) : null, options: [...q.options] }
      : null,
    toAct: toAct(s),
    prompt: prompt?.text ?? null,
    /** The prompt in any language. */
    promptPhrase: prompt?.phrase ?? null,
    score: score(s),
    outcome: outcome(s),
  };
}

export type TwoDeckSiegeView = ReturnType<typeof view>;
