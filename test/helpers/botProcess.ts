// The bot as its own process, for start-up, signal and crash tests. `node --import tsx` keeps it
// one process (the tsx CLI would put a second one in between), so a SIGKILL reaches the bot itself.
import { spawn, type ChildProcess } from 'node:child_process';
import { PROJECT_ROOT } from '../../src/config/env.js';

export type BotProcess = {
  child: ChildProcess;
  output(): string;
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<void>;
  exited(): Promise<number | null>;
};

export function spawnBot(env: Record<string, string>): BotProcess {
  // The flags of `npm start` (package.json): young generations of 2 MB in every thread's heap.
  const child = spawn(process.execPath, ['--max-semi-space-size=2', '--import', 'tsx', 'scripts/start.ts'], {
    cwd: PROJECT_ROOT,
    // Only what is given: no developer .env or DATABASE_URL leaks into the test. No HTTP listener
    // unless asked for: bots started side by side would all want ports 8080 and 9464. Two malloc
    // arenas, as `npm start` sets them (package.json).
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', DOTENV_CONFIG_PATH: '/nonexistent', HTTP_PORT: 'off', METRICS_PORT: 'off', MALLOC_ARENA_MAX: '2', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const listeners = new Set<() => void>();
  const onData = (d: Buffer) => {
    out += d.toString();
    for (const l of listeners) l();
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    output: () => out,
    exited: () => exit,
    waitFor(pattern, timeoutMs = 60_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (pattern.test(out)) {
            listeners.delete(check);
            clearTimeout(timer);
            resolve();
          }
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`bot output never matched ${pattern}:\n${out.slice(-3000)}`));
        }, timeoutMs);
        listeners.add(check);
        void exit.then(() => setTimeout(() => {
          if (listeners.has(check)) {
            listeners.delete(check);
            clearTimeout(timer);
            reject(new Error(`bot exited before printing ${pattern}:\n${out.slice(-3000)}`));
          }
        }, 50));
        check();
      });
    },
  };
}
