// Picking a move without typing: the legal moves arranged as a tree of choices, from each
// game's `choicePath`. The Discord layer turns one level of this tree into buttons or menus.
import type { GameDefinition, MoveChoice, Seat } from '../engine/contract.js';

export type ChoiceLevel = {
  prompt: string;
  /** The next choices under the chosen prefix, each marked when it completes a move. */
  options: (MoveChoice & { completes: boolean })[];
};

/**
 * A choice as a button says it: with its meaning when that is short ("Keep (+d12 Military)"),
 * and its number when a picture numbers the choices ("2 · SE ↘"). Discord's buttons and the web's
 * play page say the same.
 */
export function choiceText(o: { label: string; description?: string }, number?: number): string {
  const base = number !== undefined ? `${number} · ${o.label}` : o.label;
  const described = o.description && !o.label.includes(o.description) ? `${base} (${o.description})` : base;
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
  const prompt = def.choicePrompt?.(state, seat, chosen) ?? (chosen.length ? 'Choose' : 'Choose your move');
  return { prompt, options: [...seen.values()] };
}

export function findMoveByPath(def: GameDefinition, state: unknown, seat: Seat, keys: string[]): unknown | null {
  for (const { move, path } of legalPaths(def, state, seat)) {
    if (path.length === keys.length && path.every((c, i) => c.key === keys[i])) return move;
  }
  return null;
}
