import { EmbedBuilder, MessageFlags } from 'discord.js';
import type { GameDefinition } from '../src/engine/contract.js';
import { games } from '../src/games/index.js';
import type { Subcommand } from './types.js';

export const help: Subcommand = {
  name: 'help',
  define: (sub) => sub.setName('help').setDescription('How to play with Siege'),
  async execute(_ctx, i) {
    const list = (Object.values(games) as GameDefinition[]).map((g) => `• **${g.title}** (\`${g.id}\`)`).join('\n');
    const text = [
      '**Start** `/siege start game:<game> opponent:@member` challenges a member; they press Accept. `ai:easy|normal|hard` plays the computer instead.',
      '**Play** Each game gets its own thread. When it is your turn you are mentioned: pick your move with the menu and buttons under the board, or type it with `/siege move` (it autocompletes).',
      '**Boards** `/siege board` posts the current board again; `/siege games` lists your games and whose turn it is.',
      '**Resign** `/siege resign`, or the Resign button, after a confirmation.',
      '**Clocks** `clock:1d…14d|none` on `/siege start`. You are reminded at half time and 12 h before the deadline; when time runs out your opponent may claim the win.',
      '**Away?** `/siege vacation start days:<n>` pauses your clocks (14 days in any 30); `/siege vacation end` resumes them.',
      '**DMs** `/siege notify dm:on` sends you a direct message when it is your turn.',
      '**Admins** `/siege config` sets channels, threads, the default clock, grace, game limits and challenge expiry.',
      '**Rules** `/siege rules game:<game>`.',
      '',
      `Games:\n${list}`,
    ].join('\n');
    await i.reply({ embeds: [new EmbedBuilder().setTitle('Siege: help').setDescription(text).setColor(0xc9a227)], flags: MessageFlags.Ephemeral });
  },
};
