// Given Siege Master positions where a placement takes two steps, and the placements from the
// chosen start cell numbered as the direction buttons are, then the preview is a small PNG of that
// part of the map with each candidate outlined in the mover's colour and its number on it, text at
// least 2.5 % of its width. PNGs land in test/.out/render/.
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { ONE_STEP_LIMIT } from '../../src/games/siege-master/choices.js';
import siegeMaster from '../../src/games/siege-master/index.js';
import { hasPreviewRenderer, previewRenderers, renderPreviewPng, renderPreviewSvg } from '../../src/render/index.js';
import { pngSize } from '../../src/render/rasterize.js';
import { renderSiegeMasterPreview } from '../../src/render/siege-master/preview.js';
import { palette } from '../../src/render/svg.js';
import { previewSamples, type PreviewSample } from './fixtures/siegeMasterPreviews.js';
import { expectReadableText, svgTexts } from './textSize.js';

const OUT = fileURLToPath(new URL('../.out/render/', import.meta.url));
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

let samples: PreviewSample[] = [];

beforeAll(() => {
  mkdirSync(OUT, { recursive: true });
  samples = previewSamples();
});

describe('preview registry', () => {
  it('given siege-master, then it has a preview renderer; other games and prototype names do not', async () => {
    expect(hasPreviewRenderer('siege-master')).toBe(true);
    expect(Object.keys(previewRenderers)).toEqual(['siege-master']);
    for (const id of ['dice-realms', 'kingdoms-siege', 'two-deck-siege', 'toString', 'no-such-game']) expect(hasPreviewRenderer(id), id).toBe(false);
    expect(() => renderPreviewSvg('toString', {}, [])).toThrow(/no preview renderer/);
    await expect(renderPreviewPng('dice-realms', {}, [])).rejects.toThrow(/no preview renderer/);
  });
});

describe('renderSiegeMasterPreview', () => {
  it('given the samples, then each position takes two steps and offers three directions from the start cell', () => {
    expect(samples.map((s) => s.name)).toEqual(['opening', 'mid', 'late', 'hex', 'edge']);
    for (const s of samples) {
      const seat = siegeMaster.toAct(s.state)[0]!;
      expect(siegeMaster.legalMoves(s.state, seat).length, s.name).toBeGreaterThan(ONE_STEP_LIMIT);
      expect(s.candidates.map((c) => (c.move as { dir: string }).dir), s.name).toEqual(['E', 'SE', 'SW']);
      expect(s.candidates.every((c) => (c.move as { cell: string }).cell === s.cell), s.name).toBe(true);
    }
  });

  it('given each sample and palette, then a PNG 500–700 px wide, at most 100 KB, with readable text', async () => {
    for (const s of samples) {
      for (const pal of ['standard', 'colourblind'] as const) {
        const svg = renderPreviewSvg('siege-master', s.view, s.candidates, { palette: pal, players: ['alice', 'bob'] });
        expectReadableText(svg, `${s.name} ${pal}`);
        const png = await renderPreviewPng('siege-master', s.view, s.candidates, { palette: pal });
        expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
        expect(png.length, `${s.name} ${pal}`).toBeLessThanOrEqual(100 * 1024);
        const { width, height } = pngSize(png);
        expect(width).toBeGreaterThanOrEqual(500);
        expect(width).toBeLessThanOrEqual(700);
        expect(height).toBeGreaterThan(300);
        expect(height).toBeLessThanOrEqual(width);
        writeFileSync(`${OUT}siege-master-preview-${s.name}-${pal}.png`, png);
      }
    }
  });

  it('given three candidates, then each is outlined (dashed) in the mover\'s colour and its number is drawn once', () => {
    for (const s of samples) {
      const mover = s.view.toAct[0]!;
      const edge = palette('standard').seats[mover]!.edge;
      const svg = renderSiegeMasterPreview(s.view, s.candidates);
      const outlines = svg.match(new RegExp(`<path d="[^"]*" fill="none" stroke="${edge}"[^>]*stroke-dasharray`, 'g')) ?? [];
      expect(outlines, s.name).toHaveLength(3);
      const all = svgTexts(svg);
      for (const n of ['1', '2', '3']) expect(all.filter((t) => t === n), `${s.name}: number ${n}`).toHaveLength(1);
      expect(all.join(' '), s.name).toContain(`from ${s.cell}`);
    }
  });

  it('given overlapping candidates (they share the start cell), then their numbers do not overlap', () => {
    for (const s of samples) {
      const svg = renderSiegeMasterPreview(s.view, s.candidates);
      const edge = palette('standard').seats[s.view.toAct[0]!]!.edge;
      const discs = [...svg.matchAll(new RegExp(`<circle cx="([\\d.]+)" cy="([\\d.]+)" r="([\\d.]+)" fill="#ffffff" stroke="${edge}"`, 'g'))].map((m) => m.slice(1).map(Number) as [number, number, number]);
      expect(discs, s.name).toHaveLength(3);
      for (let i = 0; i < discs.length; i++) {
        for (let j = i + 1; j < discs.length; j++) {
          const [x1, y1, r1] = discs[i]!;
          const [x2, y2, r2] = discs[j]!;
          expect(Math.hypot(x1 - x2, y1 - y2), `${s.name}: ${i + 1} and ${j + 1}`).toBeGreaterThanOrEqual(r1 + r2);
        }
      }
    }
  });

  it('given the same candidate twice (two numbers on one army), then the numbers are still apart', () => {
    const s = samples[1]!;
    const move = s.candidates[0]!.move;
    const svg = renderSiegeMasterPreview(s.view, [{ number: 1, move }, { number: 2, move }]);
    const edge = palette('standard').seats[s.view.toAct[0]!]!.edge;
    const discs = [...svg.matchAll(new RegExp(`<circle cx="([\\d.]+)" cy="([\\d.]+)" r="([\\d.]+)" fill="#ffffff" stroke="${edge}"`, 'g'))].map((m) => m.slice(1).map(Number));
    expect(Math.hypot(discs[0]![0]! - discs[1]![0]!, discs[0]![1]! - discs[1]![1]!)).toBeGreaterThanOrEqual(discs[0]![2]! * 2);
  });

  it('given the crop, then the armies and fortresses near the candidates stay visible, and coordinates label its edges', () => {
    const s = samples.find((x) => x.name === 'mid')!;
    const svg = renderSiegeMasterPreview(s.view, s.candidates);
    expect(svg).toContain(`fill="${palette('standard').neutral}"`); // a neutral fortress's castle
    expect(svg).toContain('<line '); // a placed army
    const all = svgTexts(svg);
    const row = s.cell.replace(/^[A-Z]+/, '');
    const col = s.cell.replace(/\d+$/, '');
    expect(all).toContain(row);
    expect(all).toContain(col);
  });

  it('given no placement among the candidates, then it is an error, not an empty image', () => {
    const s = samples[0]!;
    expect(() => renderSiegeMasterPreview(s.view, [{ number: 1, move: { type: 'swap' } }])).toThrow(/no placement/);
    expect(() => renderSiegeMasterPreview(s.view, [{ number: 1, move: { type: 'place', cell: 'ZZ99', dir: 'E', cells: ['ZZ99'] } }])).toThrow(/no placement/);
  });

  it('given hostile display names, then the header escapes and shortens them', () => {
    const s = samples[0]!;
    const svg = renderSiegeMasterPreview(s.view, s.candidates, { players: ['<b>x</b> a very long name of 32 chars', '<i>y</i>'] });
    expect(svg).not.toMatch(/<b>|<i>/);
    expectReadableText(svg, 'names');
  });
});
