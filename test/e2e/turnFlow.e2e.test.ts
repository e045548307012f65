// Turn-based play as players receive it: one public board per hand-over, one ping per hand-over
// to the player it is handed to, boards that tell the truth (retired boards claim nothing, a
// resigned game's board shows the result), and the answers to presses out of turn.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeDiscord, FakeMessage } from '../harness/fakeDiscord.js';
import { gameById } from '../../src/games/index.js';
import { replayStates } from '../../src/services/replay.js';
import { acceptedChallenge, isFinished, latestBoard, playTurnWithCommand, press, waitFor } from '../helpers/play.js';
import { boardsIn, buttonsOf, startScene, waitForBoardAfter, type Scene } from '../helpers/scene.js';
import { writeThreadTranscript } from '../helpers/solo.js';

type Realm = { infantry: number; ranged: number; cavalry: number; siege: number };

/** The same aggressive typing as the Dice Realms game test, to keep games short. */
function aggressive(state: { phase: string; realms: Realm[] }, seat: number): string[] {
  const r = state.realms[seat]!;
  if (state.phase === 'gather') return r.infantry + r.ranged + r.cavalry + r.siege >= 4 ? ['gather farms', 'gather'] : ['gather keep', 'gather'];
  return ['attack cavalry keep', 'attack siege keep', 'attack infantry keep', 'attack ranged keep', 'attack', 'train siege', 'train cavalry', 'train infantry', 'train', 'repair', 'done', ''];
}
const last = <T,>(items: T[]): T => items[items.length - 1]!;

/** Counts the pings of every message as it is created (edits never ping). */
function pingCounter(fake: FakeDiscord, channelId: string) {
  const pings = new Map<string, number>();
  const seen = new Set<string>();
  fake.waitForMessage((m) => {
    if (m.channelId === channelId && m.revisions === 0 && !seen.has(m.id)) {
      seen.add(m.id);
      for (const id of m.mentionedUserIds) pings.set(id, (pings.get(id) ?? 0) + 1);
    }
    return false;
  }, 280_000).catch(() => {});
  return pings;
}

/**
 * The hand-overs of a finished game, from its move log: each time a member becomes one who must
 * act, and the game's end. The first player to act is handed the game at its start.
 */
async function handOvers(scene: Scene, gameId: number) {
  const game = (await scene.database.db.game.findUnique({ where: { id: gameId } }))!;
  const def = gameById(game.gameType)!;
  const seats = game.seats as { kind: string; userId?: string }[];
  const moves = await scene.database.db.move.findMany({ where: { gameId }, orderBy: { seq: 'asc' } });
  const states = replayStates(def, game.seed, seats as never, game.options, moves);
  const members = (state: unknown) => new Set(def.outcome(state) ? [] : def.toAct(state).flatMap((s) => (seats[s]?.userId ? [seats[s]!.userId!] : [])));
  const to = new Map<string, number>();
  let total = 0;
  let before = new Set<string>();
  for (const state of states) {
    const now = members(state);
    const changed = now.size !== before.size || [...now].some((id) => !before.has(id)) || def.outcome(state) !== null;
    if (changed) total++;
    for (const id of now) if (!before.has(id)) to.set(id, (to.get(id) ?? 0) + 1);
    before = now;
  }
  return { total, to, moves: moves.length };
}

const pngOf = (m: FakeMessage) => m.attachments.find((a) => a.filename.endsWith('.png'));

