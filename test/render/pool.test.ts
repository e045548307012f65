// The render workers: boards drawn off the main thread are the same pixels as a full drawing in
// this thread (every game, both palettes, the base copied from the worker's cache after the first
// board); a worker that dies while drawing is replaced and the board is drawn all the same.
import { afterAll, describe, expect, it } from 'vitest';
import { renderBoardPng } from '../../src/render/index.js';
import { createRenderPool } from '../../src/render/pool.js';
import { pngToPixels } from '../../src/render/rasterize.js';
import { allGameSamples } from './fixtures/allGames.js';

const crashingWorker = new URL('./workers/crashingWorker.mjs', import.meta.url);

describe('render pool', () => {
  const pool = createRenderPool({ size: 1 });
  afterAll(() => pool.close());

  it('given every game (and Siege Master in both palettes), then the worker\'s board (its base cached after the first) has exactly the pixels of a full drawing here', async () => {
    const samples = await allGameSamples();
    for (const palette of ['standard', 'colourblind'] as const) {
      for (const s of samples.filter((x) => palette === 'standard' || x.game === 'siege-master')) {
        // Twice through the worker: the second board copies the base the first one drew.
        for (let round = 0; round < 2; round++) {
          const fromWorker = await pngToPixels(await pool.boardPng(s.game, s.view, { palette }));
          const full = await pngToPixels(await renderBoardPng(s.game, s.view, { palette }, { noCache: true }));
          expect([fromWorker.width, fromWorker.height], `${s.game} ${s.name}`).toEqual([full.width, full.height]);
          expect(Buffer.compare(fromWorker.data, full.data), `${s.game} ${s.name} ${palette} round ${round}`).toBe(0);
        }
      }
    }
  });

  it('given reviews queued for the one worker, then a live board asked for after them is drawn next', async () => {
    const s = (await allGameSamples()).find((x) => x.game === 'siege-master')!;
    const finished: string[] = [];
    const draw = (name: string, priority: 'live' | 'review') => pool.boardPng(s.game, s.view, {}, { priority }).then(() => void finished.push(name));
    const reviews = [1, 2, 3, 4, 5, 6].map((n) => draw(`review ${n}`, 'review'));
    expect(pool.queued().boards).toBeGreaterThanOrEqual(5); // the first review is drawing (or its worker starting)
    await Promise.all([...reviews, draw('live', 'live')]);
    expect(finished.slice(0, 2)).toEqual(['review 1', 'live']);
  });

  it('given a worker that dies while drawing, then it is replaced and the board is drawn', async () => {
    const crashes = new SharedArrayBuffer(4);
    new Int32Array(crashes)[0] = 1;
    const failing = createRenderPool({ size: 1, workerUrl: crashingWorker, workerData: { crashes } });
    try {
      const s = (await allGameSamples()).find((x) => x.game === 'siege-master')!;
      const png = await failing.boardPng(s.game, s.view);
      expect(Buffer.compare(png, await renderBoardPng(s.game, s.view))).toBe(0);
      expect(new Int32Array(crashes)[0]).toBeLessThan(0); // the second attempt ran
    } finally {
      await failing.close();
    }
  });

  it('given a worker that dies twice in a row, then the call fails instead of hanging', async () => {
    const crashes = new SharedArrayBuffer(4);
    new Int32Array(crashes)[0] = 2;
    const failing = createRenderPool({ size: 1, workerUrl: crashingWorker, workerData: { crashes } });
    try {
      const s = (await allGameSamples()).find((x) => x.game === 'dice-realms')!;
      await expect(failing.boardPng(s.game, s.view)).rejects.toThrow();
      // The pool keeps working after that.
      expect((await failing.boardPng(s.game, s.view)).length).toBeGreaterThan(1000);
    } finally {
      await failing.close();
    }
  });
});
