// What the records commands (stats, leaderboard, history, review) share: the game option.
import type { AutocompleteInteraction, SlashCommandStringOption } from 'discord.js';
import { allGames } from '../src/games/index.js';

/**
 * A `game` option offering every game the bot offers, by autocomplete: a fixed list would cost
 * every game's title in each command that has it, and `/siege` must stay within Discord's 4000
 * characters.
 */
export function gameTypeOption(o: SlashCommandStringOption, description: string, required: boolean): SlashCommandStringOption {
  return o.setName('game').setDescription(description).setRequired(required).setAutocomplete(true);
}

/** The games whose title or id contains what the player typed, for a `game` option's autocomplete. */
export async function suggestGameTypes(i: AutocompleteInteraction): Promise<void> {
  const typed = String(i.options.getFocused() ?? '').toLowerCase();
  const matching = allGames().filter((g) => g.id.includes(typed) || g.title.toLowerCase().includes(typed));
  await i.respond(matching.slice(0, 25).map((g) => ({ name: g.title.slice(0, 100), value: g.id })));
}

export const unix = (d: Date) => Math.floor(d.getTime() / 1000);
