// Wording that every game's notation shares, so that the games say the same thing the same way:
// what formatMove writes for a value that is not a move, and what parseMove says to text it cannot read.
import { err, type Result } from './result.js';

/** formatMove's answer for a value that is not a move: it shows the value and never throws (a cycle, a BigInt). */
export function formatNotAMove(move: unknown): string {
  try {
    return `(not a move: ${JSON.stringify(move)})`;
  } catch {
    return '(not a move)';
  }
}

/** What a player typed, as an error message quotes it: the first 40 characters. */
export function clipped(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/**
 * The moves a player has now, in notation, the first `named` of them spelled out: "Moves now:
 * gather farms, gather city, and 3 more." An error that refuses a move ends with it.
 */
export function movesNowHint(moves: readonly string[], { lead = 'Moves now', named = 8 } = {}): string {
  if (moves.length === 0) return 'You have no move now.';
  const more = moves.length > named ? `, and ${moves.length - named} more` : '';
  return `${lead}: ${moves.slice(0, named).join(', ')}${more}.`;
}

/** parseMove's refusal of text that reads as no move at all, followed by the hint. */
export function unknownNotation(text: string, hint: string): Result<never> {
  return err('bad-notation', `"${clipped(text)}" is not a move I know. ${hint}`);
}
