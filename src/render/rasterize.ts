// Pixels → PNG. The only module besides animate.ts that imports sharp: boards are drawn by the
// canvas painter (canvas.ts) and encoded here.
import sharp from 'sharp';
import type { Pixels } from './canvas.js';

/**
 * zlib level of board PNGs (zlib-ng). Measured alternately on the same drawn Siege Master boards:
 * level 1 costs 6.2 ms of CPU a board and level 2 8.6 ms, for PNGs about 15 % larger (172 KB
 * against 148 KB, far below what Discord takes); level 6 costs twice as much again. A move's CPU is
 * what limits the bot, so level 1. Skia's own PNG encoder is about four times slower than level 2,
 * and WebP, palette PNG, JPEG and RGB without the alpha channel all cost more. The pixels are the
 * same at every level.
 */
export const DEFAULT_COMPRESSION_LEVEL = 1;

// Each board is encoded once; libvips' operation cache would only hold memory.
sharp.cache(false);

/** Encodes opaque RGBA pixels as a PNG (adaptive filtering doubles the time here for larger files). */
export async function pixelsToPng(pixels: Pixels, compressionLevel = DEFAULT_COMPRESSION_LEVEL): Promise<Buffer> {
  return sharp(pixels.data, { raw: { width: pixels.width, height: pixels.height, channels: 4 } })
    .png({ compressionLevel, adaptiveFiltering: false })
    .toBuffer();
}

/** Width and height from a PNG's header, without decoding it. */
export function pngSize(png: Buffer | Uint8Array): { width: number; height: number } {
  const b = Buffer.from(png.buffer, png.byteOffset, png.byteLength);
  if (b.length < 24 || b.readUInt32BE(12) !== 0x49484452) throw new Error('not a PNG');
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

/** Decodes a PNG to raw RGBA pixels (tests compare boards pixel by pixel). */
export async function pngToPixels(png: Buffer | Uint8Array): Promise<Pixels> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Library versions, for diagnostics and the bench report. */
export function rasterizerVersions(): Record<string, string | undefined> {
  const v = sharp.versions as Record<string, string | undefined>;
  return { sharp: v.sharp, vips: v.vips };
}
