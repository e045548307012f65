// Interaction responses: POST /interactions/:id/:token/callback and the interaction webhook
// (follow-ups, @original). Enforces the 3-second initial window, single acknowledgement, the
// 15-minute token lifetime, and which callback types fit which interaction.
//
// discord.js 14.28 always sends `?with_response=false|true` on callbacks; with `true` it expects
// 200 + { interaction, resource }, otherwise Discord answers 204.

import { checkOutgoingMessage, type Harness } from './context.js';
import { CallbackType, InteractionType, type InteractionRecord } from './interactions.js';
import { validateAutocompleteChoices, validateModal } from './interactionLimits.js';
import { FormErrors, MessageFlag, describeErrors, isObject } from './limits.js';
import { ApiError, type RestServer, type RouteContext } from './rest.js';
import type { FakeMessage, JsonObject } from './types.js';

const ALLOWED_CALLBACKS: Record<number, readonly number[]> = {
  [InteractionType.Ping]: [CallbackType.Pong],
  [InteractionType.ApplicationCommand]: [4, 5, 9],
  [InteractionType.MessageComponent]: [4, 5, 6, 7, 9],
  [InteractionType.Autocomplete]: [8],
  [InteractionType.ModalSubmit]: [4, 5, 6, 7],
};

/** LAUNCH_ACTIVITY answers a command, a press or a modal, of an app with Activities enabled only. */
const LAUNCHES_ACTIVITY = new Set<number>([InteractionType.ApplicationCommand, InteractionType.MessageComponent, InteractionType.ModalSubmit]);

export function registerInteractionRoutes(rest: RestServer, h: Harness): void {
  rest.add('POST', '/interactions/:interactionId/:token/callback', (ctx) => callback(h, ctx), { auth: false });
  rest.add('POST', '/webhooks/:applicationId/:token', (ctx) => followUp(h, ctx), { auth: false });
  rest.add('GET', '/webhooks/:applicationId/:token/messages/:messageId', (ctx) => {
    const rec = webhookInteraction(h, ctx);
    return { status: 200, body: h.store.apiMessage(webhookMessage(h, rec, ctx.params.messageId!)) };
  }, { auth: false });
  rest.add('PATCH', '/webhooks/:applicationId/:token/messages/:messageId', (ctx) => editWebhookMessage(h, ctx), { auth: false });
  rest.add('DELETE', '/webhooks/:applicationId/:token/messages/:messageId', (ctx) => {
    const rec = webhookInteraction(h, ctx);
    const message = webhookMessage(h, rec, ctx.params.messageId!);
    h.store.deleteMessage(message);
    if (rec.originalMessageId === message.id) rec.loading = false;
    rec.touch();
    if (!message.ephemeral) h.messageEvent('MESSAGE_DELETE', message);
    return { status: 204 };
  }, { auth: false });
}

function callback(h: Harness, ctx: RouteContext): { status: number; body?: unknown } {
  const rec = h.interactions.get(ctx.params.interactionId!);
  if (!rec || rec.token !== ctx.params.token) {
    throw new ApiError(404, 10062, 'Unknown interaction', { violation: 'unknown-interaction', detail: 'no such interaction id/token' });
  }
  ctx.entry.interactionId = rec.id;
  const body = isObject(ctx.body) ? ctx.body : {};
  const type = typeof body.type === 'number' ? body.type : null;
  const refuse = (error: ApiError): never => {
    rec.reject(type, error.status, error.code);
    throw error;
  };
  if (rec.callback) {
    refuse(new ApiError(400, 40060, 'Interaction has already been acknowledged.', {
      violation: 'double-ack', interactionId: rec.id,
      detail: `second initial response (type ${String(type)}) after type ${rec.callback.type} at ${Math.round(rec.callback.ms)} ms`,
    }));
  }
  if (rec.failure || rec.elapsedMs > rec.ackDeadlineMs) {
    const ms = Math.round(rec.elapsedMs);
    rec.fail('late-ack');
    refuse(new ApiError(404, 10062, 'Unknown interaction', {
      violation: 'late-ack', interactionId: rec.id,
      detail: `initial response (type ${String(type)}) arrived ${ms} ms after the interaction; the limit is ${rec.ackDeadlineMs} ms`,
    }));
  }
  if (type === CallbackType.LaunchActivity && LAUNCHES_ACTIVITY.has(rec.type)) {
    if (!h.options.activity) {
      const errors = [{ path: ['type'], code: 'INTERACTION_RESPONSE_TYPE_INVALID', message: 'This application does not have Activities enabled' }];
      refuse(new ApiError(400, 50035, 'Invalid Form Body', { errors, violation: 'launch-activity-without-activity', detail: describeErrors(errors), interactionId: rec.id }));
    }
    if (body.data !== undefined && body.data !== null) {
      const errors = [{ path: ['data'], code: 'BASE_TYPE_INVALID', message: 'LAUNCH_ACTIVITY takes no data' }];
      refuse(new ApiError(400, 50035, 'Invalid Form Body', { errors, violation: 'invalid-form-body', detail: describeErrors(errors), interactionId: rec.id }));
    }
  } else if (type === null || !(ALLOWED_CALLBACKS[rec.type] ?? []).includes(type)) {
    const errors = [{ path: ['type'], code: 'INTERACTION_RESPONSE_TYPE_INVALID', message: `Response type ${String(type)} is not valid for this interaction` }];
    refuse(new ApiError(400, 50035, 'Invalid Form Body', { errors, violation: 'invalid-callback-type', detail: describeErrors(errors), interactionId: rec.id }));
  }
  const data = isObject(body.data) ? body.data : null;
  const withResponse = ctx.query.get('with_response') === 'true';
  try {
    validateCallback(h, rec, type!, data, ctx);
  } catch (error) {
    if (error instanceof ApiError) refuse(error);
    throw error;
  }
  rec.acknowledge({ type: type!, data, withResponse });
  const message = applyCallback(h, rec, type!, data ?? {}, ctx);
  if (!withResponse) return { status: 204 };
  return {
    status: 200,
    body: {
      interaction: {
        id: rec.id,
        type: rec.type,
        ...(message ? {
          response_message_id: message.id,
          response_message_loading: (message.flags & MessageFlag.Loading) !== 0,
          response_message_ephemeral: message.ephemeral,
        } : {}),
      },
      resource: {
        type: type!,
        ...(message && type !== CallbackType.DeferredUpdateMessage ? { message: h.store.apiMessage(message) } : {}),
        ...(type === CallbackType.LaunchActivity ? { activity_instance: { id: `i-${rec.id}` } } : {}),
      },
    },
  };
}

