// Random playouts from many seeds: termination, legalMoves against play, notation round trips,
// choice paths, purity, replay of the move log, and no deck order in views, events or moves.
import { describe, expect, it } from 'vitest';
import { Rng, type GameEvent } from '../../../src/engine/index.js';
import type { TwoDeckSiegeMove, TwoDeckSiegeOptions, TwoDeckSiegeState } from '../../../src/games/two-deck-siege/index.js';
import { game } from './scenario.js';

const key = (m: unknown) => JSON.stringify(m);

function checkChoices(state: TwoDeckSiegeState, moves: TwoDeckSiegeMove[]) {
  const paths = new Set<string>();
  const labels = new Map<string, string>();
  for (const m of moves) {
    const path = game.choicePath!(state, 0, m);
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
    const prompt = game.choicePrompt!(state, 0, path.slice(0, -1).map((c) => c.key));
    if (typeof prompt !== 'string') expect(typeof prompt).toBe('string');
  }
  // No path is a prefix of another.
  for (const p of paths) for (const q of paths) if (p !== q && q.startsWith(`${p}/`)) expect.fail(`${p} is a prefix of ${q}`);
}

/** The deck order must never show: no id of a card still in a deck in a view, event or move text. */
function checkHidden(state: TwoDeckSiegeState, events: GameEvent[], moveTexts: string[]) {
  const secret = [...state.enemyDeck];
  // The view is drawn once and searched for every card of the deck (drawn per card, it was most of the check's time).
  const view = JSON.stringify(game.view(state, 0));
  const hay = view + JSON.stringify(events) + moveTexts.join('\n');
  for (const id of secret) {
    if (new RegExp(`\\b${id}\\b`).test(view)) expect.fail(`view shows deck card ${id}`);
  }
  expect(hay).not.toContain('enemyDeck":[');
  expect(hay).not.toContain('playerDeck":[');
}

function playout(seed: string, options: TwoDeckSiegeOptions, deep: boolean) {
  const pick = Rng.fromSeed(`pick-${seed}`);
  const seats = [{ kind: 'human' as const }];
  let state = game.setup(seed, seats, options);
  const log: TwoDeckSiegeMove[] = [];
  let steps = 0;
  while (game.toAct(state).length > 0) {
    if (steps++ >= 5000) expect.fail(`${seed} did not end within 5000 moves`);
    const toAct = game.toAct(state);
    if (toAct.length !== 1 || toAct[0] !== 0) expect(toAct).toEqual([0]);
    const moves = game.legalMoves(state, 0);
    if (moves.length === 0) expect.fail(`${seed}: no legal move`);
    if (moves.length > 600) expect.fail(`${seed}: ${moves.length} legal moves`);
    if (new Set(moves.map(key)).size !== moves.length) expect.fail(`${seed}: duplicate moves`);
    const texts = moves.map((m) => game.formatMove(state, 0, m));
    if (deep || steps % 5 === 0) {
      for (let i = 0; i < moves.length; i++) {
        for (const typed of [texts[i]!, texts[i]!.toUpperCase()]) {
          const back = game.parseMove(state, 0, typed);
          if (!back.ok || key(back.value) !== key(moves[i])) expect(back, typed).toEqual({ ok: true, value: moves[i] });
        }
      }
      checkChoices(state, moves);
    }
    // Random play, leaning away from ending the turn early so that games see every part of a turn.
    const nonEnd = moves.filter((m) => m.type !== 'end' && m.type !== 'done');
    const move = nonEnd.length && pick.next() < 0.85 ? pick.pick(nonEnd) : pick.pick(moves);
    const before = JSON.stringify(state);
    const played = game.play(state, 0, move);
    if (JSON.stringify(state) !== before) expect.fail(`${seed}: play changed its input`);
    if (!played.ok) throw new Error(`${seed}: ${game.formatMove(state, 0, move)} refused: ${played.error.message}`);
    for (const e of played.value.events) if (typeof e.text !== 'string' || !e.text) expect.fail(`event without text ${key(e)}`);
    if (deep || steps % 5 === 0) checkHidden(played.value.state, played.value.events, texts);
    log.push(move);
    state = played.value.state;
  }
  expect(game.legalMoves(state, 0)).toEqual([]);
  const out = game.outcome(state)!;
  expect(out.scores).toHaveLength(1);
  let replay = game.setup(seed, seats, options);
  for (const move of log) {
    const r = game.play(JSON.parse(JSON.stringify(replay)), 0, JSON.parse(JSON.stringify(move)));
    if (!r.ok) throw new Error(r.error.message);
    replay = r.value.state;
  }
  expect(replay).toEqual(state);
  expect(JSON.parse(JSON.stringify(state))).toEqual(state);
  return { moves: log.length, won: out.winners.length > 0 };
}

describe('random playouts', () => {
  const setups: [string, TwoDeckSiegeOptions][] = [
    ['square', { castle: 'square', thickWalls: false, reinforcements: 0, autoChoose: false }],
    ['square-thick', { castle: 'square', thickWalls: true, reinforcements: 1, autoChoose: false }],
    ['rectangle', { castle: 'rectangle', thickWalls: true, reinforcements: 2, autoChoose: false }],
    ['auto', { castle: 'rectangle', thickWalls: true, reinforcements: 0, autoChoose: true }],
  ];
  for (const [name, options] of setups) {
    it(`terminate and stay consistent: ${name}`, () => {
      let total = 0;
      for (let i = 0; i < 6; i++) total += playout(`${name}-${i}`, options, i === 0).moves;
      expect(total).toBeGreaterThan(6 * 20);
    });
  }
});
