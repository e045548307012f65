// Interaction payloads as Discord builds them when a user acts: the common fields (member or
// user, channel, app_permissions, locale, context, ...) and APPLICATION_COMMAND / autocomplete data
// built from the registered command definitions.

import { randomBytes } from 'node:crypto';
import { ComponentType, isObject } from './limits.js';
import { ChannelType, isTextBased, isThread, type Store } from './store.js';
import type { CommandOptionDefinition, FakeChannel, FakeUser, JsonObject, StoredCommand } from './types.js';

export interface InteractionContextInput {
  /** Omit both guildId and channelId for a DM with the bot. */
  guildId?: string;
  channelId?: string;
  userId: string;
  /** The user's client locale; defaults to the user's `locale`. */
  locale?: string;
}

export interface ResolvedContext {
  user: FakeUser;
  channel: FakeChannel;
  guildId: string | null;
}

export function resolveContext(store: Store, input: InteractionContextInput): ResolvedContext {
  const user = store.users.get(input.userId);
  if (!user) throw new Error(`unknown user ${input.userId}`);
  if (user.bot) throw new Error(`user ${user.username} is a bot; bots cannot use interactions`);
  if (input.channelId === undefined) {
    if (input.guildId !== undefined) throw new Error('a guild interaction needs a channelId');
    return { user, channel: store.dmChannel(user.id), guildId: null };
  }
  const channel = store.channels.get(input.channelId);
  if (!channel || channel.deleted) throw new Error(`unknown or deleted channel ${input.channelId}`);
  if (!isTextBased(channel)) throw new Error(`channel ${channel.name ?? channel.id} is not text-based`);
  if (input.guildId !== undefined && channel.guildId !== input.guildId) {
    throw new Error(`channel ${input.channelId} is not in guild ${input.guildId}`);
  }
  if (channel.type === ChannelType.DM && channel.recipientId !== user.id) {
    throw new Error(`user ${user.username} cannot see DM channel ${channel.id}`);
  }
  if (channel.guildId !== null && !store.member(channel.guildId, user.id)) {
    throw new Error(`user ${user.username} is not a member of guild ${channel.guildId}`);
  }
  return { user, channel, guildId: channel.guildId };
}

export function basePayload(store: Store, ctx: ResolvedContext, type: number, locale: string | undefined, attachmentSizeLimit: number): JsonObject {
  const { user, channel, guildId } = ctx;
  const guild = guildId ? store.guilds.get(guildId) : undefined;
  const payload: JsonObject = {
    id: store.ids.next(),
    application_id: store.applicationId,
    type,
    token: `aW50ZXJhY3Rpb24${randomBytes(24).toString('base64url')}`,
    version: 1,
    app_permissions: store.permissionsFor(store.botUser.id, channel).toString(),
    locale: locale ?? user.locale,
    entitlements: [],
    // GUILD_INSTALL (0) -> guild id, or "0" when used in the bot's DM.
    authorizing_integration_owners: { '0': guild ? guild.id : '0' },
    context: guild ? 0 : 1,
    attachment_size_limit: attachmentSizeLimit,
    channel: { ...store.apiChannel(channel), ...(guild ? { permissions: store.permissionsFor(user.id, channel).toString() } : {}) },
    channel_id: channel.id,
  };
  if (guild) {
    const member = store.member(guild.id, user.id)!;
    payload.guild_id = guild.id;
    payload.guild = { id: guild.id, locale: guild.preferredLocale, features: [] };
    payload.guild_locale = guild.preferredLocale;
    payload.member = { ...store.apiMember(member), permissions: store.permissionsFor(user.id, channel).toString() };
  } else {
    payload.user = store.apiUser(user);
  }
  return payload;
}

export type OptionValue = string | number | boolean;

export interface CommandInput extends InteractionContextInput {
  name: string;
  group?: string;
  subcommand?: string;
  options?: Record<string, OptionValue>;
}

