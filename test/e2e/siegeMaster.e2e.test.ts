import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameById } from '../../src/games/index.js';
import { replayGame } from '../../src/services/replay.js';
import { acceptedChallenge, chooser, isFinished, latestBoard, playTurnWithCommand, playTurnWithComponents, press, waitFor } from '../helpers/play.js';
import { boardsIn, boardVersion, buttonsOf, selectOf, startScene, waitForBoard, type Scene } from '../helpers/scene.js';

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
    for (let turn = 0; !isFinished(board); turn++) {
      expect(turn).toBeLessThan(60);
      const game = await gameIn(threadId);
      const userId = game.toActUserIds[0]!;
      expect(players).toContain(userId);
      expect(board.mentionedUserIds).toEqual([userId]);
      board = turn % 3 === 2
        ? await playTurnWithCommand(fake, guild.id, threadId, userId, pick)
        : await playTurnWithComponents(fake, threadId, userId, pick);
      // the board before this one no longer offers moves
      const boards = fake.messages(threadId).filter((m) => boardVersion(m) !== null);
      const previous = boards[boards.length - 2]!;
      expect(buttonsOf(previous).every((b) => b.disabled) && (selectOf(previous)?.disabled ?? true)).toBe(true);
    }
    const game = await gameIn(threadId);
    expect(game.status).toBe('FINISHED');
    expect(JSON.stringify(board.embeds[0])).toMatch(/won|Draw/);
    expect(board.components).toEqual([]);
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

    // alice opens a two-step choice privately, then moves by command instead: the step is now stale
    const opened = await press(fake, board, () => fake.selectMenu({ messageId: board.id, customId: select.custom_id!, values: [select.options![0]!.value], userId: alice.id }));
    const step = opened.replies.find((m) => m.ephemeral && m.components.length)!;
    await playTurnWithCommand(fake, guild.id, threadId, alice.id, chooser(3));
    const staleButton = buttonsOf(step).find((b) => b.label !== 'Back')!;
    const stale = await press(fake, step, () => fake.clickButton({ messageId: step.id, customId: staleButton.custom_id!, userId: alice.id }));
    expect(stale.text()).toMatch(/out of date/);
    expect(stale.text()).toContain(`https://discord.com/channels/${guild.id}/${threadId}/${latestBoard(fake, threadId).id}`);
    expect((await gameIn(threadId)).version).toBe(1);
    // the old public board's menu was disabled by the newer move: a user cannot press it at all
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
    const before = step.revisions;
    const [a, b] = await Promise.all([
      fake.clickButton({ messageId: step.id, customId: button.custom_id!, userId: alice.id }),
      fake.clickButton({ messageId: step.id, customId: button.custom_id!, userId: alice.id }),
    ]);
    await Promise.all([a.done({ timeoutMs: 15_000 }), b.done({ timeoutMs: 15_000 })]);
    await waitFor(() => fake.message(step.id)!.revisions >= before + 2, 15_000, 'both presses answered');
    await waitForBoard(fake, threadId, 1);
    const game = await gameIn(threadId);
    expect(game.version).toBe(1);
    expect(await scene.database.db.move.count({ where: { gameId: game.id } })).toBe(1);
    // each press edits the step message through its own interaction token
    const answers = [a, b].map((r) => {
      const edits = fake.requests.filter((q) => q.method === 'PATCH' && q.path.includes(r.token));
      return String((edits.at(-1)?.body as { content?: string } | undefined)?.content ?? '');
    });
    expect(answers.filter((t) => /You played/.test(t))).toHaveLength(1);
    expect(answers.find((t) => !/You played/.test(t))).toMatch(/out of date|changed a moment ago/);
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
      board = await playTurnWithComponents(fake, thread.id, alice.id, pick);
      if (isFinished(board)) break;
      board = await waitForBoard(fake, thread.id, boardVersion(board)! + 1, 20_000); // the AI's answer
      expect(JSON.stringify(board.embeds[0])).toMatch(/AI, easy\) played/);
    }
    const game = await gameIn(thread.id);
    expect(game.status).toBe('FINISHED');
    await fake.settle();
    expect(fake.violations).toEqual([]);
  });
});
