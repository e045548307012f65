// The registry: every game the bot offers, by id. The platform reaches games only through this.
import type { GameDefinition } from '../engine/contract.js';
import diceRealms from './dice-realms/index.js';
import kingdomsSiege from './kingdoms-siege/index.js';
import kingdomsSolo from './kingdoms-solo/index.js';
import siegeMaster from './siege-master/index.js';
import twoDeckSiege from './two-deck-siege/index.js';

export const games = {
  'siege-master': siegeMaster,
  'dice-realms': diceRealms,
  'kingdoms-siege': kingdomsSiege,
  'kingdoms-solo': kingdomsSolo,
  'two-deck-siege': twoDeckSiege,
} satisfies Record<string, GameDefinition>;

export type GameId = keyof typeof games;

/** Games added at run time by tests (a small game that exercises the platform); never shipped. */
const added = new Map<string, GameDefinition>();

export function isGameId(id: string): id is GameId {
  return Object.prototype.hasOwnProperty.call(games, id);
}

export function gameById(id: string): GameDefinition | null {
  return isGameId(id) ? (games[id] as GameDefinition) : (added.get(id) ?? null);
}

/** Every game offered, shipped ones first, in registry order. */
export function allGames(): GameDefinition[] {
  return [...(Object.values(games) as GameDefinition[]), ...added.values()];
}

/**
 * For tests: offers a game the product does not ship, beside the registered ones, until the
 * returned function takes it away again (test files share a process, one after another).
 */
export function addGameForTests(def: GameDefinition): () => void {
  if (isGameId(def.id)) throw new Error(`${def.id} is a shipped game`);
  added.set(def.id, def);
  return () => {
    added.delete(def.id);
  };
}
