/**
 * `POST /v1/events/trigger` (docs/behaviour/events.md#trigger): the API checks and answers, the recipients (subscribers,
 * topics, de-duplication, upserts), actor and tenant, then one notification per subscriber whose
 * run starts when the trigger reaches it: at once, or for a large fan-out in a later chunk between
 * other requests (run/fan-out.ts; docs/behaviour/events.md#trigger and docs/behaviour/runs.md).
 *
 * @module
 */

import type { JsonObject } from '../../../src/schemas/common';
import { TriggerBody, type TriggerStatus } from '../../../src/schemas/event';
import { applyPayloadDefaults, validatePayload } from '../policy/payload';
import { isValidIdentifier, newSubscriberRecord } from '../resources/subscriber-lifecycle';
import { findSubscriber, putSubscriber, setChannelCredentials } from '../resources/subscribers';
import { subscriptionAdmits } from '../resources/subscription-preferences';
import type { EngineScope } from '../scope';
import { EMPTY_OBJECT } from '../store/shared';
import type { StoredChannel, SubscriberRecord, WorkflowRecord } from '../store/state';
import { PROFILE_FIELDS } from '../store/state';
import { tables } from '../store/tables';
import { workflowByWorkflowId } from '../store/workflow-index';
import { contextKeysOf, contextMessages } from '../wire/context-keys';
import { ServiceError } from '../wire/service-error';
import { validateBody } from '../wire/validation';
import { storeAttachments } from './attachments';
import { fanOut } from './fan-out';
import type { Recipient } from './new-notification';

/**
 * The body of the trigger's answer (inside `{data}`).
 *
 * @example
 * ```ts
 * const result: TriggerResultDto = { acknowledged: true, status: 'processed', transactionId: 'txn-1' };
 * ```
 */
export interface TriggerResultDto {
  acknowledged: true;
  status: TriggerStatus;
  transactionId: string;
  activityFeedLink?: string;
  error?: string[];
}

/** A subscriber definition of `to` or `actor`, checked. */
interface SubscriberDefinition {
  subscriberId: string;
  fields: Partial<
    Pick<
      SubscriberRecord,
      'firstName' | 'lastName' | 'email' | 'phone' | 'avatar' | 'locale' | 'timezone'
    >
  >;
  data?: Record<string, unknown> | null;
  channels: { providerId: string; integrationIdentifier?: string; credentials: JsonObject }[];
}

interface TopicRecipient {
  topicKey: string;
  exclude: string[];
}

const DUPLICATE_TRANSACTION =
  'transactionId property is not unique, please make sure all triggers have a unique transactionId';

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Reads a subscriber definition; `undefined` when it is not one the service can use. */
function readDefinition(value: Record<string, unknown>): SubscriberDefinition | undefined {
  const { subscriberId } = value;
  if (typeof subscriberId !== 'string' || !isValidIdentifier(subscriberId)) return undefined;
  const fields: SubscriberDefinition['fields'] = {};
  for (const name of PROFILE_FIELDS) {
    const field = value[name];
    if (field === undefined) continue;
    if (field !== null && typeof field !== 'string') return undefined;
    fields[name] = field;
  }
  const data = value['data'];
  if (data !== undefined && data !== null && !isObject(data)) return undefined;
  const channels: SubscriberDefinition['channels'] = [];
  const given = value['channels'];
  if (given !== undefined) {
    if (!Array.isArray(given)) return undefined;
    for (const channel of given) {
      if (!isObject(channel) || typeof channel['providerId'] !== 'string') return undefined;
      if (!isObject(channel['credentials'])) return undefined;
      const identifier = channel['integrationIdentifier'];
      channels.push({
        providerId: channel['providerId'],
        ...(typeof identifier === 'string' ? { integrationIdentifier: identifier } : {}),
        credentials: channel['credentials'],
      });
    }
  }
  return { subscriberId, fields, ...(data === undefined ? {} : { data }), channels };
}

