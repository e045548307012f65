// Undo in solo games and takebacks in two-player games, through Discord: an undo steps back
// through the player's own moves and stops at a revealed roll; a takeback is asked by the mover
// and accepted, declined, or expired by the opponent's own move. After either, the board's
// footer, /siege history and /siege review give one move count: the moves standing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addGameForTests, gameById } from '../../src/games/index.js';
import { replayGame, standingMoves } from '../../src/services/replay.js';
import { acceptedChallenge, chooser, latestBoard, playTurnWithComponents, press, waitFor } from '../helpers/play.js';
import { boardMoveCount, boardVersion, buttonsOf, startScene, waitForBoard, waitForNewestBoard, type Scene, isSettings } from '../helpers/scene.js';
import { practiceSiege } from '../helpers/soloGame.js';
import type { FakeMessage } from '../harness/types.js';

afterAll(addGameForTests(practiceSiege));

describe('undo and takebacks through Discord', () => {
  let scene: Scene;
  beforeAll(async () => {
    scene = await startScene();
  });
  afterAll(async () => {
    await scene?.stop();
  });

  const gameIn = async (threadId: string) => (await scene.database.db.game.findFirst({ where: { threadId } }))!;
  const button = (m: FakeMessage, label: string) => buttonsOf(m).find((b) => b.label === label);

  /**
   * Presses a move button on the latest board of a solo game and returns the board after it: the
   * same message, updated in place (a solo game's turn never passes), with no private reply.
   */
  async function playButton(threadId: string, userId: string, label: string): Promise<FakeMessage> {
    const board = latestBoard(scene.fake, threadId);
    const moves = boardMoveCount(board)!;
    const b = button(board, label)!;
    const r = await press(scene.fake, board, () => scene.fake.clickButton({ messageId: board.id, customId: b.custom_id!, userId }));
    expect(r.callback?.type).toBe(6);
    expect(r.ephemeralText()).toBe('');
    // The same message, updated (an older board may still show that count until it is retired:
    // retirements are sent after new boards).
    const next = await scene.fake.waitForMessage((m) => m.id === board.id && boardMoveCount(m) === moves + 1, 15_000);
    expect(latestBoard(scene.fake, threadId).id).toBe(board.id);
    return next;
  }

  async function pressUndo(threadId: string, userId: string) {
    const board = latestBoard(scene.fake, threadId);
    const undo = button(board, 'Undo')!;
    return press(scene.fake, board, () => scene.fake.clickButton({ messageId: board.id, customId: undo.custom_id!, userId }));
  }

  /**
   * The one move count, as a player meets it after undos and takebacks: the latest board's footer
   * ("Move n"), /siege history ("n moves (k undone)") and /siege review ("Move n of n") agree with
   * each other and with the moves standing in the log.
   */
  async function expectOneMoveCount(threadId: string, userId: string, moves: number, cancelled: number, word: 'undone' | 'taken back') {
    const game = await gameIn(threadId);
    const log = await scene.database.db.move.findMany({ where: { gameId: game.id }, orderBy: { seq: 'asc' } });
    expect(standingMoves(log)).toHaveLength(moves);
    expect(game.moveCount).toBe(moves);
    expect(boardMoveCount(latestBoard(scene.fake, threadId))).toBe(moves);
    const history = await scene.fake.slashCommand({ guildId: scene.guild.id, channelId: threadId, userId, name: 'siege', subcommand: 'history', options: { game: game.id } });
    await history.done();
    const count = `${moves} ${moves === 1 ? 'move' : 'moves'}`;
    expect(history.text()).toContain(cancelled ? `· ${count} (${cancelled} ${word}) ·` : `· ${count} ·`);
    const review = await scene.fake.slashCommand({ guildId: scene.guild.id, channelId: threadId, userId, name: 'siege', subcommand: 'review', options: { game: game.id } });
    await review.done({ timeoutMs: 15_000 });
    expect(review.replies.find((m) => m.ephemeral)!.content).toBe(`Move ${moves} of ${moves}`);
  }

  it('solo: Undo steps back through the player’s own moves, and stops at a revealed roll', async () => {
    const { fake, guild, channel, alice, bob } = scene;
    const rec = await fake.slashCommand({ guildId: guild.id, channelId: channel.id, userId: alice.id, name: 'siege', group: 'start', subcommand: 'practice-siege', options: { rounds: '5' } });
    await rec.done();
    const threadId = fake.threads(channel.id).at(-1)!.id;
    let board = await waitForBoard(fake, threadId, 0);
    expect(button(board, 'Undo')).toBeUndefined(); // nothing to undo yet

    // Two fortifications (nothing revealed), then two undos: back at the start.
    board = await playButton(threadId, alice.id, 'fortify');
    board = await playButton(threadId, alice.id, 'fortify');
    expect(button(board, 'Undo')).toBeDefined();
    const byBob = await fake.clickButton({ messageId: board.id, customId: button(board, 'Undo')!.custom_id!, userId: bob.id });
    await byBob.done();
    expect(byBob.ephemeralText()).toBe('You are not playing in this game.');
    const undone = await pressUndo(threadId, alice.id);
    expect(undone.ephemeralText()).toBe('You undid **fortify**.');
    board = await waitForNewestBoard(fake, threadId, 1);
    expect(JSON.stringify(board.embeds[0])).toMatch(/undid fortify/);
    // Given two moves and one undo, then the board, the history and the review all count one move.
    await expectOneMoveCount(threadId, alice.id, 1, 1, 'undone');
    await pressUndo(threadId, alice.id);
    board = await waitForNewestBoard(fake, threadId, 0);
    expect(button(board, 'Undo')).toBeUndefined();
    const game = await gameIn(threadId);
    const def = gameById('practice-siege')!;
    expect(game.state).toEqual(def.setup(game.seed, [{ kind: 'human' }], { rounds: 5 }));

    // A raid reveals the raider's roll: after it, a fortification can be undone, the raid cannot.
    board = await playButton(threadId, alice.id, 'raid');
    expect(button(board, 'Undo')).toBeUndefined();
    const next = button(board, 'accept') ? 'accept' : 'fortify';
    board = await playButton(threadId, alice.id, next);
    expect(button(board, 'Undo')).toBeDefined();
    await pressUndo(threadId, alice.id);
    board = await waitForNewestBoard(fake, threadId, 1);
    expect(button(board, 'Undo')).toBeUndefined();
    // Four moves, three of them undone: one count everywhere, the undone moves struck through.
    await expectOneMoveCount(threadId, alice.id, 1, 3, 'undone');

    // The log is append-only and replays to the stored state, skipping what was undone.
    const after = await gameIn(threadId);
    const log = await scene.database.db.move.findMany({ where: { gameId: after.id }, orderBy: { seq: 'asc' } });
    expect(log.map((m) => m.kind)).toEqual(['move', 'move', 'undo', 'undo', 'move', 'move', 'undo']);
    expect(log.map((m) => m.revealed)).toEqual([false, false, false, false, true, false, false]);
    expect(replayGame(def, after.seed, after.seats as never, after.options, log)).toEqual(after.state);
    await fake.settle();
    expect(fake.violations).toEqual([]);
  });

  /** alice moves in a fresh game against bob; returns the thread and the board after her move. */
  async function afterAlicesMove(map: string) {
    const { threadId } = await acceptedChallenge(scene, { game: 'siege-master', map });
    const board = await playTurnWithComponents(scene.fake, threadId, scene.alice.id, chooser(9));
    return { threadId, board };
  }

  /** alice presses "Take back?" on the board; returns the request notice in the thread. */
  async function askTakeback(threadId: string, board: FakeMessage): Promise<FakeMessage> {
    const { fake, alice, bob } = scene;
    const ask = button(board, 'Take back?')!;
    expect(ask).toBeDefined();
    const byBob = await fake.clickButton({ messageId: board.id, customId: ask.custom_id!, userId: bob.id });
    await byBob.done();
    expect(byBob.ephemeralText()).toMatch(/Only <@\d+>, who made that move, can ask/);
    const asked = await fake.clickButton({ messageId: board.id, customId: ask.custom_id!, userId: alice.id });
    await asked.done({ timeoutMs: 15_000 });
    expect(asked.ephemeralText()).toMatch(/You asked <@\d+> to let you take back/);
    await waitFor(() => fake.messages(threadId).some((m) => /asks to take back/.test(m.content)), 15_000, 'the takeback request');
    const notice = fake.messages(threadId).filter((m) => /asks to take back/.test(m.content)).at(-1)!;
    expect(notice.mentionedUserIds).toEqual([bob.id]);
    await waitFor(() => !button(fake.message(board.id)!, 'Take back?'), 15_000, 'the board to stop offering the takeback');
    return notice;
  }

  async function answer(notice: FakeMessage, label: 'Accept' | 'Decline', userId: string) {
    const b = button(scene.fake.message(notice.id)!, label)!;
    await press(scene.fake, notice, () => scene.fake.clickButton({ messageId: notice.id, customId: b.custom_id!, userId }));
    return scene.fake.message(notice.id)!;
  }

  it('two players: a takeback accepted by the opponent is logged, and the game continues from the position before', async () => {
    const { fake, alice, bob } = scene;
    const { threadId, board } = await afterAlicesMove('hex');
    const notice = await askTakeback(threadId, board);
    const byAlice = await fake.clickButton({ messageId: notice.id, customId: button(notice, 'Accept')!.custom_id!, userId: alice.id });
    await byAlice.done();
    expect(byAlice.ephemeralText()).toMatch(/Only <@\d+> can answer this takeback/);
    const answered = await answer(notice, 'Accept', bob.id);
    expect(answered.content).toMatch(/accepted: .*was taken back/);
    expect(answered.components).toEqual([]);
    // The board after the takeback (the first board, superseded, also shows "Move 0").
    const after = await fake.waitForMessage((m) => m.channelId === threadId && !m.ephemeral && /took back /.test(JSON.stringify(m.embeds[0] ?? {})), 15_000);
    expect(boardMoveCount(after)).toBe(0);
    expect(after.mentionedUserIds).toEqual([alice.id]);
    expect(JSON.stringify(after.embeds[0])).toMatch(/took back .*accepted by/);
    const game = await gameIn(threadId);
    expect(game.toActUserIds).toEqual([alice.id]);
    const def = gameById('siege-master')!;
    expect(game.state).toEqual(def.setup(game.seed, [{ kind: 'human' }, { kind: 'human' }], game.options));
    const log = await scene.database.db.move.findMany({ where: { gameId: game.id }, orderBy: { seq: 'asc' } });
    expect(log.map((m) => [m.kind, m.userId])).toEqual([['move', alice.id], ['takeback', bob.id]]);
    // The history shows the move struck through and the takeback.
    const history = await fake.slashCommand({ guildId: scene.guild.id, channelId: threadId, userId: bob.id, name: 'siege', subcommand: 'history', options: { game: game.id } });
    await history.done();
    expect(history.text()).toMatch(/~~1\. Red .*~~/);
    expect(history.text()).toMatch(/move 1 taken back/);
    await expectOneMoveCount(threadId, bob.id, 0, 1, 'taken back');

    // Given three more moves and a second takeback, then every count says two moves.
    const pick = chooser(9);
    await playTurnWithComponents(fake, threadId, alice.id, pick);
    await playTurnWithComponents(fake, threadId, bob.id, pick);
    const third = await playTurnWithComponents(fake, threadId, alice.id, pick);
    expect(boardMoveCount(third)).toBe(3);
    await answer(await askTakeback(threadId, third), 'Accept', bob.id);
    await waitForBoard(fake, threadId, 2);
    await expectOneMoveCount(threadId, bob.id, 2, 2, 'taken back');
    const again = await fake.slashCommand({ guildId: scene.guild.id, channelId: threadId, userId: bob.id, name: 'siege', subcommand: 'history', options: { game: game.id } });
    await again.done();
    expect(again.text()).toMatch(/\n1\. Red .*\n2\. Blue .*\n~~3\. Red .*~~\n↩ .*move 3 taken back/);
  });

  it('two players: a declined takeback changes nothing', async () => {
    const { bob } = scene;
    const { threadId, board } = await afterAlicesMove('europe');
    const before = await gameIn(threadId);
    const notice = await askTakeback(threadId, board);
    const answered = await answer(notice, 'Decline', bob.id);
    expect(answered.content).toMatch(/declined: .* stands/);
    expect(answered.components).toEqual([]);
    const game = await gameIn(threadId);
    expect(game.version).toBe(before.version);
    expect(game.state).toEqual(before.state);
  });

  it('two players: a request expires when the opponent makes their own move instead', async () => {
    const { fake, bob } = scene;
    const { threadId, board } = await afterAlicesMove('africa');
    const notice = await askTakeback(threadId, board);
    await playTurnWithComponents(fake, threadId, bob.id, chooser(4));
    const moved = await gameIn(threadId);
    const answered = await answer(notice, 'Accept', bob.id);
    expect(answered.content).toMatch(/This request has expired/);
    expect(answered.components).toEqual([]);
    const game = await gameIn(threadId);
    expect(game.version).toBe(moved.version);
    expect(await scene.database.db.move.count({ where: { gameId: game.id, kind: 'takeback' } })).toBe(0);
    await fake.settle();
    expect(fake.violations).toEqual([]);
  });

  it('given forged takeback answers on the live board and on the notice, nothing is edited: the presser is told privately', async () => {
    const { fake, alice, bob, carol } = scene;
    const { threadId, board } = await afterAlicesMove('north-america');
    const game = await gameIn(threadId);
    const before = fake.message(board.id)!;
    const rows = JSON.stringify(before.components);
    for (const [userId, kind, version] of [[carol.id, 'ta', game.version - 1], [carol.id, 'tx', game.version], [bob.id, 'ta', game.version - 1], [alice.id, 'tx', game.version]] as const) {
      const rec = await fake.forgeComponent({ messageId: board.id, customId: `s1:${kind}:${game.id}:${version}`, userId });
      await rec.done({ timeoutMs: 15_000 });
      expect(rec.ephemeralText().length).toBeGreaterThan(0);
      expect(fake.message(board.id)!.content).toBe(before.content);
      expect(JSON.stringify(fake.message(board.id)!.components)).toBe(rows);
    }
    // A bystander pressing the real notice's buttons is refused and leaves the notice as it is.
    const notice = await askTakeback(threadId, fake.message(board.id)!);
    for (const label of ['Accept', 'Decline'] as const) {
      const rec = await fake.clickButton({ messageId: notice.id, customId: button(notice, label)!.custom_id!, userId: carol.id });
      await rec.done({ timeoutMs: 15_000 });
      expect(rec.ephemeralText()).toMatch(/Only <@\d+> can answer this takeback/);
      expect(fake.message(notice.id)!.content).toBe(notice.content);
      expect(fake.message(notice.id)!.components).toEqual(notice.components);
    }
    expect((await gameIn(threadId)).version).toBe(game.version);
    await fake.settle();
    expect(fake.violations).toEqual([]);
  });

  it('given "Take back?" pressed while the opponent\'s step updates the board, the board keeps the buttons of its current version', async () => {
    const { fake, alice, bob } = scene;
    const { threadId } = await acceptedChallenge(scene, { game: 'dice-realms' });
    // Alice plays her turn to its end: the board handed to Bob offers her "Take back?".
    const def = gameById('dice-realms')!;
    for (let n = 0; n < 12 && !(await gameIn(threadId)).toActUserIds.includes(bob.id); n++) {
      const game = await gameIn(threadId);
      const legal = def.legalMoves(game.state, 0).filter((m) => (m as { type: string }).type !== 'policy');
      const texts = legal.map((m) => def.formatMove(game.state, 0, m));
      const notation = texts.find((t) => t === 'done') ?? texts.find((t) => t === 'gather keep') ?? texts[0]!;
      const rec = await fake.slashCommand({ guildId: scene.guild.id, channelId: threadId, userId: alice.id, name: 'siege', subcommand: 'move', options: { notation } });
      await rec.done({ timeoutMs: 15_000 });
      await waitForBoard(fake, threadId, game.version + 1);
    }
    await waitFor(() => latestBoard(fake, threadId).mentionedUserIds.includes(bob.id), 15_000, 'the board handed to Bob');
    const board = latestBoard(fake, threadId);
    const version = boardVersion(board)!;
    expect(button(board, 'Take back?')).toBeDefined();
    // The request's notice is held until Bob's first step has updated the board in place.
    const hold = fake.holdNext({ method: 'POST', route: new RegExp(`^/channels/${threadId}/messages$`) });
    const asked = await fake.clickButton({ messageId: board.id, customId: button(board, 'Take back?')!.custom_id!, userId: alice.id });
    await hold.reached;
    const bobsGather = buttonsOf(board).find((b) => b.custom_id!.startsWith('s1:mv:') && /^Keep/.test(b.label ?? ''))!;
    await press(fake, board, () => fake.clickButton({ messageId: board.id, customId: bobsGather.custom_id!, userId: bob.id }));
    await waitForBoard(fake, threadId, version + 1);
    hold.release();
    await asked.done({ timeoutMs: 15_000 });
    const after = fake.message(board.id)!;
    expect(boardVersion(after)).toBe(version + 1);
    const moves = buttonsOf(after).filter((b) => b.custom_id!.startsWith('s1:mv:'));
    expect(moves.length).toBeGreaterThan(0);
    for (const b of buttonsOf(after).filter((b) => !isSettings(b))) expect(b.custom_id, b.label).toMatch(new RegExp(`^s1:[a-z]{2}:\\d+:${version + 1}(:|$)`));
    await fake.settle();
    expect(fake.violations).toEqual([]);
  });

  it('neither is offered once the clock has run out, nor in a daily challenge', async () => {
    const { threadId } = await afterAlicesMove('asia');
    const game = (await scene.app.ctx!.services.games.load((await gameIn(threadId)).id))!;
    const service = scene.app.ctx!.services.takebacks;
    const def = gameById('siege-master')!;
    expect(await service.boardOffers(def, game)).toEqual({ undo: false, takeback: true });
    const late = { ...game, deadlineAt: new Date(Date.now() - 1000) };
    expect(await service.boardOffers(def, late)).toEqual({ undo: false, takeback: false });
    expect(await service.boardOffers(def, { ...game, timedOutAt: new Date() })).toEqual({ undo: false, takeback: false });
    expect(await service.boardOffers(def, { ...game, options: { ...(game.options as object), daily: true } })).toEqual({ undo: false, takeback: false });
    await scene.database.db.game.update({ where: { id: game.id }, data: { deadlineAt: new Date(Date.now() - 1000) } });
    const asked = await service.ask(game.id, game.version, scene.alice.id);
    expect(asked.ok).toBe(false);
    expect(!asked.ok && asked.error.code).toBe('clock');
  });
});
