// A Swiss tournament of seven members through Discord, as its channel and threads show it: the
// sign-up message joined with its button, its organiser starting it, three rounds that run
// themselves (a game played to its end with random legal moves, one lost on time and claimed, a
// withdrawal that forfeits a game, a round ended by its deadline and adjudicated while its players
// are on vacation, the bot restarted in the middle of the last round), the pairings and standings
// messages edited in place, each player pinged once per round, and the final standings those the
// pairing core computes from the games. Then a round-robin of four on a German server, its Berger
// table played round after round, all of it in German. Each channel is written, as its members read
// it (names for mentions), to test/.out/tournament-*-transcript.md. Time moves through the bot's
// clock, never by sleeping.
import { readFile, writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSiegeCommand } from '../../commands/index.js';
import type { Outcome } from '../../src/engine/contract.js';
import { readCatalogs } from '../../src/i18n/index.js';
import { bergerRound, standings, type Game, type GameResult, type TournamentFormat } from '../../src/tournaments/pairing/index.js';
import type { FakeUser } from '../harness/fakeDiscord.js';
import type { FakeMessage } from '../harness/types.js';
import { DAY, testClock } from '../helpers/clock.js';
import { moveByComponents, resignByComponents, writeTranscript } from '../helpers/languages.js';
import { chooser, playTurnWithCommand, playTurnWithComponents, press, waitFor, waitForAsync } from '../helpers/play.js';
import { buttonsOf, startScene, waitForFinalBoard, type Scene } from '../helpers/scene.js';
import { fixedSeeds } from '../helpers/seeds.js';

const MINUTE = 60_000;

/** A catalog's texts by their dotted keys. */
function flatten(tree: Record<string, unknown>, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(tree)) {
    if (v && typeof v === 'object') Object.assign(out, flatten(v as Record<string, unknown>, `${prefix}${k}.`));
    else out[`${prefix}${k}`] = String(v);
  }
  return out;
}
type Embed = { title?: string; description?: string; footer?: { text?: string } };
const embedOf = (m: FakeMessage) => (m.embeds[0] ?? {}) as Embed;

