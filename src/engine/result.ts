import type { Phrase } from './phrase.js';

/**
 * A value or a reason a player can read. Illegal input is a value, never an exception. `phrase`
 * says the reason in the player's language (the game's catalog; `message` is the English).
 */
export type GameError = { code: string; message: string; phrase?: Phrase };
export type Result<T> = { ok: true; value: T } | { ok: false; error: GameError };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const err = <T = never>(code: string, message: string, phrase?: Phrase): Result<T> => ({
  ok: false,
  error: phrase ? { code, message, phrase } : { code, message },
});
