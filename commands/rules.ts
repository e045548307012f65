// `/siege rules game:<game>`: the game's rules from its catalog, in the reader's language, privately.
import { EmbedBuilder, MessageFlags } from 'discord.js';
import { gameById } from '../src/games/index.js';
import { replyPrivately } from '../src/discord/handlers/replies.js';
import { intoMessages } from '../src/discord/views/describe.js';
import { gameTypeOption, suggestGames } from './recordsShared.js';
import { localized } from './localize.js';
import { gameText, gameTitle, startCommandText } from './speech.js';
import type { Subcommand } from './types.js';

/** Discord's limit of 4096 characters in one embed's description, with room to spare. */
const EMBED_TEXT_MAX = 4000;

/** Cuts a long text into pieces of at most `max` characters, between paragraphs where it can. */
export function splitText(text: string, max = EMBED_TEXT_MAX): string[] {
  const pieces: string[] = [];
  let rest = text.trim();
  while (rest.length > max) {
    const window = rest.slice(0, max);
    const cut = Math.max(window.lastIndexOf('\n\n'), window.lastIndexOf('\n'));
    const at = cut > max / 2 ? cut : max;
    pieces.push(rest.slice(0, at).trimEnd());
    rest = rest.slice(at).trimStart();
  }
  if (rest) pieces.push(rest);
  return pieces;
}

export const rules: Subcommand = {
  name: 'rules',
  define: (sub) =>
    localized(sub.setName('rules'), 'commands:rules')
      .addStringOption((o) => gameTypeOption(o, 'commands:rules.game', true)),
  autocomplete: (ctx, i) => suggestGames(i, ctx.locales.reader(i)),
  async execute(ctx, i) {
    const sp = ctx.locales.reader(i);
    const def = gameById(i.options.getString('game', true));
    if (!def) return replyPrivately(i, sp.t('commands:noGameType', { game: i.options.getString('game', true).slice(0, 40) }));
    const title = gameTitle(sp, def);
    const body = gameText(sp, def, 'rules', def.rulesText ?? sp.t('commands:rules.none', { game: title }));
    const text = `${body}\n\n**${sp.t('commands:rules.startHeading')}** \`${startCommandText(sp, def)}\``;
    const embeds = splitText(text).map((piece, n, all) =>
      new EmbedBuilder()
        .setTitle(sp.t(all.length > 1 ? 'commands:rules.titlePart' : 'commands:rules.title', { game: title, part: n + 1, parts: all.length }).slice(0, 256))
        .setDescription(piece)
        .setColor(0xc9a227),
    );
    // The rest follow privately.
    const messages = intoMessages(embeds);
    await i.reply({ embeds: messages[0]!, flags: MessageFlags.Ephemeral });
    for (const more of messages.slice(1)) await i.followUp({ embeds: more, flags: MessageFlags.Ephemeral });
  },
};
