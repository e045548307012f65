// Private step panels: a player has at most one open panel per game. A second press that opens a
// step (a double tap included) reuses it; a finished move removes it, so that a player's private
// messages about a game never pile up.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameById } from '../../src/games/index.js';
import { ENGLISH, movePhraseOf, sayMove } from '../../src/services/phrases.js';
import type { FakeMessage } from '../harness/types.js';
import { acceptedChallenge, latestBoard, press, waitFor } from '../helpers/play.js';
import { buttonsOf, nextStep, startScene, waitForBoardAfter, boardVersion, type Scene } from '../helpers/scene.js';
import { moveWithComponents, preferring } from '../helpers/solo.js';

describe('private step panels', () => {
  let scene: Scene;
  let threadId: string;
  beforeAll(async () => {
    scene = await startScene();
    ({ threadId } = await acceptedChallenge(scene, { game: 'dice-realms' }));
  });
  afterAll(async () => {
    await scene?.stop();
  });

  /** What `userId` has privately in the game's thread. */
  const privateTo = (userId: string): FakeMessage[] => scene.fake.visibleMessages(threadId, userId).filter((m) => m.ephemeral);
  const button = (m: FakeMessage, label: RegExp) => buttonsOf(m).find((b) => label.test(b.label ?? ''))!;

  /** The member whose move it is. */
  const toAct = async () => {
    const game = (await scene.database.db.game.findFirst({ where: { threadId } }))!;
    return [scene.alice, scene.bob].find((u) => game.toActUserIds.includes(u.id))!;
  };

  /** Presses the open panel's choices (the first that `pick` takes at each level) until the move is made. */
  async function finishInPanel(userId: string, panelId: string, moves: number, pick: RegExp[]): Promise<void> {
    for (let step = 0; step < 6 && (boardVersion(latestBoard(scene.fake, threadId)) ?? -1) <= moves; step++) {
      const panel = scene.fake.message(panelId);
      if (!panel || panel.deleted) break;
      const choices = buttonsOf(panel).filter((b) => b.custom_id!.startsWith('s1:mv:'));
      const choice = pick.map((re) => choices.find((b) => re.test(b.label ?? ''))).find(Boolean) ?? choices[0]!;
      await press(scene.fake, panel, () => scene.fake.clickButton({ messageId: panel.id, customId: choice.custom_id!, userId }));
    }
  }

  it('given a double tap on a step button, one panel opens; choosing in it makes the move and removes it', async () => {
    const { fake } = scene;
    const player = await toAct();
    // Gathering keeps the turn, and the board then offers training, a step of several choices.
    await moveWithComponents(scene, threadId, player.id, preferring([/^Keep/]));
    const board = latestBoard(fake, threadId);
    const moves = boardVersion(board)!;
    const opener = button(board, /^Military/);
    const taps = await Promise.all([0, 1].map(() => fake.clickButton({ messageId: board.id, customId: opener.custom_id!, userId: player.id })));
    await Promise.all(taps.map((t) => t.done({ timeoutMs: 15_000 })));
    await waitFor(() => privateTo(player.id).some((m) => m.components.length > 0), 15_000, 'the panel');
    expect(privateTo(player.id)).toHaveLength(1);
    const panel = privateTo(player.id)[0]!;
    expect(buttonsOf(panel).some((b) => /^Infantry/.test(b.label ?? ''))).toBe(true);
    await finishInPanel(player.id, panel.id, moves, [/^Infantry/, /^1\b/]);
    await waitForBoardAfter(fake, threadId, moves);
    await waitFor(() => privateTo(player.id).length === 0, 15_000, 'the panel to be removed');
    await fake.settle();
    expect(fake.violations).toEqual([]);
  });

  it('given multi-step moves, no private leftovers remain: at most the open panel', async () => {
    const { fake, alice } = scene;
    // Gather, then train through the panel (resource, unit, count), then more, each ending the panel.
    const pick = preferring([/^Keep/, /^Military/, /^Train/, /^Done/]);
    for (let n = 0; n < 4 && latestBoard(fake, threadId).content.includes(`<@${alice.id}>`); n++) {
      await moveWithComponents(scene, threadId, alice.id, pick);
      await waitFor(() => privateTo(alice.id).length === 0, 15_000, `no private leftovers after move ${n + 1}`);
    }
    expect(await scene.database.db.move.count({ where: { userId: alice.id } })).toBeGreaterThanOrEqual(3);
    await fake.settle();
    expect(fake.violations).toEqual([]);
  });

  it('given a panel left open and the move made by typing it, the panel goes', async () => {
    const { fake } = scene;
    const player = await toAct();
    await moveWithComponents(scene, threadId, player.id, preferring([/^Keep/]));
    const board = latestBoard(fake, threadId);
    const moves = boardVersion(board)!;
    const opened = await press(fake, board, () => fake.clickButton({ messageId: board.id, customId: button(board, /^Military/).custom_id!, userId: player.id }));
    const panel = nextStep(opened, fake).step!;
    expect(privateTo(player.id).map((m) => m.id)).toEqual([panel.id]);
    // The training the panel offers, typed instead.
    const game = (await scene.database.db.game.findFirst({ where: { threadId } }))!;
    const def = gameById('dice-realms')!;
    const seat = def.toAct(game.state)[0]!;
    const training = def.legalMoves(game.state, seat).find((m) => def.formatMove(game.state, seat, m).startsWith('train'))!;
    const notation = def.formatMove(game.state, seat, training);
    const typed = await fake.slashCommand({ guildId: scene.guild.id, channelId: threadId, userId: player.id, name: 'siege', subcommand: 'move', options: { notation } });
    await typed.done({ timeoutMs: 15_000 });
    // The answer names the move in words ("train 1 Infantry"), the notation typed being "train infantry 1".
    expect(typed.ephemeralText()).toContain(`You played **${sayMove(ENGLISH, movePhraseOf(def, game.state, seat, training), notation)}**`);
    await waitForBoardAfter(fake, threadId, moves);
    await waitFor(() => fake.message(panel.id)?.deleted === true, 15_000, 'the open panel to be removed');
    await fake.settle();
    expect(fake.violations).toEqual([]);
  });
});
