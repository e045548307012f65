import { EmbedBuilder, MessageFlags } from 'discord.js';
import { gameById } from '../src/games/index.js';
import { gameTypeOption, suggestGameTypes } from './recordsShared.js';
import { replyPrivately } from '../src/discord/handlers/replies.js';
import type { Subcommand } from './types.js';

/** Discord's limits: 4096 characters in one embed's description, 6000 in all of a message's embeds. */
const EMBED_TEXT_MAX = 4000;
const MESSAGE_TEXT_MAX = 5800;

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
    sub
      .setName('rules')
      .setDescription('How a game is played')
      .addStringOption((o) => gameTypeOption(o, 'Which game', true)),
  autocomplete: (_ctx, i) => suggestGameTypes(i),
  async execute(_ctx, i) {
    const def = gameById(i.options.getString('game', true));
    if (!def) return replyPrivately(i, `There is no game "${i.options.getString('game', true).slice(0, 40)}": pick one from the list.`);
    const text = `${def.rulesText ?? `${def.title}: no rules text yet.`}\n\n**Start a game:** \`/siege start ${def.id}\``;
    const embeds = splitText(text).map((piece, n, all) =>
      new EmbedBuilder().setTitle(`${def.title}: rules${all.length > 1 ? ` (${n + 1}/${all.length})` : ''}`).setDescription(piece).setColor(0xc9a227),
    );
    // As many embeds per message as Discord's total allows; the rest follow privately.
    const messages: EmbedBuilder[][] = [];
    for (const embed of embeds) {
      const last = messages.at(-1);
      const size = (e: EmbedBuilder) => (e.data.description?.length ?? 0) + (e.data.title?.length ?? 0);
      if (last && last.reduce((n, e) => n + size(e), 0) + size(embed) <= MESSAGE_TEXT_MAX) last.push(embed);
      else messages.push([embed]);
    }
    await i.reply({ embeds: messages[0]!, flags: MessageFlags.Ephemeral });
    for (const more of messages.slice(1)) await i.followUp({ embeds: more, flags: MessageFlags.Ephemeral });
  },
};
