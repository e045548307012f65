// What a user can do to the bot: run a slash command, type into an autocomplete option, press a
// button, pick in a select menu, submit a modal. Each builder refuses (throws) what a real user
// couldn't do: unregistered commands, invalid options, missing/disabled/invisible components.

import type { InteractionInit, InteractionRecord } from './interactions.js';
import { InteractionType } from './interactions.js';
import { ComponentType, SELECT_TYPES, isObject } from './limits.js';
import {
  basePayload,
  commandData,
  findCommand,
  findComponent,
  resolveContext,
  type CommandInput,
  type ResolvedContext,
} from './payloads.js';
import type { Store } from './store.js';
import type { FakeMessage, JsonObject } from './types.js';

export interface AutocompleteInput extends CommandInput {
  /** The option being typed; it must have `autocomplete: true`. */
  focused: string;
  /** What the user has typed so far. */
  value: string;
}

export interface ComponentInput {
  messageId: string;
  customId: string;
  userId: string;
  locale?: string;
}

export interface SelectInput extends ComponentInput {
  values: string[];
}

export interface ModalInput {
  /** The modal's custom_id. */
  customId: string;
  userId: string;
  /** Text input custom_id → submitted value. */
  fields: Record<string, string>;
  /** The interaction the modal was shown in answer to; default: the latest one showing this modal to this user. */
  from?: InteractionRecord;
  locale?: string;
}

export interface BuiltInteraction {
  ctx: ResolvedContext;
  payload: JsonObject;
  init: Pick<InteractionInit, 'kind' | 'type' | 'sourceMessageId' | 'focusedOptionType'>;
}

export function slashCommandInteraction(store: Store, attachmentLimit: number, input: CommandInput): BuiltInteraction {
  const ctx = resolveContext(store, input);
  const command = findCommand(store, input.name, ctx.guildId);
  const { data } = commandData(store, command, input, ctx, null);
  const payload = basePayload(store, ctx, InteractionType.ApplicationCommand, input.locale, attachmentLimit);
  payload.data = data;
  return { ctx, payload, init: { kind: 'command', type: InteractionType.ApplicationCommand, sourceMessageId: null, focusedOptionType: null } };
}

export function autocompleteInteraction(store: Store, attachmentLimit: number, input: AutocompleteInput): BuiltInteraction {
  const ctx = resolveContext(store, input);
  const command = findCommand(store, input.name, ctx.guildId);
  const { data, focusedType } = commandData(store, command, input, ctx, { name: input.focused, value: input.value });
  const payload = basePayload(store, ctx, InteractionType.Autocomplete, input.locale, attachmentLimit);
  payload.data = data;
  return { ctx, payload, init: { kind: 'autocomplete', type: InteractionType.Autocomplete, sourceMessageId: null, focusedOptionType: focusedType } };
}

export function buttonInteraction(store: Store, attachmentLimit: number, input: ComponentInput): BuiltInteraction {
  const { message, component, ctx } = componentTarget(store, input, 'button');
  const payload = basePayload(store, ctx, InteractionType.MessageComponent, input.locale, attachmentLimit);
  payload.data = { custom_id: input.customId, component_type: ComponentType.Button, ...(typeof component.id === 'number' ? { id: component.id } : {}) };
  payload.message = store.apiMessage(message);
  return { ctx, payload, init: { kind: 'button', type: InteractionType.MessageComponent, sourceMessageId: message.id, focusedOptionType: null } };
}

