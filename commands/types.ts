import type { AutocompleteInteraction, ChatInputCommandInteraction, SlashCommandSubcommandBuilder, SlashCommandSubcommandGroupBuilder } from 'discord.js';
import type { BotContext } from '../src/discord/context.js';

/**
 * One `/siege` subcommand (or subcommand group, such as `/siege vacation start|end`): its
 * definition and a thin handler that calls the services.
 */
export type Subcommand = {
  name: string;
  define?(sub: SlashCommandSubcommandBuilder): SlashCommandSubcommandBuilder;
  defineGroup?(group: SlashCommandSubcommandGroupBuilder): SlashCommandSubcommandGroupBuilder;
  execute(ctx: BotContext, i: ChatInputCommandInteraction): Promise<void>;
  autocomplete?(ctx: BotContext, i: AutocompleteInteraction): Promise<void>;
};
