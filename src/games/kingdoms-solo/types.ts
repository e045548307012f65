// The Solo Variant: the shapes of state and moves, and the numbers the seed gives.
import type { GameEvent, Phrase, RngState } from '../../engine/index.js';
import type { Action, ActionCard, BoardState, Kingdom, Resource, ScoreLine } from '../kingdoms-base/index.js';

export const PLAYER = 0;
export const AI = 1;
export const SIDE_NAME = ['You', 'AI'] as const;

export type Difficulty = 'easier' | 'standard' | 'harder';
export const DIFFICULTIES: readonly Difficulty[] = ['easier', 'standard', 'harder'];
export const isDifficulty = (d: unknown): d is Difficulty => typeof d === 'string' && (DIFFICULTIES as readonly string[]).includes(d);

/** Numbers from the seed (not project values). */
export const SOLO = {
  aiStart: { food: 3, mana: 2, ore: 1 },
  playerStart: 6,
  playerStartHarder: 3,
  /** The AI's combat die: faces 1–11 and a white flag. */
  dieFaces: 12,
  homeMeeples: 2,
} as const;

/** What the difficulty turns on: the seed's easier and harder adjustments. */
export type Adjustments = {
  /** Easier: when gaining resources the AI never gains more than 1 of a type. */
  gainOneEach: boolean;
  /** Easier: the AI collects nothing when it cannot take the action it chose on its turn. */
  noGainOnFailedAction: boolean;
  /** Easier: the AI starts with no resources. */
  aiStartsEmpty: boolean;
  /** Harder: the player starts with 3 resources. */
  playerStartsWithThree: boolean;
  /** Harder: no alliances; an AI white flag wins outright and pays nothing. */
  noAlliances: boolean;
};

export function adjustments(d: Difficulty): Adjustments {
  const easier = d === 'easier';
  const harder = d === 'harder';
  return { gainOneEach: easier, noGainOnFailedAction: easier, aiStartsEmpty: easier, playerStartsWithThree: harder, noAlliances: harder };
}

/**
 * `faction`, `territory`: the player picks between the two drawn; `split`: the starting resources;
 * `place`: the region of the first two meeples. `turn`: the player's turn, choosing a free action.
 * `follow`: the AI has acted, the player takes the same action or collects. `war`: the player
 * chooses a commitment or the white flag. `flag`: the AI's die showed the white flag and the
 * player chooses between defeating the AI and an alliance. `over`: scored.
 */
export type Phase = 'faction' | 'territory' | 'split' | 'place' | 'turn' | 'follow' | 'war' | 'flag' | 'over';

/** What comes once the wars waiting are fought: the other side's response, or the turn's end. */
export type After = 'ai-respond' | 'player-respond' | 'end-turn';

export type WarSide = 'player' | 'ai';
export type War = { region: string; attacker: WarSide; defender: WarSide; cause: 'patrol' | 'quest' | 'alliance' };

/** A commitment: Mana and Ore paid (value Mana × 2 + Ore), or the white flag. */
export type Commitment = { mana: number; ore: number } | 'flag';

export type SideScore = { side: number; name: string; namePhrase?: Phrase; lines: ScoreLine[]; total: number };

export interface SoloState {
  game: 'kingdoms-solo';
  difficulty: Difficulty;
  /** Drawn at setup from the seeded generator: the player picks one of each. */
  drawn: { factions: [string, string]; cards: [string, string] };
  /** [player's faction, AI's faction]; before the choice, in the order drawn. */
  factions: [string, string];
  /** Slot 0: the player's card (side A); slot 1: the AI's card (side B, no Ruins). */
  board: BoardState;
  kingdoms: [Kingdom, Kingdom];
  card: ActionCard;
  round: number;
  /** Turns begun; the AI takes the odd ones (it opens), the player the even ones. */
  turn: number;
  /** Whose turn it is: 0 the player, 1 the AI. */
  active: number;
  /** The action chosen this turn, which the other side follows or not. */
  action: Action | null;
  phase: Phase;
  after: After | null;
  /** Wars to fight, the first now. */
  wars: War[];
  /** The player's commitment while they choose after the AI's white flag. */
  flagCommit: { mana: number; ore: number } | null;
  /** Regions where a player meeple and an AI meeple coexist in an alliance. */
  alliances: string[];
  /** The AI's end objectives reached so far (all three trigger the end). */
  aiReached: { meeples: boolean; tower: boolean; magic: boolean };
  endTrigger: string | null;
  /** The round after which the game is scored, once the end is triggered. */
  endRound: number | null;
  /** The texts of the last move's events, for the board's caption. */
  recent: string[];
  /** Each of `recent` in the reader's language; absent in games stored before phrases. */
  recentPhrases?: (Phrase | null)[];
  score: SideScore[] | null;
  rng: RngState;
}

export type MeepleMove = { type: 'patrol' | 'quest'; from: string; to: string };

export type SoloMove =
  | { type: 'faction'; faction: string }
  | { type: 'territory'; card: string }
  | { type: 'split'; food: number; mana: number; ore: number }
  | { type: 'place'; region: string }
  | MeepleMove
  | { type: 'build' }
  | { type: 'research' }
  | { type: 'expand'; region: string }
  | { type: 'trade'; from: Resource; to: Resource; amount: number }
  | { type: 'skip'; action: Action }
  | { type: 'collect'; ruins?: Resource }
  | { type: 'war'; mana: number; ore: number }
  | { type: 'flag' }
  | { type: 'defeat' }
  | { type: 'alliance' };

export interface SoloOptions {
  difficulty: Difficulty;
}

export const cloneState = (s: SoloState): SoloState => structuredClone(s);

/** One move in progress: the state it is building (a copy, changed in place) and its events so far. */
export type Ctx = { s: SoloState; events: GameEvent[] };
