// A player's own settings (Dice Realms' standing defence policy) against a real database: kept
// beside the state, never in it; changed without a move, a version or a clock; and answering an
// attack with an ordinary logged `defend` move, so that the seed and the log still replay to the
// stored state exactly.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/config/logger.js';
import type { Phrase } from '../../src/engine/contract.js';
import { gameById } from '../../src/games/index.js';
import { say } from '../../src/i18n/index.js';
import { createServices } from '../../src/services/index.js';
import { replayGame } from '../../src/services/replay.js';
import type { GameSnapshot, SeatAssignment } from '../../src/services/types.js';
import { DAY, HOUR } from '../helpers/clock.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';
import { fixedSeeds } from '../helpers/seeds.js';

const T0 = new Date('2026-11-01T12:00:00Z');
const def = gameById('dice-realms')!;
type Move = { type: string; target?: string; unit?: string | null };
type State = { phase: string; active: number; realms: Record<string, number>[] };

const RED = '101';
const BLUE = '202';
const members: SeatAssignment[] = [{ kind: 'human', userId: RED }, { kind: 'human', userId: BLUE }];

/** Attacks on territories first (so that defenders are asked), then training, then anything. */
function pick(state: unknown, seat: number, step: number): unknown {
  const moves = def.legalMoves(state, seat) as Move[];
  const s = state as State;
  const foe = s.realms[1 - seat]!;
  const foeHasUnits = ['infantry', 'ranged', 'cavalry', 'siege'].some((u) => foe[u]! > 0);
  return (
    (foeHasUnits ? moves.find((m) => m.type === 'attack' && m.target !== 'army') : undefined) ??
    moves.find((m) => m.type === 'defend' && m.unit === null) ??
    moves.find((m) => m.type === 'train') ??
    moves.find((m) => m.type === 'gather' && s.realms[seat]!.military! < 6 && (m as { territory?: string }).territory === 'keep') ??
    moves[step % moves.length]
  );
}

