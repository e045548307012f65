import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameById } from '../../src/games/index.js';
import { replayGame } from '../../src/services/replay.js';
import { ENGLISH, sayMove, storedPhrase } from '../../src/services/phrases.js';
import type { FakeMessage } from '../harness/types.js';
import { acceptedChallenge, isFinished, latestBoard, playTurnWithCommand, press, waitFor, waitForAsync } from '../helpers/play.js';
import { boardsIn, boardVersion, buttonsOf, startScene, waitForBoard, waitForBoardAfter, type Scene } from '../helpers/scene.js';

type Realm = { infantry: number; ranged: number; cavalry: number; siege: number };

/**
 * What an aggressive player types first, to keep games short: build an army, then feed it and
 * attack the enemy Keep. The last suggestion is taken (the largest amount).
 */
function aggressive(state: { phase: string; realms: Realm[] }, seat: number): string[] {
  const r = state.realms[seat]!;
  if (state.phase === 'gather') return r.infantry + r.ranged + r.cavalry + r.siege >= 4 ? ['gather farms', 'gather'] : ['gather keep', 'gather'];
  // Repair before the catch-all, which would suggest the smallest step of all.
  return ['attack cavalry keep', 'attack siege keep', 'attack infantry keep', 'attack ranged keep', 'attack', 'train siege', 'train cavalry', 'train infantry', 'train', 'repair', 'done', ''];
}
const last = <T,>(items: T[]): T => items[items.length - 1]!;

