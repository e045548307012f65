// Discord's documented message limits (content, embeds, components, files, allowed_mentions),
// checked the way the API checks them: every broken rule becomes a field error.

import { FormErrors, charLength, isObject, type FieldPath } from './formErrors.js';
import type { JsonObject } from './types.js';

export { FormErrors, charLength, describeErrors, errorTree, isObject } from './formErrors.js';
export type { FieldError, FieldPath } from './formErrors.js';

export const MAX_CONTENT = 2000;
export const MAX_EMBEDS = 10;
export const MAX_EMBED_TOTAL = 6000;
export const MAX_ACTION_ROWS = 5;
export const MAX_V2_COMPONENTS = 40;
export const MAX_FILES = 10;
export const MAX_CHOICES = 25;

export const MessageFlag = {
  SuppressEmbeds: 1 << 2,
  HasThread: 1 << 5,
  Ephemeral: 1 << 6,
  Loading: 1 << 7,
  SuppressNotifications: 1 << 12,
  IsComponentsV2: 1 << 15,
} as const;

export const ComponentType = {
  ActionRow: 1,
  Button: 2,
  StringSelect: 3,
  TextInput: 4,
  UserSelect: 5,
  RoleSelect: 6,
  MentionableSelect: 7,
  ChannelSelect: 8,
  Section: 9,
  TextDisplay: 10,
  Thumbnail: 11,
  MediaGallery: 12,
  File: 13,
  Separator: 14,
  Container: 17,
  Label: 18,
} as const;

export const SELECT_TYPES: ReadonlySet<number> = new Set([3, 5, 6, 7, 8]);

// ---------------------------------------------------------------------------------------------
// Messages

export function validateMessageBody(
  body: JsonObject,
  prefix: FieldPath,
  fileCount: number,
  errors: FormErrors,
): void {
  const flags = typeof body.flags === 'number' ? body.flags : 0;
  const v2 = (flags & MessageFlag.IsComponentsV2) !== 0;
  if (body.content !== undefined && body.content !== null) {
    errors.length([...prefix, 'content'], body.content, 0, MAX_CONTENT);
    if (v2 && body.content !== '') {
      errors.add([...prefix, 'content'], 'MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2',
        'The \'content\' field cannot be used when using MessageFlags.IS_COMPONENTS_V2');
    }
  }
  if (Array.isArray(body.embeds)) {
    validateEmbeds(body.embeds, [...prefix, 'embeds'], errors);
    if (v2 && body.embeds.length > 0) {
      errors.add([...prefix, 'embeds'], 'MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2',
        'The \'embeds\' field cannot be used when using MessageFlags.IS_COMPONENTS_V2');
    }
  }
  if (body.components !== undefined && body.components !== null) {
    validateMessageComponents(body.components, v2, [...prefix, 'components'], errors);
  }
  if (Array.isArray(body.attachments)) errors.arrayMax([...prefix, 'attachments'], body.attachments, MAX_FILES);
  if (fileCount > MAX_FILES) {
    errors.add([...prefix, 'files'], 'BASE_TYPE_MAX_LENGTH', `Must be ${MAX_FILES} or fewer in length.`);
  }
  const mentions = body.allowed_mentions;
  if (isObject(mentions)) {
    const parse = Array.isArray(mentions.parse) ? mentions.parse : [];
    parse.forEach((kind, i) => {
      if (kind !== 'users' && kind !== 'roles' && kind !== 'everyone') {
        errors.add([...prefix, 'allowed_mentions', 'parse', i], 'BASE_TYPE_CHOICES', "Value must be one of {'roles', 'users', 'everyone'}.");
      }
    });
    for (const kind of ['users', 'roles'] as const) {
      const listed = mentions[kind];
      if (parse.includes(kind) && Array.isArray(listed) && listed.length > 0) {
        errors.add([...prefix, 'allowed_mentions', 'parse'], 'MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE',
          `parse:["${kind}"] and ${kind}: [ids...] are mutually exclusive.`);
      }
      if (Array.isArray(listed)) errors.arrayMax([...prefix, 'allowed_mentions', kind], listed, 100);
    }
  }
}

