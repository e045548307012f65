// A slash command's options checked against the command's own definition before any handler
// reads them. Discord's clients never send an option of the wrong type, but a tampered one can,
// and discord.js would then throw deep inside a handler ("Something went wrong"). The player is
// told instead, in their language, which option was wrong (by the name their client shows) and
// what it takes.
import { ApplicationCommandOptionType, type ChatInputCommandInteraction, type CommandInteractionOption } from 'discord.js';
import type { Speaker } from '../i18n/index.js';

/** An option of the registered definition, as `SlashCommandBuilder.toJSON()` describes it. */
type OptionDefinition = {
  type: number;
  name: string;
  name_localizations?: Record<string, string | null> | null;
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

/** "a whole number from 1 to 5", "a number of at least 0": `kind` is `integer` or `number`. */
function numberText(sp: Speaker, kind: 'integer' | 'number', def: OptionDefinition): string {
  const min = def.min_value;
  const max = def.max_value;
  if (min !== undefined && max !== undefined) return sp.t(`discord:options.${kind}Between`, { min, max });
  if (min !== undefined) return sp.t(`discord:options.${kind}Min`, { min });
  if (max !== undefined) return sp.t(`discord:options.${kind}Max`, { max });
  return sp.t(`discord:options.${kind}`);
}

/** What a valid value of `def` is, said to the player. */
function takes(sp: Speaker, def: OptionDefinition): string {
  if (def.choices?.length && !def.autocomplete) return sp.t('discord:options.oneOf', { values: def.choices.map((c) => c.value).join(', ') });
  switch (def.type) {
    case T.Integer: return numberText(sp, 'integer', def);
    case T.Number: return numberText(sp, 'number', def);
    case T.Boolean: return sp.t('discord:options.boolean');
    case T.User: return sp.t('discord:options.member');
    case T.Channel: return sp.t('discord:options.channel');
    case T.Role: return sp.t('discord:options.role');
    case T.Mentionable: return sp.t('discord:options.mentionable');
    default: return def.max_length !== undefined ? sp.t('discord:options.textMax', { count: def.max_length }) : sp.t('discord:options.text');
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

/** An option's name as the presser's client shows it (its localization for their locale), in code style. */
const optionName = (def: OptionDefinition, locale: string) => `\`${def.name_localizations?.[locale] ?? def.name}\``;

/** Checks the options of one subcommand; null when they are all as defined. */
function checkLeaf(sp: Speaker, locale: string, defs: OptionDefinition[], given: readonly CommandInteractionOption[]): string | null {
  for (const g of given) {
    const def = defs.find((d) => d.name === g.name);
    if (!def) return sp.t('discord:options.noSuchOption', { option: `\`${String(g.name).slice(0, 32)}\`` });
    if (g.focused) continue;
    if (!valid(def, g)) return sp.t('discord:options.wrongValue', { option: optionName(def, locale), takes: takes(sp, def), given: shown(g.value) });
  }
  const missing = defs.find((d) => d.required && !given.some((g) => g.name === d.name));
  return missing ? sp.t('discord:options.required', { option: optionName(missing, locale), takes: takes(sp, missing) }) : null;
}

/**
 * What is wrong with the options of `i` by the definition `command` (the JSON of the registered
 * command), said to the player in `sp`'s language; null when nothing is.
 */
export function wrongOption(sp: Speaker, command: { options?: OptionDefinition[] }, i: ChatInputCommandInteraction): string | null {
  let defs = command.options ?? [];
  let given: readonly CommandInteractionOption[] = i.options.data;
  // Down the subcommand group and subcommand, as the definition nests them.
  for (let depth = 0; depth < 2 && defs.some((d) => d.type === T.Subcommand || d.type === T.SubcommandGroup); depth++) {
    const head = given[0];
    const def = head && given.length === 1 ? defs.find((d) => d.name === head.name && d.type === head.type) : undefined;
    if (!head || !def) return sp.t('discord:options.noSuchSubcommand', { command: '`/siege help`' });
    defs = def.options ?? [];
    given = head.options ?? [];
  }
  return checkLeaf(sp, i.locale, defs, given);
}