describe('Dice Realms through Discord', () => {
  let scene: Scene;
  beforeAll(async () => {
    scene = await startScene();
  });
  afterAll(async () => {
    await scene?.stop();
  });

  type GameRow = Awaited<ReturnType<typeof gameIn>>;
  async function gameIn(threadId: string) {
    return (await scene.database.db.game.findFirst({ where: { threadId } }))!;
  }

  /**
   * A defence pressed on the public board: a hand-over (the turn back to the attacker, or the
   * end) retires the pressed board in the press's own answer and a new board follows; a defence
   * after which the defender moves on (the attack ended the attacker's turn) updates the same
   * board in place.
   */
  async function expectDefenceAnswered(before: GameRow, pressed: FakeMessage, board: FakeMessage, callback: number | undefined) {
    // What the defence led to, from the rules: the defender to move next, or not.
    const def = gameById('dice-realms')!;
    const defence = (await scene.database.db.move.findFirst({ where: { gameId: before.id, seq: before.version + 1 } }))!;
    const played = def.play(before.state, defence.seat, defence.move);
    expect(played.ok).toBe(true);
    const after = played.ok ? played.value.state : null;
    const defender = (before.seats as { userId?: string }[])[defence.seat]!.userId!;
    if (!def.outcome(after) && def.toAct(after).includes(defence.seat)) {
      expect(callback).toBe(6);
      expect(board.id).toBe(pressed.id);
    } else {
      expect(callback).toBe(7);
      expect(board.id).not.toBe(pressed.id);
      expect(scene.fake.message(pressed.id)!.content).toMatch(new RegExp(`^↪ (Red|Blue) \\(<@${defender}>\\) played: (defend with the |send no defender)`));
      expect(scene.fake.message(pressed.id)!.components).toEqual([]);
    }
  }

  it('two members play a whole game; the defender decides with buttons when mentioned, mid-turn', async () => {
    const { fake, guild, bob } = scene;
    const thread = fake.channel((await acceptedChallenge(scene, { game: 'dice-realms', variant: 'fast' })).threadId)!;
    let board = latestBoard(fake, thread.id);
    let defences = 0;
    // The board seen last, and the member who moved last: a new board pings whoever must act now
    // but not the one who just moved (nor, at the start, the one who just pressed Accept).
    let shown: string | null = null;
    let mover: string = bob.id;
    for (let step = 0; !isFinished(board); step++) {
      const game = await gameIn(thread.id);
      expect(step, `game seed ${game.seed}`).toBeLessThan(200);
      const state = game.state as { phase: string; active: number; realms: Realm[] };
      const userId = game.toActUserIds[0]!;
      expect(boardVersion(board)).toBe(game.version);
      expect(board.content).toMatch(new RegExp(`^<@${userId}>, your move as \\*\\*(Red|Blue)\\*\\*\\.`));
      if (board.id !== shown) {
        // A hand-over: a new board that pings the member it is handed to; the one before it is retired.
        expect(board.mentionedUserIds).toEqual(userId === mover ? [] : [userId]);
        if (shown) {
          const retired = fake.message(shown)!;
          await waitFor(() => retired.components.length === 0, 15_000, 'the board before to be retired');
          expect(retired.content).toMatch(/^↪ (Red|Blue) \(<@\d+>\) played: /);
        }
      } else {
        // A step of the same turn: the board is updated in place, pinging nobody.
        expect(board.mentionedUserIds).toEqual([]);
      }
      shown = board.id;
      if (state.phase === 'defend') {
        // the defender is the player not on turn: asked in the thread with one button per unit
        expect(userId).not.toBe((game.seats as { userId: string }[])[state.active]!.userId);
        const options = buttonsOf(board).filter((b) => b.custom_id!.startsWith('s1:mv:') && !b.disabled);
        expect(options.map((b) => b.label)).toContain('No defender');
        // A few real defences, then none: a game whose seed favours strong defences could
        // otherwise run for hundreds of moves.
        const noDefender = options.find((b) => b.label === 'No defender')!;
        const choice = defences < 3 ? (options.find((b) => b.label !== 'No defender') ?? noDefender) : noDefender;
        const pressed = board;
        const r = await press(fake, pressed, () => fake.clickButton({ messageId: pressed.id, customId: choice.custom_id!, userId }));
        board = await waitForBoardAfter(fake, thread.id, game.version);
        expect(JSON.stringify(board.embeds[0])).toMatch(/rolls d\d+ = \d+/);
        // No private reply: the board answers. When the attack ended the attacker's turn, the
        // defender moves next and the board is updated in place; otherwise the press retired it
        // and a new board follows.
        expect(r.ephemeralText()).toBe('');
        await expectDefenceAnswered(game, pressed, board, r.callback?.type);
        mover = userId;
        defences++;
        continue;
      }
      const seat = (game.seats as { userId?: string }[]).findIndex((x) => x.userId === userId);
      board = await playTurnWithCommand(fake, guild.id, thread.id, userId, last, aggressive(state, seat));
      mover = userId;
    }
    expect(defences).toBeGreaterThan(0);
    const game = await gameIn(thread.id);
    expect(game.status).toBe('FINISHED');
    // The final board pings nobody and offers a rematch, only that.
    expect(boardVersion(board)).toBe(game.version);
    expect(board.mentionedUserIds).toEqual([]);
    expect(buttonsOf(board).map((b) => b.label)).toEqual(['Rematch', 'Replay', 'Describe']);
    const moves = await scene.database.db.move.findMany({ where: { gameId: game.id }, orderBy: { seq: 'asc' } });
    expect(replayGame(gameById('dice-realms')!, game.seed, game.seats as never, game.options, moves)).toEqual(game.state);
    await fake.settle();
    expect(fake.violations).toEqual([]);
  });

  it('a standing defence policy is a setting: typed or pressed privately, never a move; it answers an attack at once as a logged move, and the defender is never asked', async () => {
    const { fake, guild, alice, bob } = scene;
    const { threadId } = await acceptedChallenge(scene, { game: 'dice-realms', variant: 'fast' });
    const id = (await gameIn(threadId)).id;
    const moves = () => scene.database.db.move.count({ where: { gameId: id } });
    let board = latestBoard(fake, threadId);
    // The board offers the setting beside Resign, never among the moves.
    const labels = buttonsOf(board).map((b) => b.label);
    expect(labels.filter((l) => /polic/i.test(l ?? ''))).toEqual(['⚙ Defence policy']);
    expect(buttonsOf(board).filter((b) => b.custom_id!.startsWith('s1:mv:') && /polic|defence/i.test(b.label ?? ''))).toEqual([]);

    const revisions = fake.message(board.id)!.revisions;
    // Typed: autocomplete offers it once asked for, and the command changes the setting privately.
    const ac = await fake.autocomplete({ guildId: guild.id, channelId: threadId, userId: bob.id, name: 'siege', subcommand: 'move', focused: 'notation', value: 'defence s', options: { notation: 'defence s' } });
    await ac.response();
    expect((ac.choices as { value: string }[]).map((c) => c.value)).toEqual(['defence strongest']);
    const typed = await fake.slashCommand({ guildId: guild.id, channelId: threadId, userId: bob.id, name: 'siege', subcommand: 'move', options: { notation: 'defence strongest' } });
    await typed.done();
    expect(typed.ephemeralText()).toMatch(/^✅ Your defence policy in game #\d+ is now \*\*strongest\*\* \(your strongest unit defends at once\)\. It is a setting, not a move: nothing was played\.$/);
    const wrong = await fake.slashCommand({ guildId: guild.id, channelId: threadId, userId: bob.id, name: 'siege', subcommand: 'move', options: { notation: 'defence sometimes' } });
    await wrong.done();
    expect(wrong.ephemeralText()).toMatch(/^The defence policy is ask .* strongest .* none/);
    expect(await moves()).toBe(0);
    expect((await gameIn(threadId)).version).toBe(0);
    // Shown on the board, redrawn in place: still one board, no ping.
    await waitForAsync(async () => JSON.stringify((await gameIn(threadId)).seatSettings) === JSON.stringify([{ defence: 'ask' }, { defence: 'strongest' }]), 10_000, 'the setting stored');
    await waitFor(() => fake.message(board.id)!.revisions > revisions, 15_000, 'the board redrawn with the new setting');
    expect(boardsIn(fake, threadId)).toHaveLength(1);

    // Pressed: the panel shows Alice's own policy; nothing is played.
    const gear = buttonsOf(board).find((b) => b.label === '⚙ Defence policy')!;
    const opened = await press(fake, board, () => fake.clickButton({ messageId: board.id, customId: gear.custom_id!, userId: alice.id }));
    const panel = opened.replies.find((m) => m.ephemeral && m.components.length)!;
    expect(panel.content).toMatch(/^\*\*Defence policy\*\* in game #\d+: \*\*ask\*\* \(you are asked each time\)\.\nA setting, not a move/);
    expect(buttonsOf(panel).map((b) => [b.label, b.disabled ?? false])).toEqual([['Ask me each time', true], ['Always strongest', false], ['Never defend', false]]);
    expect(await moves()).toBe(0);

    // Alice plays on until she attacks one of Bob's defended territories: his policy answers at
    // once, as his logged move. Bob is never asked: no board shows him to defend, and he is
    // pinged only if the answer ended Alice's turn.
    for (let step = 0; step < 120; step++) {
      const game = await gameIn(threadId);
      const state = game.state as { phase: string; realms: Realm[] };
      const userId = game.toActUserIds[0]!;
      if (state.phase === 'defend') {
        expect(userId, 'only Alice is ever asked to defend').toBe(alice.id);
        const none = buttonsOf(board).find((b) => b.label === 'No defender')!;
        const pressed = board;
        await press(fake, pressed, () => fake.clickButton({ messageId: pressed.id, customId: none.custom_id!, userId }));
        board = await waitForBoardAfter(fake, threadId, game.version);
        continue;
      }
      const seat = (game.seats as { userId?: string }[]).findIndex((x) => x.userId === userId);
      const boardsBefore = boardsIn(fake, threadId).length;
      const shownBefore = board.id;
      board = await playTurnWithCommand(fake, guild.id, threadId, userId, last, aggressive(state, seat));
      const answer = await scene.database.db.move.findFirst({ where: { gameId: id, seq: { gt: game.version }, seat: 1, notation: { startsWith: 'defend ' } } });
      if (!answer) continue;
      const attack = (await scene.database.db.move.findFirst({ where: { gameId: id, seq: answer.seq - 1 } }))!;
      expect([attack.seat, attack.userId]).toEqual([0, alice.id]);
      expect(attack.notation).toMatch(/^attack \w+ (farms|city|keep)$/);
      expect(answer.userId).toBe(bob.id);
      // The note names the answer in words ("defend with the Cavalry"), as every log does.
      expect(answer.eventTexts.at(-1)).toBe(`${sayMove(ENGLISH, storedPhrase(answer.notationPhrase), answer.notation)}: answered at once by Blue (<@${bob.id}>)'s standing setting (Defence policy: Always strongest).`);
      await waitFor(() => JSON.stringify(latestBoard(fake, threadId).embeds[0]).includes('answered at once by Blue'), 15_000, 'the answer on the board');
      const now = await gameIn(threadId);
      if (now.toActUserIds.includes(alice.id)) {
        // Alice's turn goes on: the same board, updated in place, and no new ping.
        expect(boardsIn(fake, threadId)).toHaveLength(boardsBefore);
        expect(latestBoard(fake, threadId).id).toBe(shownBefore);
      } else {
        // The answer ended Alice's turn: one hand-over, to Bob.
        expect(boardsIn(fake, threadId)).toHaveLength(boardsBefore + 1);
        expect(latestBoard(fake, threadId).mentionedUserIds).toEqual(now.status === 'ACTIVE' ? [bob.id] : []);
      }
      const log = await scene.database.db.move.findMany({ where: { gameId: id }, orderBy: { seq: 'asc' } });
      expect(replayGame(gameById('dice-realms')!, now.seed, now.seats as never, now.options, log)).toEqual(now.state);
      await fake.settle();
      expect(fake.violations).toEqual([]);
      return;
    }
    throw new Error(`game seed ${(await gameIn(threadId)).seed}: Alice never attacked a defended territory`);
  }, 200_000);

  it('a game against the AI: the AI takes its turns and answers defender questions at once', async () => {
    const { fake, guild, channel, carol } = scene;
    const rec = await fake.slashCommand({ guildId: guild.id, channelId: channel.id, userId: carol.id, name: 'siege', group: 'start', subcommand: 'dice-realms', options: { ai: 'easy', variant: 'fast' } });
    await rec.done();
    const thread = fake.threads(channel.id).at(-1)!;
    let board = await waitForBoard(fake, thread.id, 0);
    // The game once its board shows it: the AI's moves, and moves the rules force, are saved
    // before the one board that follows them.
    const settled = async () => {
      let game = await gameIn(thread.id);
      await waitForAsync(async () => {
        game = await gameIn(thread.id);
        return boardVersion(latestBoard(fake, thread.id)) === game.version;
      }, 20_000, 'the board of the game as it is');
      return game;
    };
    for (let step = 0; !isFinished(board); step++) {
      expect(step, `game seed ${(await gameIn(thread.id)).seed}`).toBeLessThan(1000); // a defensive AI can make a long game
      const game = await settled();
      board = latestBoard(fake, thread.id);
      if (game.status === 'FINISHED') break;
      if (game.toActUserIds[0] !== carol.id) {
        // The AI's turn (the board of a game the AI opens): its one board follows its moves.
        board = await waitForBoardAfter(fake, thread.id, game.version, 20_000);
        continue;
      }
      // Carol acts on the board of the game as it is now.
      expect(board.content).toMatch(new RegExp(`^<@${carol.id}>, your move as \\*\\*Red\\*\\*`));
      const state = game.state as { phase: string; realms: Realm[] };
      if (state.phase === 'defend') {
        const none = buttonsOf(board).find((b) => b.label === 'No defender')!;
        const pressed = board;
        const r = await press(fake, pressed, () => fake.clickButton({ messageId: pressed.id, customId: none.custom_id!, userId: carol.id }));
        // Handed back to the AI, the board is retired and the AI's one board follows its moves;
        // when the attack ended the AI's turn, carol's turn goes on on the same board.
        board = await waitForBoardAfter(fake, thread.id, game.version, 20_000);
        expect(r.ephemeralText()).toBe('');
        await expectDefenceAnswered(game, pressed, board, r.callback?.type);
        continue;
      }
      board = await playTurnWithCommand(fake, guild.id, thread.id, carol.id, last, aggressive(state, 0));
    }
    const game = await gameIn(thread.id);
    expect(game.status).toBe('FINISHED');
    expect(boardVersion(board)).toBe(game.version);
    // Against the AI: no rematch, only the replay on request.
    expect(buttonsOf(latestBoard(fake, thread.id)).map((b) => b.label)).toEqual(['Replay', 'Describe']);
    await fake.settle();
    expect(fake.violations).toEqual([]);
  }, 300_000);
});
