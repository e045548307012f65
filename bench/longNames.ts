// What a member's absurdly long display name costs: one board of each game drawn as the bot draws
// it (SVG, painted, PNG encoded, in this thread), with the first seat named by 2,000 and by 20,000
// characters, beside the same board with an ordinary name. Fitting a name to its room must not
// grow with the square of its length: an ordinary board costs tens of ms, and so must these.
// Run by hand: `npx tsx bench/longNames.ts [--runs 3] [--games siege-master,dice-realms]`.
// Not part of bench/run.ts: it measures one abuse case, not the bot's steady state.
import { renderBoardPng } from '../src/render/index.js';
import { allGameSamples } from '../test/render/fixtures/allGames.js';
import { argValue, isMain, median, round } from './common.js';

export type LongNameRow = { game: string; nameLength: number; runs: number; ms: number };

/** A name of `length` characters: words of mixed widths, as a pasted wall of text would be. */
export function longName(length: number): string {
  const words = ['Ærwyn', 'the', 'Unbreakable', 'Siegelord', 'of', 'many', 'WALLS', 'iii', 'mmm'];
  let name = '';
  for (let i = 0; name.length < length; i++) name += `${words[i % words.length]} `;
  return name.slice(0, length);
}

export async function benchLongNames(opts: { runs?: number; games?: string[]; lengths?: number[] } = {}): Promise<LongNameRow[]> {
  const runs = opts.runs ?? 3;
  const lengths = opts.lengths ?? [2_000, 20_000];
  const samples = (await allGameSamples()).filter((s) => s.stage === 'mid' && (!opts.games || opts.games.includes(s.game)));
  const views = new Map<string, object>();
  for (const s of samples) if (!views.has(s.game)) views.set(s.game, s.view);
  const rows: LongNameRow[] = [];
  for (const [game, view] of views) {
    await renderBoardPng(game, view, { players: ['alice', 'bob'] }); // warm-up: fonts, JIT, the base cache
    for (const length of [5, ...lengths]) {
      const players = [length === 5 ? 'alice' : longName(length), 'bob'];
      const times: number[] = [];
      for (let r = 0; r < runs; r++) {
        const t = performance.now();
        await renderBoardPng(game, view, { players });
        times.push(performance.now() - t);
      }
      rows.push({ game, nameLength: length, runs, ms: round(median(times)) });
    }
  }
  return rows;
}

if (isMain(import.meta.url)) {
  const args = process.argv.slice(2);
  const runs = Number(argValue(args, '--runs') ?? 3);
  const games = argValue(args, '--games')?.split(',');
  const rows = await benchLongNames({ runs, ...(games ? { games } : {}) });
  console.log('game             name length   ms per board (median)');
  for (const r of rows) console.log(`${r.game.padEnd(16)} ${String(r.nameLength).padStart(11)}   ${String(r.ms).padStart(10)}`);
}
