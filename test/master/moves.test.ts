// The game master's moves, against a real database, the real services, engines and AI; only its
// ports are in memory (harness.ts). Given a move from any source, then it is saved once, every
// subscriber hears one event that says what it did to the board (`moved` within a turn,
// `handed-over` when someone else must act, `finished` with the outcome), and the verb's receipt
// is the answer of the front end the move came from. A refused move changes nothing and is heard
// by nobody.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameById } from '../../src/games/index.js';
import type { BoardEvent, ChangeOrigin } from '../../src/master/index.js';
import { AI_MARK, type GameSnapshot } from '../../src/services/types.js';
import { firstMove, masterBench, members, notations, started, value, type MasterBench } from './harness.js';

const DICE = gameById('dice-realms')!;
type DiceMove = { type: string; target?: string; unit?: string | null };

/** Dice Realms: attacks on a defended territory first (a defender is then asked), then anything. */
function attackFirst(state: unknown, seat: number): unknown {
  const moves = DICE.legalMoves(state, seat) as DiceMove[];
  return moves.find((m) => m.type === 'attack' && m.target !== 'army') ?? moves.find((m) => m.type === 'train') ?? moves[0];
}

describe('the game master: moves', () => {
  let bench: MasterBench;
  beforeAll(async () => {
    bench = await masterBench('master-moves');
  });
  afterAll(async () => {
    await bench?.drop();
  });

  const movesOf = (gameId: number) => bench.database.db.move.count({ where: { gameId } });

  it('given a two-member game, then a step heard as `moved` keeps the board, and the move that ends the turn is heard as `handed-over`, mentioning only the member now to act', async () => {
    const game0 = await started(bench, 'dice-realms', members('101', '202'));
    let game = game0;
    const heard: BoardEvent[] = [];
    for (let step = 0; step < 40 && !heard.some((e) => e.type === 'handed-over'); step++) {
      const { userId, move } = firstMove(game);
      const mark = bench.discord.events.length;
      const played = value(await bench.master.playMove({ gameId: game.id, actor: { kind: 'user', userId }, input: { move }, expectedVersion: game.version, source: 'button', origin: { front: 'discord', interactionId: `press-${step}` } }));
      const events = bench.discord.since(mark);
      expect(events, `step ${step}, seed ${game.seed}`).toHaveLength(1);
      const event = events[0] as BoardEvent;
      expect(event.origin).toEqual({ front: 'discord', interactionId: `press-${step}` });
      expect(played.receipt).toEqual({ shown: true, where: 'discord:board' });
      if (event.type === 'moved') {
        expect(played.applied.handOver).toBe(false);
        expect(event.moves.map((m) => m.notation)).toEqual([played.applied.notation, ...played.forced.map((f) => f.notation)]);
        expect(event.previous.version).toBe(game.version);
      }
      heard.push(event);
      game = event.game;
    }
    const handOver = heard.at(-1)!;
    if (handOver.type !== 'handed-over') throw new Error(`seed ${game0.seed}: the turn never passed`);
    expect(heard.length, `seed ${game0.seed}: a step within the turn`).toBeGreaterThan(1);
    expect(heard.slice(0, -1).every((e) => e.type === 'moved')).toBe(true);
    expect(handOver.ping).toEqual(['202']);
    expect(handOver.retiredText).toMatch(/^Red \(<@101>\) played .+\.$/);
    expect(handOver.game.version).toBe(game0.version + heard.length);
    // The web heard the same events, in the same order.
    expect(bench.web.boards(game0.id).map((e) => [e.type, e.game.version])).toEqual(bench.discord.boards(game0.id).map((e) => [e.type, e.game.version]));
    expect(await movesOf(game0.id)).toBe(handOver.game.version);
  });

  it('given a move from each source, then each is counted by its source and the receipt is that of the front it came from', async () => {
    const game = await started(bench, 'siege-master', members('301', '302'));
    const before = bench.counted.length;
    const a = firstMove(game);
    const byWeb = value(await bench.master.playMove({ gameId: game.id, actor: { kind: 'user', userId: a.userId }, input: { move: a.move }, source: 'web', origin: { front: 'web' } }));
    expect(byWeb.receipt).toEqual({ shown: true, where: '/play' });
    const b = firstMove(byWeb.applied.game);
    const notation = gameById('siege-master')!.formatMove(byWeb.applied.game.state, b.seat, b.move);
    const byCommand = value(await bench.master.playMove({ gameId: game.id, actor: { kind: 'user', userId: b.userId }, input: { text: notation }, source: 'command', origin: { front: 'discord', startedAt: 1 } }));
    expect(byCommand.applied.notation).toBe(notation);
    expect(byCommand.receipt).toEqual({ shown: true, where: 'discord:board' });
    const c = firstMove(byCommand.applied.game);
    // No origin (a job, a test): the receipt is the first subscriber's.
    const byButton = value(await bench.master.playMove({ gameId: game.id, actor: { kind: 'user', userId: c.userId }, input: { move: c.move }, source: 'button' }));
    expect(byButton.receipt).toEqual({ shown: true, where: 'discord:board' });
    expect(bench.counted.slice(before).map((c) => c.source)).toEqual(['web', 'command', 'button']);
  });

  it('given a move played on an out-of-date version, then it is refused, nothing is saved and nobody hears of it', async () => {
    const game = await started(bench, 'siege-master', members('401', '402'));
    const a = firstMove(game);
    const moved = value(await bench.master.playMove({ gameId: game.id, actor: { kind: 'user', userId: a.userId }, input: { move: a.move }, expectedVersion: game.version, source: 'button' }));
    const heard = bench.discord.events.length;
    const rows = await movesOf(game.id);
    const b = firstMove(moved.applied.game);
    const stale = await bench.master.playMove({ gameId: game.id, actor: { kind: 'user', userId: b.userId }, input: { move: b.move }, expectedVersion: game.version, source: 'button' });
    expect(stale.ok ? 'played' : stale.error.code).toBe('stale');
    expect(bench.discord.events.length).toBe(heard);
    expect(await movesOf(game.id)).toBe(rows);
    expect((await bench.services.games.load(game.id))!.version).toBe(moved.applied.game.version);
  });

  it('given a double tap (the same move twice at once on one version), then one is saved and heard, the other refused', async () => {
    const game = await started(bench, 'siege-master', members('451', '452'));
    const heard = bench.discord.events.length;
    const a = firstMove(game);
    const tap = () => bench.master.playMove({ gameId: game.id, actor: { kind: 'user', userId: a.userId }, input: { move: a.move }, expectedVersion: game.version, source: 'button' });
    const taps = await Promise.all([tap(), tap()]);
    expect(taps.filter((t) => t.ok)).toHaveLength(1);
    expect(taps.flatMap((t) => (t.ok ? [] : [t.error.code]))[0]).toMatch(/^(stale|conflict)$/);
    expect(bench.discord.since(heard)).toHaveLength(1);
    expect(await movesOf(game.id)).toBe(1);
  });

  it('given a member who is not playing, or not to act, then the seat is refused and the game is untouched', async () => {
    const game = await started(bench, 'siege-master', members('501', '502'));
    const a = firstMove(game);
    const heard = bench.discord.events.length;
    const stranger = await bench.master.playMove({ gameId: game.id, actor: { kind: 'user', userId: '999' }, input: { move: a.move }, source: 'button' });
    expect(stranger.ok ? 'played' : stranger.error.code).toBe('not-a-player');
    const waiting = game.seats.find((s) => s.kind === 'human' && s.userId !== a.userId)!;
    const early = await bench.master.playMove({ gameId: game.id, actor: { kind: 'user', userId: (waiting as { userId: string }).userId }, input: { move: a.move }, source: 'button' });
    expect(early.ok ? 'played' : early.error.code).toBe('not-your-turn');
    expect(bench.discord.events.length).toBe(heard);
    expect((await bench.services.games.load(game.id))!.version).toBe(game.version);
  });

  it('given a move after which the rules leave one legal move, then it is played for the player, saved as theirs, counted as forced and told in the same event', async () => {
    const game0 = await started(bench, 'kingdoms-solo', members('601'));
    let game = game0;
    for (let step = 0; step < 200 && game.status === 'ACTIVE'; step++) {
      const { userId, move } = firstMove(game);
      const before = bench.counted.length;
      const mark = bench.discord.events.length;
      const played = value(await bench.master.playMove({ gameId: game.id, actor: { kind: 'user', userId }, input: { move }, source: 'button' }));
      game = played.forced.at(-1)?.game ?? played.applied.game;
      if (!played.forced.length) continue;
      const [event] = bench.discord.since(mark);
      expect(notations(event)).toEqual([played.applied.notation, ...played.forced.map((f) => f.notation)]);
      expect(bench.counted.slice(before).map((c) => c.source)).toEqual(['button', ...played.forced.map(() => 'forced')]);
      const rows = await bench.database.db.move.findMany({ where: { gameId: game.id }, orderBy: { seq: 'asc' } });
      const forcedRow = rows.find((r) => r.seq === played.forced[0]!.game.version)!;
      expect([forcedRow.userId, forcedRow.eventTexts.at(-1)]).toEqual(['601', expect.stringMatching(/the only legal move, played for you\./)]);
      return;
    }
    throw new Error(`seed ${game0.seed}: no move was ever forced`);
  });

  it('given a game against the AI, then its owed move is armed, and its run of moves is heard as one hand-over back to the member', async () => {
    const game0 = await started(bench, 'siege-master', [{ kind: 'human', userId: '701' }, { kind: 'ai', level: 'easy' }]);
    let game: GameSnapshot = game0;
    for (let step = 0; step < 20 && !game.toActUserIds.includes(AI_MARK); step++) {
      const { userId, move } = firstMove(game);
      game = value(await bench.master.playMove({ gameId: game.id, actor: { kind: 'user', userId }, input: { move }, source: 'button' })).applied.game;
    }
    expect(game.toActUserIds).toEqual([AI_MARK]);
    // The member's hand-over to the AI mentions nobody; the AI's answer is owed to the job queue.
    const toAi = bench.discord.boards(game0.id).at(-1)!;
    expect([toAi.type, toAi.type === 'handed-over' ? toAi.ping : null]).toEqual(['handed-over', []]);
    expect(bench.jobs.aiOwed).toContain(game0.id);
    const mark = bench.discord.events.length;
    await bench.master.jobHandlers.aiTurn({ gameId: game0.id });
    const [answer, ...more] = bench.discord.since(mark) as BoardEvent[];
    expect(more).toEqual([]);
    if (answer?.type !== 'handed-over') throw new Error(`seed ${game0.seed}: the AI's answer was heard as ${answer?.type}`);
    expect(answer.moves.length).toBeGreaterThan(0);
    expect(answer.moves.every((m) => m.actor.kind === 'ai')).toBe(true);
    expect(answer.ping).toEqual(['701']);
    expect(answer.origin).toBeUndefined();
    expect(bench.counted.filter((c) => c.source === 'ai').length).toBeGreaterThanOrEqual(answer.moves.length);
    // Run again (a retried job): nothing is owed, nothing is played.
    await bench.master.runAiTurns(game0.id);
    expect(bench.discord.events.length).toBe(mark + 1);
  });

  it("given an attack waiting for its defender, then the defender's new standing setting answers it at once, heard as one event; an unchanged setting is heard by nobody", async () => {
    let game = await started(bench, 'dice-realms', members('801', '802'));
    for (let step = 0; step < 300 && (game.state as { phase: string }).phase !== 'defend'; step++) {
      const seat = DICE.toAct(game.state)[0]!;
      const userId = (game.seats[seat] as { userId: string }).userId;
      const played = value(await bench.master.playMove({ gameId: game.id, actor: { kind: 'user', userId }, input: { move: attackFirst(game.state, seat) }, source: 'command' }));
      game = played.forced.at(-1)?.game ?? played.applied.game;
    }
    expect((game.state as { phase: string }).phase, `seed ${game.seed}`).toBe('defend');
    const defender = (game.seats[DICE.toAct(game.state)[0]!] as { userId: string }).userId;
    const origin: ChangeOrigin = { front: 'discord', interactionId: 'settings-press' };
    const mark = bench.discord.events.length;
    const changed = value(await bench.master.changeSetting({ gameId: game.id, userId: defender, name: 'defence', value: 'none', origin }));
    expect(changed.answered.map((a) => a.notation)).toEqual(['defend none']);
    const [event, ...more] = bench.discord.since(mark) as BoardEvent[];
    expect(more).toEqual([]);
    expect(notations(event)).toEqual(['defend none']);
    expect(event!.origin).toEqual(origin);
    const same = value(await bench.master.changeSetting({ gameId: game.id, userId: defender, name: 'defence', value: 'none' }));
    expect(same.same).toBe(true);
    expect(bench.discord.events.length).toBe(mark + 1);
  });

  it('given a setting changed with nothing waiting on it, then the same board is redrawn: `moved` with no moves', async () => {
    const game = await started(bench, 'dice-realms', members('851', '852'));
    const mark = bench.discord.events.length;
    value(await bench.master.changeSetting({ gameId: game.id, userId: '852', name: 'defence', value: 'strongest' }));
    const [event] = bench.discord.since(mark);
    expect(event).toMatchObject({ type: 'moved', moves: [], game: { id: game.id, version: game.version }, previous: { version: game.version } });
  });
});
