// How wide a text is drawn: Skia's measure of the shipped font, as the boards' fit tests measure
// it, and never less than svg.ts's estimate, since text() shortens a text by that estimate. The
// renderers that lay out words in every language (wrapping, breaking, a step smaller) ask here.
import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import { loadCanvasFonts } from './canvas.js';
import { FONT_FAMILY } from './fonts.js';
import { textWidth } from './svg.js';

let context: SKRSContext2D | null = null;
let fontWeight = 0;
let fontSize = 0;
const widths = new Map<string, number>();

/** The width `content` is drawn at, as given (the caller drops what the font cannot draw). */
export function drawnWidth(content: string, size: number, weight: 400 | 700 = 700): number {
  const key = `${weight}|${size}|${content}`;
  const known = widths.get(key);
  if (known !== undefined) return known;
  if (!context) {
    loadCanvasFonts();
    context = createCanvas(8, 8).getContext('2d');
  }
  // Setting the font parses it: only when it changes (a board measures runs of one size).
  if (weight !== fontWeight || size !== fontSize) {
    context.font = `${weight} ${size}px "${FONT_FAMILY}"`;
    fontWeight = weight;
    fontSize = size;
  }
  const width = Math.max(context.measureText(content).width, textWidth(content, size, weight));
  // The boards' words repeat from board to board: a bounded memo keeps the measuring cheap.
  if (widths.size > 20_000) widths.clear();
  widths.set(key, width);
  return width;
}
