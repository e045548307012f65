// Animated replays: board SVGs → equal-sized frames → one animated image. Besides rasterize.ts,
// this is the one module that imports sharp: the animation needs sharp's raw frames and its
// animated GIF/WebP writers, which rasterize.ts's PNG path does not. fontEnv must stay the first
// import, for the reason rasterize.ts gives.
import { configureFonts } from './fonts.js';
import './fontEnv.js';
import sharp from 'sharp';
import * as gifencModule from 'gifenc';

// gifenc ships CommonJS for Node (its functions on the default export) and ES modules for
// bundlers (named exports); either way, the same three functions.
const gifenc: typeof gifencModule = 'quantize' in gifencModule && typeof gifencModule.quantize === 'function'
  ? gifencModule
  : (gifencModule as unknown as { default: typeof gifencModule }).default;

/**
 * How frames become one file. bench/records.ts measures them on the same frames of a long game
 * (bench/results.json, replay_encode_*): gifenc with a shared palette and only changed pixels
 * per frame gives GIFs within about 5 % of the size of sharp's GIF writer (libvips' cgif) and
 * encodes them two to four times faster, so replays use it. sharp's WebP is smaller for busy
 * boards but slower than gifenc, and GIF plays everywhere.
 */
export type AnimationEncoder = 'sharp-gif' | 'sharp-webp' | 'gifenc';
export const DEFAULT_ENCODER: AnimationEncoder = 'gifenc';

/** Lets other work of the event loop run (interactions must be answered within 3 s). */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export type Frames = { width: number; height: number; rgba: Buffer[] };

/** Rasterizes SVGs at `width` pixels (height from the first, the others fitted to it), flattened onto white. */
export async function rasterFrames(svgs: string[], width: number): Promise<Frames> {
  configureFonts();
  if (!svgs.length) throw new Error('no frames');
  const first = await sharp(Buffer.from(svgs[0]!)).metadata();
  const scale = width / (first.width ?? width);
  const height = Math.max(1, Math.round((first.height ?? width) * scale));
  const rgba = await Promise.all(
    svgs.map(async (svg) => {
      // Drawn at the frame's scale, a board as large as the first comes out at the frame's size;
      // only a board of another size needs the resampling pass (about 4 ms a frame).
      const drawn = sharp(Buffer.from(svg), { density: 72 * scale });
      const sized = sameSize(svg, first) ? drawn : drawn.resize(width, height, { fit: 'contain', background: '#ffffff' });
      const { data, info } = await sized.flatten({ background: '#ffffff' }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      if (info.width === width && info.height === height) return data;
      return sharp(data, { raw: info }).resize(width, height, { fit: 'contain', background: '#ffffff' }).flatten({ background: '#ffffff' }).ensureAlpha().raw().toBuffer();
    }),
  );
  return { width, height, rgba };
}

/** Whether an SVG's root declares the same pixel size as `size` (the renderers' svgDocument writes both). */
function sameSize(svg: string, size: { width?: number; height?: number }): boolean {
  const root = svg.slice(0, svg.indexOf('>') + 1);
  const w = /\swidth="(\d+(?:\.\d+)?)"/.exec(root)?.[1];
  const h = /\sheight="(\d+(?:\.\d+)?)"/.exec(root)?.[1];
  return w !== undefined && h !== undefined && Number(w) === size.width && Number(h) === size.height;
}

/** Encodes frames, each shown for its delay (ms), looping forever. */
export async function encodeAnimation(frames: Frames, delaysMs: number[], encoder: AnimationEncoder = DEFAULT_ENCODER): Promise<Buffer> {
  const { width, height, rgba } = frames;
  if (encoder === 'gifenc') return encodeGifenc(frames, delaysMs);
  const strip = sharp(Buffer.concat(rgba), { raw: { width, height: height * rgba.length, channels: 4, pageHeight: height } });
  const delay = rgba.map((_, k) => delaysMs[k] ?? 500);
  return encoder === 'sharp-webp'
    ? strip.webp({ delay, loop: 0, quality: 80, effort: 2 }).toBuffer()
    : strip.gif({ delay, loop: 0, effort: 1, dither: 0, interFrameMaxError: 0 }).toBuffer();
}

/**
 * gifenc, with what cgif does for sharp: one palette for the whole replay (from the first and last
 * frames, where every colour of a board appears), and each later frame drawn over the one before
 * it, its unchanged pixels transparent, so a move costs only the pixels it changed. Each exact
 * colour maps to one palette entry in every frame; gifenc's own applyPalette caches by a coarser
 * key per call, which made unchanged areas differ faintly from repainted ones. It yields to the
 * event loop after each frame (about 10–20 ms of work), so a replay never holds up interactions.
 */
async function encodeGifenc(frames: Frames, delaysMs: number[]): Promise<Buffer> {
  const { GIFEncoder, nearestColorIndex, quantize } = gifenc;
  const { width, height, rgba } = frames;
  const sample = Buffer.concat(rgba.length > 1 ? [rgba[0]!, rgba[rgba.length - 1]!] : [rgba[0]!]);
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
  for (const [k, data] of rgba.entries()) {
    const pixels = new Uint32Array(data.buffer, data.byteOffset, data.byteLength / 4);
    const index = new Uint8Array(pixels.length);
    for (let i = 0; i < pixels.length; i++) {
      index[i] = previous && pixels[i] === previous[i] ? transparentIndex : indexOf(pixels[i]!);
      // A first frame, or a board that changed everywhere, meets many new colours: pause now and then.
      if ((i & 0xffff) === 0xffff) await yieldToEventLoop();
    }
    gif.writeFrame(index, width, height, {
      palette: k === 0 ? palette : undefined,
      delay: delaysMs[k] ?? 500,
      repeat: 0,
      transparent: previous !== null,
      transparentIndex,
      dispose: 1,
    });
    previous = pixels;
    // gifenc runs on the event loop: let interactions in between frames.
    await yieldToEventLoop();
  }
  gif.finish();
  return Buffer.from(gif.bytes());
}

export const ANIMATION_TYPES: Record<AnimationEncoder, { ext: string; contentType: string }> = {
  'sharp-gif': { ext: 'gif', contentType: 'image/gif' },
  gifenc: { ext: 'gif', contentType: 'image/gif' },
  'sharp-webp': { ext: 'webp', contentType: 'image/webp' },
};

/** Frame count, size and delays of an animated image (tests, the bench). */
export async function animationInfo(data: Buffer): Promise<{ frames: number; width: number; height: number; delays: number[]; loop: number | undefined }> {
  const meta = await sharp(data, { animated: true }).metadata();
  return { frames: meta.pages ?? 1, width: meta.width ?? 0, height: meta.pageHeight ?? meta.height ?? 0, delays: meta.delay ?? [], loop: meta.loop };
}

/** One frame of an animated image as a PNG, to look at. */
export async function animationFramePng(data: Buffer, frame: number): Promise<Buffer> {
  return sharp(data, { page: frame }).png().toBuffer();
}

/** One frame of an animated image as raw RGBA pixels (tests). */
export async function animationFrameRgba(data: Buffer, frame: number): Promise<Buffer> {
  return sharp(data, { page: frame }).ensureAlpha().raw().toBuffer();
}
