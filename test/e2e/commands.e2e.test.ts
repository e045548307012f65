import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedChallenge, isFinished, latestBoard, press, waitFor } from '../helpers/play.js';
import { buttonsOf, startScene, type Scene } from '../helpers/scene.js';

describe('/siege games, board, resign, rules and help', () => {
  let scene: Scene;
  let threadId: string;
  beforeAll(async () => {
    scene = await startScene();
    ({ threadId } = await acceptedChallenge(scene, { game: 'dice-realms' }));
  });
  afterAll(async () => {
    await scene?.stop();
  });

  const run = async (userId: string, channelId: string, subcommand: string, options: Record<string, string | number> = {}) => {
    const rec = await scene.fake.slashCommand({ guildId: scene.guild.id, channelId, userId, name: 'siege', subcommand, options });
    await rec.done({ timeoutMs: 15_000 });
    return rec;
  };

  it('/siege games lists my games with whose turn it is and a link to the board', async () => {
    const mine = await run(scene.alice.id, scene.channel.id, 'games');
    const text = JSON.stringify(mine.replies[0]!.embeds);
    expect(text).toMatch(/Dice Realms/);
    expect(text).toMatch(/your turn/);
    expect(text).toContain(`https://discord.com/channels/${scene.guild.id}/${threadId}/${latestBoard(scene.fake, threadId).id}`);
    const theirs = await run(scene.bob.id, scene.channel.id, 'games');
    expect(JSON.stringify(theirs.replies[0]!.embeds)).toMatch(/waiting for Red/);
    const none = await run(scene.carol.id, scene.channel.id, 'games');
    expect(none.ephemeralText()).toMatch(/no active games/);
  });

  it('/siege board reposts the current board in the thread', async () => {
    const previous = latestBoard(scene.fake, threadId);
    const rec = await run(scene.bob.id, threadId, 'board');
    const board = rec.replies[0]!;
    expect(board.ephemeral).toBe(false);
    expect(board.attachments[0]!.contentType).toBe('image/png');
    expect(board.mentionedUserIds).toEqual([]);
    // The board it replaces is retired: no moves, no "your move".
    expect(board.id).not.toBe(previous.id);
    await waitFor(() => scene.fake.message(previous.id)!.components.length === 0, 15_000, 'the previous board to be retired');
    expect(scene.fake.message(previous.id)!.content).toMatch(/^↪/);
  });

  it('/siege rules and /siege help answer privately', async () => {
    const rules = await run(scene.carol.id, scene.channel.id, 'rules', { game: 'dice-realms' });
    expect(rules.replies[0]!.ephemeral).toBe(true);
    expect(JSON.stringify(rules.replies[0]!.embeds)).toMatch(/Dice Realms: rules/);
    const help = await run(scene.carol.id, scene.channel.id, 'help');
    expect(JSON.stringify(help.replies[0]!.embeds)).toMatch(/siege start/);
  });

  it('/siege resign asks for confirmation, then ends the game with the result and the final board', async () => {
    const outsider = await run(scene.carol.id, threadId, 'resign');
    expect(outsider.ephemeralText()).toMatch(/not playing/);
    const ask = await run(scene.bob.id, threadId, 'resign');
    const confirm = ask.replies[0]!;
    expect(confirm.ephemeral).toBe(true);
    const yes = buttonsOf(confirm).find((b) => b.label === 'Yes, resign')!;
    await press(scene.fake, confirm, () => scene.fake.clickButton({ messageId: confirm.id, customId: yes.custom_id!, userId: scene.bob.id }));
    const final = await scene.fake.waitForMessage((m) => m.channelId === threadId && isFinished(m));
    expect(JSON.stringify(final.embeds)).toMatch(/Red \(<@\d+>\) won/);
    expect(JSON.stringify(final.embeds)).toMatch(/resigned/);
    // A finished two-member board offers only a rematch; no more moves.
    expect(buttonsOf(final).map((b) => b.label)).toEqual(['Rematch', 'Replay', 'Describe']);
    expect(final.components).toHaveLength(1);
    expect(final.content).not.toMatch(/your move|⏰/);
    expect(scene.fake.message(confirm.id)!.content).toMatch(/You resigned/);
    expect(scene.fake.message(confirm.id)!.components).toEqual([]);
    await scene.fake.settle();
    expect(scene.fake.violations).toEqual([]);
  });
});
