/** A value or a reason a player can read. Illegal input is a value, never an exception. */
export type GameError = { code: string; message: string };
export type Result<T> = { ok: true; value: T } | { ok: false; error: GameError };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const err = <T = never>(code: string, message: string): Result<T> => ({
  ok: false,
  error: { code, message },
});
