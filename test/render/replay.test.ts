// The animated replay: sampled to at most 90 frames with the first and last positions kept, the
// smaller of animated WebP and GIF, each frame the board of its position, and the same file
// whether drawn from views or from the game's seed and moves (as the render worker draws it).
// Frames are written to test/.out/records to look at.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SeatSpec } from '../../src/engine/contract.js';
import { Rng } from '../../src/engine/rng.js';
import { gameById } from '../../src/games/index.js';
import { animationFramePng, animationFrameRgba, animationInfo, drawFrames, frameAt } from '../../src/render/animate.js';
import { renderBoardSvg } from '../../src/render/index.js';
import { REPLAY_MAX_FRAMES, REPLAY_TARGET_BYTES, renderReplay, replayOfGame, sampleIndices } from '../../src/render/replay.js';

const OUT = path.join('test', '.out', 'records');
const TWO: SeatSpec[] = [{ kind: 'human' }, { kind: 'human' }];

/** A seeded random game of `gameId` up to `plies` moves: its moves and the views of its positions. */
function randomGame(gameId: string, seed: string, plies: number) {
  const def = gameById(gameId)!;
  let state = def.setup(seed, TWO, def.defaultOptions);
  const rng = Rng.fromSeed(seed);
  const views = [def.view(state) as object];
  const moves: { seat: number; move: unknown }[] = [];
  for (let k = 0; k < plies && !def.outcome(state); k++) {
    const seat = def.toAct(state)[0]!;
    const move = rng.pick(def.legalMoves(state, seat));
    const r = def.play(state, seat, move);
    if (!r.ok) throw new Error(r.error.message);
    state = r.value.state;
    moves.push({ seat, move });
    views.push(def.view(state) as object);
  }
  return { def, views, moves };
}

const meanDiff = (a: Buffer, b: Buffer) => {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
};

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

  it('given a long game (hundreds of moves), the replay has 90 frames, loops, is the smaller encoding and stays under 4 MB', async () => {
    const { views } = randomGame('dice-realms', 'replay-long', 600);
    expect(views.length).toBeGreaterThan(REPLAY_MAX_FRAMES);
    const replay = (await renderReplay('dice-realms', views, { name: 'long' }))!;
    expect(replay.data.length).toBeLessThanOrEqual(REPLAY_TARGET_BYTES);
    expect(replay.positions).toBe(views.length);
    const info = await animationInfo(replay.data);
    expect(info.frames).toBe(REPLAY_MAX_FRAMES);
    expect(info.loop).toBe(0);
    expect(info.delays.at(-1)).toBeGreaterThan(info.delays[1]!);
    // The file kept is the smaller of the two encodings of the same frames.
    expect(Object.keys(replay.tried).sort()).toEqual(['gif', 'webp']);
    expect(replay.data.length).toBe(Math.min(...Object.values(replay.tried)));
    mkdirSync(OUT, { recursive: true });
    writeFileSync(path.join(OUT, replay.fileName), replay.data);
    writeFileSync(path.join(OUT, 'dice-realms-replay-first.png'), await animationFramePng(replay.data, 0));
    writeFileSync(path.join(OUT, 'dice-realms-replay-last.png'), await animationFramePng(replay.data, info.frames - 1));
  });

  it('each frame is the board of its position: the first the opening, the last the final board', async () => {
    const { views } = randomGame('siege-master', 'replay-frames', 12);
    const replay = (await renderReplay('siege-master', views))!;
    const info = await animationInfo(replay.data);
    expect(info.frames).toBe(views.length);
    const boards = drawFrames([views[0]!, views.at(-1)!].map((v) => renderBoardSvg('siege-master', v)), replay.width);
    const first = await animationFrameRgba(replay.data, 0);
    const last = await animationFrameRgba(replay.data, info.frames - 1);
    // Up to the encoding's loss (a 256-colour palette, or WebP at quality 80).
    expect(meanDiff(first, frameAt(boards, 0))).toBeLessThan(3);
    expect(meanDiff(last, frameAt(boards, 1))).toBeLessThan(3);
    expect(meanDiff(last, frameAt(boards, 0))).toBeGreaterThan(4 * meanDiff(last, frameAt(boards, 1)));
    mkdirSync(OUT, { recursive: true });
    writeFileSync(path.join(OUT, 'siege-master-replay-first.png'), await animationFramePng(replay.data, 0));
    writeFileSync(path.join(OUT, 'siege-master-replay-last.png'), await animationFramePng(replay.data, info.frames - 1));
  });

  it('given the seed and the moves, the worker draws the same file as from the positions', async () => {
    const { def, views, moves } = randomGame('siege-master', 'replay-log', 9);
    const fromViews = (await renderReplay('siege-master', views, { name: 'replay-game-7' }))!;
    const fromLog = (await replayOfGame({ gameType: 'siege-master', seed: 'replay-log', seats: TWO, options: def.defaultOptions, moves, viewer: undefined, name: 'replay-game-7' }))!;
    expect(fromLog.fileName).toBe(fromViews.fileName);
    expect(fromLog.frames).toBe(views.length);
    expect(Buffer.compare(fromLog.data, fromViews.data)).toBe(0);
  });
});
