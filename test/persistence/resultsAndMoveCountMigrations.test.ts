// The two migrations of solo results and move counts, on a database holding games saved before
// them: Two Deck Siege's stored reasons become the sentences the engine now gives, and every
// game gets the count of its standing moves (its moves, less those undone or taken back).
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../src/persistence/db.js';
import { listMigrations, MIGRATIONS_DIR, migrate } from '../../src/persistence/migrator.js';
import { memberStats } from '../../src/services/records/stats.js';
import { standingMoves } from '../../src/services/replay.js';
import { createEmptyDatabase, dropDatabase } from '../helpers/database.js';

const FIRST_NEW = '20261128000000_solo_results';

describe('migrations for solo results and move counts', () => {
  let name: string;
  let url: string;
  let before: string;
  let client: pg.Client;
  let db: Db | undefined;
  beforeAll(async () => {
    ({ name, url } = await createEmptyDatabase());
    // The migrations as they stood before these two.
    before = mkdtempSync(path.join(tmpdir(), 'siege-migrations-'));
    for (const m of listMigrations()) if (m.name < FIRST_NEW) cpSync(path.join(MIGRATIONS_DIR, m.name), path.join(before, m.name), { recursive: true });
    await migrate(url, before);
    client = new pg.Client({ connectionString: url });
    await client.connect();
  });
  afterAll(async () => {
    await client?.end();
    await db?.$disconnect();
    await dropDatabase(name);
    rmSync(before, { recursive: true, force: true });
  });

  /** A finished solo game of `u1` as an earlier version stored it. */
  async function storedGame(gameType: string, outcome: object): Promise<number> {
    const row = await client.query<{ id: number }>(
      `INSERT INTO "Game" ("gameType", "guildId", "channelId", "status", "seats", "options", "seed", "state", "version", "outcome", "updatedAt", "finishedAt", "recordedAt")
       VALUES ($1, 'g1', 'c1', 'FINISHED', $2, '{}', 's', '{}', 6, $3, now(), now(), now()) RETURNING id`,
      [gameType, JSON.stringify([{ kind: 'human', userId: 'u1' }]), JSON.stringify(outcome)],
    );
    const id = row.rows[0]!.id;
    await client.query(`INSERT INTO "GamePlayer" ("gameId", "seat", "userId") VALUES ($1, 0, 'u1')`, [id]);
    return id;
  }

  it('given games saved before, then Two Deck reasons read as sentences, other outcomes are untouched, and every game counts its standing moves', async () => {
    const fell = await storedGame('two-deck-siege', { winners: [], draw: false, scores: [57], reason: 'every defender is dead' });
    const held = await storedGame('two-deck-siege', { winners: [0], draw: false, scores: [173], reason: 'the enemy deck is empty and every enemy is dead' });
    const resigned = await storedGame('two-deck-siege', { winners: [], draw: false, reason: 'Defender (<@u1>) resigned.' });
    const siegeLoss = { winners: [], draw: false, scores: [-1], reason: 'The Enemy holds its ground at -1 points: you lose.' };
    const siege = await storedGame('kingdoms-siege', siegeLoss);
    // A log with undos: move, move, undo, move, move, undo → two moves standing.
    const kinds = ['move', 'move', 'undo', 'move', 'move', 'undo'];
    for (const [i, kind] of kinds.entries()) {
      await client.query(`INSERT INTO "Move" ("gameId", "seq", "seat", "move", "notation", "kind") VALUES ($1, $2, 0, '"x"', 'x', $3)`, [siege, i + 1, kind]);
    }
    await client.query(`INSERT INTO "Move" ("gameId", "seq", "seat", "move", "notation") VALUES ($1, 1, 0, '"x"', 'x'), ($1, 2, 0, '"y"', 'y')`, [fell]);

    const report = await migrate(url);
    expect(report.applied.slice(0, 2)).toEqual(['20261128000000_solo_results', '20261128000001_move_count']);

    db = createDb(url, 2);
    const games = new Map((await db.game.findMany()).map((g) => [g.id, g]));
    expect(games.get(fell)!.outcome).toEqual({ winners: [], draw: false, scores: [57], reason: 'Every defender is dead' });
    expect((games.get(held)!.outcome as { reason: string }).reason).toBe('The enemy deck is empty and every enemy is dead');
    expect((games.get(resigned)!.outcome as { reason: string }).reason).toBe('Defender (<@u1>) resigned.');
    expect(games.get(siege)!.outcome).toEqual(siegeLoss);

    expect(standingMoves(kinds.map((kind) => ({ seat: 0, move: 'x', kind })))).toHaveLength(2);
    expect(games.get(siege)!.moveCount).toBe(2);
    expect(games.get(fell)!.moveCount).toBe(2);
    expect(games.get(held)!.moveCount).toBe(0);

    // What records make of them: the losses are losses.
    const stats = await memberStats(db, 'g1', 'u1');
    expect(stats.find((s) => s.gameType === 'two-deck-siege')!.results).toEqual({ wins: 1, losses: 2, draws: 0 });
    expect(stats.find((s) => s.gameType === 'kingdoms-siege')!.results).toEqual({ wins: 0, losses: 1, draws: 0 });
  });
});
