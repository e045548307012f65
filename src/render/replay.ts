// The animated replay of a finished game: one frame per position (sampled to at most
// REPLAY_MAX_FRAMES for long games, first and last always kept), each drawn by the game's board
// renderer, in one animated file under REPLAY_MAX_BYTES.
import { ANIMATION_TYPES, DEFAULT_ENCODER, encodeAnimation, rasterFrames, yieldToEventLoop, type AnimationEncoder } from './animate.js';
import { hasBoardRenderer, renderBoardSvg } from './index.js';

export const REPLAY_MAX_FRAMES = 90;
export const REPLAY_MAX_BYTES = 8 * 1024 * 1024;
/** Frame width in pixels; tried smaller when the file would be too large. */
const WIDTHS = [640, 480, 360];
const FRAME_MS = 700;
const FIRST_MS = 1500;
const LAST_MS = 4000;

/** `count` indices spread evenly over 0…n-1, the first and the last included. */
export function sampleIndices(n: number, count = REPLAY_MAX_FRAMES): number[] {
  if (n <= count) return Array.from({ length: n }, (_, k) => k);
  const picked = new Set<number>();
  for (let k = 0; k < count; k++) picked.add(Math.round((k * (n - 1)) / (count - 1)));
  return [...picked].sort((a, b) => a - b);
}

export type Replay = { data: Buffer; fileName: string; contentType: string; frames: number; width: number; height: number };

/** The replay of positions given as views, or null for a game without a board renderer. */
export async function renderReplay(
  gameType: string,
  views: object[],
  opts: { name?: string; encoder?: AnimationEncoder; maxFrames?: number } = {},
): Promise<Replay | null> {
  if (!hasBoardRenderer(gameType) || views.length === 0) return null;
  const encoder = opts.encoder ?? DEFAULT_ENCODER;
  const picked = sampleIndices(views.length, opts.maxFrames ?? REPLAY_MAX_FRAMES);
  const svgs: string[] = [];
  for (const k of picked) {
    svgs.push(renderBoardSvg(gameType, views[k]!));
    await yieldToEventLoop(); // drawing 90 boards in one go would hold up interactions
  }
  const delays = picked.map((_, k) => (k === picked.length - 1 ? LAST_MS : k === 0 ? FIRST_MS : FRAME_MS));
  const type = ANIMATION_TYPES[encoder];
  for (const width of WIDTHS) {
    const frames = await rasterFrames(svgs, width);
    const data = await encodeAnimation(frames, delays, encoder);
    if (data.length <= REPLAY_MAX_BYTES) {
      return { data, fileName: `${opts.name ?? 'replay'}.${type.ext}`, contentType: type.contentType, frames: picked.length, width, height: frames.height };
    }
  }
  return null;
}
