// Resident memory of the bot as its own process with 10,000 stored games, 500 of them active.
// The games are written straight into a fresh database (states from seeded random play: active
// ones mid-game, finished ones played out), then the bot is started as `npm start` starts it
// (node --import tsx scripts/start.ts, DATABASE_URL set, talking to the fake Discord). Once it is
// ready, a few members run `/siege games` and `/siege board` (which draws a board), and VmRSS
// is read from /proc/<pid>/status.
//   npx tsx bench/memory.ts [--game dice-realms] [--games 10000] [--active 500]
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { buildSiegeCommand } from '../commands/index.js';
import type { GameDefinition } from '../src/engine/contract.js';
import { toActUserIds } from '../src/services/gameStore.js';
import type { SeatAssignment } from '../src/services/types.js';
import { FakeDiscord } from '../test/harness/fakeDiscord.js';
import { spawnBot } from '../test/helpers/botProcess.js';
import { argValue, benchDatabase, benchPostgres, defaultBenchGame, freePort, isMain, randomGame, registeredGame, round, sleep, type Log } from './common.js';

export type MemoryResult = {
  gameId: string;
  games: number;
  active: number;
  /** VmRSS once ready, before any command. */
  readyMB: number;
  /** VmRSS after the commands: the figure reported as rss_mb. */
  rssMB: number;
  /** VmHWM: the peak resident size of the process. */
  peakMB: number;
  /** Size of the Game table (with its TOAST data) in PostgreSQL. */
  tableMB: number;
  startupS: number;
  commands: { name: string; ok: boolean; text: string }[];
  /** Where the main thread's memory is, from the bot's own metrics once ready (MB). */
  mainThread: { heapUsedMB: number; heapTotalMB: number; externalMB: number };
};

/** A few of the bot's Node.js memory figures from its /metrics, in MB. */
async function mainThreadMemory(metricsUrl: string): Promise<MemoryResult['mainThread']> {
  const text = await (await fetch(metricsUrl)).text();
  const value = (name: string) => Number(new RegExp(`^${name} (\\S+)`, 'm').exec(text)?.[1] ?? NaN) / 1024 / 1024;
  return { heapUsedMB: round(value('nodejs_heap_size_used_bytes')), heapTotalMB: round(value('nodejs_heap_size_total_bytes')), externalMB: round(value('nodejs_external_memory_bytes')) };
}

export function procMemory(pid: number): { rssMB: number; peakMB: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rssMB: round(kb('VmRSS') / 1024), peakMB: round(kb('VmHWM') / 1024) };
}

type Sample = { state: unknown; version: number };

/** Mid-game (active) and final (finished) states of `count` seeded random games each. */
function sampleStates(def: GameDefinition, count: number): { mid: Sample[]; end: Sample[] } {
  const mid: Sample[] = [];
  const end: Sample[] = [];
  for (let i = 0; i < count; i++) {
    const states = randomGame(def, `bench/memory/${def.id}/${i}`);
    const m = Math.floor((states.length - 1) / 2);
    mid.push({ state: states[m], version: m });
    if (def.outcome(states[states.length - 1])) end.push({ state: states[states.length - 1], version: states.length - 1 });
  }
  return { mid, end: end.length ? end : mid };
}

