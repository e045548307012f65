// Sustained moves per second: one bot (started in this process with startApp, like the tests),
// real PostgreSQL, many member-vs-member games at once, every move made the way members make
// them: menus and buttons under the board (typed `/siege move` is the optional path). Each game
// is a closed loop: whoever the board mentions opens the choices, picks at random, and the next
// move starts when the new board (with its PNG) has reached the fake Discord. The figure is the
// Move rows committed per second over the measured window, after a warm-up.
//   npx tsx bench/throughput.ts [--game dice-realms] [--games 100] [--seconds 20] [--bot process|in-process]
//     [--bot-cpu-prof <dir>]   the bot process writes a V8 CPU profile there when it stops
import type { FakeMessage } from '../test/harness/fakeDiscord.js';
import { cpus } from 'node:os';
import { argValue, benchPostgres, defaultBenchGame, isMain, postgresPid, pageFaults, processTreeCpuMs, round, sleep, spread, threadCpuMs, type Log, type Spread } from './common.js';
import { isFinished, pressOneMove, shownAt, startBotScene, type BotMode, type BotScene, type SceneGame } from './botScene.js';

export type ThroughputResult = {
  gameId: string;
  bot: BotMode;
  games: number;
  seconds: number;
  moves: number;
  movesPerS: number;
  /** Component presses per move (menu and button choices, including the completing one). */
  pressesPerMove: number;
  /** From the completing press to the new board, per move. */
  moveToBoardMs: Spread;
  /** The bot process's CPU over the window (all its threads), % of one core; null when in this process. */
  botCpuPercent: number | null;
  /** This process's CPU: the fake Discord and the simulated members (and the bot, when in-process), % of one core. */
  harnessCpuPercent: number;
  /** PostgreSQL's CPU (postmaster and backends) over the window, % of one core. */
  postgresCpuPercent: number;
  /** CPU per committed move of the bot and PostgreSQL (in-process: of this whole process too). */
  cpuMsPerMove: number;
  /** Minor page faults of the bot process per move: memory new to it, costly on virtual machines. */
  pageFaultsPerMove: number;
  /** The bot's CPU per move by thread: the main thread, the render and replay workers, libvips, the rest. */
  threadCpuMsPerMove: Record<string, number>;
  /** Moves per second the machine's cores would sustain at that cost with nothing else running. */
  cpuBoundMovesPerS: number;
  failures: number;
  violations: number;
  /** Requests the bot made to the Discord API per second over the window, and per move, by route. */
  restPerS: number;
  restPerMove: Record<string, number>;
  /** Those that discord.js counts against Discord's global limit (50/s by default): all but interaction callbacks. */
  restGlobalPerS: number;
  /** SQL statements the bot sent per committed move (both its pools), and by pool. */
  sqlStatementsPerMove: number;
  sqlStatementsPerMoveByPool: Record<string, number>;
  /** Warnings and errors the bot logged (first few). */
  botLog: string[];
};

