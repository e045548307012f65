// The services' refusals in every language, against a real database: each refusal a member can
// meet (a setting, a challenge, the daily, the limits, a move, a vacation, a takeback, a look at
// a game) carries a phrase of the services' catalog; the en-US catalog says exactly its English,
// which reads as it always did; every other language says it with nothing left unfilled; and a
// few are read as a German or a French member reads them (`say(locale, error.phrase, 'services')`).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/config/logger.js';
import type { GameError, Result } from '../../src/engine/result.js';
import { say } from '../../src/i18n/index.js';
import { createServices, type Services } from '../../src/services/index.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';
import { phraseProblems } from '../helpers/phrases.js';
import { fixedSeeds } from '../helpers/seeds.js';

const T0 = new Date('2026-11-25T10:00:00.000Z');
const unix = (d: Date) => Math.floor(d.getTime() / 1000);

describe('refusals say themselves in every language', () => {
  let database: TestDatabase;
  let services: Services;
  let now = T0;
  /** Every refusal met here, checked at the end against every catalog. */
  const met: GameError[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    services = createServices({ db: database.db, log: createLogger('error'), ai: null as never, now: () => now, newSeed: fixedSeeds('refusals'), challengeExpiryMs: 3_600_000 });
  });
  afterAll(async () => {
    await database?.drop();
  });

  /** The refusal of a result that must be one. */
  function refused(r: Result<unknown> | { ok: false; message: string; phrase: unknown } | { ok: true }): GameError {
    if (r.ok) throw new Error('expected a refusal');
    const error = 'error' in r ? r.error : (r as unknown as GameError);
    met.push(error);
    return error;
  }
  const de = (e: GameError) => say('de', e.phrase!, 'services', e.message);
  const fr = (e: GameError) => say('fr', e.phrase!, 'services', e.message);

  it("given a server's settings typed wrong, then each refusal reads as before in English and a German admin reads it in German", async () => {
    const update = async (input: Parameters<Services['settings']['updateGuild']>[1]) => refused(await services.settings.updateGuild('g1', input));
    expect((await update({ channels: 'general' })).message).toBe('"general" is not a channel. Give channel mentions like #games, or `all`.');
    expect((await update({ clock: '5d' })).message).toBe('The clock must be one of 1d, 2d, 3d, 7d, 14d, none.');
    const grace = await update({ grace: '30m' });
    expect(grace.message).toBe('The timeout grace must be whole hours from 1h to 7d, like `24h` or `2d`.');
    expect(de(grace)).toBe('Die Nachfrist nach abgelaufener Zeit muss in ganzen Stunden zwischen 1h und 7d liegen, etwa `24h` oder `2d`.');
    expect(fr(grace)).toBe('Le délai de grâce après un temps dépassé se compte en heures entières, de 1h à 7d, par exemple `24h` ou `2d`.');
    expect((await update({ maxGames: 0 })).message).toBe('The maximum of active games must be from 1 to 100.');
    expect((await update({ challengeExpiry: '1m' })).message).toBe('The challenge expiry must be whole minutes from 5m to 7d, like `30m`, `12h` or `2d`.');
    expect((await update({ maxPendingChallenges: 30 })).message).toBe('The most pending challenges per member must be from 1 to 25.');
    expect((await update({ gamesPerHour: 0 })).message).toBe('The new games per member and hour must be from 1 to 100.');
    const language = await update({ language: 'klingon' });
    expect(language.message).toBe('The language must be one of en-US, de, es-ES, fr, pt-BR, or auto.');
    expect(de(language)).toBe('Die Sprache muss einer dieser Werte sein: en-US, de, es-ES, fr, pt-BR oder auto.');
  });

  it('given challenges that cannot be made or answered, then each refusal names the game in the reader’s language and the members as mentions', async () => {
    const challenge = (challengerId: string, opponentId: string, gameType = 'siege-master') =>
      services.challenges.create({ guildId: 'g1', channelId: 'c', challengerId, opponentId, gameType, rawOptions: {} });
    expect(refused(await challenge('a', 'b', 'chess')).message).toBe('There is no game called "chess".');
    const solo = refused(await challenge('a', 'b', 'two-deck-siege'));
    expect(solo.message).toBe('Two Deck Siege is a solo game: start it without an opponent.');
    expect(de(solo)).toBe('Zwei-Stapel-Belagerung ist ein Solospiel: Starte es ohne Gegner.');
    expect(fr(solo)).toBe('Siège à deux paquets est un jeu solo\u00a0: lancez-le sans adversaire.');
    expect(refused(await challenge('a', 'a')).message).toBe('You cannot challenge yourself. Pick another member, or play the AI with `ai:`.');

    const made = await challenge('a', 'b');
    if (!made.ok) throw new Error(made.error.message);
    const twice = refused(await challenge('a', 'b'));
    expect(twice.message).toBe(`You have already challenged <@b> to Siege Master; it waits for an answer until <t:${unix(made.value.expiresAt)}:f>. One challenge at a time between two members in a game.`);
    // Siege Master keeps its name in every language (its catalog's title).
    expect(de(twice)).toBe(`Du hast <@b> schon zu Siege Master herausgefordert; die Herausforderung wartet bis <t:${unix(made.value.expiresAt)}:f> auf eine Antwort. Zwei Mitglieder haben pro Spiel nur eine Herausforderung zugleich.`);
    const back = refused(await challenge('b', 'a'));
    expect(back.message).toBe('<@a> has already challenged you to Siege Master: accept or decline that challenge.');
    expect(fr(back)).toBe('<@a> vous a déjà défié à Siege Master\u00a0: acceptez ou refusez ce défi.');

    expect(refused(await services.challenges.accept(made.value.id, 'c')).message).toBe('Only <@b> can accept this challenge.');
    expect(refused(await services.challenges.decline(made.value.id, 'c')).message).toBe('Only <@b> can decline this challenge.');
    expect((await services.challenges.decline(made.value.id, 'b')).ok).toBe(true);
    const closed = refused(await services.challenges.accept(made.value.id, 'b'));
    expect(closed.message).toBe('This challenge was declined.');
    expect(de(closed)).toBe('Diese Herausforderung wurde abgelehnt.');
    expect(refused(await services.challenges.accept(999_999, 'b')).message).toBe('That challenge no longer exists.');
  });

  it("given a second daily siege the same day, then the refusal names the game and when the next opens, in German and in French", async () => {
    const claim = (gameType: string) => services.daily.claim({ userId: 'd1', guildId: 'g1', channelId: 'c', name: 'd1', gameType, ranked: true });
    expect(refused(await claim('siege-master')).message).toBe('There is no daily siege of "siege-master": pick a solo game from the list.');
    expect((await claim('two-deck-siege')).ok).toBe(true);
    const again = refused(await claim('two-deck-siege'));
    const next = unix(new Date('2026-11-26T00:00:00Z'));
    expect(again.message).toBe(`You have had today's Two Deck Siege daily siege already (one attempt a day). The next one opens <t:${next}:R>.`);
    expect(de(again)).toBe(`Du hast die heutige Tagesbelagerung von Zwei-Stapel-Belagerung schon gespielt (ein Versuch pro Tag). Die nächste öffnet <t:${next}:R>.`);
    expect(fr(again)).toBe(`Vous avez déjà joué le siège du jour de Siège à deux paquets aujourd’hui (une tentative par jour). Le prochain ouvre <t:${next}:R>.`);
  });

  it("given a member at the server's limits, then the limits' refusals count in each language's plural", async () => {
    await services.settings.updateGuild('g2', { gamesPerHour: 1, maxGames: 1, maxPendingChallenges: 1 });
    const start = (userId: string) => services.startLimits.admit({ guildId: 'g2', starterId: userId, kind: 'game' }, (tx) => services.games.startGame({ gameType: 'two-deck-siege', guildId: 'g2', channelId: 'c', seats: [{ kind: 'human', userId }] }, tx));
    expect((await start('m1')).ok).toBe(true);
    const full = refused(await start('m1'));
    expect(full.message).toBe('<@m1> already plays 1 active game(s) here, the most this server allows (1). Finish or resign one first.');
    expect(de(full)).toBe('<@m1> spielt hier schon 1 aktives Spiel, so viele, wie dieser Server erlaubt (1). Zuerst muss eines beendet oder aufgegeben werden.');
    expect(fr(full)).toBe('<@m1> joue déjà 1 partie en cours ici, le maximum autorisé sur ce serveur (1). Il faut d’abord en terminer ou en abandonner une.');

    await services.settings.updateGuild('g2', { maxGames: 10 });
    const hour = refused(await start('m1'));
    expect(hour.message).toMatch(/^You have started 1 new game here in the last hour, the most this server allows in an hour\. You can start another <t:\d+:R>\.$/);
    expect(de(hour)).toMatch(/^Du hast hier in der letzten Stunde 1 neues Spiel begonnen, so viele, wie dieser Server pro Stunde erlaubt\. Ein weiteres kannst du <t:\d+:R> beginnen\.$/);

    const ask = (opponentId: string) => services.challenges.create({ guildId: 'g2', channelId: 'c', challengerId: 'm2', opponentId, gameType: 'siege-master', rawOptions: {} });
    await services.settings.updateGuild('g2', { gamesPerHour: 10 });
    expect((await ask('o1')).ok).toBe(true);
    const waiting = refused(await ask('o2'));
    expect(waiting.message).toBe('You have 1 challenge waiting for an answer here, the most this server allows. Wait for an answer, or withdraw one with its Decline button, then challenge again.');
    expect(fr(waiting)).toBe('Vous avez ici 1 défi en attente de réponse, le maximum autorisé sur ce serveur. Attendez une réponse, ou retirez-en un avec son bouton Refuser, puis lancez votre défi.');
  });

  it('given moves, settings and resignations refused, then each reads as before, and a waiting seat is named in the reader’s language', async () => {
    const started = await services.games.startGame({ gameType: 'dice-realms', guildId: 'g3', channelId: 'c', seats: [{ kind: 'human', userId: 'r' }, { kind: 'human', userId: 'b' }] });
    if (!started.ok) throw new Error(started.error.message);
    const game = started.value;
    const move = (userId: string, text: string, expectedVersion?: number) => services.games.prepareMove({ gameId: game.id, actor: { kind: 'user', userId }, input: { text }, expectedVersion });
    expect(refused(await move('r', 'gather keep', game.version + 5)).message).toBe('This board is out of date: the game has moved on since.');
    expect(refused(await move('x', 'gather keep')).message).toBe('You are not playing in this game.');
    const waiting = refused(await move('b', 'gather keep'));
    expect(waiting.message).toBe('It is not your turn: waiting for Red (<@r>).');
    expect(de(waiting)).toBe('Du bist nicht am Zug: Wir warten auf Rot (<@r>).');
    // A game's own refusal passed on says itself from the services' namespace too.
    const illegal = refused(await move('r', 'not a move at all'));
    expect(illegal.phrase?.key).toMatch(/^dice-realms:/);
    expect(refused(await services.games.prepareMove({ gameId: 424_242, actor: { kind: 'user', userId: 'r' }, input: { text: 'x' } })).message).toBe('There is no game #424242.');
    expect(refused(await services.games.changeSetting({ gameId: game.id, userId: 'r', name: 'colour', value: 'red' })).message).toBe('Dice Realms has no setting called "colour".');
    const badValue = refused(await services.games.changeSetting({ gameId: game.id, userId: 'r', name: 'defence', value: 'sometimes' }));
    expect(fr(badValue)).toBe('Stratégie de défense\u00a0: choisissez parmi ask, strongest, none.');
    expect(refused(await services.games.resign(game.id, 'x')).message).toBe('You are not playing in this game.');
    expect(refused(await services.takebacks.undo(game.id, 'r', game.version)).message).toBe('Undo is for solo games; in a two-player game, ask your opponent for a takeback.');
    expect(refused(await services.challenges.rematch(game.id, 'r')).message).toBe('This game is not over yet.');
    expect((await services.games.resign(game.id, 'r')).ok).toBe(true);
    expect(refused(await services.games.resign(game.id, 'r')).message).toBe('This game is already over.');
    expect(refused(await services.challenges.rematch(game.id, 'x')).message).toBe('Only the players of this game can ask for a rematch.');
  });

  it('given vacations refused, then the days are counted in each language', async () => {
    expect(refused(await services.timekeeping.vacationStart('v', 15)).message).toBe('A vacation lasts from 1 to 14 days.');
    expect(refused(await services.timekeeping.vacationEnd('v')).message).toBe('You are not on vacation.');
    const on = await services.timekeeping.vacationStart('v', 10);
    if (!on.ok) throw new Error(on.error.message);
    const already = refused(await services.timekeeping.vacationStart('v', 2));
    expect(already.message).toBe(`You are already on vacation until <t:${unix(on.value.endsAt)}:f>. End it with \`/siege vacation end\` first.`);
    now = new Date(T0.getTime() + 24 * 3_600_000);
    await services.timekeeping.vacationEnd('v');
    const limit = refused(await services.timekeeping.vacationStart('v', 14));
    expect(limit.message).toBe('Vacations are at most 14 days in any 30. You have used 1 day(s) in that window, so you can take 13 more now.');
    expect(de(limit)).toBe('Urlaub gibt es höchstens 14 Tage in je 30 Tagen. Davon hast du in diesem Zeitraum 1 Tag genommen, jetzt kannst du also noch 13 nehmen.');
  });

  it('every refusal met: the en-US catalog says its English exactly, and every language fills every value', () => {
    expect(met.length).toBeGreaterThan(30);
    const problems = met.flatMap((e) => phraseProblems(e.phrase, e.message, 'services', `refusal ${e.code}`));
    expect(problems).toEqual([]);
  });
});
