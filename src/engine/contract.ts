// The game-engine contract (shared/ENGINE.md). Every game is a pure rules module behind this
// interface; the Discord adapter, AI, renderer, storage and tests reach games only through it.
import type { Phrase } from './phrase.js';
import type { Result } from './result.js';

export type { Phrase, PhraseValue } from './phrase.js';

export type Seat = number;
export type AiLevel = 'easy' | 'normal' | 'hard';
export type SeatSpec = { kind: 'human' } | { kind: 'ai'; level: AiLevel };

export type Outcome = { winners: Seat[]; draw: boolean; scores?: number[]; reason: string; reasonPhrase?: Phrase };
export type GameEvent = { type: string; text: string; phrase?: Phrase; [k: string]: unknown };

/**
 * One step on the way to a move when it is picked with buttons and menus instead of typed.
 * `key` travels inside a Discord customId, so it is short (≤ 16 characters) and has no `:`.
 * `phrase` and `descriptionPhrase` say `label` and `description` in the player's language; a
 * label that is notation (a cell, "F7") needs none.
 */
export type MoveChoice = { key: string; label: string; description?: string; phrase?: Phrase; descriptionPhrase?: Phrase };

export interface GameDefinition<State = any, Move = any, Options = any> {
  id: string;
  title: string;
  seats: { min: number; max: number };
  defaultOptions: Options;
  parseOptions(raw: Record<string, unknown>): Result<Options>;
  setup(seed: string, seats: SeatSpec[], options: Options): State;
  toAct(state: State): Seat[];
  legalMoves(state: State, seat: Seat): Move[];
  play(state: State, seat: Seat, move: Move): Result<{ state: State; events: GameEvent[] }>;
  outcome(state: State): Outcome | null;
  formatMove(state: State, seat: Seat, move: Move): string;
  parseMove(state: State, seat: Seat, text: string): Result<Move>;
  view(state: State, seat?: Seat): object;

  /** One line for menus: what the game is about (≤ 100 characters). */
  summary?: string;
  /** Seat names shown to players ("Red", "Blue"). Defaults to "Player 1", "Player 2"… */
  seatNames?: string[];
  /** The rules text for `/siege rules`, Markdown, with credits to the authors. */
  rulesText?: string;
  /** Options a player may set in `/siege start <game>`, described for the command definition. */
  optionSpecs?: OptionSpec[];
  /**
   * Draws now, from `seed`, what the raw options leave to chance (a random map), and returns the
   * raw options with those draws written in, so a challenge can name them before the game starts.
   */
  settleOptions?(raw: Record<string, unknown>, seed: string): Record<string, unknown>;
  /**
   * How a move is picked without typing: the path of choices leading to it, e.g. ["F7", "SE"].
   * All legal moves sharing a prefix are offered together at the next step. Without it, a move is
   * one step labelled with its notation.
   */
  choicePath?(state: State, seat: Seat, move: Move): MoveChoice[];
  /**
   * A move said in words, from the game's catalog ("gather at the Farms", "Höfe ernten"), for
   * every place a player reads a move's short form: logs, history, notices, alt text. Cells and
   * compass directions may stay as notation, as chess notation does; every other id is a word of
   * the catalog. `formatMove` stays the notation a player types. Called with the state the move
   * was played on; null (or no member) for what is no move: then it is read as its notation.
   */
  movePhrase?(state: State, seat: Seat, move: Move): Phrase | null;
  /** The question asked at a step of `choicePath`, given the keys chosen so far. */
  choicePrompt?(state: State, seat: Seat, chosen: string[]): string;
  /** The same question in the player's language. */
  choicePromptPhrase?(state: State, seat: Seat, chosen: string[]): Phrase;
  /**
   * For AI search: the same position as `seat` knows it, with everything hidden or still random
   * (the saved PRNG, deck order) re-drawn from `seed`. Without it a search would foresee the dice.
   */
  determinize?(state: State, seat: Seat, seed: string): State;
  /**
   * What records and leaderboards rank a finished solo game by (higher is better). Without it,
   * `outcome.scores[0]`.
   */
  recordScore?(outcome: Outcome): number | null;
  /**
   * The result of a game stopped unfinished (a tournament round's deadline), decided from its
   * position by the game's own rule, which its rules text states. Called only while
   * `outcome(state)` is null; pure and deterministic like every member, with `reason` in English
   * and `reasonPhrase` in the game's catalog. Without it the game has no rule of its own for this.
   */
  adjudicate?(state: State): Outcome;
  /**
   * Standing choices each player makes for themself (Dice Realms' defence policy). They are
   * settings, not moves: the platform keeps them per player and game, outside the state and the
   * move log, and a player changes them at any time. They act only through `settledMove`, whose
   * answer is played and logged as an ordinary move, so replaying the log still gives the state.
   */
  seatSettings?: SeatSettingSpec[];
  /** Each seat's settings when the game starts, from its options: one record per seat. */
  startingSettings?(options: Options, seats: number): SeatSettings[];
  /**
   * Reads a typed phrase that changes a setting ("defence strongest"): the setting, or why the
   * value is wrong, or null when the phrase is no setting at all (then it is read as a move).
   */
  parseSetting?(text: string): Result<{ name: string; value: string }> | null;
  /**
   * The move `seat`'s settings make for it now, without asking (a standing defence policy
   * answering an attack), or null when the player decides. Must be one of `legalMoves`.
   */
  settledMove?(state: State, seat: Seat, settings: SeatSettings): Move | null;
}

/** One seat's settings: setting name → chosen value. */
export type SeatSettings = Record<string, string>;

/** A per-player setting a game offers, with the values a player may choose. */
export type SeatSettingSpec = {
  /** As players type it: lowercase, words joined by `-` ("defence"). */
  name: string;
  /** For buttons and messages ("Defence policy"). */
  label: string;
  /** The value a seat has when nothing set it. */
  default: string;
  choices: { value: string; label: string; description: string }[];
};

/** A game option as `/siege start <game>` offers it. `choices` limits the values; otherwise free text. */
export type OptionSpec = {
  /** The option's name as players type it: lowercase, words joined by `-`. */
  name: string;
  description: string;
  choices?: { name: string; value: string }[];
  /** The value played when the option is not given, as players would type it. */
  default?: string;
};
