// Legal-move counts on fixed positions, like chess perft. Each position is a seed, options and a
// move list; its counts are pinned in fixtures/perft.json and recomputed twice here: by the game,
// and by an independent brute-force counter that reads only the view.
// Regenerate the fixture with UPDATE_PERFT=1 (only when the rules themselves change).
import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Rng } from '../../../src/engine/index.js';
import game, { playMoves, type SiegeMasterState, type SiegeMasterView } from '../../../src/games/siege-master/index.js';
import fixture from './fixtures/perft.json' with { type: 'json' };

type PerftCase = {
  name: string;
  map: string;
  seed: string;
  fortresses: 'random' | 'draft';
  fortressCount: number;
  moves: string[];
  counts: number[];
};

const HUMANS = [{ kind: 'human' as const }, { kind: 'human' as const }];
const DIRS = [
  [1, 0],
  [0, 1],
  [-1, 1],
  [-1, 0],
  [0, -1],
  [1, -1],
] as const;

type Cell = SiegeMasterView['cells'][number];

/** Legal moves counted from the view alone: every 4-in-a-row of empty cells, then the rules on top. */
function bruteForceCount(s: SiegeMasterState): number {
  const v = game.view(s) as SiegeMasterView;
  if (v.phase === 'over') return 0;
  const at = new Map<string, Cell>(v.cells.map((c) => [`${c.q},${c.r}`, c]));
  const near = (c: Cell) => DIRS.map(([dq, dr]) => at.get(`${c.q + dq},${c.r + dr}`)).filter((n): n is Cell => !!n);
  if (v.phase === 'draft') return bruteForceForts(v, at, near);
  const lines = new Map<string, string[]>();
  for (const c of v.cells) {
    // The first three directions: the other three are their opposites, and give the same lines
    // read from the other end.
    for (const [dq, dr] of DIRS.slice(0, 3)) {
      const cells = [0, 1, 2, 3].map((k) => at.get(`${c.q + dq * k},${c.r + dr * k}`));
      if (cells.some((x) => !x || x.army || x.fortress)) continue;
      const labels = cells.map((x) => x!.label);
      lines.set([...labels].sort().join(' '), labels);
    }
  }
  let count = lines.size;
  const mover = v.toAct[0];
  const last = v.lastArmy;
  if (last && last.seat !== mover && last.captured.length === 0) {
    const beside = new Set(last.cells.flatMap((l) => near(v.cells.find((c) => c.label === l)!).map((n) => n.label)));
    const touching = [...lines.values()].filter((l) => l.some((c) => beside.has(c))).length;
    if (touching > 0) count = touching;
  }
  const swap = mover === 1 && v.armiesLeft[0] === 19 && v.armiesLeft[1] === 20 && last?.seat === 0;
  return count + (swap ? 1 : 0);
}

function bruteForceForts(v: SiegeMasterView, at: Map<string, Cell>, near: (c: Cell) => Cell[]): number {
  const forts = v.cells.filter((c) => c.fortress);
  const dist = (a: Cell, b: Cell) => Math.max(Math.abs(a.q - b.q), Math.abs(a.r - b.r), Math.abs(a.q + a.r - b.q - b.r));
  const islandOf = new Map<string, number>();
  v.cells.forEach((start, id) => {
    if (islandOf.has(start.label)) return;
    const stack = [start];
    islandOf.set(start.label, id);
    while (stack.length) {
      for (const n of near(stack.pop()!)) {
        if (!islandOf.has(n.label)) {
          islandOf.set(n.label, id);
          stack.push(n);
        }
      }
    }
  });
  // Fortress-free lines of each island: a new fortress must leave at least one of them whole.
  const freeLines = new Map<number, string[][]>();
  for (const c of v.cells) {
    for (const [dq, dr] of DIRS) {
      const cells = [0, 1, 2, 3].map((k) => at.get(`${c.q + dq * k},${c.r + dr * k}`));
      if (cells.some((x) => !x || x.fortress)) continue;
      const id = islandOf.get(c.label)!;
      freeLines.set(id, [...(freeLines.get(id) ?? []), cells.map((x) => x!.label)]);
    }
  }
  const roomy = v.cells.filter((c) => !c.fortress && (freeLines.get(islandOf.get(c.label)!) ?? []).some((l) => !l.includes(c.label)));
  const closest = (c: Cell) => Math.min(Infinity, ...forts.map((f) => dist(c, f)));
  const far = roomy.filter((c) => closest(c) >= 3).length;
  if (far > 0 || roomy.length === 0) return far;
  const best = Math.max(...roomy.map(closest));
  return roomy.filter((c) => closest(c) === best).length;
}

/** Positions at each depth: [1 ply, 2 plies, …], counted with `count` at the leaves. */
function perft(s: SiegeMasterState, depth: number, count: (s: SiegeMasterState) => number): number {
  if (depth === 1) return count(s);
  let total = 0;
  for (const seat of game.toAct(s)) {
    for (const m of game.legalMoves(s, seat)) {
      const r = game.play(s, seat, m);
      if (!r.ok) throw new Error(r.error.message);
      total += perft(r.value.state, depth - 1, count);
    }
  }
  return total;
}

