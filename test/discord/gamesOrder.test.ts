import { describe, expect, it } from 'vitest';
import { byUrgency } from '../../commands/games.js';
import { buttonLabel } from '../../src/discord/views/moveComponents.js';
import type { GameSnapshot } from '../../src/services/types.js';

const game = (id: number, toAct: string[], deadline: number | null, updated: number) =>
  ({ id, toActUserIds: toAct, deadlineAt: deadline === null ? null : new Date(deadline), updatedAt: new Date(updated) }) as GameSnapshot;

describe('/siege games order', () => {
  it('lists the games where it is my move first, least time left first, then the others by last move', () => {
    const games = [
      game(1, ['bob'], 1_000, 50),
      game(2, ['me'], null, 10),
      game(3, ['me'], 9_000, 20),
      game(4, ['me'], 2_000, 30),
      game(5, ['bob'], null, 90),
    ];
    expect(byUrgency(games, 'me').map((g) => g.id)).toEqual([4, 3, 2, 5, 1]);
  });
});

describe('move buttons', () => {
  it('carry their meaning when it fits, and the picture’s number', () => {
    expect(buttonLabel({ label: 'Keep', description: '+d12 Military' })).toBe('Keep (+d12 Military)');
    expect(buttonLabel({ label: 'SE ↘', description: 'F7 G8 H9' }, 2)).toBe('2 · SE ↘ (F7 G8 H9)');
    expect(buttonLabel({ label: 'Farms', description: 'x'.repeat(60) })).toBe('Farms');
  });
});
