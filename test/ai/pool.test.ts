import { afterAll, describe, expect, it } from 'vitest';
import { createAiPool } from '../../src/ai/pool.js';
import siegeMaster from '../../src/games/siege-master/index.js';
import { ticTacToe, nim } from './toyGames.js';

const toys = new URL('./toyGames.ts', import.meta.url).href;
const gameModules = { 'toy-ttt': toys, 'toy-nim': toys, 'toy-crash': toys, 'toy-hang': toys };

// Searches here count iterations, not time, and their time budgets are large: the hard timeout
// (budget × 3, at least 500 ms) then only ever fires for the hanging toy, however busy the machine.
const fixedWork = (seed: string, iterations: number) => ({ timeMs: 30_000, seed, iterations });

describe('AI worker pool, given toy games loaded in a worker thread', () => {
  const pool = createAiPool({ size: 1, gameModules, minTimeoutMs: 500 });
  afterAll(() => pool.close());

  it('reports when its workers are ready', async () => {
    await expect(pool.ready()).resolves.toBeUndefined();
  });

  it('runs a search in a worker and returns a legal move', async () => {
    const state = ticTacToe.setup('', [], {});
    const move = await pool.chooseMove('toy-ttt', state, 0, 'hard', fixedWork('p', 200));
    expect(ticTacToe.legalMoves(state, 0)).toContainEqual(move);
    const winning = await pool.chooseMove('toy-nim', nim.setup('', [], { piles: [3, 4, 5] }), 0, 'hard', fixedWork('q', 2000));
    expect(winning).toEqual({ pile: 0, take: 2 });
  });

  it('loads Siege Master from the game registry and plays it at every level', async () => {
    const state = siegeMaster.setup('pool', [{ kind: 'human' }, { kind: 'human' }], { ...siegeMaster.defaultOptions, map: 'hex' });
    const legal = siegeMaster.legalMoves(state, 0).map((m) => JSON.stringify(m));
    for (const level of ['easy', 'normal', 'hard'] as const) {
      const move = await pool.chooseMove('siege-master', state, 0, level, fixedWork(level, 60));
      expect(legal).toContain(JSON.stringify(move));
    }
  });

  it('gives the same move as in-thread for the same seed and iteration cap', async () => {
    const { chooseMove } = await import('../../src/ai/index.js');
    const state = nim.setup('', [], { piles: [4, 6] });
    const budget = { timeMs: 30_000, seed: 'same', iterations: 300 };
    expect(await pool.chooseMove('toy-nim', state, 0, 'hard', budget)).toEqual(chooseMove(nim, state, 0, 'hard', budget));
  });

  it('counts the calls that wait for a worker', async () => {
    const state = nim.setup('', [], { piles: [3, 4] });
    // A worker says that it has begun a call by a message, which cannot arrive within this tick.
    const calls = ['a', 'b', 'c'].map((seed) => pool.chooseMove('toy-nim', state, 0, 'easy', fixedWork(seed, 20)));
    expect(pool.queueSize).toBe(3);
    await Promise.all(calls);
    expect(pool.queueSize).toBe(0);
  });

  it('rejects an unknown game id with a clear error', async () => {
    await expect(pool.chooseMove('no-such-game', {}, 0, 'easy', { timeMs: 100, seed: 'x' })).rejects.toThrow(/unknown game id "no-such-game"/);
  });

  it('replaces a crashed worker and rejects its call', async () => {
    const state = nim.setup('', [], { piles: [3] });
    await expect(pool.chooseMove('toy-crash', state, 0, 'easy', fixedWork('x', 50))).rejects.toThrow(/exited with code 7/);
    const move = await pool.chooseMove('toy-nim', state, 0, 'easy', fixedWork('x', 50));
    expect(nim.legalMoves(state, 0)).toContainEqual(move);
  });

  it('rejects a call past its hard timeout and replaces the worker', async () => {
    const state = nim.setup('', [], { piles: [3] });
    await expect(pool.chooseMove('toy-hang', state, 0, 'easy', { timeMs: 100, seed: 'x' })).rejects.toThrow(/longer than 500 ms/);
    const move = await pool.chooseMove('toy-nim', state, 0, 'normal', fixedWork('x', 50));
    expect(nim.legalMoves(state, 0)).toContainEqual(move);
  });

  it('rejects calls once closed', async () => {
    const other = createAiPool({ gameModules });
    await other.close();
    await expect(other.chooseMove('toy-nim', {}, 0, 'easy', { timeMs: 100, seed: 'x' })).rejects.toThrow(/closed/);
  });
});

describe('AI worker pool, given a worker that cannot start', () => {
  it('rejects the waiting call instead of restarting forever, and retries on the next call', async () => {
    const pool = createAiPool({ workerUrl: new URL('./brokenWorker.mjs', import.meta.url) });
    const budget = { timeMs: 100, seed: 'x' };
    await expect(pool.ready()).rejects.toThrow(/failed to start/);
    await expect(pool.chooseMove('toy-nim', {}, 0, 'easy', budget)).rejects.toThrow(/failed to start: .*cannot load the games/);
    await expect(pool.chooseMove('toy-nim', {}, 0, 'easy', budget)).rejects.toThrow(/failed to start/);
    await pool.close();
  });
});
