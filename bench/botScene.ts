// The bot against the fake Discord on loopback, with its own database in the bench PostgreSQL,
// either in this process (startApp, as the end-to-end tests run it) or as its own process
// (node --import tsx src/index.ts, as `npm start` runs it). Games are created through the
// services with a member on each seat, each in a channel of its own, then played the way members
// play them: pressing the board's menus and buttons.
import { fixedSeeds } from '../test/helpers/seeds.js';
import { buildSiegeCommand, siegeCommands } from '../commands/index.js';
import { startApp } from '../src/app.js';
import { createLogger } from '../src/config/logger.js';
import type { GameDefinition } from '../src/engine/contract.js';
import { Rng } from '../src/engine/rng.js';
import { encodeCustomId } from '../src/discord/customId.js';
import { createServices } from '../src/services/index.js';
import { choiceLevel, choicePathOf } from '../src/services/moveChoices.js';
import type { GameSnapshot } from '../src/services/types.js';
import { FakeDiscord, type FakeGuild, type FakeMessage, type InteractionRecord } from '../test/harness/fakeDiscord.js';
import type { TestDatabase } from '../test/helpers/database.js';
import { spawnBot } from '../test/helpers/botProcess.js';
import { boardVersion, buttonsOf, selectOf, testConfig } from '../test/helpers/scene.js';
import { benchDatabase, freePort, randomMove, registeredGame, sleep } from './common.js';

/** Choices at one level are buttons up to this many (src/discord/components/moveComponents.ts). */
const MAX_BUTTONS = 10;

export type BotMode = 'in-process' | 'process';

export type SceneGame = {
  id: number;
  channelId: string;
  userIds: string[];
  rng: Rng;
};

export type BotScene = {
  mode: BotMode;
  fake: FakeDiscord;
  database: TestDatabase;
  guild: FakeGuild;
  def: GameDefinition;
  gameId: string;
  /** The bot's process id when it runs as its own process. */
  botPid: number | null;
  /** Warnings and errors the bot logged so far. */
  botLog(): string[];
  /** The bot's Prometheus metrics now (its /metrics). */
  metricsText(): Promise<string>;
  /** The bot's HTTP server (watch pages, metrics). */
  httpUrl: string;
  load(id: number): Promise<GameSnapshot | null>;
  /** A new game between two new members, `warmPlies` random moves in, with its board posted. */
  newGame(seed: string, warmPlies: number): Promise<{ game: SceneGame; snapshot: GameSnapshot; board: FakeMessage }>;
  /** Plays random moves through the services (no Discord) until `until` holds or the game ends. */
  advance(game: SceneGame, snapshot: GameSnapshot, until: (s: GameSnapshot) => boolean, maxPlies?: number): Promise<GameSnapshot>;
  /** Has the bot post the current board of a game and returns the fake's copy. */
  postBoard(game: SceneGame, snapshot: GameSnapshot): Promise<FakeMessage>;
  stop(): Promise<void>;
};

const BOT_TOKEN = 'bench-bot-token-0123456789abcdef';

/** Lines of the bot's own output that are warnings or errors. */
const TROUBLE = /"level":"(warn|error)"|render pool:/;

