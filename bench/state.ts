// Stored state size mid-game: seeded random legal games of every game with an engine, each
// measured at half its length, as `JSON.stringify(state).length / 1024` (what the Game row's
// `state` column holds, before PostgreSQL's own jsonb encoding and compression).
//   npx tsx bench/state.ts [--games 40]
import { allEngines, argValue, isMain, median, percentile, randomGame, round, type Log } from './common.js';

export type StateSizeRow = { gameId: string; registered: boolean; games: number; medianKB: number; p95KB: number; maxKB: number; medianPlies: number };

export async function benchStateSize(opts: { games?: number; log?: Log } = {}): Promise<StateSizeRow[]> {
  const n = opts.games ?? 40;
  const rows: StateSizeRow[] = [];
  for (const { def, registered } of await allEngines()) {
    const kb: number[] = [];
    const plies: number[] = [];
    for (let i = 0; i < n; i++) {
      const states = randomGame(def, `bench/state/${def.id}/${i}`);
      const mid = states[Math.floor((states.length - 1) / 2)];
      kb.push(JSON.stringify(mid).length / 1024);
      plies.push(states.length - 1);
    }
    const row = {
      gameId: def.id,
      registered,
      games: n,
      medianKB: round(median(kb), 2),
      p95KB: round(percentile(kb, 0.95), 2),
      maxKB: round(Math.max(...kb), 2),
      medianPlies: median(plies),
    };
    rows.push(row);
    opts.log?.(`state_kb.${def.id} ${row.medianKB} (p95 ${row.p95KB}, max ${row.maxKB}; games of ${row.medianPlies} plies)${registered ? '' : ' [engine not registered yet]'}`);
  }
  return rows;
}

if (isMain(import.meta.url)) {
  const rows = await benchStateSize({ games: Number(argValue(process.argv, '--games') ?? 40), log: (l) => console.log(l) });
  console.table(rows);
}