/**
 * Creates or updates a subscriber from a definition (docs/behaviour/runs.md#recipients), then sets
 * its channels by the credentials rule. `undefined` when that rule refuses a channel: the
 * service's subscriber processing fails there, after the profile and the earlier channels are
 * saved, and the subscriber's run stops.
 */
function upsertSubscriber(
  scope: EngineScope,
  definition: SubscriberDefinition,
): SubscriberRecord | undefined {
  const { data } = scope;
  const at = scope.iso();
  let record = findSubscriber(data, definition.subscriberId);
  if (record === undefined) {
    record = {
      ...newSubscriberRecord(scope, definition.subscriberId),
      ...definition.fields,
      ...(definition.data === undefined ? {} : { data: structuredClone(definition.data) }),
    };
    putSubscriber(data, record);
  } else {
    const changes: Partial<SubscriberRecord> = {};
    for (const [key, value] of Object.entries(definition.fields)) {
      const field = key as keyof SubscriberDefinition['fields'];
      if (record[field] !== value) (changes as Record<string, unknown>)[field] = value;
    }
    if (
      definition.data !== undefined &&
      JSON.stringify(record.data) !== JSON.stringify(definition.data)
    ) {
      changes.data = structuredClone(definition.data);
    }
    if (Object.keys(changes).length > 0) {
      tables.subscribers.update(data, record, (row) => {
        Object.assign(row, changes, { updatedAt: at });
      });
    }
  }
  for (const channel of definition.channels) {
    const refusal = setChannelCredentials(scope, record, {
      ...channel,
      credentials: readCredentials(channel.credentials),
    });
    if (refusal) return undefined;
  }
  return record;
}

/** The credentials a definition's channel gives, as the run reads them: the text ones only. */
function readCredentials(given: JsonObject): StoredChannel['credentials'] {
  const credentials: StoredChannel['credentials'] = {};
  if (typeof given['webhookUrl'] === 'string') credentials.webhookUrl = given['webhookUrl'];
  if (typeof given['channel'] === 'string') credentials.channel = given['channel'];
  if (Array.isArray(given['deviceTokens'])) {
    credentials.deviceTokens = given['deviceTokens'].filter(
      (token): token is string => typeof token === 'string',
    );
  }
  return credentials;
}

/** Splits `to` into subscriber definitions and topics; invalid entries are dropped. */
function readRecipients(to: unknown): {
  subscribers: { definition: SubscriberDefinition; to: Record<string, unknown> | undefined }[];
  topics: TopicRecipient[];
} {
  const entries = Array.isArray(to) ? to : [to];
  const subscribers: {
    definition: SubscriberDefinition;
    to: Record<string, unknown> | undefined;
  }[] = [];
  const topics: TopicRecipient[] = [];
  for (const entry of entries) {
    if (typeof entry === 'string') {
      if (isValidIdentifier(entry)) {
        subscribers.push({
          definition: { subscriberId: entry, fields: {}, channels: [] },
          to: undefined, // { subscriberId } with the stored subscriber's string, once it is known
        });
      }
    } else if (isObject(entry) && entry['type'] === 'Topic') {
      if (typeof entry['topicKey'] === 'string' && entry['topicKey'] !== '') {
        const exclude = Array.isArray(entry['exclude'])
          ? entry['exclude'].filter((id): id is string => typeof id === 'string')
          : [];
        topics.push({ topicKey: entry['topicKey'], exclude });
      }
    } else if (isObject(entry)) {
      const definition = readDefinition(entry);
      if (definition) subscribers.push({ definition, to: structuredClone(entry) });
    }
  }
  return { subscribers, topics };
}

/**
 * The recipients of a trigger: the subscribers named in `to`, then each topic's subscribers
 * whose subscription admits the workflow and payload (docs/behaviour/topics.md#subscription-preferences).
 */
