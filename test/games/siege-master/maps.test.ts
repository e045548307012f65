import { describe, expect, it } from 'vitest';
import game, { boardFor, MAP_IDS, MAPS, type Board } from '../../../src/games/siege-master/index.js';

const HUMANS = [{ kind: 'human' as const }, { kind: 'human' as const }];

/** Islands and whether each holds a straight line of 4 land cells. */
function islands(board: Board): { size: number; fits: boolean }[] {
  const out = Array.from({ length: board.islandCount }, () => ({ size: 0, fits: false }));
  for (let c = 0; c < board.size; c++) out[board.island[c]!]!.size++;
  for (let id = 0; id < board.size * 3; id++) {
    if (board.lineCells[id * 4]! >= 0) out[board.island[board.lineCells[id * 4]!]!]!.fits = true;
  }
  return out;
}

describe('shipped maps', () => {
  for (const id of MAP_IDS) {
    it(`${id}: about 200 land cells, at most 26 columns, every island holds an army`, () => {
      const board = boardFor({ map: id, customRows: null });
      expect(board.size).toBeGreaterThanOrEqual(180);
      expect(board.size).toBeLessThanOrEqual(230);
      expect(board.columns).toBeLessThanOrEqual(26);
      expect(MAPS[id].rows.every((r) => /^[#.]+$/.test(r) && r.length === MAPS[id].rows[0]!.length)).toBe(true);
      // No stray land: the first and last rows and columns all carry some.
      const rows = MAPS[id].rows;
      expect(rows[0]).toContain('#');
      expect(rows[rows.length - 1]).toContain('#');
      expect(rows.some((r) => r[0] === '#')).toBe(true);
      expect(rows.some((r) => r[r.length - 1] === '#')).toBe(true);
      for (const island of islands(board)) expect(island).toEqual({ size: island.size, fits: true });
    });
  }

  it('has the islands that belong to each continent', () => {
    const count = (id: (typeof MAP_IDS)[number]) => boardFor({ map: id, customRows: null }).islandCount;
    expect(count('africa')).toBe(2); // Madagascar
    expect(count('australia')).toBe(2); // Tasmania
    expect(count('europe')).toBeGreaterThanOrEqual(4); // Iceland, Britain, Ireland, Sicily
    expect(count('asia')).toBeGreaterThanOrEqual(4); // Japan, Sri Lanka, Taiwan and the Philippines
    expect(count('north-america')).toBeGreaterThanOrEqual(5); // Greenland, Cuba, Newfoundland, Arctic islands
    expect(count('south-america')).toBe(3); // Tierra del Fuego, the Falklands
    expect(count('hex')).toBe(1);
  });

  it('picks the map from the seed when it is random, and reaches every map', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 80 && seen.size < MAP_IDS.length; i++) {
      const s = game.setup(`map-${i}`, HUMANS, game.defaultOptions);
      expect(game.setup(`map-${i}`, HUMANS, game.defaultOptions)).toEqual(s);
      seen.add(s.map);
    }
    expect([...seen].sort()).toEqual([...MAP_IDS].sort());
  });
});
