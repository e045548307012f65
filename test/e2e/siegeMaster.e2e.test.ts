import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameById } from '../../src/games/index.js';
import { replayGame } from '../../src/services/replay.js';
import { acceptedChallenge, chooser, isFinished, latestBoard, playTurnWithCommand, playTurnWithComponents, press, waitFor, waitForAsync } from '../helpers/play.js';
import { boardsIn, boardVersion, buttonsOf, selectOf, startScene, waitForBoard, waitForBoardAfter, type Scene } from '../helpers/scene.js';

describe('Siege Master through Discord', () => {
  let scene: Scene;
  beforeAll(async () => {
    scene = await startScene();
  });
  afterAll(async () => {
    await scene?.stop();
  });

  /** alice challenges bob, bob accepts; returns the game thread's id. */
  async function acceptedGame(options: Record<string, string> = {}): Promise<string> {
    const { threadId, challenge } = await acceptedChallenge(scene, { game: 'siege-master', ...options });
    expect(challenge.content).toMatch(/accepted/);
    expect(scene.fake.channel(threadId)!.name).toContain('alice vs bob');
    const first = await waitForBoard(scene.fake, threadId, 0);
    expect(first.mentionedUserIds).toEqual([scene.alice.id]);
    expect(first.attachments[0]!.contentType).toBe('image/png');
    return threadId;
  }

  async function gameIn(threadId: string) {
    return (await scene.database.db.game.findFirst({ where: { threadId } }))!;
  }

  it('two members play a whole game with menus, buttons and /siege move, until it ends', async () => {
    const { fake, guild, alice, bob } = scene;
    const threadId = await acceptedGame({ map: 'hex' });
    const pick = chooser(7);
    const players = [alice.id, bob.id];
    let board = latestBoard(fake, threadId);
    // Bob pressed Accept: the start board pings Alice only.
    let mover: string = bob.id;
    for (let turn = 0; !isFinished(board); turn++) {
      expect(turn).toBeLessThan(60);
      const game = await gameIn(threadId);
      const userId = game.toActUserIds[0]!;
      expect(players).toContain(userId);
      // Each board pings the member it is handed to; nobody when the rules played the other side's only move and handed it back.
      expect(board.mentionedUserIds).toEqual(userId === mover ? [] : [userId]);
      const previous = board;
      board = turn % 3 === 2
        ? await playTurnWithCommand(fake, guild.id, threadId, userId, pick)
        : await playTurnWithComponents(fake, threadId, userId, pick);
      mover = userId;
      // Every move hands the game over: a new board, and the one before it no longer offers moves and says what was played.
      expect(board.id).not.toBe(previous.id);
      await waitFor(() => fake.message(previous.id)!.components.length === 0, 15_000, `board ${previous.id} to be retired`);
      expect(fake.message(previous.id)!.content).toMatch(/^↪ .* played: /);
      expect(fake.message(previous.id)!.content).not.toMatch(/your move|⏰/);
      // The bot has recorded the new board as the game's current one before anyone plays on it (a
      // press that hands over retires its board at once, before the next board is even posted).
      if (!isFinished(board)) await waitForAsync(async () => (await gameIn(threadId)).boardMessageId === board.id, 15_000, `board ${board.id} to be recorded`);
    }
    const game = await gameIn(threadId);
    expect(game.status).toBe('FINISHED');
    expect(JSON.stringify(board.embeds[0])).toMatch(/won|Draw/);
    // The final board pings nobody and offers only a rematch.
    expect(board.mentionedUserIds).toEqual([]);
    expect(buttonsOf(board).map((b) => b.label)).toEqual(['Rematch', 'Replay', 'Describe']);
    expect(selectOf(board)).toBeUndefined();
    const moves = await scene.database.db.move.findMany({ where: { gameId: game.id }, orderBy: { seq: 'asc' } });
    expect(moves.map((m) => m.seq)).toEqual(moves.map((_, i) => i + 1));
    expect(replayGame(gameById('siege-master')!, game.seed, game.seats as never, game.options, moves)).toEqual(game.state);
    await fake.settle();
    expect(fake.violations).toEqual([]);
  });

  it('refuses a wrong user, a wrong turn, an illegal move and a stale button privately, changing nothing', async () => {
    const { fake, guild, alice, bob, carol } = scene;
    const threadId = await acceptedGame({ map: 'europe' });
    const board = latestBoard(fake, threadId);
    const select = selectOf(board)!;
    const byCarol = await fake.selectMenu({ messageId: board.id, customId: select.custom_id!, values: [select.options![0]!.value], userId: carol.id });
    await byCarol.done();
    expect(byCarol.ephemeralText()).toMatch(/not playing in this game/);
    const byBob = await fake.selectMenu({ messageId: board.id, customId: select.custom_id!, values: [select.options![0]!.value], userId: bob.id });
    await byBob.done();
    expect(byBob.ephemeralText()).toMatch(/not your turn/);
    const illegal = await fake.slashCommand({ guildId: guild.id, channelId: threadId, userId: alice.id, name: 'siege', subcommand: 'move', options: { notation: 'Z99 E' } });
    await illegal.done();
    expect(illegal.ephemeralText().length).toBeGreaterThan(5);
    expect(illegal.ephemeralText()).not.toMatch(/You played/);
    expect((await gameIn(threadId)).version).toBe(0);

    // alice opens a two-step choice privately, then moves by command instead: the step, out of
    // date now, is removed (a waiting player's panel that goes stale says so: stepPanels.e2e).
    const opened = await press(fake, board, () => fake.selectMenu({ messageId: board.id, customId: select.custom_id!, values: [select.options![0]!.value], userId: alice.id }));
    const step = opened.replies.find((m) => m.ephemeral && m.components.length)!;
    await playTurnWithCommand(fake, guild.id, threadId, alice.id, chooser(3));
    // The move retires the board it replaces once the new one is out.
    await waitFor(() => fake.message(board.id)!.components.length === 0, 15_000, 'the first board to be retired');
    await waitFor(() => fake.message(step.id)!.deleted, 15_000, 'the stale step to be removed');
    expect((await gameIn(threadId)).version).toBe(1);
    // the old public board's menu was removed by the newer move: a user cannot press it at all
    await expect(fake.selectMenu({ messageId: board.id, customId: select.custom_id!, values: [select.options![0]!.value], userId: alice.id })).rejects.toThrow();
  });

  it('a double click applies exactly one move, and the second press is told politely', async () => {
    const { fake, alice } = scene;
    const threadId = await acceptedGame({ map: 'africa' });
    const board = latestBoard(fake, threadId);
    const select = selectOf(board)!;
    const rec = await press(fake, board, () => fake.selectMenu({ messageId: board.id, customId: select.custom_id!, values: [select.options![0]!.value], userId: alice.id }));
    const step = rec.replies.find((m) => m.ephemeral && m.components.length)!;
    const button = buttonsOf(step).find((b) => b.label !== 'Back')!;
    const [a, b] = await Promise.all([
      fake.clickButton({ messageId: step.id, customId: button.custom_id!, userId: alice.id }),
      fake.clickButton({ messageId: step.id, customId: button.custom_id!, userId: alice.id }),
    ]);
    await Promise.all([a.done({ timeoutMs: 15_000 }), b.done({ timeoutMs: 15_000 })]);
    await waitForBoard(fake, threadId, 1);
    const game = await gameIn(threadId);
    expect(game.version).toBe(1);
    expect(await scene.database.db.move.count({ where: { gameId: game.id } })).toBe(1);
    // Both presses are answered at once; the move's panel is removed, and nothing else is said
    // but, at most, that the second press came too late.
    expect([a, b].every((r) => r.callback !== null && r.failure === null)).toBe(true);
    await waitFor(() => fake.message(step.id)!.deleted, 15_000, 'the panel to be removed');
    for (const r of [a, b]) expect(r.ephemeralText()).not.toMatch(/went wrong/);
    expect(fake.visibleMessages(threadId, alice.id).filter((m) => m.ephemeral)).toEqual([]);
    expect(boardsIn(fake, threadId).filter((m) => boardVersion(m) === 1)).toHaveLength(1);
  });

  it('after a restart mid-game, the buttons of boards posted before it still work and the game finishes', async () => {
    const { fake, alice, bob } = scene;
    const threadId = await acceptedGame({ map: 'australia' });
    const pick = chooser(11);
    await playTurnWithComponents(fake, threadId, alice.id, pick);
    await playTurnWithComponents(fake, threadId, bob.id, pick);
    const before = latestBoard(fake, threadId);
    await scene.restart();
    let board = before;
    for (let turn = 0; !isFinished(board); turn++) {
      expect(turn).toBeLessThan(60);
      const game = await gameIn(threadId);
      board = await playTurnWithComponents(fake, threadId, game.toActUserIds[0]!, pick);
    }
    expect((await gameIn(threadId)).status).toBe('FINISHED');
  });

  it('a game against the AI reaches its end, the AI answering each move', async () => {
    const { fake, guild, channel, alice } = scene;
    const rec = await fake.slashCommand({ guildId: guild.id, channelId: channel.id, userId: alice.id, name: 'siege', group: 'start', subcommand: 'siege-master', options: { ai: 'easy', map: 'hex' } });
    await rec.done();
    expect(rec.ephemeralText()).toMatch(/started in/);
    const thread = fake.threads(channel.id).at(-1)!;
    expect(thread.name).toContain('vs AI (easy)');
    const pick = chooser(5);
    let board = await waitForBoard(fake, thread.id, 0);
    for (let turn = 0; !isFinished(board); turn++) {
      expect(turn).toBeLessThan(40);
      const before = boardVersion(board)!;
      // Alice's move hands the game to the AI: no board for that; the AI's answer posts the next one.
      board = await playTurnWithComponents(fake, thread.id, alice.id, pick);
      // When the rules then take Alice's only reply for her, the game is the AI's again: that board
      // says so, pings nobody, and the AI's next answer follows.
      while (!isFinished(board) && /the AI is thinking/.test(board.content)) {
        expect(board.mentionedUserIds).toEqual([]);
        expect(JSON.stringify(board.embeds[0])).toMatch(/the only legal move, taken for Red/);
        board = await waitForBoardAfter(fake, thread.id, boardVersion(board)!, 20_000);
      }
      if (isFinished(board)) break;
      expect(boardVersion(board)).toBeGreaterThanOrEqual(before + 2);
      // It logs the AI's move and hands the game back to Alice with a ping.
      expect(JSON.stringify(board.embeds[0])).toMatch(/\*\*Blue \(AI, easy\)\*\*: /);
      expect(board.mentionedUserIds).toEqual([alice.id]);
    }
    const game = await gameIn(thread.id);
    expect(game.status).toBe('FINISHED');
    await fake.settle();
    expect(fake.violations).toEqual([]);
  });
});