function resolveRecipients(
  scope: EngineScope,
  { subscribers, topics }: ReturnType<typeof readRecipients>,
  actorId: string | undefined,
  event: { workflow: WorkflowRecord; payload: JsonObject },
): Recipient[] {
  const byId = new Map<string, Recipient>();
  for (const { definition, to: given } of subscribers) {
    const subscriber = upsertSubscriber(scope, definition);
    // The last entry naming a subscriber decides its run, a refused one included.
    if (subscriber === undefined) {
      byId.delete(definition.subscriberId);
      continue;
    }
    // A `to` string is the stored subscriberId (an exact key): the record's string is kept, not
    // the request's copy.
    const definitionTo = given ?? { subscriberId: subscriber.subscriberId };
    const known = byId.get(subscriber.subscriberId);
    if (known) known.to = definitionTo;
    else {
      byId.set(subscriber.subscriberId, {
        subscriber,
        to: definitionTo,
        topics: [],
        subscriptions: [],
      });
    }
  }
  for (const topic of topics) {
    const record = tables.topics.get(scope.data, topic.topicKey);
    if (!record) continue; // the service only logs a warning for an unknown topic
    const excluded = new Set(topic.exclude);
    if (actorId !== undefined) excluded.add(actorId);
    for (const subscription of tables.subscriptions.values(scope.data)) {
      if (subscription._topicId !== record._id) continue;
      const subscriberId = tables.subscribers.subscriberIdOf(
        scope.data,
        subscription._subscriberId,
      );
      if (subscriberId === undefined || excluded.has(subscriberId)) continue;
      if (!subscriptionAdmits(subscription, event.workflow._id, event.payload)) continue;
      const subscriber = findSubscriber(scope.data, subscriberId);
      if (!subscriber) continue;
      const known = byId.get(subscriberId);
      const entry = { _topicId: record._id, topicKey: record.key };
      if (known) {
        if (!known.topics.some((item) => item._topicId === record._id)) known.topics.push(entry);
        known.subscriptions.push(subscription.identifier);
      } else {
        byId.set(subscriberId, {
          subscriber,
          to: { subscriberId },
          topics: [entry],
          subscriptions: [subscription.identifier],
        });
      }
    }
  }
  return [...byId.values()];
}

/**
 * The most entries `to` may list in one trigger: the service's documented maximum of recipients
 * (each topic counts as one; its subscribers are not counted).
 */
export const MAX_RECIPIENTS = 100;

/**
 * Handles a trigger: answers the status of docs/behaviour/events.md#trigger, and for
 * `processed` creates and runs one notification per recipient (the recipients past the
 * operation's time slice in later chunks: run/fan-out.ts). `broadcast` is set by the broadcast,
 * whose `to` (every subscriber) is not the request's and has no cap.
 *
 * @throws ServiceError 422 `workflow_not_found`, 422 body validation, 400 payload validation.
 */
