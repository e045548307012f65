// Saving a game's new state: the version-checked write of gameStore.ts and, when the change ends
// the game, its ratings in the same transaction, so that a game finished twice at once (the
// second writer fails the version check) is rated once. Every verb that changes a game saves here.
import type { Db } from '../persistence/db.js';
import { commitState } from './gameStore.js';
import { recordFinish } from './records/ratings.js';
import type { GameSnapshot } from './types.js';

export function saveGame(db: Db, game: GameSnapshot, change: Parameters<typeof commitState>[2], now: Date): Promise<GameSnapshot> {
  const outcome = change.outcome;
  const rate = outcome
    ? (tx: Parameters<typeof recordFinish>[0]) => recordFinish(tx, { id: game.id, guildId: game.guildId, gameType: game.gameType, seats: game.seats, outcome }, now)
    : undefined;
  return commitState(db, game, change, now, rate);
}
