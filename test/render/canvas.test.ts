// The canvas painter draws the renderers' SVG subset as svg.ts means it, and refuses the rest.
import { describe, expect, it } from 'vitest';
import { svgToPixels } from '../../src/render/canvas.js';
import { text } from '../../src/render/svg.js';

const doc = (body: string, w = 200, h = 80) => `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="${w}" height="${h}" fill="#ffffff"/>${body}</svg>`;
const at = (px: { data: Buffer; width: number }, x: number, y: number) => [...px.data.subarray((y * px.width + x) * 4, (y * px.width + x) * 4 + 3)];

describe('canvas painter', () => {
  it('given an element outside the subset, then it refuses to draw and names it', () => {
    expect(() => svgToPixels(doc('<ellipse cx="5" cy="5" rx="3" ry="2"/>'))).toThrow(/<ellipse>/);
  });

  it('given haloed text, then the halo is painted under the glyphs (white fill over a dark halo)', () => {
    // A full-block-like glyph is easiest to probe: a thick "I" at 60 px, white on a black halo.
    const px = svgToPixels(doc(text(100, 40, 'I', { size: 60, fill: '#ffffff', halo: '#000000', haloWidth: 10, anchor: 'middle' })));
    expect(at(px, 100, 40)).toEqual([255, 255, 255]);
    // Beside the glyph, within the halo's reach: dark.
    const row = Array.from({ length: 40 }, (_, k) => at(px, 80 + k, 40)[0]!);
    expect(Math.min(...row)).toBeLessThan(40);
  });

  it('given SVG defaults (no fill on a path, a stroke without width), then black fill and a 1-unit stroke are drawn', () => {
    const px = svgToPixels(doc('<path d="M10 10H50V50H10Z"/><line x1="100" y1="10" x2="100" y2="70" stroke="#ff0000"/>'));
    expect(at(px, 30, 30)).toEqual([0, 0, 0]);
    expect(at(px, 100, 40)[0]).toBeGreaterThan(200);
    expect(at(px, 102, 40)).toEqual([255, 255, 255]);
  });

  it('given a scale and a frame, then the image has the frame\'s size with the board fitted and centred on white', () => {
    const px = svgToPixels(doc('<rect x="0" y="0" width="200" height="80" fill="#0000ff"/>'), { frame: { width: 100, height: 100 } });
    expect([px.width, px.height]).toEqual([100, 100]);
    expect(at(px, 50, 50)).toEqual([0, 0, 255]);
    expect(at(px, 50, 5)).toEqual([255, 255, 255]);
    const scaled = svgToPixels(doc(''), { scale: 0.5 });
    expect([scaled.width, scaled.height]).toEqual([100, 40]);
  });
});