export function findCommand(store: Store, name: string, guildId: string | null): StoredCommand {
  const guildCommand = guildId ? store.guildCommands.get(guildId)?.find((c) => c.name === name && c.type === 1) : undefined;
  const command = guildCommand ?? store.globalCommands.find((c) => c.name === name && c.type === 1);
  if (!command) {
    throw new Error(`/${name} is not registered${guildId ? ` globally or in guild ${guildId}` : ' globally'}; a user could not invoke it`);
  }
  if (!guildId) {
    const contexts = command.contexts;
    if (command.dm_permission === false || (Array.isArray(contexts) && !contexts.includes(1))) {
      throw new Error(`/${name} is not available in DMs`);
    }
  } else if (Array.isArray(command.contexts) && !command.contexts.includes(0)) {
    throw new Error(`/${name} is not available in guilds`);
  }
  return command;
}

/**
 * Builds `data` for APPLICATION_COMMAND or autocomplete: subcommand nesting, typed values and
 * `resolved` users/members/channels/roles, all checked against the registered definition.
 */
export function commandData(
  store: Store,
  command: StoredCommand,
  input: CommandInput,
  ctx: ResolvedContext,
  focused: { name: string; value: string } | null,
): { data: JsonObject; focusedType: number | null } {
  let definitions = command.options ?? [];
  const path: string[] = [];
  const wrap: ((inner: JsonObject[]) => JsonObject[])[] = [];
  const hasSubcommands = definitions.some((o) => o.type === 1 || o.type === 2);
  if (input.group !== undefined) {
    const group = definitions.find((o) => o.type === 2 && o.name === input.group);
    if (!group) throw new Error(`/${command.name} has no subcommand group ${input.group}`);
    definitions = group.options ?? [];
    path.push(group.name);
    wrap.push((inner) => [{ type: 2, name: group.name, options: inner }]);
  }
  if (input.subcommand !== undefined) {
    const sub = definitions.find((o) => o.type === 1 && o.name === input.subcommand);
    if (!sub) throw new Error(`/${[command.name, ...path].join(' ')} has no subcommand ${input.subcommand}`);
    definitions = sub.options ?? [];
    wrap.push((inner) => [{ type: 1, name: sub.name, options: inner }]);
  } else if (hasSubcommands) {
    throw new Error(`/${command.name} needs a subcommand`);
  }
  const resolved: Record<string, JsonObject> = {};
  const add = (kind: string, id: string, value: JsonObject): void => {
    resolved[kind] = { ...(resolved[kind] ?? {}), [id]: value };
  };
  const given = { ...(input.options ?? {}) };
  let focusedType: number | null = null;
  if (focused) given[focused.name] = focused.value;
  for (const name of Object.keys(given)) {
    if (!definitions.some((d) => d.name === name)) throw new Error(`/${command.name} has no option ${name}`);
  }
  const options: JsonObject[] = [];
  for (const def of definitions) {
    const value = given[def.name];
    if (focused && def.name === focused.name) {
      if (!def.autocomplete) throw new Error(`option ${def.name} of /${command.name} has no autocomplete`);
      focusedType = def.type;
      options.push({ type: def.type, name: def.name, value: focused.value, focused: true });
      continue;
    }
    if (value === undefined) {
      if (def.required && !focused) throw new Error(`/${command.name}: required option ${def.name} is missing`);
      continue;
    }
    options.push({ type: def.type, name: def.name, value: optionValue(store, command.name, def, value, ctx, add, focused !== null) });
  }
  let nested: JsonObject[] = options;
  for (const w of wrap.reverse()) nested = w(nested);
  const data: JsonObject = { id: command.id, name: command.name, type: 1, options: nested };
  if (command.guild_id) data.guild_id = command.guild_id;
  if (Object.keys(resolved).length > 0) data.resolved = resolved;
  return { data, focusedType };
}

