// What ends or rewinds a game besides a move, through the game master, against a real database
// and the real services (only the ports are in memory: harness.ts): a resignation, a clock run
// out (judged by its job, claimed by the opponent, or given after the grace), a reminder, an
// undo, and a takeback asked, accepted or declined. Each end is heard by every subscriber as
// `finished`, with its outcome.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoardEvent, Finished, Notice } from '../../src/master/index.js';
import type { GameSnapshot } from '../../src/services/types.js';
import { ENGLISH, sayMove, storedPhrase } from '../../src/services/phrases.js';
import { DAY, T0, firstMove, masterBench, members, started, value, type MasterBench } from './harness.js';

describe('the game master: turns, clocks, undo and takebacks', () => {
  let bench: MasterBench;
  beforeAll(async () => {
    bench = await masterBench('master-turns');
  });
  afterAll(async () => {
    await bench?.drop();
  });

  const at = (ms: number) => new Date(T0.getTime() + ms);
  const lastBoard = (gameId: number) => bench.discord.boards(gameId).at(-1);
  const finishedOf = (gameId: number): Finished => {
    const e = lastBoard(gameId);
    if (e?.type !== 'finished') throw new Error(`game ${gameId}: last heard ${e?.type}`);
    return e;
  };

  /** Plays first moves until the turn passes to the other member; returns the game and the move that passed it. */
  async function untilHandOver(game: GameSnapshot): Promise<GameSnapshot> {
    for (let step = 0; step < 40; step++) {
      const { userId, move } = firstMove(game);
      const played = value(await bench.master.playMove({ gameId: game.id, actor: { kind: 'user', userId }, input: { move }, expectedVersion: game.version, source: 'button' }));
      game = played.forced.at(-1)?.game ?? played.applied.game;
      if (played.applied.handOver) return game;
    }
    throw new Error(`seed ${game.seed}: the turn never passed`);
  }

  it('given a resignation, then every subscriber hears the game finished, with its outcome and its reason as the headline; the receipt is the origin front\'s', async () => {
    bench.clock.now = T0;
    const game = await started(bench, 'siege-master', members('101', '202'));
    const done = value(await bench.master.resign(game.id, '101', { front: 'web' }));
    expect(done.receipt).toEqual({ shown: true, where: '/play' });
    const finished = finishedOf(game.id);
    expect(finished.outcome).toEqual(done.game.outcome);
    expect(finished.outcome.winners).toEqual([1]);
    expect(finished.headline).toBe('Red (<@101>) resigned.');
    expect([finished.retiredText, finished.moves, finished.ping, finished.previous.version]).toEqual(['Red (<@101>) resigned.', [], [], game.version]);
    expect(bench.web.boards(game.id).at(-1)).toEqual(finished);
    // Resigning twice changes nothing more.
    const again = await bench.master.resign(game.id, '101');
    expect(again.ok).toBe(false);
    expect(bench.discord.boards(game.id)).toHaveLength(2);
  });

  it('given a clock that runs out between two members, then the reminder and the timeout are told, the grace armed, and a claim ends the game', async () => {
    bench.clock.now = T0;
    const game = await started(bench, 'siege-master', members('301', '302'), { clockSeconds: DAY / 1000 });
    const reminder = bench.jobs.armed(game.id, 'reminder');
    bench.clock.now = reminder.at;
    const mark = bench.discord.events.length;
    await bench.master.jobHandlers.reminder(reminder);
    expect(bench.discord.since(mark)).toEqual([expect.objectContaining({ type: 'reminder', userIds: ['301'], game: expect.objectContaining({ id: game.id }) })]);

    const deadline = bench.jobs.armed(game.id, 'deadline');
    expect(deadline.at).toEqual(at(DAY));
    bench.clock.now = at(DAY + 1);
    await bench.master.jobHandlers.timeout(deadline);
    const timedOut = bench.discord.notices().at(-1) as Extract<Notice, { type: 'timed-out' }>;
    expect([timedOut.type, timedOut.lateIds, timedOut.otherIds]).toEqual(['timed-out', ['301'], ['302']]);
    const grace = bench.jobs.armed(game.id, 'grace');
    expect(grace.at).toEqual(timedOut.graceEndsAt);
    // The same job run again (a retry) tells nothing twice.
    await bench.master.jobHandlers.timeout(deadline);
    expect(bench.discord.notices().filter((n) => n.type === 'timed-out' && n.game.id === game.id)).toHaveLength(1);

    const claimed = value(await bench.master.claimWin(game.id, '302'));
    const finished = finishedOf(game.id);
    expect(finished.outcome).toEqual(claimed.game.outcome);
    expect(finished.headline).toBe('Red (<@301>) ran out of time; <@302> claimed the win.');
    // The game's clock jobs go: nothing is armed for a finished game.
    expect(bench.jobs.clocks.get(game.id)).toEqual([]);
  });

  it('given a clock run out and nobody claiming, then the grace job ends the game for the waiting member', async () => {
    bench.clock.now = T0;
    const game = await started(bench, 'siege-master', members('401', '402'), { clockSeconds: DAY / 1000 });
    bench.clock.now = at(DAY + 1);
    await bench.master.jobHandlers.timeout(bench.jobs.armed(game.id, 'deadline'));
    const grace = bench.jobs.armed(game.id, 'grace');
    // Too early (clocks apart by a moment): judged not yet, and armed again.
    bench.clock.now = new Date(grace.at.getTime() - 1000);
    await bench.master.jobHandlers.timeout(grace);
    expect(lastBoard(game.id)?.type).toBe('game-started');
    bench.clock.now = grace.at;
    await bench.master.jobHandlers.timeout(bench.jobs.armed(game.id, 'grace'));
    const finished = finishedOf(game.id);
    expect(finished.outcome.winners).toEqual([1]);
    expect(finished.game.status).toBe('FINISHED');
  });

  it('given a solo game whose clock runs out, then its timeout ends it at once', async () => {
    bench.clock.now = T0;
    const game = await started(bench, 'two-deck-siege', members('501'), { clockSeconds: DAY / 1000 });
    bench.clock.now = at(DAY);
    await bench.master.jobHandlers.timeout(bench.jobs.armed(game.id, 'deadline'));
    expect(finishedOf(game.id).headline).toBe('Defender (<@501>) ran out of time.');
  });

  it('given a solo move undone, then it is heard as a hand-over back to the same board, headed by what was undone; an undo on an old version is refused', async () => {
    bench.clock.now = T0;
    let game = await started(bench, 'kingdoms-solo', members('601'));
    for (let step = 0; step < 30; step++) {
      const { userId, move } = firstMove(game);
      const played = value(await bench.master.playMove({ gameId: game.id, actor: { kind: 'user', userId }, input: { move }, source: 'button' }));
      const after = played.forced.at(-1)?.game ?? played.applied.game;
      const stale = await bench.master.undo(game.id, '601', game.version);
      expect(stale.ok ? 'undone' : stale.error.code).toBe('stale');
      const mark = bench.discord.events.length;
      const undone = await bench.master.undo(game.id, '601', after.version, { front: 'discord', interactionId: 'undo-press' });
      if (!undone.ok) {
        // A move that revealed something cannot be undone: play on.
        expect(undone.error.code).toBe('revealed');
        game = after;
        continue;
      }
      const [event, ...more] = bench.discord.since(mark) as BoardEvent[];
      expect(more).toEqual([]);
      if (event?.type !== 'handed-over') throw new Error(`undo heard as ${event?.type}`);
      // The headline names the move in words, as the log keeps them beside its notation.
      expect(event.headline).toContain(`(<@601>) undid ${sayMove(ENGLISH, storedPhrase(undone.value.cancelled.notationPhrase), undone.value.cancelled.notation)}`);
      expect([event.moves, event.ping, event.origin]).toEqual([[], [], { front: 'discord', interactionId: 'undo-press' }]);
      expect([event.previous.version, event.game.version]).toEqual([after.version, after.version + 1]);
      expect(undone.value.receipt).toEqual({ shown: true, where: 'discord:board' });
      // The board is the one before the move: nothing the rules forced followed it here.
      if (!played.forced.length) expect(event.game.state).toEqual(game.state);
      return;
    }
    throw new Error(`seed ${game.seed}: no move could be undone`);
  });

  it('given a takeback asked, then the opponent is asked in a notice (the board asked on named as data); declined, nothing changes; accepted, the move is taken back and the mover is to play again', async () => {
    bench.clock.now = T0;
    const game0 = await started(bench, 'siege-master', members('701', '702'));
    const passed = await untilHandOver(game0);
    const asked = await bench.master.askTakeback(passed.id, passed.version, '702');
    expect(asked.ok ? 'asked' : asked.error.code).toBe('not-the-mover');
    value(await bench.master.askTakeback(passed.id, passed.version, '701', { front: 'discord', askedOnBoardId: 'board-message' }));
    const notice = bench.discord.notices().at(-1)!;
    expect(notice).toMatchObject({ type: 'takeback-asked', version: passed.version, moverId: '701', opponentId: '702', origin: { front: 'discord', askedOnBoardId: 'board-message' } });
    const boards = bench.discord.boards(passed.id).length;
    value(await bench.master.declineTakeback(passed.id, passed.version, '702'));
    expect(bench.discord.boards(passed.id)).toHaveLength(boards);
    expect((await bench.services.games.load(passed.id))!.version).toBe(passed.version);

    const byMover = await bench.master.acceptTakeback(passed.id, passed.version, '701');
    expect(byMover.ok ? 'accepted' : byMover.error.code).toBe('not-the-opponent');
    const accepted = value(await bench.master.acceptTakeback(passed.id, passed.version, '702', { front: 'discord', interactionId: 'accept-press' }));
    const event = lastBoard(passed.id)!;
    if (event.type !== 'handed-over') throw new Error(`takeback heard as ${event.type}`);
    expect(event.headline).toMatch(/^Red \(<@701>\) took back .+ \(accepted by <@702>\)$/);
    expect(event.ping).toEqual(['701']);
    expect(event.game.toActUserIds).toEqual(['701']);
    expect(accepted.game.version).toBe(passed.version + 1);
  });

  it('given a finished game, then neither undo nor takeback is offered and nothing is heard', async () => {
    bench.clock.now = T0;
    const game = await started(bench, 'siege-master', members('801', '802'));
    const passed = await untilHandOver(game);
    value(await bench.master.resign(passed.id, '802'));
    const heard = bench.discord.events.length;
    const asked = await bench.master.askTakeback(passed.id, passed.version + 1, '801');
    expect(asked.ok).toBe(false);
    expect(bench.discord.events.length).toBe(heard);
  });
});
