// Options, the opening position, the defender's turn start, and a builder for test positions.
import { draw, err, ok, rngFromSeed, type GameEvent, type Result, type SeatSpec } from '../../engine/index.js';
import { allWalls, TOWERS } from './geometry.js';
import { cardName, englishList, event, said } from './phrases.js';
import {
  ALL_ENEMY_UNITS,
  ALL_EVENTS,
  COURTYARD,
  DATA,
  keyOf,
  PLAYER_CARDS,
  REGULAR_DEFENDERS,
  RULES,
  type CastleShape,
  type Defender,
  type Enemy,
  type Side,
  type TwoDeckSiegeOptions,
  type TwoDeckSiegeState,
} from './types.js';

export const defaultOptions: TwoDeckSiegeOptions = { castle: 'square', thickWalls: false, reinforcements: 0, autoChoose: false };

const ON = new Set(['on', 'yes', 'true', '1']);
const OFF = new Set(['off', 'no', 'false', '0']);

function onOff(name: string, value: unknown): Result<boolean> {
  if (typeof value === 'boolean') return ok(value);
  const v = String(value).trim().toLowerCase();
  if (ON.has(v)) return ok(true);
  if (OFF.has(v)) return ok(false);
  return err('bad-option', `Option ${name} must be on or off, not ${JSON.stringify(value)}.`, { key: 'errors.optionOnOff', values: { name, value: JSON.stringify(value) } });
}

const OPTION_NAMES: Record<string, 'castle' | 'thick' | 'reinforcements' | 'auto'> = {
  castle: 'castle',
  'thick-walls': 'thick',
  thick_walls: 'thick',
  thickWalls: 'thick',
  thick: 'thick',
  reinforcements: 'reinforcements',
  'auto-choose': 'auto',
  auto_choose: 'auto',
  autoChoose: 'auto',
};

/** Reads `castle`, `thick-walls`, `reinforcements` and `auto-choose`, with reasons for bad values. */
export function parseOptions(raw: Record<string, unknown>): Result<TwoDeckSiegeOptions> {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    return err('bad-option', 'Options must be given as name and value pairs.', { key: 'errors.optionPairs' });
  }
  let castle: CastleShape = 'square';
  let thick: boolean | null = null;
  let reinforcements: 0 | 1 | 2 = 0;
  let autoChoose = false;
  for (const [key, value] of Object.entries(raw)) {
    if (value === undefined || value === null) continue;
    const name = Object.hasOwn(OPTION_NAMES, key) ? OPTION_NAMES[key] : undefined;
    if (!name) {
      const text = `Two Deck Siege has no option ${JSON.stringify(key)}; its options are castle, thick-walls, reinforcements and auto-choose.`;
      return err('bad-option', text, { key: 'errors.optionUnknown', values: { name: JSON.stringify(key) } });
    }
    if (name === 'castle') {
      const v = String(value).trim().toLowerCase();
      if (v !== 'square' && v !== 'rectangle') {
        return err('bad-option', `Option castle must be square or rectangle, not ${JSON.stringify(value)}.`, { key: 'errors.optionCastle', values: { value: JSON.stringify(value) } });
      }
      castle = v;
    } else if (name === 'thick') {
      const r = onOff('thick-walls', value);
      if (!r.ok) return r;
      thick = r.value;
    } else if (name === 'reinforcements') {
      const v = typeof value === 'number' ? value : Number(String(value).trim());
      if (v !== 0 && v !== 1 && v !== 2) {
        return err('bad-option', `Option reinforcements must be 0, 1 or 2, not ${JSON.stringify(value)}.`, { key: 'errors.optionReinforcements', values: { value: JSON.stringify(value) } });
      }
      reinforcements = v;
    } else {
      const r = onOff('auto-choose', value);
      if (!r.ok) return r;
      autoChoose = r.value;
    }
  }
  if (castle === 'rectangle' && thick === false) {
    return err('bad-option', 'The rectangle castle always uses the two thick walls: leave thick-walls out or set it on.', { key: 'errors.optionRectangleThick' });
  }
  return ok({ castle, thickWalls: castle === 'rectangle' ? true : thick ?? false, reinforcements, autoChoose });
}

export function layoutFor(castle: CastleShape): Record<Side, number> {
  return castle === 'rectangle' ? { N: 3, E: 2, S: 3, W: 2 } : { N: 2, E: 2, S: 2, W: 2 };
}

