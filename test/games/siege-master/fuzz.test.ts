// Whatever arrives, play and parseMove answer with a value: a legal move or a reason, never a crash.
import { describe, expect, it } from 'vitest';
import { Rng } from '../../../src/engine/index.js';
import game, { playMoves, type SiegeMasterState } from '../../../src/games/siege-master/index.js';

const HUMANS = [{ kind: 'human' as const }, { kind: 'human' as const }];
const opening = game.setup('fuzz', HUMANS, { map: 'hex', fortresses: 'random', fortressCount: 15 });
const bluesFirst = playMoves(opening, [game.formatMove(opening, 0, game.legalMoves(opening, 0)[100]!)]);
const draft = game.setup('fuzz', HUMANS, { map: 'europe', fortresses: 'draft', fortressCount: 9 });
function finished(): SiegeMasterState {
  const rng = Rng.fromSeed('fuzz-end');
  let s = game.setup('fuzz-end', HUMANS, { map: 'africa', fortresses: 'random', fortressCount: 5 });
  while (s.phase !== 'over') {
    const r = game.play(s, s.toMove, rng.pick(game.legalMoves(s, s.toMove)));
    if (!r.ok) throw new Error(r.error.message);
    s = r.value.state;
  }
  return s;
}
const STATES: [string, SiegeMasterState][] = [
  ['opening', opening],
  ["Blue's first turn", bluesFirst],
  ['draft', draft],
  ['finished', finished()],
];

const WORDS = ['place', 'swap', 'fort', 'E', 'SE', 'SW', 'se', 'W', 'NE', 'F7', 'i9', 'A1', 'Q17', 'Z99', 'F7-I7', '', ' ', '-', 'fort F7', '__proto__', 'constructor'];

function randomValue(rng: Rng, depth = 0): unknown {
  switch (rng.int(depth > 2 ? 6 : 9)) {
    case 0: return null;
    case 1: return rng.next() < 0.5;
    case 2: return [0, 1, -1, 2, 0.5, NaN, Infinity, 1e21, -0][rng.int(9)];
    case 3: return rng.pick(WORDS);
    case 4: return randomText(rng);
    case 5: return undefined;
    case 6: return Array.from({ length: rng.int(6) }, () => randomValue(rng, depth + 1));
    default: {
      const out: Record<string, unknown> = {};
      const keys = ['type', 'cell', 'dir', 'cells', 'seat', rng.pick(WORDS)];
      for (const k of keys) if (rng.next() < 0.6) out[k] = k === 'type' && rng.next() < 0.7 ? rng.pick(['place', 'swap', 'fort']) : randomValue(rng, depth + 1);
      if (rng.next() < 0.3) out.cells = Array.from({ length: rng.int(6) }, () => rng.pick(WORDS));
      return out;
    }
  }
}

function randomText(rng: Rng): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -–,/:;.!é字🙂\n\t';
  return Array.from({ length: rng.int(24) }, () => alphabet[rng.int(alphabet.length)]).join('');
}

function expectReason(r: { ok: boolean; error?: { code: unknown; message: unknown } }) {
  if (r.ok) return;
  expect(typeof r.error!.code).toBe('string');
  expect(typeof r.error!.message).toBe('string');
  expect((r.error!.message as string).length).toBeGreaterThan(0);
}

describe('fuzz', () => {
  for (const [name, state] of STATES) {
    it(`play answers random JSON without throwing (${name})`, () => {
      const rng = Rng.fromSeed(`play-${name}`);
      const before = JSON.stringify(state);
      const legal = new Set(game.toAct(state).flatMap((seat) => game.legalMoves(state, seat).map((m) => game.formatMove(state, seat, m))));
      let accepted = 0;
      for (let i = 0; i < 3000; i++) {
        const seat = rng.next() < 0.8 ? state.toMove : (randomValue(rng) as number);
        const move = randomValue(rng);
        const r = game.play(state, seat, move as never);
        expectReason(r);
        if (r.ok) {
          accepted++;
          expect(legal.has(game.formatMove(state, seat, move as never))).toBe(true);
        }
      }
      expect(JSON.stringify(state)).toBe(before);
      expect(accepted).toBeLessThan(3000);
    });

    it(`parseMove answers random text without throwing (${name})`, () => {
      const rng = Rng.fromSeed(`parse-${name}`);
      for (let i = 0; i < 3000; i++) {
        const text = rng.next() < 0.2 ? randomValue(rng) : rng.next() < 0.5 ? randomText(rng) : `${rng.pick(WORDS)}${rng.pick([' ', '', '-'])}${rng.pick(WORDS)}`;
        const r = game.parseMove(state, state.toMove, text as string);
        expectReason(r);
        if (r.ok) expect(game.parseMove(state, state.toMove, game.formatMove(state, state.toMove, r.value))).toEqual(r);
      }
      expect(game.parseMove(state, 0, 'x'.repeat(100_000)).ok).toBe(false);
    });
  }

  it('parseOptions answers random input without throwing', () => {
    const rng = Rng.fromSeed('options');
    for (let i = 0; i < 2000; i++) {
      const raw: Record<string, unknown> = {};
      for (const key of ['map', 'fortresses', 'fortress-count', 'fortressCount', 'constructor', rng.pick(WORDS)]) {
        if (rng.next() < 0.5) raw[key] = rng.next() < 0.5 ? rng.pick(['africa', 'random', 'draft', '7', 15, 'Hex Board']) : randomValue(rng);
      }
      expectReason(game.parseOptions(raw));
    }
  });

  it('refuses wrong seats and finished games with a reason', () => {
    const m = game.legalMoves(opening, 0)[0]!;
    expect(game.play(opening, 1, m)).toMatchObject({ ok: false, error: { code: 'not-your-turn', message: "it is Red's turn" } });
    expect(game.play(opening, 7, m)).toMatchObject({ ok: false, error: { code: 'bad-seat' } });
    expect(game.play(STATES[3]![1], 0, m)).toMatchObject({ ok: false, error: { message: 'the game is over' } });
    expect(game.play(opening, 0, { ...m, cells: ['A1', 'B1', 'C1', 'D1'] } as never)).toMatchObject({ ok: false, error: { code: 'bad-move' } });
  });
});
