// Limits of the other interaction answers (autocomplete choices, modals) and of application
// command definitions (bulk overwrite).

import { FormErrors, charLength, isObject, type FieldPath } from './formErrors.js';
import { ComponentType, MAX_CHOICES, SELECT_TYPES, checkCustomId, validateSelect, type CustomIds } from './limits.js';
import type { JsonObject } from './types.js';

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

export function validateModal(data: unknown, path: FieldPath, errors: FormErrors): void {
  if (!isObject(data)) {
    errors.required(path, undefined);
    return;
  }
  const ids: CustomIds = new Map();
  checkCustomId(data.custom_id, [...path, 'custom_id'], new Map(), errors);
  errors.length([...path, 'title'], data.title, 1, 45);
  const rows = Array.isArray(data.components) ? data.components : [];
  if (rows.length < 1 || rows.length > 5) errors.add([...path, 'components'], 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 5 in length.');
  rows.forEach((row, i) => {
    const rowPath = [...path, 'components', i];
    if (!isObject(row)) return;
    if (row.type === ComponentType.TextDisplay) return;
    if (row.type === ComponentType.Label) {
      errors.length([...rowPath, 'label'], row.label, 1, 45);
      errors.length([...rowPath, 'description'], row.description, 0, 100);
      const inner = row.component;
      if (isObject(inner) && inner.type === ComponentType.TextInput) validateTextInput(inner, [...rowPath, 'component'], ids, errors, false);
      else if (isObject(inner) && typeof inner.type === 'number' && SELECT_TYPES.has(inner.type)) validateSelect(inner, [...rowPath, 'component'], ids, errors);
      else errors.add([...rowPath, 'component'], 'COMPONENT_TYPE_INVALID', 'A label wraps a text input or a select menu');
      return;
    }
    const children = row.type === ComponentType.ActionRow && Array.isArray(row.components) ? row.components : [];
    const input = children[0];
    if (children.length !== 1 || !isObject(input) || input.type !== ComponentType.TextInput) {
      errors.add(rowPath, 'COMPONENT_TYPE_INVALID', 'Modal action rows hold exactly one text input');
      return;
    }
    validateTextInput(input, [...rowPath, 'components', 0], ids, errors, true);
  });
}

function validateTextInput(input: JsonObject, path: FieldPath, ids: CustomIds, errors: FormErrors, needsLabel: boolean): void {
  checkCustomId(input.custom_id, [...path, 'custom_id'], ids, errors);
  if (input.style !== 1 && input.style !== 2) errors.add([...path, 'style'], 'BASE_TYPE_CHOICES', 'Value must be one of {1, 2}.');
  if (needsLabel) errors.length([...path, 'label'], input.label, 1, 45);
  errors.length([...path, 'placeholder'], input.placeholder, 0, 100);
  errors.length([...path, 'value'], input.value, 0, 4000);
  for (const field of ['min_length', 'max_length'] as const) {
    const v = input[field];
    if (v !== undefined && (typeof v !== 'number' || v < (field === 'min_length' ? 0 : 1) || v > 4000)) {
      errors.add([...path, field], 'NUMBER_TYPE_MAX', 'int value should be between 0 and 4000.');
    }
  }
}

/** `optionType` is the focused option's type: 3 string, 4 integer, 10 number. */
export function validateAutocompleteChoices(data: unknown, optionType: number | null, path: FieldPath, errors: FormErrors): void {
  const choices = isObject(data) && Array.isArray(data.choices) ? data.choices : null;
  if (choices === null) {
    errors.required([...path, 'choices'], undefined);
    return;
  }
  errors.arrayMax([...path, 'choices'], choices, MAX_CHOICES);
  choices.forEach((choice, i) => {
    const choicePath = [...path, 'choices', i];
    if (!isObject(choice)) return;
    errors.length([...choicePath, 'name'], choice.name, 1, 100);
    if (typeof choice.value === 'string') {
      errors.length([...choicePath, 'value'], choice.value, 0, 100);
      if (optionType !== null && optionType !== 3) errors.add([...choicePath, 'value'], 'BASE_TYPE_NUMBER', 'Value must be a number for this option');
    } else if (typeof choice.value === 'number') {
      if (optionType === 3) errors.add([...choicePath, 'value'], 'BASE_TYPE_STRING', 'Value must be a string for this option');
    } else {
      errors.required([...choicePath, 'value'], undefined);
    }
  });
}

// ---------------------------------------------------------------------------------------------
// Application commands (bulk overwrite)

const COMMAND_NAME = /^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;

/** Discord's locales (docs: Reference > Locales): the only keys a localization map may have. */
export const DISCORD_LOCALES = new Set([
  'id', 'da', 'de', 'en-GB', 'en-US', 'es-ES', 'es-419', 'fr', 'hr', 'it', 'lt', 'hu', 'nl', 'no', 'pl', 'pt-BR', 'ro', 'fi',
  'sv-SE', 'vi', 'tr', 'cs', 'el', 'bg', 'ru', 'uk', 'hi', 'th', 'zh-CN', 'ja', 'zh-TW', 'ko',
]);

/**
 * A slash command's size limit: name, description and value properties of the command, its
 * options and choices, where each localized field counts at its longest localization, the default
 * included (docs: Application Commands > Slash Commands).
 */
export const COMMAND_SIZE_LIMIT = 8000;

/** A `name_localizations` or `description_localizations` map: known locales, each value valid. */
function validateLocalizations(path: FieldPath, map: unknown, check: (path: FieldPath, value: unknown) => void, errors: FormErrors): void {
  if (map === undefined || map === null) return;
  if (!isObject(map)) {
    errors.add(path, 'DICT_TYPE_CONVERT', 'Only dictionaries may be used in a DictType');
    return;
  }
  for (const [locale, value] of Object.entries(map)) {
    if (!DISCORD_LOCALES.has(locale)) errors.add([...path, locale], 'LOCALE_INVALID', `Invalid locale: ${locale}`);
    else check([...path, locale], value);
  }
}

/** PRIMARY_ENTRY_POINT: the command that opens an app's Activity from the App Launcher. */
export const ENTRY_POINT_TYPE = 4;
/** Its handlers: APP_HANDLER (the app answers), DISCORD_LAUNCH_ACTIVITY (Discord opens the Activity). */
const ENTRY_POINT_HANDLERS = new Set([1, 2]);

/**
 * Where commands are written: globally or to a guild, by an app with Activities enabled or not,
 * over which commands (a bulk overwrite replaces them; a single write adds one beside them).
 */
export type CommandScope = { global: boolean; activity: boolean; existing?: readonly JsonObject[]; bulk?: boolean };

/**
 * `scope` brings the Entry Point command's rules (docs: Application Commands > Entry Point
 * Commands): an app with Activities only, global only, one per app, no options, a handler of 1
 * or 2; a bulk overwrite that would drop the app's existing one is refused (code 50240).
 */
export function validateCommands(commands: unknown, errors: FormErrors, scope: CommandScope = { global: true, activity: false }): void {
  if (!Array.isArray(commands)) {
    errors.add([], 'BASE_TYPE_ARRAY', 'Could not interpret value as array.');
    return;
  }
  errors.arrayMax([], commands, 100);
  const names = new Set<string>();
  let entryPoints = 0;
  commands.forEach((command, i) => {
    if (!isObject(command)) return;
    const type = typeof command.type === 'number' ? command.type : 1;
    const key = `${type}:${String(command.name)}`;
    if (names.has(key)) errors.add([i, 'name'], 'APPLICATION_COMMANDS_DUPLICATE_NAME', `Application command names must be unique (${String(command.name)})`);
    names.add(key);
    const named = type === 1 || type === ENTRY_POINT_TYPE;
    validateCommandName([i, 'name'], command.name, named, errors);
    validateLocalizations([i, 'name_localizations'], command.name_localizations, (p, v) => validateCommandName(p, v, named, errors), errors);
    if (type === ENTRY_POINT_TYPE) {
      entryPoints += 1;
      validateEntryPoint(command, i, scope, errors);
    }
    if (named) {
      errors.length([i, 'description'], command.description, 1, 100);
      validateLocalizations([i, 'description_localizations'], command.description_localizations, (p, v) => errors.length(p, v, 1, 100), errors);
    }
    const options = Array.isArray(command.options) ? command.options : [];
    validateCommandOptions(options, [i, 'options'], 0, errors);
    if (commandSize(command) > COMMAND_SIZE_LIMIT) errors.add([i], 'APPLICATION_COMMAND_TOO_LARGE', `Command exceeds maximum size (${COMMAND_SIZE_LIMIT})`);
  });
  const existingEntry = (scope.existing ?? []).find((c) => c.type === ENTRY_POINT_TYPE);
  // A single write adds beside what is there; a bulk overwrite replaces it all.
  const total = entryPoints + (scope.bulk === false && existingEntry ? 1 : 0);
  if (total > 1) errors.add([], 'APPLICATION_COMMAND_PRIMARY_ENTRY_POINT_LIMIT', 'An application can only have one PRIMARY_ENTRY_POINT command');
  if (scope.bulk !== false && scope.global && existingEntry && entryPoints === 0) {
    errors.add([], 'APPLICATION_COMMAND_PRIMARY_ENTRY_POINT_REQUIRED', 'You cannot remove this app\'s Entry Point command in a bulk update operation (50240)');
  }
}

function validateEntryPoint(command: JsonObject, i: number, scope: CommandScope, errors: FormErrors): void {
  if (!scope.activity) errors.add([i, 'type'], 'APPLICATION_COMMAND_TYPE_INVALID', 'PRIMARY_ENTRY_POINT commands need an app with Activities enabled');
  if (!scope.global) errors.add([i, 'type'], 'APPLICATION_COMMAND_TYPE_INVALID', 'PRIMARY_ENTRY_POINT commands can only be global');
  if (Array.isArray(command.options) && command.options.length) errors.add([i, 'options'], 'APPLICATION_COMMAND_OPTIONS_INVALID', 'PRIMARY_ENTRY_POINT commands take no options');
  if (command.handler !== undefined && !ENTRY_POINT_HANDLERS.has(command.handler as number)) errors.add([i, 'handler'], 'BASE_TYPE_CHOICES', 'Value must be one of {1, 2}.');
}

function validateCommandName(path: FieldPath, name: unknown, lowercase: boolean, errors: FormErrors): void {
  if (typeof name !== 'string' || !COMMAND_NAME.test(name) || (lowercase && name !== name.toLowerCase())) {
    errors.add(path, 'APPLICATION_COMMAND_INVALID_NAME', 'Command name is invalid');
  }
}

/** depth 0: command level, 1: inside a subcommand group, 2: inside a subcommand. */
function validateCommandOptions(options: unknown[], path: FieldPath, depth: number, errors: FormErrors): void {
  errors.arrayMax(path, options, 25);
  const names = new Set<string>();
  let sawOptional = false;
  let subcommands = 0;
  options.forEach((option, i) => {
    if (!isObject(option)) return;
    const optionPath = [...path, i];
    const type = option.type;
    if (typeof type !== 'number' || type < 1 || type > 11) {
      errors.add([...optionPath, 'type'], 'BASE_TYPE_CHOICES', 'Value must be one of {1..11}.');
      return;
    }
    validateCommandName([...optionPath, 'name'], option.name, true, errors);
    validateLocalizations([...optionPath, 'name_localizations'], option.name_localizations, (p, v) => validateCommandName(p, v, true, errors), errors);
    validateLocalizations([...optionPath, 'description_localizations'], option.description_localizations, (p, v) => errors.length(p, v, 1, 100), errors);
    if (typeof option.name === 'string') {
      if (names.has(option.name)) errors.add([...optionPath, 'name'], 'APPLICATION_COMMAND_OPTION_NAME_ALREADY_EXISTS', 'Option names must be unique');
      names.add(option.name);
    }
    errors.length([...optionPath, 'description'], option.description, 1, 100);
    if (type === 1 || type === 2) {
      subcommands += 1;
      if ((type === 2 && depth !== 0) || (type === 1 && depth > 1)) {
        errors.add([...optionPath, 'type'], 'APPLICATION_COMMAND_OPTION_TYPE_INVALID', 'Subcommands cannot be nested this deep');
      }
      const inner = Array.isArray(option.options) ? option.options : [];
      if (type === 2 && inner.some((o) => !isObject(o) || o.type !== 1)) {
        errors.add([...optionPath, 'options'], 'APPLICATION_COMMAND_OPTION_TYPE_INVALID', 'Subcommand groups contain subcommands only');
      }
      validateCommandOptions(inner, [...optionPath, 'options'], type === 2 ? 1 : 2, errors);
      return;
    }
    if (option.required === true && sawOptional) {
      errors.add([...optionPath, 'required'], 'APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID', 'Required options must be placed before non-required options');
    }
    if (option.required !== true) sawOptional = true;
    const choices = Array.isArray(option.choices) ? option.choices : [];
    if (choices.length > 0 && option.autocomplete === true) {
      errors.add([...optionPath, 'autocomplete'], 'APPLICATION_COMMAND_AUTOCOMPLETE_CHOICES', 'Autocomplete cannot be used with choices');
    }
    errors.arrayMax([...optionPath, 'choices'], choices, 25);
    choices.forEach((choice, k) => {
      if (!isObject(choice)) return;
      errors.length([...optionPath, 'choices', k, 'name'], choice.name, 1, 100);
      validateLocalizations([...optionPath, 'choices', k, 'name_localizations'], choice.name_localizations, (p, v) => errors.length(p, v, 1, 100), errors);
      if (typeof choice.value === 'string') errors.length([...optionPath, 'choices', k, 'value'], choice.value, 0, 100);
    });
  });
  if (subcommands > 0 && subcommands !== options.length) {
    errors.add(path, 'APPLICATION_COMMAND_OPTIONS_TYPE_INVALID', 'Subcommands and groups cannot be mixed with other options');
  }
}

/** A field's size: its longest localization, the default included. */
function fieldSize(value: unknown, localizations: unknown): number {
  const all = [charLength(text(value))];
  if (isObject(localizations)) for (const v of Object.values(localizations)) all.push(charLength(text(v)));
  return Math.max(...all);
}

export function commandSize(command: JsonObject): number {
  let n = fieldSize(command.name, command.name_localizations) + fieldSize(command.description, command.description_localizations);
  const options = Array.isArray(command.options) ? command.options : [];
  for (const option of options) {
    if (!isObject(option)) continue;
    n += commandSize(option);
    if (Array.isArray(option.choices)) {
      for (const choice of option.choices) {
        if (isObject(choice)) n += fieldSize(choice.name, choice.name_localizations) + charLength(String(choice.value ?? ''));
      }
    }
  }
  return n;
}