export function validateEmbeds(embeds: unknown[], path: FieldPath, errors: FormErrors): void {
  errors.arrayMax(path, embeds, MAX_EMBEDS);
  let total = 0;
  embeds.forEach((embed, i) => {
    if (!isObject(embed)) {
      errors.add([...path, i], 'DICT_TYPE_CONVERT', 'Only dictionaries may be used in a DictType');
      return;
    }
    total += validateEmbed(embed, [...path, i], errors);
  });
  if (total > MAX_EMBED_TOTAL) {
    errors.add(path, 'MAX_EMBED_SIZE_EXCEEDED', `Embed size exceeds maximum size of ${MAX_EMBED_TOTAL}`);
  }
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** Validates one embed and returns the characters it counts toward the 6000 total. */
function validateEmbed(embed: JsonObject, path: FieldPath, errors: FormErrors): number {
  errors.length([...path, 'title'], embed.title, 0, 256);
  errors.length([...path, 'description'], embed.description, 0, 4096);
  let total = charLength(text(embed.title)) + charLength(text(embed.description));
  if (embed.color !== undefined && embed.color !== null) {
    if (typeof embed.color !== 'number' || !Number.isInteger(embed.color) || embed.color < 0 || embed.color > 0xffffff) {
      errors.add([...path, 'color'], 'NUMBER_TYPE_MAX', 'int value should be less than or equal to 16777215.');
    }
  }
  if (Array.isArray(embed.fields)) {
    errors.arrayMax([...path, 'fields'], embed.fields, 25);
    embed.fields.forEach((field, i) => {
      if (!isObject(field)) return;
      errors.length([...path, 'fields', i, 'name'], field.name, 1, 256);
      errors.length([...path, 'fields', i, 'value'], field.value, 1, 1024);
      total += charLength(text(field.name)) + charLength(text(field.value));
    });
  }
  if (isObject(embed.footer)) {
    errors.length([...path, 'footer', 'text'], embed.footer.text, 1, 2048);
    total += charLength(text(embed.footer.text));
  }
  if (isObject(embed.author)) {
    errors.length([...path, 'author', 'name'], embed.author.name, 1, 256);
    total += charLength(text(embed.author.name));
  }
  return total;
}

/** Custom ids already used in one message or modal; duplicates are rejected even when disabled. */
export type CustomIds = Map<string, FieldPath>;

export function checkCustomId(value: unknown, path: FieldPath, ids: CustomIds, errors: FormErrors): void {
  errors.length(path, value, 1, 100);
  if (typeof value !== 'string' || value === '') return;
  if (ids.has(value)) {
    errors.add(path, 'COMPONENT_CUSTOM_ID_DUPLICATED', 'Component custom id cannot be duplicated');
  } else {
    ids.set(value, path);
  }
}

export function validateMessageComponents(components: unknown, v2: boolean, path: FieldPath, errors: FormErrors): void {
  if (!Array.isArray(components)) {
    errors.add(path, 'BASE_TYPE_ARRAY', 'Could not interpret value as array.');
    return;
  }
  const ids: CustomIds = new Map();
  if (!v2) {
    errors.arrayMax(path, components, MAX_ACTION_ROWS);
    components.forEach((row, i) => {
      if (!isObject(row) || row.type !== ComponentType.ActionRow) {
        errors.add([...path, i], 'COMPONENT_TYPE_INVALID', 'Top-level components must be action rows without MessageFlags.IS_COMPONENTS_V2');
        return;
      }
      validateActionRow(row, [...path, i], ids, errors);
    });
    return;
  }
  const total = countComponents(components);
  if (total > MAX_V2_COMPONENTS) {
    errors.add(path, 'COMPONENT_MAX_TOTAL_COMPONENTS_EXCEEDED', `The message exceeds the maximum of ${MAX_V2_COMPONENTS} total components`);
  }
  const textBudget = { used: 0 };
  components.forEach((component, i) => validateV2Component(component, [...path, i], ids, errors, textBudget, true));
  if (textBudget.used > 4000) {
    errors.add(path, 'COMPONENT_TEXT_DISPLAY_TOO_LONG', 'The total text of text displays must be 4000 or fewer characters');
  }
}

function countComponents(components: unknown[]): number {
  let n = 0;
  for (const component of components) {
    if (!isObject(component)) continue;
    n += 1;
    if (Array.isArray(component.components)) n += countComponents(component.components);
    if (isObject(component.accessory)) n += 1;
  }
  return n;
}

function validateActionRow(row: JsonObject, path: FieldPath, ids: CustomIds, errors: FormErrors): void {
  const children = Array.isArray(row.components) ? row.components : [];
  if (children.length < 1 || children.length > 5) {
    errors.add([...path, 'components'], 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 5 in length.');
  }
  let width = 0;
  children.forEach((child, j) => {
    const childPath = [...path, 'components', j];
    if (!isObject(child)) return;
    const type = child.type;
    if (type === ComponentType.Button) {
      width += 1;
      validateButton(child, childPath, ids, errors);
    } else if (typeof type === 'number' && SELECT_TYPES.has(type)) {
      width += 5;
      validateSelect(child, childPath, ids, errors);
    } else {
      errors.add(childPath, 'COMPONENT_TYPE_INVALID', `Component type ${String(type)} is not allowed in a message action row`);
      return;
    }
    if (width > 5) {
      errors.add(childPath, 'COMPONENT_LAYOUT_WIDTH_EXCEEDED', 'The specified component exceeds the maximum width');
    }
  });
}

function validateButton(button: JsonObject, path: FieldPath, ids: CustomIds, errors: FormErrors): void {
  const style = button.style;
  if (typeof style !== 'number' || style < 1 || style > 6) {
    errors.add([...path, 'style'], 'BASE_TYPE_CHOICES', 'Value must be one of {1, 2, 3, 4, 5, 6}.');
    return;
  }
  errors.length([...path, 'label'], button.label, 0, 80);
  if (style === 5) {
    errors.required([...path, 'url'], button.url);
    if (button.custom_id !== undefined) {
      errors.add([...path, 'custom_id'], 'BUTTON_COMPONENT_CUSTOM_ID_NOT_ALLOWED', 'Link buttons cannot have a custom_id');
    }
  } else if (style === 6) {
    errors.required([...path, 'sku_id'], button.sku_id);
    for (const field of ['custom_id', 'label', 'url', 'emoji'] as const) {
      if (button[field] !== undefined) errors.add([...path, field], 'BUTTON_COMPONENT_INVALID_FIELD', `Premium buttons cannot have ${field}`);
    }
  } else {
    checkCustomId(button.custom_id, [...path, 'custom_id'], ids, errors);
    if (button.url !== undefined) {
      errors.add([...path, 'url'], 'BUTTON_COMPONENT_URL_NOT_ALLOWED', 'Only link buttons can have a url');
    }
  }
  if (style !== 6 && (button.label === undefined || button.label === '') && button.emoji === undefined) {
    errors.add([...path, 'label'], 'BUTTON_COMPONENT_LABEL_OR_EMOJI_REQUIRED', 'A button needs a label or an emoji');
  }
}

export function validateSelect(select: JsonObject, path: FieldPath, ids: CustomIds, errors: FormErrors): void {
  checkCustomId(select.custom_id, [...path, 'custom_id'], ids, errors);
  errors.length([...path, 'placeholder'], select.placeholder, 0, 150);
  const min = typeof select.min_values === 'number' ? select.min_values : 1;
  const max = typeof select.max_values === 'number' ? select.max_values : 1;
  if (min < 0 || min > 25) errors.add([...path, 'min_values'], 'NUMBER_TYPE_MAX', 'int value should be between 0 and 25.');
  if (max < 1 || max > 25) errors.add([...path, 'max_values'], 'NUMBER_TYPE_MAX', 'int value should be between 1 and 25.');
  if (min > max) errors.add([...path, 'min_values'], 'SELECT_COMPONENT_MIN_VALUES_GREATER_THAN_MAX', 'min_values must be less than or equal to max_values');
  if (select.type === ComponentType.StringSelect) {
    const options = Array.isArray(select.options) ? select.options : [];
    if (options.length < 1 || options.length > 25) {
      errors.add([...path, 'options'], 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 25 in length.');
    }
    const values = new Set<string>();
    let defaults = 0;
    options.forEach((option, k) => {
      if (!isObject(option)) return;
      const optionPath = [...path, 'options', k];
      errors.length([...optionPath, 'label'], option.label, 1, 100);
      errors.length([...optionPath, 'value'], option.value, 1, 100);
      errors.length([...optionPath, 'description'], option.description, 0, 100);
      if (typeof option.value === 'string') {
        if (values.has(option.value)) {
          errors.add(optionPath, 'SELECT_COMPONENT_OPTION_VALUE_DUPLICATED', 'The specified option value is already used');
        }
        values.add(option.value);
      }
      if (option.default === true) defaults += 1;
    });
    if (options.length > 0 && max > options.length) {
      errors.add([...path, 'max_values'], 'SELECT_COMPONENT_MAX_VALUES_EXCEEDS_OPTIONS', 'max_values must be less than or equal to the number of options');
    }
    if (defaults > max) errors.add([...path, 'options'], 'SELECT_COMPONENT_TOO_MANY_DEFAULTS', 'More default options than max_values');
  } else {
    if (select.options !== undefined) errors.add([...path, 'options'], 'COMPONENT_INVALID_FIELD', 'Only string selects have options');
    if (Array.isArray(select.default_values) && select.default_values.length > max) {
      errors.add([...path, 'default_values'], 'BASE_TYPE_MAX_LENGTH', `Must be ${max} or fewer in length.`);
    }
  }
}

function validateV2Component(
  component: unknown,
  path: FieldPath,
  ids: CustomIds,
  errors: FormErrors,
  textBudget: { used: number },
  topLevel: boolean,
): void {
  if (!isObject(component)) return;
  switch (component.type) {
    case ComponentType.ActionRow:
      validateActionRow(component, path, ids, errors);
      return;
    case ComponentType.TextDisplay:
      errors.required([...path, 'content'], component.content);
      textBudget.used += charLength(text(component.content));
      return;
    case ComponentType.Section: {
      const children = Array.isArray(component.components) ? component.components : [];
      if (children.length < 1 || children.length > 3) {
        errors.add([...path, 'components'], 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 3 in length.');
      }
      children.forEach((child, j) => {
        if (!isObject(child) || child.type !== ComponentType.TextDisplay) {
          errors.add([...path, 'components', j], 'COMPONENT_TYPE_INVALID', 'Sections contain text displays only');
        } else {
          validateV2Component(child, [...path, 'components', j], ids, errors, textBudget, false);
        }
      });
      const accessory = component.accessory;
      if (!isObject(accessory)) {
        errors.required([...path, 'accessory'], accessory);
      } else if (accessory.type === ComponentType.Button) {
        validateButton(accessory, [...path, 'accessory'], ids, errors);
      } else if (accessory.type !== ComponentType.Thumbnail) {
        errors.add([...path, 'accessory'], 'COMPONENT_TYPE_INVALID', 'A section accessory is a button or a thumbnail');
      }
      return;
    }
    case ComponentType.Container: {
      if (!topLevel) errors.add(path, 'COMPONENT_TYPE_INVALID', 'Containers cannot be nested');
      const children = Array.isArray(component.components) ? component.components : [];
      children.forEach((child, j) => validateV2Component(child, [...path, 'components', j], ids, errors, textBudget, false));
      return;
    }
    case ComponentType.MediaGallery: {
      const items = Array.isArray(component.items) ? component.items : [];
      if (items.length < 1 || items.length > 10) errors.add([...path, 'items'], 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 10 in length.');
      return;
    }
    case ComponentType.Thumbnail:
    case ComponentType.File:
    case ComponentType.Separator:
      return;
    default:
      errors.add(path, 'COMPONENT_TYPE_INVALID', `Component type ${String(component.type)} is not allowed here`);
  }
}
