// Swiss pairing time for a large field: 1,000 players play 4 rounds with seeded random results
// (stronger players win more often, a fifth of games drawn), then round 5 is paired several times
// and the median wall time is the headline (target ≤ 1,000 ms on the 2-core machine). Run by hand:
// `npx tsx bench/tournamentPairing.ts [players] [runs] [--no-write]`; it prints the keys and merges
// them into bench/results.json (unless --no-write). As a part of bench/run.ts: benchTournamentPairing({ quick }).
import { pathToFileURL } from 'node:url';
import seedrandom from 'seedrandom';
import { pairSwissRound, type Game, type Player } from '../src/tournaments/pairing/index.js';
import { mergeResults } from './results.js';

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)]! : NaN;
};
const r1 = (v: number) => Math.round(v * 10) / 10;

/** A result drawn from the Elo expectation, with a fifth of the games drawn. */
function playedResult(white: Player, black: Player, rng: seedrandom.PRNG): Game['result'] {
  const expected = 1 / (1 + 10 ** ((black.rating - white.rating) / 400));
  const x = rng();
  if (x < 0.2) return 'draw';
  return (x - 0.2) / 0.8 < expected ? 'white' : 'black';
}

export async function benchTournamentPairing(opts: { players?: number; runs?: number; quick?: boolean } = {}): Promise<Record<string, number>> {
  const n = opts.players ?? 1000;
  const runs = opts.runs ?? (opts.quick ? 3 : 7);
  const rng = seedrandom(`tournament-bench-${n}`);
  const players: Player[] = Array.from({ length: n }, (_, i) => ({ id: `p${String(i).padStart(4, '0')}`, rating: 1000 + Math.floor(rng() * 1400) }));
  const byId = new Map(players.map((p) => [p.id, p]));
  const games: Game[] = [];
  const earlierMs: number[] = [];
  for (let round = 1; round <= 4; round++) {
    const t0 = performance.now();
    const pairings = pairSwissRound(players, games, round);
    earlierMs.push(performance.now() - t0);
    for (const p of pairings) {
      if (p.black === null) games.push({ round, white: p.white, black: null, result: 'bye' });
      else games.push({ round, white: p.white, black: p.black, result: playedResult(byId.get(p.white)!, byId.get(p.black)!, rng) });
    }
  }
  const wallMs: number[] = [];
  const cpuMs: number[] = [];
  for (let run = 0; run < runs; run++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    pairSwissRound(players, games, 5);
    wallMs.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpuMs.push((c.user + c.system) / 1000);
  }
  const key = `tournament_pair_ms.swiss_${n}`;
  return {
    [key]: r1(median(wallMs)),
    [`${key}.max`]: r1(Math.max(...wallMs)),
    [`${key}.cpu`]: r1(median(cpuMs)),
    [`${key}.round1`]: r1(earlierMs[0]!),
    [`${key}.rounds_1_to_4_max`]: r1(Math.max(...earlierMs)),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const [players, runs] = args.filter((a) => !a.startsWith('--')).map(Number);
  const result = await benchTournamentPairing({ players: players || 1000, runs: runs || 7 });
  for (const [k, v] of Object.entries(result)) console.log(`${k.padEnd(44)} ${v}`);
  if (args.includes('--no-write')) process.exit(0);
  mergeResults(result);
  console.log('merged into bench/results.json');
}
