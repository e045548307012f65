// Chaos, seeded: games of every kind (two members, a member and the AI, solo), random presses by
// their players, bystanders and an outsider (current, stale, double, forged and typed), the bot
// process killed (SIGKILL) mid-press at least three times and started again, and PostgreSQL
// stopped and started once. Whatever the timing, afterwards: every state equals the replay of its
// log, no move told as played is lost or doubled, no one but a seat's player changed it, and every
// running game has a live board of its current version with its clock jobs.
//
// CHAOS_SEED picks the run (default 1); CHAOS_LONG=1 runs the long variant (more rounds and kills),
// by hand: `CHAOS_SEED=7 CHAOS_LONG=1 npx vitest run test/e2e/chaos.e2e.test.ts`.
import seedrandom from 'seedrandom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSiegeCommand } from '../../commands/index.js';
import { createDb, type Db } from '../../src/persistence/db.js';
import { ensureDatabase, startEmbeddedPostgres, type EmbeddedPostgres } from '../../src/persistence/embeddedPostgres.js';
import { migrate } from '../../src/persistence/migrator.js';
import { FakeDiscord, type FakeChannel, type FakeGuild, type FakeUser, type InteractionRecord } from '../harness/fakeDiscord.js';
import type { FakeMessage } from '../harness/types.js';
import { checkInvariants, openPanelOf, pickOf, playThrough, pressableMessages, pressSomething, typedMove, type ChaosGame } from '../helpers/chaos.js';
import { scratchPgDir } from '../helpers/database.js';
import { freePort } from '../helpers/freePort.js';
import { killableBot, type KillableBot } from '../helpers/killableBot.js';
import { press, waitFor, waitForAsync } from '../helpers/play.js';
import { buttonsOf, waitForBoard } from '../helpers/scene.js';

const SEED = Number(process.env.CHAOS_SEED ?? 1);
const LONG = process.env.CHAOS_LONG === '1';
const ROUNDS = LONG ? 200 : 32;
const KILLS = LONG ? 8 : 3;

/** What each game is started with: quick variants where a game has them. */
const GAMES: { game: string; options: Record<string, string>; seats: 'members' | 'ai' | 'solo' }[] = [
  { game: 'siege-master', options: { map: 'hex', 'fortress-count': '5' }, seats: 'members' },
  { game: 'siege-master', options: { map: 'hex', 'fortress-count': '5', ai: 'easy' }, seats: 'ai' },
  { game: 'dice-realms', options: { variant: 'fast' }, seats: 'members' },
  { game: 'dice-realms', options: { variant: 'fast', ai: 'easy' }, seats: 'ai' },
  { game: 'kingdoms-siege', options: {}, seats: 'solo' },
  { game: 'kingdoms-siege', options: {}, seats: 'solo' },
  { game: 'kingdoms-solo', options: {}, seats: 'solo' },
  { game: 'kingdoms-solo', options: {}, seats: 'solo' },
  { game: 'two-deck-siege', options: {}, seats: 'solo' },
  { game: 'two-deck-siege', options: {}, seats: 'solo' },
];

function shuffled<T>(rng: () => number, items: T[]): T[] {
  const out = [...items];
  for (let k = out.length - 1; k > 0; k--) {
    const j = Math.floor(rng() * (k + 1));
    [out[k], out[j]] = [out[j]!, out[k]!];
  }
  return out;
}

