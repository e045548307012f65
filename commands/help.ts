import { EmbedBuilder, MessageFlags } from 'discord.js';
import { allGames } from '../src/games/index.js';
import type { Subcommand } from './types.js';

export const help: Subcommand = {
  name: 'help',
  define: (sub) => sub.setName('help').setDescription('How to play with Siege'),
  async execute(_ctx, i) {
    const list = allGames()
      .map((g) => `• **${g.title}** (\`/siege start ${g.id}\`, ${g.seats.max === 1 ? 'solo' : 'two players'})${g.summary ? `: ${g.summary}` : ''}`)
      .join('\n');
    const text = [
      '**Start** `/siege start <game>`, one command per game with only its options. Two-player games: `opponent:@member` challenges a member, who presses Accept; `ai:easy|normal|hard` plays the computer instead. Solo games start at once.',
      '**Play** Each game gets its own thread. When it is your turn you are mentioned: pick your move with the menu and buttons under the board, or type it with `/siege move` (it autocompletes).',
      '**Boards** `/siege board` posts the current board again; `/siege games` lists your games and whose turn it is.',
      '**Resign** `/siege resign`, or the Resign button, after a confirmation.',
      '**Clocks** `clock:1d…14d|none` on `/siege start`. You are reminded at half time and 12 h before the deadline; when time runs out your opponent may claim the win.',
      '**Away?** `/siege vacation start days:<n>` pauses your clocks (14 days in any 30); `/siege vacation end` resumes them.',
      '**DMs** `/siege notify dm:on` sends you a direct message when it is your turn.',
      '**Limits** Each server sets how many games you may play at once, how many of your challenges may wait for an answer (one per member and game), and how many new games you may start in an hour: a start, a challenge, a rematch you ask for or a daily each count for whoever starts it; accepting a challenge costs nothing.',
      '**Admins** `/siege config` sets channels, threads, the default clock, grace, game limits, pending challenges, new games per hour and challenge expiry.',
      '**Records** `/siege stats [member] [game]` ratings (Glicko-2, games between members), results, streaks and last games; `/siege leaderboard game:<game>`; `/siege history game:<n>` the moves; `/siege review game:<n>` step through any position. A finished game gets an animated replay.',
      '**Take back** Solo games: Undo on the board, back to the last roll or draw. Two members: "Take back?" right after your move asks your opponent.',
      '**Daily siege** `/siege daily play game:<solo game>`: the same deal for everyone today, in a private thread, one attempt; `/siege daily leaderboard game:<game>`.',
      '**Rules** `/siege rules game:<game>`.',
      '',
      `Games:\n${list}`,
    ].join('\n');
    await i.reply({ embeds: [new EmbedBuilder().setTitle('Siege: help').setDescription(text).setColor(0xc9a227)], flags: MessageFlags.Ephemeral });
  },
};
