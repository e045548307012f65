// Siege Mode bench (board times and sizes: bench/render.ts): the JSON size of
// mid-game states, the time of `play` (the Enemy's turn included), and the score distribution of
// a simple heuristic player over 1,000 seeded games. Run by hand: `npx tsx bench/kingdoms-siege.ts
// [games]`; it prints the keys and merges them into bench/results.json.
import { pathToFileURL } from 'node:url';
import { Rng } from '../src/engine/index.js';
import { findRegion, onMap, warValue } from '../src/games/kingdoms-base/index.js';
import game, { warWinChance, type SiegeMove, type SiegeState } from '../src/games/kingdoms-siege/index.js';
import type { KingdomsView } from '../src/games/kingdoms-base/view.js';
import { mergeResults } from './results.js';

const SEATS = [{ kind: 'human' as const }];

/** How much a heuristic player likes a move; the best is played, the first on a tie. */
function moveValue(s: SiegeState, m: SiegeMove): number {
  switch (m.type) {
    case 'split':
      return m.food === 3 && m.mana === 2 && m.ore === 1 ? 1 : 0;
    case 'place': {
      const r = findRegion(s.board, m.region)?.region;
      return r ? (r.border ? 2 : 0) + (r.type === 'plains' || r.type === 'forest' || r.type === 'mountain' ? 1 : 0) : 0;
    }
    case 'research':
      return 10;
    case 'build':
      return 8;
    case 'expand':
      return 7;
    case 'patrol':
    case 'quest': {
      const to = findRegion(s.board, m.to);
      const enemyLand = to?.slot === 1;
      if (m.war) {
        const chance = warWinChance(s, warValue(m.war));
        return chance >= 70 ? 6 + chance / 100 - warValue(m.war) * 0.05 : -1;
      }
      const leavesEmpty = (s.board.occupants[m.from]?.[0] ?? 0) === 1;
      return enemyLand && !leavesEmpty ? 6.5 : enemyLand ? 5 : 0.5;
    }
    case 'collect':
      return 3;
    case 'trade':
      return -0.5;
    case 'skip':
      return 0;
  }
}

export function heuristicMove(s: SiegeState): SiegeMove {
  const moves = game.legalMoves(s, 0);
  let best = moves[0]!;
  let bestV = -Infinity;
  for (const m of moves) {
    const v = moveValue(s, m);
    if (v > bestV) {
      best = m;
      bestV = v;
    }
  }
  return best;
}

/** Plays seeded random moves (growth favoured) until `stop` holds; null if the game ends first. */
function playUntil(seed: string, stop: (s: SiegeState, moves: number) => boolean): SiegeState | null {
  let s = game.setup(seed, SEATS, game.defaultOptions);
  const pick = Rng.fromSeed(`moves-${seed}`);
  for (let n = 0; n < 3000; n++) {
    if (stop(s, n)) return s;
    if (game.toAct(s).length === 0) return null;
    const moves = game.legalMoves(s, 0);
    const lively = moves.filter((m) => m.type !== 'skip' && m.type !== 'trade');
    const m = lively.length && pick.next() < 0.7 ? pick.pick(lively) : pick.pick(moves);
    const r = game.play(s, 0, m);
    if (!r.ok) throw new Error(r.error.message);
    s = r.value.state;
  }
  return null;
}

function firstReached(prefix: string, stop: (s: SiegeState, moves: number) => boolean): SiegeState {
  for (let i = 1; i <= 40; i++) {
    const s = playUntil(`${prefix}-${i}`, stop);
    if (s) return s;
  }
  throw new Error(`no sample seed reached ${prefix}`);
}

/** Boards at the start, mid-game, right after a war, and finished. */
export function kingdomsSiegeSampleStates(): { name: string; state: SiegeState }[] {
  return [
    { name: 'start', state: firstReached('start', (s) => s.phase === 'turn') },
    {
      name: 'midgame',
      state: firstReached('mid', (s) => {
        const enemyCard = s.board.cards[1]!.id;
        const inside = Object.entries(s.board.occupants).some(([id, c]) => (c[0] ?? 0) > 0 && findRegion(s.board, id)?.region.card === enemyCard);
        return s.round >= 2 && s.phase === 'follow' && inside && onMap(s.board, 1) >= 4 && s.kingdoms[0].meeplesInSupply <= 4;
      }),
    },
    { name: 'war', state: firstReached('war', (s) => s.recent.some((t) => t.startsWith('War in')) && s.phase === 'turn') },
    { name: 'over', state: firstReached('over', (s) => s.phase === 'over' && (s.score?.total ?? 0) > -10) },
  ];
}

export function kingdomsSiegeSampleViews(): { name: string; state: SiegeState; view: KingdomsView }[] {
  return kingdomsSiegeSampleStates().map(({ name, state }) => ({ name, state, view: game.view(state) as KingdomsView }));
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)]! : NaN;
};
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(p * s.length) - 1))]!;
};
const r2 = (v: number) => Math.round(v * 100) / 100;

export async function benchKingdomsSiege(opts: { games?: number } = {}): Promise<Record<string, number>> {
  const games = opts.games ?? 1000;
  const scores: number[] = [];
  const playMs: number[] = [];
  const stateKb: number[] = [];
  for (let g = 0; g < games; g++) {
    let s = game.setup(`bench-${g}`, SEATS, game.defaultOptions);
    while (game.toAct(s).length > 0) {
      const m = heuristicMove(s);
      const t0 = performance.now();
      const r = game.play(s, 0, m);
      playMs.push(performance.now() - t0);
      if (!r.ok) throw new Error(r.error.message);
      s = r.value.state;
      if (s.round >= 2 && s.phase !== 'over' && g % 10 === 0) stateKb.push(JSON.stringify(s).length / 1024);
    }
    scores.push(s.score!.total);
  }
  const mean = scores.reduce((a, b) => a + b, 0) / scores.length;
  return {
    'state_kb.kingdoms-siege': r2(median(stateKb)),
    'play_ms.kingdoms-siege': r2(median(playMs)),
    'score.kingdoms-siege.mean': r2(mean),
    'score.kingdoms-siege.median': median(scores),
    'score.kingdoms-siege.p10': pct(scores, 0.1),
    'score.kingdoms-siege.p90': pct(scores, 0.9),
    'score.kingdoms-siege.win_rate': r2(scores.filter((x) => x > 0).length / scores.length),
    'score.kingdoms-siege.draw_rate': r2(scores.filter((x) => x === 0).length / scores.length),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await benchKingdomsSiege({ games: Number(process.argv[2]) || 1000 });
  for (const [k, v] of Object.entries(result)) console.log(`${k.padEnd(34)} ${v}`);
  mergeResults(result);
  console.log('merged into bench/results.json');
}
