// Interaction latency with 1, 10 and 50 games played at once, by the in-process bot against the
// fake Discord. For each game the move is first opened (unmeasured: the choice on the public
// board that brings up the private step message); then, at one instant, the move-completing
// button is pressed in every game. Per press:
//   ack           INTERACTION_CREATE to the first response reaching the fake (rec.ackMs)
//   board posted  the interaction's creation to the new board message, with its PNG, being
//                 stored by the fake (both Date.now() stamps of the fake)
//   npx tsx bench/interactions.ts [--game dice-realms] [--quick] [--bot in-process|process] [--render-workers N]
import type { GameSnapshot } from '../src/services/types.js';
import type { FakeMessage, InteractionRecord } from '../test/harness/fakeDiscord.js';
import { argValue, benchPostgres, defaultBenchGame, isMain, sleep, spread, type Log, type Spread } from './common.js';
import { buttonPaths, isBoard, pressChoice, settle, shownAt, startBotScene, stepMessage, userToAct, type BotMode, type BotScene, type SceneGame } from './botScene.js';

export type InteractionLevel = {
  concurrency: number;
  rounds: number;
  ackMs: Spread;
  boardMs: Spread;
  /** Where the board time goes: press → the bot starts committing the move (Move.createdAt)… */
  toCommitMs: Spread;
  /** …then → the board is at the fake (commit, SVG, rasterize, upload). */
  commitToBoardMs: Spread;
  /** Presses that did not end in "You played" and a new board. */
  failures: number;
  /**
   * Per round: requests the fake received from the first press to the last new board, other than
   * interaction callbacks. discord.js lets 50 of those through per second (Discord's global limit).
   */
  restGlobalBeforeLastBoard: Spread;
};

export type InteractionBenchResult = {
  gameId: string;
  bot: BotMode;
  /** Choices per measured move (1: the board's own button completes it; 2: menu, then button). */
  steps: number;
  levels: InteractionLevel[];
  all: { ackMs: Spread; boardMs: Spread };
  violations: string[];
  botWarnings: string[];
};

export type InteractionBenchOptions = {
  gameId?: string;
  /** Concurrency → rounds. */
  rounds?: Record<number, number>;
  steps?: number;
  /** Random moves played before the first measured one, so that boards are mid-game. */
  warmPlies?: number;
  /** The bot in this process (default, as the end-to-end tests run it) or as its own process. */
  bot?: BotMode;
  /** RENDER_WORKERS of a bot that runs as its own process (default: the bot's own default). */
  renderWorkers?: number;
  log?: Log;
};

/** How many choices complete a typical move: Siege Master picks a cell, then a direction. */
export const STEPS_BY_GAME: Record<string, number> = { 'siege-master': 2, 'dice-realms': 1 };

export const FULL_ROUNDS = { 1: 30, 10: 10, 50: 5 };
export const QUICK_ROUNDS = { 1: 5, 10: 3, 50: 2 };

export type Slot = { game: SceneGame; snapshot: GameSnapshot; board: FakeMessage; seed: string; renewals: number };
type Prepared = { slot: Slot; userId: string; version: number; message: FakeMessage; chosen: string[]; key: string };

