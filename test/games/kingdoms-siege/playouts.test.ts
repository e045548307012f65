// Random playouts from many seeds: termination, legalMoves consistent with play, notation round
// trips, choice paths, purity, structured events, and replay of the setup seed and the move log.
import { describe, expect, it } from 'vitest';
import { Rng, type GameEvent } from '../../../src/engine/index.js';
import { ACTIONS, allRegions, FACTION_IDS, RESOURCES } from '../../../src/games/kingdoms-base/index.js';
import type { SiegeMove, SiegeState } from '../../../src/games/kingdoms-siege/index.js';
import { game } from './scenario.js';

const key = (m: unknown) => JSON.stringify(m);

/** A broad set of moves, legal or not, for the position's regions. */
function universe(s: SiegeState): SiegeMove[] {
  const ids = allRegions(s.board).map((r) => r.id);
  const out: SiegeMove[] = [
    { type: 'split', food: 3, mana: 2, ore: 1 }, { type: 'split', food: 4, mana: 2, ore: 1 },
    { type: 'build' }, { type: 'research' }, { type: 'collect' },
    ...RESOURCES.map((ruins): SiegeMove => ({ type: 'collect', ruins })),
    ...ACTIONS.map((action): SiegeMove => ({ type: 'skip', action })),
    ...ids.flatMap((region): SiegeMove[] => [{ type: 'place', region }, { type: 'expand', region }]),
    ...RESOURCES.flatMap((from) => RESOURCES.flatMap((to) => [1, 3, 9].map((amount): SiegeMove => ({ type: 'trade', from, to, amount })))),
  ];
  // Meeple moves from where the player stands (and one region where it may not), to anywhere.
  const froms = [...new Set([...ids.filter((id) => (s.board.occupants[id]?.[0] ?? 0) > 0), ids[0]!])];
  for (const from of froms) {
    for (const to of ids) {
      out.push({ type: 'patrol', from, to }, { type: 'quest', from, to });
      out.push({ type: 'patrol', from, to, war: { mana: 1, ore: 0 } }, { type: 'quest', from, to, war: { mana: 0, ore: 1 } });
    }
  }
  return out;
}

function checkChoices(s: SiegeState, moves: SiegeMove[]) {
  const paths = new Set<string>();
  const labels = new Map<string, string>();
  for (const m of moves) {
    const path = game.choicePath!(s, 0, m);
    if (path.length === 0) expect(path.length).toBeGreaterThan(0);
    let prefix = '';
    for (const c of path) {
      if (c.key.length > 16 || c.key.includes(':') || c.key.includes(' ')) expect.fail(`bad key ${c.key}`);
      if ((c.description ?? '').length > 100) expect.fail(`long description ${c.description}`);
      prefix += `/${c.key}`;
      const seen = labels.get(prefix);
      if (seen === undefined) labels.set(prefix, c.label);
      else if (seen !== c.label) expect(c.label).toBe(seen);
    }
    if (paths.has(prefix)) expect.fail(`two moves share the path ${prefix}`);
    paths.add(prefix);
    const prompt = game.choicePrompt!(s, 0, path.slice(0, -1).map((c) => c.key));
    if (typeof prompt !== 'string') expect(typeof prompt).toBe('string');
  }
  // No move's path is a prefix of another's.
  for (const p of paths) for (const q of paths) if (p !== q && q.startsWith(`${p}/`)) expect.fail(`${p} is a prefix of ${q}`);
}

function checkEvents(events: GameEvent[]) {
  for (const e of events) {
    if (typeof e.text !== 'string' || e.text === '') expect.fail(`event without text: ${key(e)}`);
    if (e.type === 'enemy-action') {
      if (!ACTIONS.includes(e.action as never) || !(Number(e.roll) >= 1 && Number(e.roll) <= 6) || e.revealed !== true) expect.fail(`bad enemy-action ${key(e)}`);
    }
    if (e.type === 'war') {
      const c = e.committed as number[];
      if (e.attacker !== 0 || e.defender !== 1 || c.length !== 2 || c[0]! < 1 || c[0]! > 11 || e.revealed !== true || (e.winner !== 0 && e.winner !== 1)) {
        expect.fail(`bad war ${key(e)}`);
      }
      if (!(Number(e.roll) >= 2 && Number(e.roll) <= 11)) expect.fail(`bad roll ${key(e)}`);
    }
    if (e.type === 'population-lost' && (!Array.isArray(e.regions) || e.revealed !== true)) expect.fail(`bad population-lost ${key(e)}`);
  }
}

