// parseMove's refusals of text it cannot read, as the engine's shared notation helpers word them
// (src/engine/notation.ts), with the same sentence as a phrase of the `kingdoms` catalog so that a
// player reads it in their language. The moves it names stay notation: typed moves are English.
import { clipped, err, movesNowHint, unknownNotation, type Phrase, type Result } from '../../engine/index.js';
import { kingdomsPhrase } from './phrases.js';

/** movesNowHint's sentence as a phrase. */
function movesNowPhrase(moves: readonly string[], include: boolean, named: number): Phrase {
  if (moves.length === 0) return kingdomsPhrase('errors.movesNow.none');
  const lead = kingdomsPhrase(include ? 'errors.movesNow.leadInclude' : 'errors.movesNow.lead');
  const listed = moves.slice(0, named).join(', ');
  return moves.length > named
    ? kingdomsPhrase('errors.movesNow.more', { lead, moves: listed, count: moves.length - named })
    : kingdomsPhrase('errors.movesNow.all', { lead, moves: listed });
}

/**
 * unknownNotation's refusal of `text`, followed by the moves open now (the first `named`, led by
 * "Moves now include" when `include`), in English and as a phrase.
 */
export function notAMove(text: string, moves: readonly string[], { include = false, named = 8 } = {}): Result<never> {
  const english = unknownNotation(text, movesNowHint(moves, include ? { lead: 'Moves now include', named } : { named }));
  if (english.ok) return english;
  return err(english.error.code, english.error.message, kingdomsPhrase('errors.unknownMove', { text: clipped(text), hint: movesNowPhrase(moves, include, named) }));
}

/** The refusal of a move that is not text at all. */
export const notText = (): Result<never> => err('bad-notation', 'Type a move as text, such as "build".', kingdomsPhrase('errors.notText'));
