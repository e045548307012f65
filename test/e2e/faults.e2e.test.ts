// Discord and PostgreSQL misbehaving: the player is told what happened, and no game is lost.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../src/persistence/db.js';
import { ensureDatabase, startEmbeddedPostgres, type EmbeddedPostgres } from '../../src/persistence/embeddedPostgres.js';
import { migrate } from '../../src/persistence/migrator.js';
import { scratchPgDir } from '../helpers/database.js';
import { freePort } from '../helpers/freePort.js';
import { gameById } from '../../src/games/index.js';
import { ENGLISH, movePhraseOf, sayMove } from '../../src/services/phrases.js';
import { acceptedChallenge, latestBoard, playTurnWithCommand, press, waitFor } from '../helpers/play.js';
import { boardVersion, boardsIn, buttonsOf, nextStep, startScene, type Scene } from '../helpers/scene.js';

const first = <T,>(items: T[]): T => items[0]!;
/** Picks the suggestion `text` itself. */
const exactly = (text: string) => <T,>(items: T[]): T => (items as { value: string }[]).find((c) => c.value === text) as T ?? items[0]!;

async function acceptedDiceGame(scene: Scene): Promise<string> {
  return (await acceptedChallenge(scene, { game: 'dice-realms' })).threadId;
}

const gameIn = async (scene: Scene, threadId: string) => (await scene.database.db.game.findFirst({ where: { threadId } }))!;

/**
 * Plays Alice's turn by command up to the move that hands the game to Bob, and returns that
 * move's text. Only a hand-over posts a new board; the steps before it update her board in place.
 */
