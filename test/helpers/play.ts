// Playing as a user would: only through what the fake Discord shows (menus, buttons, commands).
import { expect } from 'vitest';
import type { FakeDiscord } from '../harness/fakeDiscord.js';
import type { FakeMessage } from '../harness/types.js';
import type { InteractionRecord } from '../harness/interactions.js';
import { boardVersion, boardsIn, buttonsOf, nextStep, panelEditedBy, selectOf, waitForBoard, waitForBoardAfter, type Scene } from './scene.js';

export function latestBoard(fake: FakeDiscord, channelId: string): FakeMessage {
  const boards = boardsIn(fake, channelId);
  const last = boards[boards.length - 1];
  if (!last) throw new Error(`no board in channel ${channelId}`);
  return last;
}

export function isFinished(board: FakeMessage): boolean {
  const fields = (board.embeds[0]?.fields as { name: string }[] | undefined) ?? [];
  return fields.some((f) => f.name === 'Result');
}

export async function waitFor(cond: () => boolean, timeoutMs = 15_000, what = 'a condition'): Promise<void> {
  const until = performance.now() + timeoutMs;
  while (!cond()) {
    if (performance.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 15));
  }
}

/** `waitFor` for a condition that must be looked up (the database, a job queue). */
export async function waitForAsync(cond: () => Promise<boolean>, timeoutMs = 15_000, what = 'a condition'): Promise<void> {
  const until = performance.now() + timeoutMs;
  while (!(await cond())) {
    if (performance.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * Presses something on `source` and waits until the bot has answered: with a private reply, or
 * by updating the pressed message (at once, or deferred and then edited).
 */
export async function press(
  fake: FakeDiscord,
  source: FakeMessage,
  action: () => Promise<InteractionRecord>,
  timeoutMs = 15_000,
): Promise<InteractionRecord> {
  const before = fake.message(source.id)?.revisions ?? 0;
  const rec = await action();
  await rec.done({ timeoutMs });
  if (rec.callback?.type === 6 || rec.callback?.type === 7) {
    // A deferred press ends with an edit of the pressed message, its removal (a private panel
    // whose move is made), a private follow-up (acknowledged early under load), or an edit of the
    // presser's open panel (reused by a press on the board).
    await waitFor(
      () => {
        const pressed = fake.message(source.id);
        return (pressed?.revisions ?? 0) > before || pressed?.deleted === true
          || rec.replies.some((m) => m.ephemeral && m.id !== source.id) || panelEditedBy(fake, rec) !== null;
      },
      timeoutMs,
      `an edit of message ${source.id}`,
    );
  }
  return rec;
}

/** A small deterministic chooser, so a failing game can be replayed. */
export function chooser(seed: number) {
  let s = seed >>> 0;
  return <T>(items: T[]): T => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return items[s % items.length]!;
  };
}

/**
 * Makes one move with components: the board's menu (or buttons), then, for two-step moves, a
 * direction button on the private step message. Returns the new board.
 */
export async function playTurnWithComponents(
  fake: FakeDiscord,
  channelId: string,
  userId: string,
  pick: <T>(items: T[]) => T,
): Promise<FakeMessage> {
  const board = latestBoard(fake, channelId);
  const version = boardVersion(board)!;
  let message = board;
  for (let step = 0; step < 4; step++) {
    const select = selectOf(message);
    const moveButtons = buttonsOf(message).filter((b) => !b.disabled && b.custom_id!.startsWith('s1:mv:') && b.label !== 'Back');
    const source = message;
    let rec;
    if (select && select.options?.length) {
      const value = pick(select.options).value;
      rec = await press(fake, source, () => fake.selectMenu({ messageId: source.id, customId: select.custom_id!, values: [value], userId }));
    } else if (moveButtons.length) {
      const button = pick(moveButtons);
      rec = await press(fake, source, () => fake.clickButton({ messageId: source.id, customId: button.custom_id!, userId }));
    } else {
      const boards = boardsIn(fake, channelId).map((m) => `${m.id} v${boardVersion(m)} "${m.content}" ${m.components.length} rows`);
      throw new Error(`no move components at step ${step} on message ${message.id} ("${message.content}", ephemeral ${message.ephemeral}); boards: ${boards.join('; ')}`);
    }
    const { step: next, text } = nextStep(rec, fake);
    if (!next) {
      if (text && !/You played/.test(text)) throw new Error(`the press was refused: ${text}`);
      return waitForBoardAfter(fake, channelId, version);
    }
    message = next;
  }
  throw new Error('a move took more than four steps');
}

/** Makes one move by typing it: autocomplete, then `/siege move` with a suggested notation. */
export async function playTurnWithCommand(
  fake: FakeDiscord,
  guildId: string,
  channelId: string,
  userId: string,
  pick: <T>(items: T[]) => T,
  /** What the user types before picking, tried in order until one gives suggestions. */
  typed: string[] = [''],
): Promise<FakeMessage> {
  const version = boardVersion(latestBoard(fake, channelId))!;
  let choices: { name: string; value: string }[] = [];
  for (const value of typed) {
    const ac = await fake.autocomplete({ guildId, channelId, userId, name: 'siege', subcommand: 'move', focused: 'notation', value, options: { notation: value } });
    await ac.response();
    choices = ((ac.choices ?? []) as { name: string; value: string }[]).filter((c) => c.value !== 'none');
    if (choices.length) break;
  }
  expect(choices.length).toBeGreaterThan(0);
  expect(choices.length).toBeLessThanOrEqual(25);
  const choice = pick(choices);
  const rec = await fake.slashCommand({ guildId, channelId, userId, name: 'siege', subcommand: 'move', options: { notation: choice.value } });
  await rec.done({ timeoutMs: 15_000 });
  expect(rec.ephemeralText()).toMatch(/You played/);
  return waitForBoardAfter(fake, channelId, version);
}

/**
 * `starter` challenges `opponent` to `options.game` (`/siege start <game>` with the other options)
 * in the scene's channel, and the opponent accepts; returns the game thread.
 */
export async function acceptedChallenge(
  scene: Scene,
  options: { game: string } & Record<string, string>,
  starter = scene.alice,
  opponent = scene.bob,
): Promise<{ threadId: string; challenge: FakeMessage }> {
  const { fake, guild, channel } = scene;
  const { game, ...rest } = options;
  const rec = await fake.slashCommand({ guildId: guild.id, channelId: channel.id, userId: starter.id, name: 'siege', group: 'start', subcommand: game, options: { opponent: opponent.id, ...rest } });
  await rec.done();
  const challenge = rec.replies.find((m) => !m.ephemeral)!;
  const accept = buttonsOf(challenge).find((b) => b.label === 'Accept')!;
  await press(fake, challenge, () => fake.clickButton({ messageId: challenge.id, customId: accept.custom_id!, userId: opponent.id }));
  const threadId = fake.threads(channel.id).at(-1)!.id;
  await waitForBoard(fake, threadId, 0);
  return { threadId, challenge: fake.message(challenge.id)! };
}
