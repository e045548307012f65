import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameById } from '../../src/games/index.js';
import { replayGame } from '../../src/services/replay.js';
import { acceptedChallenge, isFinished, latestBoard, playTurnWithCommand, press } from '../helpers/play.js';
import { boardVersion, buttonsOf, startScene, waitForBoard, type Scene } from '../helpers/scene.js';

type Realm = { infantry: number; ranged: number; cavalry: number; siege: number };

/**
 * What an aggressive player types first, to keep games short: build an army, then feed it and
 * attack the enemy Keep. The last suggestion is taken (the largest amount).
 */
function aggressive(state: { phase: string; realms: Realm[] }, seat: number): string[] {
  const r = state.realms[seat]!;
  if (state.phase === 'gather') return r.infantry + r.ranged + r.cavalry + r.siege >= 4 ? ['gather farms', 'gather'] : ['gather keep', 'gather'];
  // Repair before the catch-all: where only repairs and defence policies are legal, the last
  // catch-all suggestion is a policy change, and flipping policies never ends the turn.
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

  async function gameIn(threadId: string) {
    return (await scene.database.db.game.findFirst({ where: { threadId } }))!;
  }

  it('two members play a whole game; the defender decides with buttons when mentioned, mid-turn', async () => {
    const { fake, guild, channel, alice, bob } = scene;
    const thread = fake.channel((await acceptedChallenge(scene, { game: 'dice-realms', variant: 'fast' })).threadId)!;
    let board = latestBoard(fake, thread.id);
    let defences = 0;
    for (let step = 0; !isFinished(board); step++) {
      const game = await gameIn(thread.id);
      expect(step, `game seed ${game.seed}`).toBeLessThan(200);
      const state = game.state as { phase: string; active: number; realms: Realm[] };
      const userId = game.toActUserIds[0]!;
      expect(board.mentionedUserIds).toEqual([userId]);
      if (state.phase === 'defend') {
        // the defender is the player not on turn: asked in the thread with one button per unit
        expect(userId).not.toBe((game.seats as { userId: string }[])[state.active]!.userId);
        const options = buttonsOf(board).filter((b) => b.custom_id!.startsWith('s1:mv:') && !b.disabled);
        expect(options.map((b) => b.label)).toContain('No defender');
        // A few real defences, then none: a game whose seed favours strong defences could
        // otherwise run for hundreds of moves.
        const noDefender = options.find((b) => b.label === 'No defender')!;
        const choice = defences < 3 ? (options.find((b) => b.label !== 'No defender') ?? noDefender) : noDefender;
        const r = await press(fake, board, () => fake.clickButton({ messageId: board.id, customId: choice.custom_id!, userId }));
        expect(r.ephemeralText()).toMatch(/You played \*\*defend/);
        board = await waitForBoard(fake, thread.id, boardVersion(board)! + 1);
        expect(JSON.stringify(board.embeds[0])).toMatch(/rolls d\d+ = \d+/);
        defences++;
        continue;
      }
      const seat = (game.seats as { userId?: string }[]).findIndex((x) => x.userId === userId);
      board = await playTurnWithCommand(fake, guild.id, thread.id, userId, last, aggressive(state, seat));
    }
    expect(defences).toBeGreaterThan(0);
    const game = await gameIn(thread.id);
    expect(game.status).toBe('FINISHED');
    const moves = await scene.database.db.move.findMany({ where: { gameId: game.id }, orderBy: { seq: 'asc' } });
    expect(replayGame(gameById('dice-realms')!, game.seed, game.seats as never, game.options, moves)).toEqual(game.state);
    await fake.settle();
    expect(fake.violations).toEqual([]);
  });

  it('a game against the AI: the AI takes its turns and answers defender questions at once', async () => {
    const { fake, guild, channel, carol } = scene;
    const rec = await fake.slashCommand({ guildId: guild.id, channelId: channel.id, userId: carol.id, name: 'siege', group: 'start', subcommand: 'dice-realms', options: { ai: 'easy', variant: 'fast' } });
    await rec.done();
    const thread = fake.threads(channel.id).at(-1)!;
    let board = await waitForBoard(fake, thread.id, 0);
    for (let step = 0; !isFinished(board); step++) {
      expect(step, `game seed ${(await gameIn(thread.id)).seed}`).toBeLessThan(1000); // a defensive AI can make a long game
      const game = await gameIn(thread.id);
      if (game.status === 'FINISHED') {
        board = await waitForBoard(fake, thread.id, game.version);
        break;
      }
      if (game.toActUserIds[0] !== carol.id) {
        board = await waitForBoard(fake, thread.id, game.version + 1, 20_000);
        continue;
      }
      // The AI may have moved several times; carol acts on the board of the game as it is now.
      board = await waitForBoard(fake, thread.id, game.version);
      const state = game.state as { phase: string; realms: Realm[] };
      if (state.phase === 'defend') {
        const none = buttonsOf(board).find((b) => b.label === 'No defender')!;
        await press(fake, board, () => fake.clickButton({ messageId: board.id, customId: none.custom_id!, userId: carol.id }));
        board = await waitForBoard(fake, thread.id, game.version + 1);
        continue;
      }
      board = await playTurnWithCommand(fake, guild.id, thread.id, carol.id, last, aggressive(state, 0));
    }
    const game = await gameIn(thread.id);
    expect(game.status).toBe('FINISHED');
    expect(latestBoard(fake, thread.id).components).toEqual([]);
    await fake.settle();
    expect(fake.violations).toEqual([]);
  }, 300_000);
});
