// Given Siege Mode positions reached by seeded play (start, mid-game, just after a war, finished),
// then the kingdom board renders to a real PNG that names what a player needs to plan a turn, with
// no text under 2.5% of the width. PNGs land in test/.out/render/.
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { kingdomsSiegeSampleViews } from '../../../bench/kingdoms-siege.js';
import type { KingdomsView } from '../../../src/games/kingdoms-base/view.js';
import game from '../../../src/games/kingdoms-siege/index.js';
import { renderKingdomsBoard } from '../../../src/render/kingdoms/board.js';
import { BOARD_SCALE, svgToPng } from '../../../src/render/index.js';
import { pngSize } from '../../../src/render/rasterize.js';
import { expectReadableText, textSizes } from '../textSize.js';

const OUT = fileURLToPath(new URL('../../.out/render/', import.meta.url));
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function texts(svg: string): string[] {
  return [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) =>
    m[1]!.replace(/&apos;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'),
  );
}

let samples: { name: string; view: KingdomsView }[] = [];
const sample = (name: string) => samples.find((s) => s.name === name)!.view;

beforeAll(() => {
  mkdirSync(OUT, { recursive: true });
  samples = kingdomsSiegeSampleViews();
});

describe('renderKingdomsBoard', () => {
  it('given each sample, then a PNG 1000 units wide (at BOARD_SCALE) under 400 KB', async () => {
    expect(samples.map((s) => s.name)).toEqual(['start', 'midgame', 'war', 'over']);
    for (const { name, view } of samples) {
      const png = await svgToPng(renderKingdomsBoard(view));
      expect(png.subarray(0, 8).equals(PNG_SIGNATURE), name).toBe(true);
      expect(png.length, name).toBeLessThan(400 * 1024);
      const { width, height } = pngSize(png);
      expect(width).toBe(Math.ceil(1000 * BOARD_SCALE));
      expect(height).toBeGreaterThan(800 * BOARD_SCALE);
      expect(height).toBeLessThan(1500 * BOARD_SCALE);
      writeFileSync(`${OUT}kingdoms-siege-${name}.png`, png);
    }
  });

  it('given any sample, then no text is smaller than 25 px (2.5% of the width)', () => {
    for (const { name, view } of samples) {
      for (const palette of ['standard', 'colourblind'] as const) {
        const svg = renderKingdomsBoard(view, { palette });
        expect(textSizes(svg).sizes.length).toBeGreaterThan(20);
        expectReadableText(svg, `${name} ${palette}`);
      }
    }
  });

  it('given a position, then every region, both kingdoms\' tracks and the action card are named', () => {
    for (const { name, view } of samples) {
      const all = texts(renderKingdomsBoard(view));
      const joined = all.join('\n');
      for (const card of view.cards) {
        expect(joined, name).toContain(card.name);
        for (const r of card.regions) expect(all, `${name}: ${r.name}`).toContain(r.name);
      }
      for (const side of view.sides) {
        expect(all, name).toContain(`Food ${side.resources.food}`);
        expect(all, name).toContain(`Mana ${side.resources.mana}`);
        expect(all, name).toContain(`Ore ${side.resources.ore}`);
        expect(all, name).toContain(`Tower ${side.tower}`);
        expect(all, name).toContain(`Magic ${side.magic}`);
      }
      if (!view.outcome) for (const a of view.actionCard.actions) expect(all, name).toContain(`${a.number} ${a.name}`);
    }
  });

  it('given pieces on the map, then one figure per piece: meeples for the player, cubes for the Enemy', () => {
    for (const { name, view } of samples) {
      const svg = renderKingdomsBoard(view);
      const count = (side: number) => view.cards.flatMap((c) => c.regions).reduce((a, r) => a + r.occupants.filter((o) => o.side === side).reduce((b, o) => b + o.count, 0), 0);
      const colour = (side: number) => view.sides[side]!.colour;
      // Each region piece, plus the one beside the kingdom's name in its panel.
      expect(svg.split(`fill="${colour(0)}" stroke=`).length - 1, name).toBeGreaterThanOrEqual(count(0) + 1);
      expect((svg.match(new RegExp(`<path d="[^"]*Z" fill="${colour(1)}"`, 'g')) ?? []).length, name).toBe(count(1) + 1);
    }
  });

  it('given a running game, then the line of what is asked is drawn; after a war, the war is told', () => {
    const start = texts(renderKingdomsBoard(sample('start')));
    expect(start.join(' ')).toContain('choose an action');
    const war = texts(renderKingdomsBoard(sample('war'))).join(' ');
    expect(war).toContain('War in');
    expect(sample('midgame').asked).toMatch(/too, or collect/);
    expect(texts(renderKingdomsBoard(sample('midgame'))).join(' ')).toContain('or collect');
  });

  it('given a finished game, then every score line and the total are drawn', () => {
    const view = sample('over');
    const all = texts(renderKingdomsBoard(view));
    const score = view.score!;
    // Negative numbers are written with the true minus sign.
    const signed = (v: number) => `${v > 0 ? '+' : v < 0 ? '\u2212' : ''}${Math.abs(v)}`;
    expect(all.some((t) => t.startsWith(score.result.replace(/-(?=\d)/g, '\u2212').slice(0, 20)))).toBe(true);
    for (const l of score.sides[0]!.lines) {
      expect(all.some((t) => l.label.startsWith(t.replace(/…$/, ''))), l.label).toBe(true);
      expect(all).toContain(signed(l.vp));
    }
    expect(all.some((t) => t.includes(`${signed(score.sides[0]!.total)} VP`))).toBe(true);
  });

  it('given the very first decision (the split), then the board still renders and asks for it', async () => {
    const view = game.view(game.setup('render-split', [{ kind: 'human' }], game.defaultOptions)) as KingdomsView;
    const svg = renderKingdomsBoard(view);
    expect(texts(svg).join(' ')).toContain('Split your 6 starting resources');
    expect((await svgToPng(svg)).length).toBeGreaterThan(1000);
  });

  it('given an alliance (the Solo Variant), then the allied pieces are ringed', () => {
    const view = structuredClone(sample('midgame'));
    const region = view.cards[1]!.regions.find((r) => r.occupants.length > 0)!;
    region.occupants = [{ side: 0, count: 1, allied: true }, { side: 1, count: 1, allied: true }];
    expect(renderKingdomsBoard(view)).toContain('stroke-dasharray="6 4"');
  });
});
