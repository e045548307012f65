// What the platform itself says about a game, in the reader's language, against a real database:
// the results it decides (a resignation, a timeout and a claimed win, a daily closed unfinished)
// carry a reason phrase that names the seat from the game's catalog and the member as a mention;
// the master's board headlines and retired lines carry theirs; the daily's result line, its
// leaderboard and a clock's time left read in the server's language.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/config/logger.js';
import { gameById } from '../../src/games/index.js';
import { say, speaker } from '../../src/i18n/index.js';
import { boardPicture, resultReason } from '../../src/services/boardPicture.js';
import { timeLeft } from '../../src/services/clocks.js';
import { dailyRules, leaderboardLines, resultLine } from '../../src/services/dailyRules.js';
import { createServices, type Services } from '../../src/services/index.js';
import type { Phrase } from '../../src/engine/contract.js';
import { createGameMaster, isBoardEvent, type GameMaster, type MasterEvent } from '../../src/master/index.js';
import { choiceLevel, choiceText } from '../../src/services/moveChoices.js';
import type { GameSnapshot } from '../../src/services/types.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';
import { fixedSeeds } from '../helpers/seeds.js';

const T0 = new Date('2026-11-25T10:00:00.000Z');
const HOUR = 3_600_000;
const DICE = gameById('dice-realms')!;

