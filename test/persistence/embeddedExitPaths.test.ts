// A process that started an embedded PostgreSQL must not leave it running, whichever way it ends:
// `npm run bench -- --only web` once exited and left its server orphaned until stopped by hand.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src/config/env.js';
import { initialisedPgDir } from '../helpers/database.js';

const cleanups: (() => void)[] = [];
afterAll(() => {
  for (const clean of cleanups.reverse()) clean();
});

type Via = 'launcher' | 'bench';
type How = 'exit' | 'throw' | 'reject' | 'wait' | 'leak';

/**
 * Runs the fixture in its own process; `signal`, if given, is sent once its server is up. Its data
 * folder holds an initialised cluster: the ways out are the claim, not a first start.
 */
async function runLauncher(via: Via, how: How, signal?: NodeJS.Signals) {
  const dir = await initialisedPgDir(`exit-${via}-${how}`);
  cleanups.push(dir.remove);
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/persistence/fixtures/exitingLauncher.ts', via, how, dir.dataDir], {
    cwd: PROJECT_ROOT,
    // No TEST_DATABASE_ADMIN_URL: the bench would use that server instead of starting its own.
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let postmaster: (pid: number) => void;
  const started = new Promise<number>((resolve) => (postmaster = resolve));
  const onData = (d: Buffer) => {
    output += d.toString();
    const found = /^postmaster (\d+)$/m.exec(output);
    if (found) postmaster(Number(found[1]));
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, sig) => resolve({ code, signal: sig })),
  );
  if (signal) void started.then(() => child.kill(signal));
  return {
    output: () => output,
    async ended() {
      const result = await exited;
      const pid = await Promise.race([started, exited.then(() => null)]);
      return { ...result, postmaster: pid };
    },
  };
}

/** Whether `pid` still runs (a zombie waiting for its new parent to reap it has stopped). */
function running(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] !== 'Z';
  } catch {
    return false;
  }
}

/** Waits for the server to be gone: its fast shutdown finishes after its launcher has left. */
async function stopsRunning(pid: number): Promise<boolean> {
  const deadline = performance.now() + 30_000;
  while (running(pid) && performance.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  return !running(pid);
}

describe('no embedded PostgreSQL outlives the process that started it', () => {
  it.each([
    ['exit', 3],
    ['throw', 1],
    ['reject', 1],
  ] as const)('given a launcher that ends by %s, then its server stops', async (how, code) => {
    const launcher = await runLauncher('launcher', how);
    const end = await launcher.ended();
    expect(end.postmaster, launcher.output()).not.toBeNull();
    expect(end.code, launcher.output()).toBe(code);
    expect(await stopsRunning(end.postmaster!)).toBe(true);
  });

  it.each([
    ['SIGTERM', 143],
    ['SIGINT', 130],
  ] as const)('given the bench interrupted by %s, then it stops its server and exits as the signal would', async (signal, code) => {
    const bench = await runLauncher('bench', 'wait', signal);
    const end = await bench.ended();
    expect(end.postmaster, bench.output()).not.toBeNull();
    expect(end.code, bench.output()).toBe(code);
    expect(bench.output()).toContain(`bench: ${signal}: stopping the bench PostgreSQL`);
    expect(await stopsRunning(end.postmaster!)).toBe(true);
  });

  it('given a bench part that never stopped its handle, then stopBenchPostgres stops the server before the process ends', async () => {
    const bench = await runLauncher('bench', 'leak');
    const end = await bench.ended();
    expect(end.code, bench.output()).toBe(0);
    expect(bench.output()).toMatch(/^stopped$/m);
    expect(end.postmaster).not.toBeNull();
    expect(running(end.postmaster!)).toBe(false);
  });

  it('given a bench part that fails by an uncaught exception, then its server stops', async () => {
    const bench = await runLauncher('bench', 'throw');
    const end = await bench.ended();
    expect(end.code, bench.output()).toBe(1);
    expect(bench.output()).toContain('a part failed on purpose');
    expect(await stopsRunning(end.postmaster!)).toBe(true);
  });
});
