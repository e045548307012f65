// End-to-end scene: the real bot (startApp: discord.js, services, engines, renderer, AI workers)
// against the fake Discord on loopback, with a real PostgreSQL database of its own.
import { fixedSeeds } from './seeds.js';
import { buildSiegeCommand, siegeCommands } from '../../commands/index.js';
import { startApp, type RunningApp } from '../../src/app.js';
import type { Config } from '../../src/config/env.js';
import { createAiPool } from '../../src/ai/pool.js';
import { createRenderPool, type RenderPool } from '../../src/render/pool.js';
import type { AiMover } from '../../src/services/types.js';
import { createLogger } from '../../src/config/logger.js';
import { FakeDiscord, type FakeChannel, type FakeGuild, type FakeUser } from '../harness/fakeDiscord.js';
import type { FakeMessage } from '../harness/types.js';
import { createTestDatabase, type TestDatabase } from './database.js';

export type Scene = {
  fake: FakeDiscord;
  database: TestDatabase;
  app: RunningApp;
  guild: FakeGuild;
  channel: FakeChannel;
  alice: FakeUser;
  bob: FakeUser;
  carol: FakeUser;
  robot: FakeUser;
  logs: string[];
  /** Stops the bot process (not Discord, not the database) and starts a fresh one; `meanwhile` runs while it is down. */
  restart(meanwhile?: () => Promise<void>): Promise<void>;
  stop(): Promise<void>;
};

export function testConfig(fake: FakeDiscord, databaseUrl: string, extra: Partial<Config> = {}): Config {
  return {
    discordToken: fake.botToken,
    applicationId: null,
    deployGuildId: null,
    discordApiUrl: fake.apiUrl,
    databaseUrl,
    embeddedPgDir: '.data/unused',
    embeddedPgDirChosen: false,
    embeddedPgPort: 54329,
    challengeExpiryMs: 24 * 3600_000,
    aiWorkers: 1,
    renderWorkers: 1,
    renderBoardsPerWorker: 2,
    shardCount: 1,
    shardIds: [0],
    // The bot's default. An idle scene polling its eight queues every 0.5 s cost PostgreSQL and the
    // worker 0.075 CPU-s a second more (a scene idle for 40 s: 15.3 CPU-s against 11.7-12.7); jobs a
    // test makes due by moving its clock run at once (helpers/clock.ts wakes the workers).
    jobPollSeconds: 2,
    logLevel: 'warn',
    logFormat: 'json',
    // Scenes run side by side in one process: none opens a port unless a test asks for one.
    httpPort: null,
    httpHost: '127.0.0.1',
    publicUrl: null,
    metricsPort: null,
    metricsHost: '127.0.0.1',
    trustProxy: false,
    webMaxStreams: 1000,
    databasePoolSize: 10,
    jobPoolSize: 4,
    gameSeedPrefix: null,
    ...extra,
  };
}

/**
 * One render pool for every scene of a test process: a pool's worker takes a second or more of
 * CPU to start (the renderers' code, Skia, sharp, the fonts), which every scene would pay again.
 * Test files run one after another in a few reused processes (vitest.config.ts, `isolate: false`);
 * the pool lives as long as its process.
 */
let sharedPool: RenderPool | null = null;
function sharedRenderPool(): RenderPool {
  return (sharedPool ??= createRenderPool({ size: 1 }));
}
/** Likewise the AI's worker (it loads every game's engine, at the first AI move); a bot's stop leaves it running. */
let sharedAi: ReturnType<typeof createAiPool> | null = null;
function sharedAiMover(): AiMover {
  const pool = (sharedAi ??= createAiPool({ size: 1 }));
  return { chooseMove: (...args) => pool.chooseMove(...args) };
}

/**
 * The bot in this process against a fresh fake Discord and database. Every game it starts gets the
 * next seed of `opts.seeds` (by default `scene-0`, `scene-1`…), across restarts too.
 */
export async function startScene(
  extra: Partial<Config> = {},
  opts: {
    database?: TestDatabase;
    now?: () => Date;
    seeds?: () => string;
    render?: RenderPool;
    /** Runs the bot's first start: a test may look at it while it starts (by default, just starts it). */
    aroundStart?: (fake: FakeDiscord, start: () => Promise<RunningApp>) => Promise<RunningApp>;
  } = {},
): Promise<Scene> {
  const newSeed = opts.seeds ?? fixedSeeds('scene');
  const fake = await FakeDiscord.start();
  // The bot runs in this process and says when each interaction's handler has finished.
  fake.tracksHandling = true;
  const database = opts.database ?? (await createTestDatabase());
  const guild = fake.addGuild({ name: 'Castle' });
  const channel = fake.addChannel(guild.id, { name: 'games' });
  const alice = fake.addUser({ username: 'alice' });
  const bob = fake.addUser({ username: 'bob' });
  const carol = fake.addUser({ username: 'carol' });
  const robot = fake.addUser({ username: 'robot', bot: true });
  for (const u of [alice, bob, carol, robot]) fake.addMember(guild.id, u.id);
  fake.registerCommands([buildSiegeCommand().toJSON()], guild.id);
  const logs: string[] = [];
  const log = createLogger(extra.logLevel ?? 'warn', (line) => logs.push(line));
  const boot = async () => {
    const app = await startApp(testConfig(fake, database.url, extra), {
      log, now: opts.now, newSeed, render: opts.render ?? sharedRenderPool(), ai: sharedAiMover(), commands: siegeCommands,
      onInteractionHandled: (id) => fake.interactionHandled(id),
    });
    await app.ready;
    return app;
  };
  const scene: Scene = {
    fake, database, guild, channel, alice, bob, carol, robot, logs,
    app: await (opts.aroundStart ? opts.aroundStart(fake, boot) : boot()),
    async restart(meanwhile) {
      await scene.app.stop();
      await meanwhile?.();
      scene.app = await boot();
    },
    async stop() {
      await scene.app.stop();
      await fake.stop();
      await database.drop();
    },
  };
  return scene;
}

