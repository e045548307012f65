// The game's board record and the version check of a move's commit, against a real database:
// each is one statement now, so their guarantees are checked here rather than assumed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/config/logger.js';
import { createServices } from '../../src/services/index.js';
import { commitState, VersionConflict } from '../../src/services/gameStore.js';
import { fixedSeeds } from '../helpers/seeds.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';

describe('board record and move commit', () => {
  let database: TestDatabase;
  let services: ReturnType<typeof createServices>;
  beforeAll(async () => {
    database = await createTestDatabase();
    services = createServices({ db: database.db, log: createLogger('error'), ai: null as never, now: () => new Date(), newSeed: fixedSeeds('board-record'), challengeExpiryMs: 60_000 });
  });
  afterAll(async () => {
    await database?.drop();
  });

  async function newGame() {
    const started = await services.games.startGame({
      gameType: 'siege-master', guildId: '1', channelId: '2',
      seats: [{ kind: 'human', userId: '10' }, { kind: 'human', userId: '11' }],
    });
    if (!started.ok) throw new Error(started.error.message);
    return started.value;
  }

  it('a board replaces the stored one and names it; an older version never replaces a newer board', async () => {
    const game = await newGame();
    expect(await services.boards.setBoardMessage(game.id, 'm1', 0)).toEqual({ replaced: null, current: true });
    expect(await services.boards.setBoardMessage(game.id, 'm2', 1)).toEqual({ replaced: 'm1', current: true });
    // The same message recorded again replaces nothing.
    expect(await services.boards.setBoardMessage(game.id, 'm2', 1)).toEqual({ replaced: null, current: true });
    // A board of version 0 posted late is out of date at once, and the stored board stays.
    expect(await services.boards.setBoardMessage(game.id, 'late', 0)).toEqual({ replaced: null, current: false });
    const stored = await services.games.load(game.id);
    expect(stored).toMatchObject({ boardMessageId: 'm2', boardVersion: 1 });
    expect(await services.boards.setBoardMessage(999_999, 'x', 1)).toEqual({ replaced: null, current: false });
  });

  it('boards recorded at once for successive versions leave the newest stored, and each older one is named once', async () => {
    const game = await newGame();
    const results = await Promise.all([1, 2, 3, 4, 5].map((v) => services.boards.setBoardMessage(game.id, `b${v}`, v)));
    const stored = await services.games.load(game.id);
    expect(stored).toMatchObject({ boardMessageId: 'b5', boardVersion: 5 });
    // Every board but the newest is either replaced by a later one or refused as out of date.
    const retired = results.flatMap((r, k) => [...(r.replaced ? [r.replaced] : []), ...(r.current ? [] : [`b${k + 1}`])]);
    expect(new Set(retired)).toEqual(new Set(['b1', 'b2', 'b3', 'b4']));
    expect(retired).toHaveLength(4);
  });

  it('a board edited in place records the version it shows; a game whose board is behind or missing is found at start-up', async () => {
    const before = await newGame();
    const never = await newGame();
    await services.boards.setBoardMessage(before.id, 'shown', 0);
    const def = services.games.defOf(before);
    const move = def.legalMoves(before.state, 0)[0];
    const played = def.play(before.state, 0, move);
    if (!played.ok) throw new Error('the first legal move was refused');
    await commitState(database.db, before, { state: played.value.state, toActUserIds: ['11'], outcome: null, move: { seat: 0, move, notation: 'first', userId: '10' } }, new Date());
    const start = new Date(Date.now() + 1000);
    const found = async () => (await services.boards.gamesWithBoardBehind(start)).map((g) => g.id);
    expect(await found()).toEqual(expect.arrayContaining([before.id, never.id]));
    // An edit of another message records nothing; an edit of the live board catches it up.
    await services.boards.markBoardShown(before.id, 'other', 1);
    expect(await found()).toContain(before.id);
    await services.boards.markBoardShown(before.id, 'shown', 1);
    expect(await found()).not.toContain(before.id);
    expect((await services.games.load(before.id))!.boardShownVersion).toBe(1);
    // A game changed after the start is this process's own, not a leftover.
    expect(await services.boards.gamesWithBoardBehind(new Date(Date.now() - 60_000))).not.toContainEqual(expect.objectContaining({ id: never.id }));
  });

  it('a commit on a version another writer moved past is refused and writes nothing', async () => {
    const game = await newGame();
    const def = services.games.defOf(game);
    const move = def.legalMoves(game.state, 0)[0];
    const played = def.play(game.state, 0, move);
    if (!played.ok) throw new Error('the first legal move was refused');
    const change = { state: played.value.state, toActUserIds: ['11'], outcome: null, move: { seat: 0, move, notation: 'first', userId: '10' } };
    const saved = await commitState(database.db, game, change, new Date());
    expect(saved.version).toBe(game.version + 1);
    expect(saved.state).toEqual(played.value.state);
    await expect(commitState(database.db, game, change, new Date())).rejects.toBeInstanceOf(VersionConflict);
    expect(await services.games.moveLog(game.id)).toHaveLength(1);
  });
});
