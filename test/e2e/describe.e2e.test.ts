// Boards in words through the fake Discord: a board's Describe button answers privately, in the
// presser's language, with the whole position and the choices of the step the game waits for;
// `/siege board text:true` does the same; and `/siege settings board:text` adds the position to
// the boards a member acts on privately (their step panel, their turn's direct message).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameById } from '../../src/games/index.js';
import { t } from '../../src/i18n/index.js';
import type { FakeMessage } from '../harness/types.js';
import { acceptedChallenge, latestBoard, press, waitFor } from '../helpers/play.js';
import { boardVersion, buttonsOf, nextStep, startScene, type Scene } from '../helpers/scene.js';
import { moveWithComponents, preferring } from '../helpers/solo.js';

/** Every embed's text of a message, one after another. */
const embedText = (m: FakeMessage) => (m.embeds as { title?: string; description?: string }[]).map((e) => `${e.title ?? ''}\n${e.description ?? ''}`).join('\n');

describe('boards in words', () => {
  let scene: Scene;
  let threadId: string;
  beforeAll(async () => {
    scene = await startScene();
    ({ threadId } = await acceptedChallenge(scene, { game: 'dice-realms' }));
  });
  afterAll(async () => {
    await scene?.stop();
  });

  /** The game as stored, and the member whose move it is. */
  const stored = async () => (await scene.database.db.game.findFirst({ where: { threadId } }))!;
  const toAct = async () => {
    const game = await stored();
    return [scene.alice, scene.bob].find((u) => game.toActUserIds.includes(u.id))!;
  };
  const describeButtonOf = (m: FakeMessage) => buttonsOf(m).find((b) => b.custom_id?.startsWith('s1:ds:'));

  it('given a board, when anyone presses Describe, then they get the whole position privately in their language, with the choices of the step', async () => {
    const { fake, carol } = scene;
    const board = latestBoard(fake, threadId);
    const button = describeButtonOf(board)!;
    expect(button.label).toBe('Describe');
    const player = await toAct();
    // The player to act, whose client speaks German: their own choices, in German.
    const mine = await press(fake, board, () => fake.clickButton({ messageId: board.id, customId: button.custom_id!, userId: player.id, locale: 'de' }));
    const answer = mine.replies.filter((m) => m.ephemeral);
    expect(answer.length).toBeGreaterThan(0);
    const text = answer.map(embedText).join('\n');
    const game = await stored();
    const def = gameById('dice-realms')!;
    const view = def.view(game.state) as { realms: { resources: { food: { value: number } } }[] };
    expect(text).toContain(`${t('de', 'dice-realms:seats.0')}, Rohstoffe: Nahrung ${view.realms[0]!.resources.food.value} von 8`);
    expect(text).toContain(`${t('de', 'dice-realms:seats.1')}, Einheiten: `);
    expect(text).toMatch(/\*\*Deine Möglichkeiten jetzt \(\d+\)\*\*/);
    expect(text).toContain('`/siege move`');
    // Nothing changed: the board is as it was.
    expect(fake.message(board.id)!.revisions).toBe(board.revisions);

    // Someone watching, in English: the position, and whose choices they are.
    const theirs = await press(fake, board, () => fake.clickButton({ messageId: board.id, customId: button.custom_id!, userId: carol.id }));
    const watching = theirs.replies.filter((m) => m.ephemeral).map(embedText).join('\n');
    expect(watching).toContain('Realms');
    expect(watching).toMatch(new RegExp(`The choices of Red \\(<@${player.id}>\\) now \\(\\d+\\)`));
    await fake.settle();
    expect(fake.violations).toEqual([]);
  });

  it('given `/siege board text:true`, then the position comes privately as text, and no board is posted', async () => {
    const { fake, guild, bob } = scene;
    const before = fake.messages(threadId).length;
    const rec = await fake.slashCommand({ guildId: guild.id, channelId: threadId, userId: bob.id, name: 'siege', subcommand: 'board', options: { text: true }, locale: 'fr' });
    await rec.done({ timeoutMs: 15_000 });
    const replies = rec.replies.filter((m) => m.ephemeral);
    expect(replies.length).toBeGreaterThan(0);
    const text = replies.map(embedText).join('\n');
    expect(text).toContain('en mots');
    expect(text).toContain('Royaumes');
    expect(fake.messages(threadId).filter((m) => !m.ephemeral)).toHaveLength(before);
    await fake.settle();
    expect(fake.violations).toEqual([]);
  });

  it('given `/siege settings board:text`, then the member\'s step panel and their turn\'s direct message carry the position; `board:image` takes it away', async () => {
    const { fake, guild } = scene;
    const player = await toAct();
    const other = player.id === scene.alice.id ? scene.bob : scene.alice;
    for (const who of [player, other]) {
      const set = await fake.slashCommand({ guildId: guild.id, channelId: threadId, userId: who.id, name: 'siege', subcommand: 'settings', options: { board: 'text' } });
      await set.done({ timeoutMs: 15_000 });
      expect(set.ephemeralText()).toMatch(/now come with the whole position in words/);
    }
    const dm = await fake.slashCommand({ guildId: guild.id, channelId: threadId, userId: other.id, name: 'siege', subcommand: 'notify', options: { dm: 'on' } });
    await dm.done({ timeoutMs: 15_000 });
    expect(await scene.database.db.userSettings.findUnique({ where: { userId: player.id } })).toMatchObject({ boardText: true });

    // The player gathers (keeping the turn), then opens the training step: its panel has the position.
    await moveWithComponents(scene, threadId, player.id, preferring([/^Keep/]));
    const board = latestBoard(fake, threadId);
    const military = buttonsOf(board).find((b) => /^Military/.test(b.label ?? ''))!;
    const opened = await press(fake, board, () => fake.clickButton({ messageId: board.id, customId: military.custom_id!, userId: player.id }));
    const panel = nextStep(opened, fake).step!;
    expect(panel.ephemeral).toBe(true);
    expect(embedText(panel)).toContain('Red, resources: ');
    expect(embedText(panel)).toContain('Blue, units: ');
    expect(buttonsOf(panel).some((b) => /^Infantry/.test(b.label ?? ''))).toBe(true);

    // The turn ends: the other player's direct message carries the position and their choices.
    const dmsBefore = fake.dmInbox(other.id).length;
    const moves = boardVersion(latestBoard(fake, threadId))!;
    for (let step = 0; step < 6 && boardVersion(latestBoard(fake, threadId))! <= moves; step++) {
      const now = fake.message(panel.id);
      if (!now || now.deleted) break;
      const choice = buttonsOf(now).filter((b) => b.custom_id!.startsWith('s1:mv:'))[0]!;
      await press(fake, now, () => fake.clickButton({ messageId: now.id, customId: choice.custom_id!, userId: player.id }));
    }
    // Training ends with `done` on the board when the panel's move kept the turn.
    for (let n = 0; n < 3 && (await toAct()).id === player.id; n++) await moveWithComponents(scene, threadId, player.id, preferring([/^Done/, /^End/]));
    await waitFor(() => fake.dmInbox(other.id).length > dmsBefore, 20_000, 'the turn DM');
    const notice = fake.dmInbox(other.id).at(-1)!;
    expect(notice.content).toMatch(/^Your turn in \*\*Dice Realms\*\*/);
    expect(embedText(notice)).toContain('Red, resources: ');
    expect(embedText(notice)).toMatch(/Your choices now \(\d+\)/);

    // Back to images only: the next panel has no words.
    const back = await fake.slashCommand({ guildId: guild.id, channelId: threadId, userId: other.id, name: 'siege', subcommand: 'settings', options: { board: 'image' } });
    await back.done({ timeoutMs: 15_000 });
    expect(back.ephemeralText()).toMatch(/come as images only/);
    expect(await scene.database.db.userSettings.findUnique({ where: { userId: other.id } })).toMatchObject({ boardText: false });
    await fake.settle();
    expect(fake.violations).toEqual([]);
  });
});
