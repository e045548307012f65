// Playing a whole solo game as its player would: `/siege start <game>`, then every move picked
// with the board's menus and buttons, step by step, until the result.
import { expect } from 'vitest';
import type { Outcome } from '../../src/engine/contract.js';
import type { FakeMessage } from '../harness/types.js';
import { isFinished, latestBoard, press } from './play.js';
import { boardVersion, buttonsOf, nextStep, selectOf, waitForBoard, waitForBoardAfter, type Scene } from './scene.js';

import type { Picker } from './pickers.js';

export { preferring, type Picker } from './pickers.js';

export type SoloGameRun = { threadId: string; gameId: number; moves: number; board: FakeMessage };

/** Starts `game` for `userId` and returns its thread and first board. */
export async function startSoloGame(scene: Scene, game: string, options: Record<string, string> = {}, userId = scene.alice.id) {
  const { fake, guild, channel } = scene;
  const rec = await fake.slashCommand({ guildId: guild.id, channelId: channel.id, userId, name: 'siege', group: 'start', subcommand: game, options });
  await rec.done({ timeoutMs: 20_000 });
  expect(rec.ephemeralText()).toMatch(/started/);
  const thread = fake.threads(channel.id).at(-1)!;
  const board = await waitForBoard(fake, thread.id, 0, 20_000);
  const row = (await scene.database.db.game.findFirst({ where: { threadId: thread.id } }))!;
  return { thread, board, gameId: row.id, seed: row.seed };
}

/** One move with components: the board's menu or buttons, then each private step, until the board moves on. */
export async function moveWithComponents(scene: Scene, threadId: string, userId: string, pick: Picker): Promise<FakeMessage> {
  const { fake } = scene;
  const board = latestBoard(fake, threadId);
  const version = boardVersion(board)!;
  let message = board;
  for (let step = 0; step < 10; step++) {
    const select = selectOf(message);
    const buttons = buttonsOf(message).filter((b) => !b.disabled && b.custom_id!.startsWith('s1:') && !['Back', 'Resign'].includes(b.label ?? ''));
    // Page buttons ("1–25 ▶") only lead to more options of the same menu: take the menu as it is.
    const moveButtons = buttons.filter((b) => b.custom_id!.startsWith('s1:mv:'));
    const source = message;
    let rec;
    if (select?.options?.length) {
      const options = select.options;
      const chosen = options[pick(options.map((o) => o.label), step)] ?? options[0]!;
      rec = await press(fake, source, () => fake.selectMenu({ messageId: source.id, customId: select.custom_id!, values: [chosen.value], userId }));
    } else if (moveButtons.length) {
      const chosen = moveButtons[pick(moveButtons.map((b) => b.label ?? ''), step)] ?? moveButtons[0]!;
      rec = await press(fake, source, () => fake.clickButton({ messageId: source.id, customId: chosen.custom_id!, userId }));
    } else {
      throw new Error(`no move components at step ${step} on "${message.content}"`);
    }
    const { step: next, text } = nextStep(rec, fake);
    if (!next) {
      if (text && !/You played/.test(text)) throw new Error(`the press was refused: ${text}`);
      return waitForBoardAfter(fake, threadId, version, 20_000);
    }
    message = next;
  }
  throw new Error('a move took more than ten steps');
}

/** Plays moves with components until the game ends; at most `maxMoves`. */
export async function playSoloGameToEnd(scene: Scene, threadId: string, userId: string, pick: Picker, maxMoves: number, seed: string): Promise<SoloGameRun> {
  let board = latestBoard(scene.fake, threadId);
  let moves = 0;
  while (!isFinished(board)) {
    expect(moves, `the game (seed ${seed}) should end within ${maxMoves} moves`).toBeLessThan(maxMoves);
    board = await moveWithComponents(scene, threadId, userId, pick);
    moves++;
  }
  const game = (await scene.database.db.game.findFirst({ where: { threadId } }))!;
  return { threadId, gameId: game.id, moves, board };
}

/** What the player saw in a game thread, for reading: test/.out/<name>-transcript.md (not committed). */
export async function writeThreadTranscript(scene: Scene, threadId: string, name: string): Promise<void> {
  const { mkdir, writeFile } = await import('node:fs/promises');
  const lines: string[] = [];
  for (const m of scene.fake.messages(threadId)) {
    if (m.ephemeral) continue;
    const embed = m.embeds[0] as { description?: string; fields?: { name: string; value: string }[] } | undefined;
    const fields = (embed?.fields ?? []).map((f) => `[${f.name}] ${f.value.replace(/\n/g, ' / ')}`).join(' ');
    lines.push(`- ${m.content}${fields ? ` ${fields}` : ''}`);
    for (const line of (embed?.description ?? '').split('\n').filter(Boolean)) lines.push(`    ${line}`);
  }
  await mkdir('test/.out', { recursive: true });
  await writeFile(`test/.out/${name}-transcript.md`, lines.join('\n') + '\n');
}

/**
 * A solo game's final board names the result and the score in its headline ("Game over: **You
 * lost: −1 point.**") and in its Result field, as the stored outcome has them: seat 0 among the
 * winners is a win, a draw a draw, anything else a loss.
 */
export function expectSoloHeadline(board: FakeMessage, outcome: Outcome): void {
  const verdict = outcome.winners.includes(0) ? 'You won' : outcome.draw ? 'Draw' : 'You lost';
  const n = (v: number) => (v < 0 ? `−${-v}` : String(v));
  const scores = outcome.scores ?? [];
  const score = scores.length === 1 ? `${n(scores[0]!)} ${Math.abs(scores[0]!) === 1 ? 'point' : 'points'}` : scores.map(n).join(' to ');
  const title = score ? `${verdict}: ${score}` : verdict;
  expect(board.content).toBe(`Game over: **${title}.**`);
  const field = ((board.embeds[0]?.fields as { name: string; value: string }[] | undefined) ?? []).find((f) => f.name === 'Result');
  expect(field?.value.startsWith(`**${title}.** `), field?.value).toBe(true);
}
