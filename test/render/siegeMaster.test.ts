// Given Siege Master views (every map: start, mid-game, end; both palettes), then the board
// renders to a real PNG under the size limit, with coordinates on every edge and a legend that
// states the score. PNGs land in test/.out/render/ for people to look at.
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { boardRenderers, renderBoardPng, renderBoardSvg } from '../../src/render/index.js';
import { parseLabel } from '../../src/render/hexLayout.js';
import { BOARD_SCALE, svgToPng } from '../../src/render/index.js';
import { pngSize } from '../../src/render/rasterize.js';
import { boardGeometry, renderSiegeMasterBoard, type SiegeMasterView } from '../../src/render/siege-master/board.js';
import { palette } from '../../src/render/svg.js';
import { siegeMasterViews, type NamedView } from './fixtures/siegeMasterViews.js';
import { syntheticView } from './fixtures/syntheticSiegeMaster.js';
import { expectReadableText } from './textSize.js';

const OUT = fileURLToPath(new URL('../.out/render/', import.meta.url));
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const MAX_PNG_BYTES = 700 * 1024;

/** The content of every <text> element, unescaped enough for labels and legend lines. */
function texts(svg: string): string[] {
  return [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) =>
    m[1]!.replace(/&apos;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'),
  );
}

function count(list: string[], item: string): number {
  return list.filter((t) => t === item).length;
}

let views: NamedView[] = [];

beforeAll(async () => {
  mkdirSync(OUT, { recursive: true });
  views = await siegeMasterViews();
});

describe('siege-master board views', () => {
  it('given the fixtures, then every map is covered at start, mid-game and end', () => {
    const engineViews = views.filter((v) => v.source === 'engine');
    const maps = new Set(engineViews.map((v) => v.map));
    expect([...maps].sort()).toEqual(['africa', 'asia', 'australia', 'europe', 'hex', 'north-america', 'south-america']);
    for (const map of maps) {
      const stages = engineViews.filter((v) => v.map === map);
      expect(stages.map((v) => v.stage), map).toEqual(['empty', 'mid', 'over']);
      expect(stages[2]!.view.phase, `${map} playout ends`).toBe('over');
      expect(stages[1]!.view.armies.length, `${map} mid-game has armies`).toBeGreaterThan(0);
    }
    expect(engineViews.some((v) => v.view.hintCells.length > 0), 'some mid-game is forced').toBe(true);
  });

  it('given any view, then labels follow the fixed coordinates: row number r+1, column q + floor(r/2) plus a constant', () => {
    for (const { name, view } of views) {
      const offsets = new Set<number>();
      for (const c of view.cells) {
        const p = parseLabel(c.label);
        expect(p, `${name}: ${c.label}`).not.toBeNull();
        expect(p!.row, `${name}: ${c.label} at r=${c.r}`).toBe(c.r + 1);
        offsets.add(p!.col - (c.q + Math.floor(c.r / 2)));
      }
      expect(offsets.size, `${name}: column letters are not one offset from axial`).toBe(1);
    }
  });
});

describe('boardGeometry', () => {
  it('given any view, then each column letter sits over its cells in unshifted rows and half a hex left of shifted ones', () => {
    for (const { name, view } of views) {
      const g = boardGeometry(view);
      const hexW = Math.sqrt(3) * g.size;
      const colX = new Map(g.columns.map((c) => [c.letters, c.x]));
      const rowY = new Map(g.rows.map((r) => [r.number, r.y]));
      for (const c of view.cells) {
        const p = parseLabel(c.label)!;
        const centre = g.centres.get(c.label)!;
        const expectedX = colX.get(p.letters)! + (c.r % 2 === 1 ? hexW / 2 : 0);
        expect(Math.abs(centre.x - expectedX), `${name}: ${c.label}`).toBeLessThan(0.01);
        expect(Math.abs(centre.y - rowY.get(p.row)!), `${name}: ${c.label}`).toBeLessThan(0.01);
        expect(centre.x - hexW / 2, `${name}: ${c.label} inside the sea frame`).toBeGreaterThanOrEqual(g.sea.x);
        expect(centre.x + hexW / 2).toBeLessThanOrEqual(g.sea.x + g.sea.w);
      }
    }
  });
});

