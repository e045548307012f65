// Siege Mode: the shapes of state and moves, and the numbers the seed gives.
import type { Phrase, RngState } from '../../engine/index.js';
import type { Action, ActionCard, BoardState, Kingdom, Resource, ScoreLine, WarPayment } from '../kingdoms-base/index.js';

export const PLAYER = 0;
export const ENEMY = 1;

/** Numbers from the seed (not project values). */
export const SIEGE = {
  enemyTower: 3,
  enemyResources: 5,
  /** Per Enemy region the player holds, and per Enemy region the Enemy still holds. */
  enemyLandVp: 1,
  enemyHeldVp: -3,
} as const;

export const ENEMY_COLOUR = '#2f2f36';

/**
 * `split`: the player splits 6 resources. `place`: the player puts 2 meeples on a region of their
 * card. `turn`: the player's turn, choosing a free action. `follow`: the Enemy has acted, the
 * player takes the same action or collects. `over`: scored.
 */
export type Phase = 'split' | 'place' | 'turn' | 'follow' | 'over';

export interface SiegeState {
  game: 'kingdoms-siege';
  faction: string;
  /** Slot 0: the player's card (side A); slot 1: the Enemy's card (side B). */
  board: BoardState;
  kingdoms: [Kingdom, Kingdom];
  card: ActionCard;
  round: number;
  /** Turns begun since the first player turn; even turns are the player's, odd the Enemy's. */
  turn: number;
  phase: Phase;
  /** The Enemy's action the player may follow now. */
  follow: Action | null;
  /** What triggered the end, once something has. */
  endTrigger: string | null;
  /** The texts of the last move's events, for the board's caption. */
  recent: string[];
  /** Each of `recent` in the reader's language; absent in games stored before phrases. */
  recentPhrases?: (Phrase | null)[];
  score: { lines: ScoreLine[]; total: number } | null;
  rng: RngState;
}

export type MeepleMove = { type: 'patrol' | 'quest'; from: string; to: string; war?: WarPayment };

export type SiegeMove =
  | { type: 'split'; food: number; mana: number; ore: number }
  | { type: 'place'; region: string }
  | MeepleMove
  | { type: 'build' }
  | { type: 'research' }
  | { type: 'expand'; region: string }
  | { type: 'trade'; from: Resource; to: Resource; amount: number }
  | { type: 'skip'; action: Action }
  | { type: 'collect'; ruins?: Resource };

export type FactionChoice = 'random' | string;
export interface SiegeOptions {
  faction: FactionChoice;
}

export const cloneState = (s: SiegeState): SiegeState => structuredClone(s);
