// Random JSON and random text thrown at play and parseMove: always a value, never an exception.
import { describe, expect, it } from 'vitest';
import { Rng } from '../../../src/engine/index.js';
import { deepFreeze, randomJsonOf } from '../../helpers/fuzz.js';
import type { TwoDeckSiegeState } from '../../../src/games/two-deck-siege/index.js';
import { act, game, given } from './scenario.js';

const WORDS = [
  'type', 'thick', 'discard', 'play', 'act', 'cast', 'done', 'end', 'choose', 'card', 'as', 'order', 'attack', 'move', 'repair',
  'rest', 'unit', 'do', 'target', 'caster', 'spell', 'pick', 'cards', 'wall', 'volley', 'muster', 'maa1', 'arc1', 'gob1', 'N1',
  'N1-2', 'NE', 'courtyard', 'wizard', 'priest', 'fireball', 'revive', 'archer', '__proto__', 'constructor', '', ' ', '→', '2', '-1',
];

const randomJson = randomJsonOf({ words: WORDS, types: ['thick', 'discard', 'play', 'act', 'cast', 'done', 'end', 'choose'], typeRate: 0.7, numbers: [0, 1, -1, 3.5, 1e12, Number.NaN, Infinity] });

function positions(): TwoDeckSiegeState[] {
  const thick = game.setup('fuzz', [{ kind: 'human' }], { ...game.defaultOptions, thickWalls: true });
  const orders = given({ defenders: [{ id: 'arc1', at: 'N1' }, { id: 'maa1', at: 'N1' }], enemies: [{ id: 'gob1', at: 'N1-1' }], hand: ['volley.1', 'muster.1', 'fire-and-faith.1'] });
  const volley = act(orders, 'play volley').state;
  const asking = act(given({ defenders: [{ id: 'maa1', at: 'N1' }], enemyDeck: ['gob2', 'gob3', 'gob4'] }), 'end turn').state;
  const discard = given({ hand: ['volley.1', 'volley.2', 'muster.1', 'shore-up.1', 'relief.1', 'sally.1', 'kni', 'shift.1'] });
  return [thick, orders, volley, asking, discard];
}

describe('fuzz', () => {
  it('play answers random JSON with a value and accepts only listed moves', () => {
    const r = Rng.fromSeed('fuzz-play');
    for (const state of positions()) {
      const frozen = deepFreeze(structuredClone(state));
      const legal = new Set(game.legalMoves(frozen, 0).map((m) => JSON.stringify(m)));
      for (let i = 0; i < 800; i++) {
        const seat = r.next() < 0.9 ? 0 : (randomJson(r) as number);
        const move = r.next() < 0.1 ? r.pick(game.legalMoves(frozen, 0)) : randomJson(r);
        const result = game.play(frozen, seat, move as never);
        if (result.ok) {
          const canonical = game.parseMove(frozen, 0, game.formatMove(frozen, 0, move as never));
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
      const legal = game.legalMoves(state, 0).map((m) => JSON.stringify(m));
      for (let i = 0; i < 800; i++) {
        const input = r.next() < 0.8 ? Array.from({ length: r.int(6) }, () => r.pick(WORDS)).join(r.pick([' ', '  ', ',', '-'])) : randomJson(r);
        const result = game.parseMove(state, 0, input as string);
        if (result.ok) expect(legal).toContain(JSON.stringify(result.value));
        else expect(result.error.message).toMatch(/\w/);
      }
    }
  });

  it('reads options with clear refusals', () => {
    expect(game.parseOptions({})).toEqual({ ok: true, value: game.defaultOptions });
    expect(game.parseOptions({ castle: 'rectangle', reinforcements: '2', 'auto-choose': 'on' })).toEqual({
      ok: true,
      value: { castle: 'rectangle', thickWalls: true, reinforcements: 2, autoChoose: true },
    });
    const bad = (raw: Record<string, unknown>) => {
      const r = game.parseOptions(raw);
      return r.ok ? '' : r.error.message;
    };
    expect(bad({ castle: 'round' })).toContain('square or rectangle');
    expect(bad({ castle: 'rectangle', 'thick-walls': 'off' })).toContain('always uses the two thick walls');
    expect(bad({ reinforcements: 3 })).toContain('0, 1 or 2');
    expect(bad({ colour: 'red' })).toContain('no option');
    expect(game.optionSpecs!.map((o) => o.name)).toEqual(['castle', 'thick-walls', 'reinforcements', 'auto-choose']);
    expect(game.rulesText!.length).toBeGreaterThan(2000);
  });
});
