// Every territory card, on both sides, meets the page's constraints, and its graph is sound.
import { describe, expect, it } from 'vitest';
import {
  areAdjacent,
  borderRegions,
  CARD_IDS,
  distance,
  distancesFrom,
  homeRegion,
  territory,
  type CardSide,
} from '../../../src/games/kingdoms-base/index.js';

const SIDES: CardSide[] = ['A', 'B'];

describe('territory cards', () => {
  it('there are 8 cards with globally unique region ids', () => {
    expect(CARD_IDS).toHaveLength(8);
    const ids = CARD_IDS.flatMap((c) => territory(c, 'A').regions.map((r) => r.id));
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z]{3,12}$/);
  });

  for (const id of CARD_IDS) {
    for (const side of SIDES) {
      it(`${id} side ${side}: 6–8 regions, every base type, Ruins only on side A, one home under the banner`, () => {
        const t = territory(id, side);
        expect(t.regions.length).toBeGreaterThanOrEqual(6);
        expect(t.regions.length).toBeLessThanOrEqual(8);
        const count = (type: string) => t.regions.filter((r) => r.type === type).length;
        expect(count('plains')).toBeGreaterThanOrEqual(1);
        expect(count('forest')).toBeGreaterThanOrEqual(1);
        expect(count('mountain')).toBeGreaterThanOrEqual(1);
        expect(count('capital')).toBe(1);
        expect(count('ruins')).toBe(side === 'A' ? 1 : 0);
        expect(t.regions.filter((r) => r.home)).toHaveLength(1);
        expect(homeRegion(t).y).toBe(0);
        expect(borderRegions(t).length).toBeGreaterThanOrEqual(2);
        for (const r of t.regions) expect(r.name.length).toBeLessThanOrEqual(10);
        const cells = t.regions.map((r) => `${r.x},${r.y}`);
        expect(new Set(cells).size).toBe(cells.length);
        for (const r of t.regions) {
          expect(r.x).toBeGreaterThanOrEqual(0);
          expect(r.x).toBeLessThan(3);
          expect(r.y).toBeGreaterThanOrEqual(0);
          expect(r.y).toBeLessThan(3);
        }
      });

      it(`${id} side ${side}: edges join distinct regions of the card once, between grid neighbours, and the graph is connected`, () => {
        const t = territory(id, side);
        const ids = new Set(t.regions.map((r) => r.id));
        const seen = new Set<string>();
        const at = new Map(t.regions.map((r) => [r.id, r]));
        for (const [a, b] of t.edges) {
          expect(ids.has(a) && ids.has(b) && a !== b).toBe(true);
          const k = [a, b].sort().join('-');
          expect(seen.has(k)).toBe(false);
          seen.add(k);
          const ra = at.get(a)!;
          const rb = at.get(b)!;
          expect(Math.abs(ra.x - rb.x) + Math.abs(ra.y - rb.y)).toBe(1);
          expect(areAdjacent(t, a, b) && areAdjacent(t, b, a)).toBe(true);
        }
        const d = distancesFrom(t, homeRegion(t).id);
        expect(Object.keys(d).sort()).toEqual([...ids].sort());
      });

      it(`${id} side ${side}: the home region borders a region that is neither Capital City nor Ruins`, () => {
        // The Solo Variant's AI patrols out of its home only to such a region: without one it
        // could never leave home, and a game could stall forever.
        const t = territory(id, side);
        const home = homeRegion(t);
        const types = t.regions.filter((r) => areAdjacent(t, home.id, r.id)).map((r) => r.type);
        expect(types.some((type) => type !== 'capital' && type !== 'ruins'), types.join(', ')).toBe(true);
      });

      it(`${id} side ${side}: distances are BFS distances (symmetric, 1 for neighbours, triangle inequality)`, () => {
        const t = territory(id, side);
        for (const a of t.regions) {
          expect(distance(t, a.id, a.id)).toBe(0);
          for (const b of t.regions) {
            const dab = distance(t, a.id, b.id);
            expect(dab).toBe(distance(t, b.id, a.id));
            if (areAdjacent(t, a.id, b.id)) expect(dab).toBe(1);
            if (a.id !== b.id && !areAdjacent(t, a.id, b.id)) expect(dab).toBeGreaterThan(1);
            for (const c of t.adjacency[b.id]!) expect(distance(t, a.id, c)).toBeLessThanOrEqual(dab + 1);
          }
        }
      });
    }
  }

  it('a known distance: Ashfen Vale, Greyfen to Saltmarsh crosses 3 borders', () => {
    const t = territory('ashfen', 'A');
    expect(distance(t, 'greyfen', 'saltmarsh')).toBe(3);
    expect(distance(t, 'greyfen', 'hollowood')).toBe(3);
    expect(distancesFrom(t, 'oakhold')).toEqual({ oakhold: 0, greyfen: 1, redcliff: 1, kingsmere: 1, barrow: 2, hollowood: 2, saltmarsh: 2 });
  });

  it('side B turns the Ruins into another type and keeps the rest', () => {
    expect(territory('ashfen', 'A').regions.find((r) => r.id === 'barrow')!.type).toBe('ruins');
    expect(territory('ashfen', 'B').regions.find((r) => r.id === 'barrow')!.type).toBe('plains');
    expect(territory('thornmoor', 'B').regions.find((r) => r.id === 'wyrmhole')!.type).toBe('mountain');
  });
});
