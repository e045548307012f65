// Playing and reading a game whatever language the bot speaks to the players: boards are found by
// their image (board-<game>-<version>.png) and moves picked by their customIds, never by a word.
import type { FakeDiscord } from '../harness/fakeDiscord.js';
import type { FakeMessage } from '../harness/types.js';
import { press, waitFor, waitForAsync } from './play.js';
import { buttonsOf, nextStep, selectOf, type Scene } from './scene.js';

const BOARD_IMAGE = /^board-(\d+)-(\d+)\.png$/;

/** The board image a message carries, if any. */
export const boardImage = (m: FakeMessage) => m.attachments.find((a) => BOARD_IMAGE.test(a.filename));

/** The game version a board shows (from its image's name), or null for another message. */
export function boardVersion(m: FakeMessage): number | null {
  const image = boardImage(m);
  return image ? Number(BOARD_IMAGE.exec(image.filename)![2]) : null;
}

/** A board a newer one replaced: its text says what replaced it ("↪ …"). */
export const isRetired = (m: FakeMessage) => m.content.startsWith('↪');

/** The public boards of a thread, oldest first. */
export function boardsOf(fake: FakeDiscord, channelId: string): FakeMessage[] {
  return fake.messages(channelId).filter((m) => !m.ephemeral && boardVersion(m) !== null);
}

/** The thread's board in play: the newest that no newer board replaced. */
export function liveBoard(fake: FakeDiscord, channelId: string): FakeMessage {
  const live = boardsOf(fake, channelId).filter((m) => !isRetired(m)).at(-1);
  if (!live) throw new Error(`no live board in ${channelId}`);
  return live;
}

/** The live board once it shows a version after `version`. */
export async function boardAfter(fake: FakeDiscord, channelId: string, version: number, timeoutMs = 20_000): Promise<FakeMessage> {
  return fake.waitForMessage((m) => m.channelId === channelId && !m.ephemeral && !isRetired(m) && (boardVersion(m) ?? -1) > version, timeoutMs);
}

/**
 * `board` once the bot has recorded it as its game's board: a player reads a board before
 * pressing it, and by then the bot has noted it (its log starts after the moves it shows).
 */
async function recorded(scene: Scene, threadId: string, board: FakeMessage): Promise<FakeMessage> {
  await waitForAsync(async () => (await scene.database.db.game.findFirst({ where: { threadId } }))?.boardMessageId === board.id, 20_000, `board ${board.id} recorded`);
  return board;
}

/** The number of choices a move customId has taken (`s1:mv:<game>:<version>:<path…>`). */
const pathLength = (customId: string) => customId.split(':').length - 4;

/**
 * One move with components, as `userId` would make it: on the board, then on each private step,
 * the first choice of the menu, or of the buttons that go forward (never Back, never a page).
 * Returns the board that follows, and the private steps seen on the way.
 */
export async function moveByComponents(scene: Scene, threadId: string, userId: string, pickIndex = 0): Promise<{ board: FakeMessage; steps: FakeMessage[] }> {
  const { fake } = scene;
  const board = liveBoard(fake, threadId);
  const version = boardVersion(board)!;
  const steps: FakeMessage[] = [];
  let message = board;
  for (let step = 0; step < 10; step++) {
    const select = selectOf(message);
    const moves = buttonsOf(message).filter((b) => !b.disabled && b.custom_id!.startsWith('s1:mv:'));
    const deepest = Math.max(-1, ...moves.map((b) => pathLength(b.custom_id!)));
    const forward = moves.filter((b) => pathLength(b.custom_id!) === deepest && (step === 0 || deepest > 0));
    const source = message;
    let rec;
    if (select?.options?.length) {
      const option = select.options[pickIndex % select.options.length]!;
      rec = await press(fake, source, () => fake.selectMenu({ messageId: source.id, customId: select.custom_id!, values: [option.value], userId }));
    } else if (forward.length) {
      const button = forward[pickIndex % forward.length]!;
      rec = await press(fake, source, () => fake.clickButton({ messageId: source.id, customId: button.custom_id!, userId }));
    } else {
      throw new Error(`no move components on "${message.content}"`);
    }
    const { step: next } = nextStep(rec, fake);
    if (!next) return { board: await recorded(scene, threadId, await boardAfter(fake, threadId, version)), steps };
    steps.push(next);
    message = next;
  }
  throw new Error('a move took more than ten steps');
}

