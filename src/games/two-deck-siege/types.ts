// Two Deck Siege: the shapes of state and moves, and the card data as the engine reads it.
import cards from '../../../assets/cards/two-deck-siege.json' with { type: 'json' };
import type { Phrase, RngState } from '../../engine/index.js';

export type Side = 'N' | 'E' | 'S' | 'W';
export const SIDES: readonly Side[] = ['N', 'E', 'S', 'W'];
export const SIDE_NAME: Record<Side, string> = { N: 'North', E: 'East', S: 'South', W: 'West' };
export type CastleShape = 'square' | 'rectangle';

export const COURTYARD = 'courtyard';

export interface TwoDeckSiegeOptions {
  castle: CastleShape;
  thickWalls: boolean;
  reinforcements: 0 | 1 | 2;
  autoChoose: boolean;
}

/** A wall card or a corner tower. Wall ids are side + number clockwise ("N1"); towers "NE". */
export interface CastleCard {
  id: string;
  kind: 'wall' | 'tower';
  thick: boolean;
  rating: number;
  damage: number;
  destroyed: boolean;
}

/** A defender in play: on a wall or tower (its id) or in the courtyard. */
export interface Defender {
  id: string;
  key: string;
  at: string;
  wounds: number;
  tired: number;
}

/** An enemy in play: in a band cell ("N1-2": band 2 in front of wall N1) or in the courtyard. */
export interface Enemy {
  id: string;
  key: string;
  at: string;
  wounds: number;
}

export type OrderMode = 'order' | 'attack' | 'move';

/** A card being carried out: the units that acted under it so far, and what binds the rest. */
export interface OrderInProgress {
  card: string;
  mode: OrderMode;
  acted: string[];
  /** Where the units of a group order stand (generic orders, "one wall or tower" orders). */
  group: string | null;
  /** A generic move's destination, set by its first unit. */
  dest: string | null;
  cast: Caster[];
}

export type Caster = 'wizard' | 'priest';

export type QuestionKind = 'place' | 'target' | 'order' | 'siege' | 'sap';

/** A "player's choice" inside the attacker's turn. */
export interface Question {
  kind: QuestionKind;
  /** The enemy card the choice is about (none for Sappers). */
  enemy: string | null;
  options: string[];
  text: string;
  /** The question in any language (a game saved before phrases has none: its text is shown). */
  phrase?: Phrase;
}

/** The attacker's turn, waiting for an answer: it is replayed from `snapshot` with `answers`. */
export interface PendingTurn {
  snapshot: TwoDeckSiegeState;
  answers: string[];
  events: number;
  question: Question;
}

export type Phase = 'thick' | 'discard' | 'orders' | 'attacker' | 'over';

export interface TwoDeckSiegeState {
  game: 'two-deck-siege';
  options: TwoDeckSiegeOptions;
  /** Wall cards per side. */
  layout: Record<Side, number>;
  castle: CastleCard[];
  defenders: Defender[];
  /** Killed regular defenders, in the order they fell (the Priest may revive them). */
  fallen: string[];
  /** Killed special defenders: out of the game. */
  lost: string[];
  enemies: Enemy[];
  /** Enemy deck, top first. Hidden: never in a view, an event or a move. */
  enemyDeck: string[];
  /** Killed enemies, oldest first. */
  enemyDiscard: string[];
  /** Enemy events resolved so far (out of the game). */
  eventsDone: string[];
  killed: number;
  /** Killed enemies raised back into the deck so far (by the Necromancer). */
  raised: number;
  deckSide: Side;
  surged: boolean;
  hand: string[];
  /** Player deck, top first. Hidden. */
  playerDeck: string[];
  playerDiscard: string[];
  turn: number;
  phase: Phase;
  thickLeft: number;
  plays: number;
  /** Units that acted this turn: they do not rest at its end. */
  acted: string[];
  order: OrderInProgress | null;
  pending: PendingTurn | null;
  result: { won: boolean; reason: string } | null;
  rng: RngState;
}

export type TwoDeckSiegeMove =
  | { type: 'thick'; wall: string }
  | { type: 'discard'; cards: string[] }
  | { type: 'play'; card: string; as: OrderMode }
  | { type: 'act'; unit: string; do: 'attack' | 'repair' | 'move' | 'rest'; target: string }
  | { type: 'cast'; caster: Caster; spell: string; target: string }
  | { type: 'done' }
  | { type: 'end' }
  | { type: 'choose'; pick: string };

// ---------------------------------------------------------------------------------------------
// Card data

