// `npm test`: the type-check (tsc --noEmit) and every test (vitest run) side by side, failing if
// either fails. Beside the tests it uses the moments a core is free (vitest starting PostgreSQL
// and loading the bot, end-to-end files waiting on the fake Discord).
// The check is TypeScript 7's native compiler (the `typescript-native` package, an alias of
// typescript@7): about 7 CPU-seconds for this project on one thread, against about 40 for
// TypeScript 5's tsc, which the suite is bound by on two cores. `typescript` 5 stays installed
// for dependency-cruiser, which parses our sources with its JavaScript API (test/architecture).
// Arguments go to vitest (`npm test -- test/e2e` runs the end-to-end files, still type-checked).
// tsc's report is held back and printed after vitest's, so the two never interleave.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import process from 'node:process';

const require = createRequire(import.meta.url);
// Its bin is not among the package's exports; both TypeScripts name their bin `tsc`.
const tscBin = path.join(path.dirname(require.resolve('typescript-native/package.json')), 'bin', 'tsc');
const vitestBin = path.join(path.dirname(require.resolve('vitest/package.json')), 'vitest.mjs'); // its bin, not exported

const children = new Set();
function run(argv, { capture }) {
  const child = spawn(process.execPath, argv, { stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
  children.add(child);
  let output = '';
  if (capture) {
    child.stdout.on('data', (chunk) => { output += chunk; });
    child.stderr.on('data', (chunk) => { output += chunk; });
  }
  return new Promise((resolve) => {
    child.on('error', (error) => {
      children.delete(child);
      resolve({ ok: false, code: error.message, output });
    });
    child.on('close', (code, signal) => {
      children.delete(child);
      resolve({ ok: code === 0, code: code ?? signal, output });
    });
  });
}

// Stopped by hand (Ctrl-C) or by CI: both children stop with it.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
    process.exit(130);
  });
}

const started = performance.now();
const typecheck = run([tscBin, '--noEmit', '--singleThreaded'], { capture: true }).then((result) => ({ ...result, seconds: (performance.now() - started) / 1000 }));
const tests = await run([vitestBin, 'run', ...process.argv.slice(2)], { capture: false });
const types = await typecheck;

console.log(`\n== type-check (tsc --noEmit, beside the tests, ${types.seconds.toFixed(0)} s): ${types.ok ? 'passed' : `FAILED (${types.code})`}`);
if (types.output.trim()) console.log(types.output.trimEnd());
if (!types.ok || !tests.ok) {
  console.error(`npm test failed:${types.ok ? '' : ' the type-check'}${!types.ok && !tests.ok ? ' and' : ''}${tests.ok ? '' : ' the tests'}`);
  process.exit(1);
}
