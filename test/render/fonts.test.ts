// Given the shipped font registered with the canvas painter, then board text is drawn with it and
// with nothing else: an SVG that names a system family gives exactly the same pixels as ours.
import { GlobalFonts } from '@napi-rs/canvas';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCanvasFonts, svgToPixels } from '../../src/render/canvas.js';
import { FONT_FAMILY, FONTS_DIR } from '../../src/render/fonts.js';

function textSvg(family: string, content: string, weight = 700): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="360" height="60"><rect width="360" height="60" fill="#fff"/>` +
    (content ? `<text x="10" y="44" font-family="${family}" font-weight="${weight}" font-size="36">${content}</text>` : '') +
    `</svg>`
  );
}

const pixels = (svg: string) => svgToPixels(svg).data;

describe('shipped font', () => {
  it('given the fonts folder, then the OFL font and its licence are there', () => {
    expect(existsSync(join(FONTS_DIR, 'AtkinsonHyperlegible-Bold.ttf'))).toBe(true);
    expect(existsSync(join(FONTS_DIR, 'AtkinsonHyperlegible-Regular.ttf'))).toBe(true);
    expect(readFileSync(join(FONTS_DIR, 'OFL.txt'), 'utf8')).toContain('SIL OPEN FONT LICENSE Version 1.1');
  });

  it('given the painter loaded, then both weights of the shipped family are registered', () => {
    loadCanvasFonts();
    const family = GlobalFonts.families.find((f) => f.family === FONT_FAMILY);
    expect(family?.styles.map((s) => s.weight).sort()).toEqual([400, 700]);
  });

  it('given text, then it is drawn, bold and regular differ, and a system family is drawn in the shipped font', () => {
    const blank = pixels(textSvg(FONT_FAMILY, ''));
    const ours = pixels(textSvg(FONT_FAMILY, 'F7 Q0 8 of 15'));
    expect(ours.equals(blank)).toBe(false);
    expect(pixels(textSvg(FONT_FAMILY, 'F7 Q0 8 of 15', 400)).equals(ours)).toBe(false);
    expect(pixels(textSvg('DejaVu Sans', 'F7 Q0 8 of 15')).equals(ours)).toBe(true);
    expect(pixels(textSvg('serif', 'F7 Q0 8 of 15')).equals(ours)).toBe(true);
  });
});
