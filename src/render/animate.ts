// Animated replays: board SVGs → equal-sized frames drawn by the canvas painter → one animated
// image. Besides rasterize.ts, this is the one module that imports sharp: the animation needs
// sharp's animated WebP writer and reader, which rasterize.ts's PNG path does not.
import sharp from 'sharp';
import * as gifencModule from 'gifenc';
import { svgToPixels } from './canvas.js';

// gifenc ships CommonJS for Node (its functions on the default export) and ES modules for
// bundlers (named exports); either way, the same three functions.
const gifenc: typeof gifencModule = 'quantize' in gifencModule && typeof gifencModule.quantize === 'function'
  ? gifencModule
  : (gifencModule as unknown as { default: typeof gifencModule }).default;

/**
 * How frames become one file. Discord plays both inline (animated WebP in attachments since
 * 2025). On the long games of every board (bench/records.ts, replay_encode_kb.*), libwebp's
 * animation at quality 80 is 20–30 % smaller than the GIF on the busy boards (the kingdom games,
 * Two Deck Siege) and about as large on Siege Master, but 25 % larger on Dice Realms, where most
 * of a frame stays still; gifenc is three to five times faster. A replay is made once and kept,
 * so both are made and the smaller is kept.
 */
export type AnimationEncoder = 'webp' | 'gif';
export const ENCODERS: AnimationEncoder[] = ['webp', 'gif'];

export const ANIMATION_TYPES: Record<AnimationEncoder, { ext: string; contentType: string }> = {
  webp: { ext: 'webp', contentType: 'image/webp' },
  gif: { ext: 'gif', contentType: 'image/gif' },
};

/** Equal-sized RGBA frames, one after another in one buffer (sharp reads it as a strip of pages). */
export type Frames = { width: number; height: number; count: number; strip: Buffer };

export function frameAt(frames: Frames, k: number): Buffer {
  const size = frames.width * frames.height * 4;
  return frames.strip.subarray(k * size, (k + 1) * size);
}

/** The pixel size of a board SVG, from its root element. */
export function svgSize(svg: string): { width: number; height: number } {
  const root = svg.slice(0, svg.indexOf('>') + 1);
  const w = /\swidth="(\d+(?:\.\d+)?)"/.exec(root)?.[1];
  const h = /\sheight="(\d+(?:\.\d+)?)"/.exec(root)?.[1];
  if (!w || !h) throw new Error('board SVG without a size');
  return { width: Number(w), height: Number(h) };
}

/**
 * Draws SVGs as frames `width` pixels wide, the height from the first board; a board of another
 * shape is fitted into that frame on white. Each SVG is drawn straight into the strip's memory.
 */
export function drawFrames(svgs: string[], width: number): Frames {
  if (!svgs.length) throw new Error('no frames');
  const first = svgSize(svgs[0]!);
  const height = Math.max(1, Math.round((first.height * width) / first.width));
  const size = width * height * 4;
  const strip = Buffer.allocUnsafe(size * svgs.length);
  svgs.forEach((svg, k) => svgToPixels(svg, { frame: { width, height } }).data.copy(strip, k * size));
  return { width, height, count: svgs.length, strip };
}

/** Encodes frames, each shown for its delay (ms), looping forever. */
export async function encodeAnimation(frames: Frames, delaysMs: number[], encoder: AnimationEncoder): Promise<Buffer> {
  if (encoder === 'gif') return encodeGif(frames, delaysMs);
  const { width, height, count, strip } = frames;
  return sharp(strip, { raw: { width, height: height * count, channels: 4, pageHeight: height } })
    .webp({ delay: Array.from({ length: count }, (_, k) => delaysMs[k] ?? 500), loop: 0, quality: 80, effort: 2 })
    .toBuffer();
}

/**
 * gifenc, with what cgif does for sharp: one palette for the whole replay (from the first and last
 * frames, where every colour of a board appears), and each later frame drawn over the one before
 * it, its unchanged pixels transparent, so a move costs only the pixels it changed. Each exact
 * colour maps to one palette entry in every frame; gifenc's own applyPalette caches by a coarser
 * key per call, which made unchanged areas differ faintly from repainted ones.
 */
function encodeGif(frames: Frames, delaysMs: number[]): Buffer {
  const { GIFEncoder, nearestColorIndex, quantize } = gifenc;
  const { width, height, count } = frames;
  const sample = Buffer.concat(count > 1 ? [frameAt(frames, 0), frameAt(frames, count - 1)] : [frameAt(frames, 0)]);
  const palette = quantize(new Uint8Array(sample.buffer, sample.byteOffset, sample.byteLength), 255);
  const transparentIndex = palette.length;
  palette.push([255, 0, 255]);
  const nearest = new Map<number, number>();
  const indexOf = (px: number) => {
    const rgb = px & 0xffffff; // little-endian RGBA: R in the low byte
    let k = nearest.get(rgb);
    if (k === undefined) {
      k = nearestColorIndex(palette.slice(0, transparentIndex), [rgb & 0xff, (rgb >> 8) & 0xff, (rgb >> 16) & 0xff]);
      nearest.set(rgb, k);
    }
    return k;
  };
  const gif = GIFEncoder();
  let previous: Uint32Array | null = null;
  for (let k = 0; k < count; k++) {
    const data = frameAt(frames, k);
    const pixels = new Uint32Array(data.buffer, data.byteOffset, data.byteLength / 4);
    const index = new Uint8Array(pixels.length);
    for (let i = 0; i < pixels.length; i++) index[i] = previous && pixels[i] === previous[i] ? transparentIndex : indexOf(pixels[i]!);
    gif.writeFrame(index, width, height, {
      palette: k === 0 ? palette : undefined,
      delay: delaysMs[k] ?? 500,
      repeat: 0,
      transparent: previous !== null,
      transparentIndex,
      dispose: 1,
    });
    previous = pixels;
  }
  gif.finish();
  return Buffer.from(gif.bytes());
}

/** Frame count, size and delays of an animated image (tests, the bench). */
export async function animationInfo(data: Buffer): Promise<{ frames: number; width: number; height: number; delays: number[]; loop: number | undefined; format: string | undefined }> {
  const meta = await sharp(data, { animated: true }).metadata();
  return { frames: meta.pages ?? 1, width: meta.width ?? 0, height: meta.pageHeight ?? meta.height ?? 0, delays: meta.delay ?? [], loop: meta.loop, format: meta.format };
}

/** One frame of an animated image as a PNG, to look at. */
export async function animationFramePng(data: Buffer, frame: number): Promise<Buffer> {
  return sharp(data, { page: frame }).png().toBuffer();
}

/** One frame of an animated image as raw RGBA pixels (tests). */
export async function animationFrameRgba(data: Buffer, frame: number): Promise<Buffer> {
  return sharp(data, { page: frame }).ensureAlpha().raw().toBuffer();
}
