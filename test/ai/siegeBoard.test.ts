import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/engine/rng.js';
import { SiegeBoard, topologyOf, type SiegeView, type ViewCell } from '../../src/ai/heuristics/siege-master/board.js';

/** A hexagon of radius 7 (169 cells) with fortresses spread by a seed: the AI's board alone. */
function hexView(seed: string, fortresses = 15): SiegeView {
  const rng = Rng.fromSeed(seed);
  const cells: ViewCell[] = [];
  for (let r = -7; r <= 7; r++) {
    for (let q = -7; q <= 7; q++) {
      if (Math.abs(q + r) <= 7) cells.push({ label: `${q},${r}`, q, r, army: null, fortress: null });
    }
  }
  for (const c of rng.shuffle(cells).slice(0, fortresses)) c.fortress = { owner: null };
  return { cells, captured: [0, 0], armiesLeft: [20, 20], fortressesTotal: fortresses, lastArmy: null, mustPlayAdjacent: false };
}

describe('Siege Master board model', () => {
  it('orders the twelve cells around a line so that neighbours in the ring touch', () => {
    const topo = topologyOf(hexView('ring').cells);
    const coords = hexView('ring').cells.map((c) => [c.q, c.r] as const);
    const touching = (a: number, b: number) => {
      const [dq, dr] = [coords[a]![0] - coords[b]![0], coords[a]![1] - coords[b]![1]];
      return Math.max(Math.abs(dq), Math.abs(dr), Math.abs(dq + dr)) === 1;
    };
    let checked = 0;
    for (let l = 0; l < topo.lineCount; l++) {
      const ring = Array.from(topo.rings.subarray(l * 12, l * 12 + 12));
      if (ring.some((c) => c < 0)) continue;
      ring.forEach((c, k) => expect(touching(c, ring[(k + 1) % 12]!)).toBe(true));
      checked++;
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('predicts every capture exactly as a full recount of the regions does', () => {
    for (let g = 0; g < 12; g++) {
      const rng = Rng.fromSeed(`cap-${g}`);
      let board = SiegeBoard.fromView(hexView(`map-${g}`), 0);
      let captures = 0;
      while (board.fitCount > 0 && board.armiesLeft[board.toMove]! > 0) {
        const lines = board.allowedLines();
        for (const l of lines) {
          const after = board.place(l);
          expect(board.captureOf(l)).toBe(after.captured[board.toMove]! - board.captured[board.toMove]!);
        }
        const best = board.bestCapture(lines);
        const line = best.gain > 0 && rng.next() < 0.5 ? best.line : rng.pick(lines);
        captures += board.captureOf(line);
        board = board.place(line);
      }
      expect(board.captured[0]! + board.captured[1]!).toBe(captures);
    }
  });
});