describe('a Swiss tournament through Discord', () => {
  const clock = testClock();
  let scene: Scene;
  let field: FakeUser[];
  let owner: string;
  let german: FakeUser[] | undefined;
  const pick = chooser(23);

  beforeAll(async () => {
    scene = await startScene({}, { now: clock.now, seeds: fixedSeeds('swiss-e2e') });
    const { fake, guild } = scene;
    const more = ['dave', 'erin', 'frank', 'grace'].map((username) => fake.addUser({ username }));
    for (const u of more) fake.addMember(guild.id, u.id);
    field = [scene.alice, scene.bob, scene.carol, ...more];
    owner = guild.ownerId;
  });
  afterAll(async () => {
    await scene?.stop();
  });

  /** What a channel and its threads show, written for a person to read: mentions as the names they show. */
  async function transcript(channelId: string, name: string): Promise<void> {
    const threads = scene.fake.threads(channelId).map((t) => t.id);
    await writeTranscript(scene, [channelId, ...threads], name);
    const file = `test/.out/${name}-transcript.md`;
    const names = new Map<string, string>();
    for (const u of [...field, ...(german ?? [])]) names.set(u.id, u.username);
    const text = (await readFile(file, 'utf8'))
      .replace(/<@(\d+)>/g, (m, id: string) => `@${names.get(id) ?? (scene.fake.botUser.id === id ? 'bot' : 'organiser')}`)
      .replace(/<#(\d+)>/g, (m, id: string) => `#${scene.fake.channel(id)?.name ?? id}`);
    await writeFile(file, text);
  }

  const db = () => scene.database.db;
  const advance = (ms: number) => clock.advance(ms, scene.database.url);
  async function command(userId: string, subcommand: string, options: Record<string, string | number> = {}, group: string | undefined = 'tournament') {
    const rec = await scene.fake.slashCommand({ guildId: scene.guild.id, channelId: scene.channel.id, userId, name: 'siege', ...(group ? { group } : {}), subcommand, options });
    await rec.done({ timeoutMs: 30_000 });
    return rec;
  }
  /** The round's boards with a game: its players (the first moves first) and its thread. */
  async function gamesOf(round: number, tournamentId?: number) {
    const rows = await db().tournamentPairing.findMany({ where: { round, tournamentId, colour: 'white', gameId: { not: null } }, orderBy: { board: 'asc' } });
    return Promise.all(rows.map(async (r) => ({ ...(await db().game.findUnique({ where: { id: r.gameId! } }))!, white: r.userId, black: r.opponentId! })));
  }
  const roundMessages = () => scene.fake.messages(scene.channel.id).filter((m) => / · Round \d of 3$/.test(embedOf(m).title ?? ''));
  const standingsMessages = () => scene.fake.messages(scene.channel.id).filter((m) => /[Ss]tandings/.test(embedOf(m).title ?? ''));
  const gameRow = (threadId: string) => db().game.findFirst({ where: { threadId } });
  /** Plays random legal moves (seeded) in a game, by buttons and by `/siege move`, for `moves` moves or to its end. */
  async function play(threadId: string, moves: number): Promise<void> {
    for (let n = 0; n < moves; n++) {
      const game = (await gameRow(threadId))!;
      if (game.status !== 'ACTIVE') return;
      const userId = game.toActUserIds[0]!;
      if (n % 4 === 3) await playTurnWithCommand(scene.fake, scene.guild.id, threadId, userId, pick);
      else await playTurnWithComponents(scene.fake, threadId, userId, pick);
    }
  }
  /** The round's pairings message, once posted, and whom it pinged then. */
  async function pairingsPosted(round: number): Promise<{ message: FakeMessage; pinged: string[] }> {
    const message = await scene.fake.waitForMessage((m) => m.channelId === scene.channel.id && new RegExp(` · Round ${round} of 3$`).test(embedOf(m).title ?? ''), 30_000);
    return { message, pinged: [...message.mentionedUserIds].sort() };
  }
  const playersOf = async (round: number, tournamentId?: number) => (await db().tournamentPairing.findMany({ where: { round, tournamentId } })).map((r) => r.userId).sort();

  it('seven members sign up, play three rounds that run themselves, and end with the standings of their games', async () => {
    const { fake, channel } = scene;
    const created = await command(owner, 'create', { name: 'Spring Cup', game: 'siege-master', format: 'swiss', rounds: 3, 'round-days': 2, clock: '1d', map: 'hex', 'fortress-count': '5' });
    const signup = created.replies.find((m) => !m.ephemeral)!;
    expect(signup.content).toMatch(/sign-up for \*\*Spring Cup\*\*/);
    expect(signup.mentionedUserIds).toEqual([]);
    const join = buttonsOf(signup).find((b) => b.custom_id!.startsWith('s1:tj:'))!;
    for (const u of field) {
      const joined = await press(fake, signup, () => fake.clickButton({ messageId: signup.id, customId: join.custom_id!, userId: u.id }));
      expect(joined.ephemeralText()).toMatch(/You joined \*\*Spring Cup\*\*.*pauses your games' clocks, but not a round's deadline/);
    }
    const again = await press(fake, signup, () => fake.clickButton({ messageId: signup.id, customId: join.custom_id!, userId: scene.alice.id }));
    expect(again.ephemeralText()).toMatch(/joined this tournament already/);
    expect(fake.message(signup.id)!.embeds[0]!.fields).toMatchObject([{ name: 'Players (7)' }]);
    // Only its organiser (or whoever may organise) starts it.
    expect((await command(scene.bob.id, 'start')).ephemeralText()).toMatch(/no tournament here that you can do this with/);
    expect((await command(owner, 'start')).ephemeralText()).toMatch(/round 1 is being paired/);
    expect(fake.message(signup.id)!.content).toMatch(/sign-up for \*\*Spring Cup\*\* is closed: 7 players, 3 rounds/);
    expect(buttonsOf(fake.message(signup.id)!)).toEqual([]);

    // Round 1: three games and a bye. Each player is pinged once, by the pairings; not by their game's first board.
    const r1 = await pairingsPosted(1);
    expect(r1.pinged).toEqual(await playersOf(1));
    await waitForAsync(async () => (await db().tournament.findFirst())!.standingsMessageId !== null, 15_000, 'the standings message');
    const standingsId = (await db().tournament.findFirst())!.standingsMessageId!;
    // The channel as it reads while round 1 is played, for a person to read too.
    await transcript(channel.id, 'tournament-swiss-en-round1');
    const round1 = await gamesOf(1);
    expect(round1).toHaveLength(3);
    for (const g of round1) {
      expect(fake.channel(g.threadId!)!.name).toMatch(/^Spring Cup · R1 · \w+ vs \w+$/);
      const first = fake.messages(g.threadId!)[0]!;
      expect(first.mentionedUserIds).toEqual([]);
      expect(embedOf(first).footer?.text).toMatch(/^Move 0 · .* · Spring Cup, round 1$/);
    }
    const [played, late, left] = round1;
    await play(played!.threadId!, 80);
    await waitForFinalBoard(fake, played!.threadId!);
    // The white player of the third game withdraws: asked first, then their game is forfeited.
    const asked = await command(left!.white, 'leave');
    const confirm = asked.replies.find((m) => m.ephemeral && m.components.length)!;
    expect(confirm.content).toMatch(/Withdraw from \*\*Spring Cup\*\*\?/);
    const withdrew = await press(fake, confirm, () => fake.clickButton({ messageId: confirm.id, customId: buttonsOf(confirm)[0]!.custom_id!, userId: left!.white }));
    expect(fake.message(confirm.id)!.content).toMatch(/You withdrew from \*\*Spring Cup\*\*/);
    expect(withdrew).toBeTruthy();
    expect(JSON.stringify((await waitForFinalBoard(fake, left!.threadId!)).embeds[0])).toMatch(/withdrew from the tournament/);
    // The second game's first player never moves: a day later their clock runs out, and the opponent claims the win.
    await advance(DAY + MINUTE);
    const timedOut = await fake.waitForMessage((m) => m.channelId === late!.threadId && buttonsOf(m).some((b) => b.custom_id!.startsWith('s1:cw:')), 30_000);
    const claim = buttonsOf(timedOut).find((b) => b.custom_id!.startsWith('s1:cw:'))!;
    await press(fake, timedOut, () => fake.clickButton({ messageId: timedOut.id, customId: claim.custom_id!, userId: late!.black }));
    await waitForFinalBoard(fake, late!.threadId!);
    expect((await db().tournamentPlayer.findFirst({ where: { userId: late!.white } }))!.timeouts).toBe(1);

    // Round 2: six players (the one who left is paired no more). Each game starts; then those to move go on
    // vacation (their clocks stop, the round's deadline does not) and the deadline adjudicates every game.
    const r2 = await pairingsPosted(2);
    expect(r2.pinged).toEqual(await playersOf(2));
    expect(r2.pinged).not.toContain(left!.white);
    expect(fake.message(r1.message.id)!.content).toMatch(/Round 1 of 3 of \*\*Spring Cup\*\* is over/);
    const round2 = await gamesOf(2);
    for (const g of round2) {
      await play(g.threadId!, 1);
      const toMove = (await gameRow(g.threadId!))!.toActUserIds[0]!;
      expect((await command(toMove, 'start', { days: 7 }, 'vacation')).ephemeralText()).toMatch(/vacation/i);
    }
    await advance(2 * DAY + MINUTE);
    for (const g of round2) expect(JSON.stringify((await waitForFinalBoard(fake, g.threadId!, 30_000)).embeds[0])).toMatch(/Adjudicated at the round's deadline/);
    for (const g of round2) expect(fake.messages(g.threadId!).some((m) => /ran out of time/.test(m.content))).toBe(false);

    // Round 3: the bot restarts in the middle of it; nothing is lost and nothing is paired twice.
    const r3 = await pairingsPosted(3);
    expect(r3.pinged).toEqual(await playersOf(3));
    const round3 = await gamesOf(3);
    for (const g of round3) await play(g.threadId!, 2);
    await scene.restart();
    for (const g of round3) {
      await play(g.threadId!, 1);
      const toMove = (await gameRow(g.threadId!))!.toActUserIds[0]!;
      await resignByComponents(scene, g.threadId!, toMove);
      await waitForFinalBoard(fake, g.threadId!);
    }
    const final = await fake.waitForMessage((m) => m.channelId === channel.id && /Spring Cup\*\* is over!/.test(m.content), 30_000);
    await scene.app.ctx!.publisher.idle();
    await fake.settle();

    // One sign-up, one pairings message per round and one standings message, each edited in place.
    expect(fake.messages(channel.id).filter((m) => buttonsOf(m).some((b) => b.custom_id!.startsWith('s1:tj:')) || m.id === signup.id)).toHaveLength(1);
    expect(roundMessages().map((m) => m.id)).toEqual([r1.message.id, r2.message.id, r3.message.id]);
    for (const m of roundMessages()) expect(m.revisions).toBeGreaterThan(0);
    expect(standingsMessages().map((m) => m.id)).toEqual([standingsId]);
    expect(await db().tournamentPairing.count({ where: { round: 3 } })).toBe(6);
    expect(await db().tournament.findFirst()).toMatchObject({ status: 'FINISHED', round: 3 });

    // The standings shown are the pairing core's, from the games as they ended.
    const expected = await standingsFromGames((await db().tournament.findFirst())!.id, 'swiss');
    const table = fake.message(standingsId)!;
    const shown = [...(embedOf(table).description ?? '').matchAll(/^(\d+)\. <@(\d+)>/gm)].map((m) => [Number(m[1]), m[2]]);
    expect(shown).toEqual(expected.map((s) => [s.rank, s.playerId]));
    expect(embedOf(table).title).toBe('Spring Cup · Final standings');
    expect(embedOf(table).description).toMatch(/^🥇 <@\d+>/);
    expect(final.content).toContain(`/${scene.guild.id}/${channel.id}/${standingsId}`);
    expect(final.mentionedUserIds.sort()).toEqual(expected.filter((s) => s.rank <= 3).map((s) => s.playerId).sort());

    // The result in /siege stats (public: played, won, podiums) and /siege history without a game (private: place and standings).
    const siege = async (userId: string, subcommand: string, options: Record<string, string | number> = {}) => {
      const rec = await fake.slashCommand({ guildId: scene.guild.id, channelId: channel.id, userId, name: 'siege', subcommand, options });
      await rec.done({ timeoutMs: 30_000 });
      return rec;
    };
    const first = expected.find((s) => s.rank === 1)!;
    const last = expected[expected.length - 1]!;
    const statsText = (await siege(first.playerId, 'stats', { member: first.playerId })).text();
    expect(statsText).toMatch(/Tournaments/);
    expect(statsText).toMatch(/Played \*\*1\*\* · won \*\*1\*\* · on the podium \*\*1\*\*/);
    expect((await siege(last.playerId, 'stats', { member: last.playerId, game: 'siege-master' })).text()).toMatch(last.rank > 3 ? /Played \*\*1\*\* · won \*\*0\*\* · on the podium \*\*0\*\*/ : /Played \*\*1\*\*/);
    expect((await siege(last.playerId, 'stats', { member: last.playerId, game: 'dice-realms' })).text()).not.toMatch(/Tournaments/);
    const historyText = (await siege(first.playerId, 'history', {})).text();
    expect(historyText).toMatch(/Your tournaments on this server/);
    expect(historyText).toMatch(new RegExp(`🥇 \\*\\*Spring Cup\\*\\* · Siege Master · Swiss · place 1 of 7 · <t:\\d+:R> · \\[standings\\]\\(https://discord.com/channels/${scene.guild.id}/${channel.id}/${standingsId}\\)`));
    expect((await db().tournamentPlayer.findMany({ orderBy: { userId: 'asc' } })).map((p) => [p.userId, p.place])).toEqual(expected.map((s) => [s.playerId, s.rank]).sort((a, b) => (a[0]! < b[0]! ? -1 : 1)));
    expect((await siege(owner, 'history', {})).text()).toMatch(/not finished a tournament on this server yet/);
    expect(fake.violations).toEqual([]);
    await transcript(channel.id, 'tournament-swiss-en');
  }, 120_000);

  it('a round-robin of four on a German server plays its Berger table, and says all of it in German', async () => {
    const { fake } = scene;
    const otto = fake.addUser({ username: 'otto', locale: 'de' });
    const burg = fake.addGuild({ name: 'Burg', locale: 'de', ownerId: otto.id });
    const hall = fake.addChannel(burg.id, { name: 'turniere' });
    german = ['anna', 'ben', 'clara', 'dieter'].map((username) => fake.addUser({ username, locale: 'de' }));
    for (const u of [otto, ...german]) fake.addMember(burg.id, u.id);
    fake.registerCommands([buildSiegeCommand().toJSON()], burg.id);
    const run = async (userId: string, subcommand: string, options: Record<string, string | number> = {}) => {
      const rec = await fake.slashCommand({ guildId: burg.id, channelId: hall.id, userId, name: 'siege', group: 'tournament', subcommand, options });
      await rec.done({ timeoutMs: 30_000 });
      return rec;
    };
    const created = await run(burg.ownerId, 'create', { name: 'Burgpokal', game: 'dice-realms', format: 'round-robin', variant: 'fast', clock: '3d' });
    const signup = created.replies.find((m) => !m.ephemeral)!;
    expect(signup.content).toMatch(/Anmeldung zu \*\*Burgpokal\*\*/);
    const join = buttonsOf(signup).find((b) => b.custom_id!.startsWith('s1:tj:'))!;
    for (const u of german) {
      const joined = await press(fake, signup, () => fake.clickButton({ messageId: signup.id, customId: join.custom_id!, userId: u.id }));
      expect(joined.ephemeralText()).toMatch(/Du bist \*\*Burgpokal\*\* beigetreten/);
    }
    // A member without Manage Server may not organise; the organiser takes a latecomer off the roster, and cancels a trial run.
    expect((await run(german[0]!.id, 'create', { name: 'Heimlich', game: 'siege-master' })).ephemeralText()).toMatch(/Nur Mitglieder mit der Berechtigung „Server verwalten“/);
    // The organisers' role lets its members organise; cleared, only Manage Server does again (a blank name shows who got past the permission).
    const organisers = fake.addRole(burg.id, { name: 'Turnierleitung' });
    fake.addMember(burg.id, german[0]!.id, { roles: [organisers.id] });
    const configure = async (options: Record<string, string | number | boolean>) => {
      const rec = await fake.slashCommand({ guildId: burg.id, channelId: hall.id, userId: burg.ownerId, name: 'siege', subcommand: 'config', options: options as never });
      await rec.done({ timeoutMs: 30_000 });
      return JSON.stringify(rec.replies.map((m) => [m.content, m.embeds]));
    };
    expect(await configure({ 'tournament-role': organisers.id })).toContain(`oder <@&${organisers.id}>`);
    expect((await run(german[0]!.id, 'create', { name: ' ', game: 'siege-master' })).ephemeralText()).toMatch(/kein Turnier erstellt: Gib dem Turnier einen Namen/);
    expect(await configure({ 'tournament-role': organisers.id, 'tournament-role-clear': true })).toMatch(/Wähle entweder `turnier-rolle` oder `turnier-rolle-entfernen`, nicht beides/);
    expect(await configure({ 'tournament-role-clear': true })).toMatch(/veranstaltet von Mitgliedern mit „Server verwalten“; höchstens 3 gleichzeitig/);
    expect((await db().guildSettings.findUnique({ where: { guildId: burg.id } }))!.tournamentRoleId).toBeNull();
    expect((await run(german[0]!.id, 'create', { name: 'Heimlich', game: 'siege-master' })).ephemeralText()).toMatch(/Nur Mitglieder mit der Berechtigung „Server verwalten“/);
    const emil = fake.addUser({ username: 'emil', locale: 'de' });
    fake.addMember(burg.id, emil.id);
    await press(fake, signup, () => fake.clickButton({ messageId: signup.id, customId: join.custom_id!, userId: emil.id }));
    expect((await run(burg.ownerId, 'remove', { member: emil.id })).ephemeralText()).toMatch(/steht nicht mehr auf der Liste von \*\*Burgpokal\*\*/);
    expect(fake.message(signup.id)!.embeds[0]!.fields).toMatchObject([{ name: 'Spieler (4)' }]);
    const trial = (await run(burg.ownerId, 'create', { name: 'Probelauf', game: 'siege-master', format: 'double-round-robin' })).replies.find((m) => !m.ephemeral)!;
    const trialId = Number(buttonsOf(trial)[0]!.custom_id!.split(':')[2]);
    const asked = await run(burg.ownerId, 'cancel', { tournament: trialId });
    const confirm = asked.replies.find((m) => m.ephemeral && m.components.length)!;
    await press(fake, confirm, () => fake.clickButton({ messageId: confirm.id, customId: buttonsOf(confirm)[0]!.custom_id!, userId: burg.ownerId }));
    expect(fake.message(confirm.id)!.content).toMatch(/\*\*Probelauf\*\* ist abgesagt/);
    expect(fake.message(trial.id)!.content).toMatch(/Probelauf\*\* wurde abgesagt/);
    expect((await run(burg.ownerId, 'list')).replies[0]!.embeds[0]!.description).toMatch(/Burgpokal\*\* · Würfelreiche · jeder gegen jeden .* · 4 Spieler · Anmeldung schließt[\s\S]*Probelauf\*\* .* abgesagt/);
    expect((await run(burg.ownerId, 'start', { tournament: trialId })).ephemeralText()).toMatch(/nicht offen/);
    expect((await run(burg.ownerId, 'start')).ephemeralText()).toMatch(/Runde 1 wird gepaart/);
    const t = (await db().tournament.findFirst({ where: { guildId: burg.id } }))!;
    const seeds = (await db().tournamentPlayer.findMany({ where: { tournamentId: t.id }, orderBy: { seed: 'asc' } })).map((p) => p.userId);
    for (let round = 1; round <= 3; round++) {
      const posted = await fake.waitForMessage((m) => m.channelId === hall.id && (m.embeds[0] as Embed | undefined)?.title === `Burgpokal · Runde ${round} von 3`, 30_000);
      expect([...posted.mentionedUserIds].sort()).toEqual(await playersOf(round, t.id));
      const games = await gamesOf(round, t.id);
      // Everyone meets everyone once, as the Berger table says.
      expect(games.map((g) => [g.white, g.black])).toEqual(bergerRound(seeds, round).map((p) => [p.white, p.black]));
      for (const g of games) {
        expect(fake.channel(g.threadId!)!.name).toMatch(new RegExp(`^Burgpokal · R${round} · \\w+ gegen \\w+$`));
        await moveByComponents(scene, g.threadId!, (await gameRow(g.threadId!))!.toActUserIds[0]!);
        await resignByComponents(scene, g.threadId!, (await gameRow(g.threadId!))!.toActUserIds.find((id) => /^\d+$/.test(id))!);
        await waitForAsync(async () => (await gameRow(g.threadId!))!.status === 'FINISHED', 20_000, 'the resignation');
      }
    }
    const final = await fake.waitForMessage((m) => m.channelId === hall.id && /Burgpokal\*\* ist vorbei!/.test(m.content), 30_000);
    await scene.app.ctx!.publisher.idle();
    await fake.settle();
    const expected = await standingsFromGames(t.id, 'round-robin');
    const table = fake.message((await db().tournament.findUnique({ where: { id: t.id } }))!.standingsMessageId!)!;
    expect(final.mentionedUserIds.sort()).toEqual(expected.filter((s) => s.rank <= 3).map((s) => s.playerId).sort());
    const shown = [...((table.embeds[0] as Embed).description ?? '').matchAll(/^(\d+)\. <@(\d+)>/gm)].map((m) => [Number(m[1]), m[2]]);
    expect(shown).toEqual(expected.map((s) => [s.rank, s.playerId]));

    // Nothing of the tournaments' English is left in what the German channel shows.
    const english = Object.values(flatten(readCatalogs()['en-US']!.tournaments!)).flatMap((text) => text.split(/\{\{[^}]+\}\}/)).map((x) => x.trim()).filter((x) => x.split(' ').length >= 3);
    const shownTexts = fake.messages(hall.id).map((m) => [m.content, JSON.stringify(m.embeds), ...buttonsOf(m).map((b) => b.label ?? '')].join('\n'));
    expect(english.filter((phrase) => shownTexts.some((x) => x.includes(phrase)))).toEqual([]);
    expect(fake.violations).toEqual([]);
    await transcript(hall.id, 'tournament-round-robin-de');
  }, 120_000);

  /** The standings the pairing core gives for the tournament's games, results read from the games themselves. */
  async function standingsFromGames(tournamentId: number, format: TournamentFormat) {
    const rows = await db().tournamentPairing.findMany({ where: { tournamentId, colour: { in: ['white', 'bye'] } } });
    const games: Game[] = [];
    for (const r of rows) {
      if (r.colour === 'bye') {
        games.push({ round: r.round, white: r.userId, black: null, result: 'bye' });
        continue;
      }
      const g = (await db().game.findUnique({ where: { id: r.gameId! } }))!;
      const o = g.outcome as Outcome;
      const result: GameResult = o.draw || o.winners.length !== 1 ? 'draw' : o.winners[0] === 0 ? 'white' : 'black';
      games.push({ round: r.round, white: r.userId, black: r.opponentId!, result, ...(o.reasonPhrase?.key === 'tournaments:outcome.withdrew' ? { forfeit: true } : {}) });
    }
    const players = (await db().tournamentPlayer.findMany({ where: { tournamentId } })).map((p) => ({ id: p.userId, rating: p.rating ?? 1500, withdrawn: p.withdrawnAt !== null }));
    return standings(format, players, games);
  }
});
