// Dice Realms board render timings: SVG build plus rasterize and PNG encode, over sample positions
// reached by seeded random play (opening, mid-game, waiting for a defender, finished).
// Run by hand: `npx tsx bench/render-dice-realms.ts [runs]`. Targets: ≤ 80 ms, PNG ≤ 700 KB.
import { pathToFileURL } from 'node:url';
import { Rng } from '../src/engine/index.js';
import game, { type DiceRealmsMove, type DiceRealmsState } from '../src/games/dice-realms/index.js';
import { renderDiceRealmsBoard, type DiceRealmsView } from '../src/render/dice-realms/board.js';
import { pngSize, svgToPng } from '../src/render/rasterize.js';

export type SampleView = { name: string; state: DiceRealmsState; view: DiceRealmsView };

const SEATS = [{ kind: 'human' as const }, { kind: 'human' as const }];

/** A playout that attacks more often than uniform play, so that realms get ruined in time. */
function pickMove(rng: Rng, moves: DiceRealmsMove[]): DiceRealmsMove | undefined {
  const attacks = moves.filter((m) => m.type === 'attack');
  if (attacks.length > 0 && rng.next() < 0.7) return attacks[rng.int(attacks.length)];
  return moves[rng.int(moves.length)];
}

/** Plays seeded moves from the opening until `stop` holds; null when the game ends first. */
export function playUntil(
  seed: string,
  stop: (s: DiceRealmsState) => boolean,
  variant: 'classic' | 'fast' = 'classic',
): DiceRealmsState | null {
  let s = game.setup(seed, SEATS, { ...game.defaultOptions, variant });
  const rng = Rng.fromSeed(`moves-${seed}`);
  for (let i = 0; i < 4000; i++) {
    if (stop(s)) return s;
    const seat = game.toAct(s)[0];
    if (seat === undefined) return null;
    const move = pickMove(rng, game.legalMoves(s, seat));
    if (!move) return null;
    const res = game.play(s, seat, move);
    if (!res.ok) throw new Error(`the engine refused its own legal move: ${res.error.message}`);
    s = res.value.state;
  }
  return null;
}

/** The first seed of `seeds` whose playout reaches a state where `stop` holds. */
function firstReached(seeds: string[], stop: (s: DiceRealmsState) => boolean, variant: 'classic' | 'fast' = 'classic'): DiceRealmsState {
  for (const seed of seeds) {
    const s = playUntil(seed, stop, variant);
    if (s) return s;
  }
  throw new Error('no sample seed reached the position');
}

const ruined = (s: DiceRealmsState) => s.realms.some((r) => r.farms === 0 || r.city === 0);
const felled = (s: DiceRealmsState) => s.realms.some((r) => r.felled.length > 0);
const seeds = (prefix: string) => Array.from({ length: 12 }, (_, i) => `${prefix}-${i + 1}`);

export function diceRealmsSampleStates(): { name: string; state: DiceRealmsState }[] {
  return [
    { name: 'opening', state: game.setup('opening', SEATS, game.defaultOptions) },
    {
      name: 'midgame',
      state: firstReached(seeds('mid'), (s) => s.phase === 'attack' && s.attacked.length >= 2 && ruined(s) && felled(s)),
    },
    {
      name: 'midgame-fast',
      state: firstReached(seeds('fast'), (s) => s.phase === 'spend' && s.turn >= 12 && felled(s) && s.lastTurn !== null && s.lastTurn.rolls.length >= 3, 'fast'),
    },
    { name: 'defend', state: firstReached(seeds('defend'), (s) => s.phase === 'defend' && s.turn >= 8) },
    { name: 'over', state: firstReached(seeds('over'), (s) => s.phase === 'over') },
  ];
}

export function diceRealmsSampleViews(): SampleView[] {
  return diceRealmsSampleStates().map(({ name, state }) => ({ name, state, view: game.view(state) as DiceRealmsView }));
}

export type Figures = { median: number; p95: number };
export type DiceRealmsBenchResult = {
  runs: number;
  svgMs: Figures;
  totalMs: Figures;
  pngKB: { median: number; max: number };
  width: number;
  height: number;
  targets: { totalMs: number; pngKB: number };
};

function figures(samples: number[]): Figures {
  const s = [...samples].sort((a, b) => a - b);
  const at = (f: number) => s[Math.min(s.length - 1, Math.max(0, Math.ceil(f * s.length) - 1))] ?? 0;
  return { median: round(at(0.5)), p95: round(at(0.95)) };
}

const round = (v: number) => Math.round(v * 10) / 10;

/** Renders the sample boards in turn (palettes alternating) `runs` times in all. */
export async function benchRenderDiceRealms(opts: { runs?: number } = {}): Promise<DiceRealmsBenchResult> {
  const runs = opts.runs ?? 30;
  const views = diceRealmsSampleViews();
  // Warm-up: fontconfig, librsvg and the JIT start once per process, not once per board.
  for (const v of views) await svgToPng(renderDiceRealmsBoard(v.view, {}));
  const svgT: number[] = [];
  const totT: number[] = [];
  const kb: number[] = [];
  let size = { width: 0, height: 0 };
  for (let i = 0; i < runs; i++) {
    const v = views[i % views.length]!;
    const palette = Math.floor(i / views.length) % 2 === 0 ? 'standard' : 'colourblind';
    const t0 = performance.now();
    const svg = renderDiceRealmsBoard(v.view, { palette });
    const t1 = performance.now();
    const png = await svgToPng(svg);
    const t2 = performance.now();
    svgT.push(t1 - t0);
    totT.push(t2 - t0);
    kb.push(png.length / 1024);
    size = pngSize(png);
  }
  return {
    runs,
    svgMs: figures(svgT),
    totalMs: figures(totT),
    pngKB: { median: figures(kb).median, max: round(Math.max(...kb)) },
    width: size.width,
    height: size.height,
    targets: { totalMs: 80, pngKB: 700 },
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const r = await benchRenderDiceRealms({ runs: Number(process.argv[2]) || 30 });
  console.log(`dice-realms render: ${r.runs} renders of ${r.width}x${r.height} boards (palettes alternate)`);
  console.log(`svg build      median ${r.svgMs.median} ms, p95 ${r.svgMs.p95} ms`);
  console.log(`svg + png      median ${r.totalMs.median} ms, p95 ${r.totalMs.p95} ms (target ≤ ${r.targets.totalMs})`);
  console.log(`png size       median ${r.pngKB.median} KB, max ${r.pngKB.max} KB (target ≤ ${r.targets.pngKB})`);
}