describe(`chaos (seed ${SEED}${LONG ? ', long' : ''})`, () => {
  const { dataDir, remove } = scratchPgDir('chaos');
  let port: number;
  let pgServer: EmbeddedPostgres;
  let url: string;
  let db: Db;
  let fake: FakeDiscord;
  let bot: KillableBot;
  let guild: FakeGuild;
  let channel: FakeChannel;
  let players: FakeUser[];
  let outsider: FakeUser;
  const startPg = () => startEmbeddedPostgres({ dataDir, port });

  beforeAll(async () => {
    port = await freePort();
    pgServer = await startPg();
    await ensureDatabase(pgServer.adminUrl, 'siege');
    url = pgServer.urlFor('siege');
    await migrate(url);
    db = createDb(url, 3);
    fake = await FakeDiscord.start({ botToken: 'fake-bot-token-0123456789abcdef' });
    guild = fake.addGuild({ name: 'Castle' });
    channel = fake.addChannel(guild.id, { name: 'games' });
    players = ['alice', 'bob', 'carol'].map((username) => fake.addUser({ username }));
    outsider = fake.addUser({ username: 'dave' });
    for (const u of [...players, outsider]) fake.addMember(guild.id, u.id);
    fake.registerCommands([buildSiegeCommand().toJSON()], guild.id);
    bot = killableBot(fake, url, { GAME_SEED_PREFIX: `chaos${SEED}` });
    await bot.start();
  }, 120_000);
  afterAll(async () => {
    await bot?.kill();
    await fake?.stop();
    await db?.$disconnect();
    await pgServer?.stop();
    remove();
  });

  it('keeps every game whole, answered and playable through kills, a database restart and random presses', async () => {
    const rng = seedrandom(`chaos-${SEED}`);
    const games: ChaosGame[] = [];
    // Interactions sent while the bot was being killed or was down: these alone may go unanswered.
    const inFlight = new Set<string>();

    for (const [k, spec] of GAMES.entries()) {
      const starter = players[k % 3]!;
      const opponent = players[(k + 1) % 3]!;
      const options = spec.seats === 'members' ? { ...spec.options, opponent: opponent.id } : spec.options;
      const rec = await fake.slashCommand({ guildId: guild.id, channelId: channel.id, userId: starter.id, name: 'siege', group: 'start', subcommand: spec.game, options });
      await rec.done({ timeoutMs: 20_000 });
      if (spec.seats === 'members') {
        const offer = rec.replies.find((m) => !m.ephemeral)!;
        const accept = buttonsOf(offer).find((b) => b.label === 'Accept')!;
        await press(fake, offer, () => fake.clickButton({ messageId: offer.id, customId: accept.custom_id!, userId: opponent.id }), 20_000);
      }
      const threadId = fake.threads(channel.id).at(-1)!.id;
      await waitForBoard(fake, threadId, 0, 20_000);
      const row = (await db.game.findFirst({ where: { threadId } }))!;
      games.push({ id: row.id, threadId, players: (row.seats as { userId?: string }[]).flatMap((s) => (s.userId ? [s.userId] : [])) });
    }

    type Send = () => Promise<InteractionRecord[]>;
    const nothing: Send = async () => [];
    /** One random action, chosen from the games as they stand; `send` makes it (not awaited). */
    const plan = async (): Promise<Send> => {
      const g = pickOf(rng, games);
      const game = (await db.game.findUnique({ where: { id: g.id } }))!;
      const board = game.boardMessageId ? fake.message(game.boardMessageId) : undefined;
      const toAct = game.toActUserIds.filter((id) => id !== 'ai');
      const others = [...players, outsider].filter((u) => !g.players.includes(u.id));
      const everyone = [...players, outsider].map((u) => u.id);
      const press = (message: FakeMessage | undefined, userId: string, times = 1): Send =>
        message ? async () => (await pressSomething(fake, rng, message, userId, times)) ?? [] : nothing;
      const roll = rng();
      if (game.status === 'ACTIVE' && toAct.length && board && roll < 0.5) {
        // The player to act: on their open panel, or on the board, and on through the steps it opens.
        const player = pickOf(rng, toAct);
        const panel = openPanelOf(fake, g.threadId, player);
        const from = panel && rng() < 0.7 ? panel : board;
        return () => playThrough(fake, rng, from, player);
      }
      if (game.status === 'ACTIVE' && toAct.length && board && roll < 0.6) return press(board, pickOf(rng, toAct), 2); // a double tap
      if (roll < 0.7) {
        // A stale message: an old board or panel that still shows something to press.
        const stale = pressableMessages(fake, g.threadId, game.boardMessageId);
        const message = stale.length ? pickOf(rng, stale) : board;
        return press(message, message?.ephemeral ? message.visibleTo! : pickOf(rng, everyone));
      }
      if (roll < 0.82) {
        // Someone who is not to act: the other player, a player of another game, the outsider.
        const wrong = [...g.players.filter((id) => !toAct.includes(id)), ...others.map((u) => u.id)];
        return wrong.length ? press(board, pickOf(rng, wrong)) : nothing;
      }
      if (roll < 0.88 && board) {
        // A forged press: another game's button, or this one's at an older version.
        const other = await db.game.findUnique({ where: { id: pickOf(rng, games).id } });
        const ids = buttonsOf(other?.boardMessageId ? fake.message(other.boardMessageId) ?? board : board).map((b) => b.custom_id!);
        const older = rng() < 0.5 ? 1 : 0;
        const id = ids.length ? pickOf(rng, ids).replace(/^(s1:[a-z]{2}:\d+:)(\d+)/, (_, head: string, v: string) => `${head}${Math.max(0, Number(v) - older)}`) : 's1:mv:1:0:x';
        const user = pickOf(rng, everyone);
        return async () => [await fake.forgeComponent({ messageId: board.id, customId: id, userId: user })];
      }
      // Typed: the player to act types a legal move, or anyone asks for the board.
      const player = toAct.length ? pickOf(rng, toAct) : null;
      const text = player && game.status === 'ACTIVE' ? typedMove(rng, game, player) : null;
      if (player && text) return async () => [await fake.slashCommand({ guildId: guild.id, channelId: g.threadId, userId: player, name: 'siege', subcommand: 'move', options: { notation: text, game: g.id } })];
      const asker = pickOf(rng, players).id;
      return async () => [await fake.slashCommand({ guildId: guild.id, channelId: channel.id, userId: asker, name: 'siege', subcommand: 'board', options: { game: g.id } })];
    };

    /** Waits for the answers; a press left unanswered fails the run, saying what it was and how the games stood. */
    const answered = async (recs: InteractionRecord[]) => {
      try {
        await Promise.all(recs.map((r) => r.done({ timeoutMs: 30_000 })));
      } catch (e) {
        const rows = await db.game.findMany({ where: { id: { in: games.map((g) => g.id) } }, orderBy: { id: 'asc' } });
        const what = recs.map((r) => `${r.kind} ${JSON.stringify(r.payload.data).slice(0, 160)} failure ${r.failure}`).join('; ');
        const state = rows.map((g) => `#${g.id} ${g.gameType} v${g.version} ${g.status}${g.finishedAt ? ` finished ${g.finishedAt.toISOString()}` : ''}`).join('; ');
        throw new Error(`${(e as Error).message} at ${new Date().toISOString()}: ${what}. Games: ${state}`);
      }
    };
    const rounds = Array.from({ length: ROUNDS }, (_, k) => k);
    const killAt = new Set(shuffled(rng, rounds.slice(2)).slice(0, KILLS));
    const last = Math.max(...killAt);
    const databaseAt = pickOf(rng, rounds.filter((k) => k > 1 && k < last && !killAt.has(k)));

    for (const round of rounds) {
      if (round === databaseAt) {
        // PostgreSQL stopped: each press gets the private "unreachable" answer at once (the log is
        // checked with the rest at the end: nothing a press made is half there).
        const sends = [await plan(), await plan()];
        await pgServer.stop();
        const recs = [...(await sends[0]!()), ...(await sends[1]!())];
        await answered(recs);
        for (const r of recs.filter((r) => r.ephemeralText())) expect(r.ephemeralText()).toMatch(/database is unreachable right now|not one I recognise/);
        pgServer = await startPg();
        continue;
      }
      if (killAt.has(round)) {
        // Presses on their way, and the bot killed as soon as one is answered (mid-work).
        const sends = [await plan(), await plan()];
        const recs = [...(await sends[0]!()), ...(await sends[1]!())];
        for (const r of recs) inFlight.add(r.id);
        await waitFor(() => recs.length === 0 || recs.some((r) => r.callback !== null || r.failure !== null), 10_000, 'a press answered');
        await bot.kill();
        const before = fake.interactions.length;
        await bot.start();
        for (const r of fake.interactions.slice(before)) inFlight.add(r.id);
        continue;
      }
      await answered(await (await plan())());
    }

    // Quiet: the AI has answered and every running game has its board (if that never comes, the
    // invariants below say which game is wrong, and how).
    await waitForAsync(async () => {
      const rows = await db.game.findMany({ where: { id: { in: games.map((g) => g.id) } } });
      return rows.every((g) => g.status === 'FINISHED' || (!g.toActUserIds.includes('ai') && g.boardShownVersion === g.version && (g.clockSeconds === null || (g.timeoutJobAt !== null && (g.timedOutAt !== null || g.timeoutJobAt.getTime() <= g.deadlineAt!.getTime())))));
    }, 60_000, 'every game to settle').catch(() => {});
    await fake.settle({ timeoutMs: 10_000 });
    await checkInvariants(fake, db, url, games);
    const unexpected = fake.violations.filter((v) => !(v.interactionId && inFlight.has(v.interactionId) && ['no-ack', 'late-ack', 'deferral-never-completed'].includes(v.kind)));
    expect(unexpected, JSON.stringify(unexpected, null, 1)).toEqual([]);
    expect(bot.starts).toBeGreaterThanOrEqual(KILLS + 1);
    if (process.env.CHAOS_VERBOSE) {
      const rows = await db.game.findMany({ where: { id: { in: games.map((g) => g.id) } }, orderBy: { id: 'asc' } });
      const kinds = new Map<string, number>();
      for (const r of fake.interactions) kinds.set(r.kind, (kinds.get(r.kind) ?? 0) + 1);
      console.log(`chaos seed ${SEED}: ${fake.interactions.length} interactions (${[...kinds].map(([k, n]) => `${k} ${n}`).join(', ')}), ${inFlight.size} in flight at kills, ${bot.starts} starts; ` +
        `games ${rows.map((r) => `#${r.id} ${r.gameType} v${r.version} ${r.status}`).join('; ')}; moves ${await db.move.count()}`);
    }
  }, LONG ? 900_000 : 180_000);
});
