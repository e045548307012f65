// Options, the opening draw, and a builder for positions used by scenarios and fixtures.
import { draw, err, ok, rngFromSeed, type Result, type RngState, type SeatSpec } from '../../engine/index.js';
import {
  addMeeples,
  CARD_IDS,
  emptyActionCard,
  FACTION_IDS,
  homeRegion,
  isAction,
  newBoard,
  newKingdom,
  onMap,
  territory,
  VALUES,
  type Action,
  type Kingdom,
} from '../kingdoms-base/index.js';
import { chooseTerritory } from './flow.js';
import { adjustments, AI, isDifficulty, PLAYER, SOLO, type Difficulty, type Phase, type SoloOptions, type SoloState, type War } from './types.js';
import { rollCombatDie, type DieFace } from './war.js';

export const defaultOptions: SoloOptions = { difficulty: 'standard' };

export function parseOptions(raw: Record<string, unknown>): Result<SoloOptions> {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return err('bad-option', 'Options must be given as name and value pairs.');
  let difficulty: Difficulty = defaultOptions.difficulty;
  for (const [key, value] of Object.entries(raw)) {
    if (value === undefined || value === null) continue;
    if (key !== 'difficulty' && key !== 'level') {
      return err('bad-option', `The Solo Variant has no option ${JSON.stringify(key)}; its only option is difficulty (easier, standard or harder).`);
    }
    const v = typeof value === 'string' ? value.trim().toLowerCase() : value;
    const named = v === 'easy' ? 'easier' : v === 'hard' ? 'harder' : v === 'normal' ? 'standard' : v;
    if (!isDifficulty(named)) return err('bad-option', `Option difficulty must be easier, standard or harder, not ${JSON.stringify(value)}.`);
    difficulty = named;
  }
  return ok({ difficulty });
}

export function setup(seed: string, _seats: SeatSpec[], options: SoloOptions): SoloState {
  const difficulty: Difficulty = isDifficulty(options?.difficulty) ? options.difficulty : 'standard';
  const [picks, rng] = draw(rngFromSeed(String(seed)), (r) => ({
    factions: r.shuffle(FACTION_IDS).slice(0, 2) as [string, string],
    cards: r.shuffle(CARD_IDS).slice(0, 2) as [string, string],
  }));
  const aiStart = adjustments(difficulty).aiStartsEmpty ? {} : SOLO.aiStart;
  const s: SoloState = {
    game: 'kingdoms-solo',
    difficulty,
    drawn: picks,
    factions: [picks.factions[0], picks.factions[1]],
    board: newBoard([]),
    kingdoms: [newKingdom({}, 0, 0, VALUES.meeples), newKingdom(aiStart, 0, 0, VALUES.meeples)],
    card: emptyActionCard(),
    round: 0,
    turn: 0,
    active: PLAYER,
    action: null,
    phase: 'faction',
    after: null,
    wars: [],
    flagCommit: null,
    alliances: [],
    aiReached: { meeples: false, tower: false, magic: false },
    endTrigger: null,
    endRound: null,
    recent: [],
    recentPhrases: [],
    score: null,
    rng,
  };
  // Until the player chooses, the board shows the cards as drawn: the first as theirs.
  chooseTerritory(s, picks.cards[0]);
  s.phase = 'faction';
  return s;
}

/** The rolls a generator state will give the AI's combat die, in order. */
export function facesFrom(rng: RngState, n: number): DieFace[] {
  const s = { rng } as SoloState;
  return Array.from({ length: n }, () => rollCombatDie(s));
}

/** A generator state whose next combat-die rolls are exactly `faces`, found by trying seeds in order. */
export function rngForRolls(faces: readonly DieFace[], limit = 500_000): RngState {
  for (let k = 0; k < limit; k++) {
    const rng = rngFromSeed(`kingdoms-solo-rolls-${k}`);
    const got = facesFrom(rng, faces.length);
    if (got.every((f, i) => f === faces[i])) return rng;
  }
  throw new Error(`no generator state within ${limit} seeds rolls ${faces.join(', ')}`);
}

/** A position described by what differs from a fresh game: used by scenarios, fixtures and benches. */
export interface PositionSpec {
  difficulty?: Difficulty;
  /** [player's card, AI's card]. */
  cards?: [string, string];
  /** [player's faction, AI's faction]. */
  factions?: [string, string];
  /** Region id → [player meeples, AI meeples]. Without it, the AI has two at home and the player two in `start`. */
  meeples?: Record<string, [number, number]>;
  start?: string;
  player?: Partial<Kingdom>;
  ai?: Partial<Kingdom>;
  /** Shields already on the card this round: action → side. */
  shields?: Partial<Record<Action, number>>;
  round?: number;
  /** Whose turn: `turn` (the player chooses), `follow` (the player answers `action`), `war`, `flag`. */
  phase?: Phase;
  action?: Action;
  active?: number;
  turn?: number;
  wars?: War[];
  after?: SoloState['after'];
  flagCommit?: { mana: number; ore: number };
  alliances?: string[];
  aiReached?: Partial<SoloState['aiReached']>;
  endRound?: number | null;
  /** A seed string for the dice, or a generator state (see `rngForRolls`). */
  rng?: string | RngState;
}

export function buildPosition(spec: PositionSpec): SoloState {
  const s = setup('position', [], { difficulty: spec.difficulty ?? 'standard' });
  const cards = spec.cards ?? s.drawn.cards;
  const factions = spec.factions ?? s.drawn.factions;
  s.drawn = { cards: [cards[0], cards[1]], factions: [factions[0], factions[1]] };
  s.factions = [factions[0], factions[1]];
  chooseTerritory(s, cards[0]);
  if (spec.meeples) {
    s.board = newBoard(s.board.cards);
    for (const [region, [p, a]] of Object.entries(spec.meeples)) {
      if (p) s.board = addMeeples(s.board, region, PLAYER, p);
      if (a) s.board = addMeeples(s.board, region, AI, a);
    }
  } else {
    s.board = addMeeples(s.board, spec.start ?? homeRegion(territory(cards[0], 'A')).id, PLAYER, VALUES.startMeeples);
  }
  for (const side of [PLAYER, AI]) {
    const k = side === PLAYER ? spec.player : spec.ai;
    const base = side === PLAYER ? newKingdom(VALUES.suggestedSplit) : s.kingdoms[AI];
    s.kingdoms[side] = { ...base, ...(k ?? {}), meeplesInSupply: k?.meeplesInSupply ?? VALUES.meeples - onMap(s.board, side) };
  }
  s.card = emptyActionCard();
  for (const [a, side] of Object.entries(spec.shields ?? {})) if (isAction(a)) s.card[a] = side;
  s.round = spec.round ?? 1;
  s.phase = spec.phase ?? 'turn';
  s.action = spec.action ?? null;
  s.active = spec.active ?? (s.phase === 'follow' ? AI : PLAYER);
  s.turn = spec.turn ?? (s.active === AI ? 1 : 2);
  s.wars = spec.wars ?? [];
  s.after = spec.after ?? (s.wars.length ? 'end-turn' : null);
  s.flagCommit = spec.flagCommit ?? null;
  s.alliances = spec.alliances ?? [];
  s.aiReached = { meeples: false, tower: false, magic: false, ...(spec.aiReached ?? {}) };
  s.endRound = spec.endRound ?? null;
  s.endTrigger = s.endRound === null ? null : 'set by the position';
  s.rng = typeof spec.rng === 'string' ? rngFromSeed(spec.rng) : spec.rng ?? rngFromSeed('position');
  return s;
}