export function selectInteraction(store: Store, attachmentLimit: number, input: SelectInput): BuiltInteraction {
  const { message, component, ctx } = componentTarget(store, input, 'select');
  const type = Number(component.type);
  const min = typeof component.min_values === 'number' ? component.min_values : 1;
  const max = typeof component.max_values === 'number' ? component.max_values : 1;
  if (input.values.length < min || input.values.length > max) {
    throw new Error(`select ${input.customId} takes ${min}..${max} values, got ${input.values.length}`);
  }
  const resolved: Record<string, JsonObject> = {};
  const add = (kind: string, id: string, value: JsonObject): void => {
    resolved[kind] = { ...(resolved[kind] ?? {}), [id]: value };
  };
  for (const value of input.values) {
    if (type === ComponentType.StringSelect) {
      const options = Array.isArray(component.options) ? component.options : [];
      if (!options.some((o) => isObject(o) && o.value === value)) throw new Error(`select ${input.customId} has no option ${value}`);
      continue;
    }
    const user = store.users.get(value);
    const role = store.roles.get(value);
    const channel = store.channels.get(value);
    if ((type === ComponentType.UserSelect || type === ComponentType.MentionableSelect) && user) {
      add('users', value, store.apiUser(user));
      const member = ctx.guildId ? store.member(ctx.guildId, value) : undefined;
      if (member) add('members', value, store.apiMember(member, false));
    } else if ((type === ComponentType.RoleSelect || type === ComponentType.MentionableSelect) && role) {
      add('roles', value, store.apiRole(role));
    } else if (type === ComponentType.ChannelSelect && channel) {
      add('channels', value, { id: channel.id, name: channel.name, type: channel.type, permissions: store.permissionsFor(input.userId, channel).toString() });
    } else {
      throw new Error(`select ${input.customId}: ${value} is not a valid pick`);
    }
  }
  const payload = basePayload(store, ctx, InteractionType.MessageComponent, input.locale, attachmentLimit);
  payload.data = { custom_id: input.customId, component_type: type, values: input.values, ...(Object.keys(resolved).length ? { resolved } : {}) };
  payload.message = store.apiMessage(message);
  return { ctx, payload, init: { kind: 'select', type: InteractionType.MessageComponent, sourceMessageId: message.id, focusedOptionType: null } };
}

export function modalSubmitInteraction(
  store: Store,
  attachmentLimit: number,
  input: ModalInput,
  previous: readonly InteractionRecord[],
): BuiltInteraction {
  const from = input.from ?? [...previous].reverse().find(
    (r) => r.userId === input.userId && r.modal !== null && r.modal.custom_id === input.customId,
  );
  const modal = from?.modal;
  if (!from || !modal || modal.custom_id !== input.customId || from.userId !== input.userId) {
    throw new Error(`no modal ${input.customId} was shown to user ${input.userId}`);
  }
  const rows = (Array.isArray(modal.components) ? modal.components : []).filter(isObject);
  const inputs: JsonObject[] = [];
  const collect = (node: unknown): void => {
    if (!isObject(node)) return;
    if (node.type === ComponentType.TextInput) inputs.push(node);
    if (Array.isArray(node.components)) node.components.forEach(collect);
    if (isObject(node.component)) collect(node.component);
  };
  rows.forEach(collect);
  for (const key of Object.keys(input.fields)) {
    if (!inputs.some((i) => i.custom_id === key)) throw new Error(`modal ${input.customId} has no field ${key}`);
  }
  const submitted = (field: JsonObject): JsonObject => {
    const value = input.fields[String(field.custom_id)] ?? '';
    if (field.required !== false && value === '') throw new Error(`modal field ${String(field.custom_id)} is required`);
    const min = typeof field.min_length === 'number' ? field.min_length : 0;
    const max = typeof field.max_length === 'number' ? field.max_length : 4000;
    if (value !== '' && (value.length < min || value.length > max)) throw new Error(`modal field ${String(field.custom_id)} takes ${min}..${max} characters`);
    return { type: ComponentType.TextInput, custom_id: field.custom_id, value };
  };
  const components = rows.map((row): JsonObject => {
    if (row.type === ComponentType.Label && isObject(row.component)) return { type: ComponentType.Label, component: submitted(row.component) };
    const first = Array.isArray(row.components) ? row.components[0] : undefined;
    return { type: ComponentType.ActionRow, components: isObject(first) ? [submitted(first)] : [] };
  });
  const ctx = resolveContext(store, { channelId: from.channelId, userId: input.userId });
  const payload = basePayload(store, ctx, InteractionType.ModalSubmit, input.locale, attachmentLimit);
  payload.data = { custom_id: input.customId, components };
  const source = from.sourceMessageId ? store.messages.get(from.sourceMessageId) : undefined;
  if (source) payload.message = store.apiMessage(source);
  return { ctx, payload, init: { kind: 'modal', type: InteractionType.ModalSubmit, sourceMessageId: source?.id ?? null, focusedOptionType: null } };
}