describe('the platform says what it decides in every language', () => {
  let database: TestDatabase;
  let services: Services;
  let master: GameMaster;
  let now = T0;
  /** What each board event said: its headline, and the line of the board it retired. */
  type Said = { type: MasterEvent['type']; headline?: string; headlinePhrase?: Phrase; retiredText?: string; retiredPhrase?: Phrase };
  const changes: Said[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    services = createServices({ db: database.db, log: createLogger('error'), ai: null as never, now: () => now, newSeed: fixedSeeds('platform-words'), challengeExpiryMs: HOUR });
    // A front end that keeps what it is told; the jobs are armed nowhere (no clock runs by itself here).
    master = createGameMaster(services, {
      subscribers: [{ front: 'test', hear: async (e) => { if (isBoardEvent(e)) changes.push(e); return { shown: true }; } }],
      jobs: { armGame: async () => false, armChallenge: async () => {}, aiTurn: async () => {}, armDailyClose: async () => {}, servesGuild: () => true },
      log: createLogger('error'),
    });
  });
  afterAll(async () => {
    await database?.drop();
  });

  const twoMembers = (clockSeconds: number | null = null) =>
    services.games.startGame({ gameType: 'dice-realms', guildId: 'g', channelId: 'c', seats: [{ kind: 'human', userId: '101' }, { kind: 'human', userId: '202' }], clockSeconds });
  const started = async (r: Awaited<ReturnType<typeof twoMembers>>): Promise<GameSnapshot> => {
    if (!r.ok) throw new Error(r.error.message);
    return r.value;
  };

  it('given a member who resigns, then a German server reads the reason with the seat in German, the member as a mention, and its board without the mention', async () => {
    const game = await started(await twoMembers());
    const done = await master.resign(game.id, '101');
    if (!done.ok) throw new Error(done.error.message);
    const over = done.value.game;
    expect(over.outcome?.reason).toBe('Red (<@101>) resigned.');
    expect(resultReason(DICE, over, speaker('de'))).toBe('Rot (<@101>) hat aufgegeben.');
    expect(resultReason(DICE, over, speaker('pt-BR'))).toBe('Vermelho (<@101>) desistiu.');
    expect(boardPicture(DICE, over, { viewer: undefined, speaker: speaker('de') }).opts.finished?.detail).toBe('Rot hat aufgegeben.');
    // The final board's headline and the line the old board keeps say the same.
    const last = changes.at(-1)!;
    expect(last.type).toBe('finished');
    expect(say('fr', last.headlinePhrase!, 'services')).toBe('Rouge (<@101>) a abandonné.');
    expect(say('fr', last.retiredPhrase!, 'services')).toBe('Rouge (<@101>) a abandonné.');
  });

  it('given a clock run out and the win claimed, then the reason names the late seat and the claimer in each language', async () => {
    now = T0;
    const game = await started(await twoMembers(86_400));
    now = new Date(T0.getTime() + 25 * HOUR);
    const verdict = await services.timekeeping.judgeClock(game.id, 0);
    expect(verdict.kind).toBe('claimable');
    const claimed = await master.claimWin(game.id, '202');
    if (!claimed.ok) throw new Error(claimed.error.message);
    const over = claimed.value.game;
    expect(over.outcome?.reason).toBe('Red (<@101>) ran out of time; <@202> claimed the win.');
    expect(resultReason(DICE, over, speaker('fr'))).toBe('Rouge (<@101>) a dépassé son temps\u00a0; <@202> a réclamé la victoire.');
    expect(resultReason(DICE, over, speaker('es-ES'))).toBe('Rojo (<@101>) se ha quedado sin tiempo; <@202> reclamó la victoria.');
  });

  it('given a solo game whose clock runs out, then it ends at once and says so in German', async () => {
    now = T0;
    const solo = await services.games.startGame({ gameType: 'two-deck-siege', guildId: 'g', channelId: 'c', seats: [{ kind: 'human', userId: 's' }], clockSeconds: 86_400 });
    if (!solo.ok) throw new Error(solo.error.message);
    now = new Date(T0.getTime() + 25 * HOUR);
    const verdict = await services.timekeeping.judgeClock(solo.value.id, 0);
    if (verdict.kind !== 'finished') throw new Error(`verdict ${verdict.kind}`);
    const over = verdict.finished.game;
    expect(over.outcome?.reason).toBe('Defender (<@s>) ran out of time.');
    expect(resultReason(gameById('two-deck-siege')!, over, speaker('de'))).toBe('Verteidiger (<@s>) hat die Zeit überschritten.');
  });

  it('given a daily siege left unfinished, then its close reads in Portuguese, and its first board said its day in German', async () => {
    now = T0;
    const def = gameById('two-deck-siege')!;
    const opened = await master.startDaily({ userId: 'd', guildId: 'g', channelId: 'c', name: 'd', def, ranked: true, day: '2026-11-25' });
    if (!opened.ok) throw new Error(opened.error.message);
    expect(say('de', changes.at(-1)!.headlinePhrase!, 'services')).toBe('Tagesbelagerung vom 2026-11-25: Zwei-Stapel-Belagerung. Heute für alle dieselbe Ausgangslage.');
    now = opened.value.attempt.closesAt;
    await master.closeDaily(opened.value.game.id);
    const over = (await services.games.load(opened.value.game.id))!;
    expect(over.outcome?.reason).toBe('The daily siege of 2026-11-25 closed before it was finished: it scores nothing.');
    expect(resultReason(def, over, speaker('pt-BR'))).toBe('O cerco diário de 2026-11-25 fechou antes de terminar: não vale pontos.');
  });

  it('given a challenge accepted and a move that hands the game over, then the first headline and the retired line read in Spanish', async () => {
    now = T0;
    const c = await master.challenge({ guildId: 'g', channelId: 'c', challengerId: 'x', opponentId: 'y', gameType: 'dice-realms', rawOptions: {} });
    if (!c.ok) throw new Error(c.error.message);
    const accepted = await master.acceptChallenge(c.value.id, 'y');
    if (!accepted.ok) throw new Error(accepted.error.message);
    const first = changes.at(-1)!;
    expect(first.headline).toBe(`Game #${accepted.value.game.id} begins: Red <@x> vs Blue <@y>`);
    expect(say('es-ES', first.headlinePhrase!, 'services')).toBe(`Empieza la partida #${accepted.value.game.id}: Rojo <@x> contra Azul <@y>`);
    // Red plays until the turn passes to Blue: that board retires with "Red played …".
    let game = accepted.value.game;
    for (let step = 0; step < 40 && !changes.at(-1)!.retiredPhrase; step++) {
      const move = DICE.legalMoves(game.state, 0)[0];
      const played = await master.playMove({ gameId: game.id, actor: { kind: 'user', userId: 'x' }, input: { move }, source: 'command' });
      if (!played.ok) throw new Error(played.error.message);
      game = played.value.applied.game;
    }
    const handOver = changes.at(-1)!;
    expect(handOver.retiredText).toMatch(/^Red \(<@x>\) played .+\.$/);
    expect(say('es-ES', handOver.retiredPhrase!, 'services')).toMatch(/^Rojo \(<@x>\) ha jugado .+\.$/);
  });

  it("given a finished daily, then its result line and the day's leaderboard read in the server's language, and English reads as before", () => {
    const rules = dailyRules('two-deck-siege');
    const input = { name: 'alice', rules, outcome: { winners: [0], draw: false, reason: 'x', scores: [87] }, score: 87, turns: 14, streak: 3 };
    expect(resultLine({ ...input, title: 'Two Deck Siege' })).toBe('🏰 **Two Deck Siege** daily: alice held the castle: 87 points in 14 turns · 🔥 3-day streak');
    expect(resultLine(input, speaker('de'))).toBe('🏰 **Zwei-Stapel-Belagerung**, Tagesbelagerung: alice hat die Burg gehalten: 87 Punkte, 14 Runden · 🔥 Serie: 3 Tage');
    expect(resultLine({ ...input, streak: 1, turns: 1 }, speaker('fr'))).toBe('🏰 **Siège à deux paquets**, siège du jour\u00a0: alice a tenu le château\u00a0: 87\u00a0points en 1\u00a0tour · 🔥 série\u00a0: 1\u00a0jour');
    const solo = dailyRules('kingdoms-solo');
    const entries = [{ userId: '1', name: 'bob', score: 5, turns: 9, finishedAt: T0 }, { userId: '2', name: 'eve', score: -1, turns: 9, finishedAt: T0 }];
    expect(leaderboardLines(solo, entries)).toEqual(['` 1.` **bob** · +5 points · 9 rounds', '` 2.` **eve** · -1 point · 9 rounds']);
    expect(leaderboardLines(solo, entries, speaker('es-ES'))).toEqual(['` 1.` **bob** · +5 puntos · 9 rondas', '` 2.` **eve** · -1 punto · 9 rondas']);
  });

  it('given a clock and the choices of a move, then the time left and the buttons read in the reader’s language', async () => {
    expect(timeLeft(new Date(T0.getTime() + 27 * HOUR), T0)).toBe('1 d 3 h');
    expect(timeLeft(new Date(T0.getTime() + 27 * HOUR), T0, speaker('de'))).toBe('1 T. 3 Std.');
    expect(timeLeft(T0, T0, speaker('fr'))).toBe('temps écoulé');
    expect(timeLeft(new Date(T0.getTime() + 20 * 60_000), T0, speaker('fr'))).toBe('20\u00a0min');
    const game = await started(await twoMembers());
    const level = choiceLevel(DICE, game.state, 0, []);
    expect(say('de', level.promptPhrase, 'services', level.prompt)).not.toBe(level.prompt);
    const first = level.options[0]!;
    expect(choiceText(first)).toBe(choiceText(first, undefined, { sp: speaker('en-US'), gameId: DICE.id }));
    expect(choiceText(first, undefined, { sp: speaker('de'), gameId: DICE.id })).not.toBe(choiceText(first));
  });
});