export async function startBotScene(gameId: string, mode: BotMode = 'in-process', botEnv: Record<string, string> | ((fake: FakeDiscord) => Record<string, string>) = {}): Promise<BotScene> {
  const def = registeredGame(gameId);
  // Connections kept like Discord's (the fake's default makes discord.js reconnect per request).
  const fake = await FakeDiscord.start({ botToken: BOT_TOKEN, keepAliveTimeoutMs: 60_000 });
  const database = await benchDatabase();
  const guild = fake.addGuild({ name: 'Bench' });
  fake.registerCommands([buildSiegeCommand().toJSON()], guild.id);
  const logs: string[] = [];
  const log = createLogger('warn', (line) => logs.push(line));

  let postBoardOf: (game: SceneGame, snapshot: GameSnapshot) => Promise<FakeMessage>;
  let stopBot: () => Promise<void>;
  let services: ReturnType<typeof createServices>;
  let botPid: number | null = null;
  let botLog = () => logs;
  let metricsText: () => Promise<string>;
  let httpUrl = '';
  if (mode === 'in-process') {
    // As scripts/start.ts does for the bot: a failure in one handler is logged, not fatal.
    const onUnhandled = (reason: unknown) => logs.push(`unhandled rejection: ${(reason as Error)?.message ?? String(reason)}`);
    process.on('unhandledRejection', onUnhandled);
    // The web bench's watchers come from addresses of their own (X-Forwarded-For from loopback).
    const app = await startApp(testConfig(fake, database.url, { aiWorkers: 1, logLevel: 'warn', httpPort: 0, trustProxy: ['loopback'] }), { log, commands: siegeCommands });
    await app.ready;
    services = app.ctx!.services;
    metricsText = () => app.metrics.text();
    httpUrl = app.httpUrl!;
    postBoardOf = async (game, snapshot) => {
      const sent = await app.ctx!.publisher.postBoard(snapshot, {}, undefined);
      if (!sent) throw new Error(`the board of game ${game.id} was not posted`);
      return fake.message(sent.id)!;
    };
    stopBot = async () => {
      await app.stop();
      process.off('unhandledRejection', onUnhandled);
    };
  } else {
    const httpPort = await freePort();
    const metricsPort = await freePort();
    // The web bench's watchers come from addresses of their own (X-Forwarded-For from loopback).
    const bot = spawnBot({ DISCORD_TOKEN: BOT_TOKEN, DISCORD_API_URL: fake.apiUrl, DATABASE_URL: database.url, LOG_LEVEL: 'info', HTTP_PORT: String(httpPort), METRICS_PORT: String(metricsPort), TRUST_PROXY: 'loopback', ...(typeof botEnv === 'function' ? botEnv(fake) : botEnv) });
    httpUrl = `http://127.0.0.1:${httpPort}`;
    metricsText = async () => (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    await bot.waitFor(/ready: shards /, 120_000);
    botPid = bot.child.pid ?? null;
    // Games are created and advanced through the services in this process, on the same
    // database; the bot reads every game from PostgreSQL on each interaction.
    services = createServices({ db: database.db, log, ai: { chooseMove: async () => { throw new Error('no AI seats in the bench'); } }, now: () => new Date(), newSeed: fixedSeeds('bench'), challengeExpiryMs: 86_400_000 });
    postBoardOf = async (game) => {
      // The bot posts the board in answer to `/siege board` in the game's channel.
      const rec = await fake.slashCommand({ guildId: guild.id, channelId: game.channelId, userId: game.userIds[0]!, name: 'siege', subcommand: 'board', options: { game: game.id } });
      await rec.done({ timeoutMs: 60_000 });
      const board = rec.replies.find((m) => !m.ephemeral && m.attachments.length > 0);
      if (!board) throw new Error(`/siege board posted no board for game ${game.id}: ${rec.text()}`);
      return board;
    };
    // Each warning or error with the two lines after it (the message of an error, its first frame).
    botLog = () => {
      const lines = bot.output().split('\n');
      return lines.flatMap((l, i) => (TROUBLE.test(l) ? [[l, ...lines.slice(i + 1, i + 3)].join(' | ')] : []));
    };
    stopBot = async () => {
      bot.child.kill('SIGTERM');
      await Promise.race([bot.exited(), sleep(20_000)]);
      if (bot.child.exitCode === null) bot.child.kill('SIGKILL');
    };
  }
  let made = 0;
  async function advance(game: SceneGame, snapshot: GameSnapshot, until: (s: GameSnapshot) => boolean, maxPlies = 500) {
    let s = snapshot;
    for (let ply = 0; ply < maxPlies && s.status === 'ACTIVE' && !until(s); ply++) {
      const next = randomMove(def, s.state, game.rng);
      if (!next) break;
      const seat = s.seats[next.seat];
      if (seat?.kind !== 'human') throw new Error('bench games have members on every seat');
      const applied = await services.games.applyMove({
        gameId: game.id,
        actor: { kind: 'user', userId: seat.userId },
        input: { move: next.move },
        expectedVersion: s.version,
      });
      if (!applied.ok) throw new Error(`game ${game.id}: ${applied.error.message}`);
      s = applied.value.game;
    }
    return s;
  }

  return {
    mode,
    fake,
    database,
    guild,
    def,
    gameId,
    botPid,
    botLog: () => botLog(),
    metricsText: () => metricsText(),
    get httpUrl() {
      return httpUrl;
    },
    advance,
    postBoard: (game, snapshot) => postBoardOf(game, snapshot),
    load: (id) => services.games.load(id),
    async newGame(seed, warmPlies) {
      const n = ++made;
      const channel = fake.addChannel(guild.id, { name: `bench-${n}` });
      const users = [0, 1].map((i) => fake.addUser({ username: `player${n}-${i}` }));
      for (const u of users) fake.addMember(guild.id, u.id);
      const started = await services.games.startGame({
        gameType: gameId,
        guildId: guild.id,
        channelId: channel.id,
        seats: users.map((u) => ({ kind: 'human' as const, userId: u.id })),
        seed,
        // As `/siege start` gives a game between members: the server's default clock (3 days a
        // move), whose reminder and timeout jobs follow every hand-over.
        clockSeconds: 3 * 86_400,
      });
      if (!started.ok) throw new Error(started.error.message);
      const game: SceneGame = { id: started.value.id, channelId: channel.id, userIds: users.map((u) => u.id), rng: Rng.fromSeed(`${seed}/bench`) };
      const snapshot = await advance(game, started.value, (s) => s.version >= warmPlies);
      return { game, snapshot, board: await postBoardOf(game, snapshot) };
    },
    async stop() {
      await stopBot();
      await fake.stop();
      await database.drop();
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Moves as paths of choices

/** The user who must act in a snapshot (the first human seat to act). */
export function userToAct(def: GameDefinition, s: GameSnapshot): { seat: number; userId: string } | null {
  for (const seat of def.toAct(s.state)) {
    const spec = s.seats[seat];
    if (spec?.kind === 'human') return { seat, userId: spec.userId };
  }
  return null;
}

/** Options shown at a level without paging: all of them as buttons, or the menu's first page. */
const PAGE_SIZE = 25;

/**
 * Choice paths of exactly `steps` steps whose last step is shown as buttons, and whose earlier
 * steps are on the first page of their menu: the moves a member completes with a button press
 * after `steps - 1` menu or button choices.
 */
export function buttonPaths(def: GameDefinition, s: GameSnapshot, steps: number): string[][] {
  const actor = userToAct(def, s);
  if (!actor || s.status !== 'ACTIVE') return [];
  const levels = new Map<string, string[]>();
  const levelAt = (prefix: string[]) => {
    const key = prefix.join(':');
    let keys = levels.get(key);
    if (!keys) {
      keys = choiceLevel(def, s.state, actor.seat, prefix).options.map((o) => o.key);
      levels.set(key, keys);
    }
    return keys;
  };
  const out: string[][] = [];
  for (const move of def.legalMoves(s.state, actor.seat)) {
    const path = choicePathOf(def, s.state, actor.seat, move).map((c) => c.key);
    if (path.length !== steps) continue;
    if (levelAt(path.slice(0, -1)).length > MAX_BUTTONS) continue;
    // A level with a single choice is taken for the player: such a path never stops before its last step.
    if (path.slice(1).some((_, k) => levelAt(path.slice(0, k + 1)).length === 1)) continue;
    const reachable = path.slice(0, -1).every((key, k) => {
      const keys = levelAt(path.slice(0, k));
      return keys.length <= MAX_BUTTONS || keys.indexOf(key) < PAGE_SIZE;
    });
    if (reachable) out.push(path);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Pressing as a member

/**
 * Settles a press: acknowledged, the deferred reply replaced, and, for a press on a private step
 * message, that message edited (its revision count past `revisionsBefore`, read before pressing) or removed.
 */
export async function settle(fake: FakeDiscord, rec: InteractionRecord, revisionsBefore: number, timeoutMs = 30_000): Promise<InteractionRecord> {
  await rec.done({ timeoutMs, quietMs: 5 });
  if ((rec.callback?.type === 6 || rec.callback?.type === 7) && rec.sourceMessageId) {
    const until = performance.now() + timeoutMs;
    // The pressed message changes, or goes: a move removes the private step panel it was made on.
    const changed = (m: FakeMessage | undefined) => !m || m.deleted || m.revisions > revisionsBefore;
    while (!changed(fake.message(rec.sourceMessageId)) && performance.now() < until) {
      await new Promise((r) => setTimeout(r, 5));
    }
  }
  return rec;
}

/** Presses the choice `key` at the level of `message` whose path so far is `chosen`. */
export function pressChoice(
  fake: FakeDiscord,
  message: FakeMessage,
  userId: string,
  gameId: number,
  version: number,
  chosen: string[],
  key: string,
): Promise<InteractionRecord> {
  const buttonId = encodeCustomId({ kind: 'move', gameId, version, path: [...chosen, key] });
  if (buttonsOf(message).some((b) => b.custom_id === buttonId && !b.disabled)) {
    return fake.clickButton({ messageId: message.id, customId: buttonId, userId });
  }
  const select = selectOf(message);
  const selectId = encodeCustomId({ kind: 'move', gameId, version, path: chosen });
  if (select?.custom_id === selectId && select.options?.some((o) => o.value === key)) {
    return fake.selectMenu({ messageId: message.id, customId: selectId, values: [key], userId });
  }
  throw new Error(`message ${message.id} offers no choice "${key}" after [${chosen.join(', ')}]`);
}

/** The private step message an unfinished choice was answered with. */
export function stepMessage(rec: InteractionRecord): FakeMessage | null {
  return rec.replies.find((m) => m.ephemeral && m.components.length > 0) ?? null;
}

/** When the board showed its version: posted, or updated in place (a step of the same turn). */
export function shownAt(board: FakeMessage): number {
  return board.revisions > 0 && board.editedAt !== null ? board.editedAt : board.createdAt;
}

/** The board once it shows version `version` or later (forced moves may follow), with its PNG, in `channelId`. */
export function isBoard(channelId: string, version: number) {
  return (m: FakeMessage) =>
    m.channelId === channelId &&
    !m.ephemeral &&
    (boardVersion(m) ?? -1) >= version &&
    m.attachments.some((a) => a.filename.endsWith('.png') && a.size > 0);
}

/**
 * One move made as a member makes it: whoever `board` mentions presses its menus and buttons,
 * choosing at random with `rng`, until the move is complete. Resolves with the completing press
 * and the new board (with its PNG) once the fake has it.
 */
export async function pressOneMove(fake: FakeDiscord, channelId: string, board: FakeMessage, rng: Rng): Promise<{ rec: InteractionRecord; posted: FakeMessage; presses: number }> {
  const version = boardVersion(board)!;
  // "<@id>, your move." (a reposted board names the player without pinging)
  const userId = /<@(\d+)>/.exec(board.content)?.[1];
  if (!userId) throw new Error(`board ${board.id} names nobody to move`);
  let message = board;
  for (let step = 0; step < 6; step++) {
    const select = selectOf(message);
    const buttons = buttonsOf(message).filter((b) => !b.disabled && b.custom_id!.startsWith('s1:mv:') && b.label !== 'Back');
    const source = message;
    const before = source.revisions;
    const press =
      select?.options?.length
        ? fake.selectMenu({ messageId: source.id, customId: select.custom_id!, values: [rng.pick(select.options).value], userId })
        : buttons.length
          ? fake.clickButton({ messageId: source.id, customId: rng.pick(buttons).custom_id!, userId })
          : null;
    if (!press) throw new Error(`no move components on message ${source.id}`);
    const rec = await press;
    const next = fake.waitForMessage(isBoard(channelId, version + 1), 60_000).catch(() => null);
    await settle(fake, rec, before);
    const panel = stepMessage(rec);
    if (panel) {
      message = panel;
      continue;
    }
    // No next step: the move was made (the press retired its board, or the step panel says so).
    if (rec.ephemeralText() && !/You played/.test(rec.ephemeralText())) throw new Error(`a press was refused: ${rec.ephemeralText()}`);
    const posted = await next;
    if (!posted) throw new Error(`no board ${version + 1} after a completing press`);
    return { rec, posted, presses: step + 1 };
  }
  throw new Error('a move took more than six choices');
}

/** A board whose embed carries a Result field: the game is over. */
export function isFinished(board: FakeMessage): boolean {
  const fields = (board.embeds[0]?.fields as { name: string }[] | undefined) ?? [];
  return fields.some((f) => f.name === 'Result');
}