/**
 * The move count a board's footer shows ("Move <n> · …"): the moves standing. It equals the
 * game's version until a move is undone or taken back, or the game ends without a move (a
 * resignation, a timeout); tests that step through games without those read it as the version.
 */
export function boardMoveCount(m: FakeMessage): number | null {
  const footer = (m.embeds[0]?.footer as { text?: string } | undefined)?.text ?? '';
  const match = /^Move (\d+)/.exec(footer);
  return match ? Number(match[1]) : null;
}
export const boardVersion = boardMoveCount;

export function boardsIn(fake: FakeDiscord, channelId: string): FakeMessage[] {
  return fake.messages(channelId).filter((m) => !m.ephemeral && boardMoveCount(m) !== null);
}

/** A board a newer one replaced: its text says what replaced it ("↪ …"), its footer is as it was. */
const retired = (m: FakeMessage) => m.content.startsWith('↪');

/**
 * The game's board once it shows `moves` moves. Retired boards are passed over: after an undo or
 * a takeback the count goes back to one an older board still shows.
 */
export async function waitForBoard(fake: FakeDiscord, channelId: string, moves: number, timeoutMs = 15_000): Promise<FakeMessage> {
  return fake.waitForMessage((m) => m.channelId === channelId && !m.ephemeral && !retired(m) && boardMoveCount(m) === moves, timeoutMs);
}

/**
 * The thread's newest board once it shows `moves` moves. After an undo a new board is posted and
 * the one before it still shows its count until it is retired (retirements follow new boards).
 */
export async function waitForNewestBoard(fake: FakeDiscord, channelId: string, moves: number, timeoutMs = 15_000): Promise<FakeMessage> {
  return fake.waitForMessage((m) => {
    const boards = boardsIn(fake, channelId);
    return m.channelId === channelId && boards[boards.length - 1]?.id === m.id && boardMoveCount(m) === moves;
  }, timeoutMs);
}

/** The game's board once it shows more than `moves` moves (a new board, or the same one updated in place). */
export async function waitForBoardAfter(fake: FakeDiscord, channelId: string, moves: number, timeoutMs = 15_000): Promise<FakeMessage> {
  return fake.waitForMessage((m) => m.channelId === channelId && !m.ephemeral && !retired(m) && (boardMoveCount(m) ?? -1) > moves, timeoutMs);
}

/** The game's final board: the one with a Result, however it ended (a move, a timeout, a resignation). */
export async function waitForFinalBoard(fake: FakeDiscord, channelId: string, timeoutMs = 15_000): Promise<FakeMessage> {
  const hasResult = (m: FakeMessage) => ((m.embeds[0]?.fields as { name: string }[] | undefined) ?? []).some((f) => f.name === 'Result');
  return fake.waitForMessage((m) => m.channelId === channelId && !m.ephemeral && boardMoveCount(m) !== null && hasResult(m), timeoutMs);
}

/**
 * What a press on a board or a private step led to: the next private step (its choices), or
 * nothing private (the move was made; the board follows). A private answer without choices
 * other than "You played" is an error the caller shows.
 */
export function nextStep(
  rec: { replies: FakeMessage[]; ephemeralText(): string; userId: string; channelId: string; createdAt: number; sourceMessageId: string | null },
  fake?: FakeDiscord,
): { step: FakeMessage | null; text: string } {
  // A press on the board may show the step in the player's open panel, reused: edited since the press.
  const step = rec.replies.find((m) => m.ephemeral && m.components.length > 0) ?? (fake ? panelEditedBy(fake, rec) : null);
  // (A press on a panel answers on the panel itself, among its replies.)
  return { step, text: rec.ephemeralText() };
}

/** The presser's private panel in the channel, edited since the press (a panel the press reused). */
export function panelEditedBy(fake: FakeDiscord, rec: { userId: string; channelId: string; createdAt: number; sourceMessageId: string | null }): FakeMessage | null {
  return fake.visibleMessages(rec.channelId, rec.userId)
    .find((m) => m.ephemeral && m.id !== rec.sourceMessageId && m.components.length > 0 && (m.editedAt ?? 0) >= rec.createdAt) ?? null;
}

type RawComponent = { type: number; custom_id?: string; label?: string; disabled?: boolean; options?: { label: string; value: string }[] };

export function componentsOf(m: FakeMessage): RawComponent[] {
  return (m.components as { components?: RawComponent[] }[]).flatMap((row) => row.components ?? []);
}

export function selectOf(m: FakeMessage): RawComponent | undefined {
  return componentsOf(m).find((c) => c.type === 3);
}

export function buttonsOf(m: FakeMessage): RawComponent[] {
  return componentsOf(m).filter((c) => c.type === 2 && c.custom_id);
}

/** The button that opens a player's settings in a game: no move, so it carries no version. */
export const isSettings = (b: RawComponent) => /^s1:se:\d+$/.test(b.custom_id ?? '');
