// Discord and PostgreSQL misbehaving: the player is told what happened, and no game is lost.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../src/persistence/db.js';
import { ensureDatabase, startEmbeddedPostgres, type EmbeddedPostgres } from '../../src/persistence/embeddedPostgres.js';
import { migrate } from '../../src/persistence/migrator.js';
import { scratchPgDir } from '../helpers/database.js';
import { freePort } from '../helpers/freePort.js';
import { acceptedChallenge, latestBoard, playTurnWithCommand } from '../helpers/play.js';
import { boardsIn, startScene, type Scene } from '../helpers/scene.js';

const first = <T,>(items: T[]): T => items[0]!;

async function acceptedDiceGame(scene: Scene): Promise<string> {
  return (await acceptedChallenge(scene, { game: 'dice-realms' })).threadId;
}

describe('faults in Discord', () => {
  let scene: Scene;
  beforeAll(async () => {
    scene = await startScene();
  });
  afterAll(async () => {
    await scene?.stop();
  });

  it('given a 429 with retry_after on posting the board, the board still arrives, once', async () => {
    const threadId = await acceptedDiceGame(scene);
    scene.fake.failNext({ method: 'POST', route: new RegExp(`^/channels/${threadId}/messages$`), status: 429, retryAfter: 0.3 });
    await playTurnWithCommand(scene.fake, scene.guild.id, threadId, scene.alice.id, first, ['gather keep']);
    expect(boardsIn(scene.fake, threadId).filter((m) => m.embeds[0] && /^Move 1/.test(String((m.embeds[0].footer as { text: string }).text)))).toHaveLength(1);
    const posts = scene.fake.requests.filter((r) => r.method === 'POST' && r.path === `/channels/${threadId}/messages`);
    expect(posts.map((r) => r.status)).toContain(429);
  });

  it('given Discord answering 500 to every retry, the player is told the board could not be posted; the move is saved and /siege board recovers', async () => {
    const threadId = await acceptedDiceGame(scene);
    scene.fake.failNext({ method: 'POST', route: new RegExp(`^/channels/${threadId}/messages$`), status: 500, count: 4 }); // the first try and discord.js's three retries
    const rec = await scene.fake.slashCommand({ guildId: scene.guild.id, channelId: threadId, userId: scene.alice.id, name: 'siege', subcommand: 'move', options: { notation: 'gather keep' } });
    await rec.done({ timeoutMs: 30_000 });
    expect(rec.ephemeralText()).toMatch(/You played \*\*gather keep\*\*/);
    expect(rec.ephemeralText()).toMatch(/could not be posted/);
    const game = (await scene.database.db.game.findFirst({ where: { threadId } }))!;
    expect(game.version).toBe(1);
    const board = await scene.fake.slashCommand({ guildId: scene.guild.id, channelId: threadId, userId: scene.alice.id, name: 'siege', subcommand: 'board' });
    await board.done({ timeoutMs: 15_000 });
    expect(JSON.stringify(board.replies[0]!.embeds)).toMatch(/Move 1/);
    // the reposted board is the live one: the game goes on from it
    await playTurnWithCommand(scene.fake, scene.guild.id, threadId, scene.alice.id, first, ['train']);
  });

  it('given a dropped gateway connection, the client resumes and the next interactions are handled', async () => {
    const threadId = await acceptedDiceGame(scene);
    const resumed = scene.fake.nextSessionReady().catch(() => null);
    scene.fake.dropGatewayConnections();
    await resumed;
    await playTurnWithCommand(scene.fake, scene.guild.id, threadId, scene.alice.id, first, ['gather keep']);
    await scene.fake.settle();
    expect(scene.fake.violations).toEqual([]);
  });
});

describe('PostgreSQL stopped mid-game', () => {
  const { dataDir, remove: removeDataDir } = scratchPgDir('faults');
  let pgServer: EmbeddedPostgres;
  let port: number;
  let scene: Scene;
  const startPg = () => startEmbeddedPostgres({ dataDir, port });

  beforeAll(async () => {
    port = await freePort();
    pgServer = await startPg();
    await ensureDatabase(pgServer.adminUrl, 'siege');
    const url = pgServer.urlFor('siege');
    await migrate(url);
    const db = createDb(url, 5);
    scene = await startScene({}, { database: { url, name: 'siege', db, drop: async () => { await db.$disconnect(); } } });
  });
  afterAll(async () => {
    await scene?.stop();
    await pgServer?.stop();
    removeDataDir();
  });

  it('moves meanwhile get a clear private error, nothing is half-applied, and play continues after', async () => {
    const threadId = await acceptedDiceGame(scene);
    await pgServer.stop();
    const rec = await scene.fake.slashCommand({ guildId: scene.guild.id, channelId: threadId, userId: scene.alice.id, name: 'siege', subcommand: 'move', options: { notation: 'gather keep' } });
    await rec.done({ timeoutMs: 30_000 });
    expect(rec.ephemeralText()).toMatch(/database is unreachable/);
    expect(latestBoard(scene.fake, threadId).embeds[0]).toBeTruthy();
    pgServer = await startPg();
    const game = (await scene.database.db.game.findFirst({ where: { threadId } }))!;
    expect(game.version).toBe(0);
    expect(await scene.database.db.move.count({ where: { gameId: game.id } })).toBe(0);
    await playTurnWithCommand(scene.fake, scene.guild.id, threadId, scene.alice.id, first, ['gather keep']);
    expect((await scene.database.db.game.findFirst({ where: { threadId } }))!.version).toBe(1);
  });
});
