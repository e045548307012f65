// Picking a move without typing: the legal moves arranged as a tree of choices, from each
// game's `choicePath`. The Discord layer turns one level of this tree into buttons or menus.
import type { GameDefinition, MoveChoice, Phrase, Seat } from '../engine/contract.js';
import type { Speaker } from '../i18n/index.js';
import { english, phrase, plain, qualify, SERVICES_NS } from './phrases.js';

export type ChoiceLevel = {
  /** The question of this level, in English and in any language. */
  prompt: string;
  promptPhrase: Phrase;
  /** The next choices under the chosen prefix, each marked when it completes a move. */
  options: (MoveChoice & { completes: boolean })[];
};

/**
 * A choice as a button says it: with its meaning when that is short ("Keep (+d12 Military)"),
 * and its number when a picture numbers the choices ("2 · SE ↘"). Discord's buttons and the web's
 * play page say the same. `inLanguage`: said in a speaker's language, from the game's catalog
 * (its id), the English where the choice has no phrase (notation).
 */
export function choiceText(
  o: Pick<MoveChoice, 'label' | 'description' | 'phrase' | 'descriptionPhrase'>,
  number?: number,
  inLanguage?: { sp: Speaker; gameId: string },
): string {
  const say = (said: MoveChoice['phrase'], fallback: string) => (inLanguage ? inLanguage.sp.sayOr(said, inLanguage.gameId, fallback) : fallback);
  const label = say(o.phrase, o.label);
  const description = o.description ? say(o.descriptionPhrase, o.description) : undefined;
  const base = number !== undefined ? `${number} · ${label}` : label;
  const described = description && !label.includes(description) ? `${base} (${description})` : base;
  return described.length <= 48 ? described : base;
}

export function choicePathOf(def: GameDefinition, state: unknown, seat: Seat, move: unknown): MoveChoice[] {
  if (def.choicePath) return def.choicePath(state, seat, move);
  const text = def.formatMove(state, seat, move);
  return [{ key: text.replace(/[:\s]+/g, '_').slice(0, 16), label: text.slice(0, 80) }];
}

type Pathed = { move: unknown; path: MoveChoice[] };

/**
 * Each legal move of `seat` with its path of choices, worked out once per state: a press looks
 * the same state up several times (the step it opens, the move it completes, the board's
 * buttons after it), and an engine's `legalMoves` is the costly part. States are never mutated
 * (ENGINE.md), so a state object always has the same moves.
 */
const pathedMoves = new WeakMap<object, Map<Seat, Pathed[]>>();

function legalPaths(def: GameDefinition, state: unknown, seat: Seat): Pathed[] {
  const compute = () => def.legalMoves(state, seat).map((move) => ({ move, path: choicePathOf(def, state, seat, move) }));
  if (typeof state !== 'object' || state === null) return compute();
  let bySeat = pathedMoves.get(state);
  if (!bySeat) pathedMoves.set(state, (bySeat = new Map()));
  let pathed = bySeat.get(seat);
  if (!pathed) bySeat.set(seat, (pathed = compute()));
  return pathed;
}

export function choiceLevel(def: GameDefinition, state: unknown, seat: Seat, chosen: string[]): ChoiceLevel {
  const seen = new Map<string, MoveChoice & { completes: boolean }>();
  for (const { path } of legalPaths(def, state, seat)) {
    if (path.length <= chosen.length) continue;
    if (!chosen.every((k, i) => path[i]!.key === k)) continue;
    const next = path[chosen.length]!;
    const completes = path.length === chosen.length + 1;
    const existing = seen.get(next.key);
    if (existing) existing.completes ||= completes;
    else seen.set(next.key, { ...next, completes });
  }
  return { ...promptOf(def, state, seat, chosen), options: [...seen.values()] };
}

/** The game's question at this level (its phrase qualified with its catalog), else the platform's own. */
function promptOf(def: GameDefinition, state: unknown, seat: Seat, chosen: string[]): Pick<ChoiceLevel, 'prompt' | 'promptPhrase'> {
  const own = def.choicePrompt?.(state, seat, chosen);
  if (own !== undefined) {
    const said = def.choicePromptPhrase?.(state, seat, chosen);
    return { prompt: own, promptPhrase: said ? qualify(said, def.id) : plain(own) };
  }
  const promptPhrase = phrase(chosen.length ? 'choices.choose' : 'choices.chooseMove');
  return { prompt: english(promptPhrase), promptPhrase };
}

/**
 * The question asked at a step, in the reader's language: the game's own, else the platform's
 * "Choose your move" (one home for Discord's step panels, the web's choices and Describe).
 */
export function stepPrompt(sp: Speaker, def: GameDefinition, state: unknown, seat: Seat, chosen: string[]): string {
  const { prompt, promptPhrase } = promptOf(def, state, seat, chosen);
  return sp.sayOr(promptPhrase, SERVICES_NS, prompt);
}

export function findMoveByPath(def: GameDefinition, state: unknown, seat: Seat, keys: string[]): unknown | null {
  for (const { move, path } of legalPaths(def, state, seat)) {
    if (path.length === keys.length && path.every((c, i) => c.key === keys[i])) return move;
  }
  return null;
}