/**
 * A component interaction as a tampered or replayed client could send it: any custom_id (even
 * one Discord would never issue), any values, on any message. For fuzzing the bot's parsing.
 */
export function forgedComponentInteraction(
  store: Store,
  attachmentLimit: number,
  input: { messageId: string; userId: string; customId: string; values?: string[]; locale?: string },
): BuiltInteraction {
  const message = store.messages.get(input.messageId);
  if (!message) throw new Error(`message ${input.messageId} does not exist`);
  const ctx = resolveContext(store, { channelId: message.channelId, userId: input.userId });
  const payload = basePayload(store, ctx, InteractionType.MessageComponent, input.locale, attachmentLimit);
  payload.data = input.values
    ? { custom_id: input.customId, component_type: ComponentType.StringSelect, values: input.values }
    : { custom_id: input.customId, component_type: ComponentType.Button };
  payload.message = store.apiMessage(message);
  const kind = input.values ? 'select' : 'button';
  return { ctx, payload, init: { kind, type: InteractionType.MessageComponent, sourceMessageId: message.id, focusedOptionType: null } };
}

/**
 * A slash command as a tampered client could send it: the registered command's name, any
 * subcommand path, and options given raw (`{ type, name, value }`), with no check of their types
 * or values against the definition. For fuzzing the bot's parsing of options.
 */
export function forgedSlashCommandInteraction(
  store: Store,
  attachmentLimit: number,
  input: InteractionContextInputLike & { name: string; group?: string; subcommand?: string; options: JsonObject[] },
): BuiltInteraction {
  const ctx = resolveContext(store, input);
  const command = findCommand(store, input.name, ctx.guildId);
  let options: JsonObject[] = input.options;
  if (input.subcommand !== undefined) options = [{ type: 1, name: input.subcommand, options }];
  if (input.group !== undefined) options = [{ type: 2, name: input.group, options }];
  const payload = basePayload(store, ctx, InteractionType.ApplicationCommand, input.locale, attachmentLimit);
  payload.data = { id: command.id, name: command.name, type: 1, options, ...(command.guild_id ? { guild_id: command.guild_id } : {}) };
  return { ctx, payload, init: { kind: 'command', type: InteractionType.ApplicationCommand, sourceMessageId: null, focusedOptionType: null } };
}

type InteractionContextInputLike = { guildId?: string; channelId?: string; userId: string; locale?: string };

/** The message and component a user acts on, if a real user could see and use it. */
function componentTarget(store: Store, input: ComponentInput, want: 'button' | 'select'): { message: FakeMessage; component: JsonObject; ctx: ResolvedContext } {
  const message = store.messages.get(input.messageId);
  if (!message || message.deleted) throw new Error(`message ${input.messageId} does not exist (or was deleted)`);
  if (message.ephemeral && message.visibleTo !== input.userId) throw new Error(`message ${input.messageId} is ephemeral and not visible to ${input.userId}`);
  const component = findComponent(message.components, input.customId);
  const isWanted = component && (want === 'button' ? component.type === ComponentType.Button : SELECT_TYPES.has(Number(component.type)));
  if (!component || !isWanted) throw new Error(`message ${input.messageId} has no ${want} with custom_id ${input.customId}`);
  if (component.disabled === true) throw new Error(`${want} ${input.customId} on message ${input.messageId} is disabled`);
  if (want === 'button' && (component.style === 5 || component.style === 6)) throw new Error(`button ${input.customId} is a link/premium button; it sends no interaction`);
  const ctx = resolveContext(store, { channelId: message.channelId, userId: input.userId });
  return { message, component, ctx };
}
