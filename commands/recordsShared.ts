// What the records commands (stats, leaderboard, rules, daily) share: the game option.
import type { AutocompleteInteraction, SlashCommandStringOption } from 'discord.js';
import type { GameDefinition } from '../src/engine/contract.js';
import { allGames } from '../src/games/index.js';
import type { Speaker } from '../src/i18n/index.js';
import { localizedAs } from './localize.js';
import { gameTitle } from './speech.js';

/**
 * A `game` option offering every game the bot offers, by autocomplete: a fixed list would cost
 * every game's title in each command that has it, and `/siege` must stay within Discord's size.
 * `descriptionKey` names its description in commands.json.
 */
export function gameTypeOption(o: SlashCommandStringOption, descriptionKey: string, required: boolean): SlashCommandStringOption {
  return localizedAs(o.setName('game'), { name: 'commands:options.gameType.name', description: descriptionKey }).setRequired(required).setAutocomplete(true);
}

/** The games whose title (in the reader's language or in English) or id contains what was typed, named in the reader's language. */
export async function suggestGames(i: AutocompleteInteraction, sp: Speaker, games: GameDefinition[] = allGames()): Promise<void> {
  const typed = String(i.options.getFocused() ?? '').toLowerCase();
  const matching = games.filter((g) => g.id.includes(typed) || g.title.toLowerCase().includes(typed) || gameTitle(sp, g).toLowerCase().includes(typed));
  await i.respond(matching.slice(0, 25).map((g) => ({ name: gameTitle(sp, g).slice(0, 100), value: g.id })));
}
