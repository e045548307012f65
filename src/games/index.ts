// The registry: every game the bot offers, by id. The platform reaches games only through this.
import type { GameDefinition } from '../engine/contract.js';
import diceRealms from './dice-realms/index.js';
import siegeMaster from './siege-master/index.js';

export const games = {
  'siege-master': siegeMaster,
  'dice-realms': diceRealms,
} satisfies Record<string, GameDefinition>;

export type GameId = keyof typeof games;

export function isGameId(id: string): id is GameId {
  return Object.prototype.hasOwnProperty.call(games, id);
}

export function gameById(id: string): GameDefinition | null {
  return isGameId(id) ? (games[id] as GameDefinition) : null;
}