/** The player to act resigns with the board's buttons (Resign, then its confirmation). */
export async function resignByComponents(scene: Scene, threadId: string, userId: string): Promise<void> {
  const { fake } = scene;
  const board = liveBoard(fake, threadId);
  const resign = buttonsOf(board).find((b) => b.custom_id!.startsWith('s1:rs:'))!;
  const asked = await press(fake, board, () => fake.clickButton({ messageId: board.id, customId: resign.custom_id!, userId }));
  const confirm = asked.replies.find((m) => m.ephemeral && m.components.length)!;
  const yes = buttonsOf(confirm).find((b) => b.custom_id!.startsWith('s1:rc:'))!;
  await press(fake, confirm, () => fake.clickButton({ messageId: confirm.id, customId: yes.custom_id!, userId }));
}

/**
 * Plays a game of members to its end with components; each turn by whoever the game waits for.
 * After `maxMoves`, the player to act resigns (`resignAfter`), or the game is taken to be stuck.
 */
export async function playToEnd(scene: Scene, threadId: string, maxMoves: number, opts: { resignAfter?: boolean } = {}): Promise<number> {
  const row = async () => (await scene.database.db.game.findFirst({ where: { threadId } }))!;
  let moves = 0;
  for (let game = await row(); game.status === 'ACTIVE'; game = await row()) {
    const userId = game.toActUserIds.find((id) => /^\d+$/.test(id));
    if (moves >= maxMoves && opts.resignAfter && userId) {
      await resignByComponents(scene, threadId, userId);
      await waitForAsync(async () => (await row()).status === 'FINISHED', 20_000, 'the resignation');
      break;
    }
    if (moves >= maxMoves) throw new Error(`the game (seed ${game.seed}) did not end within ${maxMoves} moves`);
    if (!userId) {
      // The AI's turn: its board follows.
      await boardAfter(scene.fake, threadId, game.version);
      continue;
    }
    await moveByComponents(scene, threadId, userId, moves);
    moves++;
  }
  await waitFor(() => boardsOf(scene.fake, threadId).some((m) => !isRetired(m) && (m.embeds[0] as { fields?: unknown[] } | undefined)?.fields?.length), 20_000, 'the final board');
  return moves;
}

/** What the players read in a thread, for reading by a person: every public message in order, then its log and result. */
export async function writeTranscript(scene: Scene, channelIds: string[], name: string): Promise<void> {
  const { mkdir, writeFile } = await import('node:fs/promises');
  const lines: string[] = [];
  for (const channelId of channelIds) {
    const channel = scene.fake.channel(channelId);
    lines.push(`## ${channel?.name ?? channelId}`);
    for (const m of scene.fake.messages(channelId)) {
      if (m.ephemeral) continue;
      const embed = m.embeds[0] as { title?: string; description?: string; footer?: { text?: string }; fields?: { name: string; value: string }[] } | undefined;
      const buttons = buttonsOf(m).map((b) => `[${b.label}]`).join(' ');
      lines.push(`- ${m.content.replace(/\n/g, ' / ')}${buttons ? ` ${buttons}` : ''}`);
      if (embed?.title) lines.push(`    # ${embed.title}`);
      for (const line of (embed?.description ?? '').split('\n').filter(Boolean)) lines.push(`    ${line}`);
      for (const f of embed?.fields ?? []) lines.push(`    [${f.name}] ${f.value.replace(/\n/g, ' / ')}`);
      if (embed?.footer?.text) lines.push(`    — ${embed.footer.text}`);
      for (const a of m.attachments) if (a.description) lines.push(`    (image ${a.filename}: ${a.description})`);
    }
  }
  await mkdir('test/.out', { recursive: true });
  await writeFile(`test/.out/${name}-transcript.md`, lines.join('\n') + '\n');
}
