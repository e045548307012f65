import { describe, expect, it } from 'vitest';
import { Rng } from '../../../src/engine/index.js';
import game, {
  allRegions,
  boardFor,
  boardText,
  MAP_IDS,
  playMoves,
  positionFromAscii,
  readOccupancy,
  type SiegeMasterState,
  type SiegeMasterView,
} from '../../../src/games/siege-master/index.js';

const view = (s: SiegeMasterState) => game.view(s) as SiegeMasterView;
const owner = (s: SiegeMasterState, label: string) => view(s).cells.find((c) => c.label === label)!.fortress;

describe('siege detection', () => {
  it('captures a fortress with no empty cell left around it', () => {
    const s = positionFromAscii({
      rows: ['# # # # # # # #', ' # # # # # # # #', '# # # o # # # #', ' # # # # # # # #', '# # # # # # # #', ' # # # # # # # #', 'o # # # # # o #'],
      armies: [
        { seat: 0, at: 'A2 E' },
        { seat: 1, at: 'E3 E' },
        { seat: 0, at: 'C3 SW' },
      ],
      lastCaptured: ['G7'],
    });
    const after = playMoves(s, ['C4 E']);
    expect(view(after).lastArmy).toEqual({ seat: 1, cells: ['C4', 'D4', 'E4', 'F4'], captured: ['D3'] });
    expect(owner(after, 'D3')).toEqual({ owner: 1 });
  });

  it('captures two fortresses of one area together', () => {
    const s = positionFromAscii({
      rows: ['o # o # # # # # # #', ' . . . . # # # # # #', '# # # # # # # # # #', ' o # # # o # # # o'],
    });
    const after = playMoves(s, ['E1 E']);
    expect(view(after).lastArmy!.captured).toEqual(['A1', 'C1']);
    expect(view(after).captured).toEqual([2, 0]);
    expect(after.phase).toBe('play');
  });

  it('captures in an area the new army touches along a single edge', () => {
    const s = positionFromAscii({
      rows: ['o # # # # # # #', ' . . # # # # # #', '# # # # # # # #', ' # # # # # # # #', 'o # # o # # # o'],
    });
    const after = playMoves(s, ['C1 SE']);
    expect(view(after).lastArmy).toEqual({ seat: 0, cells: ['C1', 'C2', 'D3', 'D4'], captured: ['A1'] });
  });

  it('joins regions through fortress cells, and a line through a fortress is no room', () => {
    // B1 and C1 | fortress D1 | E1 and F1: one region, whose only row of four crosses the fortress.
    const s = positionFromAscii({
      rows: ['. # # o # # # # # #', ' . . . . . . # # # #', '# # # # # # # # # #', ' o # # # # # # # o', '# # # # # # # # # o'],
    });
    const after = playMoves(s, ['G1 SE']);
    expect(view(after).lastArmy!.captured).toEqual(['D1']);
  });

  it('leaves a fortress already held alone, and an empty siege area captures nothing', () => {
    const s = positionFromAscii({
      rows: ['r # # # # # # #', ' . . # # # # # #', '# # # # # # # #', ' # # # # # # # #', 'o # # o # # # o'],
    });
    const r = game.play(s, 0, { type: 'place', cell: 'C1', dir: 'SE', cells: ['C1', 'C2', 'D3', 'D4'] });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.state.last!.captured).toEqual([]);
    expect(owner(r.value.state, 'A1')).toEqual({ owner: 0 });
    expect(r.value.events.map((e) => e.type)).toEqual(['army']);
  });

  it('does not capture while an army still fits, even in a small enclosed area', () => {
    const s = positionFromAscii({
      rows: ['o # # # # # # # # #', ' . . . . . # # # # #', '# # # # # # # # # #', ' o # # # # # # # o'],
    });
    const after = playMoves(s, ['F1 E']);
    expect(view(after).lastArmy!.captured).toEqual([]);
    expect(owner(after, 'A1')).toEqual({ owner: null });
  });
});

/** Neutral fortresses that sit in regions where no army fits, found by exploring the whole board. */
function neutralInSiegeAreas(s: SiegeMasterState): string[] {
  const occ = readOccupancy(s);
  const fort = new Uint8Array(occ.board.size);
  for (let i = 0; i < occ.board.size; i++) fort[i] = s.forts[i] === 'n' ? 1 : s.forts[i] === '.' ? 0 : 2;
  return allRegions(occ.board, occ.army, fort)
    .filter((r) => !r.fits)
    .flatMap((r) => r.neutralForts)
    .sort((a, b) => a - b)
    .map((c) => occ.board.labels[c]!);
}

describe('incremental siege search', () => {
  it('agrees with a full search of the board after every placement of random games', () => {
    let placements = 0;
    for (const map of MAP_IDS) {
      for (let g = 0; g < 4; g++) {
        const rng = Rng.fromSeed(`inc-${map}-${g}`);
        let s = game.setup(`inc-${map}-${g}`, [{ kind: 'human' }, { kind: 'human' }], { ...game.defaultOptions, map });
        expect(neutralInSiegeAreas(s)).toEqual([]);
        while (s.phase === 'play') {
          const moves = game.legalMoves(s, s.toMove);
          const move = rng.pick(moves);
          const before = s;
          const r = game.play(s, s.toMove, move);
          if (!r.ok) throw new Error(r.error.message);
          s = r.value.state;
          if (move.type !== 'place') continue;
          placements++;
          // The army alone on the old position: what a full search would capture.
          const armyOnly = { ...before, armies: s.armies };
          expect(s.last!.captured, boardText(s)).toEqual(neutralInSiegeAreas(armyOnly));
          expect(neutralInSiegeAreas(s)).toEqual([]);
        }
      }
    }
    expect(placements).toBeGreaterThan(500);
  });

  it('never leaves a fortress of the seeded setup in a region without room', () => {
    for (const map of MAP_IDS) {
      for (const fortressCount of [5, 15, 25]) {
        const s = game.setup(`room-${map}-${fortressCount}`, [], { map, fortresses: 'random', fortressCount });
        const board = boardFor(s);
        expect(s.fortressCount).toBe(fortressCount);
        expect(neutralInSiegeAreas(s)).toEqual([]);
        expect(board.size).toBe(s.forts.length);
      }
    }
  });
});
