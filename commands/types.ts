import type { AutocompleteInteraction, ChatInputCommandInteraction, SlashCommandSubcommandBuilder } from 'discord.js';
import type { BotContext } from '../src/discord/context.js';

/** One `/siege` subcommand: its definition and a thin handler that calls the services. */
export type Subcommand = {
  name: string;
  define(sub: SlashCommandSubcommandBuilder): SlashCommandSubcommandBuilder;
  execute(ctx: BotContext, i: ChatInputCommandInteraction): Promise<void>;
  autocomplete?(ctx: BotContext, i: AutocompleteInteraction): Promise<void>;
};