export interface UnitCard {
  key: string;
  id: string;
  name: string;
  short: string;
  count: number;
  swords: number;
  shields: number;
  hearts: number;
  range: number;
  why: string;
}
export interface EnemyCard extends UnitCard {
  wall: number;
  /** Killed enemies it raises back into the deck each enemy turn while it lives... */
  raise?: number;
  /** ...and at most this many in the whole game. */
  raiseTotal?: number;
}
export interface DefenderCard extends UnitCard {
  /** A name for several (Dwarves, Knights): the texts that tell of it say "enter", not "enters". */
  plural?: boolean;
  repair: boolean;
  caster?: Caster;
  special: boolean;
}
export type OrderEffect =
  | { kind: 'attack'; units: number; who: 'ranged' | 'melee' | 'courtyard' | 'group' | 'any'; bonus: number; band?: number }
  | { kind: 'move'; units: number }
  | { kind: 'repair'; units: number }
  | { kind: 'rest'; units: number }
  | {
      kind: 'spell';
      wizard: { spell: 'fireball' | 'lightning' | 'mend'; wounds?: number; points?: number };
      priest: { spell: 'heal' | 'refresh' | 'revive'; wounds?: number };
    }
  | { kind: 'summon'; special: string };
export interface OrderCard {
  key: string;
  name: string;
  count: number;
  effect: OrderEffect;
  text: string;
}
export type EventEffect =
  | { kind: 'reinforce'; cards: number; draw?: number }
  | { kind: 'advance' }
  | { kind: 'attack'; minRange: number }
  | { kind: 'siege' }
  | { kind: 'sap'; points: number };
export interface EventCard {
  key: string;
  id: string;
  name: string;
  count: number;
  effect: EventEffect;
  text: string;
}

export const DATA = cards as unknown as {
  castle: Record<'wall' | 'thick' | 'tower', { name: string; rating: number; why: string }>;
  enemies: EnemyCard[];
  events: EventCard[];
  defenders: Omit<DefenderCard, 'special'>[];
  specials: Omit<DefenderCard, 'special'>[];
  orders: OrderCard[];
  rules: {
    handSize: number;
    startingHand: number;
    draw: number;
    plays: number;
    enemyDraw: number;
    moraleSurge: { draw: number; recycle: number };
    turnLimit: number;
    restTokens: number;
  };
};
export const RULES = DATA.rules;

export const ENEMY: Record<string, EnemyCard> = Object.fromEntries(DATA.enemies.map((c) => [c.key, c]));
export const EVENT: Record<string, EventCard> = Object.fromEntries(DATA.events.map((c) => [c.key, c]));
export const DEFENDER: Record<string, DefenderCard> = Object.fromEntries([
  ...DATA.defenders.map((c) => [c.key, { ...c, special: false }] as const),
  ...DATA.specials.map((c) => [c.key, { ...c, special: true }] as const),
]);
export const ORDER: Record<string, OrderCard> = Object.fromEntries(DATA.orders.map((c) => [c.key, c]));

/** Card instance ids: the data's short id and a number ("gob3"), fixed before any shuffle. */
function instances<T extends { key: string; id: string; count: number }>(list: T[]): [string, string][] {
  return list.flatMap((c) => Array.from({ length: c.count }, (_, i) => [c.count === 1 ? c.id : `${c.id}${i + 1}`, c.key] as [string, string]));
}
const ENEMY_IDS = instances(DATA.enemies);
const EVENT_IDS = instances(DATA.events);
const DEFENDER_IDS = instances(DATA.defenders);
const SPECIAL_IDS = instances(DATA.specials);
const KEY_OF: Record<string, string> = Object.fromEntries([...ENEMY_IDS, ...EVENT_IDS, ...DEFENDER_IDS, ...SPECIAL_IDS]);

export const ALL_ENEMY_UNITS = ENEMY_IDS.map(([id]) => id);
export const ALL_EVENTS = EVENT_IDS.map(([id]) => id);
export const REGULAR_DEFENDERS = DEFENDER_IDS.map(([id]) => id);
export const SPECIAL_DEFENDERS = SPECIAL_IDS.map(([id]) => id);

/** The card key behind an instance id ("gob3" → "goblin"; "volley.2" → "volley"). */
export function keyOf(id: string): string {
  if (Object.hasOwn(KEY_OF, id)) return KEY_OF[id]!;
  const dot = id.indexOf('.');
  return dot > 0 ? id.slice(0, dot) : id;
}

/** Player-deck card instances: orders as "volley.1", special defender cards by their id. */
export const PLAYER_CARDS: string[] = [
  ...DATA.orders.flatMap((o) => Array.from({ length: o.count }, (_, i) => `${o.key}.${i + 1}`)),
  ...SPECIAL_IDS.map(([id]) => id),
];

export const isEnemyUnit = (id: string) => Object.hasOwn(ENEMY, keyOf(id)) && Object.hasOwn(KEY_OF, id);
export const isEvent = (id: string) => Object.hasOwn(EVENT, keyOf(id)) && Object.hasOwn(KEY_OF, id);

/** The name of a player card by key: an order's name or a special defender's. */
export function playerCardName(key: string): string {
  return ORDER[key]?.name ?? DEFENDER[key]?.name ?? key;
}

export function enemyName(id: string): string {
  const key = keyOf(id);
  return ENEMY[key]?.name ?? EVENT[key]?.name ?? id;
}

/** A deep copy: states are plain JSON, and a JSON round trip is the quickest copy of them. */
export function cloneState(s: TwoDeckSiegeState): TwoDeckSiegeState {
  return JSON.parse(JSON.stringify(s)) as TwoDeckSiegeState;
}
