// A compact Siege Master board for the AI: typed arrays built from the game's view, and the
// region arithmetic a player does in their head: which placements fit, which regions they
// split, and how many fortresses a placement seals. Far cheaper than asking the engine for
// every candidate, and checked against the engine in the tests.
import type { Seat } from '../../../engine/contract.js';
import { endsKey, RING as RING_CELLS, topologyOf, type SiegeView, type Topology } from './topology.js';

export { topologyOf, type SiegeView, type Topology, type ViewCell } from './topology.js';

/** Cells around a line, held here for the region loops: under the test runner (vitest) an imported binding is a getter. */
const RING = RING_CELLS;

/** The pieces a placement leaves of its region: how many can still grow, and the closed ones. */
type Pieces = { open: number; closed: { neutral: number; lines: number }[] };

/** The region bookkeeping of a board, handed on when a placement leaves the regions whole. */
type Regions = { region: Int32Array; regionNeutral: number[]; regionLines: number[]; fits: Uint8Array; fitCount: number };

/** A position: who holds what, the regions, and whose move it is. Never mutated once built. */
export class SiegeBoard {
  /** Region id per cell, -1 under an army. */
  readonly region: Int32Array;
  /** Per region: neutral fortresses, and placements that fit. */
  readonly regionNeutral: number[] = [];
  readonly regionLines: number[];
  /** 1 where a line of four empty, fortress-free cells fits. */
  readonly fits: Uint8Array;
  fitCount = 0;
  /** captureOf, remembered per line (-1: not yet known). */
  private captures: Int16Array | null = null;
  /** Whether placing a line cuts its region in pieces (0: not yet known, 1: no, 2: yes). */
  private cuts: Uint8Array | null = null;
  /** The last line's pieces: cutsRegion and captureOf both ask for them, one after the other. */
  private lastPieces: { line: number; pieces: Pieces } | null = null;

  constructor(
    readonly topo: Topology,
    /** Army owner per cell, -1 empty. */
    readonly army: Int8Array,
    /** Fortress per cell: -2 none, -1 neutral, else its owner. */
    readonly fort: Int8Array,
    readonly captured: number[],
    readonly armiesLeft: number[],
    readonly total: number,
    /** The last placed army: its line (-1 when unknown), owner, and whether it captured. */
    public last: { line: number; seat: Seat; captured: boolean } | null,
    readonly toMove: Seat,
    known?: Regions,
  ) {
    if (known) {
      this.region = known.region;
      this.regionNeutral = known.regionNeutral;
      this.regionLines = known.regionLines;
      this.fits = known.fits;
      this.fitCount = known.fitCount;
      return;
    }
    const { n, lineCount, lineCells, nb } = topo;
    this.region = new Int32Array(n).fill(-1);
    this.fits = new Uint8Array(lineCount);
    const stack: number[] = [];
    let regions = 0;
    for (let s = 0; s < n; s++) {
      if (army[s]! >= 0 || this.region[s]! >= 0) continue;
      const id = regions++;
      let neutral = 0;
      this.region[s] = id;
      stack.push(s);
      while (stack.length > 0) {
        const c = stack.pop()!;
        if (fort[c] === -1) neutral++;
        for (let d = 0; d < 6; d++) {
          const m = nb[c * 6 + d]!;
          if (m >= 0 && army[m]! < 0 && this.region[m]! < 0) {
            this.region[m] = id;
            stack.push(m);
          }
        }
      }
      this.regionNeutral.push(neutral);
    }
    this.regionLines = new Array<number>(regions).fill(0);
    for (let l = 0; l < lineCount; l++) {
      let ok = 1;
      for (let k = 0; k < 4; k++) {
        const c = lineCells[l * 4 + k]!;
        if (army[c]! >= 0 || fort[c] !== -2) {
          ok = 0;
          break;
        }
      }
      if (ok) {
        this.fits[l] = 1;
        this.fitCount++;
        this.regionLines[this.region[lineCells[l * 4]!]!]!++;
      }
    }
  }

  static fromView(view: SiegeView, toMove: Seat): SiegeBoard {
    const topo = topologyOf(view.cells);
    const army = new Int8Array(topo.n).fill(-1);
    const fort = new Int8Array(topo.n).fill(-2);
    view.cells.forEach((c, i) => {
      if (c.army) army[i] = c.army.seat;
      if (c.fortress) fort[i] = c.fortress.owner ?? -1;
    });
    let last: SiegeBoard['last'] = null;
    if (view.lastArmy) {
      const idx = view.lastArmy.cells.map((label) => topo.index.get(label) ?? -1);
      const line = idx.length === 4 ? topo.lineByEnds.get(endsKey(idx[0]!, idx[3]!)) ?? -1 : -1;
      last = { line, seat: view.lastArmy.seat, captured: view.lastArmy.captured.length > 0 };
    }
    return new SiegeBoard(topo, army, fort, view.captured.slice(), view.armiesLeft.slice(), view.fortressesTotal, last, toMove);
  }

  /** Fortresses needed to win at once. */
  get majority(): number {
    return Math.floor(this.total / 2) + 1;
  }

