// A small Siege Master on a hexagon, built on the AI's own board model, for tuning and testing
// the AI without the full engine. Rules as shared/games/siege-master.md (random fortresses).
import type { GameDefinition, Seat } from '../../src/engine/contract.js';
import { err, ok } from '../../src/engine/result.js';
import { Rng } from '../../src/engine/rng.js';
import { SiegeBoard, topologyOf, type SiegeView, type ViewCell } from '../../src/ai/heuristics/siege-master/board.js';

export type MiniState = {
  cells: ViewCell[];
  captured: number[];
  armiesLeft: number[];
  fortressesTotal: number;
  lastArmy: null | { seat: number; cells: string[]; captured: string[] };
  toMove: Seat;
  moves: number;
};
export type MiniMove = { type: 'place'; cell: string; dir: string; cells: string[] } | { type: 'swap' };

const DIR_NAMES = ['E', 'SE', 'SW'];

function hexCells(radius: number): ViewCell[] {
  const cells: ViewCell[] = [];
  for (let r = -radius; r <= radius; r++) {
    for (let q = -radius; q <= radius; q++) {
      if (Math.abs(q + r) <= radius) cells.push({ label: `c${q}_${r}`, q, r, army: null, fortress: null });
    }
  }
  return cells;
}

function boardOf(s: MiniState): SiegeBoard {
  return SiegeBoard.fromView(miniSiege.view(s) as SiegeView, s.toMove);
}

function toMove(board: SiegeBoard, all: ViewCell[], line: number): MiniMove {
  const { lineCells, labels } = board.topo;
  const cells = [0, 1, 2, 3].map((k) => labels[lineCells[line * 4 + k]!]!);
  const [a, b] = [all[lineCells[line * 4]!]!, all[lineCells[line * 4 + 1]!]!];
  const dir = DIR_NAMES[b.r === a.r ? 0 : b.q === a.q ? 1 : 2]!;
  return { type: 'place', cell: cells[0]!, dir, cells };
}

export const miniSiege: GameDefinition<MiniState, MiniMove, { radius: number; fortresses: number }> = {
  id: 'toy-siege',
  title: 'Mini Siege',
  seats: { min: 2, max: 2 },
  defaultOptions: { radius: 6, fortresses: 11 },
  parseOptions: (raw) => ok({ radius: Number(raw.radius ?? 6), fortresses: Number(raw.fortresses ?? 11) }),
  setup(seed, _seats, options) {
    const rng = Rng.fromSeed(seed);
    const cells = hexCells(options.radius);
    const topo = topologyOf(cells);
    // Fortresses at least 3 apart, each with room for an army around it.
    const placed: ViewCell[] = [];
    for (const c of rng.shuffle(cells)) {
      if (placed.length >= options.fortresses) break;
      const far = placed.every((p) => Math.max(Math.abs(p.q - c.q), Math.abs(p.r - c.r), Math.abs(p.q + p.r - c.q - c.r)) >= 3);
      if (far && topo.cellLines[topo.index.get(c.label)!]!.length > 0) placed.push(c);
    }
    const chosen = new Set(placed.map((c) => c.label));
    return {
      cells: cells.map((c) => ({ ...c, fortress: chosen.has(c.label) ? { owner: null } : null })),
      captured: [0, 0], armiesLeft: [20, 20], fortressesTotal: placed.length, lastArmy: null, toMove: 0, moves: 0,
    };
  },
  toAct: (s) => (miniSiege.outcome(s) ? [] : [s.toMove]),
  legalMoves(s, seat) {
    if (miniSiege.outcome(s) || seat !== s.toMove) return [];
    const board = boardOf(s);
    const moves = board.allowedLines().map((l) => toMove(board, s.cells, l));
    return s.moves === 1 ? [...moves, { type: 'swap' }] : moves;
  },
  play(s, seat, move) {
    const legal = miniSiege.legalMoves(s, seat);
    const key = JSON.stringify(move);
    if (!legal.some((m) => JSON.stringify(m) === key)) return err('illegal', 'Not a legal move.');
    if (move.type === 'swap') {
      const cells = s.cells.map((c) => ({
        ...c,
        army: c.army ? { seat: 1 - c.army.seat } : null,
        fortress: c.fortress && c.fortress.owner !== null ? { owner: 1 - c.fortress.owner } : c.fortress,
      }));
      return ok({
        state: {
          ...s, cells, captured: [s.captured[1]!, s.captured[0]!], armiesLeft: [s.armiesLeft[1]!, s.armiesLeft[0]!],
          lastArmy: s.lastArmy && { ...s.lastArmy, seat: 1 }, toMove: 0, moves: s.moves + 1,
        },
        events: [],
      });
    }
    const board = boardOf(s);
    const line = board.lineOfCells(move.cells);
    const after = board.place(line);
    const cells = s.cells.map((c, i) => ({
      ...c,
      army: after.army[i]! >= 0 ? { seat: after.army[i]! } : null,
      fortress: after.fort[i]! === -2 ? null : { owner: after.fort[i]! === -1 ? null : after.fort[i]! },
    }));
    const newly = s.cells.filter((c, i) => c.fortress?.owner === null && after.fort[i]! >= 0).map((c) => c.label);
    return ok({
      state: {
        ...s, cells, captured: after.captured, armiesLeft: after.armiesLeft,
        lastArmy: { seat, cells: move.cells, captured: newly }, toMove: 1 - seat, moves: s.moves + 1,
      },
      events: [],
    });
  },
  outcome(s) {
    const majority = Math.floor(s.fortressesTotal / 2) + 1;
    const winner = s.captured.findIndex((c) => c >= majority);
    if (winner >= 0) return { winners: [winner], draw: false, reason: 'majority', scores: s.captured };
    const board = SiegeBoard.fromView(miniSiege.view(s) as SiegeView, s.toMove);
    if (s.armiesLeft[s.toMove] === 0 || board.fitCount === 0) {
      const [a, b] = s.captured as [number, number];
      if (a === b) return { winners: [], draw: true, reason: 'no moves', scores: s.captured };
      return { winners: [a > b ? 0 : 1], draw: false, reason: 'no moves', scores: s.captured };
    }
    return null;
  },
  formatMove: (_s, _seat, m) => (m.type === 'swap' ? 'swap' : `${m.cell} ${m.dir}`),
  parseMove: () => err('unsupported', 'Mini Siege takes moves as JSON only.'),
  view(s) {
    const board = new SiegeBoard(
      topologyOf(s.cells),
      Int8Array.from(s.cells.map((c) => (c.army ? c.army.seat : -1))),
      Int8Array.from(s.cells.map((c) => (c.fortress ? c.fortress.owner ?? -1 : -2))),
      s.captured, s.armiesLeft, s.fortressesTotal, null, s.toMove,
    );
    const lastLine = s.lastArmy ? board.lineOfCells(s.lastArmy.cells) : -1;
    const mustPlayAdjacent = !!s.lastArmy && s.lastArmy.captured.length === 0 &&
      board.topo.adjacent[lastLine]!.some((l) => board.fits[l] === 1);
    return {
      cells: s.cells, captured: s.captured, armiesLeft: s.armiesLeft, fortressesTotal: s.fortressesTotal,
      lastArmy: s.lastArmy, mustPlayAdjacent,
    };
  },
};
