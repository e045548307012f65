// Random JSON and random text thrown at play and parseMove: always a value, never an exception.
import { describe, expect, it } from 'vitest';
import { Rng } from '../../../src/engine/index.js';
import { deepFreeze, randomJsonOf } from '../../helpers/fuzz.js';
import type { SoloState } from '../../../src/games/kingdoms-solo/index.js';
import { act, FROST, game, given } from './scenario.js';

const WORDS = [
  'type', 'patrol', 'quest', 'build', 'research', 'expand', 'trade', 'skip', 'collect', 'war', 'flag', 'defeat', 'alliance', 'faction', 'territory',
  'split', 'place', 'from', 'to', 'region', 'mana', 'ore', 'food', 'amount', 'ruins', 'action', 'moorgate', 'briarwick', 'snowfield', 'frosthold',
  'white', 'with', '__proto__', 'constructor', 'toString', '', ' ', '→', '2', '-1', '1e9', '11', '12',
];

const randomJson = randomJsonOf({ words: WORDS, types: ['patrol', 'quest', 'build', 'research', 'expand', 'trade', 'skip', 'collect', 'war', 'flag', 'defeat', 'alliance', 'split', 'place'] });

function positions(): SoloState[] {
  const opening = game.setup('fuzz', [{ kind: 'human' }], game.defaultOptions);
  const turn = given({ ...FROST, meeples: { moorgate: [2, 0], briarwick: [1, 0], frosthold: [0, 2], snowfield: [0, 1] }, player: { food: 5, mana: 3, ore: 2 } }, 'flag', 4);
  const war = act(turn, 'quest briarwick to snowfield').state;
  const flag = act(war, 'war 3 with 1 mana 1 ore').state;
  return [opening, turn, war, flag];
}

describe('fuzz', () => {
  it('play answers random JSON moves and seats with a value, accepting only legal moves', () => {
    const r = Rng.fromSeed('fuzz-play');
    for (const state of positions()) {
      const frozen = deepFreeze(structuredClone(state));
      const legal = new Set(game.legalMoves(frozen, 0).map((m) => JSON.stringify(m)));
      for (let i = 0; i < 1500; i++) {
        const seat = r.next() < 0.9 ? r.int(2) : (randomJson(r) as number);
        const move = randomJson(r);
        const result = game.play(frozen, seat, move as never);
        if (result.ok) {
          const canonical = game.parseMove(frozen, seat, game.formatMove(frozen, seat, move as never));
          expect(canonical.ok && legal.has(JSON.stringify(canonical.value))).toBe(true);
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
      const legal = new Set(game.legalMoves(state, 0).map((m) => JSON.stringify(m)));
      for (let i = 0; i < 1500; i++) {
        const input = r.next() < 0.8 ? Array.from({ length: r.int(6) }, () => r.pick(WORDS)).join(r.pick([' ', '  ', ',', '-'])) : randomJson(r);
        const result = game.parseMove(state, 0, input as string);
        if (result.ok) expect(legal.has(JSON.stringify(result.value))).toBe(true);
        else expect(result.error.message).toMatch(/\w/);
      }
    }
  });

  it('a state that is not a game is refused, not thrown', () => {
    for (const bad of [null, 3, 'x', {}]) expect(() => game.play(bad as never, 0, { type: 'build' })).not.toThrow();
  });
});
