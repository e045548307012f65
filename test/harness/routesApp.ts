// Gateway discovery, users, the application, application commands and guild reads.

import type { Harness } from './context.js';
import { FormErrors, describeErrors, isObject } from './formErrors.js';
import { validateCommands } from './interactionLimits.js';
import { ApiError, type RestServer, type RouteContext } from './rest.js';
import type { CommandOptionDefinition, JsonObject, StoredCommand } from './types.js';

export function registerAppRoutes(rest: RestServer, h: Harness): void {
  const { store } = h;

  rest.add('GET', '/gateway', () => ({ status: 200, body: { url: h.gatewayUrl } }), { auth: false });
  rest.add('GET', '/gateway/bot', () => ({
    status: 200,
    body: {
      url: h.gatewayUrl,
      shards: h.options.shardCount,
      session_start_limit: {
        total: 1000,
        remaining: Math.max(0, 1000 - h.gateway.identifyCount),
        reset_after: 14_400_000,
        max_concurrency: h.options.maxConcurrency,
      },
    },
  }));

  rest.add('GET', '/users/@me', () => ({
    status: 200,
    body: { ...store.apiUser(store.botUser), bot: true, verified: true, mfa_enabled: false, email: null, locale: 'en-US' },
  }));
  rest.add('GET', '/users/:userId', (ctx) => {
    const user = store.users.get(ctx.params.userId!);
    if (!user) throw new ApiError(404, 10013, 'Unknown User');
    return { status: 200, body: store.apiUser(user) };
  });

  const application = (): JsonObject => ({
    id: store.applicationId,
    name: store.botUser.username,
    icon: null,
    description: '',
    summary: '',
    type: null,
    bot: store.apiUser(store.botUser),
    bot_public: true,
    bot_require_code_grant: false,
    verify_key: '0'.repeat(64),
    // EMBEDDED (1 << 17): the app has Activities enabled.
    flags: h.options.activity ? 1 << 17 : 0,
    owner: { id: '0', username: 'owner', discriminator: '0', global_name: null, avatar: null, flags: 0 },
    team: null,
    approximate_guild_count: store.guilds.size,
    integration_types_config: { '0': {} },
    install_params: { scopes: ['bot', 'applications.commands'], permissions: '0' },
  });
  rest.add('GET', '/applications/@me', () => ({ status: 200, body: application() }));
  rest.add('PATCH', '/applications/@me', () => ({ status: 200, body: application() }));

  const commandList = (guildId: string | null): StoredCommand[] => {
    if (guildId === null) return store.globalCommands;
    let list = store.guildCommands.get(guildId);
    if (!list) {
      list = [];
      store.guildCommands.set(guildId, list);
    }
    return list;
  };
  const scope = (ctx: RouteContext): string | null => {
    if (ctx.params.applicationId !== store.applicationId) {
      throw new ApiError(403, 50001, 'Missing Access', { violation: 'wrong-application-id', detail: `application id ${String(ctx.params.applicationId)} is not the bot's (${store.applicationId})` });
    }
    const guildId = ctx.params.guildId ?? null;
    if (guildId !== null && (!store.guilds.has(guildId) || !store.member(guildId, store.botUser.id))) {
      throw new ApiError(403, 50001, 'Missing Access');
    }
    return guildId;
  };

  for (const prefix of ['/applications/:applicationId', '/applications/:applicationId/guilds/:guildId']) {
    rest.add('GET', `${prefix}/commands`, (ctx) => ({ status: 200, body: commandList(scope(ctx)) }));
    rest.add('PUT', `${prefix}/commands`, (ctx) => {
      const guildId = scope(ctx);
      const errors = new FormErrors();
      const list = commandList(guildId);
      validateCommands(ctx.body, errors, { global: guildId === null, activity: h.options.activity, existing: list });
      if (!errors.empty) throw new ApiError(400, 50035, 'Invalid Form Body', { errors: errors.list, violation: 'invalid-command', detail: describeErrors(errors.list) });
      const next = (ctx.body as JsonObject[]).map((def) => storeCommand(h, def, guildId, list));
      list.splice(0, list.length, ...next);
      return { status: 200, body: next };
    });
    rest.add('POST', `${prefix}/commands`, (ctx) => {
      const guildId = scope(ctx);
      const errors = new FormErrors();
      const list = commandList(guildId);
      const body = isObject(ctx.body) ? ctx.body : {};
      // A command of the same name and type is replaced, not added beside.
      const others = list.filter((c) => !(c.name === body.name && c.type === (typeof body.type === 'number' ? body.type : 1)));
      validateCommands([ctx.body], errors, { global: guildId === null, activity: h.options.activity, existing: others, bulk: false });
      if (!errors.empty) throw new ApiError(400, 50035, 'Invalid Form Body', { errors: errors.list, violation: 'invalid-command', detail: describeErrors(errors.list) });
      const command = storeCommand(h, ctx.body as JsonObject, guildId, list);
      const index = list.findIndex((c) => c.id === command.id);
      if (index >= 0) list[index] = command;
      else list.push(command);
      return { status: index >= 0 ? 200 : 201, body: command };
    });
    rest.add('GET', `${prefix}/commands/:commandId`, (ctx) => {
      const command = commandList(scope(ctx)).find((c) => c.id === ctx.params.commandId);
      if (!command) throw new ApiError(404, 10063, 'Unknown application command');
      return { status: 200, body: command };
    });
    rest.add('PATCH', `${prefix}/commands/:commandId`, (ctx) => {
      const guildId = scope(ctx);
      const list = commandList(guildId);
      const index = list.findIndex((c) => c.id === ctx.params.commandId);
      if (index < 0) throw new ApiError(404, 10063, 'Unknown application command');
      const previous = list[index]!;
      const merged: JsonObject = { ...previous, ...(isObject(ctx.body) ? ctx.body : {}) };
      const errors = new FormErrors();
      validateCommands([merged], errors, { global: guildId === null, activity: h.options.activity, existing: list.filter((_, k) => k !== index), bulk: false });
      if (!errors.empty) throw new ApiError(400, 50035, 'Invalid Form Body', { errors: errors.list, violation: 'invalid-command', detail: describeErrors(errors.list) });
      const command: StoredCommand = { ...(merged as StoredCommand), id: previous.id, application_id: h.store.applicationId, version: h.store.ids.next() };
      list[index] = command;
      return { status: 200, body: command };
    });
    rest.add('DELETE', `${prefix}/commands/:commandId`, (ctx) => {
      const list = commandList(scope(ctx));
      const index = list.findIndex((c) => c.id === ctx.params.commandId);
      if (index < 0) throw new ApiError(404, 10063, 'Unknown application command');
      list.splice(index, 1);
      return { status: 204 };
    });
  }

  const guildOr404 = (guildId: string) => {
    const guild = store.guilds.get(guildId);
    if (!guild || !store.member(guildId, store.botUser.id)) throw new ApiError(404, 10004, 'Unknown Guild');
    return guild;
  };
  rest.add('GET', '/guilds/:guildId', (ctx) => {
    const guild = guildOr404(ctx.params.guildId!);
    const counts = ctx.query.get('with_counts') === 'true'
      ? { approximate_member_count: store.guildMembers(guild.id).size, approximate_presence_count: 0 }
      : {};
    return { status: 200, body: { ...store.apiGuild(guild), ...counts } };
  });
  rest.add('GET', '/guilds/:guildId/channels', (ctx) => {
    const guild = guildOr404(ctx.params.guildId!);
    return { status: 200, body: store.guildChannels(guild.id).map((c) => store.apiChannel(c)) };
  });
  rest.add('GET', '/guilds/:guildId/threads/active', (ctx) => {
    const guild = guildOr404(ctx.params.guildId!);
    const threads = store.activeThreads(guild.id);
    return {
      status: 200,
      body: {
        threads: threads.map((t) => store.apiChannel(t)),
        members: threads.filter((t) => t.threadMemberIds.has(store.botUser.id)).map((t) => store.apiThreadMember(t, store.botUser.id)),
      },
    };
  });
  rest.add('GET', '/guilds/:guildId/roles', (ctx) => {
    const guild = guildOr404(ctx.params.guildId!);
    return { status: 200, body: store.guildRoles(guild.id).map((r) => store.apiRole(r)) };
  });
  rest.add('GET', '/guilds/:guildId/members', (ctx) => {
    const guild = guildOr404(ctx.params.guildId!);
    const limit = Math.min(1000, Math.max(1, Number(ctx.query.get('limit') ?? 1)));
    const after = ctx.query.get('after') ?? '0';
    const members = [...store.guildMembers(guild.id).values()]
      .filter((m) => BigInt(m.userId) > BigInt(after))
      .sort((a, b) => (BigInt(a.userId) < BigInt(b.userId) ? -1 : 1))
      .slice(0, limit);
    return { status: 200, body: members.map((m) => store.apiMember(m)) };
  });
  rest.add('GET', '/guilds/:guildId/members/:userId', (ctx) => {
    const guild = guildOr404(ctx.params.guildId!);
    const userId = ctx.params.userId === '@me' ? store.botUser.id : ctx.params.userId!;
    const member = store.member(guild.id, userId);
    if (!member) throw new ApiError(404, 10007, 'Unknown Member');
    return { status: 200, body: store.apiMember(member) };
  });
}

/** Stores a command definition; a command with the same name and type keeps its id, as on Discord. */
function storeCommand(h: Harness, def: JsonObject, guildId: string | null, existing: StoredCommand[]): StoredCommand {
  const type = typeof def.type === 'number' ? def.type : 1;
  const previous = existing.find((c) => c.name === def.name && c.type === type);
  const command: StoredCommand = {
    default_member_permissions: null,
    nsfw: false,
    integration_types: [0],
    contexts: null,
    ...def,
    id: previous?.id ?? h.store.ids.next(),
    application_id: h.store.applicationId,
    version: h.store.ids.next(),
    type,
    name: String(def.name),
    description: typeof def.description === 'string' ? def.description : '',
    ...(Array.isArray(def.options) ? { options: def.options as CommandOptionDefinition[] } : {}),
    ...(guildId ? { guild_id: guildId } : {}),
  };
  return command;
}
