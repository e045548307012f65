// How games begin through the game master, and who hears of it: a game started at once, a
// challenge accepted, a rematch, a challenge that expires, the daily siege from its first board
// to its result; a listener subscribed after the master was made (as the tournaments will be)
// hears every game that ends, however it ended; a listener that fails stops nobody else; and an
// origin is data only, the same after a trip through JSON. Real database, services and engines;
// only the ports are in memory (harness.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameById } from '../../src/games/index.js';
import type { MasterSubscriber, Notice } from '../../src/master/index.js';
import { dailyRules } from '../../src/services/dailyRules.js';
import { DAY, HOUR, T0, firstMove, hearing, masterBench, members, started, value, type MasterBench } from './harness.js';

describe('the game master: starts, and who hears what', () => {
  let bench: MasterBench;
  beforeAll(async () => {
    bench = await masterBench('master-starts');
  });
  afterAll(async () => {
    await bench?.drop();
  });

  it('given a game started at once, then its first board is heard as `game-started` with its headline, and the AI it opens with owes its move', async () => {
    bench.clock.now = T0;
    const mark = bench.discord.events.length;
    const r = value(await bench.master.startGame({ gameType: 'siege-master', guildId: 'guild', channelId: 'channel', seats: [{ kind: 'ai', level: 'easy' }, { kind: 'human', userId: '101' }], starterId: '101', origin: { front: 'discord', interactionId: 'start-command' } }));
    expect(r.receipt).toEqual({ shown: true, where: 'discord:board' });
    const [event, ...more] = bench.discord.since(mark);
    expect(more).toEqual([]);
    expect(event).toMatchObject({ type: 'game-started', headline: `Game #${r.game.id} begins`, ping: [], origin: { front: 'discord', interactionId: 'start-command' }, game: { id: r.game.id, version: 0 } });
    expect(bench.jobs.aiOwed).toContain(r.game.id);
  });

  it('given a challenge accepted, then the first board names both players and mentions the challenger only when they move first', async () => {
    bench.clock.now = T0;
    const c = value(await bench.master.challenge({ guildId: 'guild', channelId: 'channel', challengerId: '201', opponentId: '202', gameType: 'siege-master', rawOptions: {} }));
    expect(bench.jobs.challenges).toContain(c.id);
    const wrong = await bench.master.acceptChallenge(c.id, '201');
    expect(wrong.ok ? 'accepted' : wrong.error.code).toBe('not-opponent');
    const accepted = value(await bench.master.acceptChallenge(c.id, '202', { front: 'discord', interactionId: 'accept' }));
    const event = bench.discord.boards(accepted.game.id).at(-1)!;
    if (event.type !== 'game-started') throw new Error(`heard ${event.type}`);
    expect(event.headline).toBe(`Game #${accepted.game.id} begins: Red <@201> vs Blue <@202>`);
    expect(event.ping).toEqual(accepted.game.toActUserIds.filter((id) => id !== '202'));
  });

  it('given a finished game between two members, then a rematch is a new challenge with its expiry armed; a challenge left unanswered expires and is told', async () => {
    bench.clock.now = T0;
    const game = await started(bench, 'siege-master', members('301', '302'));
    const early = await bench.master.rematch(game.id, '301');
    expect(early.ok ? 'asked' : early.error.code).toBe('not-over');
    value(await bench.master.resign(game.id, '302'));
    const rematch = value(await bench.master.rematch(game.id, '302'));
    expect([rematch.challenge.challengerId, rematch.challenge.opponentId, rematch.game.id]).toEqual(['302', '301', game.id]);
    expect(bench.jobs.challenges).toContain(rematch.challenge.id);
    bench.clock.now = new Date(T0.getTime() + 2 * HOUR);
    await bench.master.jobHandlers.challenge({ challengeId: rematch.challenge.id });
    const expired = bench.discord.notices().at(-1) as Extract<Notice, { type: 'challenge-expired' }>;
    expect([expired.type, expired.challenge.id, expired.challenge.status]).toEqual(['challenge-expired', rematch.challenge.id, 'EXPIRED']);
  });

  it("given a daily siege played to its end, then its first board says its day, its end is heard as `finished`, and then its scored result is announced", async () => {
    bench.clock.now = T0;
    const def = gameById('two-deck-siege')!;
    const day = T0.toISOString().slice(0, 10);
    const opened = value(await bench.master.startDaily({ userId: '401', guildId: 'guild', channelId: 'daily-channel', name: 'Alice', def, ranked: true, day, origin: { front: 'discord' } }));
    expect(bench.jobs.dailyCloses.get(opened.game.id)).toEqual(opened.attempt.closesAt);
    const first = bench.discord.boards(opened.game.id)[0]!;
    expect(first).toMatchObject({ type: 'game-started', daily: { day, ranked: true } });
    let game = opened.game;
    for (let step = 0; step < 2000 && game.status === 'ACTIVE'; step++) {
      const { userId, move } = firstMove(game);
      const played = value(await bench.master.playMove({ gameId: game.id, actor: { kind: 'user', userId }, input: { move }, source: 'button' }));
      game = played.forced.at(-1)?.game ?? played.applied.game;
    }
    expect(game.status, `daily seed ${game.seed}`).toBe('FINISHED');
    const end = bench.discord.events.findIndex((e) => e.type === 'finished' && e.game.id === game.id);
    const result = bench.discord.events.findIndex((e) => e.type === 'daily-result' && e.game.id === game.id);
    expect(end).toBeGreaterThanOrEqual(0);
    expect(result).toBeGreaterThan(end);
    const announced = bench.discord.events[result] as Extract<Notice, { type: 'daily-result' }>;
    expect([announced.channelId, announced.attempt.userId, announced.streak]).toEqual(['daily-channel', '401', 1]);
    expect(announced.attempt.turns).toBeGreaterThan(0);
    expect(dailyRules('two-deck-siege').rankBy).toBe('first');
  });

  it('given a daily siege left unfinished, then its close ends it as `finished`, scoring nothing and announcing nothing', async () => {
    bench.clock.now = T0;
    const def = gameById('kingdoms-solo')!;
    const day = T0.toISOString().slice(0, 10);
    const opened = value(await bench.master.startDaily({ userId: '451', guildId: 'guild', channelId: 'daily-channel', name: 'Bob', def, ranked: true, day }));
    bench.clock.now = opened.attempt.closesAt;
    const mark = bench.discord.events.length;
    await bench.master.jobHandlers.dailyClose({ gameId: opened.game.id });
    const heard = bench.discord.since(mark);
    expect(heard.map((e) => e.type)).toEqual(['finished']);
    expect(heard[0]).toMatchObject({ headline: `The daily siege of ${day} closed before it was finished: it scores nothing.` });
  });

  it('given a listener subscribed after the master was made, then it hears every game that ends, however it ended, until it stops listening', async () => {
    bench.clock.now = T0;
    const late = hearing('tournaments');
    const stop = bench.master.subscribe(late.subscriber);
    const finishedIds = () => late.events.flatMap((e) => (e.type === 'finished' ? [e.game.id] : []));

    const resigned = await started(bench, 'siege-master', members('501', '502'));
    value(await bench.master.resign(resigned.id, '501'));
    const timed = await started(bench, 'two-deck-siege', members('503'), { clockSeconds: DAY / 1000 });
    bench.clock.now = new Date(T0.getTime() + DAY);
    await bench.master.jobHandlers.timeout(bench.jobs.armed(timed.id, 'deadline'));
    bench.clock.now = T0;
    const byWeb = await started(bench, 'siege-master', members('504', '505'));
    value(await bench.master.resign(byWeb.id, '505', { front: 'web' }));
    expect(finishedIds()).toEqual([resigned.id, timed.id, byWeb.id]);
    const outcome = late.events.find((e) => e.type === 'finished' && e.game.id === resigned.id);
    expect(outcome).toMatchObject({ outcome: { winners: [1] } });
    // Its answer is no front end's receipt: the press's front still answers.
    const after = await started(bench, 'siege-master', members('506', '507'));
    expect(value(await bench.master.resign(after.id, '506', { front: 'discord' })).receipt).toEqual({ shown: true, where: 'discord:board' });

    stop();
    const unheard = await started(bench, 'siege-master', members('508', '509'));
    value(await bench.master.resign(unheard.id, '508'));
    expect(finishedIds()).not.toContain(unheard.id);
    expect(late.events.some((e) => 'game' in e && e.game.id === unheard.id)).toBe(false);
  });

  it('given a subscriber that throws, then it is logged and the others hear the event, and the receipt is still that of the front it came from', async () => {
    bench.clock.now = T0;
    const failing: MasterSubscriber = { front: 'broken', hear: async () => { throw new Error('this listener is broken'); } };
    const alsoFailing: MasterSubscriber = { front: 'discord', hear: () => { throw new Error('a synchronous failure'); } };
    const stops = [bench.master.subscribe(failing)];
    try {
      const game = await started(bench, 'siege-master', members('601', '602'));
      const { userId, move } = firstMove(game);
      const played = value(await bench.master.playMove({ gameId: game.id, actor: { kind: 'user', userId }, input: { move }, source: 'web', origin: { front: 'web' } }));
      expect(played.receipt).toEqual({ shown: true, where: '/play' });
      expect(bench.discord.boards(game.id).map((e) => e.game.version)).toEqual([0, 1]);
      expect(bench.web.boards(game.id).map((e) => e.game.version)).toEqual([0, 1]);
      expect(bench.logs.some((l) => l.includes('the broken board of game') && l.includes('this listener is broken'))).toBe(true);
      // A notice too: the broken listener is logged, the others told.
      stops.push(bench.master.subscribe(alsoFailing));
      value(await bench.master.resign(game.id, '601'));
      expect(bench.web.boards(game.id).at(-1)?.type).toBe('finished');
      expect(bench.logs.some((l) => l.includes('a synchronous failure'))).toBe(true);
    } finally {
      for (const stop of stops) stop();
    }
  });

  it('given an origin with a function hung on it (an adapter\'s closure), then the subscribers hear its data only', async () => {
    bench.clock.now = T0;
    const game = await started(bench, 'siege-master', members('701', '702'));
    let called = false;
    const withClosure = { front: 'discord', interactionId: 'press-7', pressedBoardId: 'board-7', retirePressed: async () => void (called = true) };
    value(await bench.master.resign(game.id, '701', withClosure));
    const heard = bench.discord.boards(game.id).at(-1)!;
    expect(heard.origin).toEqual({ front: 'discord', interactionId: 'press-7', pressedBoardId: 'board-7' });
    expect(Object.values(heard.origin!).some((v) => typeof v === 'function')).toBe(false);
    expect(called).toBe(false);
  });

  it('given the origins the subscribers heard, then each is plain data: the same after a trip through JSON', () => {
    const origins = bench.discord.events.flatMap((e) => ('origin' in e && e.origin ? [e.origin] : []));
    expect(origins.length).toBeGreaterThan(3);
    for (const origin of origins) expect(JSON.parse(JSON.stringify(origin))).toEqual(origin);
  });
});