describe('player settings: the Dice Realms defence policy', () => {
  let database: TestDatabase;
  let services: ReturnType<typeof createServices>;
  let now = T0;
  beforeAll(async () => {
    database = await createTestDatabase();
    // No AI: a seat whose policy answers is never asked, so the AI is never needed here.
    services = createServices({ db: database.db, log: createLogger('error'), ai: null as never, now: () => now, newSeed: fixedSeeds('seat-settings'), challengeExpiryMs: DAY });
  });
  afterAll(async () => {
    await database?.drop();
  });

  const logOf = (gameId: number) => database.db.move.findMany({ where: { gameId }, orderBy: { seq: 'asc' } });
  const userOf = (game: GameSnapshot, seat: number) => (game.seats[seat] as { userId?: string }).userId;

  async function expectReplays(game: GameSnapshot) {
    const log = await logOf(game.id);
    expect(log.map((m) => m.seq)).toEqual(log.map((_, i) => i + 1));
    expect(log.at(-1)?.seq ?? 0).toBe(game.version);
    expect(replayGame(def, game.seed, game.seats, game.options, log)).toEqual(game.state);
  }

  /** Plays moves for whoever must act until `until` holds for a move just played. */
  async function playUntil(game: GameSnapshot, until: (r: { events: { type: string }[] }) => boolean) {
    for (let step = 0; step < 300 && game.status === 'ACTIVE'; step++) {
      const seat = def.toAct(game.state)[0]!;
      const userId = userOf(game, seat);
      if (!userId) throw new Error('an AI seat was asked to move');
      now = new Date(now.getTime() + HOUR);
      const r = await services.games.applyMove({ gameId: game.id, actor: { kind: 'user', userId }, input: { move: pick(game.state, seat, step) } });
      if (!r.ok) throw new Error(r.error.message);
      if (until(r.value)) return { before: game, applied: r.value };
      game = r.value.game;
    }
    throw new Error(`game seed ${game.seed}: the awaited move never came`);
  }

  it('given a game started with defence-blue strongest, then the settings hold the policies and the state holds none', async () => {
    const started = await services.games.startGame({ gameType: 'dice-realms', guildId: '1', channelId: '2', seats: members, rawOptions: { 'defence-blue': 'strongest' } });
    if (!started.ok) throw new Error(started.error.message);
    expect(started.value.seatSettings).toEqual([{ defence: 'ask' }, { defence: 'strongest' }]);
    expect(JSON.stringify(started.value.state)).not.toMatch(/polic|strongest/);
    expect((await services.games.load(started.value.id))!.seatSettings).toEqual([{ defence: 'ask' }, { defence: 'strongest' }]);
  });

  it('given Blue\'s policy strongest, then Red\'s attack on a territory is answered at once: a second log row in Blue\'s name, no hand-over, the clock kept, and the log replays', async () => {
    now = T0;
    const started = await services.games.startGame({ gameType: 'dice-realms', guildId: '1', channelId: '2', seats: members, rawOptions: { 'defence-blue': 'strongest' }, clockSeconds: DAY / 1000 });
    if (!started.ok) throw new Error(started.error.message);
    const { before, applied } = await playUntil(started.value, (r) => r.events.some((e) => e.type === 'standing-answer'));
    const game = applied.game;
    expect(applied.seat, `seed ${game.seed}`).toBe(0);
    expect(game.version).toBe(before.version + 2);
    expect(applied.handOver).toBe(false);
    expect(game.deadlineAt).toEqual(before.deadlineAt);
    expect(game.toActUserIds).toEqual(def.outcome(game.state) ? [] : [RED]);
    const rows = (await logOf(game.id)).slice(-2);
    expect(rows.map((r) => [r.seq, r.seat, r.userId, r.kind])).toEqual([[before.version + 1, 0, RED, 'move'], [before.version + 2, 1, BLUE, 'move']]);
    expect(rows[0]!.notation).toMatch(/^attack \w+ (farms|city|keep)$/);
    expect(rows[1]!.notation).toMatch(/^defend (infantry|ranged|cavalry|siege)$/);
    // The note says the move in words ("defend with the Cavalry"), as every log does.
    expect(rows[1]!.eventTexts.at(-1)).toMatch(new RegExp(`^defend with the (Infantry|Ranged|Cavalry|Siege): answered at once by Blue \\(<@${BLUE}>\\)'s standing setting \\(Defence policy: Always strongest\\)\\.$`));
    // A German board's log says it in German, from the phrase logged beside it.
    const said = (rows[1]!.eventPhrases as (Phrase | null)[]).at(-1)!;
    expect(say('de', said, 'dice-realms')).toMatch(/^mit (der Infanterie|den Schützen|der Kavallerie|den Katapulten) verteidigen: sofort beantwortet durch die feste Einstellung von Blau \(<@\d+>\) \(Verteidigungsstrategie: Immer die stärkste\)\.$/);
    // The attack's own row tells the attack; the answer and its fight are Blue's row.
    expect(rows[0]!.eventTexts.join(' ')).not.toMatch(/defends|answered/);
    await expectReplays(game);
  });

  it('given an attack waiting for Blue, then Blue switching to none answers it at once as Blue\'s move; the change itself moves nothing', async () => {
    now = T0;
    const started = await services.games.startGame({ gameType: 'dice-realms', guildId: '1', channelId: '2', seats: members, clockSeconds: DAY / 1000 });
    if (!started.ok) throw new Error(started.error.message);
    const { applied } = await playUntil(started.value, (r) => r.events.some((e) => e.type === 'await-defender'));
    const waiting = applied.game;
    const defender = def.toAct(waiting.state)[0]!;
    expect((waiting.state as State).phase).toBe('defend');
    const changed = await services.games.changeSetting({ gameId: waiting.id, userId: userOf(waiting, defender)!, name: 'defence', value: 'none' });
    if (!changed.ok) throw new Error(changed.error.message);
    expect([changed.value.before, changed.value.value, changed.value.game.version]).toEqual(['ask', 'none', waiting.version]);
    expect(changed.value.game.state).toEqual(waiting.state);
    const answered = await services.games.playForcedMoves({ game: changed.value.game });
    expect(answered.map((a) => [a.seat, a.notation])).toEqual([[defender, 'defend none']]);
    const after = answered[0]!.game;
    expect((after.state as State).phase).not.toBe('defend');
    const row = (await logOf(after.id)).at(-1)!;
    expect([row.seq, row.seat, row.userId, row.notation]).toEqual([waiting.version + 1, defender, userOf(waiting, defender), 'defend none']);
    expect(row.eventTexts.at(-1)).toMatch(/^send no defender: answered at once by (Red|Blue) \(<@\d+>\)'s standing setting \(Defence policy: Never defend\)\.$/);
    await expectReplays(after);
  });

  it('given both players changing theirs at the same moment, then both changes stand', async () => {
    const started = await services.games.startGame({ gameType: 'dice-realms', guildId: '1', channelId: '2', seats: members });
    if (!started.ok) throw new Error(started.error.message);
    const id = started.value.id;
    const [a, b] = await Promise.all([
      services.games.changeSetting({ gameId: id, userId: RED, name: 'defence', value: 'none' }),
      services.games.changeSetting({ gameId: id, userId: BLUE, name: 'defence', value: 'strongest' }),
    ]);
    expect([a.ok, b.ok]).toEqual([true, true]);
    expect((await services.games.load(id))!.seatSettings).toEqual([{ defence: 'none' }, { defence: 'strongest' }]);
  });

  it('given an AI seat whose policy answers, then its defence is played at once without asking the AI', async () => {
    now = T0;
    const started = await services.games.startGame({ gameType: 'dice-realms', guildId: '1', channelId: '2', seats: [{ kind: 'human', userId: RED }, { kind: 'ai', level: 'hard' }], rawOptions: { 'defence-blue': 'none' } });
    if (!started.ok) throw new Error(started.error.message);
    let game = started.value;
    // Red alone moves here; the AI's own turns are skipped by handing the turn straight back.
    for (let step = 0; step < 200; step++) {
      const seat = def.toAct(game.state)[0]!;
      if (seat === 1) {
        const r = await services.games.applyMove({ gameId: game.id, actor: { kind: 'ai', seat: 1 }, input: { move: pick(game.state, 1, step) } });
        if (!r.ok) throw new Error(r.error.message);
        game = r.value.game;
        continue;
      }
      const r = await services.games.applyMove({ gameId: game.id, actor: { kind: 'user', userId: RED }, input: { move: pick(game.state, 0, step) } });
      if (!r.ok) throw new Error(r.error.message);
      if (r.value.events.some((e) => e.type === 'standing-answer')) {
        const row = (await logOf(game.id)).at(-1)!;
        expect([row.seat, row.userId, row.notation]).toEqual([1, null, 'defend none']);
        expect(row.eventTexts.at(-1)).toBe("send no defender: answered at once by Blue (AI, hard)'s standing setting (Defence policy: Never defend).");
        await expectReplays(r.value.game);
        return;
      }
      game = r.value.game;
    }
    throw new Error(`game seed ${game.seed}: Red never attacked a defended territory`);
  });

  it('given a wrong change, then it says why and changes nothing', async () => {
    const started = await services.games.startGame({ gameType: 'dice-realms', guildId: '1', channelId: '2', seats: members });
    if (!started.ok) throw new Error(started.error.message);
    const id = started.value.id;
    const change = (userId: string, name: string, value: string) => services.games.changeSetting({ gameId: id, userId, name, value });
    const message = async (p: ReturnType<typeof change>) => {
      const r = await p;
      return r.ok ? 'ok' : r.error.message;
    };
    expect(await message(change('999', 'defence', 'none'))).toBe('You are not playing in this game.');
    expect(await message(change(RED, 'colour', 'none'))).toBe('Dice Realms has no setting called "colour".');
    expect(await message(change(RED, 'defence', 'sometimes'))).toBe('Defence policy: choose one of ask, strongest, none.');
    expect((await services.games.load(id))!.seatSettings).toEqual([{ defence: 'ask' }, { defence: 'ask' }]);
    await services.games.resign(id, RED);
    expect(await message(change(BLUE, 'defence', 'none'))).toBe('This game is over: its settings no longer matter.');
    expect(await message(services.games.changeSetting({ gameId: 987654, userId: RED, name: 'defence', value: 'none' }))).toBe('There is no game #987654.');
  });
});
