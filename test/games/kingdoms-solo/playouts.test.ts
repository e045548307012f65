// Random playouts from many seeds: termination, consistency of legalMoves with play, notation round
// trips, choice paths, purity, and replay of the move log.
import { describe, expect, it } from 'vitest';
import { Rng, type GameEvent } from '../../../src/engine/index.js';
import type { Difficulty, SoloMove, SoloState } from '../../../src/games/kingdoms-solo/index.js';
import { game } from './scenario.js';

const key = (m: unknown) => JSON.stringify(m);

function checkChoices(state: SoloState, moves: SoloMove[]) {
  const paths = new Set<string>();
  const labels = new Map<string, string>();
  for (const m of moves) {
    const path = game.choicePath!(state, 0, m);
    if (path.length === 0) expect(path.length).toBeGreaterThan(0);
    let prefix = '';
    for (const c of path) {
      if (c.key.length > 16 || c.key.includes(':') || c.key.includes(' ')) expect.fail(`bad key ${c.key}`);
      if ((c.description ?? '').length > 100 || c.label.length > 80) expect.fail(`too long: ${key(c)}`);
      prefix += `/${c.key}`;
      const seen = labels.get(prefix);
      if (seen === undefined) labels.set(prefix, c.label);
      else if (seen !== c.label) expect(c.label).toBe(seen);
    }
    if (paths.has(prefix)) expect.fail(`two moves share the path ${prefix}`);
    paths.add(prefix);
    const prompt = game.choicePrompt!(state, 0, path.slice(0, -1).map((c) => c.key));
    if (typeof prompt !== 'string') expect(typeof prompt).toBe('string');
  }
  // No path is a prefix of another: a completed path is always a whole move.
  for (const p of paths) for (const q of paths) if (p !== q && q.startsWith(`${p}/`)) expect.fail(`${p} is a prefix of ${q}`);
}

function checkEvents(events: GameEvent[]) {
  for (const e of events) {
    if (typeof e.text !== 'string' || e.text === '') expect.fail(`event without text: ${key(e)}`);
    if ((e.type === 'enemy-action' || e.type === 'enemy-choice') && (typeof e.rule !== 'string' || typeof e.why !== 'string' || e.revealed !== true)) {
      expect.fail(`AI decision without its rule: ${key(e)}`);
    }
    if (e.type === 'roll' && (e.revealed !== true || !(e.face === 'flag' || (typeof e.face === 'number' && e.face >= 1 && e.face <= 11)))) expect.fail(`bad roll ${key(e)}`);
    if (e.type === 'war' && (!Array.isArray(e.committed) || e.revealed !== true || !['player', 'ai', 'alliance'].includes(e.winner as string))) expect.fail(`bad war ${key(e)}`);
  }
}

function playout(seed: string, difficulty: Difficulty) {
  const pick = Rng.fromSeed(`pick-${seed}`);
  const seats = [{ kind: 'human' as const }];
  let state = game.setup(seed, seats, { difficulty });
  const log: SoloMove[] = [];
  let steps = 0;
  while (game.toAct(state).length > 0) {
    if (steps++ >= 3000) expect.fail(`${seed} did not end within 3000 moves`);
    const moves = game.legalMoves(state, 0);
    if (moves.length === 0) expect.fail(`${seed}: no legal move while the player must act`);
    if (new Set(moves.map(key)).size !== moves.length) expect.fail(`${seed}: duplicate moves`);
    for (const m of steps % 4 === 1 ? moves : []) {
      const text = game.formatMove(state, 0, m);
      for (const typed of [text, text.toUpperCase()]) {
        const back = game.parseMove(state, 0, typed);
        if (!back.ok || key(back.value) !== key(m)) expect(back).toEqual({ ok: true, value: m });
      }
    }
    if (steps % 5 === 0) checkChoices(state, moves);
    if (steps % 37 === 0) expect(game.play(state, 1, moves[0]!).ok).toBe(false);
    // Mostly sensible moves (no skipping), so games reach the late rounds too.
    const useful = moves.filter((m) => m.type !== 'skip');
    const move = pick.pick(useful.length && pick.next() < 0.9 ? useful : moves);
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
  expect(out.scores).toHaveLength(2);
  expect(out.draw).toBe(out.scores![0] === out.scores![1]);
  expect(out.winners).toEqual(out.scores![0]! > out.scores![1]! ? [0] : []);
  JSON.stringify(game.view(state));

  let replay = game.setup(seed, seats, { difficulty });
  for (const move of log) {
    const r = game.play(JSON.parse(JSON.stringify(replay)), 0, JSON.parse(JSON.stringify(move)));
    if (!r.ok) throw new Error(r.error.message);
    replay = r.value.state;
  }
  expect(replay).toEqual(state);
  expect(JSON.parse(JSON.stringify(state))).toEqual(state);
  return { moves: log.length };
}

describe('random playouts', () => {
  for (const difficulty of ['easier', 'standard', 'harder'] as const) {
    it(`terminate and stay consistent (${difficulty})`, () => {
      const n = difficulty === 'standard' ? 30 : 15;
      let total = 0;
      for (let i = 0; i < n; i++) total += playout(`${difficulty}-${i}`, difficulty).moves;
      expect(total).toBeGreaterThan(n * 20);
    });
  }
});
