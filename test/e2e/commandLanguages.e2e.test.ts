// `/siege` in a member's language: whatever the server speaks, a private answer (an error, a
// confirmation, a list, autocomplete) is in the presser's client language; a public answer (stats,
// a leaderboard) is in the server's (`/siege config language:`, else the server's own locale).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSiegeCommand } from '../../commands/index.js';
import { t } from '../../src/i18n/index.js';
import { buttonsOf, startScene, waitForBoard, type Scene } from '../helpers/scene.js';
import type { FakeChannel, FakeGuild, FakeUser } from '../harness/fakeDiscord.js';

describe('/siege speaks each reader’s language', () => {
  let scene: Scene;
  let hans: FakeUser;
  let marie: FakeUser;
  let burg: FakeGuild;
  let hall: FakeChannel;
  beforeAll(async () => {
    scene = await startScene();
    const { fake, guild } = scene;
    hans = fake.addUser({ username: 'hans', locale: 'de' });
    marie = fake.addUser({ username: 'marie', locale: 'fr' });
    for (const u of [hans, marie]) fake.addMember(guild.id, u.id);
    // A server whose own language is German.
    burg = fake.addGuild({ name: 'Burg', locale: 'de' });
    hall = fake.addChannel(burg.id, { name: 'spiele' });
    for (const u of [scene.alice, scene.bob, hans, marie]) fake.addMember(burg.id, u.id);
    fake.registerCommands([buildSiegeCommand().toJSON()], burg.id);
  });
  afterAll(async () => {
    await scene?.stop();
  });

  const run = async (user: FakeUser, subcommand: string, options: Record<string, string | number> = {}, at: { channelId?: string; guildId?: string; group?: string; locale?: string } = {}) => {
    const rec = await scene.fake.slashCommand({
      guildId: at.guildId ?? scene.guild.id, channelId: at.channelId ?? scene.channel.id, userId: user.id, name: 'siege', subcommand, options,
      ...(at.group ? { group: at.group } : {}), ...(at.locale ? { locale: at.locale } : {}),
    });
    await rec.done({ timeoutMs: 15_000 });
    return rec;
  };
  const suggest = async (user: FakeUser, subcommand: string, focused: string, value: string, at: { channelId?: string; group?: string; options?: Record<string, string> } = {}) => {
    const ac = await scene.fake.autocomplete({
      guildId: scene.guild.id, channelId: at.channelId ?? scene.channel.id, userId: user.id, name: 'siege', subcommand, focused, value,
      options: { ...at.options, [focused]: value }, ...(at.group ? { group: at.group } : {}),
    });
    await ac.response();
    return (ac.choices ?? []) as { name: string; value: string | number }[];
  };

  it('given a German client, then refusals of /siege start are German, and its autocomplete names clocks and maps in German', async () => {
    const none = await run(hans, 'dice-realms', {}, { group: 'start' });
    expect(none.ephemeralText()).toBe('Würfelreiche braucht einen Gegner: Gib bei `gegner:` ein Mitglied an oder spiel mit `ki:` gegen die KI.');
    const self = await run(hans, 'dice-realms', { opponent: hans.id }, { group: 'start' });
    expect(self.ephemeralText()).toMatch(/^Du kannst dich nicht selbst herausfordern/);
    const bad = await run(hans, 'siege-master', { ai: 'easy', 'fortress-count': '4' }, { group: 'start' });
    expect(bad.ephemeralText()).toMatch(/^Siege Master: .+\. Es wurde nichts gestartet\.$/);
    expect((await suggest(hans, 'siege-master', 'clock', '', { group: 'start' })).map((c) => c.name))
      .toEqual(['1 Tag pro Zug', '2 Tage pro Zug', '3 Tage pro Zug', '7 Tage pro Zug', '14 Tage pro Zug', 'ohne Uhr']);
    expect(await suggest(hans, 'siege-master', 'map', 'euro', { group: 'start' })).toEqual([{ name: 'Europa', value: 'europe' }]);
    // Typed in the reader's language too.
    expect(await suggest(hans, 'siege-master', 'map', 'nordam', { group: 'start' })).toEqual([{ name: 'Nordamerika', value: 'north-america' }]);
    expect(await suggest(hans, 'rules', 'game', 'würfel')).toEqual([{ name: 'Würfelreiche', value: 'dice-realms' }]);
  });

  it('given a German client in an English server, then a game against the AI, its list, its moves and its resignation speak German', async () => {
    const { fake, channel } = scene;
    const started = await run(hans, 'dice-realms', { ai: 'easy' }, { group: 'start' });
    expect(started.ephemeralText()).toMatch(/^Spiel #(\d+) \(Würfelreiche\) wurde in <#\d+> gestartet\.$/);
    const threadId = fake.threads(channel.id).at(-1)!.id;
    await waitForBoard(fake, threadId, 0);

    const games = await run(hans, 'games');
    const list = games.replies[0]!.embeds[0] as { title: string; description: string };
    expect(list.title).toBe('Deine Spiele (1)');
    // The server's default clock, three days a move: what is left, in German units.
    expect(list.description).toMatch(/^#\d+ Würfelreiche gegen KI \(leicht\): \*\*du bist am Zug\*\* · ⏰ noch 2 T\. 23 Std\. \(<t:\d+:R>\) · \[Brett\]\(https:/);
    expect((await suggest(hans, 'board', 'game', '')).map((c) => c.name)).toEqual([expect.stringMatching(/^#\d+ Würfelreiche \(du bist am Zug\)$/)]);

    // Typed moves are notation; the suggestion says the move in German, then the notation it types.
    const moves = await suggest(hans, 'move', 'notation', '', { channelId: threadId });
    expect(moves.map((m) => m.value)).toEqual(['gather farms', 'gather city', 'gather keep']);
    expect(moves.map((m) => m.name)).toEqual(['auf den Höfen sammeln · gather farms', 'in der Stadt sammeln · gather city', 'in der Burg sammeln · gather keep']);
    // German words find the move too.
    expect((await suggest(hans, 'move', 'notation', 'Burg', { channelId: threadId })).map((m) => m.value)).toEqual(['gather keep']);
    // A typed change of his own setting, offered once asked for, says what it does in German.
    expect(await suggest(hans, 'move', 'notation', 'defence s', { channelId: threadId })).toEqual([{
      name: `defence strongest (eine Einstellung, kein Zug: ${t('de', 'dice-realms:settings.defence.choices.strongest.description')})`,
      value: 'defence strongest',
    }]);
    const played = await run(hans, 'move', { notation: 'gather farms' }, { channelId: threadId });
    expect(played.ephemeralText()).toMatch(/^✅ Zug gespielt: \*\*auf den Höfen sammeln\*\* \(Spiel #\d+\)\.$/);

    const outsider = await run(marie, 'resign', {}, { channelId: threadId });
    expect(outsider.ephemeralText()).toMatch(/^Vous ne jouez pas dans la partie #\d+\.$/);
    const ask = await run(hans, 'resign', {}, { channelId: threadId });
    expect(ask.replies[0]!.content).toMatch(/^Spiel #\d+ \(Würfelreiche\) aufgeben\? Das lässt sich nicht rückgängig machen\.$/);
    expect(buttonsOf(ask.replies[0]!).map((b) => b.label)).toEqual(['Ja, aufgeben']);
    const missing = await run(hans, 'history', { game: 99_999 });
    expect(missing.ephemeralText()).toBe('Auf diesem Server gibt es kein Spiel #99999.');
  });

  it('given a German client, then vacation, notifications and the daily siege answer in German', async () => {
    const away = await run(hans, 'start', { days: 2 }, { group: 'vacation' });
    // Hans's deadline is moved only if the AI has answered his move by now: either way, German.
    expect(away.ephemeralText()).toMatch(/^Du bist im Urlaub bis <t:\d+:f>\. In 1 laufenden Spiel ist deine Uhr angehalten\.(?: 1 Frist wurde verlängert\.)? Vorzeitig beenden mit `\/siege urlaub beenden`\.$/);
    const back = await run(hans, 'end', {}, { group: 'vacation' });
    expect(back.ephemeralText()).toBe('Willkommen zurück. In 1 laufenden Spiel läuft deine Uhr wieder.');
    const dm = await run(hans, 'notify', { dm: 'on' });
    expect(dm.ephemeralText()).toMatch(/^Ich schicke dir eine Direktnachricht/);
    const day = await run(hans, 'leaderboard', { game: 'kingdoms-siege', day: 'gestern' }, { group: 'daily' });
    expect(day.ephemeralText()).toMatch(/^„gestern“ ist kein Tag: Schreib ihn als JJJJ-MM-TT, etwa \d{4}-\d\d-\d\d\.$/);
    expect((await suggest(hans, 'play', 'game', '', { group: 'daily' })).map((c) => c.name))
      .toEqual([t('de', 'kingdoms-siege:title'), t('de', 'kingdoms-solo:title'), t('de', 'two-deck-siege:title')]);
  });

  it('given the settings, then their embed is private and in the reader’s language, with the languages by their own names', async () => {
    const owner = { id: scene.guild.ownerId } as FakeUser;
    const denied = await run(hans, 'config', { clock: '7d' });
    expect(denied.ephemeralText()).toBe('Nur Mitglieder mit der Berechtigung „Server verwalten“ können die Siege-Einstellungen ändern.');
    const saved = await run(owner, 'config', { clock: '2d', grace: '36h' }, { locale: 'de' });
    const embed = saved.replies[0]!.embeds[0] as { title: string; fields: { name: string; value: string }[]; footer: { text: string } };
    expect(saved.replies[0]!.ephemeral).toBe(true);
    expect(embed.title).toBe('Siege-Einstellungen dieses Servers');
    const field = (name: string) => embed.fields.find((f) => f.name.startsWith(name))!;
    expect(field('Standard-Uhr')).toEqual({ name: 'Standard-Uhr ✏️', value: '2 Tage pro Zug', inline: true });
    expect(field('Nachfrist').value).toBe('36 Std.');
    expect(field('Kanäle').value).toBe('alle Kanäle');
    expect(field('Sprache').value).toBe('die des Servers (seine Community-Sprache)');
    expect(embed.footer.text).toMatch(/^Gespeichert\./);
    const french = await run(owner, 'config', { language: 'fr' }, { locale: 'pt-BR' });
    const fields = (french.replies[0]!.embeds[0] as { fields: { name: string; value: string }[] }).fields;
    expect(fields.find((f) => f.name.startsWith('Idioma'))).toEqual({ name: 'Idioma ✏️', value: 'Français', inline: true });
    await run(owner, 'config', { language: 'auto', clock: '3d', grace: '24h' });
  });

  it('given a German server, then stats and leaderboards are public in German, while a French member’s own mistakes are answered in French', async () => {
    const at = { guildId: burg.id, channelId: hall.id };
    const wrong = await run(marie, 'stats', { game: 'chess' }, at);
    // French typography: no-break spaces inside « » and before the colon.
    expect(wrong.ephemeralText()).toBe('Il n’y a pas de jeu «\u00a0chess\u00a0»\u00a0: choisissez-en un dans la liste.');
    const stats = await run(marie, 'stats', {}, at);
    expect(stats.replies[0]!.ephemeral).toBe(false);
    const embed = stats.replies[0]!.embeds[0] as { title: string; description: string };
    expect(embed.title).toBe('Statistik von marie');
    expect(embed.description).toBe(`<@${marie.id}> hat auf diesem Server noch keine beendeten Spiele.`);
    const board = await run(marie, 'leaderboard', { game: 'dice-realms' }, at);
    const lb = board.replies[0]!.embeds[0] as { title: string; description: string; footer: { text: string } };
    expect(board.replies[0]!.ephemeral).toBe(false);
    expect(lb.title).toBe('Würfelreiche: Bestenliste');
    expect(lb.description).toBe('Noch keine gewerteten Spiele: Wertungen entstehen aus Spielen zwischen zwei Mitgliedern.');
    expect(lb.footer.text).toMatch(/^Glicko-2-Wertungen; „\?“ kennzeichnet .* 0 Spieler\.$/);
    // The public board names nobody who ran it; the caller's place is said to them alone, in theirs.
    expect(board.ephemeralText()).toBe('Vous n’êtes pas encore dans ce classement\u00a0: terminez une partie de Royaumes de dés contre un membre.');

    // The server picks another language: its public answers follow, private ones still do not.
    const owner = { id: burg.ownerId } as FakeUser;
    await run(owner, 'config', { language: 'fr' }, { ...at, locale: 'de' });
    const after = await run(hans, 'leaderboard', { game: 'dice-realms' }, at);
    expect((after.replies[0]!.embeds[0] as { title: string }).title).toBe('Royaumes de dés\u00a0: classement');
    const hansWrong = await run(hans, 'leaderboard', { game: 'chess' }, at);
    expect(hansWrong.ephemeralText()).toBe('Es gibt kein Spiel „chess“: Wähle eines aus der Liste.');
    await scene.fake.settle();
    expect(scene.fake.violations).toEqual([]);
  });
});