describe('turn-based play: one board per hand-over', () => {
  let scene: Scene;
  beforeAll(async () => {
    scene = await startScene();
  });
  afterAll(async () => {
    await scene?.stop();
  });

  it('a two-member Dice Realms game: boards ≤ hand-overs + 1, one ping per hand-over, retired boards claim nothing', async () => {
    const { fake, guild, alice, bob } = scene;
    const { threadId } = await acceptedChallenge(scene, { game: 'dice-realms', variant: 'fast' });
    const pings = pingCounter(fake, threadId);
    let board = latestBoard(fake, threadId);
    const gameRow = async () => (await scene.database.db.game.findFirst({ where: { threadId } }))!;

    // Bob presses Alice's gather button: it is not his turn, and he is told whose it is.
    const gather = buttonsOf(board).find((b) => b.custom_id!.startsWith('s1:mv:'))!;
    const out = await fake.clickButton({ messageId: board.id, customId: gather.custom_id!, userId: bob.id });
    await out.done();
    expect(out.ephemeralText()).toMatch(/It is not your turn: waiting for .*<@/);

    // Bob changes his standing defence policy out of turn with the board's ⚙ button, and back
    // with a typed command: a setting, confirmed privately; no move, no new board, no ping.
    const gear = buttonsOf(board).find((b) => b.label === '⚙ Defence policy')!;
    const opened = await press(fake, board, () => fake.clickButton({ messageId: board.id, customId: gear.custom_id!, userId: bob.id }));
    const panel = opened.replies.find((m) => m.ephemeral && m.components.length)!;
    const strongest = buttonsOf(panel).find((b) => b.label === 'Always strongest')!;
    const set = await press(fake, panel, () => fake.clickButton({ messageId: panel.id, customId: strongest.custom_id!, userId: bob.id }));
    expect(set.ephemeralText()).toMatch(/^✅ Your defence policy in game #\d+ is now \*\*strongest\*\*/);
    expect(buttonsOf(fake.message(panel.id)!).find((b) => b.label === 'Always strongest')!.disabled).toBe(true);
    const typed = await fake.slashCommand({ guildId: guild.id, channelId: threadId, userId: bob.id, name: 'siege', subcommand: 'move', options: { notation: 'defence ask' } });
    await typed.done();
    expect(typed.ephemeralText()).toMatch(/^✅ Your defence policy in game #\d+ is now \*\*ask\*\*/);
    const unchanged = await gameRow();
    expect([unchanged.version, unchanged.seatSettings]).toEqual([0, [{ defence: 'ask' }, { defence: 'ask' }]]);
    expect(await scene.database.db.move.count({ where: { gameId: unchanged.id } })).toBe(0);
    expect(boardsIn(fake, threadId)).toHaveLength(1);

    for (let step = 0; !isFinished(board); step++) {
      const game = await gameRow();
      expect(step, `game seed ${game.seed}`).toBeLessThan(250);
      const state = game.state as { phase: string; realms: Realm[] };
      const userId = game.toActUserIds[0]!;
      if (state.phase === 'defend') {
        const none = buttonsOf(board).find((b) => b.label?.startsWith('No defender'))!;
        await press(fake, board, () => fake.clickButton({ messageId: board.id, customId: none.custom_id!, userId }));
        board = await waitForBoardAfter(fake, threadId, game.version);
        continue;
      }
      const seat = (game.seats as { userId?: string }[]).findIndex((x) => x.userId === userId);
      board = await playTurnWithCommand(fake, guild.id, threadId, userId, last, aggressive(state, seat));
    }
    await fake.settle();
    await writeThreadTranscript(scene, threadId, 'dice-realms-two-members');
    const game = await gameRow();
    const h = await handOvers(scene, game.id);
    const boards = boardsIn(fake, threadId);
    const counts = { moves: h.moves, handOvers: h.total, boards: boards.length, pingsAlice: pings.get(alice.id) ?? 0, pingsBob: pings.get(bob.id) ?? 0, handOversToAlice: h.to.get(alice.id) ?? 0, handOversToBob: h.to.get(bob.id) ?? 0 };
    console.log(`dice-realms two members (seed ${game.seed}): ${JSON.stringify(counts)}`);
    expect(boards.length).toBeLessThanOrEqual(h.total + 1);
    // The start hands the game to its first player; the one who accepted is there already and is not pinged.
    const first = (game.seats as { userId: string }[])[0]!.userId === alice.id ? alice.id : bob.id;
    const expected = (id: string) => (h.to.get(id) ?? 0) - (id === bob.id && first === bob.id ? 1 : 0);
    expect(counts.pingsAlice).toBe(expected(alice.id));
    expect(counts.pingsBob).toBe(expected(bob.id));
    // Every board but the last is retired: no buttons, no "your move", no clock.
    await waitFor(() => boards.slice(0, -1).every((m) => fake.message(m.id)!.components.length === 0), 15_000, 'the old boards to be retired');
    for (const old of boards.slice(0, -1).map((m) => fake.message(m.id)!)) {
      expect(old.components).toEqual([]);
      expect(old.content).not.toMatch(/your move|⏰/);
    }
    expect(fake.violations).toEqual([]);
  }, 280_000);

  it('sub-steps of a turn update the board in place and keep the clock; a resignation shows the result', async () => {
    const { fake, alice, bob } = scene;
    const { threadId } = await acceptedChallenge(scene, { game: 'dice-realms', variant: 'fast', clock: '3d' });
    const row = async () => (await scene.database.db.game.findFirst({ where: { threadId } }))!;
    const start = await row();
    const mover = start.toActUserIds[0]!;
    const board = latestBoard(fake, threadId);
    // A gather is one step of the mover's turn: the same message shows it, with no new ping.
    const gather = buttonsOf(board).find((b) => b.custom_id!.startsWith('s1:mv:'))!;
    await press(fake, board, () => fake.clickButton({ messageId: board.id, customId: gather.custom_id!, userId: mover }));
    const after = await waitForBoardAfter(fake, threadId, start.version);
    const g1 = await row();
    expect(after.id).toBe(board.id);
    expect(boardsIn(fake, threadId)).toHaveLength(1);
    expect(g1.toActUserIds).toEqual([mover]);
    expect(g1.deadlineAt?.getTime()).toBe(start.deadlineAt?.getTime());
    expect((after.embeds[0] as { description?: string }).description).toMatch(/gather/i);

    // The other player resigns: the final board is new, shows the result, and its image differs.
    const before = latestBoard(fake, threadId);
    const other = mover === alice.id ? bob.id : alice.id;
    const resign = buttonsOf(before).find((b) => b.label === 'Resign')!;
    const asked = await press(fake, before, () => fake.clickButton({ messageId: before.id, customId: resign.custom_id!, userId: other }));
    const confirm = asked.replies.find((m) => m.ephemeral && m.components.length)!;
    const yes = buttonsOf(confirm).find((b) => b.label === 'Yes, resign')!;
    await press(fake, confirm, () => fake.clickButton({ messageId: confirm.id, customId: yes.custom_id!, userId: other }));
    const final = await fake.waitForMessage((m) => m.channelId === threadId && !m.ephemeral && isFinished(m), 15_000);
    expect(final.id).not.toBe(before.id);
    expect(final.content).not.toMatch(/your move/);
    expect(JSON.stringify(final.embeds[0])).toMatch(/resigned/);
    expect(pngOf(final)!.data.equals(pngOf(fake.message(before.id)!)!.data)).toBe(false);
    await waitFor(() => fake.message(before.id)!.components.length === 0, 15_000, 'the resigned board to be retired');
    expect(fake.message(before.id)!.content).not.toMatch(/your move|⏰/);

    // Rematch, pressed by the one who resigned: the other is challenged, colours swapped, same options and clock.
    const rematch = buttonsOf(final).find((b) => b.label === 'Rematch')!;
    const asked2 = await fake.clickButton({ messageId: final.id, customId: rematch.custom_id!, userId: other });
    await asked2.done();
    const challenge = asked2.replies.find((m) => !m.ephemeral)!;
    expect(challenge.mentionedUserIds).toEqual([mover]);
    expect(JSON.stringify(challenge.embeds[0])).toMatch(/variant: fast/);
    const accept = buttonsOf(challenge).find((b) => b.label === 'Accept')!;
    await press(fake, challenge, () => fake.clickButton({ messageId: challenge.id, customId: accept.custom_id!, userId: mover }));
    const old = await row();
    await waitFor(() => fake.threads(old.channelId).length > 0 && fake.threads(old.channelId).at(-1)!.id !== threadId, 15_000, 'the rematch thread');
    const again = (await scene.database.db.game.findFirst({ where: { threadId: fake.threads(old.channelId).at(-1)!.id } }))!;
    expect((again.seats as { userId: string }[]).map((x) => x.userId)).toEqual((old.seats as { userId: string }[]).map((x) => x.userId).reverse());
    expect(again.clockSeconds).toBe(old.clockSeconds);
    await fake.settle();
    expect(fake.violations).toEqual([]);
  }, 60_000);

  it('against the AI, its run of moves posts one board when it hands back', async () => {
    const { fake, guild, channel, carol } = scene;
    const rec = await fake.slashCommand({ guildId: guild.id, channelId: channel.id, userId: carol.id, name: 'siege', group: 'start', subcommand: 'dice-realms', options: { ai: 'easy', variant: 'fast' } });
    await rec.done();
    const threadId = fake.threads(channel.id).at(-1)!.id;
    const pings = pingCounter(fake, threadId);
    const row = async () => (await scene.database.db.game.findFirst({ where: { threadId } }))!;
    let board = latestBoard(fake, threadId);
    for (let step = 0; step < 40 && !isFinished(board); step++) {
      const game = await row();
      if (game.status === 'FINISHED' || !game.toActUserIds.includes(carol.id)) {
        board = await waitForBoardAfter(fake, threadId, game.version, 20_000);
        continue;
      }
      const state = game.state as { phase: string; realms: Realm[] };
      if (state.phase === 'defend') {
        const none = buttonsOf(latestBoard(fake, threadId)).find((b) => b.label?.startsWith('No defender'))!;
        const live = latestBoard(fake, threadId);
        await press(fake, live, () => fake.clickButton({ messageId: live.id, customId: none.custom_id!, userId: carol.id }));
        board = await waitForBoardAfter(fake, threadId, game.version);
        continue;
      }
      board = await playTurnWithCommand(fake, guild.id, threadId, carol.id, last, aggressive(state, 0));
    }
    await fake.settle();
    const game = await row();
    const h = await handOvers(scene, game.id);
    const boards = boardsIn(fake, threadId);
    // Hand-overs to the AI post nothing; each hand-back (and the end) posts one board.
    expect(boards.length).toBeLessThanOrEqual((h.to.get(carol.id) ?? 0) + 1);
    expect(pings.get(carol.id) ?? 0).toBeLessThanOrEqual(h.to.get(carol.id) ?? 0);
    await waitFor(() => boards.slice(0, -1).every((m) => fake.message(m.id)!.components.length === 0), 15_000, 'the old boards to be retired');
    expect(fake.violations).toEqual([]);
  }, 120_000);

  it('a bystander’s /siege board is private', async () => {
    const { fake, guild, carol } = scene;
    const { threadId } = await acceptedChallenge(scene, { game: 'siege-master' });
    const rec = await fake.slashCommand({ guildId: guild.id, channelId: threadId, userId: carol.id, name: 'siege', subcommand: 'board' });
    await rec.done();
    expect(rec.replies.every((m) => m.ephemeral)).toBe(true);
    expect(boardsIn(fake, threadId)).toHaveLength(1);
  });
});
