// Random JSON and text thrown at play and parseMove: always a value, never an exception.
import { describe, expect, it } from 'vitest';
import { Rng } from '../../../src/engine/index.js';
import { deepFreeze, randomJsonOf } from '../../helpers/fuzz.js';
import type { SiegeState } from '../../../src/games/kingdoms-siege/index.js';
import { act, ALL_ENEMY, game, given } from './scenario.js';

const WORDS = [
  'type', 'split', 'place', 'start', 'patrol', 'quest', 'build', 'research', 'expand', 'trade', 'skip', 'collect', 'war',
  'from', 'to', 'region', 'amount', 'ruins', 'mana', 'ore', 'food', 'action', 'oakhold', 'greyfen', 'briarwick', 'moorgate',
  '__proto__', 'constructor', 'toString', '', ' ', '→', '2', '-1', '1e9', '0', '11', '12', 'm', 'o',
];

const randomJson = randomJsonOf({ words: WORDS, types: ['split', 'place', 'patrol', 'quest', 'build', 'research', 'expand', 'trade', 'skip', 'collect'] });

function positions(): SiegeState[] {
  const opening = game.setup('fuzz', [{ kind: 'human' }], game.defaultOptions);
  const turn = given({ occupants: { ...ALL_ENEMY, oakhold: [2, 0], greyfen: [1, 0], moorgate: [1, 0] }, player: { food: 4, mana: 3, ore: 2 } });
  const follow = act(given({ occupants: { oakhold: [2, 0], barrow: [1, 0], ...ALL_ENEMY }, player: { mana: 2 } }, 1), 'skip trade').state;
  const over = act(given({ occupants: { oakhold: [2, 0] }, card: { patrol: 0, quest: 1, build: 0, research: 1 }, endTrigger: 'test' }), 'skip trade').state;
  return [opening, turn, follow, over];
}

describe('fuzz', () => {
  it('play answers random JSON moves and seats with a value, accepting only legal moves', () => {
    const r = Rng.fromSeed('fuzz-play');
    for (const state of positions()) {
      const frozen = deepFreeze(structuredClone(state));
      for (let i = 0; i < 1500; i++) {
        const seat = r.next() < 0.9 ? r.int(2) : (randomJson(r) as number);
        const move = randomJson(r);
        const result = game.play(frozen, seat, move as never);
        if (result.ok) {
          const canonical = game.parseMove(frozen, seat, game.formatMove(frozen, seat, move as never));
          const legal = game.legalMoves(frozen, seat).map((m) => JSON.stringify(m));
          expect(canonical.ok && legal.includes(JSON.stringify(canonical.value))).toBe(true);
        } else {
          expect(result.error.message.length).toBeGreaterThan(5);
        }
      }
      expect(frozen).toEqual(state);
    }
  });

  it('parseMove answers random text and non-text with a value', () => {
    const r = Rng.fromSeed('fuzz-parse');
    for (const state of positions()) {
      for (let i = 0; i < 1500; i++) {
        const input = r.next() < 0.8 ? Array.from({ length: r.int(7) }, () => r.pick(WORDS)).join(r.pick([' ', '  ', ',', '-'])) : randomJson(r);
        const result = game.parseMove(state, 0, input as string);
        if (result.ok) expect(game.legalMoves(state, 0).map((m) => JSON.stringify(m))).toContain(JSON.stringify(result.value));
        else expect(result.error.message).toMatch(/\w/);
      }
    }
  });

  it('view, choicePath and choicePrompt answer odd input without throwing', () => {
    for (const state of positions()) {
      expect(() => JSON.stringify(game.view(state))).not.toThrow();
      expect(() => game.choicePath!(state, 0, { type: 'nonsense' } as never)).not.toThrow();
      expect(() => game.choicePrompt!(state, 0, ['patrol', 'nowhere', 'x', 'v3'])).not.toThrow();
      expect(() => game.formatMove(state, 0, null as never)).not.toThrow();
    }
  });
});