const gameCount = (s: SiegeMasterState) => game.toAct(s).reduce((n, seat) => n + game.legalMoves(s, seat).length, 0);

function position(c: Pick<PerftCase, 'map' | 'seed' | 'fortresses' | 'fortressCount' | 'moves'>): SiegeMasterState {
  const start = game.setup(c.seed, HUMANS, { map: c.map as never, fortresses: c.fortresses, fortressCount: c.fortressCount });
  return playMoves(start, c.moves);
}

/** A move list of `plies` random legal moves, as notation. */
function randomLine(start: SiegeMasterState, plies: number, seed: string): string[] {
  const rng = Rng.fromSeed(seed);
  const moves: string[] = [];
  let s = start;
  while (moves.length < plies && s.phase !== 'over') {
    const seat = s.toMove;
    const m = rng.pick(game.legalMoves(s, seat));
    moves.push(game.formatMove(s, seat, m));
    const r = game.play(s, seat, m);
    if (!r.ok) throw new Error(r.error.message);
    s = r.value.state;
  }
  // A finished game counts nothing: stop a few moves before the end instead.
  return s.phase === 'over' ? moves.slice(0, Math.max(0, moves.length - 3)) : moves;
}

function generate(): PerftCase[] {
  const specs: Omit<PerftCase, 'moves' | 'counts'>[] = [];
  const plan: { spec: Omit<PerftCase, 'moves' | 'counts'>; plies: number; depth: number }[] = [];
  const maps = ['africa', 'australia', 'asia', 'europe', 'north-america', 'south-america', 'hex'];
  for (const map of maps) {
    const spec = { name: '', map, seed: `perft-${map}`, fortresses: 'random' as const, fortressCount: 15 };
    specs.push(spec);
    plan.push({ spec: { ...spec, name: `${map} opening` }, plies: 0, depth: map === 'hex' || map === 'africa' ? 2 : 1 });
    plan.push({ spec: { ...spec, name: `${map} Blue's first turn` }, plies: 1, depth: 2 });
    plan.push({ spec: { ...spec, name: `${map} after 12 moves` }, plies: 12, depth: 2 });
    plan.push({ spec: { ...spec, name: `${map} late in play` }, plies: 26, depth: 2 });
  }
  const draft = { name: 'hex draft', map: 'hex', seed: 'perft-draft', fortresses: 'draft' as const, fortressCount: 7 };
  plan.push({ spec: { ...draft, name: 'hex draft after 3 fortresses' }, plies: 3, depth: 2 });
  plan.push({ spec: { ...draft, name: 'hex draft, last fortress' }, plies: 6, depth: 2 });
  const out: PerftCase[] = [];
  for (const { spec, plies, depth } of plan) {
    const start = position({ ...spec, moves: [] });
    const moves = randomLine(start, plies, `${spec.name}-line`);
    const s = playMoves(start, moves);
    const counts = Array.from({ length: depth }, (_, d) => perft(s, d + 1, bruteForceCount));
    out.push({ ...spec, moves, counts });
  }
  // A forced reply with no placement beside the last army: the mover is free again.
  for (let g = 0; g < 200; g++) {
    const start = position({ map: 'europe', seed: `stuck-${g}`, fortresses: 'random', fortressCount: 15, moves: [] });
    const moves = randomLine(start, 40, `stuck-${g}`);
    for (let k = 1; k < moves.length; k++) {
      const s = playMoves(start, moves.slice(0, k));
      const v = game.view(s) as SiegeMasterView;
      if (s.phase === 'play' && s.last && s.last.captured.length === 0 && !v.mustPlayAdjacent) {
        out.push({
          name: 'europe, no placement beside the last army',
          map: 'europe',
          seed: `stuck-${g}`,
          fortresses: 'random',
          fortressCount: 15,
          moves: moves.slice(0, k),
          counts: [1, 2].map((d) => perft(s, d, bruteForceCount)),
        });
        return out;
      }
    }
  }
  return out;
}

describe('perft', () => {
  if (process.env.UPDATE_PERFT) {
    it('regenerates the fixture', () => {
      const cases = generate();
      writeFileSync(new URL('./fixtures/perft.json', import.meta.url), `${JSON.stringify(cases, null, 1)}\n`);
    });
    return;
  }

  for (const c of fixture as PerftCase[]) {
    it(`${c.name}: ${c.counts.join(', ')}`, () => {
      const s = position(c);
      c.counts.forEach((expected, d) => {
        expect(perft(s, d + 1, gameCount), `game, depth ${d + 1}`).toBe(expected);
        expect(perft(s, d + 1, bruteForceCount), `brute force, depth ${d + 1}`).toBe(expected);
      });
    });
  }

  it('covers openings, the swap, the middle and end of play, the draft and a free forced reply', () => {
    const names = (fixture as PerftCase[]).map((c) => c.name).join('\n');
    for (const word of ['opening', "Blue's first turn", 'late in play', 'draft', 'no placement beside']) expect(names).toContain(word);
  });
});