export async function benchInteractions(opts: InteractionBenchOptions = {}): Promise<InteractionBenchResult> {
  const gameId = opts.gameId ?? defaultBenchGame();
  const steps = opts.steps ?? STEPS_BY_GAME[gameId] ?? 2;
  const rounds = opts.rounds ?? FULL_ROUNDS;
  const warmPlies = opts.warmPlies ?? 12;
  const log = opts.log ?? (() => {});
  const pg = await benchPostgres(log);
  const scene = await startBotScene(gameId, opts.bot ?? 'in-process', opts.renderWorkers ? { RENDER_WORKERS: String(opts.renderWorkers) } : {});
  try {
    // Warm-up (not measured): the JIT, fontconfig, librsvg, Prisma's pool and discord.js's routes.
    const warm = await makeSlots(scene, 4, 'warm', warmPlies, steps);
    for (let i = 0; i < 2; i++) await measureRound(scene, warm, steps);

    const levels: InteractionLevel[] = [];
    const allAck: number[] = [];
    const allBoard: number[] = [];
    for (const [c, r] of Object.entries(rounds).map(([c, r]) => [Number(c), r] as const)) {
      const slots = await makeSlots(scene, c, `c${c}`, warmPlies, steps);
      const ack: number[] = [];
      const board: number[] = [];
      const toCommit: number[] = [];
      const commitToBoard: number[] = [];
      const restGlobal: number[] = [];
      let failures = 0;
      for (let round = 0; round < r; round++) {
        await sleep(250); // the previous round's background work (old board edits) is over
        const res = await measureRound(scene, slots, steps);
        ack.push(...res.ack);
        board.push(...res.board);
        toCommit.push(...res.toCommit);
        commitToBoard.push(...res.commitToBoard);
        if (res.restGlobal !== null) restGlobal.push(res.restGlobal);
        failures += res.failures;
      }
      allAck.push(...ack);
      allBoard.push(...board);
      const level = { concurrency: c, rounds: r, ackMs: spread(ack), boardMs: spread(board), toCommitMs: spread(toCommit), commitToBoardMs: spread(commitToBoard), failures, restGlobalBeforeLastBoard: spread(restGlobal) };
      levels.push(level);
      log(
        `c${c}: ${r} rounds, ack p50 ${level.ackMs.p50} p99 ${level.ackMs.p99} ms; board p50 ${level.boardMs.p50} p99 ${level.boardMs.p99} ms ` +
          `(to commit p50 ${level.toCommitMs.p50} p99 ${level.toCommitMs.p99}, then to board p50 ${level.commitToBoardMs.p50} p99 ${level.commitToBoardMs.p99})` +
          `${failures ? `; ${failures} failed` : ''}`,
      );
    }
    await scene.fake.settle({ timeoutMs: 10_000 });
    return {
      gameId,
      bot: scene.mode,
      steps,
      levels,
      all: { ackMs: spread(allAck), boardMs: spread(allBoard) },
      violations: scene.fake.violations.map((v) => `${v.kind}: ${v.message}`),
      botWarnings: scene.botLog().slice(0, 20).map((l) => l.replace(/\s+/g, ' ').slice(0, 300)),
    };
  } finally {
    await scene.stop();
    await pg.stop();
  }
}

export async function makeSlots(scene: BotScene, n: number, label: string, warmPlies: number, steps: number): Promise<Slot[]> {
  const slots: Slot[] = [];
  for (let i = 0; i < n; i++) {
    const seed = `bench/interactions/${label}/${i}`;
    const made = await scene.newGame(seed, warmPlies);
    slots.push(await ready(scene, { ...made, seed, renewals: 0 }, steps));
  }
  return slots;
}

/** Brings a game to a position where a move of `steps` choices ends with a button. */
async function ready(scene: BotScene, slot: Slot, steps: number): Promise<Slot> {
  for (let attempt = 0; attempt < 5; attempt++) {
    if (slot.snapshot.status === 'ACTIVE' && buttonPaths(scene.def, slot.snapshot, steps).length > 0) return slot;
    const before = slot.snapshot.version;
    const s = await scene.advance(slot.game, slot.snapshot, (x) => buttonPaths(scene.def, x, steps).length > 0);
    if (s.status === 'ACTIVE' && buttonPaths(scene.def, s, steps).length > 0) {
      return { ...slot, snapshot: s, board: s.version === before ? slot.board : await scene.postBoard(slot.game, s) };
    }
    // the game ended (or never offered such a move): a new game takes its place
    const seed = `${slot.seed}/renewed${++slot.renewals}`;
    const made = await scene.newGame(seed, 4);
    slot = { ...made, seed, renewals: slot.renewals };
  }
  throw new Error(`no ${steps}-step move with a button in ${scene.gameId} after several games`);
}

/** Opens each game's move up to its last step (unmeasured). */
async function prepare(scene: BotScene, slot: Slot, steps: number): Promise<Prepared> {
  const { fake, def } = scene;
  const s = slot.snapshot;
  const actor = userToAct(def, s)!;
  const paths = buttonPaths(def, s, steps);
  const path = slot.game.rng.pick(paths);
  let message = slot.board;
  for (let k = 0; k < path.length - 1; k++) {
    const before = message.revisions;
    const rec = await settle(fake, await pressChoice(fake, message, actor.userId, s.id, s.version, path.slice(0, k), path[k]!), before);
    const next = stepMessage(rec);
    if (!next) throw new Error(`game ${s.id}: no step message after choosing ${path.slice(0, k + 1).join(' ')}: ${rec.text()}`);
    message = next;
  }
  return { slot, userId: actor.userId, version: s.version, message, chosen: path.slice(0, -1), key: path[path.length - 1]! };
}

