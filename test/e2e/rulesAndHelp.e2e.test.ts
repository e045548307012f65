// `/siege rules` and `/siege help` in each of the five languages, privately, within Discord's
// limits (the fake Discord refuses an embed or a message over them): the rules are each game's
// catalog text in the reader's language, split where they are long, and end with the command
// that starts the game as the reader's client names it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allGames } from '../../src/games/index.js';
import { LOCALES, speaker, t } from '../../src/i18n/index.js';
import { startCommandText } from '../../commands/speech.js';
import { waitFor } from '../helpers/play.js';
import { startScene, type Scene } from '../helpers/scene.js';
import type { FakeUser } from '../harness/fakeDiscord.js';

type Embed = { title: string; description: string; fields?: { name: string; value: string }[] };

describe('/siege rules and /siege help in every language', () => {
  let scene: Scene;
  const readers = new Map<string, FakeUser>();
  beforeAll(async () => {
    scene = await startScene();
    for (const locale of LOCALES) {
      const user = scene.fake.addUser({ username: `reader-${locale}`, locale });
      scene.fake.addMember(scene.guild.id, user.id);
      readers.set(locale, user);
    }
  });
  afterAll(async () => {
    await scene?.stop();
  });

  const run = async (locale: string, subcommand: string, options: Record<string, string> = {}) => {
    const rec = await scene.fake.slashCommand({ guildId: scene.guild.id, channelId: scene.channel.id, userId: readers.get(locale)!.id, name: 'siege', subcommand, options });
    await rec.done({ timeoutMs: 15_000 });
    return rec;
  };

  for (const locale of LOCALES) {
    it(`given a ${locale} client, then every game's rules come in ${locale}, whole, in as many private embeds as they need`, async () => {
      const sp = speaker(locale);
      for (const def of allGames()) {
        const rec = await run(locale, 'rules', { game: def.id });
        // Long rules come in follow-ups: the last piece ends with the command that starts the game.
        const words = (text: string) => text.replace(/\s+/g, ' ');
        const ending = words(`**${t(locale, 'commands:rules.startHeading')}** \`${startCommandText(sp, def)}\``);
        const pieces = () => rec.replies.flatMap((m) => m.embeds as Embed[]);
        await waitFor(() => words(pieces().at(-1)?.description ?? '').endsWith(ending), 15_000, `the last piece of the rules of ${def.id}`);
        expect(rec.replies.every((m) => m.ephemeral)).toBe(true);
        const embeds = pieces();
        const title = t(locale, `${def.id}:title`);
        expect(embeds[0]!.title.startsWith(title)).toBe(true);
        if (embeds.length > 1) expect(embeds.map((e) => e.title)).toEqual(embeds.map((_, n) => t(locale, 'commands:rules.titlePart', { game: title, part: n + 1, parts: embeds.length })));
        else expect(embeds[0]!.title).toBe(t(locale, 'commands:rules.title', { game: title }));
        // Nothing lost between the pieces: the words of the catalog's rules, in order.
        const shown = words(embeds.map((e) => e.description).join(' '));
        expect(shown.startsWith(words(t(locale, `${def.id}:rules`)))).toBe(true);
        expect(shown.endsWith(ending)).toBe(true);
      }
      await scene.fake.settle();
      expect(scene.fake.violations).toEqual([]);
    });

    it(`given a ${locale} client, then the help is in ${locale}, names every game and how to start it, and fits one embed`, async () => {
      const sp = speaker(locale);
      const rec = await run(locale, 'help');
      expect(rec.replies).toHaveLength(1);
      expect(rec.replies[0]!.ephemeral).toBe(true);
      const help = rec.replies[0]!.embeds[0] as Embed;
      expect(help.title).toBe(t(locale, 'commands:help.title'));
      expect(help.description).toContain(t(locale, 'commands:help.sections.records.text', { max: 14, window: 30 }).slice(0, 40));
      const games = help.fields!.map((f) => f.value).join('\n');
      for (const def of allGames()) expect(games).toContain(`**${t(locale, `${def.id}:title`)}** (\`${startCommandText(sp, def)}\``);
      await scene.fake.settle();
      expect(scene.fake.violations).toEqual([]);
    });
  }

  it('given the English help, then a replay is made on request with the Replay button, not for every finished game', async () => {
    const help = (await run('en-US', 'help')).replies[0]!.embeds[0] as Embed;
    expect(help.description).toContain("A finished game's board has a Replay button: press it for an animated replay.");
    expect(help.description).not.toContain('gets an animated replay');
  });
});