/** The bot's SQL statements so far, by pool, from its metrics. */
async function statements(scene: BotScene): Promise<Record<string, number>> {
  const text = await scene.metricsText();
  const out: Record<string, number> = {};
  for (const m of text.matchAll(/^siege_db_statements_total\{pool="([^"]+)"\} (\d+)/gm)) out[m[1]!] = Number(m[2]);
  return out;
}

export type ThroughputOptions = {
  gameId?: string;
  games?: number;
  seconds?: number;
  warmupSeconds?: number;
  /** The bot as its own process (default) or in this process. */
  bot?: BotMode;
  /** Where the bot process writes a V8 CPU profile (node --cpu-prof), if anywhere. */
  botCpuProfileDir?: string;
  /** More environment for the bot process (`--bot-env A=1,B=2`), to try settings side by side. */
  botEnv?: Record<string, string>;
  log?: Log;
};

export async function benchThroughput(opts: ThroughputOptions = {}): Promise<ThroughputResult> {
  const gameId = opts.gameId ?? defaultBenchGame();
  const nGames = opts.games ?? 100;
  const seconds = opts.seconds ?? 20;
  const warmup = opts.warmupSeconds ?? 3;
  const log = opts.log ?? (() => {});
  const pg = await benchPostgres(log);
  const profiler = new URL('./profileBot.mjs', import.meta.url).pathname;
  const botEnv: Record<string, string> = {
    ...(opts.botCpuProfileDir ? { NODE_OPTIONS: `--import=${profiler}`, BENCH_CPU_PROFILE_DIR: opts.botCpuProfileDir } : {}),
    ...opts.botEnv,
  };
  const scene = await startBotScene(gameId, opts.bot ?? 'process', botEnv);
  try {
    const loops: Promise<void>[] = [];
    const state = { stop: false, measuring: false, presses: 0, completions: 0, failures: 0, harnessPlies: 0, boardMs: [] as number[] };
    const slots: { game: SceneGame; board: FakeMessage; seed: string }[] = [];
    for (let i = 0; i < nGames; i++) {
      const seed = `bench/throughput/${i}`;
      const made = await scene.newGame(seed, 10);
      slots.push({ game: made.game, board: made.board, seed });
    }
    log(`${nGames} games set up; playing`);
    for (const slot of slots) loops.push(playLoop(scene, slot, state));
    await sleep(warmup * 1000);
    const count = () => scene.database.db.move.count();
    const m0 = await count();
    const pgPid = postgresPid();
    const pg0 = pgPid ? processTreeCpuMs(pgPid) : 0;
    const bot0 = scene.botPid ? processTreeCpuMs(scene.botPid) : 0;
    const threads0 = scene.botPid ? threadCpuMs(scene.botPid) : {};
    const faults0 = scene.botPid ? pageFaults(scene.botPid) : 0;
    const sql0 = await statements(scene);
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const wall0 = Date.now();
    state.measuring = true;
    state.presses = 0;
    state.completions = 0;
    state.harnessPlies = 0;
    await sleep(seconds * 1000);
    const m1 = await count();
    const wall1 = Date.now();
    const elapsed = (performance.now() - t0) / 1000;
    const cpu = process.cpuUsage(c0);
    const pgMs = pgPid ? processTreeCpuMs(pgPid) - pg0 : 0;
    const botMs = scene.botPid ? processTreeCpuMs(scene.botPid) - bot0 : null;
    const threads1 = scene.botPid ? threadCpuMs(scene.botPid) : {};
    const faults1 = scene.botPid ? pageFaults(scene.botPid) : 0;
    const sql1 = await statements(scene);
    state.measuring = false;
    state.stop = true;
    await Promise.all(loops);
    // A game that ends is replaced by a new one that this process plays a few plies into
    // through the services, not through the bot: those Move rows are not the bot's.
    const moves = m1 - m0 - state.harnessPlies;
    const ownMs = (cpu.user + cpu.system) / 1000;
    const perMove = ((botMs ?? ownMs) + pgMs) / Math.max(1, moves);
    const pct = (ms: number) => round((ms / (elapsed * 1000)) * 100);
    const requests = scene.fake.requests.filter((r) => r.at >= wall0 && r.at < wall1);
    const byRoute: Record<string, number> = {};
    for (const r of requests) {
      const key = `${r.method} ${r.route ?? r.path}`;
      byRoute[key] = (byRoute[key] ?? 0) + 1;
    }
    const restPerMove = Object.fromEntries(
      Object.entries(byRoute).sort((a, b) => b[1] - a[1]).map(([k, v]) => [k, round(v / Math.max(1, moves), 2)]),
    );
    const global = requests.filter((r) => !/\/callback$/.test(r.route ?? r.path)).length;
    return {
      gameId,
      bot: scene.mode,
      games: nGames,
      seconds: round(elapsed, 2),
      moves,
      movesPerS: round(moves / elapsed),
      pressesPerMove: round(state.presses / Math.max(1, state.completions), 2),
      moveToBoardMs: spread(state.boardMs),
      failures: state.failures,
      botCpuPercent: botMs === null ? null : pct(botMs),
      harnessCpuPercent: pct(ownMs),
      postgresCpuPercent: pct(pgMs),
      cpuMsPerMove: round(perMove),
      pageFaultsPerMove: round((faults1 - faults0) / Math.max(1, moves)),
      threadCpuMsPerMove: Object.fromEntries(
        Object.entries(threads1).map(([group, ms]) => [group, round((ms - (threads0[group] ?? 0)) / Math.max(1, moves), 2)]),
      ),
      cpuBoundMovesPerS: round((cpus().length * 1000) / perMove),
      violations: scene.fake.violations.length,
      restPerS: round(requests.length / elapsed),
      restPerMove,
      restGlobalPerS: round(global / elapsed),
      sqlStatementsPerMove: round(Object.keys(sql1).reduce((n, pool) => n + sql1[pool]! - (sql0[pool] ?? 0), 0) / Math.max(1, moves), 2),
      sqlStatementsPerMoveByPool: Object.fromEntries(Object.keys(sql1).map((pool) => [pool, round((sql1[pool]! - (sql0[pool] ?? 0)) / Math.max(1, moves), 2)])),
      botLog: scene.botLog().slice(0, 10).map((l) => l.replace(/\s+/g, ' ').slice(0, 300)),
    };
  } finally {
    await scene.stop();
    // The bot's render pool says, as it stops, how long boards waited for a worker.
    for (const line of scene.botLog()) if (/render pool:/.test(line)) log(line.replace(/\s+/g, ' ').slice(0, 300));
    await pg.stop();
  }
}

type LoopState = { stop: boolean; measuring: boolean; presses: number; completions: number; failures: number; harnessPlies: number; boardMs: number[] };

/** One game played move after move by its two members until told to stop. */
async function playLoop(scene: BotScene, slot: { game: SceneGame; board: FakeMessage; seed: string }, st: LoopState): Promise<void> {
  const { fake } = scene;
  let renewals = 0;
  while (!st.stop) {
    try {
      if (isFinished(slot.board)) {
        const made = await scene.newGame(`${slot.seed}/renewed${++renewals}`, 10);
        if (st.measuring) st.harnessPlies += made.snapshot.version;
        slot.game = made.game;
        slot.board = made.board;
        continue;
      }
      const { rec, posted, presses } = await pressOneMove(fake, slot.game.channelId, slot.board, slot.game.rng);
      if (st.measuring) {
        st.presses += presses;
        st.completions++;
        st.boardMs.push(shownAt(posted) - rec.createdAt);
      }
      slot.board = posted;
    } catch (e) {
      if (st.stop) return;
      st.failures++;
      if (st.failures <= 5) console.error(`throughput: game ${slot.game.id}: ${(e as Error).message}`);
      const snapshot = await scene.load(slot.game.id);
      if (!snapshot) return;
      slot.board = await scene.postBoard(slot.game, snapshot);
    }
  }
}

if (isMain(import.meta.url)) {
  const args = process.argv.slice(2);
  const r = await benchThroughput({
    gameId: argValue(args, '--game'),
    games: Number(argValue(args, '--games') ?? 100),
    seconds: Number(argValue(args, '--seconds') ?? 20),
    bot: argValue(args, '--bot') === 'in-process' ? 'in-process' : 'process',
    botCpuProfileDir: argValue(args, '--bot-cpu-prof'),
    botEnv: Object.fromEntries((argValue(args, '--bot-env') ?? '').split(',').filter(Boolean).map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)])),
    log: (l) => console.log(l),
  });
  console.log(JSON.stringify(r, null, 2));
}
