// What a page shows of a game (its GameModel), kept by game, version, position, language and
// viewer for a little while: a move watched by hundreds asks for the same page part and board
// at once, and a model costs database reads and a walk through the move log. Requests for the
// same key at once wait for one making. A new version is a new key, so nothing stale is shown
// but display names, for at most KEEP_MS.
import type { GameModel } from './gameModel.js';

const MAX_KEPT = 64;
const KEEP_MS = 30_000;

export function createModelCache() {
  const kept = new Map<string, { at: number; model: Promise<GameModel> }>();
  return {
    get(key: string, make: () => Promise<GameModel>): Promise<GameModel> {
      const hit = kept.get(key);
      if (hit && Date.now() - hit.at < KEEP_MS) return hit.model;
      const model = make();
      kept.delete(key);
      kept.set(key, { at: Date.now(), model });
      // A failed making is not kept: the next request tries again.
      model.catch(() => kept.delete(key));
      while (kept.size > MAX_KEPT) kept.delete(kept.keys().next().value!);
      return model;
    },
  };
}

export type ModelCache = ReturnType<typeof createModelCache>;
