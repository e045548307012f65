// A slash command's options checked against the command's own definition before any handler
// reads them. Discord's clients never send an option of the wrong type, but a tampered one can,
// and discord.js would then throw deep inside a handler ("Something went wrong"). The player is
// told instead which option was wrong and what it takes.
import { ApplicationCommandOptionType, type ChatInputCommandInteraction, type CommandInteractionOption } from 'discord.js';

/** An option of the registered definition, as `SlashCommandBuilder.toJSON()` describes it. */
type OptionDefinition = {
  type: number;
  name: string;
  required?: boolean;
  autocomplete?: boolean;
  choices?: { name: string; value: string | number }[];
  min_value?: number;
  max_value?: number;
  min_length?: number;
  max_length?: number;
  channel_types?: number[];
  options?: OptionDefinition[];
};

const T = ApplicationCommandOptionType;
const SNOWFLAKE = /^\d{1,20}$/;
const shown = (v: unknown) => JSON.stringify(v)?.slice(0, 40) ?? String(v);

function range(def: OptionDefinition): string {
  const min = def.min_value;
  const max = def.max_value;
  if (min !== undefined && max !== undefined) return ` from ${min} to ${max}`;
  if (min !== undefined) return ` of at least ${min}`;
  if (max !== undefined) return ` of at most ${max}`;
  return '';
}

/** What a valid value of `def` is, said to the player. */
function takes(def: OptionDefinition): string {
  if (def.choices?.length && !def.autocomplete) return `one of ${def.choices.map((c) => c.value).join(', ')}`;
  switch (def.type) {
    case T.Integer: return `a whole number${range(def)}`;
    case T.Number: return `a number${range(def)}`;
    case T.Boolean: return 'True or False';
    case T.User: return 'a member of this server';
    case T.Channel: return 'a channel of this server';
    case T.Role: return 'a role of this server';
    case T.Mentionable: return 'a member or a role of this server';
    default: return def.max_length !== undefined ? `text of at most ${def.max_length} characters` : 'text';
  }
}

/** True when `given` is a value `def` accepts. */
function valid(def: OptionDefinition, given: CommandInteractionOption): boolean {
  const v = given.value;
  if (given.type !== def.type) return false;
  switch (def.type) {
    case T.String:
      if (typeof v !== 'string') return false;
      if (def.max_length !== undefined && v.length > def.max_length) return false;
      if (def.min_length !== undefined && v.length < def.min_length) return false;
      return !def.choices?.length || def.autocomplete === true || def.choices.some((c) => c.value === v);
    case T.Integer:
    case T.Number:
      if (typeof v !== 'number' || !Number.isFinite(v) || (def.type === T.Integer && !Number.isSafeInteger(v))) return false;
      if (def.min_value !== undefined && v < def.min_value) return false;
      if (def.max_value !== undefined && v > def.max_value) return false;
      return !def.choices?.length || def.choices.some((c) => c.value === v);
    case T.Boolean:
      return typeof v === 'boolean';
    case T.User:
      return typeof v === 'string' && SNOWFLAKE.test(v) && given.user !== undefined;
    case T.Channel:
      return typeof v === 'string' && SNOWFLAKE.test(v) && given.channel != null
        && (!def.channel_types?.length || def.channel_types.includes(given.channel.type));
    case T.Role:
      return typeof v === 'string' && SNOWFLAKE.test(v) && given.role != null;
    case T.Mentionable:
      return typeof v === 'string' && SNOWFLAKE.test(v) && (given.user !== undefined || given.role != null);
    default:
      return true;
  }
}

/** Checks the options of one subcommand; null when they are all as defined. */
function checkLeaf(defs: OptionDefinition[], given: readonly CommandInteractionOption[]): string | null {
  for (const g of given) {
    const def = defs.find((d) => d.name === g.name);
    if (!def) return `This command has no option \`${String(g.name).slice(0, 32)}\`. Nothing was done.`;
    if (g.focused) continue;
    if (!valid(def, g)) return `The option \`${def.name}\` must be ${takes(def)}; ${shown(g.value)} is not. Nothing was done.`;
  }
  const missing = defs.find((d) => d.required && !given.some((g) => g.name === d.name));
  return missing ? `The option \`${missing.name}\` is required: it must be ${takes(missing)}. Nothing was done.` : null;
}

/**
 * What is wrong with the options of `i` by the definition `command` (the JSON of the registered
 * command), said to the player; null when nothing is.
 */
export function wrongOption(command: { options?: OptionDefinition[] }, i: ChatInputCommandInteraction): string | null {
  let defs = command.options ?? [];
  let given: readonly CommandInteractionOption[] = i.options.data;
  // Down the subcommand group and subcommand, as the definition nests them.
  for (let depth = 0; depth < 2 && defs.some((d) => d.type === T.Subcommand || d.type === T.SubcommandGroup); depth++) {
    const head = given[0];
    const def = head && given.length === 1 ? defs.find((d) => d.name === head.name && d.type === head.type) : undefined;
    if (!head || !def) return 'I do not know that subcommand. Try `/siege help`.';
    defs = def.options ?? [];
    given = head.options ?? [];
  }
  return checkLeaf(defs, given);
}