function playout(seed: string, faction: string) {
  const pick = Rng.fromSeed(`pick-${seed}`);
  const options = { faction };
  const seats = [{ kind: 'human' as const }];
  let state = game.setup(seed, seats, options);
  const log: SiegeMove[] = [];
  let steps = 0;
  while (game.toAct(state).length > 0) {
    if (steps++ >= 3000) expect.fail(`${seed} did not end within 3000 moves`);
    const toAct = game.toAct(state);
    if (toAct.length !== 1 || toAct[0] !== 0) expect(toAct).toEqual([0]);
    const moves = game.legalMoves(state, 0);
    if (moves.length === 0) expect.fail(`${seed}: no legal move`);
    if (new Set(moves.map(key)).size !== moves.length) expect.fail(`${seed}: duplicate moves`);
    if (steps % 3 === 0) for (const m of moves) {
      const text = game.formatMove(state, 0, m);
      for (const typed of [text, text.toUpperCase()]) {
        const back = game.parseMove(state, 0, typed);
        if (!back.ok || key(back.value) !== key(m)) expect(back).toEqual({ ok: true, value: m });
      }
    }
    if (steps % 5 === 0) checkChoices(state, moves);
    if (steps % 37 === 0) {
      const listed = new Set(moves.map(key));
      for (const m of universe(state)) {
        const accepted = game.play(state, 0, m).ok;
        if (accepted !== listed.has(key(m))) expect(accepted, key(m)).toBe(listed.has(key(m)));
      }
      expect(game.play(state, 1, moves[0]!).ok).toBe(false);
    }
    // Mostly real actions, and growth half the time, so that games see wars, expansions and
    // every end trigger in a reasonable number of moves.
    const grow = moves.filter((m) => m.type === 'build' || m.type === 'research' || m.type === 'expand');
    const doing = moves.filter((m) => m.type !== 'skip');
    const move = grow.length && pick.next() < 0.5 ? pick.pick(grow) : doing.length && pick.next() < 0.85 ? pick.pick(doing) : pick.pick(moves);
    const before = JSON.stringify(state);
    const played = game.play(state, 0, move);
    if (JSON.stringify(state) !== before) expect.fail(`${seed}: play changed its input`);
    if (!played.ok) throw new Error(`${seed}: ${game.formatMove(state, 0, move)} refused: ${played.error.message}`);
    checkEvents(played.value.events);
    log.push(move);
    state = played.value.state;
  }
  expect(game.legalMoves(state, 0)).toEqual([]);
  const out = game.outcome(state)!;
  expect(out.scores).toHaveLength(1);
  const total = out.scores![0]!;
  expect(out.draw).toBe(total === 0);
  expect(out.winners).toEqual(total > 0 ? [0] : []);
  expect(state.score!.lines.reduce((a, l) => a + l.vp, 0)).toBe(total);
  const v = game.view(state) as { score: { sides: { total: number }[] } };
  expect(v.score.sides[0]!.total).toBe(total);

  let replay = game.setup(seed, seats, options);
  for (const move of log) {
    const r = game.play(JSON.parse(JSON.stringify(replay)), 0, JSON.parse(JSON.stringify(move)));
    if (!r.ok) throw new Error(r.error.message);
    replay = r.value.state;
  }
  expect(replay).toEqual(state);
  expect(JSON.parse(JSON.stringify(state))).toEqual(state);
  return { moves: log.length, trigger: state.endTrigger!, total };
}

describe('random playouts', () => {
  it('120 seeded games terminate and stay consistent, reaching the end triggers', () => {
    const triggers = new Set<string>();
    let moves = 0;
    for (let i = 0; i < 120; i++) {
      const r = playout(`playout-${i}`, i % 3 === 0 ? 'random' : FACTION_IDS[i % FACTION_IDS.length]!);
      triggers.add(r.trigger.replace(/\d/g, 'N'));
      moves += r.moves;
    }
    expect(moves).toBeGreaterThan(120 * 8);
    // Each trigger has its own scenario test; random play reaches most of them too.
    expect(triggers.size, [...triggers].join('; ')).toBeGreaterThanOrEqual(4);
  });
});
