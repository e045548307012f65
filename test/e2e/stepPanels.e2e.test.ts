// Private step panels: a player has at most one open panel per game. A second press that opens a
// step (a double tap included) reuses it; a finished move removes it, so that a player's private
// messages about a game never pile up.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeMessage } from '../harness/types.js';
import { acceptedChallenge, latestBoard, press, waitFor } from '../helpers/play.js';
import { buttonsOf, startScene, waitForBoardAfter, boardVersion, type Scene } from '../helpers/scene.js';
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

  it('given a double tap on a step button, one panel opens; choosing in it makes the move and removes it', async () => {
    const { fake, alice } = scene;
    const board = latestBoard(fake, threadId);
    const version = boardVersion(board)!;
    const opener = button(board, /^Defence policy/);
    const taps = await Promise.all([0, 1].map(() => fake.clickButton({ messageId: board.id, customId: opener.custom_id!, userId: alice.id })));
    await Promise.all(taps.map((t) => t.done({ timeoutMs: 15_000 })));
    await waitFor(() => privateTo(alice.id).some((m) => m.components.length > 0), 15_000, 'the panel');
    expect(privateTo(alice.id)).toHaveLength(1);
    const panel = privateTo(alice.id)[0]!;
    expect(panel.content).toMatch(/standing defence policy/);
    await press(fake, panel, () => fake.clickButton({ messageId: panel.id, customId: button(panel, /^Always strongest/).custom_id!, userId: alice.id }));
    await waitForBoardAfter(fake, threadId, version);
    await waitFor(() => privateTo(alice.id).length === 0, 15_000, 'the panel to be removed');
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

  it('given a standing choice made out of turn, the panel says so and stays the one open panel, reused by the next press', async () => {
    const { fake, bob, alice } = scene;
    const game = (await scene.database.db.game.findFirst({ where: { threadId } }))!;
    const waiting = game.toActUserIds.includes(alice.id) ? bob : alice;
    const board = latestBoard(fake, threadId);
    const opened = await press(fake, board, () => fake.clickButton({ messageId: board.id, customId: button(board, /^Defence policy/).custom_id!, userId: waiting.id }));
    expect(opened.ephemeralText()).toMatch(/standing defence policy/);
    const panel = privateTo(waiting.id)[0]!;
    await press(fake, panel, () => fake.clickButton({ messageId: panel.id, customId: button(panel, /^Never defend/).custom_id!, userId: waiting.id }));
    await waitFor(() => /You played \*\*defence none\*\*/.test(fake.message(panel.id)?.content ?? ''), 15_000, 'the panel to say what was played');
    expect(privateTo(waiting.id)).toHaveLength(1);
    const again = latestBoard(fake, threadId);
    await press(fake, again, () => fake.clickButton({ messageId: again.id, customId: button(again, /^Defence policy/).custom_id!, userId: waiting.id }));
    await waitFor(() => /standing defence policy/.test(fake.message(panel.id)?.content ?? ''), 15_000, 'the same panel to show the step again');
    expect(privateTo(waiting.id).map((m) => m.id)).toEqual([panel.id]);
    // A move by the player to act leaves the waiting player's panel out of date: pressed, it says
    // so, with a link to the current board.
    const toAct = waiting.id === alice.id ? bob : alice;
    await moveWithComponents(scene, threadId, toAct.id, preferring([/^Keep/, /^Military/, /^Train/, /^Done/]));
    const stale = await press(fake, panel, () => fake.clickButton({ messageId: panel.id, customId: button(fake.message(panel.id)!, /^Always strongest/).custom_id!, userId: waiting.id }));
    expect(stale.text()).toMatch(/out of date/);
    expect(stale.text()).toContain(`https://discord.com/channels/${scene.guild.id}/${threadId}/${latestBoard(fake, threadId).id}`);
    await fake.settle();
    expect(fake.violations).toEqual([]);
  });
});