export function triggerEvent(
  scope: EngineScope,
  body: unknown,
  options: { broadcast?: boolean } = {},
): TriggerResultDto {
  // A broadcast's `to` is the engine's list of its subscribers, not the request's: it is neither
  // checked nor capped (checking thousands of entries would hold the server for nothing).
  const checked = options.broadcast ? { ...(body as object), to: [] } : body;
  // The context's texts are worked out only when the body fails (its check reads the whole data).
  const input = validateBody(TriggerBody, checked, () => contextMessages(body));
  const { to } = body as { to: unknown };
  if (!options.broadcast && Array.isArray(to) && to.length > MAX_RECIPIENTS) {
    throw ServiceError.dtoValidation([`to must contain no more than ${MAX_RECIPIENTS} elements`]);
  }
  const { name } = input;
  const workflow = workflowByWorkflowId(scope.data, name);
  if (!workflow) throw ServiceError.http(422, 'workflow_not_found', { workflowId: name });
  const transactionId = input.transactionId ?? scope.ids.uuid();
  const answer = (status: TriggerStatus): TriggerResultDto => ({
    acknowledged: true,
    status,
    transactionId,
  });
  let payload: JsonObject = input.payload ?? {};
  // The schema's defaults fill the payload whether or not validation is on
  // (docs/behaviour/events.md#payload); only validation answers errors.
  if (workflow.validatePayload && workflow.payloadSchema) {
    payload = validatePayload(scope.data, workflow.payloadSchema, payload);
  } else if (workflow.payloadSchema) {
    payload = applyPayloadDefaults(scope.data, workflow.payloadSchema, payload);
  } else if (Object.keys(payload).length > 0) {
    payload = structuredClone(payload);
  }
  // The schema types `to`, `actor` and `tenant` as documented but checks only what the service's
  // validation checks: their parts are read defensively below.
  const { tenant } = input;
  let tenantId: string | undefined;
  if (tenant !== undefined) {
    tenantId =
      typeof tenant === 'string'
        ? tenant
        : ((tenant as Record<string, unknown>)['identifier'] as string | undefined);
    const record = tenantId === undefined ? undefined : tables.tenants.get(scope.data, tenantId);
    if (!record) return answer('no_tenant_found');
  }
  if (!workflow.active) return answer('trigger_not_active');
  payload = storeAttachments(payload, {
    organizationId: scope.environment._organizationId,
    environmentId: scope.environment._id,
    folder: () => scope.ids.uuid().replaceAll('-', ''),
  });
  if (workflow.steps.length === 0) return answer('no_workflow_steps_defined');
  if (!workflow.steps.some((step) => step.active))
    return answer('no_workflow_active_steps_defined');
  if (tables.transactionIds.has(scope.data, transactionId)) {
    return { ...answer('error'), error: [DUPLICATE_TRANSACTION] };
  }
  // Checked before the actor is upserted: a trigger that answers invalid_recipients runs nothing.
  // Each entry is read as sent (as the service's worker gets it), not as the schema strips it.
  const sent = body as { to: unknown; actor?: unknown };
  const read = readRecipients(sent.to);
  if (read.subscribers.length === 0 && read.topics.length === 0) {
    return answer('invalid_recipients');
  }
  const { actor } = sent;
  let actorId: string | undefined;
  // The service processes the actor before any recipient: when its channels are refused the
  // worker's run fails there, and no recipient is reached (the answer is already `processed`).
  let actorRefused = false;
  if (typeof actor === 'string') actorId = actor;
  else if (isObject(actor)) {
    const definition = readDefinition(actor);
    if (definition) {
      actorId = definition.subscriberId;
      actorRefused = upsertSubscriber(scope, definition) === undefined;
    }
  }
  const recipients = actorRefused
    ? []
    : resolveRecipients(scope, read, actorId, { workflow, payload });
  const at = scope.iso();
  if (tenantId !== undefined && isObject(tenant)) {
    const record = tables.tenants.get(scope.data, tenantId);
    if (record) {
      tables.tenants.edit(scope.data, record);
      if (typeof tenant['name'] === 'string') record.name = tenant['name'];
      if (isObject(tenant['data'])) record.data = structuredClone(tenant['data']);
      record.updatedAt = at;
    }
  }
  tables.transactionIds.add(scope.data, transactionId);
  if (workflow.lastTriggeredAt !== at) {
    tables.workflows.assign(scope.data, workflow, 'lastTriggeredAt', at);
  }
  const overrides = input.overrides === undefined ? EMPTY_OBJECT : structuredClone(input.overrides);
  fanOut(scope, workflow, recipients, {
    transactionId,
    payload,
    overrides,
    actorId,
    tenantId,
    contextKeys: contextKeysOf(input.context),
  });
  return {
    ...answer('processed'),
    activityFeedLink: `https://dashboard.svc.co/env/${scope.environment._id}/activity/requests?selectedLogId=${transactionId}`,
  };
}