async function stepsBeforeHandOver(scene: Scene, threadId: string): Promise<string> {
  const def = gameById('dice-realms')!;
  for (let n = 0; n < 12; n++) {
    const game = await gameIn(scene, threadId);
    const seat = (game.seats as { userId?: string }[]).findIndex((x) => x.userId === scene.alice.id);
    const legal = def.legalMoves(game.state, seat);
    const texts = legal.map((m) => def.formatMove(game.state, seat, m));
    const text = texts.find((t) => t === 'done') ?? texts.find((t) => t === 'gather keep') ?? texts[0]!;
    const played = def.play(game.state, seat, legal[texts.indexOf(text)]);
    if (!played.ok) throw new Error(`${text} was legal but not played: ${played.error.message}`);
    if (def.outcome(played.value.state) || !def.toAct(played.value.state).includes(seat)) return text;
    const board = latestBoard(scene.fake, threadId);
    const next = await playTurnWithCommand(scene.fake, scene.guild.id, threadId, scene.alice.id, exactly(text), [text]);
    expect(next.id).toBe(board.id);
  }
  throw new Error('Alice\'s turn did not end');
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
    const handOver = await stepsBeforeHandOver(scene, threadId);
    const old = latestBoard(scene.fake, threadId);
    const sent = scene.fake.requests.length;
    scene.fake.failNext({ method: 'POST', route: new RegExp(`^/channels/${threadId}/messages$`), status: 429, retryAfter: 0.3 });
    const board = await playTurnWithCommand(scene.fake, scene.guild.id, threadId, scene.alice.id, exactly(handOver), [handOver]);
    expect(board.id).not.toBe(old.id);
    expect(board.mentionedUserIds).toEqual([scene.bob.id]);
    const version = boardVersion(board)!;
    expect(boardsIn(scene.fake, threadId).filter((m) => boardVersion(m) === version)).toHaveLength(1);
    const posts = scene.fake.requests.slice(sent).filter((r) => r.method === 'POST' && r.path === `/channels/${threadId}/messages`);
    expect(posts.map((r) => r.status)).toEqual([429, 200]);
  });

  it('given Discord answering 500 to every retry, the player is told the board could not be posted; the move is saved and /siege board recovers', async () => {
    const threadId = await acceptedDiceGame(scene);
    const handOver = await stepsBeforeHandOver(scene, threadId);
    const before = await gameIn(scene, threadId);
    const old = latestBoard(scene.fake, threadId);
    scene.fake.failNext({ method: 'POST', route: new RegExp(`^/channels/${threadId}/messages$`), status: 500, count: 4 }); // the first try and discord.js's three retries
    const rec = await scene.fake.slashCommand({ guildId: scene.guild.id, channelId: threadId, userId: scene.alice.id, name: 'siege', subcommand: 'move', options: { notation: handOver } });
    await rec.done({ timeoutMs: 30_000 });
    // The acknowledgement comes first; once Discord has refused the board, it says so.
    await waitFor(() => /could not be posted/.test(rec.ephemeralText()), 30_000, 'the player to be told');
    // The answer names the move in words ("end the turn" for the typed "done").
    const dice = gameById('dice-realms')!;
    const seat = (before.seats as { userId?: string }[]).findIndex((x) => x.userId === scene.alice.id);
    const typed = dice.parseMove(before.state, seat, handOver);
    const said = typed.ok ? sayMove(ENGLISH, movePhraseOf(dice, before.state, seat, typed.value), handOver) : handOver;
    expect(rec.ephemeralText()).toContain(`You played **${said}** (game #`);
    const game = await gameIn(scene, threadId);
    expect(game.version).toBe(before.version + 1);
    expect(game.toActUserIds).toEqual([scene.bob.id]);
    expect(latestBoard(scene.fake, threadId).id).toBe(old.id);
    const board = await scene.fake.slashCommand({ guildId: scene.guild.id, channelId: threadId, userId: scene.alice.id, name: 'siege', subcommand: 'board' });
    await board.done({ timeoutMs: 15_000 });
    expect(board.replies[0]!.ephemeral).toBe(false);
    expect(boardVersion(board.replies[0]!)).toBe(game.version);
    // the board left behind stops offering Alice's moves; the reposted one is the live one: the game goes on from it
    await waitFor(() => scene.fake.message(old.id)!.components.length === 0, 15_000, 'the old board to be retired');
    await playTurnWithCommand(scene.fake, scene.guild.id, threadId, scene.bob.id, first, ['gather keep']);
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

  it('given the database down, every press (a board button, a private step, Accept) gets the same private error within 3 s', async () => {
    const { fake, alice, bob } = scene;
    const threadId = await acceptedDiceGame(scene);
    // A private panel open before the database goes away (the player's defence setting): its
    // buttons are pressed while it is down.
    const board = latestBoard(fake, threadId);
    const opener = buttonsOf(board).find((b) => /Defence policy/.test(b.label ?? ''))!;
    const opened = await press(fake, board, () => fake.clickButton({ messageId: board.id, customId: opener.custom_id!, userId: alice.id }));
    const panel = nextStep(opened).step!;
    expect(panel).not.toBeNull();
    const challenge = await fake.slashCommand({ guildId: scene.guild.id, channelId: scene.channel.id, userId: alice.id, name: 'siege', group: 'start', subcommand: 'dice-realms', options: { opponent: bob.id } });
    await challenge.done();
    const offer = challenge.replies.find((m) => !m.ephemeral)!;
    await pgServer.stop();
    try {
      const presses = [
        () => fake.clickButton({ messageId: board.id, customId: buttonsOf(board).find((b) => b.label?.startsWith('Keep'))!.custom_id!, userId: alice.id }),
        () => fake.clickButton({ messageId: panel.id, customId: buttonsOf(panel).find((b) => !b.disabled)!.custom_id!, userId: alice.id }),
        () => fake.clickButton({ messageId: offer.id, customId: buttonsOf(offer).find((b) => b.label === 'Accept')!.custom_id!, userId: bob.id }),
      ];
      for (const pressIt of presses) {
        const rec = await pressIt();
        await rec.done({ timeoutMs: 30_000 });
        expect(rec.ackMs).toBeLessThan(3000);
        await waitFor(() => /database is unreachable right now, so nothing was changed/.test(rec.ephemeralText()), 15_000, 'the private error');
      }
    } finally {
      pgServer = await startPg();
    }
    expect(scene.logs.filter((l) => /unhandled/i.test(l))).toEqual([]);
    await fake.settle();
    expect(fake.violations).toEqual([]);
  });
});
