// The bot speaks to each reader in their language, as issue 31 has it: what everyone in a server
// reads (a challenge, a board and its image's alt text, a thread's name, a reminder) in the
// server's language, by its own locale or as `/siege config language:` sets it; what only the
// presser reads (a refusal, a step panel and its preview, a review) in their client's language;
// and a direct message in the language its reader's client spoke last.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSiegeCommand } from '../../commands/index.js';
import { speaker, type Locale } from '../../src/i18n/index.js';
import type { FakeChannel, FakeGuild, FakeUser } from '../harness/fakeDiscord.js';
import type { FakeMessage } from '../harness/types.js';
import { DAY, HOUR, testClock } from '../helpers/clock.js';
import { boardAfter, boardImage, boardVersion, liveBoard, moveByComponents } from '../helpers/languages.js';
import { press, waitFor } from '../helpers/play.js';
import { buttonsOf, selectOf, startScene, type Scene } from '../helpers/scene.js';

const title = (locale: Locale, game: string) => speaker(locale).t(`${game}:title`);
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const embedOf = (m: FakeMessage) => (m.embeds[0] ?? {}) as { title?: string; description?: string; footer?: { text?: string }; fields?: { name: string; value: string }[] };

describe('languages on Discord', () => {
  const clock = testClock();
  let scene: Scene;
  /** A server whose own locale is German, and its games channel. */
  let burg: FakeGuild;
  let halle: FakeChannel;
  /** Members whose clients speak German and French. */
  let fritz: FakeUser;
  let francoise: FakeUser;

  beforeAll(async () => {
    scene = await startScene({}, { now: clock.now });
    const { fake } = scene;
    burg = fake.addGuild({ name: 'Burg', locale: 'de' });
    halle = fake.addChannel(burg.id, { name: 'spiele' });
    fritz = fake.addUser({ username: 'fritz', locale: 'de' });
    francoise = fake.addUser({ username: 'francoise', locale: 'fr' });
    for (const u of [fritz, francoise, scene.alice]) fake.addMember(burg.id, u.id);
    fake.registerCommands([buildSiegeCommand().toJSON()], burg.id);
  });
  afterAll(async () => {
    await scene?.stop();
  });

  const advance = (ms: number) => clock.advance(ms, scene.database.url);
  const command = async (guildId: string, channelId: string, userId: string, subcommand: string, options: Record<string, string | number> = {}, group?: string) => {
    const rec = await scene.fake.slashCommand({ guildId, channelId, userId, name: 'siege', subcommand, ...(group ? { group } : {}), options });
    await rec.done({ timeoutMs: 20_000 });
    return rec;
  };
  const gameIn = async (threadId: string) => (await scene.database.db.game.findFirst({ where: { threadId } }))!;
  /** The thread a game just started in `channelId`, and its first board. */
  const newThread = async (channelId: string, before: number) => {
    await waitFor(() => scene.fake.threads(channelId).length > before, 20_000, 'the game thread');
    const thread = scene.fake.threads(channelId).at(-1)!;
    await waitFor(() => scene.fake.messages(thread.id).some((m) => boardVersion(m) !== null), 20_000, 'the first board');
    return thread;
  };

  it('a server whose own locale is German gets German public messages; a French member gets French private answers and a French DM there', async () => {
    const { fake } = scene;
    // Françoise asks for her turns by DM; then she challenges Fritz, with a clock.
    await command(burg.id, halle.id, francoise.id, 'notify', { dm: 'on' });
    const threads = fake.threads(halle.id).length;
    const asked = await command(burg.id, halle.id, francoise.id, 'siege-master', { opponent: fritz.id, clock: '2d', map: 'hex' }, 'start');
    const challenge = asked.replies.find((m) => !m.ephemeral)!;
    expect(challenge.content).toBe(`<@${fritz.id}>, <@${francoise.id}> fordert dich zu einer Partie **Siege Master** heraus!`);
    expect(embedOf(challenge).title).toBe('Herausforderung: Siege Master');
    expect(embedOf(challenge).description).toContain('Uhr: 2 Tage pro Zug');
    expect(buttonsOf(challenge).map((b) => b.label)).toEqual(['Annehmen', 'Ablehnen']);

    // Only Fritz may accept: Françoise is told so in French.
    const accept = buttonsOf(challenge).find((b) => b.label === 'Annehmen')!;
    const early = await fake.clickButton({ messageId: challenge.id, customId: accept.custom_id!, userId: francoise.id });
    await early.done();
    expect(early.ephemeralText()).toBe(`Ce défi ne peut être accepté que par <@${fritz.id}>.`);
    await press(fake, challenge, () => fake.clickButton({ messageId: challenge.id, customId: accept.custom_id!, userId: fritz.id }));
    const thread = await newThread(halle.id, threads);
    expect(fake.message(challenge.id)!.content).toBe(`<@${fritz.id}> hat die Herausforderung von <@${francoise.id}> zu einer Partie Siege Master angenommen. Gespielt wird in <#${thread.id}>.`);
    expect(thread.name).toBe('Siege Master: francoise gegen fritz');

    // The board: whose turn, the clock, the log, the footer, the buttons and the image's alt text, in German.
    const game = await gameIn(thread.id);
    const board = liveBoard(fake, thread.id);
    expect(board.content).toMatch(new RegExp(`^<@${francoise.id}>, du bist am Zug \\(\\*\\*Rot\\*\\*\\)\\.\\n⏰ Zug bis <t:\\d+:f> \\(<t:\\d+:R>\\)$`));
    expect(embedOf(board).title).toBe(`Siege Master · Spiel #${game.id}`);
    expect(embedOf(board).description).toBe(`**Spiel #${game.id} beginnt: Rot <@${francoise.id}> gegen Blau <@${fritz.id}>**`);
    expect(embedOf(board).footer?.text).toBe('Zug 0 · Rot francoise gegen Blau fritz');
    expect(buttonsOf(board).map((b) => b.label)).toContain('Aufgeben');
    expect(boardImage(board)!.description).toMatch(/^Siege Master, Zug 0\. Rot \(francoise\) ist am Zug\. /);

    // Françoise's turn was announced to her by DM, in French.
    await waitFor(() => fake.dmInbox(francoise.id).length > 0, 20_000, 'the turn DM');
    expect(fake.dmInbox(francoise.id)[0]!.content).toMatch(new RegExp(`^À vous de jouer dans \\*\\*Siege Master\\*\\* \\(partie #${game.id}\\)\u00a0: https://discord\\.com/channels/${burg.id}/${thread.id}/${board.id}$`));

    // Fritz presses Françoise's menu: it is not his turn, and he is told so in German.
    const menu = selectOf(board)!;
    const wrong = await fake.selectMenu({ messageId: board.id, customId: menu.custom_id!, values: [menu.options![0]!.value], userId: fritz.id });
    await wrong.done();
    expect(wrong.ephemeralText()).toBe(`Du bist nicht am Zug: Wir warten auf Rot (<@${francoise.id}>).`);

    // Françoise's private steps, with their numbered preview, in French; the move's board in German.
    const first = await moveByComponents(scene, thread.id, francoise.id);
    const preview = first.steps.find((s) => s.attachments.length)!;
    expect(preview.content).toMatch(/ \(numérotés comme sur l’image\)$/);
    expect(preview.attachments[0]!.description).toMatch(/^Aperçu\u00a0: \d+ coups possibles, numérotés comme sur les boutons\. Siege Master, coup 0\. /);
    expect(first.board.content).toMatch(new RegExp(`^<@${fritz.id}>, du bist am Zug \\(\\*\\*Blau\\*\\*\\)\\.`));
    expect(embedOf(first.board).description).toMatch(new RegExp(`^\\*\\*Rot \\(<@${francoise.id}>\\)\\*\\*: `));
    // A move made on the private panel retires the old board through the retire queue, after the
    // new board is out: waited for, not read at once.
    await waitFor(() => fake.message(board.id)!.content.startsWith('↪'), 15_000, 'the old board retired');
    const retired = fake.message(board.id)!;
    expect(retired.content).toMatch(new RegExp(`^↪ Rot \\(<@${francoise.id}>\\) hat gespielt: .+\\.$`));

    // The board's menu speaks the server's language: the game's question and choices, in German.
    const menuNow = selectOf(first.board)!;
    expect((menuNow as { placeholder?: string }).placeholder).toMatch(/^Wähle /);
    expect(menuNow.options![0]!.label).toBe('Tauschen');
    await moveByComponents(scene, thread.id, fritz.id, 1);
    await waitFor(() => fake.dmInbox(francoise.id).length > 1, 20_000, 'the second turn DM');
    expect(fake.dmInbox(francoise.id).at(-1)!.content).toMatch(/^À vous de jouer dans \*\*Siege Master\*\*/);

    // Half her time gone: the reminder in the thread is German.
    await advance(DAY + HOUR);
    const reminder = await fake.waitForMessage((m) => m.channelId === thread.id && m.content.startsWith('⏰'), 20_000);
    expect(reminder.content).toMatch(new RegExp(`^⏰ <@${francoise.id}>, du bist in \\*\\*Siege Master\\*\\* \\(Spiel #${game.id}\\) am Zug: Die Hälfte deiner Zeit ist um\\. Die Uhr läuft <t:\\d+:R> ab \\(<t:\\d+:f>\\)\\. Spielbrett: https://`));

    // Her review of the game, privately: French words, French alt text; the board she reviews is the same game.
    const review = await command(burg.id, thread.id, francoise.id, 'review', { game: game.id });
    const shown = review.replies.find((m) => m.ephemeral)!;
    expect(shown.content).toBe('Coup 2 sur 2');
    expect(embedOf(shown).title).toBe(`Siege Master · partie #${game.id} · relecture`);
    expect(shown.attachments[0]!.description).toMatch(/^Siege Master, coup 2\. Au tour de Rouge \(francoise\)\. Dernier coup\u00a0: /);
  });

  it('`/siege config language:de` makes an English server German for everyone; `language:auto` gives it back its own', async () => {
    const { fake, guild, channel, alice } = scene;
    const owner = guild.ownerId;
    await command(guild.id, channel.id, owner, 'config', { language: 'de' });
    const before = fake.threads(channel.id).length;
    await command(guild.id, channel.id, alice.id, 'siege-master', { ai: 'easy', map: 'hex' }, 'start');
    const thread = await newThread(channel.id, before);
    expect(thread.name).toBe('Siege Master: alice gegen KI (leicht)');
    const board = liveBoard(fake, thread.id);
    expect(board.content).toMatch(new RegExp(`^<@${alice.id}>, du bist am Zug \\(\\*\\*Rot\\*\\*\\)\\.(\\n⏰ Zug bis |$)`));
    expect(boardImage(board)!.description).toMatch(/^Siege Master, Zug 0\. Rot \(alice\) ist am Zug\. /);

    // Alice's client speaks English: her private answers do, on the German board.
    const resign = buttonsOf(board).find((b) => b.label === 'Aufgeben')!;
    const asked = await press(fake, board, () => fake.clickButton({ messageId: board.id, customId: resign.custom_id!, userId: alice.id }));
    const confirm = asked.replies.find((m) => m.ephemeral)!;
    const game = await gameIn(thread.id);
    expect(confirm.content).toBe(`Resign game #${game.id} of Siege Master? This cannot be undone.`);
    expect(buttonsOf(confirm).map((b) => b.label)).toEqual(['Yes, resign']);
    await press(fake, confirm, () => fake.clickButton({ messageId: confirm.id, customId: buttonsOf(confirm)[0]!.custom_id!, userId: alice.id }));
    const final = await fake.waitForMessage((m) => m.channelId === thread.id && !m.ephemeral && (embedOf(m).fields ?? []).length > 0, 20_000);
    expect(final.content).toBe('Spielende: **Blau (KI, leicht) hat gewonnen.**');
    expect(embedOf(final).fields![0]!.name).toBe('Ergebnis');

    // Back to the server's own language: English.
    await command(guild.id, channel.id, owner, 'config', { language: 'auto' });
    const again = fake.threads(channel.id).length;
    await command(guild.id, channel.id, alice.id, 'siege-master', { ai: 'easy', map: 'hex' }, 'start');
    const english = await newThread(channel.id, again);
    expect(english.name).toBe('Siege Master: alice vs AI (easy)');
    expect(liveBoard(fake, english.id).content).toMatch(new RegExp(`^<@${alice.id}>, your move as \\*\\*Red\\*\\*\\.(\\n⏰ Move by |$)`));
  });

  it('every game: its board image is described in the server\'s language, and a player\'s review in their own', async () => {
    const { fake } = scene;
    const starts: [string, Record<string, string>][] = [
      ['siege-master', { ai: 'easy', map: 'hex' }],
      ['dice-realms', { ai: 'easy' }],
      ['kingdoms-siege', {}],
      ['kingdoms-solo', {}],
      ['two-deck-siege', {}],
    ];
    for (const [game, options] of starts) {
      const before = fake.threads(halle.id).length;
      await command(burg.id, halle.id, francoise.id, game, options, 'start');
      const thread = await newThread(halle.id, before);
      const row = await gameIn(thread.id);
      const board = liveBoard(fake, thread.id);
      const alt = boardImage(board)!.description ?? '';
      expect(alt, `${game}'s board`).toMatch(new RegExp(`^${escape(title('de', game))}, Zug ${row.moveCount}\\. `));
      expect(alt.length).toBeLessThanOrEqual(1024);
      const review = await command(burg.id, thread.id, francoise.id, 'review', { game: row.id });
      const shown = review.replies.find((m) => m.ephemeral)!;
      expect(shown.content, `${game}'s review`).toMatch(/^Coup \d+ sur \d+$/);
      const reviewAlt = shown.attachments[0]?.description ?? '';
      expect(reviewAlt, `${game}'s review`).toMatch(new RegExp(`^${escape(title('fr', game))}, coup \\d+\\. `));
      expect(reviewAlt.length).toBeLessThanOrEqual(1024);
    }
    await fake.settle();
    expect(fake.violations).toEqual([]);
  });
});
