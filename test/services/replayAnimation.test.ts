// The animated replay: sampled to at most 90 frames with the first and last positions kept, under
// 8 MB, each frame the board of its position. Frames are written to test/.out/records to look at.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/engine/rng.js';
import { gameById } from '../../src/games/index.js';
import { animationFramePng, animationFrameRgba, animationInfo, rasterFrames } from '../../src/render/animate.js';
import { renderBoardSvg } from '../../src/render/index.js';
import { REPLAY_MAX_BYTES, REPLAY_MAX_FRAMES, renderReplay, sampleIndices } from '../../src/render/replay.js';

const OUT = path.join('test', '.out', 'records');

/** The views of a seeded random game of `gameId`, up to `plies` moves. */
function randomViews(gameId: string, seed: string, plies: number): object[] {
  const def = gameById(gameId)!;
  let state = def.setup(seed, [{ kind: 'human' }, { kind: 'human' }], def.defaultOptions);
  const rng = Rng.fromSeed(seed);
  const views = [def.view(state)];
  for (let k = 0; k < plies && !def.outcome(state); k++) {
    const seat = def.toAct(state)[0]!;
    const r = def.play(state, seat, rng.pick(def.legalMoves(state, seat)));
    if (!r.ok) throw new Error(r.error.message);
    state = r.value.state;
    views.push(def.view(state));
  }
  return views;
}

describe('animated replays', () => {
  it('samples long games evenly to at most 90 frames, keeping the first and the last', () => {
    expect(sampleIndices(5)).toEqual([0, 1, 2, 3, 4]);
    const long = sampleIndices(1000);
    expect(long).toHaveLength(REPLAY_MAX_FRAMES);
    expect(long[0]).toBe(0);
    expect(long.at(-1)).toBe(999);
    expect(new Set(long).size).toBe(long.length);
    const gaps = long.slice(1).map((v, k) => v - long[k]!);
    expect(Math.max(...gaps) - Math.min(...gaps)).toBeLessThanOrEqual(1);
  });

  it('given a long game (hundreds of moves), the replay has 90 frames, loops, and stays under 8 MB', async () => {
    const views = randomViews('dice-realms', 'replay-long', 600);
    expect(views.length).toBeGreaterThan(REPLAY_MAX_FRAMES);
    const replay = (await renderReplay('dice-realms', views, { name: 'long' }))!;
    expect(replay.contentType).toBe('image/gif');
    expect(replay.data.length).toBeLessThanOrEqual(REPLAY_MAX_BYTES);
    const info = await animationInfo(replay.data);
    expect(info.frames).toBe(REPLAY_MAX_FRAMES);
    expect(info.loop).toBe(0);
    expect(info.delays.at(-1)).toBeGreaterThan(info.delays[1]!);
    mkdirSync(OUT, { recursive: true });
    writeFileSync(path.join(OUT, 'dice-realms-replay.gif'), replay.data);
    writeFileSync(path.join(OUT, 'dice-realms-replay-first.png'), await animationFramePng(replay.data, 0));
    writeFileSync(path.join(OUT, 'dice-realms-replay-last.png'), await animationFramePng(replay.data, info.frames - 1));
  });

  it('each frame is the board of its position: the first the opening, the last the final board', async () => {
    const views = randomViews('siege-master', 'replay-frames', 12);
    const replay = (await renderReplay('siege-master', views))!;
    const info = await animationInfo(replay.data);
    expect(info.frames).toBe(views.length);
    // Decoded, each end frame is its own board (up to the 256-colour palette), and not the other one.
    const meanDiff = (a: Buffer, b: Buffer) => {
      let sum = 0;
      for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
      return sum / a.length;
    };
    const boards = await rasterFrames([views[0]!, views.at(-1)!].map((v) => renderBoardSvg('siege-master', v)), replay.width);
    const first = await animationFrameRgba(replay.data, 0);
    const last = await animationFrameRgba(replay.data, info.frames - 1);
    expect(meanDiff(first, boards.rgba[0]!)).toBeLessThan(2);
    expect(meanDiff(last, boards.rgba[1]!)).toBeLessThan(2);
    expect(meanDiff(last, boards.rgba[0]!)).toBeGreaterThan(4 * meanDiff(last, boards.rgba[1]!));
    mkdirSync(OUT, { recursive: true });
    writeFileSync(path.join(OUT, 'siege-master-replay-first.png'), await animationFramePng(replay.data, 0));
    writeFileSync(path.join(OUT, 'siege-master-replay-last.png'), await animationFramePng(replay.data, info.frames - 1));
  });
});