function sanitize(options: Partial<TwoDeckSiegeOptions> | undefined): TwoDeckSiegeOptions {
  const castle: CastleShape = options?.castle === 'rectangle' ? 'rectangle' : 'square';
  const r = options?.reinforcements;
  return {
    castle,
    thickWalls: castle === 'rectangle' ? true : options?.thickWalls === true,
    reinforcements: r === 1 || r === 2 ? r : 0,
    autoChoose: options?.autoChoose === true,
  };
}

/**
 * The enemy deck: the units and events without the bosses and Reinforcements, shuffled and dealt
 * into three piles; the Dragon joins the 2nd, the Necromancer the 3rd; each pile is shuffled and
 * the 1st goes on top. The chosen Reinforcements then go in at random places.
 */
function enemyDeck(s: TwoDeckSiegeState, reinforcements: number): string[] {
  const all = [...ALL_ENEMY_UNITS, ...ALL_EVENTS];
  const bosses = ['dragon', 'necromancer'];
  const rest = all.filter((id) => !bosses.includes(keyOf(id)) && keyOf(id) !== 'reinforcements');
  const extra = ALL_EVENTS.filter((id) => keyOf(id) === 'reinforcements').slice(0, reinforcements);
  const dragon = ALL_ENEMY_UNITS.filter((id) => keyOf(id) === 'dragon');
  const necro = ALL_ENEMY_UNITS.filter((id) => keyOf(id) === 'necromancer');
  const [deck, rng] = draw(s.rng, (r) => {
    const mixed = r.shuffle(rest);
    const third = Math.ceil(mixed.length / 3);
    const piles = [mixed.slice(0, third), [...mixed.slice(third, 2 * third), ...dragon], [...mixed.slice(2 * third), ...necro]];
    const out = piles.flatMap((p) => r.shuffle(p));
    for (const id of extra) out.splice(r.int(out.length + 1), 0, id);
    return out;
  });
  s.rng = rng;
  return deck;
}

export function setup(seed: string, _seats: SeatSpec[], options: TwoDeckSiegeOptions): TwoDeckSiegeState {
  const opts = sanitize(options);
  const layout = layoutFor(opts.castle);
  const s: TwoDeckSiegeState = {
    game: 'two-deck-siege',
    options: opts,
    layout,
    castle: [
      ...allWalls(layout).map((id) => ({ id, kind: 'wall' as const, thick: false, rating: DATA.castle.wall.rating, damage: 0, destroyed: false })),
      ...TOWERS.map((id) => ({ id, kind: 'tower' as const, thick: false, rating: DATA.castle.tower.rating, damage: 0, destroyed: false })),
    ],
    defenders: REGULAR_DEFENDERS.map((id): Defender => ({ id, key: keyOf(id), at: COURTYARD, wounds: 0, tired: 0 })),
    fallen: [],
    lost: [],
    enemies: [],
    enemyDeck: [],
    enemyDiscard: [],
    eventsDone: [],
    killed: 0,
    raised: 0,
    deckSide: 'N',
    surged: false,
    hand: [],
    playerDeck: [],
    playerDiscard: [],
    turn: 0,
    phase: 'thick',
    thickLeft: opts.thickWalls ? 2 : 0,
    plays: 0,
    acted: [],
    order: null,
    pending: null,
    result: null,
    rng: rngFromSeed(String(seed)),
  };
  s.enemyDeck = enemyDeck(s, opts.reinforcements);
  const [cards, rng] = draw(s.rng, (r) => r.shuffle(PLAYER_CARDS));
  s.rng = rng;
  s.playerDeck = cards.slice(RULES.startingHand);
  s.hand = cards.slice(0, RULES.startingHand);
  if (s.thickLeft === 0) startTurn(s, []);
  return s;
}

/** Draws one player card; an empty deck is first refilled from the shuffled discard pile. */
function drawPlayerCard(s: TwoDeckSiegeState, events: GameEvent[]): string | null {
  if (s.playerDeck.length === 0 && s.playerDiscard.length > 0) {
    const [deck, rng] = draw(s.rng, (r) => r.shuffle(s.playerDiscard));
    s.rng = rng;
    s.playerDeck = deck;
    s.playerDiscard = [];
    events.push(event('reshuffle', said('Your discard pile is shuffled into a new deck.', 'events.reshuffle')));
  }
  return s.playerDeck.shift() ?? null;
}

