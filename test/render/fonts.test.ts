// Given the fontconfig file the renderer writes, then text renders with the shipped font and with
// nothing else: asking for a system font gives exactly the same pixels as asking for ours.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FONT_FAMILY, FONTS_DIR, configureFonts } from '../../src/render/fonts.js';
import { svgToPng } from '../../src/render/rasterize.js';

function textSvg(family: string, content: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="360" height="60"><rect width="360" height="60" fill="#fff"/>` +
    (content ? `<text x="10" y="44" font-family="${family}" font-weight="700" font-size="36">${content}</text>` : '') +
    `</svg>`
  );
}

describe('shipped font', () => {
  it('given the fonts folder, then the OFL font and its licence are there', () => {
    expect(existsSync(join(FONTS_DIR, 'AtkinsonHyperlegible-Bold.ttf'))).toBe(true);
    expect(existsSync(join(FONTS_DIR, 'AtkinsonHyperlegible-Regular.ttf'))).toBe(true);
    expect(readFileSync(join(FONTS_DIR, 'OFL.txt'), 'utf8')).toContain('SIL OPEN FONT LICENSE Version 1.1');
  });

  it('given the renderer loaded, then FONTCONFIG_FILE names a config that lists only assets/fonts', () => {
    const file = configureFonts();
    expect(process.env.FONTCONFIG_FILE).toBe(file);
    const xml = readFileSync(file, 'utf8');
    const dirs = [...xml.matchAll(/<dir>([^<]*)<\/dir>/g)].map((m) => m[1]);
    expect(dirs).toEqual([FONTS_DIR]);
    expect(xml).not.toMatch(/<include/);
  });

  it('given text, then it renders, and a system family falls back to the shipped font', async () => {
    const blank = await svgToPng(textSvg(FONT_FAMILY, ''));
    const ours = await svgToPng(textSvg(FONT_FAMILY, 'F7 Q0 8 of 15'));
    const dejavu = await svgToPng(textSvg('DejaVu Sans', 'F7 Q0 8 of 15'));
    const serif = await svgToPng(textSvg('serif', 'F7 Q0 8 of 15'));
    expect(ours.equals(blank)).toBe(false);
    expect(dejavu.equals(ours)).toBe(true);
    expect(serif.equals(ours)).toBe(true);
  });
});
