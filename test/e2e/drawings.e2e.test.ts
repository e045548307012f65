// Pressing ◀ ▶ in a review of a finished game (anyone may) and opening placement steps draw
// boards: a position drawn once is sent again without drawing; a member has 20 new drawings a
// minute (a step to a board drawn before costs a quarter), after which a review step is refused
// privately with when to go on, and a step of a move comes without its preview picture, never
// refused. The bot's clock stands still unless the
// test moves it, so the budget refills only when the test says so.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameById } from '../../src/games/index.js';
import { choiceLevel } from '../../src/services/moveChoices.js';
import type { FakeMessage } from '../harness/types.js';
import { acceptedChallenge, chooser, latestBoard, press } from '../helpers/play.js';
import { buttonsOf, nextStep, selectOf, startScene, waitForBoardAfter, type Scene } from '../helpers/scene.js';

describe('review and preview drawings', () => {
  let scene: Scene;
  let now = Date.parse('2026-11-25T10:00:00.000Z');
  let gameId: number;
  let positions: number;

  beforeAll(async () => {
    scene = await startScene({}, { now: () => new Date(now) });
    // A finished game of more than twenty moves, played through the services.
    const { services } = scene.app.ctx!;
    const def = gameById('siege-master')!;
    const started = await services.games.startGame({
      gameType: 'siege-master', guildId: scene.guild.id, channelId: scene.channel.id, seed: 'drawings-e2e',
      seats: [{ kind: 'human', userId: scene.alice.id }, { kind: 'human', userId: scene.bob.id }], rawOptions: { map: 'europe' }, clockSeconds: null,
    });
    if (!started.ok) throw new Error(started.error.message);
    let game = started.value;
    const pick = chooser(5);
    while (game.status === 'ACTIVE' && game.version < 26) {
      const seat = def.toAct(game.state)[0]!;
      const userId = (game.seats[seat] as { userId: string }).userId;
      const applied = await services.games.applyMove({ gameId: game.id, actor: { kind: 'user', userId }, input: { move: pick(def.legalMoves(game.state, seat)) }, expectedVersion: game.version });
      if (!applied.ok) throw new Error(applied.error.message);
      game = applied.value.game;
    }
    positions = game.moveCount;
    expect(positions).toBeGreaterThan(21);
    if (game.status === 'ACTIVE') await services.games.resign(game.id, scene.alice.id);
    gameId = game.id;
  });
  afterAll(async () => {
    await scene?.stop();
  });

  const drawn = () => scene.app.ctx!.render.timing().boards;

  it('given a member stepping through a finished game as fast as Discord allows, then each position is drawn once, and past 20 drawings a minute they are told privately when to go on', async () => {
    const { fake, guild, channel, carol, alice } = scene;
    const open = await fake.slashCommand({ guildId: guild.id, channelId: channel.id, userId: carol.id, name: 'siege', subcommand: 'review', options: { game: gameId, move: 0 } });
    await open.done({ timeoutMs: 20_000 });
    const review = open.replies.find((m) => m.ephemeral && m.embeds.length > 0)!;
    expect(review.content).toBe(`Move 0 of ${positions}`);
    const step = async (label: string) => {
      const current = fake.message(review.id)!;
      const button = buttonsOf(current).find((b) => b.label === label)!;
      return press(fake, current, () => fake.clickButton({ messageId: current.id, customId: button.custom_id!, userId: carol.id }), 20_000);
    };
    const shown = () => fake.message(review.id)!;

    for (let n = 1; n < 20; n++) {
      const rec = await step('▶');
      expect(rec.ephemeralText()).not.toMatch(/faster than I can draw/);
      expect(shown().content).toBe(`Move ${n} of ${positions}`);
      expect(shown().attachments).toHaveLength(1);
    }
    // Twenty drawings: the next press is refused privately, before anything is read, and the
    // review stays where it was.
    const before = drawn();
    const refused = await step('▶');
    expect(refused.ephemeralText()).toContain('You are stepping through boards faster than I can draw them; try again in 1 s.');
    expect(shown().content).toBe(`Move 19 of ${positions}`);
    // Told once: a press again before then is acknowledged without a word.
    const current = shown();
    const again = await fake.clickButton({ messageId: current.id, customId: buttonsOf(current).find((b) => b.label === '▶')!.custom_id!, userId: carol.id });
    await again.done();
    expect(again.callback?.type).toBe(6);
    expect(again.replies.filter((m) => m.id !== review.id)).toEqual([]);
    expect(shown().revisions).toBe(current.revisions);
    // Three seconds later: one drawing back. Positions drawn before are sent again without
    // drawing, for a quarter of a drawing each.
    now += 3_000;
    await step('◀');
    expect(shown().content).toBe(`Move 18 of ${positions}`);
    await step('⏮');
    expect(shown().content).toBe(`Move 0 of ${positions}`);
    expect(shown().attachments[0]!.size).toBe(review.attachments[0]!.size);
    expect(drawn()).toBe(before);
    // Another member has a budget of their own.
    const other = await fake.slashCommand({ guildId: guild.id, channelId: channel.id, userId: alice.id, name: 'siege', subcommand: 'review', options: { game: gameId } });
    await other.done({ timeoutMs: 20_000 });
    expect(other.replies.find((m) => m.ephemeral && m.embeds.length > 0)!.content).toBe(`Move ${positions} of ${positions}`);
    // The last position, drawn for alice, is sent to carol as it is; a new drawing needs a whole one.
    await step('⏭');
    expect(shown().content).toBe(`Move ${positions} of ${positions}`);
    expect((await step('◀')).ephemeralText()).toMatch(/try again in 3 s/);
    now += 3_000;
    await step('◀');
    expect(shown().content).toBe(`Move ${positions - 1} of ${positions}`);
    expect(drawn()).toBe(before + 2);
    await fake.settle();
    expect(fake.violations).toEqual([]);
  });

  it('given a member whose drawings are spent, then a step of their move comes without its preview, and the move is made; a minute later, the preview is there', async () => {
    const { fake, carol } = scene;
    const dave = fake.addUser({ username: 'dave' });
    fake.addMember(scene.guild.id, dave.id);
    const { threadId } = await acceptedChallenge(scene, { game: 'siege-master', map: 'europe' }, carol, dave);
    const def = gameById('siege-master')!;
    /** Picks a cell with several placements (a step with a preview) on the board; returns the private step it opened. */
    const openStep = async (userId: string): Promise<FakeMessage> => {
      const board = latestBoard(fake, threadId);
      const select = selectOf(board)!;
      const game = (await scene.database.db.game.findFirst({ where: { threadId } }))!;
      const seat = def.toAct(game.state)[0]!;
      const cell = select.options!.find((o) => choiceLevel(def, game.state, seat, [o.value]).options.length >= 2)!;
      const rec = await press(fake, board, () => fake.selectMenu({ messageId: board.id, customId: select.custom_id!, values: [cell.value], userId }));
      const { step, text } = nextStep(rec, fake);
      if (!step) throw new Error(`no step after picking a cell: ${text}`);
      return step;
    };
    const finish = async (stepMessage: FakeMessage, userId: string) => {
      const moves = buttonsOf(stepMessage).filter((b) => b.custom_id!.startsWith('s1:mv:') && b.label !== 'Back');
      const version = Number(/Move (\d+)/.exec(JSON.stringify(latestBoard(fake, threadId).embeds))![1]);
      await press(fake, stepMessage, () => fake.clickButton({ messageId: stepMessage.id, customId: moves[0]!.custom_id!, userId }));
      return waitForBoardAfter(fake, threadId, version);
    };
    const spent = await openStep(carol.id);
    expect(spent.attachments).toHaveLength(0);
    expect(spent.content).not.toMatch(/numbered as on the picture/);
    const board = await finish(spent, carol.id);
    expect(board.content).toContain(`<@${dave.id}>, your move`);
    // Dave answers (his first move is one choice: a placement, or swapping sides).
    const daveBoard = latestBoard(fake, threadId);
    const daveSelect = selectOf(daveBoard)!;
    const placement = daveSelect.options!.find((o) => o.value !== 'swap')!;
    await press(fake, daveBoard, () => fake.selectMenu({ messageId: daveBoard.id, customId: daveSelect.custom_id!, values: [placement.value], userId: dave.id }));
    await waitForBoardAfter(fake, threadId, 1);
    // A minute later carol's drawings are back: her next step has its picture.
    now += 60_000;
    const withPicture = await openStep(carol.id);
    expect(withPicture.attachments).toHaveLength(1);
    expect(withPicture.content).toMatch(/numbered as on the picture/);
    await finish(withPicture, carol.id);
    await fake.settle();
    expect(fake.violations).toEqual([]);
  });
});
