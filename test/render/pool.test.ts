// The render workers: boards drawn off the main thread are the same pixels as a full drawing in
// this thread (every game, both palettes, the base copied from the worker's cache after the first
// board, and two boards held by the worker at once); a worker that dies while drawing is replaced
// and the board is drawn all the same.
import { afterAll, describe, expect, it } from 'vitest';
import { renderBoardPng } from '../../src/render/index.js';
import { createRenderPool } from '../../src/render/pool.js';
import { pngSize } from '../../src/render/rasterize.js';
import { allGameSamples } from './fixtures/allGames.js';

type Sample = Awaited<ReturnType<typeof allGameSamples>>[number];
type Palette = 'standard' | 'colourblind';

/** A sample's board drawn whole in this thread (no cached base), once per file. */
const fullDrawings = new Map<string, Promise<Buffer>>();
function fullDrawing(s: Sample, palette: Palette): Promise<Buffer> {
  const key = `${s.game}/${s.name}/${palette}`;
  let drawn = fullDrawings.get(key);
  if (!drawn) fullDrawings.set(key, (drawn = renderBoardPng(s.game, s.view, { palette }, { noCache: true })));
  return drawn;
}

const crashingWorker = new URL('./workers/crashingWorker.mjs', import.meta.url);
const countingWorker = new URL('./workers/countingWorker.mjs', import.meta.url);
const hangingWorker = new URL('./workers/hangingWorker.mjs', import.meta.url);

describe('render pool', () => {
  const pool = createRenderPool({ size: 1 });
  afterAll(() => pool.close());

  it('given every game (and Siege Master in both palettes), then the worker\'s board (its base cached after the first) has exactly the pixels of a full drawing here', async () => {
    const samples = await allGameSamples();
    for (const palette of ['standard', 'colourblind'] satisfies Palette[]) {
      for (const s of samples.filter((x) => palette === 'standard' || x.game === 'siege-master')) {
        // Twice through the worker: the second board copies the base the first one drew. The same
        // PNG bytes (the encoding is the same for the same pixels), so the same pixels.
        for (let round = 0; round < 2; round++) {
          const fromWorker = await pool.boardPng(s.game, s.view, { palette });
          const full = await fullDrawing(s, palette);
          expect(pngSize(fromWorker), `${s.game} ${s.name}`).toEqual(pngSize(full));
          expect(Buffer.compare(fromWorker, full), `${s.game} ${s.name} ${palette} round ${round}`).toBe(0);
        }
      }
    }
  });

  it('given boards of every game asked for at once, then each comes back with exactly its own pixels (the worker holds two: it draws one while the other is compressed)', async () => {
    const inFlight = new SharedArrayBuffer(8);
    const counted = createRenderPool({ size: 1, workerUrl: countingWorker, workerData: { inFlight } });
    try {
      const samples = await allGameSamples();
      const pngs = await Promise.all(samples.map((s) => counted.boardPng(s.game, s.view, { palette: 'standard' })));
      expect(new Int32Array(inFlight)[1]).toBe(2); // the default: two boards at once, never more
      for (const [i, s] of samples.entries()) {
        expect(Buffer.compare(pngs[i]!, await fullDrawing(s, 'standard')), `${s.game} ${s.name}`).toBe(0);
      }
    } finally {
      await counted.close();
    }
  });

  it('given reviews queued for the one worker, then a live board asked for after them is drawn next', async () => {
    // One board at a time in the worker, so that the order the boards finish in is the order they
    // were handed out in (with two, a board drawn next may finish before the one beside it).
    const single = createRenderPool({ size: 1, boardsPerWorker: 1 });
    try {
      const s = (await allGameSamples()).find((x) => x.game === 'siege-master')!;
      const finished: string[] = [];
      const draw = (name: string, priority: 'live' | 'review') => single.boardPng(s.game, s.view, {}, { priority }).then(() => void finished.push(name));
      const reviews = [1, 2, 3, 4, 5, 6].map((n) => draw(`review ${n}`, 'review'));
      expect(single.queued().boards).toBeGreaterThanOrEqual(5); // the first review is drawing (or its worker starting)
      await Promise.all([...reviews, draw('live', 'live')]);
      expect(finished.slice(0, 2)).toEqual(['review 1', 'live']);
    } finally {
      await single.close();
    }
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

  it('given a worker that never finishes a board while it holds another, then that worker is stopped and replaced, and both boards are drawn', async () => {
    const hangs = new SharedArrayBuffer(4);
    new Int32Array(hangs)[0] = 1;
    // The limit is far above a board's drawing, on a busy machine too: only the hung one reaches it.
    const hanging = createRenderPool({ size: 1, workerUrl: hangingWorker, workerData: { hangs }, boardTimeoutMs: 10_000 });
    try {
      const [a, b] = (await allGameSamples()).filter((x) => x.game === 'dice-realms');
      const pngs = await Promise.all([hanging.boardPng(a!.game, a!.view), hanging.boardPng(b!.game, b!.view)]);
      expect(Buffer.compare(pngs[0]!, await renderBoardPng(a!.game, a!.view))).toBe(0);
      expect(Buffer.compare(pngs[1]!, await renderBoardPng(b!.game, b!.view))).toBe(0);
      expect(new Int32Array(hangs)[0]).toBeLessThan(0); // the hung task was tried again
    } finally {
      await hanging.close();
    }
  });
});