function optionValue(
  store: Store,
  commandName: string,
  def: CommandOptionDefinition,
  value: OptionValue,
  ctx: ResolvedContext,
  add: (kind: string, id: string, value: JsonObject) => void,
  partial: boolean,
): OptionValue {
  const where = `/${commandName} ${def.name}`;
  const choices = def.choices;
  if (!partial && Array.isArray(choices) && choices.length > 0 && !choices.some((c) => c.value === value)) {
    throw new Error(`${where}: ${String(value)} is not one of the choices`);
  }
  switch (def.type) {
    case 3: {
      if (typeof value !== 'string') throw new Error(`${where} takes a string`);
      const min = typeof def.min_length === 'number' ? def.min_length : 0;
      const max = typeof def.max_length === 'number' ? def.max_length : 6000;
      if (!partial && (value.length < min || value.length > max)) throw new Error(`${where}: length must be ${min}..${max}`);
      return value;
    }
    case 4:
    case 10: {
      if (typeof value !== 'number' || (def.type === 4 && !Number.isInteger(value))) throw new Error(`${where} takes ${def.type === 4 ? 'an integer' : 'a number'}`);
      if (!partial && typeof def.min_value === 'number' && value < def.min_value) throw new Error(`${where}: below min_value`);
      if (!partial && typeof def.max_value === 'number' && value > def.max_value) throw new Error(`${where}: above max_value`);
      return value;
    }
    case 5:
      if (typeof value !== 'boolean') throw new Error(`${where} takes a boolean`);
      return value;
    case 6:
    case 9: {
      const id = String(value);
      const user = store.users.get(id);
      const role = store.roles.get(id);
      if (user) {
        add('users', id, store.apiUser(user));
        const member = ctx.guildId ? store.member(ctx.guildId, id) : undefined;
        if (member) add('members', id, { ...store.apiMember(member, false), permissions: store.permissionsFor(id, ctx.channel).toString() });
      } else if (def.type === 9 && role && role.guildId === ctx.guildId) {
        add('roles', id, store.apiRole(role));
      } else {
        throw new Error(`${where}: unknown user ${id}`);
      }
      return id;
    }
    case 7: {
      const channel = store.channels.get(String(value));
      if (!channel || channel.deleted || channel.guildId !== ctx.guildId) throw new Error(`${where}: unknown channel ${String(value)}`);
      const types = def.channel_types;
      if (Array.isArray(types) && !types.includes(channel.type)) throw new Error(`${where}: channel type ${channel.type} not allowed`);
      add('channels', channel.id, {
        id: channel.id,
        name: channel.name,
        type: channel.type,
        permissions: store.permissionsFor(ctx.user.id, channel).toString(),
        ...(isThread(channel) ? { parent_id: channel.parentId, thread_metadata: (store.apiChannel(channel).thread_metadata as JsonObject) } : {}),
      });
      return channel.id;
    }
    case 8: {
      const role = store.roles.get(String(value));
      if (!role || role.guildId !== ctx.guildId) throw new Error(`${where}: unknown role ${String(value)}`);
      add('roles', role.id, store.apiRole(role));
      return role.id;
    }
    default:
      throw new Error(`${where}: option type ${def.type} is not supported by the fake`);
  }
}

/** Finds an interactive component by custom_id in a message's components (rows, sections, containers). */
export function findComponent(components: unknown[], customId: string): JsonObject | null {
  for (const component of components) {
    if (!isObject(component)) continue;
    if (component.custom_id === customId) return component;
    if (Array.isArray(component.components)) {
      const inner = findComponent(component.components, customId);
      if (inner) return inner;
    }
    if (isObject(component.accessory) && component.accessory.custom_id === customId) return component.accessory;
  }
  return null;
}

export const SELECT_COMPONENT_TYPES: readonly number[] = [
  ComponentType.StringSelect,
  ComponentType.UserSelect,
  ComponentType.RoleSelect,
  ComponentType.MentionableSelect,
  ComponentType.ChannelSelect,
];
