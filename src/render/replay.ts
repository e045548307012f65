// The animated replay of a finished game: one frame per position (sampled to at most
// REPLAY_MAX_FRAMES for long games, first and last always kept), each drawn by the game's board
// renderer, in one animated file of at most REPLAY_TARGET_BYTES where it can be. Made on request
// in a render worker (pool.ts), never on the bot's main thread.
import type { Locale } from '../i18n/index.js';
import type { GameDefinition, SeatSpec } from '../engine/contract.js';
import { gameById } from '../games/index.js';
import { ANIMATION_TYPES, ENCODERS, drawFrames, encodeAnimation, type AnimationEncoder } from './animate.js';
import { hasBoardRenderer, renderBoardSvg } from './index.js';

export const REPLAY_MAX_FRAMES = 90;
/** What a replay should weigh at most: a download a phone makes without thinking twice. */
export const REPLAY_TARGET_BYTES = 4 * 1024 * 1024;
/** Never more than this, whatever the game (Discord takes 10 MB from a bot). */
export const REPLAY_MAX_BYTES = 8 * 1024 * 1024;
/** Frame width in pixels; tried smaller when the file would be over the target. */
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

export type Replay = {
  data: Buffer;
  fileName: string;
  contentType: string;
  encoder: AnimationEncoder;
  frames: number;
  width: number;
  height: number;
  /** Positions of the game (frames are sampled from them). */
  positions: number;
  /** The bytes of each encoding tried at this width, the one kept among them (for the logs and tests). */
  tried: Partial<Record<AnimationEncoder, number>>;
};

/** The replay of positions given as views, or null for a game without a board renderer. */
export async function renderReplay(
  gameType: string,
  views: object[],
  opts: { name?: string; encoders?: AnimationEncoder[]; maxFrames?: number; positions?: number } = {},
): Promise<Replay | null> {
  if (!hasBoardRenderer(gameType) || views.length === 0) return null;
  const picked = sampleIndices(views.length, opts.maxFrames ?? REPLAY_MAX_FRAMES);
  const svgs = picked.map((k) => renderBoardSvg(gameType, views[k]!));
  return encodeReplay(svgs, { ...opts, positions: opts.positions ?? views.length });
}

async function encodeReplay(svgs: string[], opts: { name?: string; encoders?: AnimationEncoder[]; positions: number }): Promise<Replay | null> {
  const delays = svgs.map((_, k) => (k === svgs.length - 1 ? LAST_MS : k === 0 ? FIRST_MS : FRAME_MS));
  let smallest = null as Replay | null;
  for (const width of WIDTHS) {
    const frames = drawFrames(svgs, width);
    const tried: Replay['tried'] = {};
    for (const encoder of opts.encoders ?? ENCODERS) {
      const data = await encodeAnimation(frames, delays, encoder);
      tried[encoder] = data.length;
      if (smallest && smallest.width === width && smallest.data.length <= data.length) continue;
      const type = ANIMATION_TYPES[encoder];
      smallest = {
        data,
        fileName: `${opts.name ?? 'replay'}.${type.ext}`,
        contentType: type.contentType,
        encoder,
        frames: svgs.length,
        width,
        height: frames.height,
        positions: opts.positions,
        tried,
      };
    }
    if (smallest && smallest.data.length <= REPLAY_TARGET_BYTES) return smallest;
  }
  return smallest && smallest.data.length <= REPLAY_MAX_BYTES ? smallest : null;
}

/** A finished game as its log holds it: enough to replay it in a render worker. */
export type ReplayRequest = {
  gameType: string;
  seed: string;
  seats: SeatSpec[];
  options: unknown;
  /** The moves still standing, in order. */
  moves: { seat: number; move: unknown }[];
  /** Whose view the frames show (a solo game: its player's); undefined for the public view. */
  viewer: number | undefined;
  name: string;
  /** The language of the frames' texts (default en-US). */
  locale?: Locale;
};

/**
 * Replays the game from its seed and standing moves, and draws the sampled positions: the views
 * of positions that are not drawn are never computed.
 */
export async function replayOfGame(req: ReplayRequest): Promise<Replay | null> {
  const def = gameById(req.gameType) as GameDefinition | undefined;
  if (!def || !hasBoardRenderer(req.gameType)) return null;
  const positions = req.moves.length + 1;
  const picked = new Set(sampleIndices(positions));
  let state = def.setup(req.seed, req.seats, req.options);
  const svgs: string[] = [];
  const opts = req.locale ? { locale: req.locale } : {};
  const draw = (s: unknown) => svgs.push(renderBoardSvg(req.gameType, def.view(s, req.viewer) as object, opts));
  if (picked.has(0)) draw(state);
  for (const [i, m] of req.moves.entries()) {
    const r = def.play(state, m.seat, m.move);
    if (!r.ok) throw new Error(`move ${i + 1} does not replay: ${r.error.message}`);
    state = r.value.state;
    if (picked.has(i + 1)) draw(state);
  }
  return encodeReplay(svgs, { name: req.name, positions });
}
