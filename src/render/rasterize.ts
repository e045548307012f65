// SVG → PNG. The only module that imports sharp. fontEnv must stay the first import: it points
// fontconfig at assets/fonts before libvips can start it.
import { configureFonts } from './fonts.js';
import './fontEnv.js';
import sharp from 'sharp';

export type RasterizeOptions = {
  /**
   * Quantise to a 256-colour palette. Off by default: it makes a board PNG about 2.5 times
   * smaller (≈100 KB instead of ≈250 KB) but libimagequant costs about as much CPU again as
   * rasterizing, which would break the 80 ms render budget. Turn on where bytes matter more.
   */
  palette?: boolean;
  /** Palette entries, 2–256 (default 256); only with `palette`. */
  colours?: number;
  /** Quantiser effort, 1–10 (default 1); only with `palette`. Higher saves almost nothing here. */
  effort?: number;
  /** zlib level, 0–9 (default DEFAULT_COMPRESSION_LEVEL). */
  compressionLevel?: number;
  /** Scale applied while rasterizing (default 1: one SVG unit is one pixel). */
  scale?: number;
};

/**
 * zlib level of board PNGs (zlib-ng). Encoding every Siege Master fixture board from the same
 * pixels: level 6 costs about 17 ms of CPU per board, level 2 about 8 ms, for PNGs about 15 %
 * larger (about 300 KB, at most about 400 KB); level 1 saves 2 ms more for another 20 %. The pixels
 * are the same at every level. Adaptive filtering doubles the encode time here for larger files.
 */
export const DEFAULT_COMPRESSION_LEVEL = 2;

// Each board is rendered once; libvips' operation cache would only hold memory.
sharp.cache(false);

export async function svgToPng(svg: string, opts: RasterizeOptions = {}): Promise<Buffer> {
  configureFonts();
  const scale = opts.scale ?? 1;
  const image = sharp(Buffer.from(svg), { density: 72 * scale });
  const compressionLevel = opts.compressionLevel ?? DEFAULT_COMPRESSION_LEVEL;
  if (!opts.palette) return image.png({ compressionLevel, adaptiveFiltering: false }).toBuffer();
  // Boards are flat colours: dithering would only add noise and bytes.
  return image
    .png({ palette: true, colours: opts.colours ?? 256, effort: opts.effort ?? 1, compressionLevel, dither: 0 })
    .toBuffer();
}

/** Width and height from a PNG's header, without decoding it. */
export function pngSize(png: Buffer): { width: number; height: number } {
  if (png.length < 24 || png.readUInt32BE(12) !== 0x49484452) throw new Error('not a PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/** Library versions, for diagnostics and the bench report. */
export function rasterizerVersions(): Record<string, string | undefined> {
  const v = sharp.versions as Record<string, string | undefined>;
  return { sharp: v.sharp, vips: v.vips, rsvg: v.rsvg, pango: v.pango, fontconfig: v.fontconfig };
}