export async function benchMemory(opts: { gameId?: string; games?: number; active?: number; log?: Log; env?: Record<string, string> } = {}): Promise<MemoryResult> {
  const gameId = opts.gameId ?? defaultBenchGame();
  const total = opts.games ?? 10_000;
  const active = opts.active ?? 500;
  const log = opts.log ?? (() => {});
  const def = registeredGame(gameId);
  const pgServer = await benchPostgres(log);
  const database = await benchDatabase();
  const fake = await FakeDiscord.start({ botToken: 'bench-bot-token-0123456789abcdef' });
  const guild = fake.addGuild({ name: 'Bench' });
  const channel = fake.addChannel(guild.id, { name: 'games' });
  fake.registerCommands([buildSiegeCommand().toJSON()], guild.id);
  // 100 members each in about 10 active games, as in a busy server.
  const users = Array.from({ length: 100 }, (_, i) => fake.addUser({ username: `member${i}` }));
  for (const u of users) fake.addMember(guild.id, u.id);
  let bot: ReturnType<typeof spawnBot> | null = null;
  try {
    const samples = sampleStates(def, 60);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const BATCH = 500;
      for (let start = 0; start < total; start += BATCH) {
        const values: unknown[] = [];
        const rows: string[] = [];
        const seatsOf: SeatAssignment[][] = [];
        for (let i = start; i < Math.min(total, start + BATCH); i++) {
          const isActive = i < active;
          const sample = (isActive ? samples.mid : samples.end)[i % (isActive ? samples.mid.length : samples.end.length)]!;
          const a = users[i % users.length]!.id;
          const b = users[(i * 7 + 1) % users.length]!.id;
          const seats: SeatAssignment[] = [{ kind: 'human', userId: a }, { kind: 'human', userId: b === a ? users[(i + 1) % users.length]!.id : b }];
          seatsOf.push(seats);
          const outcome = isActive ? null : def.outcome(sample.state);
          const p = values.length;
          rows.push(
            `($${p + 1}, $${p + 2}, $${p + 3}, $${p + 4}::"GameStatus", $${p + 5}::jsonb, $${p + 6}::jsonb, $${p + 7}, $${p + 8}::jsonb, $${p + 9}, $${p + 10}::jsonb, $${p + 11}::text[], now() - ($${p + 12} * interval '1 minute'), $${p + 13}::timestamp, $${p + 14}, $${p + 9}, $${p + 9})`,
          );
          values.push(
            def.id,
            guild.id,
            channel.id,
            isActive ? 'ACTIVE' : 'FINISHED',
            JSON.stringify(seats),
            JSON.stringify(def.defaultOptions ?? {}),
            `bench-memory-${i}`,
            JSON.stringify(sample.state),
            sample.version,
            outcome ? JSON.stringify(outcome) : null,
            isActive ? toActUserIds(def, sample.state, seats) : [],
            total - i,
            isActive ? null : new Date(),
            // Each game's board is out, showing its current version, as after any move: the bot
            // restarts with nothing to post again.
            String(BigInt('1300000000000000000') + BigInt(i)),
          );
        }
        const inserted = await client.query<{ id: number }>(
          `INSERT INTO "Game" ("gameType", "guildId", "channelId", "status", "seats", "options", "seed", "state", "version", "outcome", "toActUserIds", "updatedAt", "finishedAt", "boardMessageId", "boardVersion", "boardShownVersion")
           VALUES ${rows.join(', ')} RETURNING id`,
          values,
        );
        const players: string[] = [];
        const pv: unknown[] = [];
        inserted.rows.forEach((r, k) => {
          seatsOf[k]!.forEach((s, seat) => {
            if (s.kind !== 'human') return;
            players.push(`($${pv.length + 1}, $${pv.length + 2}, $${pv.length + 3})`);
            pv.push(r.id, seat, s.userId);
          });
        });
        await client.query(`INSERT INTO "GamePlayer" ("gameId", "seat", "userId") VALUES ${players.join(', ')}`, pv);
      }
      await client.query('ANALYZE');
    } finally {
      await client.end();
    }
    const size = await database.db.$queryRawUnsafe<{ bytes: bigint }[]>(`SELECT pg_total_relation_size('"Game"') AS bytes`);
    const tableMB = round(Number(size[0]!.bytes) / 1024 / 1024);
    log(`${total} games stored (${active} active), Game table ${tableMB} MB`);

    const t0 = performance.now();
    const httpPort = await freePort();
    const metricsPort = await freePort();
    bot = spawnBot({ DISCORD_TOKEN: fake.botToken, DISCORD_API_URL: fake.apiUrl, DATABASE_URL: database.url, LOG_LEVEL: 'info', HTTP_PORT: String(httpPort), METRICS_PORT: String(metricsPort), ...opts.env });
    await bot.waitFor(/ready: shards /, 120_000);
    const startupS = round((performance.now() - t0) / 1000, 2);
    await sleep(2000);
    const ready = procMemory(bot.child.pid!);
    const mainThread = await mainThreadMemory(`http://127.0.0.1:${metricsPort}/metrics`);

    const commands: MemoryResult['commands'] = [];
    const activeGames = await database.db.game.findMany({ where: { status: 'ACTIVE' }, select: { id: true, seats: true }, take: 5, orderBy: { id: 'asc' } });
    for (const u of users.slice(0, 5)) {
      const rec = await fake.slashCommand({ guildId: guild.id, channelId: channel.id, userId: u.id, name: 'siege', subcommand: 'games' });
      await rec.done({ timeoutMs: 30_000 });
      const text = rec.text();
      commands.push({ name: `/siege games (${u.username})`, ok: /Your games \(\d+\)/.test(text), text: text.split('\n')[0]!.slice(0, 80) });
    }
    for (const g of activeGames) {
      const userId = (g.seats as { userId: string }[])[0]!.userId;
      const rec = await fake.slashCommand({ guildId: guild.id, channelId: channel.id, userId, name: 'siege', subcommand: 'board', options: { game: g.id } });
      await rec.done({ timeoutMs: 30_000 });
      const ok = rec.replies.some((m) => m.attachments.some((a) => a.filename.endsWith('.png')));
      commands.push({ name: `/siege board game:${g.id}`, ok, text: rec.text().split('\n')[0]!.slice(0, 80) });
    }
    await sleep(1000);
    const after = procMemory(bot.child.pid!);
    return { gameId, games: total, active, readyMB: ready.rssMB, rssMB: after.rssMB, peakMB: after.peakMB, tableMB, startupS, commands, mainThread };
  } finally {
    if (bot && bot.child.exitCode === null) {
      bot.child.kill('SIGTERM');
      await Promise.race([bot.exited(), sleep(20_000)]);
      if (bot.child.exitCode === null) bot.child.kill('SIGKILL');
    }
    await fake.stop();
    await database.drop();
    await pgServer.stop();
  }
}

if (isMain(import.meta.url)) {
  const args = process.argv.slice(2);
  const r = await benchMemory({
    gameId: argValue(args, '--game'),
    games: Number(argValue(args, '--games') ?? 10_000),
    active: Number(argValue(args, '--active') ?? 500),
    log: (l) => console.log(l),
    env: Object.fromEntries((argValue(args, '--bot-env') ?? '').split(',').filter(Boolean).map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)])),
  });
  console.log(JSON.stringify(r, null, 2));
}