function validateCallback(h: Harness, rec: InteractionRecord, type: number, data: JsonObject | null, ctx: RouteContext): void {
  const current = rec.sourceMessageId ? h.store.messages.get(rec.sourceMessageId) : undefined;
  switch (type) {
    case CallbackType.ChannelMessageWithSource:
      checkOutgoingMessage(h, data, ctx.files, { prefix: ['data'], creating: true, interactionId: rec.id });
      return;
    case CallbackType.UpdateMessage:
      checkOutgoingMessage(h, data, ctx.files, { prefix: ['data'], creating: false, interactionId: rec.id, ...(current ? { current } : {}) });
      return;
    case CallbackType.AutocompleteResult: {
      const errors = new FormErrors();
      validateAutocompleteChoices(data, rec.focusedOptionType, ['data'], errors);
      if (!errors.empty) throw new ApiError(400, 50035, 'Invalid Form Body', { errors: errors.list, violation: 'invalid-form-body', detail: describeErrors(errors.list), interactionId: rec.id });
      return;
    }
    case CallbackType.Modal: {
      const errors = new FormErrors();
      validateModal(data, ['data'], errors);
      if (!errors.empty) throw new ApiError(400, 50035, 'Invalid Form Body', { errors: errors.list, violation: 'invalid-form-body', detail: describeErrors(errors.list), interactionId: rec.id });
      return;
    }
    default:
      return;
  }
}

function applyCallback(h: Harness, rec: InteractionRecord, type: number, data: JsonObject, ctx: RouteContext): FakeMessage | null {
  const channel = h.store.channels.get(rec.channelId)!;
  const ephemeral = typeof data.flags === 'number' && (data.flags & MessageFlag.Ephemeral) !== 0;
  const source = rec.sourceMessageId ? h.store.messages.get(rec.sourceMessageId) : undefined;
  switch (type) {
    case CallbackType.ChannelMessageWithSource:
    case CallbackType.DeferredChannelMessageWithSource: {
      const deferred = type === CallbackType.DeferredChannelMessageWithSource;
      const message = h.store.createMessage({
        channel,
        authorId: h.store.botUser.id,
        body: deferred ? { flags: data.flags } : data,
        files: deferred ? [] : ctx.files,
        type: rec.type === InteractionType.ApplicationCommand ? 20 : 0,
        ephemeralFor: ephemeral ? rec.userId : null,
        interactionId: rec.id,
        webhookId: h.store.applicationId,
        extraFlags: deferred ? MessageFlag.Loading : 0,
      });
      h.store.interactionMetadata.set(message.id, interactionMetadata(h, rec, null));
      rec.originalMessageId = message.id;
      rec.loading = deferred;
      rec.addMessage(message.id);
      if (!message.ephemeral) h.messageEvent('MESSAGE_CREATE', message);
      return message;
    }
    case CallbackType.DeferredUpdateMessage:
      rec.originalMessageId = source?.id ?? null;
      return source ?? null;
    case CallbackType.UpdateMessage: {
      if (!source) return null;
      h.store.editMessage(source, data, ctx.files);
      rec.originalMessageId = source.id;
      rec.addMessage(source.id);
      if (!source.ephemeral) h.messageEvent('MESSAGE_UPDATE', source);
      return source;
    }
    case CallbackType.AutocompleteResult:
      rec.choices = Array.isArray(data.choices) ? (data.choices as JsonObject[]) : [];
      return null;
    case CallbackType.Modal:
      rec.modal = data;
      return null;
    default:
      return null;
  }
}

