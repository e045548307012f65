// Siege detection on nearly full boards, for every map: the time to resolve one placement with the
// incremental search the game uses, against a full search of the board, and a whole `play` call
// (which also works out the next player's legal moves).
//
//   npx tsx bench/siege-master-sieges.ts [positions per map, default 40]
import { Rng } from '../src/engine/index.js';
import game, {
  allRegions,
  boardFor,
  MAP_IDS,
  siegeCaptures,
  type SiegeMasterState,
} from '../src/games/siege-master/index.js';
import { freeLines, readOccupancy } from '../src/games/siege-master/rules.js';
import { lineOf } from '../src/games/siege-master/board.js';
import { armyChar } from '../src/games/siege-master/types.js';

const POSITIONS = Number(process.argv[2] ?? 20);
const FREE_LINES_LEFT = 12;
const REPEAT = 100;

type Sample = { incremental: number; full: number; play: number };

/** Armies laid at random, sieges resolved as they go, until only a few free lines remain. */
function nearlyFull(seed: string, map: (typeof MAP_IDS)[number]): { state: SiegeMasterState; armies: number } {
  const rng = Rng.fromSeed(seed);
  const start = game.setup(seed, [], { map, fortresses: 'random', fortressCount: 15 });
  const board = boardFor(start);
  const occ = readOccupancy(start, board);
  const fort = Uint8Array.from(start.forts, (ch) => (ch === '.' ? 0 : ch === 'n' ? 1 : 2));
  const armies = start.armies.split('');
  let placed = 0;
  for (let k = 0; ; k++) {
    const lines = freeLines(occ);
    if (lines.length <= FREE_LINES_LEFT) break;
    placed++;
    const cells = lineOf(board, rng.pick(lines))!;
    for (const c of cells) {
      occ.army[c] = 1;
      armies[c] = armyChar(k % 2, Math.floor(k / 2) % 20);
    }
    for (const c of siegeCaptures(board, occ.army, fort, cells)) fort[c] = 2;
  }
  const forts = Array.from(fort, (f, i) => (f === 0 ? '.' : f === 1 ? 'n' : start.forts[i] === 'n' ? '0' : start.forts[i]!)).join('');
  // A position in play where any free line is a legal move and no capture can end the game.
  const state: SiegeMasterState = { ...start, armies: armies.join(''), forts, last: null, fortressCount: 99, armiesLeft: [20, 20] };
  return { state, armies: placed };
}

function timed(run: () => void): number {
  const started = performance.now();
  for (let i = 0; i < REPEAT; i++) run();
  return ((performance.now() - started) * 1000) / REPEAT;
}

function measure(state: SiegeMasterState): Sample[] {
  const board = boardFor(state);
  const occ = readOccupancy(state, board);
  const fort = Uint8Array.from(state.forts, (ch) => (ch === '.' ? 0 : ch === 'n' ? 1 : 2));
  const samples: Sample[] = [];
  for (const move of game.legalMoves(state, 0)) {
    if (move.type !== 'place') continue;
    const cells = move.cells.map((l) => board.labels.indexOf(l));
    const army = Uint8Array.from(occ.army);
    for (const c of cells) army[c] = 1;
    samples.push({
      incremental: timed(() => siegeCaptures(board, army, fort, cells)),
      full: timed(() => allRegions(board, army, fort)),
      play: timed(() => game.play(state, 0, move)),
    });
  }
  return samples;
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const fmt = (x: number) => x.toFixed(2).padStart(8);

console.log(`Siege detection per placement, nearly full boards (≤ ${FREE_LINES_LEFT} free lines), ${POSITIONS} positions per map`);
console.log('map             cells  armies  placements |  incremental µs   |  full search µs   |   play() µs');
console.log('                                          |   mean   median   |   mean   median   |   mean   median');
// Warm the JIT so the first map is not charged for it.
measure(nearlyFull('warm-up', 'hex').state);
for (const map of MAP_IDS) {
  const samples: Sample[] = [];
  let armies = 0;
  for (let p = 0; p < POSITIONS; p++) {
    const { state, armies: placed } = nearlyFull(`bench-${map}-${p}`, map);
    armies += placed;
    samples.push(...measure(state));
  }
  const col = (k: keyof Sample) => `${fmt(mean(samples.map((s) => s[k])))} ${fmt(median(samples.map((s) => s[k])))}`;
  const size = boardFor({ map, customRows: null }).size;
  console.log(
    `${map.padEnd(15)} ${String(size).padStart(5)} ${(armies / POSITIONS).toFixed(1).padStart(7)} ${String(samples.length).padStart(11)} | ${col('incremental')} | ${col('full')} | ${col('play')}`,
  );
}
