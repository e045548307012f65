// Options, the opening (cards and faction drawn from the seed), and a position builder for tests.
import { draw, err, ok, rngFromSeed, type Result, type SeatSpec } from '../../engine/index.js';
import {
  addMeeples,
  CARD_IDS,
  emptyActionCard,
  FACTION_IDS,
  isCardId,
  isFactionId,
  newBoard,
  newKingdom,
  territory,
  type ActionCard,
  type Kingdom,
} from '../kingdoms-base/index.js';
import { ENEMY, PLAYER, SIEGE, type Phase, type SiegeOptions, type SiegeState } from './types.js';

export const defaultOptions: SiegeOptions = { faction: 'random' };

export function parseOptions(raw: Record<string, unknown>): Result<SiegeOptions> {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return err('bad-option', 'Options must be given as name and value pairs.');
  const out: SiegeOptions = { ...defaultOptions };
  for (const [key, value] of Object.entries(raw)) {
    if (value === undefined || value === null) continue;
    if (key !== 'faction') return err('bad-option', `Siege Mode has no option ${JSON.stringify(key)}; its only option is faction.`);
    const v = typeof value === 'string' ? value.trim().toLowerCase() : value;
    if (v !== 'random' && !isFactionId(v)) {
      return err('bad-option', `Option faction must be random or one of ${FACTION_IDS.join(', ')}, not ${JSON.stringify(value)}.`);
    }
    out.faction = v as string;
  }
  return ok(out);
}

/** The Enemy's cubes: one on every region of its card. */
function enemyBoard(playerCard: string, enemyCard: string) {
  let board = newBoard([
    { id: playerCard, side: 'A', owner: PLAYER },
    { id: enemyCard, side: 'B', owner: ENEMY },
  ]);
  for (const r of territory(enemyCard, 'B').regions) board = addMeeples(board, r.id, ENEMY, 1);
  return board;
}

export function setup(seed: string, _seats: SeatSpec[], options: SiegeOptions): SiegeState {
  const parsed = parseOptions((options ?? {}) as unknown as Record<string, unknown>);
  const opts = parsed.ok ? parsed.value : defaultOptions;
  const [drawn, rng] = draw(rngFromSeed(String(seed)), (r) => {
    const cards = r.shuffle(CARD_IDS).slice(0, 2);
    const faction = opts.faction === 'random' ? r.pick(FACTION_IDS) : opts.faction;
    return { cards, faction };
  });
  const board = enemyBoard(drawn.cards[0]!, drawn.cards[1]!);
  return {
    game: 'kingdoms-siege',
    faction: drawn.faction,
    board,
    kingdoms: [
      newKingdom({}, 0, 0),
      newKingdom({ food: SIEGE.enemyResources, mana: SIEGE.enemyResources, ore: SIEGE.enemyResources }, SIEGE.enemyTower, 0, 0),
    ],
    card: emptyActionCard(),
    round: 1,
    turn: 0,
    phase: 'split',
    follow: null,
    endTrigger: null,
    recent: [],
    recentPhrases: [],
    score: null,
    rng,
  };
}

/** A position for scenarios and fixtures, from a few lines of JSON. */
export type PositionSpec = {
  playerCard?: string;
  enemyCard?: string;
  faction?: string;
  /** Region id → [player meeples, Enemy cubes]; regions not listed are empty (the Enemy's too). */
  occupants?: Record<string, [number, number]>;
  player?: Partial<Kingdom>;
  enemy?: Partial<Kingdom>;
  card?: Partial<ActionCard>;
  round?: number;
  turn?: number;
  phase?: Phase;
  follow?: SiegeState['follow'];
  endTrigger?: string | null;
  /** A seed for the dice to come. */
  rng?: string;
};

export function buildPosition(p: PositionSpec): SiegeState {
  const playerCard = p.playerCard ?? 'ashfen';
  const enemyCard = p.enemyCard ?? 'thornmoor';
  if (!isCardId(playerCard) || !isCardId(enemyCard) || playerCard === enemyCard) throw new Error('two different cards are needed');
  let board = newBoard([
    { id: playerCard, side: 'A', owner: PLAYER },
    { id: enemyCard, side: 'B', owner: ENEMY },
  ]);
  let onMap = 0;
  for (const [id, [mine, theirs]] of Object.entries(p.occupants ?? {})) {
    if (mine) board = addMeeples(board, id, PLAYER, mine);
    if (theirs) board = addMeeples(board, id, ENEMY, theirs);
    onMap += mine;
  }
  const player = { ...newKingdom({}, 0, 0, 7 - onMap), ...p.player };
  const enemy = { ...newKingdom({ food: 5, mana: 5, ore: 5 }, SIEGE.enemyTower, 0, 0), ...p.enemy };
  return {
    game: 'kingdoms-siege',
    faction: p.faction ?? 'verdant',
    board,
    kingdoms: [player, enemy],
    card: { ...emptyActionCard(), ...p.card },
    round: p.round ?? 1,
    turn: p.turn ?? 0,
    phase: p.phase ?? 'turn',
    follow: p.follow ?? null,
    endTrigger: p.endTrigger ?? null,
    recent: [],
    recentPhrases: [],
    score: null,
    rng: rngFromSeed(p.rng ?? 'position'),
  };
}
