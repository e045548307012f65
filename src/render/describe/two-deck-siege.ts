// Two Deck Siege in words: the turn and what the player is asked, every wall and tower with its
// strength and the defenders on it, the enemies in front of each side band by band (a grid of
// bands and walls per side for the web), the courtyard, the hand and the decks' counts. Units are
// named as the game's texts name them ("Archer 1"), with the id the notation types ("arc1").
import { defenderName, enemyName } from '../../games/two-deck-siege/phrases.js';
import type { TwoDeckSiegeView } from '../../games/two-deck-siege/view.js';
import { commas, semicolons, simplePart, type DescribeInput, type DescribedPart, type DescribedTable, type PositionDescription, type Words, wordsIn } from './shape.js';

const K = 'two-deck-siege';
const NS = 'two-deck-siege';
const SIDES = ['N', 'E', 'S', 'W'] as const;

type V = TwoDeckSiegeView;
type Defender = V['courtyard']['defenders'][number];
type Enemy = V['courtyard']['enemies'][number];
type CastleCard = V['castle'][number];

/** What a unit's card carries besides its name: wounds, tiredness, whether it acted this turn. */
function unitState(w: Words, u: Partial<Defender> & { wounds: number }): string[] {
  const state: string[] = [];
  if (u.wounds) state.push(w.d(`${K}.wounds`, { count: u.wounds }));
  if (u.tired) state.push(w.d(`${K}.tired`, { count: u.tired }));
  if (u.exhausted) state.push(w.d(`${K}.exhausted`));
  if (u.acted) state.push(w.d(`${K}.acted`));
  return state;
}

/** "Archer 1 (arc1: 1 wound)", or in short "arc1 (1 wound)". */
function unit(w: Words, u: { id: string; key: string; wounds: number }, name: string, long: boolean): string {
  const state = unitState(w, u);
  if (!long) return state.length ? w.d(`${K}.briefUnit`, { id: u.id, state: commas(w, state) }) : u.id;
  return state.length ? w.d(`${K}.unitWithState`, { name, id: u.id, state: commas(w, state) }) : w.d(`${K}.unit`, { name, id: u.id });
}

const defender = (w: Words, d: Defender, long: boolean) => {
  const said = defenderName(d);
  return unit(w, d, w.say(said.phrase, NS, said.text), long);
};
const enemy = (w: Words, e: Enemy, long: boolean) => {
  const said = enemyName(e);
  return unit(w, e, w.say(said.phrase, NS, said.text), long);
};

function turnPart(w: Words, v: V): DescribedPart {
  const lines = [w.d(`${K}.turn`, { turn: w.n(v.turn), used: w.n(v.plays.used), max: w.n(v.plays.max) })];
  const asked = v.question?.phrase ? w.say(v.question.phrase, NS, v.question.text) : v.prompt ? w.say(v.promptPhrase, NS, v.prompt) : '';
  if (asked && v.phase !== 'over') lines.push(/[.!?…:]$/.test(asked) ? asked : `${asked}.`);
  if (v.order) {
    const card = w.t(`${NS}:terms.cards.${v.order.card}.name`);
    lines.push(v.order.acted.length ? w.d(`${K}.order`, { card, acted: w.list(v.order.acted) }) : w.d(`${K}.orderStarted`, { card }));
  }
  return simplePart('turn', w.d(`${K}.turnHeading`), lines);
}

function place(w: Words, c: CastleCard): string {
  return w.t(`${NS}:terms.castle.${c.kind === 'tower' ? 'towerCapital' : 'wallCapital'}`, { id: c.id });
}

function strength(w: Words, c: CastleCard): string {
  if (c.destroyed) return w.d(c.kind === 'tower' ? `${K}.towerFallen` : `${K}.breached`);
  return w.d(c.thick ? `${K}.strengthThick` : `${K}.strength`, { left: w.n(c.left), rating: w.n(c.rating) });
}

