import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { listMigrations, migrate, MIGRATIONS_DIR } from '../../src/persistence/migrator.js';
import { createDb, Prisma, type Db } from '../../src/persistence/db.js';
import { createEmptyDatabase, dropDatabase } from '../helpers/database.js';

describe('migrations', () => {
  let name: string;
  let url: string;
  let db: Db;
  beforeAll(async () => {
    ({ name, url } = await createEmptyDatabase());
  });
  afterAll(async () => {
    await db?.$disconnect();
    await dropDatabase(name);
  });

  it('given an empty database, applies every migration once and records it as prisma migrate deploy would', async () => {
    const first = await migrate(url);
    expect(first.applied).toEqual(listMigrations().map((m) => m.name));
    const again = await migrate(url);
    expect(again.applied).toEqual([]);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const rows = await client.query('SELECT migration_name, checksum, finished_at, applied_steps_count FROM "_prisma_migrations" ORDER BY migration_name');
    await client.end();
    expect(rows.rows.map((r) => r.migration_name)).toEqual(listMigrations().map((m) => m.name));
    for (const [i, r] of rows.rows.entries()) {
      expect(r.checksum).toBe(listMigrations()[i]!.checksum);
      expect(r.finished_at).not.toBeNull();
      expect(r.applied_steps_count).toBe(1);
    }
  });

  it('then the tables and columns are exactly the models and fields of schema.prisma', async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const cols = await client.query<{ table_name: string; column_name: string }>(
      `SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name <> '_prisma_migrations'`,
    );
    await client.end();
    const actual: Record<string, string[]> = {};
    for (const r of cols.rows) (actual[r.table_name] ??= []).push(r.column_name);
    const fieldEnums = Prisma as unknown as Record<string, Record<string, string>>;
    const expected: Record<string, string[]> = {};
    for (const model of Object.values(Prisma.ModelName)) expected[model] = Object.values(fieldEnums[`${model}ScalarFieldEnum`]!);
    expect(Object.keys(actual).sort()).toEqual(Object.keys(expected).sort());
    for (const model of Object.keys(expected)) expect(actual[model]!.sort()).toEqual(expected[model]!.sort());
  });

  it('given rematches asked twice before the one-rematch constraint, that migration keeps the first of each game', async () => {
    const { name: scratch, url: scratchUrl } = await createEmptyDatabase();
    const client = new pg.Client({ connectionString: scratchUrl });
    await client.connect();
    try {
      const all = listMigrations();
      const at = all.findIndex((m) => m.name.endsWith('_rematch_once'));
      for (const m of all.slice(0, at)) await client.query(m.sql);
      const insert = (rematchOf: number | null) => client.query(
        `INSERT INTO "Challenge" ("guildId", "channelId", "challengerId", "opponentId", "gameType", options, "expiresAt", "rematchOf", "updatedAt")
         VALUES ('1', '2', '3', '4', 'siege-master', '{}', now(), $1, now()) RETURNING id`, [rematchOf]);
      const ids = [];
      for (const of of [7, 7, 8, 7, null]) ids.push((await insert(of)).rows[0].id as number);
      await client.query(all[at]!.sql);
      const rows = await client.query('SELECT id, "rematchOf" FROM "Challenge" ORDER BY id');
      expect(rows.rows.map((r) => r.rematchOf)).toEqual([7, null, 8, null, null]);
      await expect(insert(8)).rejects.toThrow(/unique/);
    } finally {
      await client.end();
      await dropDatabase(scratch);
    }
  });

  it('given challenges pending twice between two members before the one-pending-challenge index, that migration keeps the oldest, and the index refuses another either way', async () => {
    const { name: scratch, url: scratchUrl } = await createEmptyDatabase();
    const client = new pg.Client({ connectionString: scratchUrl });
    await client.connect();
    try {
      const all = listMigrations();
      const at = all.findIndex((m) => m.name.endsWith('_start_limits'));
      for (const m of all.slice(0, at)) await client.query(m.sql);
      const insert = (from: string, to: string, game = 'siege-master', status = 'PENDING') => client.query(
        `INSERT INTO "Challenge" ("guildId", "channelId", "challengerId", "opponentId", "gameType", options, "expiresAt", status, "updatedAt")
         VALUES ('1', '2', $1, $2, $3, '{}', now(), $4, now()) RETURNING id`, [from, to, game, status]);
      for (const [from, to, game] of [['3', '4'], ['4', '3'], ['3', '4', 'dice-realms'], ['3', '5'], ['3', '4']] as [string, string, string?][]) await insert(from, to, game);
      await client.query(all[at]!.sql);
      const rows = await client.query('SELECT status FROM "Challenge" ORDER BY id');
      expect(rows.rows.map((r) => r.status)).toEqual(['PENDING', 'CANCELLED', 'PENDING', 'PENDING', 'CANCELLED']);
      await expect(insert('4', '3')).rejects.toThrow(/unique/);
      await expect(insert('3', '4')).rejects.toThrow(/unique/);
      await insert('4', '3', 'siege-master', 'DECLINED');
    } finally {
      await client.end();
      await dropDatabase(scratch);
    }
  });

  it('then every model of schema.prisma can be written and read back with every field', async () => {
    db = createDb(url, 2);
    const game = await db.game.create({
      data: {
        gameType: 'siege-master', guildId: '1', channelId: '2', threadId: '3', boardMessageId: '4',
        seats: [{ kind: 'human', userId: '5' }, { kind: 'ai', level: 'hard' }], options: { map: 'hex' },
        seed: 's', state: { a: [1, 2] }, version: 0, outcome: { winners: [0], draw: false, reason: 'r' },
        toActUserIds: ['5', 'ai'], deadlineAt: new Date(), finishedAt: new Date(),
        players: { create: [{ seat: 0, userId: '5' }] },
      },
      include: { players: true },
    });
    expect(game.players).toHaveLength(1);
    expect(game.toActUserIds).toEqual(['5', 'ai']);
    const move = await db.move.create({ data: { gameId: game.id, seq: 1, seat: 0, move: { type: 'place' }, notation: 'F7 E', userId: '5' } });
    await expect(db.move.create({ data: { gameId: game.id, seq: 1, seat: 1, move: {}, notation: 'x' } })).rejects.toThrow();
    const challenge = await db.challenge.create({
      data: { guildId: '1', channelId: '2', messageId: '9', challengerId: '5', opponentId: '6', gameType: 'siege-master', options: {}, expiresAt: new Date(), gameId: game.id },
    });
    const settings = await db.guildSettings.create({ data: { guildId: '1', allowedChannelIds: ['2'], threadMode: false, defaultClock: '1d', timeoutGraceHours: 12, maxActiveGames: 5, challengeExpiryMinutes: 60 } });
    expect(await db.game.findUnique({ where: { id: game.id } })).toMatchObject({ seats: game.seats, state: { a: [1, 2] }, status: 'ACTIVE' });
    expect(await db.move.findUnique({ where: { id: move.id } })).toMatchObject({ notation: 'F7 E', seq: 1 });
    expect(await db.challenge.findUnique({ where: { id: challenge.id } })).toMatchObject({ status: 'PENDING', messageId: '9' });
    expect(await db.guildSettings.findUnique({ where: { guildId: '1' } })).toMatchObject({ defaultClock: '1d', allowedChannelIds: ['2'] });
    expect(await db.gamePlayer.findMany({ where: { userId: '5' } })).toHaveLength(1);
    const data = Buffer.from([0x52, 0x49, 0x46, 0x46, 0, 1, 2, 255]);
    await db.gameReplay.create({ data: { gameId: game.id, version: 3, fileName: 'replay.webp', contentType: 'image/webp', data, frames: 2, positions: 4, width: 640, height: 480 } });
    await db.gameStart.create({ data: { guildId: '1', userId: '5', kind: 'challenge', ref: `challenge:${challenge.id}` } });
    expect(await db.gameStart.findMany({ where: { guildId: '1', userId: '5' } })).toMatchObject([{ kind: 'challenge', ref: `challenge:${challenge.id}` }]);
    expect(await db.guildSettings.findUnique({ where: { guildId: '1' } })).toMatchObject({ maxPendingChallenges: 5, gamesPerHour: 10 });
    const replay = await db.gameReplay.findUnique({ where: { gameId_version_locale: { gameId: game.id, version: 3, locale: 'en-US' } } });
    expect(Buffer.from(replay!.data)).toEqual(data);
    await expect(db.gameReplay.create({ data: { gameId: game.id, version: 3, fileName: 'x', contentType: 'x', data, frames: 1, positions: 1, width: 1, height: 1 } })).rejects.toThrow();
    // The same version in another language is another replay.
    await db.gameReplay.create({ data: { gameId: game.id, version: 3, locale: 'de', fileName: 'replay-de.webp', contentType: 'image/webp', data, frames: 2, positions: 4, width: 640, height: 480 } });
  });

  it('given Dice Realms games from before player settings, then their policies move from the state into the settings', async () => {
    const { name: oldName, url: oldUrl } = await createEmptyDatabase();
    const before = mkdtempSync(path.join(tmpdir(), 'siege-migrations-'));
    try {
      for (const m of listMigrations().filter((m) => m.name < '20261128100000')) cpSync(path.join(MIGRATIONS_DIR, m.name), path.join(before, m.name), { recursive: true });
      await migrate(oldUrl, before);
      const client = new pg.Client({ connectionString: oldUrl });
      await client.connect();
      const insert = `INSERT INTO "Game" ("gameType", "channelId", seats, options, seed, state, "updatedAt") VALUES ($1, '1', $2, '{}', 's', $3, now()) RETURNING id`;
      const seats = JSON.stringify([{ kind: 'human', userId: '1' }, { kind: 'ai', level: 'hard' }]);
      const dice = (await client.query(insert, ['dice-realms', seats, JSON.stringify({ game: 'dice-realms', policies: ['strongest', 'none'], turn: 3 })])).rows[0].id;
      const other = (await client.query(insert, ['siege-master', seats, JSON.stringify({ turn: 1 })])).rows[0].id;
      await migrate(oldUrl);
      const rows = await client.query('SELECT id, state, "seatSettings" FROM "Game" ORDER BY id');
      await client.end();
      const byId = new Map(rows.rows.map((r) => [r.id, r]));
      expect(byId.get(dice)).toMatchObject({ state: { game: 'dice-realms', turn: 3 }, seatSettings: [{ defence: 'strongest' }, { defence: 'none' }] });
      expect(byId.get(dice).state).not.toHaveProperty('policies');
      expect(byId.get(other)).toMatchObject({ state: { turn: 1 }, seatSettings: [{}, {}] });
    } finally {
      rmSync(before, { recursive: true, force: true });
      await dropDatabase(oldName);
    }
  });
});