  lineOfCells(labels: readonly string[]): number {
    if (labels.length !== 4) return -1;
    const a = this.topo.index.get(labels[0]!);
    const b = this.topo.index.get(labels[3]!);
    return a === undefined || b === undefined ? -1 : this.topo.lineByEnds.get(endsKey(a, b)) ?? -1;
  }

  /** Placements open to the side to move, forced adjacency included. */
  allowedLines(): number[] {
    if (this.last && this.last.line >= 0 && !this.last.captured && this.last.seat !== this.toMove) {
      const near: number[] = [];
      for (const l of this.topo.adjacent[this.last.line]!) if (this.fits[l]) near.push(l);
      if (near.length > 0) return near;
    }
    return this.fittingLines();
  }

  fittingLines(): number[] {
    const out: number[] = [];
    for (let l = 0; l < this.topo.lineCount; l++) if (this.fits[l]) out.push(l);
    return out;
  }

  /** Neutral fortresses a placement on fitting line `l` captures. */
  captureOf(l: number): number {
    this.captures ??= new Int16Array(this.topo.lineCount).fill(-1);
    let gain = this.captures[l]!;
    if (gain < 0) gain = this.captures[l] = this.computeCapture(l);
    return gain;
  }

  private computeCapture(l: number): number {
    const regionId = this.region[this.topo.lineCells[l * 4]!]!;
    const neutral = this.regionNeutral[regionId]!;
    if (neutral === 0) return 0;
    const overlapping = this.overlapping(l);
    if (this.regionLines[regionId]! === overlapping) return neutral; // nothing fits there any more
    if (!this.cutsRegion(l)) return 0;
    const { open, closed } = this.pieces(l);
    let captured = 0;
    let closedNeutral = 0;
    let closedLines = 0;
    for (const piece of closed) {
      if (piece.lines === 0) captured += piece.neutral;
      closedNeutral += piece.neutral;
      closedLines += piece.lines;
    }
    if (open === 1 && this.regionLines[regionId]! - overlapping - closedLines === 0) {
      captured += neutral - closedNeutral;
    }
    return captured;
  }

  /** Fitting lines that share a cell with line `l`, itself included. */
  private overlapping(l: number): number {
    let count = 0;
    for (const m of this.topo.conflicts[l]!) count += this.fits[m]!;
    return count;
  }

  /** Whether placing line `l` cuts its region in two or more pieces. */
  cutsRegion(l: number): boolean {
    this.cuts ??= new Uint8Array(this.topo.lineCount);
    if (this.cuts[l] === 0) {
      // Only when the free cells around the line form separate arcs can they lose touch.
      const { rings } = this.topo;
      let runs = 0;
      let firstFree = false;
      let prevFree = false;
      for (let k = 0; k < RING; k++) {
        const c = rings[l * RING + k]!;
        const free = c >= 0 && this.army[c]! < 0;
        if (k === 0) firstFree = free;
        else if (free && !prevFree) runs++;
        prevFree = free;
      }
      if (firstFree && !prevFree) runs++;
      this.cuts[l] = runs <= 1 || this.pieces(l).closed.length === 0 ? 1 : 2;
    }
    return this.cuts[l] === 2;
  }

  /**
   * The pieces of the region around line `l` once it is placed. Grows the free arcs around the
   * line breadth-first in turns, merging arcs that meet; a piece that stops growing is closed
   * off and counted. Stops when at most one piece is still open, so on an open board this costs
   * only the few steps the arcs take to meet.
   */
  private pieces(l: number): Pieces {
    if (this.lastPieces?.line === l) return this.lastPieces.pieces;
    const pieces = this.computePieces(l);
    this.lastPieces = { line: l, pieces };
    return pieces;
  }