function castlePart(w: Words, v: V): DescribedPart {
  const say = (long: boolean) => v.castle.map((c) => w.d(`${K}.castle`, {
    place: long ? place(w, c) : c.id,
    strength: strength(w, c),
    defenders: c.defenders.length ? commas(w, c.defenders.map((d) => defender(w, d, long))) : w.d(`${K}.noDefender`),
  }));
  const lines = say(true);
  const table: DescribedTable = {
    caption: w.d(`${K}.castleHeading`),
    columns: [w.d(`${K}.placeHeader`), w.d(`${K}.strengthHeader`), w.d(`${K}.defendersHeader`)],
    rows: v.castle.map((c) => ({ header: place(w, c), cells: [strength(w, c), commas(w, c.defenders.map((d) => defender(w, d, true)))] })),
  };
  return { id: 'castle', heading: w.d(`${K}.castleHeading`), lines, table, brief: [{ text: lines.join(' '), whole: true }, { text: say(false).join(' '), whole: true }] };
}

/** The enemies in front of one side of the castle, band by band, and whether the enemy deck stands there. */
function sidePart(w: Words, v: V, side: (typeof SIDES)[number]): DescribedPart {
  const cells = v.field.filter((f) => f.side === side);
  const walls = [...new Set(cells.map((f) => f.wall))];
  const name = w.t(`${NS}:terms.sides.${side}`);
  const say = (long: boolean) => {
    const taken = cells.filter((f) => f.enemies.length).map((f) => w.d(`${K}.cell`, { cell: f.cell, enemies: commas(w, f.enemies.map((e) => enemy(w, e, long))) }));
    const deck = v.enemyDeck.side === side ? [w.d(`${K}.deckHere`, { count: v.enemyDeck.size })] : [];
    return [taken.length ? w.d(`${K}.side`, { side: name, cells: semicolons(w, taken) }) : w.d(`${K}.sideClear`, { side: name }), ...deck];
  };
  const lines = say(true);
  const table: DescribedTable = {
    caption: w.d(`${K}.fieldCaption`, { side: name }),
    columns: [w.d(`${K}.bandHeader`), ...walls],
    // The far band first, as the enemy comes on.
    rows: [3, 2, 1].map((band) => ({
      header: w.d(`${K}.band`, { band }),
      cells: walls.map((wall) => commas(w, cells.find((f) => f.wall === wall && f.band === band)?.enemies.map((e) => enemy(w, e, true)) ?? [])),
    })),
  };
  return { id: `side-${side}`, heading: w.d(`${K}.sideHeading`, { side: name }), lines, table, brief: [{ text: lines.join(' '), whole: true }, { text: say(false).join(' '), whole: true }] };
}

function courtyardPart(w: Words, v: V): DescribedPart {
  const say = (long: boolean) => {
    const { defenders, enemies } = v.courtyard;
    return [
      w.d(`${K}.courtyard`, { defenders: defenders.length ? commas(w, defenders.map((d) => defender(w, d, long))) : w.d(`${K}.noDefender`) }),
      ...(enemies.length ? [w.d(`${K}.courtyardEnemies`, { count: enemies.length, enemies: commas(w, enemies.map((e) => enemy(w, e, long))) })] : []),
    ];
  };
  const lines = say(true);
  return { id: 'courtyard', heading: w.t(`${NS}:board.courtyard`), lines, brief: [{ text: lines.join(' '), whole: true }, { text: say(false).join(' '), whole: true }] };
}

function cardsPart(w: Words, v: V): DescribedPart {
  const hand = v.hand.map((c) => w.t(c.kind === 'order' ? `${NS}:terms.cards.${c.key}.name` : `${NS}:terms.units.${c.key}.name`));
  const lines = [
    hand.length ? w.d(`${K}.hand`, { count: hand.length, cards: commas(w, hand) }) : w.t(`${NS}:board.noCards`),
    [
      w.d(`${K}.enemyDeck`, { count: v.enemyDeck.size, side: w.t(`${NS}:terms.sides.${v.enemyDeck.side}`) }),
      w.d(`${K}.yourDeck`, { count: v.playerDeck.size }),
    ].join(' '),
    [
      w.d(`${K}.killed`, { count: v.killed }),
      w.d(`${K}.fallen`, { count: v.discard.fallen.length }),
      w.d(`${K}.score`, { score: w.n(v.score) }),
    ].join(' '),
  ];
  return simplePart('cards', w.d(`${K}.cardsHeading`), lines);
}

export function describeTwoDeckSiege({ view, locale }: DescribeInput): PositionDescription {
  const v = view as V;
  const w = wordsIn(locale);
  return { game: K, parts: [turnPart(w, v), castlePart(w, v), ...SIDES.map((s) => sidePart(w, v, s)), courtyardPart(w, v), cardsPart(w, v)] };
}
