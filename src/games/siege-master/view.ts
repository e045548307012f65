// What the renderer and the tests see. Nothing in Siege Master is hidden, so every seat sees the same.
import type { Outcome, Seat } from '../../engine/index.js';
import { boardFor, lineOf, type Board } from './board.js';
import { MAPS } from './maps.js';
import { canSwap, capturedCounts, placementChoice } from './rules.js';
import { armyOf, CUSTOM_MAP, NEUTRAL, NO_FORT, SEAT_NAMES, type LastArmy, type Phase, type SiegeMasterState } from './types.js';

export type CellView = {
  label: string;
  q: number;
  r: number;
  army: null | { seat: Seat; index: number };
  fortress: null | { owner: null | Seat };
};

export type SiegeMasterView = {
  map: string;
  mapName: string;
  columns: number;
  rows: number;
  seatNames: string[];
  phase: Phase;
  toAct: Seat[];
  moveNumber: number;
  cells: CellView[];
  armies: { seat: Seat; index: number; cells: string[] }[];
  armiesLeft: number[];
  captured: number[];
  fortressesTotal: number;
  lastArmy: LastArmy | null;
  mustPlayAdjacent: boolean;
  hintCells: string[];
  canSwap: boolean;
  outcome: Outcome | null;
};

function cellView(state: SiegeMasterState, board: Board, i: number): CellView {
  const f = state.forts[i];
  return {
    label: board.labels[i]!,
    q: board.q[i]!,
    r: board.r[i]!,
    army: armyOf(state.armies[i]!),
    fortress: f === NO_FORT ? null : { owner: f === NEUTRAL ? null : f === '0' ? 0 : 1 },
  };
}

/** Each placed army with its cells in line order (the reading order of its cells). */
function armyList(state: SiegeMasterState, board: Board): SiegeMasterView['armies'] {
  const byChar = new Map<string, { seat: Seat; index: number; cells: string[] }>();
  for (let i = 0; i < board.size; i++) {
    const ch = state.armies[i]!;
    const a = armyOf(ch);
    if (!a) continue;
    const entry = byChar.get(ch) ?? { ...a, cells: [] };
    entry.cells.push(board.labels[i]!);
    byChar.set(ch, entry);
  }
  return [...byChar.values()].sort((x, y) => x.seat - y.seat || x.index - y.index);
}

export function view(state: SiegeMasterState, _seat?: Seat): SiegeMasterView {
  const board = boardFor(state);
  const playing = state.phase === 'play';
  const choice = playing ? placementChoice(state) : null;
  const hint = new Set<number>();
  if (choice?.forced) for (const id of choice.lines) for (const c of lineOf(board, id)!) hint.add(c);
  return {
    map: state.map,
    mapName: state.map === CUSTOM_MAP ? board.name : MAPS[state.map].name,
    columns: board.columns,
    rows: board.rows,
    seatNames: [...SEAT_NAMES],
    phase: state.phase,
    toAct: state.phase === 'over' ? [] : [state.toMove],
    moveNumber: state.moveNumber,
    cells: Array.from({ length: board.size }, (_, i) => cellView(state, board, i)),
    armies: armyList(state, board),
    armiesLeft: [...state.armiesLeft],
    captured: capturedCounts(state),
    fortressesTotal: state.fortressCount,
    lastArmy: state.last ? { seat: state.last.seat, cells: [...state.last.cells], captured: [...state.last.captured] } : null,
    mustPlayAdjacent: choice?.forced ?? false,
    hintCells: [...hint].sort((a, b) => a - b).map((c) => board.labels[c]!),
    canSwap: canSwap(state),
    outcome: state.outcome ? structuredClone(state.outcome) : null,
  };
}
