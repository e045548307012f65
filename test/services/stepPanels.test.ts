// The record of each player's open private step panel, against a real database: closing it after
// a move is one statement, so what it removes and what it keeps is checked here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/config/logger.js';
import { createServices } from '../../src/services/index.js';
import { fixedSeeds } from '../helpers/seeds.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';

describe('step panel record', () => {
  let database: TestDatabase;
  let services: ReturnType<typeof createServices>;
  beforeAll(async () => {
    database = await createTestDatabase();
    services = createServices({ db: database.db, log: createLogger('error'), ai: null as never, now: () => new Date(), newSeed: fixedSeeds('step-panels'), challengeExpiryMs: 60_000 });
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('a move removes the panel open before it was asked for, keeps one opened since, and always removes the panel it was made on', async () => {
    const started = await services.games.startGame({
      gameType: 'siege-master', guildId: '1', channelId: '2',
      seats: [{ kind: 'human', userId: '10' }, { kind: 'human', userId: '11' }],
    });
    if (!started.ok) throw new Error(started.error.message);
    const gameId = started.value.id;
    const panels = services.stepPanels;
    const minute = 60_000;

    expect(await panels.close(gameId, '10', new Date())).toBeNull();
    await panels.record(gameId, '10', { token: 't1', messageId: 'p1', ref: '@original' });
    // Asked for before the panel was recorded: the panel is the player's next step and stays.
    expect(await panels.close(gameId, '10', new Date(Date.now() - minute))).toBeNull();
    expect(await panels.reachable(gameId, '10')).toMatchObject({ token: 't1', messageId: 'p1' });
    // Asked for after it: it goes, and is returned (its token still reaches it) to be removed.
    const closed = await panels.close(gameId, '10', new Date(Date.now() + minute));
    expect(closed).toMatchObject({ token: 't1', messageId: 'p1', ref: '@original' });
    expect(closed!.tokenAt).toBeInstanceOf(Date);
    expect(await panels.reachable(gameId, '10')).toBeNull();
    // The panel pressed to make the move goes however recently it was recorded; another player's stays.
    await panels.record(gameId, '10', { token: 't2', messageId: 'p2', ref: 'p2' });
    await panels.record(gameId, '11', { token: 't3', messageId: 'p3', ref: '@original' });
    expect(await panels.close(gameId, '10', new Date(Date.now() - minute), 'p2')).toMatchObject({ messageId: 'p2' });
    expect(await panels.reachable(gameId, '10')).toBeNull();
    expect(await panels.reachable(gameId, '11')).toMatchObject({ messageId: 'p3' });
  });
});
