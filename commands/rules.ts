import { EmbedBuilder, MessageFlags } from 'discord.js';
import type { GameDefinition } from '../src/engine/contract.js';
import { games, gameById } from '../src/games/index.js';
import { replyPrivately } from '../src/discord/replies.js';
import type { Subcommand } from './types.js';

export const rules: Subcommand = {
  name: 'rules',
  define: (sub) =>
    sub
      .setName('rules')
      .setDescription('How a game is played')
      .addStringOption((o) =>
        o.setName('game').setDescription('Which game').setRequired(true)
          .addChoices(...(Object.values(games) as GameDefinition[]).map((g) => ({ name: g.title, value: g.id }))),
      ),
  async execute(_ctx, i) {
    const def = gameById(i.options.getString('game', true));
    if (!def) return replyPrivately(i, 'I do not know that game. Pick one from the list.');
    const text = def.rulesText ?? `${def.title}: no rules text yet.`;
    await i.reply({
      embeds: [new EmbedBuilder().setTitle(`${def.title}: rules`).setDescription(text.slice(0, 4096)).setColor(0xc9a227)],
      flags: MessageFlags.Ephemeral,
    });
  },
};