/** The defender's turn begins: draw 2, then discard down to 6 if the hand is larger. */
export function startTurn(s: TwoDeckSiegeState, events: GameEvent[]): void {
  s.turn += 1;
  s.plays = 0;
  s.acted = [];
  s.order = null;
  if (s.turn > RULES.turnLimit) {
    s.phase = 'over';
    s.result = { won: false, reason: `the siege outlasted the castle's stores (${RULES.turnLimit} turns)` };
    const text = `🏳 After ${RULES.turnLimit} turns the castle's stores are empty: the castle surrenders.`;
    events.push(event('game-over', said(text, 'events.storesEmpty', { icon: '🏳', count: RULES.turnLimit })));
    return;
  }
  const drawn: string[] = [];
  for (let i = 0; i < RULES.draw; i++) {
    const c = drawPlayerCard(s, events);
    if (c) drawn.push(c);
  }
  s.hand.push(...drawn);
  const names = drawn.map((c) => cardName(keyOf(c)));
  const drawnText = drawn.length
    ? said(`Turn ${s.turn}: you draw ${englishList(names.map((c) => c.text))}.`, 'events.draw', { turn: s.turn, cards: names.map((c) => c.phrase) })
    : said(`Turn ${s.turn}: you draw nothing.`, 'events.drawNothing', { turn: s.turn });
  events.push(event('draw', drawnText, { cards: drawn.map(keyOf), revealed: true }));
  s.phase = s.hand.length > RULES.handSize ? 'discard' : 'orders';
}

/** A position described by what differs from a fresh game: used by scenarios and fixtures. */
export interface PositionSpec {
  options?: Partial<TwoDeckSiegeOptions>;
  /** Defenders by id and place; defenders not listed stay in the courtyard. */
  defenders?: { id: string; at?: string; wounds?: number; tired?: number }[];
  /** Remove these defenders (killed), regulars to the fallen pile. */
  dead?: string[];
  enemies?: { id: string; at: string; wounds?: number }[];
  /** Enemy deck top first; default: the game's deck without the enemies placed. */
  enemyDeck?: string[];
  enemyDiscard?: string[];
  damage?: Record<string, number>;
  destroyed?: string[];
  thick?: string[];
  hand?: string[];
  playerDeck?: string[];
  deckSide?: Side;
  turn?: number;
  plays?: number;
  acted?: string[];
  surged?: boolean;
  /** Enemies the Necromancer has raised so far. */
  raised?: number;
  rng?: string;
}

export function buildPosition(spec: PositionSpec): TwoDeckSiegeState {
  const s = setup(spec.rng ?? 'position', [], { ...defaultOptions, ...spec.options, thickWalls: false } as TwoDeckSiegeOptions);
  s.options = sanitize({ ...defaultOptions, ...spec.options });
  s.thickLeft = 0;
  for (const d of spec.defenders ?? []) {
    const unit = s.defenders.find((x) => x.id === d.id);
    if (unit) Object.assign(unit, { at: d.at ?? unit.at, wounds: d.wounds ?? 0, tired: d.tired ?? 0 });
    else s.defenders.push({ id: d.id, key: keyOf(d.id), at: d.at ?? COURTYARD, wounds: d.wounds ?? 0, tired: d.tired ?? 0 });
  }
  for (const id of spec.dead ?? []) {
    s.defenders = s.defenders.filter((d) => d.id !== id);
    s.fallen.push(id);
  }
  s.enemies = (spec.enemies ?? []).map((e): Enemy => ({ id: e.id, key: keyOf(e.id), at: e.at, wounds: e.wounds ?? 0 }));
  const placed = new Set([...s.enemies.map((e) => e.id), ...(spec.enemyDiscard ?? [])]);
  s.enemyDeck = spec.enemyDeck ?? s.enemyDeck.filter((id) => !placed.has(id));
  s.enemyDiscard = spec.enemyDiscard ?? [];
  for (const c of s.castle) {
    c.thick = (spec.thick ?? []).includes(c.id);
    if (c.thick) c.rating = DATA.castle.thick.rating;
    c.damage = spec.damage?.[c.id] ?? 0;
    c.destroyed = (spec.destroyed ?? []).includes(c.id);
    if (c.destroyed) c.damage = c.rating;
  }
  if (spec.hand) {
    s.hand = [...spec.hand];
    s.playerDeck = spec.playerDeck ?? PLAYER_CARDS.filter((c) => !spec.hand!.includes(c));
  }
  s.deckSide = spec.deckSide ?? 'N';
  s.turn = spec.turn ?? 1;
  s.plays = spec.plays ?? 0;
  s.acted = spec.acted ?? [];
  s.surged = spec.surged ?? false;
  s.raised = spec.raised ?? 0;
  s.phase = s.hand.length > RULES.handSize ? 'discard' : 'orders';
  return s;
}
