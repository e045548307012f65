// Where things sit on a board, to hold that one never covers another: a text's ink (its glyphs as
// Skia draws them in the shipped font, from the baseline the SVG gives) and a shape's box (a rect,
// a circle), in the board's units.
import { createCanvas } from '@napi-rs/canvas';
import { loadCanvasFonts } from '../../src/render/canvas.js';
import { FONT_FAMILY } from '../../src/render/fonts.js';

export type Box = { x0: number; y0: number; x1: number; y1: number };

let context: ReturnType<ReturnType<typeof createCanvas>['getContext']> | null = null;

const unescape = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');
const attr = (attrs: string, name: string): string | undefined => new RegExp(`\\s${name}="([^"]*)"`).exec(attrs)?.[1];
const num = (attrs: string, name: string, fallback = 0): number => Number(attr(attrs, name) ?? fallback);

export type DrawnText = { content: string; ink: Box };

/** Every text of an SVG fragment with the box its glyphs cover. */
export function textInks(svg: string): DrawnText[] {
  if (!context) {
    loadCanvasFonts();
    context = createCanvas(8, 8).getContext('2d');
  }
  const ctx = context;
  return [...svg.matchAll(/<text\b([^>]*)>([\s\S]*?)<\/text>/g)].map((m) => {
    const attrs = m[1]!;
    const content = unescape(m[2]!.replace(/<[^>]*>/g, ''));
    ctx.font = `${attr(attrs, 'font-weight') === '400' ? 400 : 700} ${num(attrs, 'font-size', 16)}px "${FONT_FAMILY}"`;
    const anchor = attr(attrs, 'text-anchor');
    ctx.textAlign = anchor === 'middle' ? 'center' : anchor === 'end' ? 'right' : 'left';
    const t = ctx.measureText(content);
    const x = num(attrs, 'x');
    const y = num(attrs, 'y');
    return { content, ink: { x0: x - t.actualBoundingBoxLeft, x1: x + t.actualBoundingBoxRight, y0: y - t.actualBoundingBoxAscent, y1: y + t.actualBoundingBoxDescent } };
  });
}

/** The box of every rect and circle of an SVG fragment, its stroke included. */
export function shapeBoxes(svg: string): Box[] {
  return [...svg.matchAll(/<(rect|circle)\b([^>]*)>/g)].map((m) => {
    const attrs = m[2]!;
    const half = attr(attrs, 'stroke') ? num(attrs, 'stroke-width', 1) / 2 : 0;
    if (m[1] === 'circle') {
      const [cx, cy, r] = [num(attrs, 'cx'), num(attrs, 'cy'), num(attrs, 'r') + half];
      return { x0: cx - r, y0: cy - r, x1: cx + r, y1: cy + r };
    }
    const [x, y] = [num(attrs, 'x'), num(attrs, 'y')];
    return { x0: x - half, y0: y - half, x1: x + num(attrs, 'width') + half, y1: y + num(attrs, 'height') + half };
  });
}

/** The markup inside each `<g>` that carries `name` (such as `data-badge`), with the attribute's value. */
export function groupsMarked(svg: string, name: string): { value: string; markup: string }[] {
  return [...svg.matchAll(new RegExp(`<g\\s${name}="([^"]*)">([\\s\\S]*?)</g>`, 'g'))].map((m) => ({ value: m[1]!, markup: m[2]! }));
}

/** Whether two boxes share any area (touching edges do not count). */
export const overlaps = (a: Box, b: Box): boolean => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
