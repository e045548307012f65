// Random JSON and random text thrown at play and parseMove: always a value, never an exception.
import { describe, expect, it } from 'vitest';
import { Rng } from '../../../src/engine/index.js';
import { deepFreeze, randomJsonOf } from '../../helpers/fuzz.js';
import type { DiceRealmsState } from '../../../src/games/dice-realms/index.js';
import { act, game, given } from './scenario.js';

const WORDS = [
  'type', 'gather', 'attack', 'repair', 'train', 'defend', 'done', 'policy', 'defence', 'unit', 'target', 'enemy',
  'territory', 'points', 'count', 'army', 'farms', 'city', 'keep', 'infantry', 'ranged', 'cavalry', 'siege', 'none',
  'ask', 'strongest', '__proto__', 'constructor', 'toString', '', ' ', 'no', 'defender', 'with', '→', '2', '-1', '1e9',
];

const randomJson = randomJsonOf({ words: WORDS, types: ['gather', 'attack', 'repair', 'train', 'defend', 'done', 'policy'] });

function positions(): DiceRealmsState[] {
  const opening = game.setup('fuzz', [{ kind: 'human' }, { kind: 'human' }], game.defaultOptions);
  const spend = given({ phase: 'spend', red: { food: 8, infantry: 2, cavalry: 3, city: 5 }, blue: { ranged: 2 } });
  const defend = act(spend, 0, 'attack cavalry city').state;
  const train = act(given({ phase: 'spend', red: { food: 0 } }), 0, 'train ranged 1').state;
  const over = act(given({ phase: 'spend', red: { food: 4, siege: 3 }, blue: { keep: 1 } }), 0, 'attack siege keep').state;
  return [opening, spend, defend, train, over];
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
          // Accepted JSON is a listed move up to formatting (stray extra fields are ignored).
          const canonical = game.parseMove(frozen, seat, game.formatMove(frozen, seat, move as never));
          const legal = game.legalMoves(frozen, seat).map((m) => JSON.stringify(m));
          expect(canonical.ok && legal.includes(JSON.stringify(canonical.value))).toBe(true);
        } else {
          expect(typeof result.error.message).toBe('string');
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
        const seat = r.int(2);
        const input = r.next() < 0.8 ? Array.from({ length: r.int(6) }, () => r.pick(WORDS)).join(r.pick([' ', '  ', ',', '-'])) : randomJson(r);
        const result = game.parseMove(state, seat, input as string);
        if (result.ok) expect(game.legalMoves(state, seat).map((m) => JSON.stringify(m))).toContain(JSON.stringify(result.value));
        else expect(result.error.message).toMatch(/\w/);
      }
    }
  });

  it('never changes its inputs: a frozen state and move still play', () => {
    const state = deepFreeze(given({ phase: 'spend', red: { food: 8, cavalry: 3 }, blue: { infantry: 2 } }));
    const move = deepFreeze({ type: 'attack' as const, unit: 'cavalry' as const, target: 'army' as const, enemy: 'infantry' as const });
    const a = game.play(state, 0, move);
    const b = game.play(state, 0, move);
    expect(a.ok).toBe(true);
    expect(a).toEqual(b);
  });
});
