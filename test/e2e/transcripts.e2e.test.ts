// The same games, with the same deal and the same choices, played on an English server and on a
// German one: what everyone reads in each thread is written to test/.out/<game>-<locale>-transcript.md
// for a person to read (not committed). The German threads say nothing in English words of the
// adapter's, and no text shows a placeholder or a key.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSiegeCommand } from '../../commands/index.js';
import { readCatalogs } from '../../src/i18n/index.js';
import type { FakeChannel, FakeGuild, FakeUser } from '../harness/fakeDiscord.js';
import type { FakeMessage } from '../harness/types.js';
import { playToEnd, writeTranscript } from '../helpers/languages.js';
import { press, waitFor } from '../helpers/play.js';
import { buttonsOf, startScene, type Scene } from '../helpers/scene.js';

/** Every text a thread shows: message, buttons, embed title, log, fields, footer, image descriptions. */
function shownText(m: FakeMessage): string {
  const embed = (m.embeds[0] ?? {}) as { title?: string; description?: string; footer?: { text?: string }; fields?: { name: string; value: string }[] };
  return [m.content, ...buttonsOf(m).map((b) => b.label ?? ''), embed.title, embed.description, ...(embed.fields ?? []).flatMap((f) => [f.name, f.value]), embed.footer?.text, ...m.attachments.map((a) => a.description)]
    .filter(Boolean).join('\n');
}

/** The adapter's English sentences (discord.json, placeholders cut out), long enough not to be a name or a notation. */
function englishPhrases(): string[] {
  const flat = (t: unknown): string[] => (t && typeof t === 'object' ? Object.values(t).flatMap(flat) : [String(t)]);
  return flat(readCatalogs()['en-US']!.discord).flatMap((text) => text.split(/\{\{[^}]+\}\}/)).map((s) => s.trim()).filter((s) => s.split(' ').length >= 3);
}

describe('the same games in English and in German', () => {
  let scene: Scene;
  let burg: FakeGuild;
  let halle: FakeChannel;
  let fritz: FakeUser;
  let anna: FakeUser;
  // One deal for every game: the English and the German game are the same game.
  beforeAll(async () => {
    scene = await startScene({}, { seeds: () => 'transcript-seed-1' });
    const { fake } = scene;
    burg = fake.addGuild({ name: 'Burg', locale: 'de' });
    halle = fake.addChannel(burg.id, { name: 'spiele' });
    fritz = fake.addUser({ username: 'fritz', locale: 'de' });
    anna = fake.addUser({ username: 'anna', locale: 'de' });
    for (const u of [fritz, anna]) fake.addMember(burg.id, u.id);
    fake.registerCommands([buildSiegeCommand().toJSON()], burg.id);
  });
  afterAll(async () => {
    await scene?.stop();
  });

  /** `challenger` challenges `opponent` to `game` in `channelId`, who accepts: the game's thread. */
  async function challenge(guildId: string, channelId: string, challenger: string, opponent: string, game: string, options: Record<string, string>): Promise<string> {
    const { fake } = scene;
    const before = fake.threads(channelId).length;
    const rec = await fake.slashCommand({ guildId, channelId, userId: challenger, name: 'siege', group: 'start', subcommand: game, options: { opponent, ...options } });
    await rec.done({ timeoutMs: 20_000 });
    const message = rec.replies.find((m) => !m.ephemeral)!;
    const accept = buttonsOf(message).find((b) => b.custom_id!.startsWith('s1:ca:'))!;
    await press(fake, message, () => fake.clickButton({ messageId: message.id, customId: accept.custom_id!, userId: opponent }));
    await waitFor(() => fake.threads(channelId).length > before, 20_000, 'the thread');
    return fake.threads(channelId).at(-1)!.id;
  }

  // Siege Master is played to its end; a Dice Realms game (hundreds of moves) until a player resigns.
  for (const [game, options, moves] of [['siege-master', { map: 'hex' }, 200], ['dice-realms', { variant: 'fast' }, 60]] as const) {
    it(`${game}: the German thread reads as the English one does, in German`, async () => {
      const { fake, guild, channel, alice, bob } = scene;
      const english = await challenge(guild.id, channel.id, alice.id, bob.id, game, options);
      const movesEn = await playToEnd(scene, english, moves, { resignAfter: true });
      const german = await challenge(burg.id, halle.id, fritz.id, anna.id, game, options);
      const movesDe = await playToEnd(scene, german, moves, { resignAfter: true });
      expect(movesDe).toBe(movesEn);
      // The old boards' retirements too, which follow the new boards.
      await scene.app.ctx!.publisher.idle();
      await writeTranscript(scene, [channel.id, english], `${game}-en`);
      await writeTranscript(scene, [halle.id, german], `${game}-de`);

      const texts = [...fake.messages(halle.id), ...fake.messages(german)].filter((m) => !m.ephemeral).map(shownText);
      const leftovers = englishPhrases().filter((phrase) => texts.some((t) => t.includes(phrase)));
      expect(leftovers).toEqual([]);
      for (const text of texts) expect(text).not.toMatch(/\{\{|\b(discord|services|render):[a-z]/);
    }, 120_000);
  }
});
