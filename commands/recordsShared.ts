// What the records commands (stats, leaderboard, history, review) share: the game option.
import type { SlashCommandStringOption } from 'discord.js';
import { allGames } from '../src/games/index.js';

/** A `game` option listing every game the bot offers. */
export function gameTypeOption(o: SlashCommandStringOption, description: string, required: boolean): SlashCommandStringOption {
  return o
    .setName('game')
    .setDescription(description)
    .setRequired(required)
    .addChoices(...allGames().slice(0, 25).map((g) => ({ name: g.title.slice(0, 100), value: g.id })));
}

export const unix = (d: Date) => Math.floor(d.getTime() / 1000);
