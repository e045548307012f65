// bench/results.json: every figure by flat key, and beside them `provenance`, which names for each
// key the run that measured it ("<ISO date> <commit>", the commit marked "+changes" when the
// measured code differed from it). A key kept from an older run keeps that run's, so a figure
// older than the code beside it shows as such. Every bench that writes the file goes through here.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../src/config/env.js';

export type ResultValue = number | string | boolean | null;
export type Results = Record<string, ResultValue>;
type Provenance = Record<string, string>;

export const RESULTS_FILE = path.join(PROJECT_ROOT, 'bench', 'results.json');
const UNKNOWN = 'unknown: measured before figures recorded their run';

/** The commit this run measures, and whether the measured code has changes beyond it. */
export function measuredCommit(): string {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: PROJECT_ROOT, encoding: 'utf8' }).trim();
  try {
    const commit = git('rev-parse', '--short=10', 'HEAD');
    // The figures themselves are no change to the measured code.
    const changed = git('status', '--porcelain', '--untracked-files=no', '--', 'src', 'commands', 'assets', 'bench', 'scripts', 'package-lock.json', ':(exclude)bench/results.json') !== '';
    return changed ? `${commit}+changes` : commit;
  } catch {
    return 'unknown commit';
  }
}

/** The figures and their provenance as stored now. */
export function readResults(file = RESULTS_FILE): { results: Results; provenance: Provenance } {
  if (!existsSync(file)) return { results: {}, provenance: {} };
  const { provenance = {}, ...results } = JSON.parse(readFileSync(file, 'utf8')) as Results & { provenance?: Provenance };
  return { results, provenance };
}

/**
 * Sets `keys` (measured by this run) in the file, read fresh just before writing (other benches
 * write it too). Keys matching `replace` that this run did not write are dropped: a part that
 * owns them measured again, and a figure it no longer measures must not linger.
 */
export function mergeResults(keys: Results, opts: { replace?: RegExp; file?: string } = {}): void {
  const file = opts.file ?? RESULTS_FILE;
  const { results, provenance } = readResults(file);
  const thisRun = `${new Date().toISOString()} ${measuredCommit()}`;
  const merged: Results = {};
  const mergedProvenance: Provenance = {};
  for (const [key, value] of Object.entries(results)) {
    if (opts.replace?.test(key) && !(key in keys)) continue;
    merged[key] = value;
    mergedProvenance[key] = provenance[key] ?? UNKNOWN;
  }
  for (const [key, value] of Object.entries(keys)) {
    merged[key] = value;
    mergedProvenance[key] = thisRun;
  }
  writeFileSync(file, `${JSON.stringify({ ...merged, provenance: mergedProvenance }, null, 2)}\n`);
}
