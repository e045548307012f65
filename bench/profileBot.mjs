// Preloaded into the bot process (NODE_OPTIONS=--import=…/bench/profileBot.mjs) by
// `bench/throughput.ts --bot-cpu-prof <dir>`: records a V8 CPU profile of the bot's main thread
// from start to exit and writes it to $BENCH_CPU_PROFILE_DIR (--cpu-prof itself is refused in
// NODE_OPTIONS). Open the .cpuprofile in Chrome DevTools or any V8 profile viewer.
import { Session } from 'node:inspector';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const dir = process.env.BENCH_CPU_PROFILE_DIR;
if (dir) {
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.setSamplingInterval', { interval: 1000 });
  session.post('Profiler.start');
  process.once('exit', () => {
    // On the main thread the inspector answers synchronously, so this runs to the end on exit.
    session.post('Profiler.stop', (err, result) => {
      if (err) return;
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, `bot-${process.pid}.cpuprofile`), JSON.stringify(result.profile));
    });
  });
}