describe('renderSiegeMasterBoard', () => {
  it('given each view and palette, then a PNG under 700 KB with every column and row labelled on the edges', async () => {
    for (const nv of views) {
      for (const pal of ['standard', 'colourblind'] as const) {
        const svg = renderSiegeMasterBoard(nv.view, { palette: pal });
        const all = texts(svg);
        const letters = new Set(nv.view.cells.map((c) => parseLabel(c.label)!.letters));
        const rows = new Set(nv.view.cells.map((c) => parseLabel(c.label)!.row));
        for (const l of letters) expect(count(all, l), `${nv.name}: column ${l} top and bottom`).toBeGreaterThanOrEqual(2);
        for (const r of rows) expect(count(all, String(r)), `${nv.name}: row ${r} left and right`).toBeGreaterThanOrEqual(2);

        const png = await svgToPng(svg);
        expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
        expect(png.length, `${nv.name} ${pal}`).toBeLessThan(MAX_PNG_BYTES);
        const { width, height } = pngSize(png);
        const g = boardGeometry(nv.view);
        // Laid out 900–1,400 units wide and drawn at BOARD_SCALE.
        expect(width).toBe(Math.ceil(g.width * BOARD_SCALE));
        expect(g.width).toBeGreaterThanOrEqual(900);
        expect(g.width).toBeLessThanOrEqual(1400);
        expect(height).toBeGreaterThan(600 * BOARD_SCALE);
        expect(height).toBeLessThanOrEqual(1600 * BOARD_SCALE);
        writeFileSync(`${OUT}siege-master-${nv.name}-${pal}.png`, png);
      }
    }
  });

  it('given each view, palette and long player names, then no text is under 2.5 % of the width', () => {
    for (const nv of views) {
      for (const pal of ['standard', 'colourblind'] as const) {
        expectReadableText(renderSiegeMasterBoard(nv.view, { palette: pal }), `${nv.name} ${pal}`);
        expectReadableText(renderSiegeMasterBoard(nv.view, { palette: pal, players: ['a'.repeat(32), 'b'.repeat(32)] }), `${nv.name} ${pal} names`);
      }
    }
  });

  it('given a view, then the legend names both players with fortresses x of N and armies left', () => {
    for (const { name, view } of views) {
      const all = texts(renderSiegeMasterBoard(view, {})).join('\n');
      for (const seat of [0, 1]) {
        expect(all, name).toContain(`Fortresses ${view.captured[seat]} of ${view.fortressesTotal}`);
        expect(all, name).toContain(`Armies left ${view.armiesLeft[seat]}`);
        expect(all, name).toContain(view.seatNames[seat]!);
      }
      if (view.phase === 'over' && view.outcome) {
        expect(all, name).toMatch(view.outcome.draw ? /Draw\./ : / wins\./);
      } else if (view.toAct.length > 0) {
        expect(all, name).toContain(`${view.seatNames[view.toAct[0]!]} to `);
      }
    }
  });

  it('given a last army, then it is outlined in the highlight colour and named in the legend', () => {
    const withLast = views.filter((v) => v.view.lastArmy);
    expect(withLast.length).toBeGreaterThan(0);
    for (const { name, view } of withLast) {
      const svg = renderSiegeMasterBoard(view, {});
      const p = palette('standard');
      expect(svg, name).toContain(`stroke="${p.highlight}"`);
      const last = view.lastArmy!;
      expect(texts(svg).join('\n'), name).toContain(`${last.cells[0]}–${last.cells[last.cells.length - 1]}`);
    }
  });

  it('given hint cells, then they are drawn in the hint colour; without hints, no hint fill appears', () => {
    const v = syntheticView('hints', 'mid');
    expect(v.hintCells.length).toBeGreaterThan(0);
    const p = palette('standard');
    expect(renderSiegeMasterBoard(v, {})).toContain(`fill="${p.hint}" stroke="${p.hintMark}"`);
    const none: SiegeMasterView = { ...v, hintCells: [], mustPlayAdjacent: false };
    const svg = renderSiegeMasterBoard(none, {});
    expect(svg.match(new RegExp(`<path[^>]*fill="${p.hint}"`, 'g')) ?? []).toHaveLength(1); // the legend key only
    expect(texts(svg)).toContain('playable');
  });

  it('given the colour-blind palette, then seat 0 is orange and striped, not red', () => {
    const v = syntheticView('cb', 'mid');
    const svg = renderSiegeMasterBoard(v, { palette: 'colourblind' });
    expect(svg).toContain('stroke="#ffffff" stroke-opacity="0.6"');
    expect(svg).toContain('#e69f00');
    expect(svg).not.toContain(palette('standard').seats[0]!.fill);
    expect(texts(svg)).toContain('Red (orange)');
  });

  it('given hostile seat names, then the SVG stays well-formed and rasterizes', async () => {
    const v = { ...syntheticView('names', 'mid'), seatNames: ['<b>&"x"</b>\u0007', 'Ünïcødé 名前 a very long name indeed'] };
    const svg = renderSiegeMasterBoard(v, {});
    expect(svg).not.toContain('<b>');
    expect(svg).toContain('&lt;b&gt;&amp;&quot;x&quot;&lt;/b&gt;');
    const png = await svgToPng(svg);
    expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  });

  it('given a drawn game, then both cards say DRAW', () => {
    const v = syntheticView('draw', 'over');
    const drawn: SiegeMasterView = { ...v, outcome: { winners: [], draw: true, reason: 'equal fortresses' } };
    const all = texts(renderSiegeMasterBoard(drawn, {}));
    expect(count(all, 'DRAW')).toBe(2);
    expect(all).toContain('Draw. Equal fortresses.');
  });
});

describe('board registry', () => {
  it('given siege-master, then renderBoardPng gives a PNG; an unknown game is an error', async () => {
    expect(Object.keys(boardRenderers)).toContain('siege-master');
    const png = await renderBoardPng('siege-master', syntheticView('registry', 'mid'), { palette: 'colourblind' });
    expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    expect(() => renderBoardSvg('no-such-game', {})).toThrow(/no board renderer/);
    expect(() => renderBoardSvg('toString', {})).toThrow(/no board renderer/);
  });
});