export type RoundFigures = { ack: number[]; board: number[]; toCommit: number[]; commitToBoard: number[]; failures: number; restGlobal: number | null };

export async function measureRound(scene: BotScene, slots: Slot[], steps: number): Promise<RoundFigures> {
  const { fake } = scene;
  for (let i = 0; i < slots.length; i++) slots[i] = await ready(scene, slots[i]!, steps);
  const prepared: Prepared[] = [];
  for (const slot of slots) prepared.push(await prepare(scene, slot, steps));
  // Waiters first, so that nothing but the presses and the bot runs after T.
  const boards = prepared.map((p) => fake.waitForMessage(isBoard(p.slot.game.channelId, p.version + 1), 60_000).catch(() => null));
  const revisions = prepared.map((p) => p.message.revisions);
  // T: every press is dispatched before this loop yields to the event loop.
  const presses = prepared.map((p) => pressChoice(fake, p.message, p.userId, p.slot.game.id, p.version, p.chosen, p.key));
  const recs: InteractionRecord[] = await Promise.all(presses);
  const ack: number[] = [];
  const board: number[] = [];
  const posts: (FakeMessage | null)[] = prepared.map(() => null);
  let failures = 0;
  await Promise.all(
    recs.map(async (rec, i) => {
      const p = prepared[i]!;
      try {
        await rec.response();
        ack.push(rec.ackMs!);
        const posted = await boards[i]!;
        if (posted) board.push(shownAt(posted) - rec.createdAt);
        posts[i] = posted;
        await settle(fake, rec, revisions[i]!);
        // A completed move leaves no private step: the board moved on (and no refusal was sent).
        if (!posted || stepMessage(rec) || (rec.ephemeralText() && !/You played/.test(rec.ephemeralText()))) failures++;
        const fresh = await scene.load(p.slot.game.id);
        if (fresh) p.slot.snapshot = fresh;
        if (posted) p.slot.board = posted;
      } catch {
        failures++;
      }
    }),
  );
  // The bot stamps each Move row with the time it began committing it.
  const moves = await scene.database.db.move.findMany({
    where: { OR: prepared.map((p) => ({ gameId: p.slot.game.id, seq: p.version + 1 })) },
    select: { gameId: true, createdAt: true },
  });
  const committedAt = new Map(moves.map((m) => [m.gameId, m.createdAt.getTime()]));
  const toCommit: number[] = [];
  const commitToBoard: number[] = [];
  prepared.forEach((p, i) => {
    const at = committedAt.get(p.slot.game.id);
    const posted = posts[i];
    if (at === undefined || !posted) return;
    toCommit.push(at - recs[i]!.createdAt);
    commitToBoard.push(posted.createdAt - at);
  });
  const firstPress = Math.min(...recs.map((r) => r.createdAt));
  const lastBoard = Math.max(...posts.flatMap((m) => (m ? [m.createdAt] : [])));
  const restGlobal = Number.isFinite(lastBoard)
    ? fake.requests.filter((r) => r.at >= firstPress && r.at <= lastBoard && !/\/callback$/.test(r.route ?? r.path)).length
    : null;
  return { ack, board, toCommit, commitToBoard, failures, restGlobal };
}

if (isMain(import.meta.url)) {
  const args = process.argv.slice(2);
  const quick = args.includes('--quick');
  const steps = argValue(args, '--steps');
  const renderWorkers = argValue(args, '--render-workers');
  const r = await benchInteractions({
    ...(renderWorkers ? { renderWorkers: Number(renderWorkers) } : {}),
    gameId: argValue(args, '--game'),
    rounds: quick ? QUICK_ROUNDS : FULL_ROUNDS,
    ...(steps ? { steps: Number(steps) } : {}),
    bot: argValue(args, '--bot') === 'process' ? 'process' : 'in-process',
    log: (l) => console.log(l),
  });
  console.log(JSON.stringify(r, null, 2));
}
