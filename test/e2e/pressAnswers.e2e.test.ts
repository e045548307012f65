// What a press that cannot act is told, as a newcomer reads it: a button of a board a newer one
// replaced says the board is out of date and links the current one; a button of no format this
// bot knows says it may be from an older version; a double tap says once that the move was not
// applied, and where the board is now.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedChallenge, chooser, latestBoard, playTurnWithComponents, waitFor } from '../helpers/play.js';
import { boardsIn, buttonsOf, selectOf, startScene, waitForBoardAfter, type Scene } from '../helpers/scene.js';

describe('answers to presses that cannot act', () => {
  let scene: Scene;
  beforeAll(async () => {
    scene = await startScene();
  });
  afterAll(async () => {
    await scene?.stop();
  });

  const boardLink = (threadId: string, messageId: string) => `https://discord.com/channels/${scene.guild.id}/${threadId}/${messageId}`;

  it('given a board a newer one replaced, a press its client still shows says the board is out of date and links the current one; nothing is played', async () => {
    const { fake, alice, bob } = scene;
    const { threadId } = await acceptedChallenge(scene, { game: 'siege-master', map: 'hex' });
    const old = latestBoard(fake, threadId);
    const resign = buttonsOf(old).find((b) => b.custom_id!.startsWith('s1:rs:'))!;
    const next = await playTurnWithComponents(fake, threadId, alice.id, chooser(3));
    await waitFor(() => fake.message(old.id)!.components.length === 0, 15_000, 'the old board retired');
    const movesBefore = await scene.database.db.move.count();

    const stale = await fake.forgeComponent({ messageId: old.id, customId: resign.custom_id!, userId: bob.id });
    await stale.done();
    expect(stale.ephemeralText()).toBe(`This board is out of date: the game has moved on since. The current board is here: ${boardLink(threadId, next.id)}`);

    const unknown = await fake.forgeComponent({ messageId: old.id, customId: 's0:xx:1', userId: bob.id });
    await unknown.done();
    expect(unknown.ephemeralText()).toBe('This button is not one I recognise (it may come from an older version of the bot). Use `/siege board` to get a fresh board.');
    expect(await scene.database.db.move.count()).toBe(movesBefore);
  });

  it('given a double tap on a move, one press plays it and the other says once, with the current board, that nothing more was played', async () => {
    const { fake, alice, bob } = scene;
    const { threadId } = await acceptedChallenge(scene, { game: 'siege-master', map: 'hex' });
    await playTurnWithComponents(fake, threadId, alice.id, chooser(5));
    // Blue's menu offers whole moves: one pick plays one.
    const board = latestBoard(fake, threadId);
    const menu = selectOf(board)!;
    const value = menu.options!.find((o) => o.value !== 'swap')!.value;
    const taps = await Promise.all([0, 1].map(() => fake.selectMenu({ messageId: board.id, customId: menu.custom_id!, values: [value], userId: bob.id })));
    await Promise.all(taps.map((t) => t.done({ timeoutMs: 20_000 })));
    const current = await waitForBoardAfter(fake, threadId, 1);
    expect(await scene.database.db.move.count({ where: { game: { threadId } } })).toBe(2);
    const said = taps.map((t) => t.ephemeralText()).filter(Boolean);
    expect(said).toHaveLength(1);
    // Said once: the game moved on, or the move was not applied, never both; then where the board
    // is (the one the other tap posted), or that it follows when it was still on its way.
    const link = boardLink(threadId, current.id).replace(/[./]/g, '\\$&');
    expect(said[0]).toMatch(new RegExp(
      '^(This board is out of date: the game has moved on since\\.|That move was not applied: the game changed a moment ago \\(was it pressed twice\\?\\)\\.) '
      + `(The current board is here: ${link}|The new board follows in a moment\\.)$`,
    ));
    expect(boardsIn(fake, threadId).length).toBeGreaterThan(1);
  });
});