  private computePieces(l: number): Pieces {
    const { lineCells, rings, nb, cellLines } = this.topo;
    const part = scratch(this.topo.n);
    part.fill(-1);
    for (let k = 0; k < 4; k++) part[lineCells[l * 4 + k]!] = -2;
    const queues: number[][] = [];
    for (let k = 0; k < RING; k++) {
      const c = rings[l * RING + k]!;
      const p = rings[l * RING + ((k + RING - 1) % RING)]!;
      const free = c >= 0 && this.army[c]! < 0;
      const prevFree = p >= 0 && this.army[p]! < 0;
      if (free && !prevFree) {
        part[c] = queues.length;
        queues.push([c]);
      }
    }
    const arcs = queues.length;
    const parent = queues.map((_, i) => i);
    const find = (i: number): number => {
      while (parent[i] !== i) i = parent[i] = parent[parent[i]!]!;
      return i;
    };
    const heads = new Array<number>(arcs).fill(0);
    const isClosed = new Array<boolean>(arcs).fill(false);
    let open = arcs;
    while (open > 1) {
      // An arc's queue grows only while it takes a step itself, so an arc that runs out stays out:
      // a group can only close in a turn in which one of its arcs ran out.
      let ranOut = false;
      for (let i = 0; i < arcs; i++) {
        if (isClosed[find(i)] || heads[i]! >= queues[i]!.length) continue;
        const c = queues[i]![heads[i]!++]!;
        for (let d = 0; d < 6; d++) {
          const m = nb[c * 6 + d]!;
          if (m < 0 || this.army[m]! >= 0) continue;
          const p = part[m]!;
          if (p === -1) {
            part[m] = i;
            queues[i]!.push(m);
          } else if (p >= 0) {
            const a = find(p);
            const b = find(i);
            if (a !== b) {
              parent[a] = b;
              open--;
            }
          }
        }
        if (heads[i]! >= queues[i]!.length) ranOut = true;
      }
      if (!ranOut) continue;
      // A group none of whose arcs can grow is a closed piece.
      for (let i = 0; i < arcs; i++) {
        const root = find(i);
        if (root !== i || isClosed[root]) continue;
        let growing = false;
        for (let j = 0; j < arcs && !growing; j++) if (find(j) === root && heads[j]! < queues[j]!.length) growing = true;
        if (!growing) {
          isClosed[root] = true;
          open--;
        }
      }
    }
    const closed: { neutral: number; lines: number }[] = [];
    for (let root = 0; root < arcs; root++) {
      if (find(root) !== root || !isClosed[root]) continue;
      let neutral = 0;
      let lines = 0;
      for (let i = 0; i < arcs; i++) {
        if (find(i) !== root) continue;
        for (const c of queues[i]!) {
          if (this.fort[c] === -1) neutral++;
          for (const m of cellLines[c]!) {
            if (!this.fits[m] || lineCells[m * 4] !== c) continue;
            let clear = true;
            for (let k = 1; k < 4; k++) if (part[lineCells[m * 4 + k]!] === -2) clear = false;
            if (clear) lines++;
          }
        }
      }
      closed.push({ neutral, lines });
    }
    return { open, closed };
  }

  /** The largest capture among `lines` (default: those open to the side to move), and where. */
  bestCapture(lines: number[] = this.allowedLines()): { gain: number; line: number } {
    let gain = 0;
    let line = -1;
    for (const l of lines) {
      const g = this.captureOf(l);
      if (g > gain) {
        gain = g;
        line = l;
      }
    }
    return { gain, line };
  }

  /** The position after the side to move places line `l`. */
  place(l: number): SiegeBoard {
    const seat = this.toMove;
    const { lineCells, conflicts } = this.topo;
    const army = this.army.slice();
    for (let k = 0; k < 4; k++) army[lineCells[l * 4 + k]!] = seat;
    const captured = this.captured.slice();
    const armiesLeft = this.armiesLeft.slice();
    armiesLeft[seat] = armiesLeft[seat]! - 1;
    if (this.captureOf(l) === 0 && !this.cutsRegion(l)) {
      // The region only loses the line's cells and the placements through them.
      const region = this.region.slice();
      for (let k = 0; k < 4; k++) region[lineCells[l * 4 + k]!] = -1;
      const fits = this.fits.slice();
      for (const m of conflicts[l]!) fits[m] = 0;
      const regionLines = this.regionLines.slice();
      const overlapping = this.overlapping(l);
      regionLines[this.region[lineCells[l * 4]!]!]! -= overlapping;
      return new SiegeBoard(this.topo, army, this.fort, captured, armiesLeft, this.total, { line: l, seat, captured: false }, 1 - seat, {
        region, regionNeutral: this.regionNeutral, regionLines, fits, fitCount: this.fitCount - overlapping,
      });
    }
    const fort = this.fort.slice();
    const next = new SiegeBoard(this.topo, army, fort, captured, armiesLeft, this.total, null, 1 - seat);
    let gained = 0;
    for (let c = 0; c < this.topo.n; c++) {
      if (fort[c] === -1 && next.regionLines[next.region[c]!] === 0) {
        fort[c] = seat;
        gained++;
      }
    }
    // Fortress ownership changes neither regions nor fits: the board built above stays valid.
    captured[seat] = captured[seat]! + gained;
    for (let c = 0; c < this.topo.n; c++) if (fort[c] === seat && this.fort[c] === -1) next.regionNeutral[next.region[c]!]!--;
    next.last = { line: l, seat, captured: gained > 0 };
    return next;
  }

  /** Blue takes over Red's first army (and its captures); Red moves next. */
  swapped(): SiegeBoard {
    const army = this.army.map((s) => (s >= 0 ? 1 - s : s)) as Int8Array;
    const fort = this.fort.map((o) => (o >= 0 ? 1 - o : o)) as Int8Array;
    const last = this.last ? { ...this.last, seat: 1 - this.last.seat } : null;
    return new SiegeBoard(
      this.topo, army, fort, [this.captured[1]!, this.captured[0]!], [this.armiesLeft[1]!, this.armiesLeft[0]!],
      this.total, last, 0,
    );
  }
}

let scratchBuffer = new Int32Array(0);
function scratch(n: number): Int32Array {
  if (scratchBuffer.length < n) scratchBuffer = new Int32Array(n);
  return scratchBuffer.subarray(0, n);
}
