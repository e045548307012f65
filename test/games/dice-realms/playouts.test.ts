// Random playouts from many seeds: termination, consistency of legalMoves with play, notation round
// trips, choice paths, purity, and replay of the move log.
import { describe, expect, it } from 'vitest';
import { Rng, type GameEvent, type Seat } from '../../../src/engine/index.js';
import {
  POLICIES,
  TERRITORIES,
  type DefencePolicy,
  UNITS,
  type DiceRealmsMove,
  type DiceRealmsState,
  type Variant,
} from '../../../src/games/dice-realms/index.js';
import { game } from './scenario.js';

const key = (m: unknown) => JSON.stringify(m);

/** Every move the JSON shape allows, legal or not. */
const UNIVERSE: DiceRealmsMove[] = [
  ...TERRITORIES.map((territory): DiceRealmsMove => ({ type: 'gather', territory })),
  ...UNITS.flatMap((unit) => [
    ...UNITS.map((enemy): DiceRealmsMove => ({ type: 'attack', unit, target: 'army', enemy })),
    ...TERRITORIES.map((target): DiceRealmsMove => ({ type: 'attack', unit, target })),
  ]),
  ...TERRITORIES.flatMap((territory) => [0, 1, 2, 3, 5, 12, 13].map((points): DiceRealmsMove => ({ type: 'repair', territory, points }))),
  ...UNITS.flatMap((unit) => [0, 1, 2, 3, 4, 6, 7].map((count): DiceRealmsMove => ({ type: 'train', unit, count }))),
  ...[...UNITS, null].map((unit): DiceRealmsMove => ({ type: 'defend', unit })),
  { type: 'done' },
];

function checkChoices(state: DiceRealmsState, seat: Seat, moves: DiceRealmsMove[]) {
  const paths = new Set<string>();
  const labels = new Map<string, string>();
  // Plain comparisons, with expect only on a failure, as in the playout's loop.
  for (const m of moves) {
    const path = game.choicePath!(state, seat, m);
    if (path.length === 0) expect(path.length).toBeGreaterThan(0);
    let prefix = '';
    for (const c of path) {
      if (c.key.length > 16) expect(c.key.length).toBeLessThanOrEqual(16);
      if (c.key.includes(':')) expect(c.key).not.toContain(':');
      prefix += `/${c.key}`;
      const seen = labels.get(prefix);
      if (seen === undefined) labels.set(prefix, c.label);
      else if (c.label !== seen) expect(c.label).toBe(seen);
    }
    if (paths.has(prefix)) expect(paths.has(prefix), `two moves share the path ${prefix}`).toBe(false);
    paths.add(prefix);
    const prompt = game.choicePrompt!(state, seat, path.slice(0, -1).map((c) => c.key));
    if (typeof prompt !== 'string') expect(typeof prompt).toBe('string');
  }
}

function checkEvents(events: GameEvent[]) {
  for (const e of events) {
    if (typeof e.text !== 'string' || e.text === '') expect.fail(`event without text: ${key(e)}`);
    if (e.type === 'roll' || e.type === 'gather') {
      const face = e.face as number;
      if (e.die !== `d${e.sides}` || !(face >= 1 && face <= (e.sides as number))) expect.fail(`bad roll: ${key(e)}`);
    }
  }
}

function playout(seed: string, variant: Variant) {
  const pick = Rng.fromSeed(`pick-${seed}`);
  const options = { variant, defence: [pick.pick(POLICIES), pick.pick(POLICIES)] as [DefencePolicy, DefencePolicy] };
  // The players' standing policies, changed now and then as the platform lets them: the answers
  // they give are ordinary moves of the log, so the replay below needs no settings.
  const settings = game.startingSettings!(options, 2);
  const seats = [{ kind: 'human' as const }, { kind: 'human' as const }];
  let state = game.setup(seed, seats, options);
  const log: [Seat, DiceRealmsMove][] = [];
  let steps = 0;
  while (game.toAct(state).length > 0) {
    // Plain comparisons in the hot loop, with expect only on a failure, keep the suite fast.
    if (steps++ >= 20_000) expect.fail(`${seed} did not end within 20000 moves`);
    const acting = game.toAct(state);
    if (acting.length !== 1) expect(acting).toHaveLength(1);
    const seat = acting[0]!;
    const moves = game.legalMoves(state, seat);
    if (moves.length === 0) expect.fail(`${seed}: no legal move while ${seat} must act`);
    if (new Set(moves.map(key)).size !== moves.length) expect(moves.map(key)).toEqual([...new Set(moves.map(key))]);
    for (const m of moves) {
      const text = game.formatMove(state, seat, m);
      for (const typed of [text, text.toUpperCase()]) {
        const back = game.parseMove(state, seat, typed);
        if (!back.ok || key(back.value) !== key(m)) expect(back).toEqual({ ok: true, value: m });
      }
    }
    if (steps % 7 === 0) checkChoices(state, seat, moves);
    if (steps % 41 === 0) {
      for (const s of [0, 1]) {
        const listed = new Set(game.legalMoves(state, s).map(key));
        for (const m of UNIVERSE) {
          const accepted = game.play(state, s, m).ok;
          if (accepted !== listed.has(key(m))) expect(accepted, `${s} ${key(m)}`).toBe(listed.has(key(m)));
        }
      }
    }
    if (pick.next() < 0.03) settings[pick.int(2)] = { defence: pick.pick(POLICIES) };
    const mover = seat;
    const move = game.settledMove!(state, seat, settings[seat]!) ?? pick.pick(moves);
    if (game.settledMove!(state, seat, settings[seat]!) && !moves.some((m) => key(m) === key(move))) expect.fail(`${seed}: the policy answered with an illegal move`);
    const before = JSON.stringify(state);
    const played = game.play(state, mover, move);
    if (JSON.stringify(state) !== before) expect.fail(`${seed}: play changed its input`);
    if (!played.ok) throw new Error(`${seed}: ${game.formatMove(state, mover, move)} refused: ${played.error.message}`);
    checkEvents(played.value.events);
    log.push([mover, move]);
    state = played.value.state;
  }
  expect(game.legalMoves(state, 0)).toEqual([]);
  const out = game.outcome(state)!;
  expect(out.winners).toHaveLength(1);
  expect(state.realms[1 - out.winners[0]!]!.keep).toBe(0);

  let replay = game.setup(seed, seats, options);
  for (const [seat, move] of log) {
    const r = game.play(JSON.parse(JSON.stringify(replay)), seat, JSON.parse(JSON.stringify(move)));
    if (!r.ok) throw new Error(r.error.message);
    replay = r.value.state;
  }
  expect(replay).toEqual(state);
  expect(JSON.parse(JSON.stringify(state))).toEqual(state);
  return log.length;
}

describe('random playouts', () => {
  for (const variant of ['classic', 'fast'] as const) {
    it(`terminate and stay consistent in the ${variant} variant`, () => {
      const n = variant === 'classic' ? 16 : 8;
      let total = 0;
      for (let i = 0; i < n; i++) total += playout(`${variant}-${i}`, variant);
      expect(total).toBeGreaterThan(n * 20);
    });
  }
});
