// `npm run test:busy`: the end-to-end tests, then the chaos test's seeds 1 to 10, each while two
// CPU-bound processes run beside them, as on a busy 2-core host. Tests wait for states, never for
// speed, so they must pass here as they do on a quiet machine (README, "Tests on a busy machine").
// The burners are ordinary processes at the same priority as the tests, stopped on every exit.
//   npm run test:busy                      everything (about 15 minutes on 2 cores)
//   npm run test:busy -- --only e2e        the end-to-end files only
//   npm run test:busy -- --only chaos      chaos seeds 1–10 only (--seeds 3,7 for some)
import { spawn } from 'node:child_process';
import process from 'node:process';

const args = process.argv.slice(2);
const flag = (name) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const only = flag('--only');
if (only && !['e2e', 'chaos'].includes(only)) {
  console.error(`--only takes e2e or chaos, not "${only}"`);
  process.exit(2);
}
const seedsArg = flag('--seeds') ?? '1,2,3,4,5,6,7,8,9,10';
const seeds = seedsArg.split(',').map((s) => Number(s.trim()));
if (seeds.some((s) => !Number.isInteger(s) || s < 1)) {
  console.error(`--seeds takes whole numbers from 1, separated by commas, not "${seedsArg}"`);
  process.exit(2);
}

// Each burner spins on its own core; the suite competes with both, as with two other test runs.
const burners = [0, 1].map(() => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
const stopBurners = () => {
  for (const b of burners) if (b.exitCode === null && b.signalCode === null) b.kill('SIGKILL');
};
process.on('exit', stopBurners);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    stopBurners();
    process.exit(130);
  });
}

function run(label, argv, env = {}) {
  console.log(`\n== ${label} (two CPU-bound processes beside it)`);
  return new Promise((resolve) => {
    const child = spawn('npx', ['vitest', 'run', ...argv], { stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('close', (code, signal) => resolve({ label, ok: code === 0, code: code ?? signal }));
  });
}

const results = [];
if (only !== 'chaos') results.push(await run('end-to-end tests', ['test/e2e']));
if (only !== 'e2e') {
  for (const seed of seeds) results.push(await run(`chaos seed ${seed}`, ['test/e2e/chaos.e2e.test.ts'], { CHAOS_SEED: String(seed) }));
}
stopBurners();

console.log('\n== on a busy machine');
for (const r of results) console.log(`${r.ok ? 'passed' : `FAILED (${r.code})`}  ${r.label}`);
const failed = results.filter((r) => !r.ok).length;
console.log(`${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