function interactionMetadata(h: Harness, rec: InteractionRecord, originalResponseId: string | null): JsonObject {
  return {
    id: rec.id,
    type: rec.type,
    user: h.store.apiUserById(rec.userId),
    authorizing_integration_owners: rec.payload.authorizing_integration_owners,
    ...(originalResponseId ? { original_response_message_id: originalResponseId } : {}),
    ...(rec.sourceMessageId ? { interacted_message_id: rec.sourceMessageId } : {}),
  };
}

/** The interaction behind an interaction webhook URL, checked for app id, token age and acknowledgement. */
function webhookInteraction(h: Harness, ctx: RouteContext): InteractionRecord {
  const rec = [...h.interactions.values()].find((r) => r.token === ctx.params.token);
  if (!rec || ctx.params.applicationId !== h.store.applicationId) {
    throw new ApiError(404, 10015, 'Unknown Webhook', { violation: 'unknown-webhook', detail: 'no interaction with this application id and token' });
  }
  ctx.entry.interactionId = rec.id;
  if (rec.elapsedMs > rec.tokenLifetimeMs) {
    throw new ApiError(401, 50027, 'Invalid Webhook Token', { violation: 'expired-token', interactionId: rec.id, detail: `interaction token used ${Math.round(rec.elapsedMs / 1000)} s after the interaction; it lives ${rec.tokenLifetimeMs / 1000} s` });
  }
  if (!rec.callback || rec.failure) {
    throw new ApiError(404, 10015, 'Unknown Webhook', { violation: 'webhook-before-ack', interactionId: rec.id, detail: rec.failure ? `the interaction failed (${rec.failure})` : 'the interaction was never acknowledged' });
  }
  return rec;
}

function webhookMessage(h: Harness, rec: InteractionRecord, messageId: string): FakeMessage {
  const id = messageId === '@original' ? rec.originalMessageId : messageId;
  const message = id ? h.store.messages.get(id) : undefined;
  const belongs = message && (message.interactionId === rec.id || message.id === rec.originalMessageId);
  if (!message || message.deleted || !belongs) {
    throw new ApiError(404, 10008, 'Unknown Message', { violation: 'unknown-message', interactionId: rec.id, detail: `interaction ${rec.id} has no message ${messageId}` });
  }
  return message;
}

function editWebhookMessage(h: Harness, ctx: RouteContext): { status: number; body: unknown } {
  const rec = webhookInteraction(h, ctx);
  const message = webhookMessage(h, rec, ctx.params.messageId!);
  const body = checkOutgoingMessage(h, ctx.body, ctx.files, { prefix: [], creating: false, interactionId: rec.id, current: message });
  if (typeof body.flags === 'number' && (body.flags & MessageFlag.Ephemeral) !== 0 && !message.ephemeral) {
    h.recordViolation({
      kind: 'ephemeral-ignored', method: ctx.method, path: ctx.path, interactionId: rec.id,
      message: 'editing a public message with flags 64 does not make it ephemeral; ephemerality is fixed by the first response (or deferReply)',
    });
  }
  h.store.editMessage(message, body, ctx.files);
  if (message.id === rec.originalMessageId) rec.loading = false;
  rec.addMessage(message.id);
  if (!message.ephemeral) h.messageEvent('MESSAGE_UPDATE', message);
  return { status: 200, body: h.store.apiMessage(message) };
}

function followUp(h: Harness, ctx: RouteContext): { status: number; body?: unknown } {
  const rec = webhookInteraction(h, ctx);
  const body = checkOutgoingMessage(h, ctx.body, ctx.files, { prefix: [], creating: true, interactionId: rec.id });
  const channel = h.store.channels.get(rec.channelId)!;
  let message: FakeMessage;
  const original = rec.originalMessageId ? h.store.messages.get(rec.originalMessageId) : undefined;
  if (rec.loading && original) {
    // The first follow-up after a deferred reply replaces the "thinking..." message and keeps the
    // ephemerality chosen when deferring.
    message = h.store.editMessage(original, { ...body, flags: undefined }, ctx.files);
    rec.loading = false;
    if (!message.ephemeral) h.messageEvent('MESSAGE_UPDATE', message);
  } else {
    const ephemeral = typeof body.flags === 'number' && (body.flags & MessageFlag.Ephemeral) !== 0;
    message = h.store.createMessage({
      channel,
      authorId: h.store.botUser.id,
      body,
      files: ctx.files,
      type: 0,
      ephemeralFor: ephemeral ? rec.userId : null,
      interactionId: rec.id,
      webhookId: h.store.applicationId,
    });
    h.store.interactionMetadata.set(message.id, interactionMetadata(h, rec, rec.originalMessageId));
    if (!message.ephemeral) h.messageEvent('MESSAGE_CREATE', message);
  }
  rec.addMessage(message.id);
  if (ctx.query.get('wait') !== 'true') return { status: 204 };
  return { status: 200, body: h.store.apiMessage(message) };
}
